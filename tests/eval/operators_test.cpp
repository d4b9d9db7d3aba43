// The operator functions: cty's stdlib arithmetic, comparison, logic and equality.
#include "test_support.hpp"

using namespace hclspec::eval;
using namespace hclspec::eval::testing;
using hclspec::syntax::Operator;

namespace {

const std::string kNull = "argument must not be null";
const std::string kModuloNaN = "can't use modulo with zero and infinity";
const std::string kNilPanic =
    "panic in function implementation: runtime error: invalid memory address or nil pointer "
    "dereference";

// An infinity as `1 / 0` computes it.
Value inf(bool negative = false) {
  return Value::number(*Number::divide(Number::from_int(negative ? -1 : 1), Number()));
}
// cty.PositiveInfinity / cty.NegativeInfinity themselves (what max of -Inf returns).
Value cty_inf(bool negative = false) {
  return Value::number(Number::infinity(negative));
}

const Type kNum = Type::number();
const Type kBool = Type::boolean();
const Value kTrue = Value::boolean(true);
const Value kFalse = Value::boolean(false);

}  // namespace

TEST_CASE("operator parameters are cty's") {
  for (Operator op :
       {Operator::Add, Operator::Subtract, Operator::Multiply, Operator::Divide, Operator::Modulo,
        Operator::Greater, Operator::GreaterOrEqual, Operator::Less, Operator::LessOrEqual}) {
    const Function& f = operator_function(op);
    REQUIRE(f.params.size() == 2);
    CHECK(f.params[0].type == kNum);
    CHECK(f.params[1].type == kNum);
    CHECK(f.params[0].name == "a");
    CHECK_FALSE(f.variadic);
  }
  for (Operator op : {Operator::And, Operator::Or}) {
    REQUIRE(operator_function(op).params.size() == 2);
    CHECK(operator_function(op).params[0].type == kBool);
  }
  for (Operator op : {Operator::Equal, Operator::NotEqual}) {
    const Function& f = operator_function(op);
    REQUIRE(f.params.size() == 2);
    CHECK(f.params[0].type.is_dynamic());
    CHECK(f.params[0].allow_null);
    CHECK(f.params[0].allow_unknown);
  }
  REQUIRE(operator_function(Operator::Negate).params.size() == 1);
  CHECK(operator_function(Operator::Negate).params[0].type == kNum);
  REQUIRE(operator_function(Operator::Not).params.size() == 1);
  CHECK(operator_function(Operator::Not).params[0].type == kBool);
  CHECK_FALSE(call_function(operator_function(Operator::None), {}).ok());
}

TEST_CASE("addition and subtraction") {
  run_cases(Operator::Add, {
                               {{num(1), num(2)}, num(3)},
                               {{num("1.5"), num("2.25")}, num("3.75")},
                               {{num(-1), num(1)}, num(0)},
                               {{inf(), num(1)}, inf()},
                               {{inf(), inf()}, inf()},
                               {{inf(), inf(true)}, {}, "can't compute sum of opposing infinities"},
                               {{unknown(kNum), num(1)}, unknown(kNum)},
                               {{dyn(), num(1)}, unknown(kNum)},
                               {{null(kNum), num(1)}, {}, kNull, 0},
                               {{num(1), Value()}, {}, kNull, 1},
                               {{num(1)}, {}, "wrong number of arguments (2 required; 1 given)"},
                           });
  run_cases(Operator::Subtract,
            {
                {{num(5), num(7)}, num(-2)},
                {{num("0.5"), num("0.25")}, num("0.25")},
                {{inf(), num(1)}, inf()},
                {{num(1), inf()}, inf(true)},
                {{inf(), inf(true)}, inf()},
                {{inf(), inf()}, {}, "can't subtract infinity from itself"},
                {{inf(true), inf(true)}, {}, "can't subtract infinity from itself"},
                {{num(1), unknown(kNum)}, unknown(kNum)},
            });
}

TEST_CASE("multiplication and division") {
  run_cases(Operator::Multiply, {
                                    {{num(6), num(7)}, num(42)},
                                    {{num("-1.5"), num(2)}, num(-3)},
                                    {{inf(), num(-2)}, inf(true)},
                                    {{num(0), inf()}, {}, "can't multiply zero by infinity"},
                                    {{inf(true), num(0)}, {}, "can't multiply zero by infinity"},
                                    {{unknown(kNum), num(0)}, unknown(kNum)},
                                });
  const std::string nan = "can't divide zero by zero or infinity by infinity";
  run_cases(Operator::Divide, {
                                  {{num(7), num(2)}, num("3.5")},
                                  {{num(-9), num(3)}, num(-3)},
                                  // Division by zero is an infinity, not an error.
                                  {{num(1), num(0)}, inf()},
                                  {{num(-1), num(0)}, inf(true)},
                                  {{num(1), inf()}, num(0)},
                                  {{inf(), num(2)}, inf()},
                                  {{num(0), num(0)}, {}, nan},
                                  {{inf(), inf(true)}, {}, nan},
                                  {{num(1), unknown(kNum)}, unknown(kNum)},
                              });
  // 1 / -0 is -Inf: the zero's sign counts.
  const CallResult negative_zero = call(Operator::Negate, {num(0)});
  REQUIRE(negative_zero.ok());
  check_value(call(Operator::Divide, {num(1), negative_zero.value}), inf(true));
}

TEST_CASE("modulo keeps the dividend's sign and has cty's infinity quirks") {
  run_cases(Operator::Modulo, {
                                  {{num(7), num(3)}, num(1)},
                                  {{num(-7), num(3)}, num(-1)},
                                  {{num(7), num(-3)}, num(1)},
                                  {{num(-7), num(-3)}, num(-1)},
                                  {{num(6), num(3)}, num(0)},
                                  {{num("5.5"), num(2)}, num("1.5")},
                                  {{num(7), num(0)}, num(7)},
                                  {{num(0), num(0)}, num(0)},
                                  {{inf(), num(0)}, inf()},
                                  // A finite number modulo a computed infinity: 0 * Inf.
                                  {{num(1), inf()}, {}, kModuloNaN},
                                  {{inf(), inf()}, {}, kModuloNaN},
                                  // An infinite quotient: Go dereferences a nil *big.Int.
                                  {{inf(), num(2)}, {}, kNilPanic},
                                  // cty's own infinity values are recognized by identity and
                                  // give their product instead.
                                  {{cty_inf(true), num(5)}, inf(true)},
                                  {{num(5), cty_inf()}, inf()},
                                  {{cty_inf(), num(0)}, {}, kModuloNaN},
                                  {{unknown(kNum), num(2)}, unknown(kNum)},
                              });
}

TEST_CASE("negation") {
  run_cases(Operator::Negate, {
                                  {{num(5)}, num(-5)},
                                  {{num("-1.5")}, num("1.5")},
                                  {{inf()}, inf(true)},
                                  {{unknown(kNum)}, unknown(kNum)},
                                  {{dyn()}, unknown(kNum)},
                                  {{null(kNum)}, {}, kNull, 0},
                                  {{str("1")}, {}, "number required, but received string", 0},
                              });
  const CallResult zero = call(Operator::Negate, {num(0)});
  REQUIRE(zero.ok());
  CHECK(zero.value.as_number().signbit());
  CHECK(zero.value.as_number().to_string() == "-0");
}

TEST_CASE("comparisons") {
  run_cases(Operator::Less, {
                                {{num(1), num(2)}, kTrue},
                                {{num(2), num(1)}, kFalse},
                                {{num(2), num(2)}, kFalse},
                                {{inf(true), num(-1000000)}, kTrue},
                                {{num(1), unknown(kNum)}, unknown(kBool)},
                                {{dyn(), num(1)}, unknown(kBool)},
                                {{null(kNum), num(1)}, {}, kNull, 0},
                            });
  run_cases(Operator::LessOrEqual, {
                                       {{num(2), num(2)}, kTrue},
                                       {{num("1.5"), num(2)}, kTrue},
                                       {{num(3), num(2)}, kFalse},
                                       {{inf(), inf()}, kTrue},
                                       {{unknown(kNum), num(2)}, unknown(kBool)},
                                   });
  run_cases(Operator::Greater, {
                                   {{num(3), num(2)}, kTrue},
                                   {{num(2), num(2)}, kFalse},
                                   {{inf(), num(1)}, kTrue},
                                   {{num(1), unknown(kNum)}, unknown(kBool)},
                               });
  run_cases(Operator::GreaterOrEqual, {
                                          {{num(2), num(2)}, kTrue},
                                          {{num(3), num(2)}, kTrue},
                                          {{num(1), num(2)}, kFalse},
                                          {{dyn(), num(2)}, unknown(kBool)},
                                      });
}

TEST_CASE("logical operators do not short-circuit unknowns") {
  run_cases(Operator::And, {
                               {{kTrue, kTrue}, kTrue},
                               {{kTrue, kFalse}, kFalse},
                               {{kFalse, kTrue}, kFalse},
                               {{kFalse, kFalse}, kFalse},
                               {{kFalse, unknown(kBool)}, unknown(kBool)},
                               {{unknown(kBool), kFalse}, unknown(kBool)},
                               {{dyn(), kTrue}, unknown(kBool)},
                               {{null(kBool), kTrue}, {}, kNull, 0},
                               {{kTrue, num(1)}, {}, "bool required, but received number", 1},
                           });
  run_cases(Operator::Or, {
                              {{kTrue, kFalse}, kTrue},
                              {{kFalse, kTrue}, kTrue},
                              {{kFalse, kFalse}, kFalse},
                              {{kTrue, unknown(kBool)}, unknown(kBool)},
                              {{kTrue, Value()}, {}, kNull, 1},
                          });
  run_cases(Operator::Not, {
                               {{kTrue}, kFalse},
                               {{kFalse}, kTrue},
                               {{unknown(kBool)}, unknown(kBool)},
                               {{dyn()}, unknown(kBool)},
                               {{null(kBool)}, {}, kNull, 0},
                           });
}

TEST_CASE("equality is cty's Equals, nulls and unknowns included") {
  const Type kStr = Type::string();
  run_cases(Operator::Equal,
            {
                {{num(1), num(1)}, kTrue},
                {{num(1), num(2)}, kFalse},
                {{num("1.0"), num(1)}, kTrue},
                {{str("a"), str("a")}, kTrue},
                {{num(1), str("1")}, kFalse},              // different types are never equal
                {{str("e\u0301"), str("\u00e9")}, kTrue},  // strings compare after NFC
                {{Value(), Value()}, kTrue},
                {{null(kStr), Value()}, kTrue},  // nulls are equal whatever their types
                {{null(kStr), str("a")}, kFalse},
                {{unknown(kStr), str("a")}, unknown(kBool)},
                {{Value(), unknown(kStr)}, unknown(kBool)},
                {{dyn(), num(1)}, unknown(kBool)},
                {{list(kStr, {str("a")}), list(kStr, {str("a")})}, kTrue},
                {{list(kStr, {str("a")}), list(kStr, {str("b")})}, kFalse},
                {{tuple({str("a")}), list(kStr, {str("a")})}, kFalse},
                {{object({{"a", num(1)}}), object({{"a", num(1)}})}, kTrue},
                {{num(1)}, {}, "wrong number of arguments (2 required; 1 given)"},
            });
  run_cases(Operator::NotEqual, {
                                    {{num(1), num(2)}, kTrue},
                                    {{str("a"), str("a")}, kFalse},
                                    {{Value(), Value()}, kFalse},
                                    {{null(kStr), str("a")}, kTrue},
                                    {{unknown(kStr), str("a")}, unknown(kBool)},
                                });
}
