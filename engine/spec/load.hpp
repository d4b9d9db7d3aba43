// Loading spec files: the syntax tree of a .hcldec file to the spec model.
#pragma once

#include <memory>

#include "base/diagnostic.hpp"
#include "spec/spec.hpp"
#include "syntax/tree.hpp"

namespace hclspec::spec {

// Reads the spec file's root spec block (and its `variables` and `function` blocks). Problems
// are appended to `diags`, with ranges in the spec file; the result is then partial.
// The spec file's functions keep `tree` alive.
SpecFile load_spec(std::shared_ptr<const syntax::SyntaxTree> tree, base::Diagnostics& diags);

}  // namespace hclspec::spec
