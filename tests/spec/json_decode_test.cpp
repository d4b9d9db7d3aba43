// Decoding JSON-syntax inputs: objects as blocks by the spec, templates in strings, hcl's errors.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "decode_support.hpp"
#include "spec/decode.hpp"
#include "spec/load.hpp"
#include "syntax/json.hpp"
#include "syntax/parser.hpp"
#include "types/json.hpp"

using namespace hclspec;
using testing::decode;
using Errors = std::vector<std::string>;

namespace {

const char* const kJobSpec = R"(object {
  attr "name" {
    type     = string
    required = true
  }
  attr "count" {
    type = number
  }
  block_map "group" {
    labels = ["name"]
    object {
      attr "size" {
        type = number
      }
      block_list "task" {
        object {
          attr "driver" {
            type = string
          }
        }
      }
    }
  }
  block "meta" {
    object {
      attr "owner" {
        type = string
      }
    }
  }
  block_attrs "env" {
    element_type = string
  }
}
)";

testing::Decoded decode_json(const std::string& spec, const std::string& input,
                             const eval::Variables* variables = nullptr) {
  return decode(spec, input, variables, "input.json");
}

}  // namespace

TEST_CASE("JSON objects and arrays are blocks where the spec expects blocks") {
  const auto decoded = decode_json(kJobSpec, R"({
  "name": "web",
  "count": "3",
  "group": {
    "a": {"size": 2, "task": [{"driver": "docker"}, {"driver": "exec"}]},
    "b": [{"size": 1}]
  },
  "meta": null,
  "env": {"X": "1", "//": "a comment", "Y": 2}
})");
  CHECK(decoded.errors.empty());
  CHECK(decoded.json.starts_with(
      R"({"count":3,"env":{"X":"1","Y":"2"},"group":{"a":{"size":2,"task":[{"driver":"docker"},)"
      R"({"driver":"exec"}]},"b":{"size":1,"task":[]}},"meta":null,"name":"web"})"));
  // Labels may also come from an array of objects, one property each.
  CHECK(decode_json(kJobSpec, R"({"name": "x", "group": [{"a": {}}, {"b": {"size": 3}}]})")
            .json.starts_with(R"({"count":null,"env":null,"group":{"a":{"size":null,"task":[]},)"
                              R"("b":{"size":3,"task":[]}})"));
  // The root may be an array of objects too.
  CHECK(decode_json(kJobSpec, R"([{"name": "x"}, {"count": 1}])")
            .json.starts_with(R"({"count":1,"env":null,"group":{},"meta":null,"name":"x"})"));
}

TEST_CASE("JSON strings are templates when the spec offers variables or functions") {
  const std::string spec = "variables {\n  env = \"prod\"\n}\n" + std::string(kJobSpec);
  CHECK(decode_json(spec, R"({"name": "app-${env}", "count": "${1 + 1}"})")
            .json.starts_with(R"({"count":2,)"));
  CHECK(decode_json(spec, R"({"name": "%{ if env == \"prod\" }p%{ else }d%{ endif }"})")
            .json.find(R"("name":"p")") != std::string::npos);
  CHECK(decode_json(spec, R"({"name": "$${env}"})").json.find(R"("name":"${env}")") !=
        std::string::npos);
  // Without variables or functions, as hcldec, strings are taken literally.
  CHECK(decode_json(kJobSpec, R"({"name": "app-${env}"})").json.find(R"("name":"app-${env}")") !=
        std::string::npos);
  // Problems inside a template are placed in the JSON file, past the opening quote.
  const auto unknown = decode_json(spec, R"({"name": "a-${nope}"})");
  CHECK(unknown.errors == Errors{"input: Unknown variable @14..18"});
  const auto broken = decode_json(spec, R"({"name": "a-${"})");
  CHECK(broken.errors == Errors{"input: Missing expression @14..14"});
}

TEST_CASE("JSON bodies report hcl json's errors") {
  CHECK(decode_json(kJobSpec, R"({"name": "x", "cont": 1})").errors ==
        Errors{"input: Extraneous JSON object property @14..20"});
  CHECK(decode_json(kJobSpec, R"({"name": "x", "cont": 1})").details ==
        Errors{R"(No argument or block type is named "cont". Did you mean "count"?)"});
  CHECK(decode_json(kJobSpec, R"({"count": 1})").errors ==
        Errors{"input: Missing required argument @11..12"});  // at the closing brace
  CHECK(decode_json(kJobSpec, R"({"name": "x", "name": "y"})").errors ==
        Errors{"input: Duplicate argument @14..20"});
  CHECK(decode_json(kJobSpec, R"({"name": "x", "meta": 5})").details ==
        Errors{R"(Either a JSON object or a JSON array is required, representing the contents of )"
               R"(one or more "meta" blocks.)"});
  CHECK(decode_json(kJobSpec, R"({"name": "x", "group": "g"})").errors ==
        Errors{"input: Incorrect JSON value type @23..26", "input: Missing block label @23..26"});
  CHECK(decode_json(kJobSpec, R"({"name": "x", "group": {}})").details ==
        Errors{"At least one object property is required, whose name represents the group "
               "block's name."});
  CHECK(decode_json(kJobSpec, R"({"name": "x", "env": [1]})").details ==
        Errors{"A JSON object is required here, setting the arguments for this block."});
  CHECK(
      decode_json(kJobSpec, R"({"name": "x", "meta": [{"owner": "a"}, {"owner": "b"}]})").errors ==
      Errors{"input: Duplicate meta block @22..23"});
  CHECK(decode_json(kJobSpec, R"({"name": 1, "count": "many"})").errors ==
        Errors{"input: Incorrect attribute value type @21..27"});
  // A body that is no object: every element of a root array must be one, checked twice as
  // hcl does (once for the content, once for leftovers).
  CHECK(decode_json(kJobSpec, R"([{"name": "x"}, 3])").errors ==
        Errors{"input: Incorrect JSON value type @16..17",
               "input: Incorrect JSON value type @16..17"});
}

TEST_CASE("JSON and native inputs merge into one body") {
  base::Diagnostics spec_diags, diags;
  const spec::SpecFile file =
      spec::load_spec(syntax::parse_config(kJobSpec, "spec.hcldec"), spec_diags);
  REQUIRE(file.root);
  const auto native = syntax::parse_config("name = \"web\"\ngroup \"a\" {\n}\n", "main.hcl");
  const auto json =
      syntax::parse_json(R"({"count": 2, "group": {"b": {}}, "name": "again"})", "extra.json");
  const types::Value value = spec::decode({native.get(), json.get()}, *file.root, nullptr, diags);
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].summary == "Duplicate argument");
  CHECK(diags[0].detail == "Argument \"name\" was already set at main.hcl:1,1-5");
  CHECK(diags[0].file == "extra.json");
  CHECK(diags[0].subject == base::ByteRange{33, 39});
  CHECK(types::value_to_json(*value.get("group")).json ==
        R"({"a":{"size":null,"task":[]},"b":{"size":null,"task":[]}})");
}

TEST_CASE("variables referenced from JSON templates, in the JSON file") {
  base::Diagnostics diags;
  const spec::SpecFile file = spec::load_spec(syntax::parse_config(kJobSpec, "spec.hcldec"), diags);
  REQUIRE(file.root);
  const auto json = syntax::parse_json(
      R"({"name": "${a.b}", "group": {"g": {"task": [{"driver": "${c[0]}"}]}}})", "in.json");
  const std::vector<eval::Traversal> refs = spec::referenced_variables(json.get(), *file.root);
  REQUIRE(refs.size() == 2);
  CHECK(refs[0][0].name == "a");
  CHECK(refs[0][0].range == base::ByteRange{12, 13});
  CHECK(refs[1][0].name == "c");
}

TEST_CASE("--vars files: attributes of either syntax, evaluated without variables") {
  base::Diagnostics diags;
  const auto json = syntax::parse_json(R"({"a": [1, "x"], "b": "${nope}", "a": 2})", "v.json");
  const eval::Variables values = spec::attribute_values(json.get(), nullptr, diags);
  CHECK(types::value_to_json(values.at("a")).json == R"([1,"x"])");
  CHECK(values.at("b").as_string() == "${nope}");
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].summary == "Duplicate attribute definition");
  const auto native = syntax::parse_config("a = 1 + 1\nblock {}\n", "v.hcl");
  diags.clear();
  const eval::Variables native_values = spec::attribute_values(native.get(), nullptr, diags);
  CHECK(types::value_to_json(native_values.at("a")).json == "2");
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].summary == "Unexpected \"block\" block");
}
