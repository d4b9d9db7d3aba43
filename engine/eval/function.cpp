// cty's function machinery (function.go, type_conform.go) for the types of engine/types.
#include "eval/function.hpp"

namespace hclspec::eval {

using types::Type;
using types::Value;

namespace {

// cty's testConformance, stopping at the first problem. cty walks object attributes in Go
// map order, which is random; sorted order makes the choice among several problems stable.
std::optional<std::string> first_nonconformance(const Type& given, const Type& want) {
  if (want.is_dynamic() || given == want) return std::nullopt;
  if (given.is_object() && want.is_object()) {
    for (const types::Attribute& a : given.attributes())
      if (want.attribute(a.name) == nullptr) return "unsupported attribute \"" + a.name + "\"";
    for (const types::Attribute& a : want.attributes())
      if (given.attribute(a.name) == nullptr)
        return "missing required attribute \"" + a.name + "\"";
    for (const types::Attribute& a : want.attributes())
      if (auto e = first_nonconformance(*given.attribute(a.name), a.type)) return e;
    return std::nullopt;
  }
  if (given.is_tuple() && want.is_tuple()) {
    const auto& g = given.tuple_elements();
    const auto& w = want.tuple_elements();
    if (g.size() != w.size())
      return std::to_string(w.size()) + " elements are required, but got " +
             std::to_string(g.size());
    for (size_t i = 0; i < w.size(); ++i)
      if (auto e = first_nonconformance(g[i], w[i])) return e;
    return std::nullopt;
  }
  if ((given.is_list() && want.is_list()) || (given.is_map() && want.is_map()) ||
      (given.is_set() && want.is_set()))
    return first_nonconformance(given.element(), want.element());
  return want.friendly_name() + " required, but received " + given.friendly_name();
}

// The checks ReturnTypeForValues makes of one argument: an error, a dynamic result (set
// `dynamic`), or nothing. `conformance_index` is the index cty reports a type mismatch at:
// for variadic arguments cty passes the index within the variadic ones, not the real one.
std::optional<CallError> check_argument(const Parameter& p, const Value& v, size_t index,
                                        size_t conformance_index, bool& dynamic) {
  if (v.is_null() && !p.allow_null) return CallError{"argument must not be null", index};
  if (v.type().is_dynamic()) {
    if (!p.allow_dynamic) dynamic = true;
  } else if (auto e = first_nonconformance(v.type(), p.type)) {
    return CallError{*e, conformance_index};
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> conformance_error(const Type& given, const Type& want) {
  return first_nonconformance(given, want);
}

CallResult return_type_for_values(const Function& f, const std::vector<Value>& args) {
  const size_t fixed = f.params.size();
  if (!f.variadic && args.size() != fixed)
    return CallResult::failure("wrong number of arguments (" + std::to_string(fixed) +
                               " required; " + std::to_string(args.size()) + " given)");
  if (f.variadic && args.size() < fixed)
    return CallResult::failure("wrong number of arguments (at least " + std::to_string(fixed) +
                               " required; " + std::to_string(args.size()) + " given)");
  // A dynamic argument to a parameter that does not allow one ends the checks at once with a
  // dynamic result: later arguments are not looked at, as in cty.
  bool dynamic = false;
  for (size_t i = 0; i < fixed; ++i) {
    if (auto e = check_argument(f.params[i], args[i], i, i, dynamic))
      return CallResult{Value(), std::move(e)};
    if (dynamic) return CallResult::success(Value::null(Type::dynamic()));
  }
  for (size_t i = fixed; i < args.size(); ++i) {
    if (auto e = check_argument(*f.variadic, args[i], i, i - fixed, dynamic))
      return CallResult{Value(), std::move(e)};
    if (dynamic) return CallResult::success(Value::null(Type::dynamic()));
  }
  if (!f.return_type) return CallResult::success(Value::null(Type::dynamic()));
  return f.return_type(args);
}

CallResult call_function(const Function& f, const std::vector<Value>& args) {
  CallResult type = return_type_for_values(f, args);
  if (!type.ok()) return type;
  const Type expected = type.value.type();

  // Unknown arguments where the parameter does not allow them skip the implementation.
  const size_t fixed = f.params.size();
  for (size_t i = 0; i < args.size(); ++i) {
    const Parameter& p = i < fixed ? f.params[i] : *f.variadic;
    if (!args[i].is_known() && !p.allow_unknown)
      return CallResult::success(Value::unknown(expected));
  }

  // cty up to v1.13.0 runs the implementation even when the result type is dynamic because a
  // null of dynamic type reached a parameter that allows nulls but not dynamic types.
  if (!f.impl) return CallResult::failure("function has no implementation");
  CallResult result = f.impl(args, expected);
  if (!result.ok()) return result;
  // cty panics here: a result of another type is a bug in the function, not the caller's fault.
  if (auto e = first_nonconformance(result.value.type(), expected))
    return CallResult::failure("returned value does not conform to expected return type: " + *e);
  return result;
}

std::function<CallResult(const std::vector<Value>&)> static_return_type(Type type) {
  return [type = std::move(type)](const std::vector<Value>&) {
    return CallResult::success(Value::null(type));
  };
}

}  // namespace hclspec::eval
