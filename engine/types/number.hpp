// HCL's number (cty.Number, a Go *big.Float): parsed, computed and printed exactly as Go does it.
#pragma once

#include <boost/smart_ptr/intrusive_ptr.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace hclspec::types {

// A binary floating-point number with its own precision (mantissa bits), as the *big.Float inside
// a cty.Number. Precision is part of the value because Go's results depend on it: an operation
// rounds to the larger precision of its operands (ToNearestEven), and printing picks the shortest
// decimal that identifies the value at its precision. Literals and strings parse at 512 bits,
// integers made by HCL itself (lengths, indexes) carry 64.
//
// Values are immutable; copies are cheap. A mantissa of at most 64 bits is stored inline, so
// integers and short integer literals never allocate.
//
// Infinities exist (`1 / 0`); NaN does not: an operation Go would panic on with big.ErrNaN
// (Inf - Inf, 0 * Inf, 0 / 0, Inf / Inf) returns nullopt, as cty's stdlib turns that panic into
// an error. The binary exponent has Go's int32 range: beyond it results overflow to ±Inf or
// underflow to ±0, as in Go.
class Number {
 public:
  // cty.Zero: +0 with precision 53 (Go's big.NewFloat(0)).
  Number() = default;

  // cty.NumberIntVal: exact, precision 64.
  static Number from_int(int64_t v);

  // cty.ParseNumberVal, i.e. big.ParseFloat(text, 10, 512, ToNearestEven); nullopt where Go
  // reports an error (which cty words "a number is required"). Accepted, as Go does:
  //   [+|-] digits [. [digits]] | [+|-] . digits, then optionally (e|E|p|P) [+|-] digits,
  //   where a 'p' exponent is a power of two (ParseFloat allows it even in base 10);
  //   and exactly "Inf", "inf", "+Inf", "+inf", "-Inf", "-inf".
  // No spaces, underscores, hex or "0x" prefixes, "NaN" or "Infinity". The exponent must fit an
  // int64 and the binary exponent an int32 (else error); values past that range in between
  // become ±Inf or ±0 as in Go ("1e999999999" is +Inf, "1e-999999999" is 0). "-0" is -0.
  static std::optional<Number> parse(std::string_view text);

  // cty.PositiveInfinity / cty.NegativeInfinity (precision 0). These two are special in Go:
  // cty's Modulo recognizes them by identity, so an infinity made here (and its copies) behaves
  // differently there from one computed by `1 / 0` or parsed from "Inf". See modulo().
  static Number infinity(bool negative);

  bool is_zero() const { return form_ == Form::kZero; }
  bool is_infinite() const { return form_ == Form::kInf; }
  // big.Float.IsInt: zero is an integer, infinities are not.
  bool is_integer() const { return form_ == Form::kZero || (form_ == Form::kFinite && exp_ >= 0); }
  // -1, 0 (for both zeros) or +1.
  int sign() const { return form_ == Form::kZero ? 0 : (neg_ ? -1 : 1); }
  // True for negative values, -0 and -Inf.
  bool signbit() const { return neg_; }
  uint32_t precision() const { return prec_; }

  // The value when it is an integer in int64's range (big.Float.Int64 with Exact accuracy), as
  // cty requires for list and tuple indexes.
  std::optional<int64_t> to_int64() const;

  // big.Float.Text('f', -1), what cty's JSON output and number-to-string conversion print: the
  // shortest decimal that rounds back to this value at its precision, never with an exponent
  // ("1000", "0.3", "-0"); "+Inf" and "-Inf" for infinities, which are not JSON.
  // Exception: when has_decimal_text() is false for a finite value (its magnitude is beyond
  // 2^±kMaxTextBinaryExponent, where Go would print tens of thousands of digits or more), this
  // returns Go's exact hexadecimal 'p' form ("0x.8p+1000001") instead, which is not JSON either.
  std::string to_string() const;

  // big.Float.String(), i.e. Text('g', 10): what cty writes for a number into the hash of a set
  // element, and so what orders sets of objects, tuples, lists and maps. Same exception as above.
  std::string to_string_g10() const;

  // Whether to_string() is a JSON number: finite and within the printable range.
  bool has_decimal_text() const;

  // Largest binary exponent magnitude spelled out in decimal (about 10^±39,456).
  static constexpr int64_t kMaxTextBinaryExponent = int64_t{1} << 17;

  // cty's Value.Add, Subtract, Multiply and Divide: the exact result rounded to nearest-even at
  // the larger precision of the operands (Multiply: at 512 bits, then at max(precisions, bits
  // needed)). x / 0 is ±Inf by the signs (1 / -0 is -Inf). nullopt where Go panics with
  // ErrNaN: the sum of opposite infinities, 0 * Inf, 0 / 0 and Inf / Inf; cty's stdlib reports
  // these as "can't compute sum of opposing infinities", "can't subtract infinity from itself",
  // "can't multiply zero by infinity" and "can't divide zero by zero or infinity by infinity".
  static std::optional<Number> add(const Number& a, const Number& b);
  static std::optional<Number> subtract(const Number& a, const Number& b);
  static std::optional<Number> multiply(const Number& a, const Number& b);
  static std::optional<Number> divide(const Number& a, const Number& b);

  // cty's Value.Modulo: a - b * trunc(a / b), with the sign of a (-7 % 3 is -1), computed at
  // a's precision, so not always the true remainder (1e155 % 3 is 0); a % 0 is a. When either
  // operand is infinity(), the result is a * b (cty checks for its two infinity values by
  // identity). nullopt where Go panics, which callers tell apart by the operands:
  //  - b infinite or zero: ErrNaN, reported as "can't use modulo with zero and infinity";
  //  - otherwise (a infinite and b finite, or a / b overflowing): a nil pointer dereference,
  //    which cty's function.Call reports as "panic in function implementation: ..." and a
  //    Go stack trace.
  static std::optional<Number> modulo(const Number& a, const Number& b);

  // cty's Value.Negate and Value.Absolute (same precision; -0 and 0 are distinct values).
  Number negate() const;
  Number abs() const;

  // cty's stdlib Int function: rounds toward zero. An integer is returned unchanged; otherwise
  // the result is exact with precision max(64, bits). nullopt for infinities (a nil pointer
  // panic in Go, reported by function.Call).
  std::optional<Number> truncate() const;

  // big.Float.Cmp: -1, 0 or +1 by value (-0 == 0, equal infinities compare equal). This is what
  // cty's LessThan and GreaterThan use.
  static int compare(const Number& a, const Number& b);

  // cty's Equals for numbers (rawNumberEqual in cty 1.12.1, which hcl 2.14.1 is built with):
  // equal signs and equal to_string() texts, so 0.1 parsed at 512 bits equals 1 / 10 computed at
  // 64 bits, while the same large integer held at two precisions may not. Not the same as
  // compare() == 0, and cty's <= and >= are "compare() < 0 or ==".
  friend bool operator==(const Number& a, const Number& b);

 private:
  enum class Form : uint8_t { kZero, kFinite, kInf };
  struct Big;  // a mantissa over 64 bits (a Boost cpp_int) and its count of owners
  struct Ops;  // the implementation, defined in number.cpp
  // Shared ownership of a Big through its own count: one pointer wide, where a shared_ptr
  // takes two, which keeps a Number (and so every Value) 8 bytes smaller.
  friend void intrusive_ptr_add_ref(const Big* big) noexcept;
  friend void intrusive_ptr_release(const Big* big) noexcept;

  // A finite value is ±mantissa × 2^exp_ with an odd mantissa of at most prec_ bits, held in
  // small_ when it fits in 64 bits and in big_ otherwise.
  boost::intrusive_ptr<const Big> big_;
  uint64_t small_ = 0;
  int64_t exp_ = 0;
  uint32_t prec_ = 53;
  Form form_ = Form::kZero;
  bool neg_ = false;
  bool canonical_infinity_ = false;  // made by infinity(): cty.PositiveInfinity's identity
};

}  // namespace hclspec::types
