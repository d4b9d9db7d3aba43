// Values of the JSON syntax's expressions (hcl's json expression): strings hold templates.
#pragma once

#include <vector>

#include "base/diagnostic.hpp"
#include "eval/scope.hpp"
#include "eval/traversal.hpp"
#include "syntax/json.hpp"
#include "types/value.hpp"

namespace hclspec::eval {

// The value of JSON value `value` of `tree`. With a scope, strings (and object property names)
// are templates evaluated in it; without one (nullptr), they are taken literally, as hcl does
// when it has no evaluation context. Arrays are tuples, objects are objects, null is a null of
// the dynamic type.
types::Value evaluate_json(const syntax::JsonTree& tree, syntax::JsonId value, const Scope* scope,
                           base::Diagnostics& diags);

// The variables the templates in the strings of `value` refer to (hcl's Variables()).
std::vector<Traversal> json_referenced_variables(const syntax::JsonTree& tree,
                                                 syntax::JsonId value);

}  // namespace hclspec::eval
