// Type expressions (string, list(number), object({a = bool}), any) read from the syntax tree.
#pragma once

#include "base/diagnostic.hpp"
#include "syntax/tree.hpp"
#include "types/type.hpp"

namespace hclspec::spec {

// The type an expression node writes, as hcl's typeexpr.TypeConstraint reads it (`any` allowed).
// Problems are appended to `diags` ("Invalid type specification") and give the dynamic type.
types::Type type_from_expression(const syntax::SyntaxTree& tree, syntax::NodeId expression,
                                 base::Diagnostics& diags);

}  // namespace hclspec::spec
