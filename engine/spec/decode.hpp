// Decoding a body by a spec (hcldec.Decode): the value and every problem found.
#pragma once

#include <vector>

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

// Several inputs decoded as one body (hcl's MergeFiles): arguments may be set in any one of
// them ("Duplicate argument" otherwise), blocks are taken from all in order. Diagnostics about
// an input other than the first carry its file name in `Diagnostic::file`. `inputs` is not empty.
types::Value decode(const std::vector<const syntax::SyntaxTree*>& inputs, const Spec& spec,
                    const eval::Scope* scope, base::Diagnostics& diags);

}  // namespace hclspec::spec
