// What an expression can see: variables and functions, in nested scopes.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <string>

#include "eval/function.hpp"
#include "types/value.hpp"

namespace hclspec::eval {

using Variables = std::map<std::string, types::Value, std::less<>>;
using Functions = std::map<std::string, Function, std::less<>>;

// How many more iterations the evaluations sharing it may make (of `for` expressions and
// template `for` directives, and the blocks `dynamic` blocks generate). Loops nested in a few
// bytes of text multiply: three over 300 elements are 27 million values from 3 KB, so an
// untrusted file could otherwise take minutes and gigabytes.
// A decode split across two threads shares one.
struct IterationBudget {
  static constexpr uint64_t kDefault = 1'000'000;
  std::atomic<uint64_t> remaining{kDefault};

  // The detail of the error where `doing` (e.g. "Iterating over these 5 elements") would go
  // past the budget.
  static std::string exceeded(const std::string& doing) {
    return doing + " would take this file past " + std::to_string(kDefault) +
           " iterations of 'for' expressions and directives and dynamic blocks, which is as far "
           "as they are followed.";
  }

  // Takes `count` iterations; false, taking none, when fewer remain.
  bool take(uint64_t count) {
    uint64_t left = remaining.load(std::memory_order_relaxed);
    do {
      if (count > left) return false;
    } while (!remaining.compare_exchange_weak(left, left - count, std::memory_order_relaxed));
    return true;
  }
};

// HCL's EvalContext: each level may offer variables and functions (nullptr: none at this
// level); lookups walk to the parent. An expression evaluated with no context at all, or with
// no level offering variables, gets "Variables not allowed" (likewise for functions).
struct Scope {
  const Variables* variables = nullptr;
  const Functions* functions = nullptr;
  const Scope* parent = nullptr;
  // The budget of the evaluations below this level, when it sets one (the nearest counts).
  IterationBudget* budget = nullptr;
};

// `scope`'s innermost level (or an empty one) with `budget` set: the same names at the same
// levels, so that nothing but the budget differs.
inline Scope with_budget(const Scope* scope, IterationBudget* budget) {
  return scope ? Scope{scope->variables, scope->functions, scope->parent, budget}
               : Scope{nullptr, nullptr, nullptr, budget};
}

// The budget of the nearest level setting one, or null.
inline IterationBudget* iteration_budget(const Scope* scope) {
  for (; scope != nullptr; scope = scope->parent)
    if (scope->budget != nullptr) return scope->budget;
  return nullptr;
}

}  // namespace hclspec::eval
