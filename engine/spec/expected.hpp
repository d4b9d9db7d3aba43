// The model's one query: which attributes and blocks a body is expected to hold.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "spec/spec.hpp"
#include "types/type.hpp"

namespace hclspec::spec {

struct ExpectedBody;

struct ExpectedAttribute {
  std::string name;
  types::Type type;  // dynamic for "any" (in the meta-spec: an expression or a type expression)
  bool required = false;
  std::string description;
  const Spec* spec = nullptr;  // the `attr` spec reading it; null in the meta-spec
};

struct ExpectedBlock {
  enum class Kind { Block, BlockList, BlockSet, BlockMap, BlockAttrs };
  std::string type_name;
  Kind kind = Kind::Block;
  std::vector<std::string> label_names;
  int64_t min_items = 0;
  int64_t max_items = 0;  // 0: no limit
  bool required = false;  // min_items > 0
  // One of the body's alternatives: together, the blocks marked so number between the body's
  // `alternatives_min` and `alternatives_max` (the meta-spec's "exactly one nested spec").
  bool alternative = false;
  std::string description;
  // The body inside a block of this type: decoded by `nested` (user specs), described by
  // `nested_body` (the meta-spec), or, for block_attrs, any attributes of `element_type`.
  const Spec* nested = nullptr;
  const ExpectedBody* nested_body = nullptr;
  types::Type element_type;
  const Spec* spec = nullptr;  // the block spec reading it; null in the meta-spec
};

// Any attribute name is expected, with values of one type (a block_attrs body, `variables`).
struct AnyAttribute {
  types::Type type;
  std::string description;
};

struct ExpectedBody {
  std::vector<ExpectedAttribute> attributes;  // in spec order, each name once
  std::vector<ExpectedBlock> blocks;          // in spec order, each type name once
  // Whether a block type has more than one reader (only the first is in `blocks`): then the
  // same blocks are decoded more than once.
  bool block_type_read_twice = false;
  std::optional<AnyAttribute> any_attribute;
  int64_t alternatives_min = 0;
  int64_t alternatives_max = 0;  // 0: no limit
};

// What `body_spec` reads from the one body it decodes, walking the specs that read the same body
// as hcldec's ImpliedSchema does (object properties, tuple elements, both sides of a `default`,
// a transform's nested spec). An attribute read twice appears once, at its first place, required
// if any reader requires it; a block type read twice keeps its first reader. An item without a
// description of its own takes that of the nearest `default` or `transform` wrapping it.
// Effective counts: `block` 0..1 (1..1 when required), block_list/block_set their min/max,
// block_map 0..no limit, block_attrs as `block`.
ExpectedBody expected_body(const Spec& body_spec);

// The body inside a block of `block`'s type.
ExpectedBody expected_body(const ExpectedBlock& block);

const ExpectedAttribute* find_attribute(const ExpectedBody& body, std::string_view name);
const ExpectedBlock* find_block(const ExpectedBody& body, std::string_view type_name);

// The body reached from `root` through nested blocks of each type in turn, or nothing when the
// chain leaves the model (a type the body does not expect). Works alike for a user spec's
// `expected_body(*file.root)` and for `meta_spec_body()`.
std::optional<ExpectedBody> expected_body_for_chain(const ExpectedBody& root,
                                                    std::span<const std::string> block_types);

// The spec decoding the body reached from `root`'s body through nested blocks of each type in
// turn; null when the chain leaves the spec, including through a block_attrs block (whose body
// no spec decodes; `expected_body_for_chain` describes it).
const Spec* body_spec_for_chain(const Spec& root, std::span<const std::string> block_types);

}  // namespace hclspec::spec
