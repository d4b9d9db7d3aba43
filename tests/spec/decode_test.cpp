// Loading specs and decoding inputs: values as hcldec prints them, errors with their ranges.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "decode_support.hpp"
#include "spec/decode.hpp"
#include "spec/expected.hpp"
#include "spec/load.hpp"
#include "syntax/parser.hpp"
#include "types/json.hpp"

using namespace hclspec;
using testing::decode;
using testing::Decoded;

namespace {

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
  // An attr spec outside an object has no label to name it: `name` must.
  CHECK(decode("attr {\n  type = string\n}\n", "").errors ==
        std::vector<std::string>{"spec: Missing name in attribute spec @5..5"});
  CHECK(decode("attr {\n  name = \"x\"\n  type = string\n}\n", "x = \"y\"").json ==
        R"("y" "string")");
}

TEST_CASE("referenced variables") {
  auto spec_tree = syntax::parse_config(kSpec, "spec.hcldec");
  auto input =
      syntax::parse_config("name = \"${a.b[0]}\"\ncount = [for x in y : x + z][0]\n", "input.hcl");
  base::Diagnostics diags;
  const spec::SpecFile file = spec::load_spec(std::move(spec_tree), diags);
  REQUIRE(file.root);
  std::vector<std::string> names;
  for (const eval::Traversal& t : spec::referenced_variables(input.get(), *file.root)) {
    std::string name = t[0].name;
    for (size_t i = 1; i < t.size(); ++i)
      name += t[i].kind == eval::TraversalStep::Kind::Attribute ? "." + t[i].name : "[]";
    names.push_back(name);
  }
  CHECK(names == std::vector<std::string>{"a.b[]", "y", "z"});
}

namespace {

const char* const kBlockSpec = R"(object {
  block "logging" {
    object {
      attr "level" { type = string }
    }
  }
  block_list "listener" {
    max_items = 2
    object {
      attr "port" {
        type     = number
        required = true
      }
    }
  }
  block_set "tag" {
    attr {
      name = "v"
      type = string
    }
  }
  block_map "service" {
    labels = ["kind", "name"]
    attr {
      name = "port"
      type = number
    }
  }
  attr "level" { type = string }
}
)";

}  // namespace

TEST_CASE("block specs decode nested bodies") {
  const Decoded d = decode(kBlockSpec, R"(logging {
  level = "info"
}
listener {
  port = 80
}
listener { port = 443 }
tag { v = "b" }
tag { v = "a" }
tag { v = "a" }
service "http" "web" { port = 1 }
service "http" "api" { port = 2 }
service "tcp" "db" { port = 3 }
)");
  CHECK(d.errors == std::vector<std::string>{});
  CHECK(d.json ==
        R"({"level":null,"listener":[{"port":80},{"port":443}],"logging":{"level":"info"},)"
        R"("service":{"http":{"api":2,"web":1},"tcp":{"db":3}},"tag":["a","b"]} )"
        R"(["object",{"level":"string","listener":["list",["object",{"port":"number"}]],)"
        R"("logging":["object",{"level":"string"}],"service":["map",["map","number"]],)"
        R"("tag":["set","string"]}])");
  CHECK(decode(kBlockSpec, "").json ==
        R"({"level":null,"listener":[],"logging":null,"service":{},"tag":[]} )"
        R"(["object",{"level":"string","listener":["list",["object",{"port":"number"}]],)"
        R"("logging":["object",{"level":"string"}],"service":["map",["map","number"]],)"
        R"("tag":["set","string"]}])");
}

TEST_CASE("block count, label and duplicate problems") {
  // An empty first block body is node 0 of the tree: it must still be decoded. "Too many" points
  // at the first extra block's body, where hcldec's sourceRange finds the nested object.
  CHECK(decode(kBlockSpec, "listener {\n}\n").errors ==
        std::vector<std::string>{"input: Missing required argument @9..9"});
  const Decoded too_many =
      decode(kBlockSpec, "listener { port = 1 }\nlistener { port = 2 }\nlistener { port = 3 }\n");
  CHECK(too_many.errors == std::vector<std::string>{"input: Too many listener blocks @53..53"});
  CHECK(too_many.details ==
        std::vector<std::string>{"No more than 2 \"listener\" blocks are allowed"});
  const Decoded duplicate = decode(kBlockSpec, "logging {}\nlogging {}\n");
  CHECK(duplicate.errors == std::vector<std::string>{"input: Duplicate logging block @11..18"});
  CHECK(duplicate.details ==
        std::vector<std::string>{"Only one block of type \"logging\" is allowed. Previous "
                                 "definition was at input.hcl:1,1-8."});
  const Decoded same_key = decode(kBlockSpec, "service \"a\" \"b\" {}\nservice \"a\" \"b\" {}\n");
  CHECK(same_key.errors == std::vector<std::string>{"input: Duplicate service block @19..34"});
  CHECK(same_key.details ==
        std::vector<std::string>{"A block for service \"a\" \"b\" was already "
                                 "defined. The service labels must be unique."});
  CHECK(decode(kBlockSpec, "service \"a\" {}\n").errors ==
        std::vector<std::string>{"input: Missing name for service @12..13"});
  CHECK(decode(kBlockSpec, "service a b c {}\n").errors ==
        std::vector<std::string>{"input: Extraneous label for service @12..13"});
  CHECK(decode(kBlockSpec, "logging x {}\n").errors ==
        std::vector<std::string>{"input: Extraneous label for logging @8..9"});
}

TEST_CASE("unexpected items suggest what was meant") {
  CHECK(decode(kBlockSpec, "logging = 1\n").details ==
        std::vector<std::string>{"An argument named \"logging\" is not expected here. Did you "
                                 "mean to define a block of type \"logging\"?"});
  CHECK(decode(kBlockSpec, "level {}\n").details ==
        std::vector<std::string>{"Blocks of type \"level\" are not expected here. Did you mean "
                                 "to define argument \"level\"? If so, use the equals sign to "
                                 "assign it a value."});
  CHECK(decode(kBlockSpec, "listner {}\n").details ==
        std::vector<std::string>{"Blocks of type \"listner\" are not expected here. Did you "
                                 "mean \"listener\"?"});
}

TEST_CASE("block spec files are checked") {
  CHECK(decode("block {\n  block_type = \"b\"\n}\n", "").errors ==
        std::vector<std::string>{"spec: Missing spec block @6..6"});
  CHECK(decode("block \"b\" {\n  literal { value = 1 }\n}\n", "").errors ==
        std::vector<std::string>{"spec: Extraneous label for block @6..9"});
  CHECK(decode("block_list {\n  literal { value = 1 }\n}\n", "").errors ==
        std::vector<std::string>{"spec: Missing block_type in block_list spec @11..11"});
  CHECK(decode("block_map {\n  block_type = \"m\"\n  literal { value = 1 }\n}\n", "").errors ==
        std::vector<std::string>{"spec: Invalid block label name list @10..10"});
  CHECK(
      decode("block_map {\n  block_type = \"m\"\n  labels = [\"k\"]\n  attr { name = \"a\" }\n}\n",
             "")
          .errors == std::vector<std::string>{"spec: Invalid block_map spec @10..10"});
  CHECK(decode("object {\n  attr { type = string }\n}\n", "").errors ==
        std::vector<std::string>{"spec: Missing key for attr @16..17"});
  CHECK(decode("block {\n  object {}\n  object {}\n}\n", "").errors ==
        std::vector<std::string>{"spec: Extraneous spec block @22..28"});
}

TEST_CASE("referenced variables inside blocks") {
  auto spec_tree = syntax::parse_config(kBlockSpec, "spec.hcldec");
  auto input = syntax::parse_config(
      "logging { level = a }\nlistener { port = b }\nlistener { port = c }\n", "input.hcl");
  base::Diagnostics diags;
  const spec::SpecFile file = spec::load_spec(std::move(spec_tree), diags);
  REQUIRE(file.root);
  std::vector<std::string> names;
  for (const eval::Traversal& t : spec::referenced_variables(input.get(), *file.root))
    names.push_back(t[0].name);
  CHECK(names == std::vector<std::string>{"a", "b", "c"});
}

TEST_CASE("spec files declare variables and functions for the input") {
  const char* const spec = R"(variables {
  region = upper("eu")
}
function "twice" {
  params = [x]
  result = x * 2
}
function "total" {
  params         = []
  variadic_param = xs
  result         = length(xs)
}
object {
  attr "where" { type = string }
  attr "n" { type = number }
}
)";
  eval::Variables cli;
  cli["region"] = types::Value::string("us");
  CHECK(decode(spec, "where = region\nn = twice(4) + total(1, 2, 3)\n").json ==
        R"({"n":11,"where":"EU"} ["object",{"n":"number","where":"string"}])");
  CHECK(decode(spec, "where = region\n", &cli).json ==
        R"({"n":null,"where":"us"} ["object",{"n":"number","where":"string"}])");
  CHECK(decode(spec, "n = twice(\"a\")\n").errors ==
        std::vector<std::string>{"input: Error in function call @4..10"});
  CHECK(decode(spec, "n = twice(1, 2)\n").errors ==
        std::vector<std::string>{"input: Too many function arguments @13..14"});
}

TEST_CASE("spec declarations are checked") {
  CHECK(decode("function \"f\" {\n  params = [\"x\"]\n  result = 1\n}\nliteral { value = 1 }\n", "")
            .errors == std::vector<std::string>{"spec: Invalid param element @27..30"});
  CHECK(decode("function \"f\" {\n  params = []\n}\nliteral { value = 1 }\n", "").errors ==
        std::vector<std::string>{"spec: Missing required argument @13..13"});
  CHECK(decode("function {\n  params = []\n  result = 1\n}\nliteral { value = 1 }\n", "").errors ==
        std::vector<std::string>{"spec: Missing name for function @9..10"});
  CHECK(decode("variables \"v\" {}\nliteral { value = 1 }\n", "").errors ==
        std::vector<std::string>{"spec: Extraneous label for variables @10..13"});
  CHECK(decode("variables {\n  a = 1\n  b {}\n}\nliteral { value = 1 }\n", "").errors ==
        std::vector<std::string>{"spec: Unexpected \"b\" block @22..23"});
}

TEST_CASE("default, array and block_attrs specs") {
  const char* const spec = R"(object {
  default "port" {
    attr { name = "port" }
    attr { name = "listen_port" }
    literal { value = 8080 }
  }
  array "pair" {
    attr { name = "a" }
    literal { value = "b" }
  }
  block_attrs "env" {
    element_type = string
    required     = true
  }
}
)";
  CHECK(decode(spec, "env {\n  HOME = \"/root\"\n  N = 1\n}\nlisten_port = 9\n").json ==
        R"({"env":{"HOME":"/root","N":"1"},"pair":[null,"b"],"port":9} )"
        R"(["object",{"env":["map","string"],"pair":["tuple",["dynamic","string"]],)"
        R"("port":"number"}])");
  CHECK(decode(spec, "env {}\nport = 1\nlisten_port = 2\n").json ==
        R"({"env":{},"pair":[null,"b"],"port":1} )"
        R"(["object",{"env":["map","string"],"pair":["tuple",["dynamic","string"]],)"
        R"("port":"number"}])");
  CHECK(decode(spec, "env {}\n").json.starts_with(R"({"env":{},"pair":[null,"b"],"port":8080})"));
  CHECK(decode(spec, "").errors == std::vector<std::string>{"input: Missing env block @0..0"});
  // JustAttributes reports the first block only (as hclsyntax), before values are converted.
  const Decoded bad = decode(spec, "env {\n  x = [1]\n  inner {}\n  more {}\n}\nenv {}\n");
  CHECK(bad.errors == std::vector<std::string>{"input: Duplicate env block @39..42",
                                               "input: Unexpected \"inner\" block @18..23",
                                               "input: Invalid attribute value @12..15"});
  CHECK(decode("default {\n  literal { value = 1 }\n}\n", "").errors ==
        std::vector<std::string>{"spec: Useless default block @12..19"});
  CHECK(decode("default {}\n", "").errors ==
        std::vector<std::string>{"spec: Missing spec block @8..8"});
  // A required attribute both sides of a default read is reported once (hcldec: twice).
  CHECK(decode("default {\n  attr {\n    name = \"x\"\n    type = string\n    required = true\n  "
               "}\n  literal { value = \"d\" }\n}\n",
               "")
            .errors == std::vector<std::string>{"input: Missing required argument @0..0"});
  CHECK(decode("block_attrs {\n  block_type = \"e\"\n}\n", "").errors ==
        std::vector<std::string>{"spec: Missing required argument @12..12"});
}

TEST_CASE("transform specs evaluate their result with the nested value") {
  const char* const spec = R"(transform {
  attr {
    name = "names"
    type = list(string)
  }
  result = upper(nested[0])
}
)";
  CHECK(decode(spec, "names = [\"a\", \"b\"]\n").json == R"("A" "string")");
  // An error in the result expression is placed in the spec file.
  auto spec_tree = syntax::parse_config(spec, "spec.hcldec");
  auto input = syntax::parse_config("names = []\n", "input.hcl");
  base::Diagnostics diags;
  const spec::SpecFile file = spec::load_spec(std::move(spec_tree), diags);
  REQUIRE(file.root);
  REQUIRE(diags.empty());
  spec::decode(input.get(), *file.root, nullptr, diags);
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].summary == "Invalid index");
  CHECK(diags[0].file == "spec.hcldec");
  CHECK(diags[0].subject.start == 91);  // the "[0]" of the result
  // A wrapped spec's error stops the transform: its value is unknown.
  CHECK(decode(spec, "names = 1\n").errors ==
        std::vector<std::string>{"input: Incorrect attribute value type @8..9"});
  CHECK(decode("transform {\n  literal { value = 1 }\n}\n", "").errors ==
        std::vector<std::string>{"spec: Missing required argument @10..10"});
  CHECK(decode("transform {\n  result = nested\n}\n", "").errors ==
        std::vector<std::string>{"spec: Invalid transform spec @10..10"});
  CHECK(decode("objet {}\n", "").errors ==
        std::vector<std::string>{"spec: Unsupported block type @0..5"});
}

TEST_CASE("several inputs decode as one body") {
  auto spec_tree = syntax::parse_config(kBlockSpec, "spec.hcldec");
  base::Diagnostics diags;
  const spec::SpecFile file = spec::load_spec(std::move(spec_tree), diags);
  REQUIRE(file.root);
  auto one = syntax::parse_config("level = \"a\"\nlistener { port = 1 }\n", "one.hcl");
  auto two = syntax::parse_config("listener { port = 2 }\nlogging {}\n", "two.hcl");
  const types::Value value = spec::decode({one.get(), two.get()}, *file.root, nullptr, diags);
  CHECK(diags.empty());
  CHECK(types::value_to_json(value).json ==
        R"({"level":"a","listener":[{"port":1},{"port":2}],"logging":{"level":null},)"
        R"("service":{},"tag":[]})");

  // Problems in the second file name it; the first file's are unnamed.
  auto three = syntax::parse_config("level = \"b\"\nlistener {}\nlistener {}\n", "three.hcl");
  spec::decode({one.get(), three.get()}, *file.root, nullptr, diags);
  std::vector<std::string> found;
  for (const base::Diagnostic& d : diags)
    found.push_back(d.file + ": " + d.summary + " @" + std::to_string(d.subject.start));
  CHECK(found == std::vector<std::string>{"three.hcl: Duplicate argument @0",
                                          "three.hcl: Missing required argument @21",
                                          "three.hcl: Missing required argument @33",
                                          "three.hcl: Too many listener blocks @33"});
  CHECK(diags[0].detail == "Argument \"level\" was already set at one.hcl:1,1-6");
}

namespace {

// Where two long lists of lines first differ, or "" when they are equal (a whole list would
// flood the report).
std::string first_difference(const std::vector<std::string>& got,
                             const std::vector<std::string>& expected) {
  for (size_t i = 0; i < std::max(got.size(), expected.size()); ++i) {
    const std::string a = i < got.size() ? got[i] : "(none)";
    const std::string b = i < expected.size() ? expected[i] : "(none)";
    if (a == b) continue;
    size_t at = 0;
    while (at < a.size() && at < b.size() && a[at] == b[at]) ++at;
    const size_t from = at > 40 ? at - 40 : 0;
    return "line " + std::to_string(i) + " at " + std::to_string(at) + ": got \"" +
           a.substr(from, 120) + "\", expected \"" + b.substr(from, 120) + "\"";
  }
  return "";
}

}  // namespace

TEST_CASE("a large input decodes on two threads as it would on one") {
  // Enough blocks of each type that both runs are over the size shared with a second thread.
  // Every block has an error of its own, and some repeat a label, so the order of diagnostics
  // (each block's own, then its duplicate error) shows whether the parts were put back in order.
  const char* const spec = R"(object {
  block_map "item" {
    labels = ["key"]
    object {
      attr "v" { type = number }
      attr "note" { type = string }
    }
  }
  block_list "entry" {
    attr {
      name = "n"
      type = number
    }
  }
}
)";
  const std::string note(120, 'x');
  const int blocks = 3000;
  std::string input;
  std::vector<std::string> item_errors, entry_errors;
  std::string items_json;
  const auto at = [](size_t start, size_t end) {
    return " @" + std::to_string(start) + ".." + std::to_string(end);
  };
  for (int i = 0; i < blocks; ++i) {
    char key[16];
    std::snprintf(key, sizeof key, "k%05d", i % 7 == 6 ? i - 1 : i);  // every 7th repeats a key
    const size_t start = input.size();
    input += "item \"" + std::string(key) + "\" {\n  v = " + std::to_string(i) + "\n  note = \"" +
             note + "\"\n  bad = 1\n}\n";
    const size_t bad = input.find("bad", start);
    item_errors.push_back("input: Unsupported argument" + at(bad, bad + 3));
    if (i % 7 == 6)
      item_errors.push_back("input: Duplicate item block" + at(start, start + 13));
    else
      items_json += std::string(items_json.empty() ? "" : ",") + "\"" + key + "\":{\"note\":\"" +
                    note + "\",\"v\":" + std::to_string(i) + "}";
    const size_t entry = input.size();
    input += "entry {\n  n = \"not a number " + note + "\"\n}\n";
    const size_t value = input.find('"', entry);
    entry_errors.push_back("input: Incorrect attribute value type" +
                           at(value, input.find('\n', value)));
  }
  REQUIRE(input.size() / 2 > spec::kParallelDecodeBytes);

  const Decoded d = decode(spec, input);
  std::vector<std::string> expected = item_errors;
  expected.insert(expected.end(), entry_errors.begin(), entry_errors.end());
  CHECK(d.errors.size() == expected.size());
  CHECK(first_difference(d.errors, expected) == "");

  // Without the errors, the value holds every block in its place.
  std::string valid;
  for (int i = 0; i < blocks; ++i)
    valid += "item \"k" + std::to_string(100000 + i) + "\" {\n  v = " + std::to_string(i) +
             "\n  note = \"" + note + "\"\n}\nentry { n = " + std::to_string(i) + " }\n";
  REQUIRE(valid.size() / 2 > spec::kParallelDecodeBytes);
  const Decoded ok = decode(spec, valid);
  CHECK(ok.errors.empty());
  std::string entries_json, valid_items_json;
  for (int i = 0; i < blocks; ++i) {
    entries_json += std::string(i ? "," : "") + std::to_string(i);
    valid_items_json += std::string(i ? "," : "") + "\"k" + std::to_string(100000 + i) +
                        "\":{\"note\":\"" + note + "\",\"v\":" + std::to_string(i) + "}";
  }
  CHECK(first_difference(
            {ok.json.substr(0, ok.json.find(' '))},
            {"{\"entry\":[" + entries_json + "],\"item\":{" + valid_items_json + "}}"}) == "");
}

TEST_CASE("a spec reads each root block once unless two of its block specs name one type") {
  const auto once = [](const std::string& text) {
    return !spec::expected_body(*testing::load_clean_spec(text)->root).block_type_read_twice;
  };
  // A nested spec: an attribute's value.
  const std::string n = "\n    attr {\n      name = \"n\"\n      type = number\n    }\n  ";
  CHECK(once(R"(object {
  block_map "job" {
    labels = ["name"]
    object {
      block_list "task" { )" +
             n + R"( }
    }
  }
  block_list "task" { )" +
             n + R"( }
  attr "n" { type = number }
})"));
  CHECK(once(R"(block_list {
  block_type = "job")" +
             n + "}"));
  CHECK_FALSE(once(R"(object {
  block_list "job" { )" +
                   n + R"( }
  block_attrs "job" { element_type = string }
})"));
  // Object, array, default and transform specs read the same body as the spec holding them.
  CHECK_FALSE(once(R"(object {
  block "job" { )" +
                   n + R"( }
  object "nested" {
    block_list "job" { )" +
                   n + R"( }
  }
})"));
  CHECK_FALSE(once(R"(array {
  block {
    block_type = "job")" +
                   n + R"(}
  block_set {
    block_type = "job")" +
                   n + R"(}
})"));
  CHECK_FALSE(once(R"(default {
  block {
    block_type = "job")" +
                   n + R"(}
  block_map {
    block_type = "job"
    labels = ["name"])" +
                   n + R"(}
})"));
  CHECK_FALSE(once(R"(transform {
  object {
    block_list "job" { )" +
                   n + R"( }
    block "job" { )" +
                   n + R"( }
  }
  result = nested
})"));
}

TEST_CASE("root block bodies given back once decoded give the value a decode keeping them does") {
  // Bodies of several pages of tokens, with attributes and other blocks between some of them:
  // the attributes are read after the blocks (they follow them in the spec), from between
  // bodies whose pages were given back.
  const std::string spec_text = R"(object {
  block_map "job" {
    labels = ["name"]
    object {
      block_list "task" {
        object {
          attr "driver" { type = string }
          attr "env" { type = map(string) }
        }
      }
      attr "count" { type = number }
    }
  }
  block_set "group" {
    attr {
      name = "n"
      type = number
    }
  }
  attr "region" { type = string }
  attr "weights" { type = list(number) }
})";
  std::string input, body;
  for (int t = 0; t < 60; ++t)
    body += "  task {\n    driver = \"docker-" + std::to_string(t) +
            "\"\n    env = { A = \"1\", B = \"two\" }\n  }\n";
  // Pages are given back in whole huge pages: the jobs after the weights hold several.
  const int jobs = 1000;
  for (int j = 0; j < jobs; ++j) {
    input += "job \"j" + std::to_string(j) + "\" {\n  count = " + std::to_string(j) + "\n" + body +
             "}\n";
    if (j == 7) input += "region = \"eu-west-1\"\n";
    if (j == 120) input += "# the groups\ngroup { n = 1 }\ngroup { n = 2 }\n";
    if (j == 150) input += "weights = [1, 2, 3]\n";
  }
  REQUIRE(input.size() / 2 > spec::kParallelDecodeBytes);  // both threads give back
  const auto file = testing::load_clean_spec(spec_text);
  const auto decoded = [&](spec::BodyReleases* releases, const syntax::SyntaxTree& tree) {
    base::Diagnostics diags;
    const types::Value value = spec::decode(&tree, *file->root, nullptr, diags, nullptr,
                                            {.release_root_block_bodies = releases});
    CHECK(diags.empty());
    return types::value_to_json(value).json;
  };
  const auto kept = syntax::parse_config(input, "input.hcl");
  const auto released = syntax::parse_config(input, "input.hcl");
  REQUIRE(released->chunks().empty());
  const std::string expected = decoded(nullptr, *kept);
  CHECK(expected.find("\"region\":\"eu-west-1\"") != std::string::npos);
  CHECK(expected.find("\"weights\":[1,2,3]") != std::string::npos);
  CHECK(expected.find("\"group\":[1,2]") != std::string::npos);
  spec::BodyReleases releases;
  CHECK(decoded(&releases, *released) == expected);
  CHECK(releases.any);

  // The pages were given back: many tokens read as zeros there (only the first starts at 0 in
  // the tree decoded without it). The edges of each run, in huge pages also holding what is
  // read later, are kept.
  const auto zero_starts = [](const syntax::SyntaxTree& tree) {
    uint32_t count = 0;
    for (uint32_t t = 0; t < tree.token_count(); ++t) count += tree.token(t).start() == 0 ? 1 : 0;
    return count;
  };
  CHECK(zero_starts(*kept) == 1);
  CHECK(zero_starts(*released) > released->token_count() / 3);

  // A spec reading the jobs twice gives nothing back.
  const std::string tasks = R"(
    block_list {
      block_type = "task"
      attr {
        name = "n"
        type = number
      }
    })";
  const auto twice = testing::load_clean_spec(R"(array {
  block_list {
    block_type = "job")" + tasks + R"(
  }
  block_set {
    block_type = "job")" + tasks + R"(
  }
})");
  REQUIRE(spec::expected_body(*twice->root).block_type_read_twice);
  std::string job = "job {\n";
  // Large enough that its tokens hold whole huge pages, which a spec reading the jobs once
  // gives back.
  for (int i = 0; i < 80000; ++i) job += "  task { n = " + std::to_string(i) + " }\n";
  job += "}\n";
  const auto again = syntax::parse_config(job + job, "input.hcl");
  const auto fresh = syntax::parse_config(job + job, "input.hcl");
  base::Diagnostics diags;
  spec::BodyReleases none;
  const types::Value both = spec::decode(again.get(), *twice->root, nullptr, diags, nullptr,
                                         {.release_root_block_bodies = &none});
  CHECK_FALSE(none.any);
  const types::Value expected_both = spec::decode(fresh.get(), *twice->root, nullptr, diags);
  CHECK(diags.empty());
  CHECK(again->token(again->token_count() / 2).start() > 0);
  CHECK(types::value_to_json(both).json == types::value_to_json(expected_both).json);
  CHECK(types::value_to_json(both).json.find("[0,1,2,") != std::string::npos);
}
