// Loading spec files: the syntax tree of a .hcldec file to the spec model.
#pragma once

#include "base/diagnostic.hpp"
#include "spec/spec.hpp"
#include "syntax/tree.hpp"

namespace hclspec::spec {

// Reads the spec file's root spec block (and its `variables` and `function` blocks). Problems
// are appended to `diags`, with ranges in the spec file; the result is then partial.
SpecFile load_spec(const syntax::SyntaxTree& tree, base::Diagnostics& diags);

}  // namespace hclspec::spec
