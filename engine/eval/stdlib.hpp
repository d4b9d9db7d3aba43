// The functions spec files may call (hcldec's spec definition functions) and the operators.
#pragma once

#include <map>
#include <string>

#include "eval/function.hpp"
#include "eval/scope.hpp"
#include "syntax/tree.hpp"

namespace hclspec::eval {

// abs, coalesce, concat, hasindex, int, jsondecode, jsonencode, length, lower, max, min,
// reverse, strlen, substr, upper: cty's stdlib functions of those names.
const Functions& spec_definition_functions();

// The function behind an operator (cty's stdlib Add, Equal, And, Not, ...).
const Function& operator_function(syntax::Operator op);

}  // namespace hclspec::eval
