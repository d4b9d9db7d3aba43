// Evaluating expressions of a syntax tree to values, with HCL's diagnostics.
#pragma once

#include <utility>
#include <vector>

#include "base/diagnostic.hpp"
#include "eval/scope.hpp"
#include "syntax/tree.hpp"
#include "types/value.hpp"

namespace hclspec::eval {

// The value of expression node `expression` of `tree` in `scope` (nullptr: no variables and
// no functions). Problems are appended to `diags`; the value is then unknown where it could
// not be computed. Never throws for user errors; deep expressions are evaluated on a large
// stack, and nesting beyond the parser's limit cannot occur.
types::Value evaluate(const syntax::SyntaxTree& tree, syntax::NodeId expression, const Scope* scope,
                      base::Diagnostics& diags);

// The range HCL reports for an expression (its SrcRange) and its start (StartRange: a call's
// name and "(", an operator's symbol, a splat's marker...).
base::ByteRange expression_range(const syntax::SyntaxTree& tree, syntax::NodeId expression);
base::ByteRange expression_start_range(const syntax::SyntaxTree& tree, syntax::NodeId expression);

// Whether a value of type `t` can be iterated (cty's CanIterateElements): a collection, tuple or
// object.
bool can_iterate(const types::Type& t);

// The (key, value) pairs iterating a known, non-null `collection` gives (cty's ElementIterator,
// as for expressions, splats and dynamic blocks see it): index and element for sequences, key and
// element for maps and objects, the element twice for sets.
std::vector<std::pair<types::Value, types::Value>> iteration_pairs(const types::Value& collection);

}  // namespace hclspec::eval
