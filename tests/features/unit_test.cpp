// The small pieces the features share: diagnostic codes, types and kinds as a spec writes them.
#include <doctest/doctest.h>

#include "features/diagnostics.hpp"
#include "features/type_text.hpp"
#include "fixture_support.hpp"
#include "spec/meta_spec.hpp"

using namespace hclspec;
using types::Type;

TEST_CASE("diagnostic codes come from the registry, without the names a message quotes") {
  CHECK(features::diagnostic_code("Missing required argument") == "missing-required-argument");
  CHECK(features::diagnostic_code("Unsupported argument") == "unsupported-argument");
  CHECK(features::diagnostic_code("Missing task block") == "missing-block");
  CHECK(features::diagnostic_code("Missing name for task") == "missing-label");
  CHECK(features::diagnostic_code("Extraneous label for network") == "extraneous-label");
  CHECK(features::diagnostic_code("Insufficient region blocks") == "insufficient-blocks");
  CHECK(features::diagnostic_code("Too many region blocks") == "too-many-blocks");
  CHECK(features::diagnostic_code("Duplicate task block") == "duplicate-block");
  CHECK(features::diagnostic_code("Unexpected \"env\" block") == "unexpected-block");
  CHECK(features::diagnostic_code("Missing block_type in block_attrs spec") ==
        "missing-block-type");
  CHECK(features::diagnostic_code("Missing key/value separator") == "missing-key-value-separator");
  CHECK(features::diagnostic_code("Invalid expression") == "invalid-expression");
  // hcl's misspellings stay in its summaries, not in the codes.
  CHECK(features::diagnostic_code("Missing attribute seperator comma") ==
        "missing-attribute-separator-comma");
  CHECK(features::diagnostic_code("Unconsistent argument types in region blocks") ==
        "inconsistent-block-types");
  // A summary the registry lacks (a test fails on any the engine reports) gets its slug.
  CHECK(features::diagnostic_code("Some New problem!") == "some-new-problem");
}

TEST_CASE("types print as type expressions") {
  CHECK(features::type_text(Type::dynamic()) == "any");
  CHECK(features::type_text(Type::list(Type::string())) == "list(string)");
  CHECK(features::type_text(Type::set(Type::boolean())) == "set(bool)");
  CHECK(features::type_text(Type::tuple({Type::string(), Type::number()})) ==
        "tuple([string, number])");
  CHECK(features::type_text(Type::map(
            Type::object({{"owner", Type::string()}, {"team", Type::string()}}, {"team"}))) ==
        "map(object({owner = string, team = optional(string)}))");
}

TEST_CASE("values print as JSON, cut when long, and unknown ones say so") {
  CHECK(features::value_text(types::Value::string("a")) == "\"a\"");
  CHECK(features::value_text(types::Value::unknown(Type::string())) == "(not known yet)");
  const std::string long_text =
      features::value_text(types::Value::string(std::string(50, 'x')), 10);
  CHECK(long_text == "\"xxxxxxxxx…");
}

TEST_CASE("function signatures give parameter and result types") {
  const auto spec = testing::load_fixture_spec("job.hcldec");
  CHECK(features::function_signature("shout", spec->functions.at("shout")) ==
        "shout(text any) any");
}

TEST_CASE("block kinds say their limits and labels") {
  const spec::ExpectedBody& meta = spec::meta_spec_body();
  CHECK(features::block_kind_text(*spec::find_block(meta, "function")) ==
        "block_map (labels: name)");
  CHECK(features::block_kind_text(*spec::find_block(meta, "variables")) == "block_list");
  spec::ExpectedBlock list;
  list.kind = spec::ExpectedBlock::Kind::BlockList;
  list.min_items = 1;
  list.max_items = 3;
  CHECK(features::block_kind_text(list) == "block_list (min 1, max 3)");
  spec::ExpectedBlock single;
  single.required = true;
  CHECK(features::block_kind_text(single) == "block (required)");
}
