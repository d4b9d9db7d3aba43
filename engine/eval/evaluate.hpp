// Evaluating expressions of a syntax tree to values, with HCL's diagnostics.
#pragma once

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

}  // namespace hclspec::eval
