// Tests of types::Number: parsing, arithmetic, precision and printing as Go's big.Float in cty.
//
// Where the expected strings come from:
//  - "hcldec": output of HashiCorp's hcldec 2.14.1 recorded in the shared conformance cases.
//  - everything else: an independent Python model of math/big as cty uses it. It rounds exact
//    fractions.Fraction values to the precision (rather than bit strings, as number.cpp does),
//    prints by transliterating ftoa.go and decimal.go over the full exact decimal expansion
//    (number.cpp computes only prefixes), and parses with floatconv.go's steps, pow5's roundings
//    included. This implementation and the model agreed on 40,000 random expressions before
//    these tables were taken from them.
//  - values whose exponents are near Go's int32 limit are beyond the model; their comments
//    derive the result from floatconv.go and float.go.
#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "types/number.hpp"

namespace {

using hclspec::types::Number;

Number num(std::string_view text) {
  const auto n = Number::parse(text);
  REQUIRE_MESSAGE(n.has_value(), text);
  return *n;
}

// Evaluates a little postfix program, the form the cross-check with the Python model used:
// "p:TEXT" is Number::parse(TEXT), "i:N" is Number::from_int(N), "I+" / "I-" are
// Number::infinity(); add, sub, mul, div, mod, neg, abs and trunc apply to the stack. nullopt
// when an operation has no result (it stays nullopt to the end).
std::optional<Number> eval(const std::string& program) {
  std::istringstream in(program);
  std::vector<std::optional<Number>> stack;
  std::string tok;
  while (in >> tok) {
    if (tok.starts_with("p:")) {
      stack.push_back(num(tok.substr(2)));
    } else if (tok.starts_with("i:")) {
      stack.push_back(Number::from_int(std::stoll(tok.substr(2))));
    } else if (tok == "I+" || tok == "I-") {
      stack.push_back(Number::infinity(tok == "I-"));
    } else if (tok == "neg" || tok == "abs" || tok == "trunc") {
      REQUIRE(!stack.empty());
      auto& a = stack.back();
      if (!a) continue;
      a = tok == "neg" ? a->negate() : (tok == "abs" ? a->abs() : a->truncate());
    } else {
      REQUIRE(stack.size() >= 2);
      const auto b = stack.back();
      stack.pop_back();
      auto& a = stack.back();
      if (!a || !b) {
        a = std::nullopt;
      } else if (tok == "add") {
        a = Number::add(*a, *b);
      } else if (tok == "sub") {
        a = Number::subtract(*a, *b);
      } else if (tok == "mul") {
        a = Number::multiply(*a, *b);
      } else if (tok == "div") {
        a = Number::divide(*a, *b);
      } else if (tok == "mod") {
        a = Number::modulo(*a, *b);
      } else {
        FAIL("unknown operation " << tok);
      }
    }
  }
  REQUIRE(stack.size() == 1);
  return stack.back();
}

struct Case {
  const char* program;
  const char* text;  // to_string(), or "nullopt"
  uint32_t precision;
};

void check(const Case& c) {
  const std::string program = c.program, expected = c.text;
  CAPTURE(program);
  const auto r = eval(program);
  if (expected == "nullopt") {
    CHECK_FALSE(r.has_value());
    return;
  }
  REQUIRE(r.has_value());
  CHECK(r->to_string() == expected);
  CHECK(r->precision() == c.precision);
}

}  // namespace

TEST_CASE("parse then to_string: what ParseNumberVal accepts") {
  const Case cases[] = {
      {"p:0", "0", 512},
      {"p:-0", "-0", 512},  // the sign survives: ParseFloat sets it before the zero check
      {"p:+0", "0", 512},
      {"p:000", "0", 512},
      {"p:0.000", "0", 512},
      {"p:1", "1", 512},  // hcldec
      {"p:-1", "-1", 512},
      {"p:+5", "5", 512},
      {"p:01", "1", 512},      // hcldec
      {"p:1e3", "1000", 512},  // hcldec
      {"p:1E3", "1000", 512},
      {"p:1e+3", "1000", 512},
      {"p:1.25E-2", "0.0125", 512},  // hcldec
      {"p:0.1", "0.1", 512},
      {"p:1.", "1", 512},
      {"p:.5", "0.5", 512},
      {"p:-.5", "-0.5", 512},
      {"p:1.e2", "100", 512},
      // ParseFloat(s, 10, ...) still takes a binary exponent: "p" means times 2^n.
      {"p:1.5p1", "3", 512},
      {"p:1P-1", "0.5", 512},
      {"p:0.1p3", "0.8", 512},
      {"p:123456789012345678901234567890", "123456789012345678901234567890", 512},  // hcldec
      {"p:0.30000000000000000000000001", "0.30000000000000000000000001", 512},      // hcldec
      {"p:1e-7", "0.0000001", 512},
      {"p:1e21", "1000000000000000000000", 512},
      {"p:1e40", "10000000000000000000000000000000000000000", 512},
      {"p:0.1e-30", "0.0000000000000000000000000000001", 512},
      {"p:1606938044258990275541962092341162602522202993782792835301376",
       "1606938044258990275541962092341162602522202993782792835301376", 512},  // 2^200
      {"p:3.14159265358979323846264338327950288419716939937510582097494459",
       "3.14159265358979323846264338327950288419716939937510582097494459", 512},
      {"p:Inf", "+Inf", 512},
      {"p:inf", "+Inf", 512},
      {"p:+Inf", "+Inf", 512},
      {"p:-inf", "-Inf", 512},
  };
  for (const auto& c : cases) check(c);

  CHECK(num("1.7976931348623157e308").to_string() == "17976931348623157" + std::string(292, '0'));
  CHECK(num("5e-324").to_string() == "0." + std::string(323, '0') + "5");
  CHECK(num("1" + std::string(5000, '0')).to_string() == "1" + std::string(5000, '0'));
  CHECK(num("-1e-5000").to_string() == "-0." + std::string(4999, '0') + "1");
}

TEST_CASE("parse rejects what ParseFloat rejects") {
  for (const std::string text : {"",
                                 "+",
                                 "-",
                                 ".",
                                 "-.",
                                 "e5",
                                 "1e",
                                 "1e+",
                                 "1e-",
                                 "1p",
                                 "0x10",
                                 "0b1",
                                 "1_000",
                                 " 1",
                                 "1 ",
                                 "1.2.3",
                                 "1e5.5",
                                 "--1",
                                 "+-1",
                                 "1f",
                                 "NaN",
                                 "nan",
                                 "Infinity",
                                 "INF",
                                 "+INF",
                                 "Inf ",
                                 "1e9223372036854775808",
                                 "1e-9223372036854775809",
                                 "0e9223372036854775808"}) {
    CAPTURE(text);
    CHECK_FALSE(Number::parse(text).has_value());
  }
}

TEST_CASE("parse: exponents near Go's int32 limit") {
  // The exponent must fit an int64 (strconv.ParseInt); a zero mantissa then ends the scan.
  CHECK(num("0e9223372036854775807").to_string() == "0");
  CHECK(num("-0e-9223372036854775808").to_string() == "-0");
  // scan checks the binary exponent of mantissa × 2^exp before applying 5^exp: 1e3000000000
  // has 2^3000000001 > 2^MaxExp there, so it is an error ("a number is required").
  CHECK_FALSE(Number::parse("1e3000000000").has_value());
  CHECK_FALSE(Number::parse("1e-3000000000").has_value());
  CHECK_FALSE(Number::parse("1p2147483647").has_value());
  // 1e999999999 passes that check (2^1000000000); pow5 then squares 5 at 640 bits until the
  // square's exponent passes MaxExp and becomes +Inf, and mantissa × Inf is Inf. Dividing by
  // it instead gives zero, keeping the sign.
  CHECK(num("1e999999999").to_string() == "+Inf");
  CHECK(num("-1e999999999").to_string() == "-Inf");
  CHECK(num("1e-999999999").to_string() == "0");
  CHECK(num("-1e-999999999").to_string() == "-0");
  // 10^646456992 < 2^MaxExp <= 10^646456993.
  CHECK(num("1e646456993").is_infinite());
  CHECK_FALSE(num("1e646456992").is_infinite());
  CHECK(num("1p-2147483649").sign() == 1);  // 0.5 × 2^MinExp, the smallest positive value
  CHECK_FALSE(Number::parse("1p-2147483650").has_value());
}

TEST_CASE("precision: 64 for integers made by HCL, 512 for parsed numbers, 53 for cty.Zero") {
  CHECK(Number().precision() == 53);
  CHECK(Number().to_string() == "0");
  CHECK(Number::from_int(0).precision() == 64);
  CHECK(Number::from_int(5).precision() == 64);
  CHECK(num("5").precision() == 512);
  CHECK(num("Inf").precision() == 512);
  CHECK(Number::infinity(false).precision() == 0);
  CHECK(Number::from_int(std::numeric_limits<int64_t>::min()).to_string() ==
        "-9223372036854775808");
  CHECK(Number::from_int(std::numeric_limits<int64_t>::max()).to_string() == "9223372036854775807");

  const Case cases[] = {
      // Operations round to the larger operand precision.
      {"i:1 i:3 div", "0.33333333333333333334", 64},
      {"i:2 i:3 div", "0.6666666666666666667", 64},
      {"i:1 i:10 div", "0.1", 64},
      {"i:7 i:2 div", "3.5", 64},
      {"p:7 i:2 div", "3.5", 512},
      // A 64-bit third moved to 512 bits prints every digit of its exact value.
      {"i:1 i:3 div p:0 add", "0.33333333333333333334236835143737920361672877334058284759521484375",
       512},
      // Multiply keeps the product exact up to 512 bits and widens the precision to fit it.
      {"i:9223372036854775807 i:9223372036854775807 mul", "85070591730234615847396907784232501249",
       126},
      {"i:1 i:3 div i:3 mul", "1.00000000000000000003", 66},
      {"p:1 p:3 div p:3 mul", "1", 512},
      // Sums round at 64 bits: 2^64 + 1 does not fit.
      {"i:9223372036854775807 i:1 add", "9223372036854775808", 64},
      {"i:9223372036854775807 i:9223372036854775807 add", "18446744073709551614", 64},
      {"i:4611686018427387904 i:4 mul i:1 add", "18446744073709551616", 64},
      {"i:-9223372036854775808 i:-1 mul", "9223372036854775808", 64},
  };
  for (const auto& c : cases) check(c);
  CHECK(eval("p:1 p:3 div")->to_string() == "0." + std::string(154, '3') + "5");  // hcldec
  CHECK(eval("p:2 p:3 div")->to_string() == "0." + std::string(153, '6') + "7");
}

TEST_CASE("arithmetic") {
  const Case cases[] = {
      {"p:0.1 p:0.2 add", "0.3", 512},  // hcldec
      {"p:9999999999999999999999999999999999999999 p:1 add",
       "10000000000000000000000000000000000000000", 512},  // hcldec
      {"p:2 p:3 sub p:4 sub", "-5", 512},                  // hcldec
      {"p:8 p:2 div p:2 div", "2", 512},                   // hcldec
      {"p:1 p:2 p:3 mul add", "7", 512},                   // hcldec
      {"p:0.1 p:3 mul", "0.3", 512},
      {"p:1.5 p:-2 mul", "-3", 512},
      // Division by zero is an infinity signed by both operands.
      {"p:1 p:0 div", "+Inf", 512},  // hcldec prints it as invalid JSON
      {"p:-1 p:0 div", "-Inf", 512},
      {"p:1 p:-0 div", "-Inf", 512},
      {"p:Inf p:-2 mul", "-Inf", 512},
      {"p:Inf p:-Inf sub", "+Inf", 512},
      {"p:5 p:Inf div", "0", 512},
      {"p:-5 p:Inf div", "-0", 512},
      // Past Go's exponent range: overflow to ±Inf, underflow to ±0.
      {"p:1e400000000 p:1e400000000 mul", "+Inf", 512},
      {"p:1e-400000000 p:1e-400000000 mul", "0", 512},
      {"p:-1e-400000000 p:1e-400000000 mul", "-0", 512},
  };
  for (const auto& c : cases) check(c);
  CHECK(eval("p:0.1 p:0.1 mul")->to_string() == "0.01" + std::string(153, '0') + "1");
  // A sum of operands 2^4000000000 apart is the larger one, without shifting gigabytes.
  CHECK(eval("p:1e600000000 p:1 add") == num("1e600000000"));
  CHECK(Number::compare(*eval("p:1e600000000 p:1e-600000000 sub"), num("1e600000000")) == 0);
}

TEST_CASE("sums of small integers (computed without big arithmetic) are Go's exact sums") {
  const Case cases[] = {
      {"p:8000 p:1 add", "8001", 512},
      {"i:1 p:2 add", "3", 512},
      {"i:5 i:7 sub", "-2", 64},
      {"p:-3 p:3 add", "0", 512},  // exact cancellation gives +0
      {"i:3 p:3 sub", "0", 512},
      {"p:-3 p:-4 add", "-7", 512},
      {"p:1024 p:-1 add", "1023", 512},
      // The largest operands taken without big arithmetic (2^62 - 1), and the first ones not.
      {"i:4611686018427387903 i:4611686018427387903 add", "9223372036854775806", 64},
      {"i:-4611686018427387903 i:-4611686018427387903 add", "-9223372036854775806", 64},
      {"i:4611686018427387904 i:1 add", "4611686018427387905", 64},
      {"i:4611686018427387904 i:-4611686018427387904 add", "0", 64},
      {"p:0.5 p:1 add", "1.5", 512},
      {"p:1e30 p:1 add", "1000000000000000000000000000001", 512},
  };
  for (const auto& c : cases) check(c);
}

TEST_CASE("operations Go panics on (ErrNaN) have no result") {
  for (const char* program :
       {"p:0 p:0 div", "p:-0 p:0 div", "p:Inf p:Inf div", "p:Inf p:-Inf div", "p:Inf p:Inf sub",
        "p:Inf p:-Inf add", "p:-Inf p:Inf add", "p:0 p:Inf mul", "p:-Inf p:0 mul", "I+ I- add",
        "I+ I+ sub", "I+ p:0 mul", "I+ I+ div"}) {
    const std::string shown = program;
    CAPTURE(shown);
    CHECK_FALSE(eval(program).has_value());
  }
}

TEST_CASE("signed zeros follow IEEE 754 as big.Float does") {
  const Case cases[] = {
      {"p:0 p:0 add", "0", 512},   {"p:-0 p:-0 add", "-0", 512}, {"p:-0 p:0 add", "0", 512},
      {"p:-0 p:0 sub", "-0", 512}, {"p:0 p:-0 sub", "0", 512},   {"p:5 p:5 sub", "0", 512},
      {"p:-5 p:-5 sub", "0", 512}, {"p:-0 p:5 mul", "-0", 512},  {"p:0 neg", "-0", 512},
      {"p:-0 neg", "0", 512},      {"p:-0 abs", "0", 512},       {"i:0 neg", "-0", 64},
  };
  for (const auto& c : cases) check(c);
}

TEST_CASE("modulo as cty computes it") {
  const Case cases[] = {
      {"p:10 p:3 mod", "1", 512},   // hcldec
      {"p:-7 p:3 mod", "-1", 512},  // hcldec: the sign of the dividend
      {"p:7 p:-3 mod", "1", 512},
      {"p:-7 p:-3 mod", "-1", 512},
      {"p:5.5 p:2 mod", "1.5", 512},
      {"p:-5.5 p:2 mod", "-1.5", 512},
      {"p:0.3 p:0.1 mod", "0", 512},
      {"p:1e20 p:7 mod", "2", 512},
      {"p:0 p:5 mod", "0", 512},
      {"p:-0 p:5 mod", "-0", 512},
      {"p:-0 p:-5 mod", "0", 512},
      {"p:5 p:0 mod", "5", 512},  // x % 0 is x
      {"p:Inf p:0 mod", "+Inf", 512},
      // The result has the dividend's precision.
      {"i:7 p:2.5 mod", "2", 64},
      {"p:7 i:2 mod", "1", 512},
      // 1e150 / 3 still fits 512 bits; 1e155 / 3 does not, so the truncated quotient is off
      // and cty answers 0 where the true remainder is 1.
      {"p:1e150 p:3 mod", "1", 512},
      {"p:1e155 p:3 mod", "0", 512},
      // No result: ErrNaN when the divisor is infinite ...
      {"p:5 p:Inf mod", "nullopt", 0},
      {"p:Inf p:Inf mod", "nullopt", 0},
      // ... and a nil-pointer panic when the quotient is infinite.
      {"p:Inf p:5 mod", "nullopt", 0},
      {"p:1e600000000 p:1e-600000000 mod", "nullopt", 0},
      // cty.PositiveInfinity and NegativeInfinity (by identity) make it a multiplication.
      {"I+ p:5 mod", "+Inf", 512},
      {"I- p:5 mod", "-Inf", 512},
      {"p:-5 I+ mod", "-Inf", 512},
      {"I+ I+ mod", "+Inf", 0},
      {"I+ p:0 mod", "nullopt", 0},
      {"p:0 I+ mod", "nullopt", 0},
  };
  for (const auto& c : cases) check(c);
  // A copy keeps the identity; a computed infinity does not have it.
  const Number inf = Number::infinity(false);
  const Number copy = inf;
  CHECK(Number::modulo(copy, num("5"))->to_string() == "+Inf");
  CHECK_FALSE(Number::modulo(inf.negate().negate(), num("5")).has_value());
  CHECK(eval("p:1e-600000000 p:1e600000000 mod") == num("1e-600000000"));
}

TEST_CASE("truncate, negate and abs") {
  const Case cases[] = {
      {"p:1.5 trunc", "1", 64},
      {"p:-1.5 trunc", "-1", 64},
      {"p:-0.5 trunc", "0", 64},  // Int(nil) of a fraction is +0
      {"p:0.5 trunc", "0", 64},
      {"p:2 trunc", "2", 512},  // integers come back unchanged
      {"p:-0 trunc", "-0", 512},
      {"p:123456789012345678901234567890.75 trunc", "123456789012345678901234567890", 97},
      {"p:Inf trunc", "nullopt", 0},
      {"p:5 neg", "-5", 512},
      {"p:Inf neg", "-Inf", 512},
      {"p:-5 abs", "5", 512},
      {"p:-Inf abs", "+Inf", 512},
  };
  for (const auto& c : cases) check(c);
}

TEST_CASE("shortest printing edge cases") {
  const Case cases[] = {
      {"i:1 i:1024 div", "0.0009765625", 64},
      {"p:1e28", "10000000000000000000000000000", 512},
      {"i:4611686018427387904 i:4 mul", "18446744073709551616", 64},
      // 2^65 at 64 bits: roundShortest treats the lower bound 2^65 - 2 as inclusive, although
      // it is the neighbouring float (below a power of two the spacing halves), and prints it.
      {"i:4611686018427387904 i:8 mul", "36893488147419103230", 64},
  };
  for (const auto& c : cases) check(c);

  // 2^200 made by multiplying 64-bit integers keeps precision 64 (the product needs 1 bit), so
  // it prints only the digits that identify it at 64 bits; parsed, it prints exactly. The two
  // are the same number but not Equals: cty 1.12.1 (hcl 2.14.1's) compares numbers by their
  // printed text.
  Number power = Number::from_int(1);
  for (int i = 0; i < 200; ++i) power = *Number::multiply(power, Number::from_int(2));
  CHECK(power.precision() == 64);
  CHECK(power.to_string() == "1606938044258990275500000000000000000000000000000000000000000");
  const Number parsed = num("1606938044258990275541962092341162602522202993782792835301376");
  CHECK_FALSE(power == parsed);
  CHECK(Number::compare(power, parsed) == 0);
}

TEST_CASE("to_string_g10 is Text('g', 10)") {
  const std::pair<const char*, const char*> cases[] = {
      {"0", "0"},
      {"-0", "-0"},
      {"100", "100"},
      {"0.1", "0.1"},
      {"1234567890", "1234567890"},
      {"12345678901", "1.23456789e+10"},
      {"1e10", "1e+10"},
      {"1e21", "1e+21"},
      {"123456789012345678901234567890", "1.23456789e+29"},
      {"0.0001", "0.0001"},
      {"0.00001", "1e-05"},
      {"1e-7", "1e-07"},
      {"123456.7890123", "123456.789"},
      {"0.30000000000000000000000001", "0.3"},
      {"1e5000", "1e+5000"},
      {"-1e-5000", "-1e-5000"},
      // Exact ties round to even.
      {"1000000000.5", "1000000000"},
      {"1000000001.5", "1000000002"},
      {"Inf", "+Inf"},
      {"-Inf", "-Inf"},
  };
  for (const auto& [text, expected] : cases) {
    const std::string shown = text;
    CAPTURE(shown);
    CHECK(num(text).to_string_g10() == std::string(expected));
  }
  CHECK(eval("p:1 p:3 div")->to_string_g10() == "0.3333333333");
  CHECK(eval("p:2 p:3 div")->to_string_g10() == "0.6666666667");
}

TEST_CASE("is_integer and to_int64") {
  CHECK(num("0").is_integer());
  CHECK(num("-0").to_int64() == 0);
  CHECK(num("1e2").to_int64() == 100);
  CHECK(num("1.0").to_int64() == 1);
  CHECK(num("-1.0e0").to_int64() == -1);
  CHECK_FALSE(num("1.5").is_integer());
  CHECK_FALSE(num("1.5").to_int64().has_value());
  CHECK_FALSE(num("Inf").is_integer());
  CHECK_FALSE(num("Inf").to_int64().has_value());
  CHECK(num("9223372036854775807").to_int64() == std::numeric_limits<int64_t>::max());
  CHECK_FALSE(num("9223372036854775808").to_int64().has_value());
  CHECK(num("-9223372036854775808").to_int64() == std::numeric_limits<int64_t>::min());
  CHECK_FALSE(num("-9223372036854775809").to_int64().has_value());
  CHECK(num("1e30").is_integer());
  CHECK_FALSE(num("1e30").to_int64().has_value());
  CHECK(Number::from_int(std::numeric_limits<int64_t>::min()).to_int64() ==
        std::numeric_limits<int64_t>::min());
  // 0.1 × 10 rounds to exactly 1 at 512 bits.
  CHECK(eval("p:0.1 p:10 mul")->to_int64() == 1);
}

TEST_CASE("compare is by value; == is cty's Equals") {
  CHECK(Number::compare(num("1"), num("2")) == -1);
  CHECK(Number::compare(num("2"), num("1")) == 1);
  CHECK(Number::compare(num("-2"), num("-1")) == -1);
  CHECK(Number::compare(num("0"), num("-0")) == 0);
  CHECK(Number::compare(num("-Inf"), num("-1e400")) == -1);
  CHECK(Number::compare(num("Inf"), num("1e400")) == 1);
  CHECK(Number::compare(num("Inf"), Number::infinity(false)) == 0);
  CHECK(Number::compare(Number::from_int(3), num("3")) == 0);
  CHECK(Number::compare(num("0.1"), num("0.10000000000000000001")) == -1);

  CHECK(num("0") == num("-0"));
  CHECK(Number::from_int(3) == num("3"));
  CHECK(num("Inf") == Number::infinity(false));
  CHECK_FALSE(num("Inf") == num("-Inf"));
  CHECK_FALSE(num("Inf") == num("1e400"));
  CHECK_FALSE(num("1.5") == num("2.5"));
  // 0.1 at 512 bits and 1/10 at 64 bits differ in value but both print "0.1".
  const Number tenth64 = *eval("i:1 i:10 div");
  CHECK(num("0.1") == tenth64);
  CHECK(Number::compare(num("0.1"), tenth64) != 0);
  // The 64-bit third and the same value at 512 bits are equal in value but print differently.
  const Number third64 = *eval("i:1 i:3 div");
  const Number third512 = *eval("i:1 i:3 div p:0 add");
  CHECK(Number::compare(third64, third512) == 0);
  CHECK_FALSE(third64 == third512);
  CHECK(third64 == *eval("i:1 i:3 div"));
}

TEST_CASE("has_decimal_text and the hexadecimal form beyond it") {
  CHECK(num("0").has_decimal_text());
  CHECK(num("-1e-300").has_decimal_text());
  CHECK_FALSE(num("Inf").has_decimal_text());
  CHECK_FALSE(Number::infinity(true).has_decimal_text());
  // 10^39000 is about 2^129555, inside the limit of 2^131072: all its digits.
  const Number big = num("1e39000");
  CHECK(big.has_decimal_text());
  CHECK(big.to_string() == "1" + std::string(39000, '0'));
  const Number tiny = num("-1e-39000");
  CHECK(tiny.has_decimal_text());
  CHECK(tiny.to_string() == "-0." + std::string(38999, '0') + "1");
  // Beyond it, Go would print hundreds of millions of digits; this prints Go's exact 'p' form.
  CHECK_FALSE(num("1e40000").has_decimal_text());
  CHECK(num("1p1000000").to_string() == "0x.8p+1000001");
  CHECK(num("-1p-1000000").to_string() == "-0x.8p-999999");
  CHECK(num("3p-1000000").to_string_g10() == "0x.cp-999998");
  CHECK(num("1e600000000").to_string().starts_with("0x.f448c8b33d18d07a"));
}

TEST_CASE("long mantissas parse exactly and quickly") {
  // 30,000 digits, rounded to 512 bits: the shortest text has about 155 significant digits.
  std::string digits;
  for (int i = 0; i < 30000; ++i) digits += static_cast<char>('1' + i % 9);
  const Number n = num(digits);
  const std::string text = n.to_string();
  CHECK(text.size() == digits.size());
  CHECK(text.substr(0, 100) == digits.substr(0, 100));
  CHECK(text.ends_with("000000000000"));
  CHECK(n.to_string_g10() == "1.234567891e+29999");
}
