// The functions behind HCL's operators (hclsyntax's operation table): cty's stdlib number,
// bool and equality functions (go-cty v1.12).
#include <optional>

#include "eval/stdlib.hpp"
#include "types/number.hpp"

namespace hclspec::eval {

using types::Number;
using types::Type;
using types::Value;

namespace {

using Args = std::vector<Value>;
using syntax::Operator;

Parameter operand(std::string name, Type type) {
  Parameter p;
  p.name = std::move(name);
  p.type = std::move(type);
  p.allow_dynamic = true;
  return p;
}

// A two-operand number function; `nan_message` is what cty says when Go's big.Float panics
// with ErrNaN (the operation returns nullopt then).
Function arithmetic(std::optional<Number> (*op)(const Number&, const Number&),
                    const char* nan_message) {
  Function f;
  f.params = {operand("a", Type::number()), operand("b", Type::number())};
  f.return_type = static_return_type(Type::number());
  f.impl = [op, nan_message](const Args& args, const Type&) {
    std::optional<Number> r = op(args[0].as_number(), args[1].as_number());
    if (!r) return CallResult::failure(nan_message);
    return CallResult::success(Value::number(std::move(*r)));
  };
  return f;
}

Function modulo_function() {
  Function f;
  f.params = {operand("a", Type::number()), operand("b", Type::number())};
  f.return_type = static_return_type(Type::number());
  f.impl = [](const Args& args, const Type&) {
    const Number& a = args[0].as_number();
    const Number& b = args[1].as_number();
    std::optional<Number> r = Number::modulo(a, b);
    if (r) return CallResult::success(Value::number(std::move(*r)));
    // With an infinite or zero divisor Go panics with ErrNaN, which ModuloFunc turns into its
    // message; otherwise (an infinite quotient) it dereferences a nil *big.Int, a panic that
    // ModuloFunc passes on and function.Call reports, without the stack trace Go appends.
    if (b.is_infinite() || b.is_zero())
      return CallResult::failure("can't use modulo with zero and infinity");
    return CallResult::failure(
        "panic in function implementation: runtime error: invalid memory address or nil "
        "pointer dereference");
  };
  return f;
}

// cty's LessThan and GreaterThan compare with big.Float.Cmp; the "or equal" forms are
// LessThan(...).Or(Equals(...)), so equality there is cty's number equality, not Cmp's.
Function comparison(bool greater, bool or_equal) {
  Function f;
  f.params = {operand("a", Type::number()), operand("b", Type::number())};
  f.return_type = static_return_type(Type::boolean());
  f.impl = [greater, or_equal](const Args& args, const Type&) {
    const Number& a = args[0].as_number();
    const Number& b = args[1].as_number();
    const int c = Number::compare(a, b);
    bool result = greater ? c > 0 : c < 0;
    if (or_equal) result = result || a == b;
    return CallResult::success(Value::boolean(result));
  };
  return f;
}

Function negate_function() {
  Function f;
  f.params = {operand("num", Type::number())};
  f.return_type = static_return_type(Type::number());
  f.impl = [](const Args& args, const Type&) {
    return CallResult::success(Value::number(args[0].as_number().negate()));
  };
  return f;
}

Function logical(bool is_and) {
  Function f;
  f.params = {operand("a", Type::boolean()), operand("b", Type::boolean())};
  f.return_type = static_return_type(Type::boolean());
  f.impl = [is_and](const Args& args, const Type&) {
    const bool a = args[0].as_bool();
    const bool b = args[1].as_bool();
    return CallResult::success(Value::boolean(is_and ? a && b : a || b));
  };
  return f;
}

Function not_function() {
  Function f;
  f.params = {operand("val", Type::boolean())};
  f.return_type = static_return_type(Type::boolean());
  f.impl = [](const Args& args, const Type&) {
    return CallResult::success(Value::boolean(!args[0].as_bool()));
  };
  return f;
}

// EqualFunc and NotEqualFunc take anything, including nulls and unknowns, and leave the
// decision to cty's Equals.
Function equality(bool negated) {
  Function f;
  for (const char* name : {"a", "b"}) {
    Parameter p = operand(name, Type::dynamic());
    p.allow_unknown = p.allow_null = true;
    f.params.push_back(std::move(p));
  }
  f.return_type = static_return_type(Type::boolean());
  f.impl = [negated](const Args& args, const Type&) {
    const Value eq = types::equals(args[0], args[1]);
    if (!negated || !eq.is_known()) return CallResult::success(eq);
    return CallResult::success(Value::boolean(!eq.as_bool()));
  };
  return f;
}

// What Operator::None gets: no operator is behind it, so every call fails.
Function no_operator() {
  Function f;
  f.return_type = [](const Args&) { return CallResult::failure("no such operator"); };
  return f;
}

}  // namespace

const Function& operator_function(Operator op) {
  static const Function kOr = logical(/*is_and=*/false);
  static const Function kAnd = logical(/*is_and=*/true);
  static const Function kEqual = equality(/*negated=*/false);
  static const Function kNotEqual = equality(/*negated=*/true);
  static const Function kGreater = comparison(/*greater=*/true, /*or_equal=*/false);
  static const Function kGreaterOrEqual = comparison(/*greater=*/true, /*or_equal=*/true);
  static const Function kLess = comparison(/*greater=*/false, /*or_equal=*/false);
  static const Function kLessOrEqual = comparison(/*greater=*/false, /*or_equal=*/true);
  static const Function kAdd = arithmetic(&Number::add, "can't compute sum of opposing infinities");
  static const Function kSubtract =
      arithmetic(&Number::subtract, "can't subtract infinity from itself");
  static const Function kMultiply =
      arithmetic(&Number::multiply, "can't multiply zero by infinity");
  static const Function kDivide =
      arithmetic(&Number::divide, "can't divide zero by zero or infinity by infinity");
  static const Function kModulo = modulo_function();
  static const Function kNegate = negate_function();
  static const Function kNot = not_function();
  static const Function kNone = no_operator();
  switch (op) {
    case Operator::Or:
      return kOr;
    case Operator::And:
      return kAnd;
    case Operator::Equal:
      return kEqual;
    case Operator::NotEqual:
      return kNotEqual;
    case Operator::Greater:
      return kGreater;
    case Operator::GreaterOrEqual:
      return kGreaterOrEqual;
    case Operator::Less:
      return kLess;
    case Operator::LessOrEqual:
      return kLessOrEqual;
    case Operator::Add:
      return kAdd;
    case Operator::Subtract:
      return kSubtract;
    case Operator::Multiply:
      return kMultiply;
    case Operator::Divide:
      return kDivide;
    case Operator::Modulo:
      return kModulo;
    case Operator::Negate:
      return kNegate;
    case Operator::Not:
      return kNot;
    case Operator::None:
      break;
  }
  return kNone;
}

}  // namespace hclspec::eval
