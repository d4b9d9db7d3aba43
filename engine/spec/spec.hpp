// The spec model: what a body is expected to hold, read from an hcldec spec file.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "base/diagnostic.hpp"
#include "eval/scope.hpp"
#include "syntax/tree.hpp"
#include "types/type.hpp"
#include "types/value.hpp"

namespace hclspec::spec {

struct Spec;
using SpecPtr = std::shared_ptr<const Spec>;

// The type of the value a spec gives (hcldec's ImpliedType).
types::Type implied_type(const Spec& spec);

// The scope a spec file's own expressions see: the spec definition functions (hcldec's specCtx).
const eval::Scope& spec_definition_scope();

// `object`: a JSON object whose properties come from nested specs.
struct ObjectSpec {
  std::vector<std::pair<std::string, SpecPtr>> properties;  // in spec-file order
};

// `attr`: the value of one attribute of the body, converted to `type`.
struct AttrSpec {
  std::string name;
  types::Type type;
  bool required = false;
};

// `literal`: a fixed value, written in the spec file.
struct LiteralSpec {
  types::Value value;
};

// `block`: the body of the one nested block of a type, decoded by `nested`; null when absent.
struct BlockSpec {
  std::string type_name;
  bool required = false;
  SpecPtr nested;
};

// `block_list` and `block_set`: every nested block of a type, each decoded by `nested`.
struct BlockListSpec {
  std::string type_name;
  SpecPtr nested;
  int64_t min_items = 0;
  int64_t max_items = 0;  // 0: no limit
  bool is_set = false;
};

// `block_map`: nested blocks of a type, keyed by their labels (one map level per label).
struct BlockMapSpec {
  std::string type_name;
  std::vector<std::string> label_names;
  SpecPtr nested;
};

// `block_attrs`: the attributes of the one nested block of a type, as a map of `element_type`.
struct BlockAttrsSpec {
  std::string type_name;
  types::Type element_type;
  bool required = false;
};

// `array` (also spelled `tuple`): a tuple of the nested specs' values.
struct TupleSpec {
  std::vector<SpecPtr> elements;
};

// `default`: `primary`'s value, or `fallback`'s when that is null. A chain of three or more
// nested specs nests: the primary of the last link is the chain before it.
struct DefaultSpec {
  SpecPtr primary;
  SpecPtr fallback;
};

// `transform`: the `result` expression of the spec file evaluated with `nested` bound to the
// wrapped spec's value (and the spec definition functions).
struct TransformSpec {
  SpecPtr wrapped;
  std::shared_ptr<const syntax::SyntaxTree> tree;  // the spec file, which holds `result`
  syntax::NodeId result = syntax::kNoNode;
};

types::Type implied_type(const TransformSpec& transform);

struct Spec {
  std::variant<ObjectSpec, AttrSpec, LiteralSpec, BlockSpec, BlockListSpec, BlockMapSpec,
               BlockAttrsSpec, TupleSpec, DefaultSpec, TransformSpec>
      kind;
  base::ByteRange range;    // the spec block's type and labels, in the spec file
  std::string description;  // the comment block above the spec block (description.hpp)
};

// A loaded spec file: the root spec, and the variables and functions its expressions offer.
struct SpecFile {
  SpecPtr root;
  eval::Variables variables;
  eval::Functions functions;
  // Where each is defined in the spec file: a variable's name, a `function` block's type and
  // label (for go to definition).
  std::map<std::string, base::ByteRange, std::less<>> variable_ranges;
  std::map<std::string, base::ByteRange, std::less<>> function_ranges;
};

}  // namespace hclspec::spec
