// HCL's number: Go's big.Float parsing, arithmetic and printing, as cty.Number uses them.
//
// Each function here follows a Go function decision for decision; its comment names it. Sources:
// math/big float.go (round, Add, Sub, Mul, Quo, Cmp, Int, SetInt), floatconv.go (scan, pow5),
// ftoa.go (Text, roundShortest, fmtE, fmtF, fmtP), decimal.go (round, roundUp, roundDown), and
// cty value_ops.go, primitive_type.go (rawNumberEqual), function/stdlib/number.go (Int).
#include "types/number.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <boost/multiprecision/cpp_int.hpp>
#include <cmath>
#include <limits>
#include <utility>

namespace hclspec::types {

using boost::multiprecision::cpp_int;

struct Number::Big {
  cpp_int value;
  mutable std::atomic<uint32_t> owners{0};
};

void intrusive_ptr_add_ref(const Number::Big* big) noexcept {
  big->owners.fetch_add(1, std::memory_order_relaxed);
}

void intrusive_ptr_release(const Number::Big* big) noexcept {
  if (big->owners.fetch_sub(1, std::memory_order_acq_rel) == 1) delete big;
}

namespace {

// Go's MinExp and MaxExp bound the exponent e of a finite x = 0.1mmm… × 2^e.
constexpr int64_t kMinExp = std::numeric_limits<int32_t>::min();
constexpr int64_t kMaxExp = std::numeric_limits<int32_t>::max();
// cty.ParseNumberVal's precision; ParseFloat computes powers of five with 64 more bits, and
// pow5 squares with 64 more again.
constexpr uint32_t kParsePrec = 512;
constexpr uint32_t kPow5Prec = kParsePrec + 64;
constexpr uint32_t kPow5FactorPrec = kPow5Prec + 64;

int64_t bit_length(const cpp_int& v) {
  return v == 0 ? 0 : static_cast<int64_t>(msb(v)) + 1;
}

enum class Kind : uint8_t { kZero, kFinite, kInf };

// A big.Float in canonical form: a finite value is ±mant × 2^exp with mant odd.
struct Float {
  Kind form = Kind::kZero;
  bool neg = false;
  uint32_t prec = 0;
  cpp_int mant;
  int64_t exp = 0;

  bool finite() const { return form == Kind::kFinite; }
  // Go's x.exp: the value is 0.1mmm… × 2^top().
  int64_t top() const { return exp + bit_length(mant); }
};

Float zero(bool neg, uint32_t prec) {
  return Float{Kind::kZero, neg, prec, 0, 0};
}
Float inf(bool neg, uint32_t prec) {
  return Float{Kind::kInf, neg, prec, 0, 0};
}

// setExpAndRound followed by round (ToNearestEven): ±mag × 2^exp (mag > 0) at `prec` bits.
// `sticky` says the exact value lies a little above mag × 2^exp (a division's remainder).
// Exponents beyond Go's range underflow to ±0 or overflow to ±Inf, checked before rounding as
// Go does, and again when rounding carries into a new top bit.
Float make_finite(bool neg, cpp_int mag, int64_t exp, bool sticky, uint32_t prec) {
  const int64_t len = bit_length(mag);
  const int64_t top = exp + len;
  if (top < kMinExp) return zero(neg, prec);
  if (top > kMaxExp) return inf(neg, prec);
  if (prec == 0) return zero(neg, prec);  // SetPrec(0); no finite value has precision 0
  if (len > prec) {
    const int64_t r = len - prec - 1;  // the rounding bit, just below the kept ones
    const bool rbit = bit_test(mag, static_cast<unsigned>(r));
    const bool sbit = sticky || (r > 0 && static_cast<int64_t>(lsb(mag)) < r);
    mag >>= static_cast<unsigned>(r + 1);
    exp += r + 1;
    if (rbit && (sbit || bit_test(mag, 0))) {
      ++mag;
      if (bit_length(mag) > prec && top >= kMaxExp) return inf(neg, prec);
    }
  }
  const unsigned zeros = lsb(mag);
  mag >>= zeros;
  return Float{Kind::kFinite, neg, prec, std::move(mag), exp + zeros};
}

// z.Set(x) where z has precision `prec` (0 means "x's").
Float set_prec(const Float& x, uint32_t prec) {
  if (prec == 0) prec = x.prec;
  if (x.finite() && bit_length(x.mant) > prec)
    return make_finite(x.neg, x.mant, x.exp, false, prec);
  Float z = x;
  z.prec = prec;
  return z;
}

Float negated(Float x) {
  x.neg = !x.neg;
  return x;
}

// ucmp: compares |x| and |y| of finite x and y.
int compare_magnitudes(const Float& x, const Float& y) {
  const int64_t tx = x.top(), ty = y.top();
  if (tx != ty) return tx < ty ? -1 : 1;
  const int64_t lx = bit_length(x.mant), ly = bit_length(y.mant);
  const int c = lx >= ly ? x.mant.compare(y.mant << static_cast<unsigned>(lx - ly))
                         : cpp_int(x.mant << static_cast<unsigned>(ly - lx)).compare(y.mant);
  return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

// z.Add(x, y) with z's precision `prec`; nullopt where Go panics with ErrNaN.
std::optional<Float> float_add(const Float& x, const Float& y, uint32_t prec) {
  if (x.finite() && y.finite()) {
    // Go shifts the operands into line and adds exactly; when exponents are far apart that
    // could take gigabytes. If the larger operand fits `prec` bits, its nearest rounding
    // midpoints are at least a quarter ulp away, so an operand below an eighth of an ulp cannot
    // reach one: the result is the larger operand.
    const Float& big = x.top() >= y.top() ? x : y;
    const Float& small = x.top() >= y.top() ? y : x;
    if (small.top() <= big.top() - static_cast<int64_t>(prec) - 3 && bit_length(big.mant) <= prec) {
      Float z = big;
      z.prec = prec;
      return z;  // same signs: x's sign; opposite: the larger's, as usub gives
    }
    const int64_t e = std::min(x.exp, y.exp);
    const cpp_int mx = x.mant << static_cast<unsigned>(x.exp - e);
    const cpp_int my = y.mant << static_cast<unsigned>(y.exp - e);
    if (x.neg == y.neg) return make_finite(x.neg, mx + my, e, false, prec);
    const int c = mx.compare(my);
    if (c == 0) return zero(false, prec);  // exact cancellation gives +0
    if (c > 0) return make_finite(x.neg, mx - my, e, false, prec);
    return make_finite(!x.neg, my - mx, e, false, prec);
  }
  if (x.form == Kind::kInf && y.form == Kind::kInf && x.neg != y.neg) return std::nullopt;
  if (x.form == Kind::kZero && y.form == Kind::kZero) return zero(x.neg && y.neg, prec);
  if (x.form == Kind::kInf || y.form == Kind::kZero) return set_prec(x, prec);
  return set_prec(y, prec);
}

// z.Mul(x, y) with z's precision `prec`.
std::optional<Float> float_mul(const Float& x, const Float& y, uint32_t prec) {
  const bool neg = x.neg != y.neg;
  if (x.finite() && y.finite())
    return make_finite(neg, x.mant * y.mant, x.exp + y.exp, false, prec);
  if ((x.form == Kind::kZero && y.form == Kind::kInf) ||
      (x.form == Kind::kInf && y.form == Kind::kZero)) {
    return std::nullopt;
  }
  if (x.form == Kind::kInf || y.form == Kind::kInf) return inf(neg, prec);
  return zero(neg, prec);
}

// z.Quo(x, y) with z's precision `prec`. Like uquo, the quotient gets enough bits for the
// rounding bit and the remainder becomes the sticky bit.
std::optional<Float> float_quo(const Float& x, const Float& y, uint32_t prec) {
  const bool neg = x.neg != y.neg;
  if (x.finite() && y.finite()) {
    const int64_t shift = std::max<int64_t>(
        0, static_cast<int64_t>(prec) + 3 + bit_length(y.mant) - bit_length(x.mant));
    cpp_int q, r;
    divide_qr(cpp_int(x.mant << static_cast<unsigned>(shift)), y.mant, q, r);
    return make_finite(neg, std::move(q), x.exp - y.exp - shift, r != 0, prec);
  }
  if ((x.form == Kind::kZero && y.form == Kind::kZero) ||
      (x.form == Kind::kInf && y.form == Kind::kInf)) {
    return std::nullopt;
  }
  if (x.form == Kind::kZero || y.form == Kind::kInf) return zero(neg, prec);
  return inf(neg, prec);
}

// x.Int(nil) for finite or zero x: rounds toward zero. A zero result is +0, as Go's Int is.
Float truncated(const Float& x) {
  if (!x.finite() || x.top() <= 0) return zero(false, 0);
  if (x.exp >= 0) return x;
  cpp_int m = x.mant >> static_cast<unsigned>(-x.exp);
  const unsigned zeros = lsb(m);
  m >>= zeros;
  return Float{Kind::kFinite, x.neg, 0, std::move(m), zeros};
}

// z.SetInt(i) where z has precision `prec` and i is an integer from truncated().
Float set_int(const Float& i, uint32_t prec) {
  if (!i.finite()) return zero(false, prec);
  return make_finite(i.neg, i.mant, i.exp, false, prec);
}

// Float.pow5 on a float of precision kPow5Prec: 5^n, exact up to 5^27, else by repeated
// squaring with rounding (which is why ParseFloat's results are not always correctly rounded).
Float pow5(uint64_t n) {
  constexpr uint64_t kMaxTable = 27;
  uint64_t small = 1;
  for (uint64_t i = 0; i < std::min(n, kMaxTable); ++i) small *= 5;
  Float z = make_finite(false, cpp_int(small), 0, false, kPow5Prec);
  if (n <= kMaxTable) return z;
  n -= kMaxTable;
  Float f = make_finite(false, cpp_int(5), 0, false, kPow5FactorPrec);
  for (;;) {
    if (n & 1) z = *float_mul(z, f, kPow5Prec);
    n >>= 1;
    if (n == 0) return z;
    f = *float_mul(f, f, kPow5FactorPrec);
  }
}

// The value of a string of decimal digits. Splits long strings in halves so the work is
// Karatsuba multiplications rather than quadratic (Go's scan is quadratic, but a file may hold
// a number of a million digits).
cpp_int digits_to_int(std::string_view digits) {
  constexpr size_t kWordDigits = 19;
  constexpr size_t kLinearLimit = 1024;
  if (digits.size() > kLinearLimit) {
    const size_t low = digits.size() / 2;
    return digits_to_int(digits.substr(0, digits.size() - low)) *
               pow(cpp_int(10), static_cast<unsigned>(low)) +
           digits_to_int(digits.substr(digits.size() - low));
  }
  cpp_int value = 0;
  size_t i = 0;
  while (i < digits.size()) {
    const size_t n = std::min(kWordDigits, digits.size() - i);
    uint64_t chunk = 0, scale = 1;
    for (size_t j = 0; j < n; ++j, ++i) {
      chunk = chunk * 10 + static_cast<uint64_t>(digits[i] - '0');
      scale *= 10;
    }
    value = value * scale + chunk;
  }
  return value;
}

// Go's decimal, possibly only a prefix of it: the value is 0.digits… × 10^exp. When `exact`,
// `digits` (without trailing zeros) is the whole expansion; otherwise nonzero digits follow.
// Go expands numbers in full; a prefix long enough for the decision at hand is the same answer
// without the cost (2^-1000000 has 700,000 digits).
struct Decimal {
  std::string digits;
  int64_t exp = 0;
  bool exact = true;

  int64_t size() const { return static_cast<int64_t>(digits.size()); }
  // decimal.at(i); nullopt when the prefix is too short to tell.
  std::optional<char> at(int64_t i) const {
    if (i >= 0 && i < size()) return digits[static_cast<size_t>(i)];
    if (i < 0 || exact) return '0';
    return std::nullopt;
  }
  // len(d.mant) == k.
  std::optional<bool> length_is(int64_t k) const {
    if (exact) return size() == k;
    if (k <= size()) return false;
    return std::nullopt;
  }
  // len(d.mant) > k.
  std::optional<bool> length_exceeds(int64_t k) const {
    if (exact) return size() > k;
    if (k <= size()) return true;
    return std::nullopt;
  }
};

cpp_int pow5_int(int64_t n) {
  if (n <= 27) {
    uint64_t p = 1;
    for (int64_t i = 0; i < n; ++i) p *= 5;
    return cpp_int(p);
  }
  return pow(cpp_int(5), static_cast<unsigned>(n));
}

// The leading decimal digits of n × 2^e (n > 0): at least `want` of them, or the whole
// expansion when shorter.
Decimal decimal_prefix(const cpp_int& n, int64_t e, int64_t want) {
  // 10^f <= n × 2^e, with one to spare against floating-point error in the logarithm.
  const double lg = static_cast<double>(bit_length(n) - 1 + e) * 0.30102999566398119521;
  const int64_t f = static_cast<int64_t>(std::floor(lg)) - 1;
  const int64_t t = want - 1 - f;  // floor(value × 10^t) has want to want + 3 digits
  cpp_int q;
  bool exact = true;
  if (t >= 0 && e + t < 0) {
    // The common case (a fraction): the divisor is a power of two, so shift instead.
    const auto shift = static_cast<unsigned>(-(e + t));
    q = n * pow5_int(t);
    exact = lsb(q) >= shift;
    q >>= shift;
  } else {
    cpp_int num = n, den = 1, r;
    if (t >= 0) {
      num *= pow5_int(t);
    } else {
      den = pow5_int(-t);
    }
    if (e + t >= 0) {
      num <<= static_cast<unsigned>(e + t);
    } else {
      den <<= static_cast<unsigned>(-(e + t));
    }
    divide_qr(num, den, q, r);
    exact = r == 0;
  }
  Decimal d;
  d.digits = q.str();
  d.exp = d.size() - t;
  d.exact = exact;
  if (d.exact) {
    while (!d.digits.empty() && d.digits.back() == '0') d.digits.pop_back();
  }
  return d;
}

// decimal.roundUp and decimal.roundDown, for n < len(d.mant).
void round_up_known(Decimal& d, int64_t n) {
  while (n > 0 && d.digits[static_cast<size_t>(n - 1)] >= '9') --n;
  if (n == 0) {
    d.digits = "1";
    ++d.exp;
  } else {
    ++d.digits[static_cast<size_t>(n - 1)];
    d.digits.resize(static_cast<size_t>(n));
  }
  d.exact = true;
}

void round_down_known(Decimal& d, int64_t n) {
  d.digits.resize(static_cast<size_t>(n));
  while (!d.digits.empty() && d.digits.back() == '0') d.digits.pop_back();
  if (d.digits.empty()) d.exp = 0;
  d.exact = true;
}

// The same with the rest of their contract (nothing happens when n >= len(d.mant)); false when
// the prefix is too short to tell.
bool round_up(Decimal& d, int64_t n) {
  const auto inside = d.length_exceeds(n);
  if (!inside) return false;
  if (n >= 0 && *inside) round_up_known(d, n);
  return true;
}

bool round_down(Decimal& d, int64_t n) {
  const auto inside = d.length_exceeds(n);
  if (!inside) return false;
  if (n >= 0 && *inside) round_down_known(d, n);
  return true;
}

// decimal.round with shouldRoundUp: to nearest, ties (a final 5) to even.
bool round_nearest(Decimal& d, int64_t n) {
  const auto inside = d.length_exceeds(n);
  if (!inside) return false;
  if (n < 0 || !*inside) return true;
  const auto digit = d.at(n);
  if (!digit) return false;
  bool up = *digit >= '5';
  if (*digit == '5') {
    const auto last = d.length_is(n + 1);
    if (!last) return false;
    if (*last) up = n > 0 && ((d.digits[static_cast<size_t>(n - 1)] - '0') & 1) != 0;
  }
  if (up) {
    round_up_known(d, n);
  } else {
    round_down_known(d, n);
  }
  return true;
}

// roundShortest: the fewest digits of d that still round to x at its precision, found by
// walking d, the lower bound and the upper bound digit by digit. Go indexes all three from their
// own first digit even when their decimal points differ; so does this. False when a prefix ran
// out before the walk decided.
bool round_shortest(Decimal& d, const Decimal& lower, const Decimal& upper, bool inclusive) {
  for (int64_t i = 0;; ++i) {
    const auto in_range = d.length_exceeds(i);
    if (!in_range) return false;
    if (!*in_range) return true;
    const auto m = d.at(i), l = lower.at(i), u = upper.at(i);
    if (!m || !l || !u) return false;
    // Round down (truncate) if lower has a different digit, or lower is inclusive and is
    // exactly the result of rounding down.
    bool okdown = *l != *m;
    if (!okdown && inclusive) {
      const auto last = lower.length_is(i + 1);
      if (!last) return false;
      okdown = *last;
    }
    // Round up if upper has a different digit and either upper is inclusive or upper is bigger
    // than the result of rounding up.
    bool okup = false;
    if (*m != *u) {
      okup = inclusive || *m + 1 < *u;
      if (!okup) {
        const auto more = upper.length_exceeds(i + 1);
        if (!more) return false;
        okup = *more;
      }
    }
    if (okdown && okup) return round_nearest(d, i + 1);
    if (okdown) return round_down(d, i + 1);
    if (okup) return round_up(d, i + 1);
  }
}

// The decimal Text('f', -1) prints for a finite x: its exact decimal (decimal.init) shortened
// by roundShortest against x ± half an ulp at x's precision.
Decimal shortest_decimal(const Float& x) {
  // x = mant × 2^exp with mant of prec + 1 bits, so that its lsb is half an ulp.
  const int64_t shift = std::max<int64_t>(1, static_cast<int64_t>(x.prec) + 1 - bit_length(x.mant));
  const cpp_int mant = x.mant << static_cast<unsigned>(shift);
  const int64_t exp = x.exp - shift;
  // The bounds are possible outputs only if the mantissa is even (ToNearestEven would round
  // them to it): bit 1 of the shifted mantissa is clear.
  const bool inclusive = shift >= 2;
  // Usually a couple of dozen digits decide; more are computed only when they do not.
  for (int64_t want = 24;; want *= 2) {
    Decimal d = decimal_prefix(x.mant, x.exp, want);
    const Decimal lower = decimal_prefix(mant - 1, exp, want);
    const Decimal upper = decimal_prefix(mant + 1, exp, want);
    if (round_shortest(d, lower, upper, inclusive)) return d;
  }
}

// The exact decimal of a finite x rounded to n digits (decimal.round(n)).
Decimal rounded_decimal(const Float& x, int64_t n) {
  for (int64_t want = n + 2;; want *= 2) {
    Decimal d = decimal_prefix(x.mant, x.exp, want);
    if (round_nearest(d, n)) return d;
  }
}

// fmtF: digits with `prec` fractional digits, never an exponent.
void append_f(std::string& out, const Decimal& d, int64_t prec) {
  if (d.exp > 0) {
    const int64_t m = std::min(d.size(), d.exp);
    out.append(d.digits, 0, static_cast<size_t>(m));
    out.append(static_cast<size_t>(d.exp - m), '0');
  } else {
    out += '0';
  }
  if (prec > 0) {
    out += '.';
    for (int64_t i = 0; i < prec; ++i) out += *d.at(d.exp + i);
  }
}

// fmtE with format 'e': d.ddddde±dd.
void append_e(std::string& out, const Decimal& d, int64_t prec) {
  out += d.digits.empty() ? '0' : d.digits[0];
  if (prec > 0) {
    out += '.';
    int64_t i = 1;
    const int64_t m = std::min(d.size(), prec + 1);
    if (i < m) {
      out.append(d.digits, 1, static_cast<size_t>(m - 1));
      i = m;
    }
    for (; i <= prec; ++i) out += '0';
  }
  out += 'e';
  int64_t exp = d.digits.empty() ? 0 : d.exp - 1;
  out += exp < 0 ? '-' : '+';
  if (exp < 0) exp = -exp;
  if (exp < 10) out += '0';
  out += std::to_string(exp);
}

// fmtP: Go's exact hexadecimal form, "0x." mantissa in [1/2, 1) "p" exponent.
void append_p(std::string& out, const Float& x) {
  const int64_t len = bit_length(x.mant);
  const cpp_int m = x.mant << static_cast<unsigned>((4 - len % 4) % 4);
  std::string hex;
  for (int64_t i = bit_length(m) - 4; i >= 0; i -= 4) {
    const auto nibble = static_cast<unsigned>(cpp_int((m >> static_cast<unsigned>(i)) & 15));
    hex += "0123456789abcdef"[nibble];
  }
  out += "0x.";
  out += hex;
  out += 'p';
  if (x.top() >= 0) out += '+';
  out += std::to_string(x.top());
}

}  // namespace

// Conversions between Number's compact fields and the computing form.
struct Number::Ops {
  static Float to_float(const Number& n) {
    Float f;
    f.form = static_cast<Kind>(n.form_);
    f.neg = n.neg_;
    f.prec = n.prec_;
    if (n.form_ == Number::Form::kFinite) {
      f.mant = n.big_ ? n.big_->value : cpp_int(n.small_);
      f.exp = n.exp_;
    }
    return f;
  }

  static Number from_float(Float f) {
    Number n;
    n.form_ = static_cast<Number::Form>(f.form);
    n.neg_ = f.neg;
    n.prec_ = f.prec;
    if (f.finite()) {
      n.exp_ = f.exp;
      if (bit_length(f.mant) <= 64) {
        n.small_ = static_cast<uint64_t>(f.mant);
      } else {
        n.big_ = new Big{std::move(f.mant)};
      }
    }
    return n;
  }

  static std::optional<Number> from_float(std::optional<Float> f) {
    if (!f) return std::nullopt;
    return from_float(std::move(*f));
  }

  // The sum of two integers below 2^62 in magnitude (literals, counts) when it fits the larger
  // precision: exact then, so what Go's rounding gives too; nullopt for anything else.
  static std::optional<Number> small_integer_sum(const Number& a, const Number& b) {
    const auto small_integer = [](const Number& n) -> std::optional<int64_t> {
      if (n.form_ != Number::Form::kFinite || n.big_ || n.exp_ < 0 ||
          n.exp_ + std::bit_width(n.small_) > 62)
        return std::nullopt;
      const auto v = static_cast<int64_t>(n.small_ << n.exp_);
      return n.neg_ ? -v : v;
    };
    const std::optional<int64_t> x = small_integer(a), y = small_integer(b);
    if (!x || !y) return std::nullopt;
    const uint32_t prec = std::max(a.prec_, b.prec_);
    Number sum = from_int(*x + *y);  // exact cancellation gives +0, as in Go
    if (std::bit_width(sum.small_) > prec) return std::nullopt;
    sum.prec_ = prec;
    return sum;
  }

  // An exact integer of at most 64 bits whose decimal digits are all of its shortest text.
  static bool is_small_exact_integer(const Number& n) {
    if (n.form_ != Number::Form::kFinite || n.big_ || n.exp_ < 0) return false;
    const int64_t top = n.exp_ + static_cast<int64_t>(std::bit_width(n.small_));
    return top <= 64 && top <= n.prec_;
  }
};

Number Number::from_int(int64_t v) {
  Number n;
  n.prec_ = 64;
  if (v == 0) return n;
  n.form_ = Form::kFinite;
  n.neg_ = v < 0;
  // Negating in unsigned arithmetic keeps INT64_MIN exact.
  const uint64_t mag = v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  const int zeros = std::countr_zero(mag);
  n.small_ = mag >> zeros;
  n.exp_ = zeros;
  return n;
}

Number Number::infinity(bool negative) {
  Number n;
  n.form_ = Form::kInf;
  n.neg_ = negative;
  n.prec_ = 0;
  n.canonical_infinity_ = true;
  return n;
}

// big.ParseFloat(text, 10, 512, ToNearestEven): Parse and scan in floatconv.go, nat.scan for
// the mantissa, scanExponent for the exponent.
std::optional<Number> Number::parse(std::string_view s) {
  if (s == "Inf" || s == "inf") return Ops::from_float(inf(false, kParsePrec));
  if (s.size() == 4 && (s[0] == '+' || s[0] == '-') &&
      (s.substr(1) == "Inf" || s.substr(1) == "inf")) {
    return Ops::from_float(inf(s[0] == '-', kParsePrec));
  }
  const size_t n = s.size();
  size_t i = 0;
  bool neg = false;
  if (i < n && (s[i] == '+' || s[i] == '-')) {
    neg = s[i] == '-';
    ++i;
  }

  // Mantissa: digits with at most one '.', at least one digit.
  const size_t mant_begin = i;
  int64_t count = 0, point = -1;
  for (; i < n; ++i) {
    if (s[i] == '.' && point < 0) {
      point = count;
    } else if (s[i] >= '0' && s[i] <= '9') {
      ++count;
    } else {
      break;
    }
  }
  if (count == 0) return std::nullopt;
  const std::string_view mant_text = s.substr(mant_begin, i - mant_begin);
  const int64_t fraction_digits = point >= 0 ? count - point : 0;

  // Exponent: 'e' or 'E' (decimal) or 'p' or 'P' (binary), a sign, digits fitting an int64.
  int64_t exp = 0;
  bool binary_exp = false;
  if (i < n && (s[i] == 'e' || s[i] == 'E' || s[i] == 'p' || s[i] == 'P')) {
    binary_exp = s[i] == 'p' || s[i] == 'P';
    ++i;
    bool exp_neg = false;
    if (i < n && (s[i] == '+' || s[i] == '-')) {
      exp_neg = s[i] == '-';
      ++i;
    }
    const size_t digits_begin = i;
    const uint64_t limit = exp_neg ? uint64_t{1} << 63 : (uint64_t{1} << 63) - 1;
    uint64_t mag = 0;
    bool overflow = false;
    for (; i < n && s[i] >= '0' && s[i] <= '9'; ++i) {
      const auto d = static_cast<uint64_t>(s[i] - '0');
      if (mag > (limit - d) / 10) overflow = true;
      if (!overflow) mag = mag * 10 + d;
    }
    if (i == digits_begin || overflow) return std::nullopt;
    exp = exp_neg ? static_cast<int64_t>(0 - mag) : static_cast<int64_t>(mag);
  }
  if (i != n) return std::nullopt;

  // Short integers are the common case: exact, no big arithmetic.
  if (point < 0 && exp == 0 && count <= 19) {
    uint64_t v = 0;
    for (char c : mant_text) v = v * 10 + static_cast<uint64_t>(c - '0');
    Number r;
    r.prec_ = kParsePrec;
    r.neg_ = neg;
    if (v != 0) {
      const int zeros = std::countr_zero(v);
      r.form_ = Form::kFinite;
      r.small_ = v >> zeros;
      r.exp_ = zeros;
    }
    return r;
  }

  std::string digits;
  digits.reserve(mant_text.size());
  for (char c : mant_text) {
    if (c != '.' && (c != '0' || !digits.empty())) digits += c;
  }
  if (digits.empty()) return Ops::from_float(zero(neg, kParsePrec));
  cpp_int mant = digits_to_int(digits);

  // value = mant × 10^-fraction_digits × (10 or 2)^exp = mant × 2^exp2 × 5^exp5. Go checks the
  // binary exponent of mant × 2^exp2 before applying 5^exp5. (Go's int64 sums can wrap, but only
  // to values out of range for inputs that fit in memory; here overflow is out of range too.)
  int64_t e2 = 0, top = 0;
  if (__builtin_sub_overflow(exp, fraction_digits, &e2) ||
      __builtin_add_overflow(e2, bit_length(mant), &top) || top < kMinExp || top > kMaxExp) {
    return std::nullopt;
  }
  const int64_t exp5 = binary_exp ? -fraction_digits : e2;
  if (exp5 == 0) return Ops::from_float(make_finite(neg, std::move(mant), e2, false, kParsePrec));

  // The mantissa enters the multiplication or division unrounded, as in Go.
  const unsigned zeros = lsb(mant);
  mant >>= zeros;
  const Float z{Kind::kFinite, neg, kParsePrec, std::move(mant), e2 + zeros};
  const Float p = pow5(exp5 < 0 ? 0 - static_cast<uint64_t>(exp5) : static_cast<uint64_t>(exp5));
  return Ops::from_float(exp5 < 0 ? float_quo(z, p, kParsePrec) : float_mul(z, p, kParsePrec));
}

std::optional<int64_t> Number::to_int64() const {
  if (form_ == Form::kZero) return 0;
  if (form_ != Form::kFinite || big_ || exp_ < 0) return std::nullopt;
  const int64_t top = exp_ + static_cast<int64_t>(std::bit_width(small_));
  if (top > 64) return std::nullopt;
  if (top == 64) {
    // Only -2^63 fits.
    if (neg_ && small_ == 1) return std::numeric_limits<int64_t>::min();
    return std::nullopt;
  }
  const auto v = static_cast<int64_t>(small_ << exp_);
  return neg_ ? -v : v;
}

bool Number::has_decimal_text() const {
  if (form_ == Form::kZero) return true;
  if (form_ == Form::kInf) return false;
  const int64_t top =
      exp_ + (big_ ? bit_length(big_->value) : static_cast<int64_t>(std::bit_width(small_)));
  return top <= kMaxTextBinaryExponent && top >= -kMaxTextBinaryExponent;
}

// Text('f', -1): Append in ftoa.go with format 'f' and a negative precision.
std::string Number::to_string() const {
  std::string out;
  if (neg_) out += '-';
  if (form_ == Form::kInf) {
    if (!neg_) out += '+';
    out += "Inf";
    return out;
  }
  if (form_ == Form::kZero) {
    out += '0';
    return out;
  }
  if (Ops::is_small_exact_integer(*this)) {
    out += std::to_string(small_ << exp_);
    return out;
  }
  const Float x = Ops::to_float(*this);
  if (!has_decimal_text()) {
    append_p(out, x);
    return out;
  }
  if (x.exp >= 0 && x.top() <= x.prec) {
    // An integer with no more bits than its precision prints as all of its digits.
    out += cpp_int(x.mant << static_cast<unsigned>(x.exp)).str();
    return out;
  }
  const Decimal d = shortest_decimal(x);
  append_f(out, d, std::max<int64_t>(d.size() - d.exp, 0));
  return out;
}

// String(), i.e. Text('g', 10): Append with format 'g' and precision 10.
std::string Number::to_string_g10() const {
  constexpr int64_t kDigits = 10;
  if (form_ == Form::kInf ||
      (Ops::is_small_exact_integer(*this) && (small_ << exp_) < 10'000'000'000)) {
    return to_string();
  }
  std::string out;
  if (neg_) out += '-';
  Decimal d;
  if (form_ == Form::kFinite) {
    const Float x = Ops::to_float(*this);
    if (!has_decimal_text()) {
      append_p(out, x);
      return out;
    }
    d = rounded_decimal(x, kDigits);
  }
  int64_t prec = kDigits;
  int64_t eprec = prec;
  if (eprec > d.size() && d.size() >= d.exp) eprec = d.size();
  const int64_t exp = d.exp - 1;
  if (exp < -4 || exp >= eprec) {
    if (prec > d.size()) prec = d.size();
    append_e(out, d, prec - 1);
    return out;
  }
  if (prec > d.exp) prec = d.size();
  append_f(out, d, std::max<int64_t>(prec - d.exp, 0));
  return out;
}

std::optional<Number> Number::add(const Number& a, const Number& b) {
  if (std::optional<Number> sum = Ops::small_integer_sum(a, b)) return sum;
  return Ops::from_float(float_add(Ops::to_float(a), Ops::to_float(b), std::max(a.prec_, b.prec_)));
}

// cty's Subtract is a.Add(b.Negate()), which is also exactly big.Float.Sub.
std::optional<Number> Number::subtract(const Number& a, const Number& b) {
  return add(a, b.negate());
}

// cty's Multiply: the product at 512 bits, then SetPrec to the larger operand precision or the
// bits the product needs, whichever is more (which never rounds again).
std::optional<Number> Number::multiply(const Number& a, const Number& b) {
  auto product = float_mul(Ops::to_float(a), Ops::to_float(b), kParsePrec);
  if (!product) return std::nullopt;
  uint32_t prec = std::max(a.prec_, b.prec_);
  if (product->finite()) prec = std::max(prec, static_cast<uint32_t>(bit_length(product->mant)));
  product->prec = prec;
  return Ops::from_float(std::move(*product));
}

std::optional<Number> Number::divide(const Number& a, const Number& b) {
  return Ops::from_float(float_quo(Ops::to_float(a), Ops::to_float(b), std::max(a.prec_, b.prec_)));
}

// cty's Modulo:
//   if either is PositiveInfinity or NegativeInfinity: return a * b
//   if b equals Zero: return a
//   rat := a / b; work := Copy(a).SetInt(rat.Int()); work.Mul(b, work); work.Sub(a, work)
// so everything after the division happens at a's precision.
std::optional<Number> Number::modulo(const Number& a, const Number& b) {
  if (a.canonical_infinity_ || b.canonical_infinity_) return multiply(a, b);
  if (b.is_zero()) return a;
  const Float fa = Ops::to_float(a), fb = Ops::to_float(b);
  const auto rat = float_quo(fa, fb, std::max(a.prec_, b.prec_));
  if (!rat || rat->form == Kind::kInf) return std::nullopt;
  const Float work = set_int(truncated(*rat), a.prec_);
  const auto product = float_mul(fb, work, a.prec_);
  if (!product) return std::nullopt;
  return Ops::from_float(float_add(fa, negated(*product), a.prec_));
}

Number Number::negate() const {
  Number n = *this;
  n.neg_ = !neg_;
  n.canonical_infinity_ = false;
  return n;
}

Number Number::abs() const {
  Number n = *this;
  n.neg_ = false;
  n.canonical_infinity_ = false;
  return n;
}

// cty's stdlib IntFunc: `if bf.IsInt() { return it }; bi := bf.Int(); (&big.Float{}).SetInt(bi)`.
std::optional<Number> Number::truncate() const {
  if (is_integer()) return *this;
  if (form_ == Form::kInf) return std::nullopt;
  const Float t = truncated(Ops::to_float(*this));
  const uint32_t prec = std::max<uint32_t>(64, t.finite() ? static_cast<uint32_t>(t.top()) : 0);
  return Ops::from_float(set_int(t, prec));
}

// big.Float.Cmp.
int Number::compare(const Number& a, const Number& b) {
  const auto order = [](const Number& n) {
    const int m = n.form_ == Form::kZero ? 0 : (n.form_ == Form::kFinite ? 1 : 2);
    return n.neg_ ? -m : m;
  };
  const int oa = order(a), ob = order(b);
  if (oa != ob) return oa < ob ? -1 : 1;
  if (oa != 1 && oa != -1) return 0;
  if (!a.big_ && !b.big_ && a.exp_ == b.exp_) {
    if (a.small_ == b.small_) return 0;
    return (a.small_ < b.small_) == (oa > 0) ? -1 : 1;
  }
  const int c = compare_magnitudes(Ops::to_float(a), Ops::to_float(b));
  return oa > 0 ? c : -c;
}

// cty's rawNumberEqual: equal signs; then both exact integers (compared by value) or neither
// (compared by Text('f', -1), -0 as 0). Non-integers here are fractions or infinities.
bool operator==(const Number& a, const Number& b) {
  // cty 1.12.1's rawNumberEqual (the version hcl 2.14.1 is built with): same sign, then the same
  // Text('f', -1). Later cty versions compare integers by value; this one does not.
  if (a.sign() != b.sign()) return false;
  if (a.is_infinite() || b.is_infinite()) return a.is_infinite() == b.is_infinite();
  // At one precision the shortest text identifies the value, so only mixed precisions need it.
  if (a.prec_ == b.prec_ || !a.has_decimal_text() || !b.has_decimal_text()) {
    return Number::compare(a, b) == 0;
  }
  return a.to_string() == b.to_string();
}

}  // namespace hclspec::types
