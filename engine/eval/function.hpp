// Functions as cty defines them: typed parameters, a return type rule, an implementation.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "types/type.hpp"
#include "types/value.hpp"

namespace hclspec::eval {

struct Parameter {
  std::string name;
  types::Type type;            // the constraint arguments are converted to
  bool allow_null = false;     // otherwise a null argument is an error
  bool allow_unknown = false;  // otherwise an unknown argument makes the result unknown
  bool allow_dynamic = false;  // otherwise a dynamic-typed argument makes the result dynamic
};

// Why a call failed; `argument` is the index of the argument at fault, if one is (cty's
// ArgError, which HCL reports as "Invalid function argument").
struct CallError {
  std::string message;
  std::optional<size_t> argument;
};

// The outcome of a call: a value, or an error.
struct CallResult {
  types::Value value;
  std::optional<CallError> error;
  bool ok() const { return !error; }

  static CallResult success(types::Value v) { return {std::move(v), std::nullopt}; }
  static CallResult failure(std::string message, std::optional<size_t> argument = std::nullopt) {
    return {types::Value(), CallError{std::move(message), argument}};
  }
};

// A function (cty's function.Spec): the evaluator converts arguments to the parameter types
// before calling.
struct Function {
  std::vector<Parameter> params;
  std::optional<Parameter> variadic;
  // The result type for these arguments, or an error; arguments may be unknown.
  std::function<CallResult(const std::vector<types::Value>&)> return_type;  // value = null of it
  // The result for these arguments, all known where their parameter does not allow unknowns.
  std::function<CallResult(const std::vector<types::Value>&, const types::Type& result)> impl;
  std::string description;  // for hover and completion
};

// cty's Function.Call: checks argument count, nulls, dynamic and unknown arguments, computes
// the return type, then runs the implementation. Errors name cty's messages ("argument must
// not be null", "wrong number of arguments (2 required; 3 given)").
CallResult call_function(const Function& f, const std::vector<types::Value>& args);

// cty's Function.ReturnTypeForValues: the checks of call_function and the return type rule,
// without running the implementation. The value is a null of the result type.
CallResult return_type_for_values(const Function& f, const std::vector<types::Value>& args);

// cty's Type.TestConformance: why `given` does not conform to `want` (the first problem found,
// as cty words it: "string required, but received number"), or nothing if it does.
std::optional<std::string> conformance_error(const types::Type& given, const types::Type& want);

// A result type rule that always gives `type`.
std::function<CallResult(const std::vector<types::Value>&)> static_return_type(types::Type type);

}  // namespace hclspec::eval
