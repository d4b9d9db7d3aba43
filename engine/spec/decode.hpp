// Decoding a body by a spec (hcldec.Decode): the value and every problem found.
#pragma once

#include "base/diagnostic.hpp"
#include "eval/scope.hpp"
#include "eval/traversal.hpp"
#include "spec/spec.hpp"
#include "syntax/tree.hpp"
#include "types/value.hpp"

namespace hclspec::spec {

// The value `spec` gives for the root body of `input`, evaluating expressions in `scope`.
// Problems (unsupported or missing items, conversion errors...) are appended to `diags`.
// The variable references the expressions the spec reads make (hcldec.Variables).
std::vector<eval::Traversal> referenced_variables(const syntax::SyntaxTree& input,
                                                  const Spec& spec);

types::Value decode(const syntax::SyntaxTree& input, const Spec& spec, const eval::Scope* scope,
                    base::Diagnostics& diags);

}  // namespace hclspec::spec
