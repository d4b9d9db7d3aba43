// The meta-spec: what each body of a spec file may hold, through the same query as user specs.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "model_support.hpp"
#include "spec/meta_spec.hpp"

using namespace hclspec;
using Kind = spec::ExpectedBlock::Kind;
using Names = std::vector<std::string>;

namespace {

const Names kSpecKinds{"object",    "array",     "tuple",       "attr",    "block",   "block_list",
                       "block_set", "block_map", "block_attrs", "literal", "default", "transform"};

spec::ExpectedBody at(const Names& chain) {
  const std::optional<spec::ExpectedBody> body =
      spec::expected_body_for_chain(spec::meta_spec_body(), chain);
  REQUIRE(body);
  return *body;
}

// Every block and attribute of the body has a description, and none comes from a user spec.
void check_described(const spec::ExpectedBody& body) {
  for (const auto& a : body.attributes) {
    CAPTURE(a.name);
    CHECK(!a.description.empty());
    CHECK(a.spec == nullptr);
  }
  for (const auto& b : body.blocks) {
    CAPTURE(b.type_name);
    CHECK(!b.description.empty());
    CHECK(b.nested_body != nullptr);
    CHECK(b.spec == nullptr);
  }
}

}  // namespace

TEST_CASE("a spec file's root holds one root spec block, variables and functions") {
  const spec::ExpectedBody& root = spec::meta_spec_body();
  Names expected = kSpecKinds;
  expected.insert(expected.end(), {"variables", "function"});
  CHECK(block_types(root) == expected);
  CHECK(root.attributes.empty());
  CHECK((root.alternatives_min == 1 && root.alternatives_max == 1));
  for (const auto& block : root.blocks) {
    CAPTURE(block.type_name);
    const bool spec_kind = block.type_name != "variables" && block.type_name != "function";
    CHECK(block.alternative == spec_kind);
    if (spec_kind) CHECK((block.kind == Kind::Block && block.label_names.empty()));
  }
  CHECK(spec::find_block(root, "function")->label_names == Names{"name"});
  check_described(root);
  CHECK(&spec::meta_spec_body() == &root);  // built once
}

TEST_CASE("inside object: spec blocks labelled with the property name") {
  const spec::ExpectedBody object = at({"object"});
  CHECK(block_types(object) == kSpecKinds);
  CHECK(object.attributes.empty());
  CHECK((object.alternatives_min == 0 && object.alternatives_max == 0));
  for (const auto& block : object.blocks) {
    CAPTURE(block.type_name);
    CHECK(block.kind == Kind::BlockMap);
    CHECK(block.label_names == Names{"key"});
    CHECK(!block.alternative);
  }
  check_described(object);
  // The label names what the spec reads, so name and block_type become optional.
  CHECK(attribute_names(at({"object", "attr"})) == Names{"name", "type", "required"});
  CHECK(attribute_names(at({"object", "block_list"})) ==
        Names{"block_type", "min_items", "max_items"});
  CHECK(at({"object", "attr"}).attributes[0].description.find("label") != std::string::npos);
}

TEST_CASE("inside attr: name, a type expression and required") {
  const spec::ExpectedBody attr = at({"attr"});
  CHECK(attribute_names(attr) == Names{"name!", "type", "required"});
  CHECK(attr.blocks.empty());
  CHECK(attr.attributes[0].type == types::Type::string());
  CHECK(attr.attributes[1].type == types::Type::dynamic());
  CHECK(attr.attributes[1].description.find("type expression") != std::string::npos);
  CHECK(attr.attributes[2].type == types::Type::boolean());
  check_described(attr);
}

TEST_CASE("inside block kinds: their arguments and exactly one nested spec block") {
  const spec::ExpectedBody block = at({"block"});
  CHECK(attribute_names(block) == Names{"block_type", "required"});
  CHECK(block_types(block) == kSpecKinds);
  CHECK((block.alternatives_min == 1 && block.alternatives_max == 1));
  for (const auto& nested : block.blocks) {
    CAPTURE(nested.type_name);
    CHECK((nested.alternative && nested.kind == Kind::Block && nested.label_names.empty()));
  }
  check_described(block);

  CHECK(attribute_names(at({"block_list"})) == Names{"block_type!", "min_items", "max_items"});
  CHECK(attribute_names(at({"block_set"})) == Names{"block_type!", "min_items", "max_items"});
  CHECK(attribute_names(at({"block_map"})) == Names{"block_type!", "labels!"});
  CHECK(at({"block_map"}).attributes[1].type == types::Type::list(types::Type::string()));
  for (const char* kind : {"block_list", "block_set", "block_map", "transform"}) {
    CAPTURE(kind);
    CHECK(block_types(at({kind})) == kSpecKinds);
    CHECK(at({kind}).alternatives_max == 1);
  }
  const spec::ExpectedBody attrs = at({"block_attrs"});
  CHECK(attribute_names(attrs) == Names{"block_type!", "element_type!", "required"});
  CHECK(attrs.blocks.empty());
}

TEST_CASE("inside literal, default, transform, tuple and array") {
  CHECK(attribute_names(at({"literal"})) == Names{"value!"});
  CHECK(at({"literal"}).blocks.empty());
  CHECK(attribute_names(at({"transform"})) == Names{"result!"});

  const spec::ExpectedBody fallback = at({"default"});
  CHECK(block_types(fallback) == kSpecKinds);
  CHECK((fallback.alternatives_min == 1 && fallback.alternatives_max == 0));
  CHECK(fallback.blocks[0].kind == Kind::BlockList);
  for (const char* kind : {"tuple", "array"}) {
    const spec::ExpectedBody tuple = at({kind});
    CHECK(block_types(tuple) == kSpecKinds);
    CHECK((tuple.alternatives_min == 0 && tuple.alternatives_max == 0));
    CHECK(!tuple.blocks[0].alternative);
  }
}

TEST_CASE("inside function and variables") {
  const spec::ExpectedBody function = at({"function"});
  CHECK(attribute_names(function) == Names{"params!", "variadic_param", "result!"});
  CHECK(function.blocks.empty());
  check_described(function);

  const spec::ExpectedBody variables = at({"variables"});
  REQUIRE(variables.any_attribute);
  CHECK(variables.any_attribute->type == types::Type::dynamic());
  CHECK(!variables.any_attribute->description.empty());
  CHECK((variables.attributes.empty() && variables.blocks.empty()));
}

TEST_CASE("the meta-spec is recursive, and chains leave it at unknown types") {
  CHECK(attribute_names(at({"block", "block_list", "object", "block_map", "default", "attr"})) ==
        Names{"name!", "type", "required"});
  CHECK(attribute_names(at({"object", "object", "object", "attr"})) ==
        Names{"name", "type", "required"});
  for (const Names& leaving :
       {Names{"nope"}, Names{"attr", "object"}, Names{"literal", "attr"},
        Names{"variables", "object"}, Names{"object", "variables"}, Names{"function", "attr"}}) {
    CAPTURE(leaving.back());
    CHECK_FALSE(spec::expected_body_for_chain(spec::meta_spec_body(), leaving));
  }
}
