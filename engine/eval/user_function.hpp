// Functions written in HCL (hcldec's `function` blocks): named parameters, a result expression.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "eval/function.hpp"
#include "eval/scope.hpp"
#include "syntax/tree.hpp"

namespace hclspec::eval {

// A function whose result is `result` (an expression of `tree`) evaluated in `base` plus a
// scope binding each parameter name to its argument, and the variadic name, if any, to a
// tuple of the remaining arguments (hcl's ext/userfunc). Parameters accept any type. An error
// while evaluating the result fails the call with the diagnostics as hcl words them
// ("file:1,2-3: Summary; Detail"). `base` must outlive the function; the tree is shared.
Function make_user_function(std::shared_ptr<const syntax::SyntaxTree> tree,
                            std::vector<std::string> params, std::optional<std::string> variadic,
                            syntax::NodeId result, const Scope* base);

}  // namespace hclspec::eval
