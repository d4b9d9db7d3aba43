// Shorthands for building values and checking call results in the eval tests.
#pragma once

#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

#include "eval/function.hpp"
#include "eval/stdlib.hpp"
#include "types/json.hpp"
#include "types/number.hpp"
#include "types/type.hpp"
#include "types/value.hpp"

namespace hclspec::eval::testing {

using types::Number;
using types::Type;
using types::Value;

inline Value num(int64_t v) {
  return Value::number(v);
}
// A number as an HCL literal gives it (512-bit precision).
inline Value num(std::string_view text) {
  std::optional<Number> n = Number::parse(text);
  REQUIRE(n.has_value());
  return Value::number(*n);
}
inline Value str(std::string_view s) {
  return Value::string(s);
}
inline Value boolean(bool b) {
  return Value::boolean(b);
}
inline Value unknown(Type t) {
  return Value::unknown(std::move(t));
}
inline Value null(Type t) {
  return Value::null(std::move(t));
}
inline Value dyn() {
  return Value::unknown(Type::dynamic());
}  // cty.DynamicVal
inline Value list(Type element, std::vector<Value> elements) {
  return Value::list(std::move(element), std::move(elements));
}
inline Value tuple(std::vector<Value> elements) {
  return Value::tuple(std::move(elements));
}
inline Value object(types::Entries attributes) {
  return Value::object(std::move(attributes));
}
inline Value map(Type element, types::Entries entries) {
  return Value::map(std::move(element), std::move(entries));
}
inline Value set(Type element, std::vector<Value> elements) {
  return Value::set(std::move(element), std::move(elements));
}

// A readable rendering of a value with its type, for failure messages.
inline std::string describe(const Value& v) {
  const std::string type = types::type_to_json(v.type());
  if (!v.is_known()) return "unknown(" + type + ")";
  if (v.is_null()) return "null(" + type + ")";
  std::string out;
  switch (v.type().kind()) {
    case types::TypeKind::Bool:
      return v.as_bool() ? "true" : "false";
    case types::TypeKind::Number:
      return v.as_number().to_string() + "@" + std::to_string(v.as_number().precision());
    case types::TypeKind::String:
      return types::json_quote(v.as_string());
    case types::TypeKind::List:
    case types::TypeKind::Set:
    case types::TypeKind::Tuple:
      out = type + "[";
      for (const Value& e : v.elements()) out += describe(e) + ",";
      return out + "]";
    default:
      out = type + "{";
      for (const auto& [k, e] : v.entries()) out += std::string(k) + "=" + describe(e) + ",";
      return out + "}";
  }
}

inline std::string describe(const CallResult& r) {
  if (!r.ok()) {
    std::string s = "error: " + r.error->message;
    if (r.error->argument) s += " (argument " + std::to_string(*r.error->argument) + ")";
    return s;
  }
  return describe(r.value);
}

inline const Function& spec_function(std::string_view name);

inline CallResult call(std::string_view name, const std::vector<Value>& args) {
  return call_function(spec_function(name), args);
}

inline CallResult call(syntax::Operator op, const std::vector<Value>& args) {
  return call_function(operator_function(op), args);
}

// Checks that a call gave exactly `want` (type, state and content).
inline void check_value(const CallResult& got, const Value& want) {
  INFO("got:  ", describe(got));
  INFO("want: ", describe(want));
  REQUIRE(got.ok());
  CHECK(types::raw_equals(got.value, want));
}

// Checks that a call failed with exactly this message (and argument index, if given).
inline void check_error(const CallResult& got, std::string_view message,
                        std::optional<size_t> argument = std::nullopt) {
  INFO("got: ", describe(got));
  REQUIRE_FALSE(got.ok());
  CHECK(got.error->message == message);
  CHECK(got.error->argument == argument);
}

// A table row: arguments and the expected value or error.
struct Case {
  Case(std::vector<Value> a, Value w) : args(std::move(a)), want(std::move(w)) {}
  Case(std::vector<Value> a, Value w, std::string e, std::optional<size_t> at = std::nullopt)
      : args(std::move(a)), want(std::move(w)), error(std::move(e)), error_argument(at) {}

  std::vector<Value> args;
  Value want;
  std::string error;  // non-empty: the call must fail with this message
  std::optional<size_t> error_argument;
};

inline void run_cases(const Function& function, std::string_view label,
                      const std::vector<Case>& cases) {
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    std::string args;
    for (const Value& a : c.args) args += describe(a) + " ";
    INFO(label, " case ", i, ": ", args);
    const CallResult got = call_function(function, c.args);
    if (c.error.empty())
      check_value(got, c.want);
    else
      check_error(got, c.error, c.error_argument);
  }
}

inline const Function& spec_function(std::string_view name) {
  const auto& functions = spec_definition_functions();
  auto it = functions.find(std::string(name));
  REQUIRE(it != functions.end());
  return it->second;
}

inline void run_cases(std::string_view name, const std::vector<Case>& cases) {
  run_cases(spec_function(name), name, cases);
}

inline void run_cases(syntax::Operator op, const std::vector<Case>& cases) {
  run_cases(operator_function(op), syntax::operator_symbol(op), cases);
}

}  // namespace hclspec::eval::testing
