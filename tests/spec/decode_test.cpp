// Loading specs and decoding inputs: values as hcldec prints them, errors with their ranges.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "spec/decode.hpp"
#include "spec/load.hpp"
#include "syntax/parser.hpp"
#include "types/json.hpp"

using namespace hclspec;

namespace doctest {
template <>
struct StringMaker<std::vector<std::string>> {
  static String convert(const std::vector<std::string>& v) {
    std::string out = "{";
    for (const std::string& s : v) out += "\"" + s + "\" ";
    return (out + "}").c_str();
  }
};
}  // namespace doctest

namespace {

struct Decoded {
  std::string json;                 // value JSON and type JSON, or empty after errors
  std::vector<std::string> errors;  // "file: Summary @start..end"
};

Decoded decode(const std::string& spec_text, const std::string& input_text,
               const eval::Variables* variables = nullptr) {
  auto spec_tree = syntax::parse_config(spec_text, "spec.hcldec");
  auto input = syntax::parse_config(input_text, "input.hcl");
  base::Diagnostics spec_diags, diags;
  const spec::SpecFile file = spec::load_spec(*spec_tree, spec_diags);
  Decoded out;
  for (const auto& d : spec_diags)
    out.errors.push_back("spec: " + d.summary + " @" + std::to_string(d.subject.start) + ".." +
                         std::to_string(d.subject.end));
  if (!file.root) return out;
  const eval::Scope scope{variables, nullptr, nullptr};
  const types::Value value =
      spec::decode(*input, *file.root, variables != nullptr ? &scope : nullptr, diags);
  for (const auto& d : diags)
    out.errors.push_back("input: " + d.summary + " @" + std::to_string(d.subject.start) + ".." +
                         std::to_string(d.subject.end));
  if (out.errors.empty())
    out.json = types::value_to_json(value).json + " " + types::type_to_json(value.type());
  return out;
}

const char* const kSpec = R"(object {
  attr "name" {
    type     = string
    required = true
  }
  attr "count" {
    type = number
  }
  attr "tags" {
    type = map(string)
  }
  attr "ports" {
    name = "port_list"
    type = list(number)
  }
}
)";

}  // namespace

TEST_CASE("attributes are converted to their spec types") {
  const Decoded d = decode(kSpec, "name = \"web\"\ncount = \"2\"\nport_list = [80, \"443\"]\n");
  CHECK(d.errors == std::vector<std::string>{});
  CHECK(
      d.json ==
      R"({"count":2,"name":"web","ports":[80,443],"tags":null} )"
      R"(["object",{"count":"number","name":"string","ports":["list","number"],"tags":["map","string"]}])");
}

TEST_CASE("problems in the input are reported at their places") {
  CHECK(decode(kSpec, "count = 1\n").errors ==
        std::vector<std::string>{"input: Missing required argument @0..0"});
  CHECK(decode(kSpec, "name = \"a\"\ncont = 1\n").errors ==
        std::vector<std::string>{"input: Unsupported argument @11..15"});
  CHECK(decode(kSpec, "name = \"a\"\ncount = \"many\"\n").errors ==
        std::vector<std::string>{"input: Incorrect attribute value type @19..25"});
  CHECK(decode(kSpec, "name = [1]\n").errors ==
        std::vector<std::string>{"input: Incorrect attribute value type @7..10"});
  CHECK(decode(kSpec, "name = \"a\"\nblock {}\n").errors ==
        std::vector<std::string>{"input: Unsupported block type @11..16"});
  CHECK(decode(kSpec, "name = x\n").errors ==
        std::vector<std::string>{"input: Variables not allowed @7..8"});
}

TEST_CASE("variables given to the decoder are visible to expressions") {
  eval::Variables vars;
  vars["who"] = types::Value::string("cli");
  const Decoded d =
      decode("object {\n  attr \"v\" {\n    type = string\n  }\n}\n", "v = \"hi ${who}\"\n", &vars);
  CHECK(d.errors == std::vector<std::string>{});
  CHECK(d.json == R"({"v":"hi cli"} ["object",{"v":"string"}])");
}

TEST_CASE("type expressions") {
  const auto type_of = [](const std::string& type) {
    return decode("attr {\n  name = \"v\"\n  type = " + type + "\n}\n", "").json;
  };
  CHECK(type_of("any") == R"(null "dynamic")");
  CHECK(type_of("set(bool)") == R"(null ["set","bool"])");
  CHECK(type_of("object({a = string, b = list(number)})") ==
        R"(null ["object",{"a":"string","b":["list","number"]}])");
  CHECK(type_of("tuple([string, number])") == R"(null ["tuple",["string","number"]])");
  CHECK(decode("attr {\n  name = \"v\"\n  type = lst(string)\n}\n", "").errors ==
        std::vector<std::string>{"spec: Invalid type specification @29..40"});
  CHECK(decode("attr {\n  name = \"v\"\n  type = list\n}\n", "").errors ==
        std::vector<std::string>{"spec: Invalid type specification @29..33"});
}

TEST_CASE("literal specs and spec file structure") {
  CHECK(decode("literal {\n  value = upper(\"x\")\n}\n", "").json == R"("X" "string")");
  CHECK(decode("", "").errors == std::vector<std::string>{"spec: Missing spec block @0..0"});
  CHECK(decode("object {}\nobject {}\n", "").errors ==
        std::vector<std::string>{"spec: Extraneous spec block @10..16"});
}

TEST_CASE("referenced variables") {
  auto spec_tree = syntax::parse_config(kSpec, "spec.hcldec");
  auto input =
      syntax::parse_config("name = \"${a.b[0]}\"\ncount = [for x in y : x + z][0]\n", "input.hcl");
  base::Diagnostics diags;
  const spec::SpecFile file = spec::load_spec(*spec_tree, diags);
  REQUIRE(file.root);
  std::vector<std::string> names;
  for (const eval::Traversal& t : spec::referenced_variables(*input, *file.root)) {
    std::string name = t[0].name;
    for (size_t i = 1; i < t.size(); ++i)
      name += t[i].kind == eval::TraversalStep::Kind::Attribute ? "." + t[i].name : "[]";
    names.push_back(name);
  }
  CHECK(names == std::vector<std::string>{"a.b[]", "y", "z"});
}
