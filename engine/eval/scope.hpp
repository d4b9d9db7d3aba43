// What an expression can see: variables and functions, in nested scopes.
#pragma once

#include <map>
#include <string>

#include "eval/function.hpp"
#include "types/value.hpp"

namespace hclspec::eval {

using Variables = std::map<std::string, types::Value, std::less<>>;
using Functions = std::map<std::string, Function, std::less<>>;

// HCL's EvalContext: each level may offer variables and functions (nullptr: none at this
// level); lookups walk to the parent. An expression evaluated with no context at all, or with
// no level offering variables, gets "Variables not allowed" (likewise for functions).
struct Scope {
  const Variables* variables = nullptr;
  const Functions* functions = nullptr;
  const Scope* parent = nullptr;
};

}  // namespace hclspec::eval
