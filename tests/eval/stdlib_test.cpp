// hcldec's spec definition functions, checked against go-cty v1.12's stdlib behaviour.
#include "test_support.hpp"

using namespace hclspec::eval;
using namespace hclspec::eval::testing;

namespace {

const std::string kNull = "argument must not be null";
const std::string kWholeNumber =
    "value must be a whole number, between -9223372036854775808 and 9223372036854775807";
const std::string kNilPanic =
    "panic in function implementation: runtime error: invalid memory address or nil pointer "
    "dereference";
const std::string kNotCollection = "collection must be a list, a map or a tuple";

// An infinity as `1 / 0` computes it (not cty's PositiveInfinity value).
Value inf(bool negative = false) {
  return Value::number(*Number::divide(Number::from_int(negative ? -1 : 1), Number()));
}

const Type kStr = Type::string();
const Type kNum = Type::number();

}  // namespace

TEST_CASE("the spec definition functions are hcldec's fifteen") {
  std::vector<std::string> names;
  for (const auto& [name, f] : spec_definition_functions()) {
    names.push_back(name);
    CHECK_FALSE(f.description.empty());
  }
  CHECK(names == std::vector<std::string>{"abs", "coalesce", "concat", "hasindex", "int",
                                          "jsondecode", "jsonencode", "length", "lower", "max",
                                          "min", "reverse", "strlen", "substr", "upper"});
}

TEST_CASE("parameter names are cty's, as HCL's argument errors quote them") {
  auto names = [](std::string_view f) {
    std::vector<std::string> out;
    for (const Parameter& p : spec_function(f).params) out.push_back(p.name);
    if (spec_function(f).variadic) out.push_back(spec_function(f).variadic->name + "...");
    return out;
  };
  using V = std::vector<std::string>;
  CHECK(names("abs") == V{"num"});
  CHECK(names("coalesce") == V{"vals..."});
  CHECK(names("concat") == V{"seqs..."});
  CHECK(names("hasindex") == V{"collection", "key"});
  CHECK(names("int") == V{"num"});
  CHECK(names("jsondecode") == V{"str"});
  CHECK(names("jsonencode") == V{"val"});
  CHECK(names("length") == V{"collection"});
  CHECK(names("lower") == V{"str"});
  CHECK(names("max") == V{"numbers..."});
  CHECK(names("min") == V{"numbers..."});
  CHECK(names("reverse") == V{"str"});
  CHECK(names("strlen") == V{"str"});
  CHECK(names("substr") == V{"str", "offset", "length"});
  CHECK(names("upper") == V{"str"});
}

TEST_CASE("abs") {
  run_cases("abs", {
                       {{num(-5)}, num(5)},
                       {{num(5)}, num(5)},
                       {{num("-1.5")}, num("1.5")},
                       {{num(0)}, num(0)},
                       {{inf(true)}, inf()},
                       {{unknown(kNum)}, unknown(kNum)},
                       {{dyn()}, unknown(kNum)},
                       {{null(kNum)}, {}, kNull, 0},
                       {{str("1")}, {}, "number required, but received string", 0},
                       {{}, {}, "wrong number of arguments (1 required; 0 given)"},
                       {{num(1), num(2)}, {}, "wrong number of arguments (1 required; 2 given)"},
                   });
}

TEST_CASE("coalesce") {
  run_cases("coalesce",
            {
                {{null(kStr), str("a"), str("b")}, str("a")},
                {{str("a"), null(kStr)}, str("a")},
                {{Value(), num(1)}, num(1)},
                // Unification picks string for a number and a string; the number converts.
                {{num(1), str("a")}, str("1")},
                {{null(kStr), num(2)}, str("2")},
                {{unknown(kStr), str("a")}, unknown(kStr)},
                {{str("a"), unknown(kStr)}, str("a")},
                {{null(kStr), unknown(kStr)}, unknown(kStr)},
                {{dyn(), str("a")}, unknown(kStr)},
                {{str("a"), dyn()}, str("a")},
                {{list(kStr, {str("x")}), list(kStr, {})}, list(kStr, {str("x")})},
                {{null(kStr), null(kStr)}, {}, "no non-null arguments"},
                {{Value(), Value()}, {}, "no non-null arguments"},
                {{}, {}, "all arguments must have the same type"},
                {{num(1), list(kStr, {})}, {}, "all arguments must have the same type"},
                {{num(1), boolean(true)}, {}, "all arguments must have the same type"},
            });
}

TEST_CASE("concat") {
  const Value ab = list(kStr, {str("a"), str("b")});
  run_cases(
      "concat",
      {
          {{ab, list(kStr, {str("c")})}, list(kStr, {str("a"), str("b"), str("c")})},
          {{list(kStr, {}), list(kStr, {})}, list(kStr, {})},
          {{ab}, ab},
          // Lists of different element types unify (unsafely) to one list type.
          {{list(kNum, {num(1)}), list(kStr, {str("a")})}, list(kStr, {str("1"), str("a")})},
          // Any tuple, or lists that do not unify, make a tuple.
          {{tuple({num(1), str("a")}), ab}, tuple({num(1), str("a"), str("a"), str("b")})},
          {{ab, tuple({})}, tuple({str("a"), str("b")})},
          {{ab, list(Type::list(kStr), {ab})}, tuple({str("a"), str("b"), ab})},
          {{tuple({}), tuple({})}, tuple({})},
          {{unknown(Type::list(kStr)), ab}, unknown(Type::list(kStr))},
          {{unknown(Type::tuple({kStr})), tuple({num(1)})}, unknown(Type::tuple({kStr, kNum}))},
          // A tuple result needs each list's length.
          {{tuple({num(1)}), unknown(Type::list(kStr))}, dyn()},
          {{ab, dyn()}, dyn()},
          {{list(kStr, {unknown(kStr)}), ab}, list(kStr, {unknown(kStr), str("a"), str("b")})},
          {{}, {}, "at least one argument is required"},
          {{str("a")}, {}, "all arguments must be lists or tuples; got string", 0},
          {{ab, num(1)}, {}, "all arguments must be lists or tuples; got number", 1},
          {{ab, object({})}, {}, "all arguments must be lists or tuples; got object", 1},
          {{ab, set(kStr, {})}, {}, "all arguments must be lists or tuples; got set of string", 1},
          {{null(Type::list(kStr))}, {}, kNull, 0},
          {{ab, Value()}, {}, kNull, 1},
      });
}

TEST_CASE("hasindex") {
  const Value l = list(kStr, {str("a"), str("b")});
  const Value m = map(kNum, {{"a", num(1)}});
  const Value t = tuple({num(1), str("a")});
  run_cases("hasindex",
            {
                {{l, num(0)}, boolean(true)},
                {{l, num(1)}, boolean(true)},
                {{l, num(2)}, boolean(false)},
                {{l, num(-1)}, boolean(false)},
                {{l, num("1.5")}, boolean(false)},
                {{l, str("1")}, boolean(false)},  // no conversion: the key is of any type
                {{list(kStr, {}), num(0)}, boolean(false)},
                {{m, str("a")}, boolean(true)},
                {{m, str("b")}, boolean(false)},
                {{m, num(1)}, boolean(false)},
                {{t, num(1)}, boolean(true)},
                {{t, num(2)}, boolean(false)},
                {{t, str("0")}, boolean(false)},
                {{tuple({}), num(0)}, boolean(false)},
                {{unknown(Type::list(kStr)), num(0)}, unknown(Type::boolean())},
                {{l, unknown(kNum)}, unknown(Type::boolean())},
                {{dyn(), num(0)}, unknown(Type::boolean())},
                {{l, dyn()}, unknown(Type::boolean())},
                {{object({{"a", num(1)}}), str("a")}, {}, kNotCollection},
                {{str("abc"), num(0)}, {}, kNotCollection},
                {{set(kStr, {str("a")}), str("a")}, {}, kNotCollection},
                {{unknown(Type::object({})), str("a")}, {}, kNotCollection},
                {{null(Type::list(kStr)), num(0)}, {}, kNull, 0},
                {{l, null(kNum)}, {}, kNull, 1},
            });
}

TEST_CASE("int truncates toward zero") {
  run_cases("int", {
                       {{num("3.7")}, num(3)},
                       {{num("-3.7")}, num(-3)},
                       {{num("-0.5")}, num(0)},
                       {{num(5)}, num(5)},
                       {{num("1e30")}, num("1e30")},
                       {{num("123456789012345678901.5")}, num("123456789012345678901")},
                       {{unknown(kNum)}, unknown(kNum)},
                       {{dyn()}, unknown(kNum)},
                       {{null(kNum)}, {}, kNull, 0},
                       {{inf()}, {}, kNilPanic},
                       {{inf(true)}, {}, kNilPanic},
                   });
  // Truncating -0.5 gives +0 (a fresh integer), not -0.
  const CallResult r = call("int", {num("-0.5")});
  REQUIRE(r.ok());
  CHECK(r.value.as_number().to_string() == "0");
  CHECK_FALSE(r.value.as_number().signbit());
}

TEST_CASE("jsondecode") {
  run_cases("jsondecode",
            {
                {{str(R"({"a":1,"b":[true,"x",null]})")},
                 object({{"a", num(1)}, {"b", tuple({boolean(true), str("x"), Value()})}})},
                {{str(R"("s")")}, str("s")},
                {{str("1.5")}, num("1.5")},
                {{str("null")}, Value()},
                {{str("[]")}, tuple({})},
                {{str("{}")}, object({})},
                {{unknown(kStr)}, dyn()},
                {{dyn()}, dyn()},
                {{null(kStr)}, {}, kNull, 0},
                {{num(1)}, {}, "string required, but received number", 0},
            });
  for (const char* bad : {"{", "x", "", "[1,]", "1 2"}) {
    INFO(bad);
    const CallResult r = call("jsondecode", {str(bad)});
    REQUIRE_FALSE(r.ok());
    CHECK_FALSE(r.error->message.empty());
    CHECK_FALSE(r.error->argument.has_value());
  }
}

TEST_CASE("jsonencode") {
  run_cases(
      "jsonencode",
      {
          {{str("a<b")}, str(R"("a\u003cb")")},
          {{num("1.5")}, str("1.5")},
          {{boolean(false)}, str("false")},
          {{object({{"b", list(kStr, {str("x")})}, {"a", num(1)}})}, str(R"({"a":1,"b":["x"]})")},
          {{map(kNum, {{"b", num(2)}, {"a", num(1)}})}, str(R"({"a":1,"b":2})")},
          {{set(kStr, {str("b"), str("a")})}, str(R"(["a","b"])")},
          {{tuple({Value(), null(kNum)})}, str("[null,null]")},
          {{null(kStr)}, str("null")},
          {{Value()}, str("null")},
          {{unknown(kStr)}, unknown(kStr)},
          {{dyn()}, unknown(kStr)},
          {{tuple({num(1), unknown(kStr)})}, unknown(kStr)},
          {{inf()}, {}, "cannot serialize infinity as JSON"},
          {{tuple({inf(true)})}, {}, "cannot serialize infinity as JSON"},
      });
}

TEST_CASE("length") {
  run_cases("length", {
                          {{list(kStr, {str("a"), str("b")})}, num(2)},
                          {{list(kStr, {})}, num(0)},
                          {{map(kNum, {{"a", num(1)}, {"b", num(2)}, {"c", num(3)}})}, num(3)},
                          {{set(kStr, {str("a"), str("b"), str("a")})}, num(2)},
                          {{tuple({num(1), str("a"), boolean(true)})}, num(3)},
                          {{tuple({})}, num(0)},
                          {{list(kStr, {unknown(kStr)})}, num(1)},
                          {{unknown(Type::list(kStr))}, unknown(kNum)},
                          // A tuple's length is in its type.
                          {{unknown(Type::tuple({kStr, kNum}))}, num(2)},
                          {{dyn()}, unknown(kNum)},
                          // Unknown set elements might equal known ones.
                          {{set(kStr, {str("a"), unknown(kStr)})}, unknown(kNum)},
                          {{set(kStr, {unknown(kStr)})}, num(1)},
                          {{object({{"a", num(1)}})}, {}, kNotCollection},
                          {{str("abc")}, {}, kNotCollection},
                          {{num(1)}, {}, kNotCollection},
                          {{null(Type::list(kStr))}, {}, kNull, 0},
                      });
}

TEST_CASE("upper and lower map each character as Go's strings package does") {
  run_cases("upper", {
                         {{str("hello, World")}, str("HELLO, WORLD")},
                         {{str("é")}, str("É")},
                         {{str("e\u0301")}, str("\u00C9")},  // NFC before and after
                         {{str("σς")}, str("ΣΣ")},
                         {{str("")}, str("")},
                         {{unknown(kStr)}, unknown(kStr)},
                         {{dyn()}, unknown(kStr)},
                         {{null(kStr)}, {}, kNull, 0},
                         {{num(1)}, {}, "string required, but received number", 0},
                     });
  run_cases("lower", {
                         {{str("HeLLo")}, str("hello")},
                         {{str("ΣΑΣ")}, str("σασ")},  // no final sigma: simple mapping
                         {{str("İ")}, str("i")},      // simple mapping, no combining dot
                         {{unknown(kStr)}, unknown(kStr)},
                         {{null(kStr)}, {}, kNull, 0},
                     });
}

TEST_CASE("max and min") {
  run_cases("max", {
                       {{num(1), num(3), num(2)}, num(3)},
                       {{num("-1.5"), num(-2)}, num("-1.5")},
                       {{num(7)}, num(7)},
                       {{inf(true)}, inf(true)},
                       {{num(1), inf()}, inf()},
                       {{num(1), unknown(kNum)}, unknown(kNum)},
                       {{num(1), dyn()}, unknown(kNum)},
                       {{}, {}, "must pass at least one number"},
                       {{num(1), null(kNum)}, {}, kNull, 1},
                       {{str("5")}, {}, "number required, but received string", 0},
                   });
  run_cases("min", {
                       {{num(1), num(3), num(2)}, num(1)},
                       {{num("-1.5"), num(-2)}, num(-2)},
                       {{inf()}, inf()},
                       {{inf(true), num(1)}, inf(true)},
                       {{unknown(kNum)}, unknown(kNum)},
                       {{}, {}, "must pass at least one number"},
                   });
}

TEST_CASE("reverse is the string function, by grapheme clusters") {
  run_cases("reverse",
            {
                {{str("hello")}, str("olleh")},
                {{str("")}, str("")},
                {{str("xe\u0332")}, str("e\u0332x")},  // combining mark stays with its base
                {{str("\U0001F1EC\U0001F1E7\U0001F1EB\U0001F1F7")},
                 str("\U0001F1EB\U0001F1F7\U0001F1EC\U0001F1E7")},
                {{unknown(kStr)}, unknown(kStr)},
                {{list(kStr, {str("a")})}, {}, "string required, but received list of string", 0},
            });
}

TEST_CASE("strlen counts grapheme clusters") {
  run_cases("strlen", {
                          {{str("hello")}, num(5)},
                          {{str("")}, num(0)},
                          {{str("e\u0301")}, num(1)},
                          {{str("xe\u0332")}, num(2)},
                          {{str("\r\n")}, num(1)},
                          {{str("\U0001F1EC\U0001F1E7\U0001F1EB\U0001F1F7")}, num(2)},
                          {{unknown(kStr)}, unknown(kNum)},
                          {{dyn()}, unknown(kNum)},
                          {{null(kStr)}, {}, kNull, 0},
                      });
}

TEST_CASE("substr follows cty's offsets and lengths") {
  const Value hello = str("hello");
  const std::string flags = "\U0001F1EC\U0001F1E7\U0001F1EB\U0001F1F7";
  run_cases("substr", {
                          {{str("hello world"), num(1), num(4)}, str("ello")},
                          {{hello, num(0), num(5)}, hello},
                          {{hello, num(0), num(0)}, str("")},
                          {{hello, num(2), num(0)}, str("")},
                          {{hello, num(-3), num(2)}, str("ll")},
                          // cty's empty-result shortcut does not apply to negative offsets, so a
                          // zero length then takes the rest.
                          {{hello, num(-1), num(0)}, str("o")},
                          {{hello, num(-3), num(0)}, str("llo")},
                          {{hello, num(-10), num(2)}, str("he")},
                          {{hello, num(-5), num(-1)}, hello},
                          {{hello, num(1), num(-1)}, str("ello")},
                          {{hello, num(1), num(-7)}, str("ello")},
                          {{hello, num(5), num(2)}, str("")},
                          {{hello, num(6), num(2)}, str("")},
                          {{hello, num(2), num(100)}, str("llo")},
                          {{str(""), num(0), num(1)}, str("")},
                          {{str(""), num(1), num(1)}, str("")},
                          {{str(""), num(-1), num(1)}, str("")},
                          {{str(flags + "x"), num(1), num(1)}, str("\U0001F1EB\U0001F1F7")},
                          {{str("xe\u0332y"), num(1), num(1)}, str("e\u0332")},
                          {{hello, num("1.5"), num(1)}, {}, kWholeNumber},
                          {{hello, num(1), num("2.5")}, {}, kWholeNumber},
                          {{hello, num(0), inf()}, {}, kWholeNumber},
                          {{hello, num("1e20"), num(1)}, {}, kWholeNumber},
                          {{unknown(kStr), num(0), num(1)}, unknown(kStr)},
                          {{hello, unknown(kNum), num(1)}, unknown(kStr)},
                          {{hello, num(0), dyn()}, unknown(kStr)},
                          {{hello, null(kNum), num(1)}, {}, kNull, 1},
                          {{hello, num(0)}, {}, "wrong number of arguments (3 required; 2 given)"},
                      });
}
