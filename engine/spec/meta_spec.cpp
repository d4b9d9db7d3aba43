// The meta-spec's bodies, written out from hcldec's spec format (cmd/hcldec/spec.go).
#include "spec/meta_spec.hpp"

#include <array>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace hclspec::spec {

namespace {

using Kind = ExpectedBlock::Kind;

struct SpecKind {
  const char* name;
  const char* description;
};

// The spec block types in hcldec's order, with what each gives.
constexpr SpecKind kSpecKinds[] = {
    {"object",
     "A JSON object whose properties come from the nested spec blocks, each labelled "
     "with its property name."},
    {"array", "A JSON array whose elements come from the nested spec blocks, in order."},
    {"tuple",
     "A JSON array whose elements come from the nested spec blocks, in order (another "
     "name for `array`)."},
    {"attr", "The value of one attribute of the current body, converted to its `type`."},
    {"block",
     "The nested spec applied to the body of the one block of a type; null when there "
     "is none."},
    {"block_list", "A JSON array with one entry per block of a type, each from the nested spec."},
    {"block_set", "Like block_list, but in no specific order and with duplicate entries removed."},
    {"block_map",
     "A JSON object keyed by the labels of the blocks of a type, each entry from the "
     "nested spec."},
    {"block_attrs",
     "A JSON object of the attributes of the one block of a type, each of "
     "`element_type`."},
    {"literal", "A fixed value, written in the spec file."},
    {"default", "The result of the first nested spec whose result is not null."},
    {"transform", "The `result` expression evaluated on the nested spec's result."},
};
constexpr size_t kKindCount = std::size(kSpecKinds);

using SpecBodies = std::array<ExpectedBody, kKindCount>;

ExpectedAttribute attribute(const char* name, types::Type type, bool required,
                            std::string description) {
  return {name, std::move(type), required, std::move(description), nullptr};
}

ExpectedBlock block(const char* type_name, Kind kind, std::vector<std::string> label_names,
                    const char* description, const ExpectedBody& body) {
  ExpectedBlock block;
  block.type_name = type_name;
  block.kind = kind;
  block.label_names = std::move(label_names);
  block.max_items = kind == Kind::Block ? 1 : 0;
  block.description = description;
  block.nested_body = &body;
  return block;
}

// A block entry per spec kind, leading to `bodies`. `alternatives` counts the blocks a body
// takes in all (hcldec reads one root spec, one nested spec of a block spec); without it any
// number of each is allowed.
void add_spec_blocks(ExpectedBody& body, Kind kind, std::vector<std::string> label_names,
                     const SpecBodies& bodies,
                     std::optional<std::pair<int64_t, int64_t>> alternatives) {
  for (size_t i = 0; i < kKindCount; ++i) {
    body.blocks.push_back(
        block(kSpecKinds[i].name, kind, label_names, kSpecKinds[i].description, bodies[i]));
    body.blocks.back().alternative = alternatives.has_value();
  }
  if (alternatives) std::tie(body.alternatives_min, body.alternatives_max) = *alternatives;
}

// The one nested spec a block spec or transform must have.
void add_nested_spec(ExpectedBody& body, const SpecBodies& unlabelled) {
  add_spec_blocks(body, Kind::Block, {}, unlabelled, std::pair<int64_t, int64_t>{1, 1});
}

class MetaSpec {
 public:
  MetaSpec() {
    add_spec_blocks(root, Kind::Block, {}, unlabelled_, std::pair<int64_t, int64_t>{1, 1});
    root.blocks.push_back(block("variables", Kind::BlockList, {},
                                "Values for variables the input's expressions can use.",
                                variables_));
    root.blocks.push_back(block("function", Kind::BlockMap, {"name"},
                                "A function the input's expressions can call.", function_));
    for (size_t i = 0; i < kKindCount; ++i) {
      fill(labelled_[i], kSpecKinds[i].name, true);
      fill(unlabelled_[i], kSpecKinds[i].name, false);
    }
    variables_.any_attribute = AnyAttribute{
        types::Type::dynamic(),
        "A variable and its value, an expression that may call the spec definition functions. "
        "A value given to hcldec for the same name overrides it."};
    function_.attributes = {
        attribute("params", types::Type::dynamic(), true,
                  "The names of the parameters, a list of identifiers: `[a, b]`."),
        attribute("variadic_param", types::Type::dynamic(), false,
                  "The name of a parameter, an identifier, that takes any further arguments as "
                  "a list."),
        attribute("result", types::Type::dynamic(), true,
                  "The expression giving the function's result, from its parameters and the "
                  "spec definition functions."),
    };
  }
  MetaSpec(const MetaSpec&) = delete;
  MetaSpec& operator=(const MetaSpec&) = delete;

  ExpectedBody root;

 private:
  // The body of a spec block of type `kind`. `labelled`: inside an `object`, whose label names
  // the attribute or block type the spec reads unless it says otherwise.
  void fill(ExpectedBody& body, std::string_view kind, bool labelled) {
    const std::string defaults = labelled ? " Defaults to this spec's label." : "";
    const auto block_type = [&](bool required) {
      return attribute("block_type", types::Type::string(), required,
                       "The type name of the blocks to expect in the input." + defaults);
    };
    if (kind == "object") {
      add_spec_blocks(body, Kind::BlockMap, {"key"}, labelled_, std::nullopt);
    } else if (kind == "array" || kind == "tuple") {
      add_spec_blocks(body, Kind::BlockList, {}, unlabelled_, std::nullopt);
    } else if (kind == "attr") {
      body.attributes = {
          attribute("name", types::Type::string(), !labelled,
                    "The name of the attribute to expect in the input." + defaults),
          attribute("type", types::Type::dynamic(), false,
                    "A type expression the value is converted to (any, string, number, bool, "
                    "list(T), set(T), map(T), object({...}), tuple([...])); any by default."),
          attribute("required", types::Type::boolean(), false,
                    "If true, the input must set the attribute."),
      };
    } else if (kind == "block") {
      // hcldec does not check that a `block` spec has a block_type.
      body.attributes = {block_type(false),
                         attribute("required", types::Type::boolean(), false,
                                   "If true, the input must have a block of this type.")};
      add_nested_spec(body, unlabelled_);
    } else if (kind == "block_list" || kind == "block_set") {
      body.attributes = {
          block_type(!labelled),
          attribute("min_items", types::Type::number(), false,
                    "The least number of blocks of this type; 0 (the default) for no minimum."),
          attribute("max_items", types::Type::number(), false,
                    "The greatest number of blocks of this type; 0 (the default) for no limit."),
      };
      add_nested_spec(body, unlabelled_);
    } else if (kind == "block_map") {
      body.attributes = {
          block_type(!labelled),
          attribute("labels", types::Type::list(types::Type::string()), true,
                    "The names of the labels each block of this type has, at least one; each "
                    "adds a level of object to the result."),
      };
      add_nested_spec(body, unlabelled_);
    } else if (kind == "block_attrs") {
      body.attributes = {
          block_type(!labelled),
          attribute("element_type", types::Type::dynamic(), true,
                    "A type expression every attribute of the block is converted to."),
          attribute("required", types::Type::boolean(), false,
                    "If true, the input must have a block of this type; otherwise an absent "
                    "block gives null."),
      };
    } else if (kind == "literal") {
      body.attributes = {attribute("value", types::Type::dynamic(), true,
                                   "The value to give, an expression that may call the spec "
                                   "definition functions.")};
    } else if (kind == "default") {
      add_spec_blocks(body, Kind::BlockList, {}, unlabelled_, std::pair<int64_t, int64_t>{1, 0});
    } else {  // transform
      body.attributes = {attribute("result", types::Type::dynamic(), true,
                                   "The expression giving the result: `nested` is the nested "
                                   "spec's result; the spec definition functions are available.")};
      add_nested_spec(body, unlabelled_);
    }
  }

  SpecBodies labelled_;
  SpecBodies unlabelled_;
  ExpectedBody variables_;
  ExpectedBody function_;
};

}  // namespace

const ExpectedBody& meta_spec_body() {
  // The bodies point at each other, so they are built in place and never copied or moved.
  static const MetaSpec meta;
  return meta.root;
}

}  // namespace hclspec::spec
