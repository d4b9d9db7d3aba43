// JSON encoding of values and types, and jsondecode: a port of the parts of Go's encoding/json
// (scanner, Decoder.Token/More/Decode) that cty's ImpliedType and Unmarshal drive, so that what
// is accepted and every error message match; numbers keep all their digits.
#include "types/json.hpp"

#include <algorithm>
#include <array>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "base/big_stack.hpp"
#include "types/convert.hpp"
#include "types/text.hpp"

namespace hclspec::types {

namespace {

const char* const kHex = "0123456789abcdef";

// The ASCII bytes Go's encoding/json writes as they are (its htmlSafeSet): from space up but ",
// \, <, > and &.
constexpr auto kPlainAscii = [] {
  std::array<bool, 128> plain{};
  for (int c = 0x20; c < 0x80; ++c)
    plain[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&';
  return plain;
}();

}  // namespace

void append_json_quoted(std::string& out, std::string_view text) {
  out += '"';
  // Bytes written as they are go out in runs, not one by one.
  size_t run = 0;
  for (size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      if (kPlainAscii[c]) {
        ++i;
        continue;
      }
      out.append(text, run, i - run);
      if (c == '"' || c == '\\') {
        out += '\\';
        out += static_cast<char>(c);
      } else if (c == '\n') {
        out += "\\n";
      } else if (c == '\r') {
        out += "\\r";
      } else if (c == '\t') {
        out += "\\t";
      } else {  // Go 1.19 writes \b and \f this way too (1.22 changed that)
        out += "\\u00";
        out += kHex[c >> 4];
        out += kHex[c & 15];
      }
      run = ++i;
      continue;
    }
    size_t length = 0;
    const uint32_t cp = decode_rune(text, i, length);
    if ((cp == 0xFFFD && length == 1) || cp == 0x2028 || cp == 0x2029) {
      out.append(text, run, i - run);
      out += cp == 0x2028 ? "\\u2028" : cp == 0x2029 ? "\\u2029" : "\\ufffd";
      run = i + length;
    }
    i += length;
  }
  out.append(text, run, text.size() - run);
  out += '"';
}

std::string json_quote(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 2);
  append_json_quoted(out, text);
  return out;
}

namespace {

bool encode(const Value& v, std::string& out, std::string& error,
            NullProperties nulls = NullProperties::Keep);

bool is_sequence(TypeKind kind) {
  return kind == TypeKind::List || kind == TypeKind::Set || kind == TypeKind::Tuple;
}

// The elements [begin, end) of a known list, set or tuple, or the entries of a map or object,
// each after a comma once `wrote` (set once one is written); without the brackets.
bool encode_items(const Value& v, size_t begin, size_t end, std::string& out, std::string& error,
                  NullProperties nulls, bool& wrote) {
  if (is_sequence(v.type().kind())) {
    const std::span<const Value> elements = v.elements();
    for (size_t i = begin; i < end; ++i) {
      if (wrote) out += ',';
      wrote = true;
      if (!encode(elements[i], out, error, nulls)) return false;
    }
    return true;
  }
  const EntryRange entries = v.entries();
  for (size_t i = begin; i < end; ++i) {
    const auto [key, element] = entries[i];
    if (nulls == NullProperties::Omit && element.is_null()) continue;
    if (wrote) out += ',';
    wrote = true;
    append_json_quoted(out, key);
    out += ':';
    if (!encode(element, out, error, nulls)) return false;
  }
  return true;
}

// cty's json marshal: the value by its own type. Writes as it goes, so on error `out` holds
// the text up to the failure, which marshalDynamic (hcldec --with-type) prints anyway.
bool encode(const Value& v, std::string& out, std::string& error, NullProperties nulls) {
  if (v.is_null()) {
    out += "null";
    return true;
  }
  if (!v.is_known()) {
    error = "value is not known";
    return false;
  }
  switch (v.type().kind()) {
    case TypeKind::Bool:
      out += v.as_bool() ? "true" : "false";
      return true;
    case TypeKind::Number:
      if (v.as_number().is_infinite()) {
        error = "cannot serialize infinity as JSON";
        return false;
      }
      if (!v.as_number().has_decimal_text()) {
        // Go would print tens of thousands of digits here; Number does not, and an error is
        // better than a hexadecimal form that is not JSON.
        error = "number is too large or too small to print as JSON";
        return false;
      }
      out += v.as_number().to_string();
      return true;
    case TypeKind::String:
      append_json_quoted(out, v.as_string());
      return true;
    case TypeKind::List:
    case TypeKind::Set:
    case TypeKind::Tuple:
    case TypeKind::Map:
    case TypeKind::Object: {
      const bool sequence = is_sequence(v.type().kind());
      out += sequence ? '[' : '{';
      bool wrote = false;
      if (!encode_items(v, 0, v.length(), out, error, nulls, wrote)) return false;
      out += sequence ? ']' : '}';
      return true;
    }
    case TypeKind::Dynamic:
      break;  // a known value never has the dynamic type
  }
  error = "cannot JSON-serialize dynamic";
  return false;
}

// ---- Go's encoding/json scanner (scanner.go), ported state for state. ----

enum class Scan {
  kContinue,
  kBeginLiteral,
  kBeginObject,
  kObjectKey,
  kObjectValue,
  kEndObject,
  kBeginArray,
  kArrayValue,
  kEndArray,
  kSkipSpace,
  kEnd,
  kError
};

enum class State {
  kBeginValueOrEmpty,
  kBeginValue,
  kBeginStringOrEmpty,
  kBeginString,
  kEndValue,
  kEndTop,
  kInString,
  kInStringEsc,
  kInStringEscU,
  kInStringEscU1,
  kInStringEscU12,
  kInStringEscU123,
  kNeg,
  k1,
  k0,
  kDot,
  kDot0,
  kE,
  kESign,
  kE0,
  kT,
  kTr,
  kTru,
  kF,
  kFa,
  kFal,
  kFals,
  kN,
  kNu,
  kNul,
  kError
};

enum class Parse : uint8_t { kObjectKey, kObjectValue, kArrayValue };

constexpr size_t kMaxNestingDepth = 10000;

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool is_hex(char c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// quoteChar: a byte as Go shows it in a syntax error ('x', '\n', '"', '\'', 'ÿ' for 0xFF, which
// Go quotes as the character U+00FF).
std::string quote_char(char c) {
  if (c == '\'') return "'\\''";
  if (c == '"') return "'\"'";
  std::string utf8;
  const auto b = static_cast<unsigned char>(c);
  if (b < 0x80) {
    utf8 += c;
  } else {
    utf8 += static_cast<char>(0xC0 | (b >> 6));
    utf8 += static_cast<char>(0x80 | (b & 0x3F));
  }
  const std::string quoted = go_quote(utf8);
  return "'" + quoted.substr(1, quoted.size() - 2) + "'";
}

class Scanner {
 public:
  void reset() {
    state_ = State::kBeginValue;
    parse_.clear();
    error_.clear();
    end_top_ = false;
  }
  const std::string& error() const { return error_; }

  Scan step(char c) {
    switch (state_) {
      case State::kBeginValueOrEmpty:
        if (is_space(c)) return Scan::kSkipSpace;
        if (c == ']') return end_value(c);
        return begin_value(c);
      case State::kBeginValue:
        return begin_value(c);
      case State::kBeginStringOrEmpty:
        if (is_space(c)) return Scan::kSkipSpace;
        if (c == '}') {
          parse_.back() = Parse::kObjectValue;
          return end_value(c);
        }
        return begin_string(c);
      case State::kBeginString:
        return begin_string(c);
      case State::kEndValue:
        return end_value(c);
      case State::kEndTop:
        return end_top(c);
      case State::kInString:
        if (c == '"') return next(State::kEndValue);
        if (c == '\\') return next(State::kInStringEsc);
        if (static_cast<unsigned char>(c) < 0x20) return fail(c, "in string literal");
        return Scan::kContinue;
      case State::kInStringEsc:
        switch (c) {
          case 'b':
          case 'f':
          case 'n':
          case 'r':
          case 't':
          case '\\':
          case '/':
          case '"':
            return next(State::kInString);
          case 'u':
            return next(State::kInStringEscU);
          default:
            return fail(c, "in string escape code");
        }
      case State::kInStringEscU:
      case State::kInStringEscU1:
      case State::kInStringEscU12:
      case State::kInStringEscU123:
        if (!is_hex(c)) return fail(c, "in \\u hexadecimal character escape");
        return next(state_ == State::kInStringEscU     ? State::kInStringEscU1
                    : state_ == State::kInStringEscU1  ? State::kInStringEscU12
                    : state_ == State::kInStringEscU12 ? State::kInStringEscU123
                                                       : State::kInString);
      case State::kNeg:
        if (c == '0') return next(State::k0);
        if (c >= '1' && c <= '9') return next(State::k1);
        return fail(c, "in numeric literal");
      case State::k1:
        if (is_digit(c)) return Scan::kContinue;
        return state0(c);
      case State::k0:
        return state0(c);
      case State::kDot:
        if (is_digit(c)) return next(State::kDot0);
        return fail(c, "after decimal point in numeric literal");
      case State::kDot0:
        if (is_digit(c)) return Scan::kContinue;
        if (c == 'e' || c == 'E') return next(State::kE);
        return end_value(c);
      case State::kE:
        if (c == '+' || c == '-') return next(State::kESign);
        return e_sign(c);
      case State::kESign:
        return e_sign(c);
      case State::kE0:
        if (is_digit(c)) return Scan::kContinue;
        return end_value(c);
      case State::kT:
        return literal(c, 'r', State::kTr, "in literal true (expecting 'r')");
      case State::kTr:
        return literal(c, 'u', State::kTru, "in literal true (expecting 'u')");
      case State::kTru:
        return literal(c, 'e', State::kEndValue, "in literal true (expecting 'e')");
      case State::kF:
        return literal(c, 'a', State::kFa, "in literal false (expecting 'a')");
      case State::kFa:
        return literal(c, 'l', State::kFal, "in literal false (expecting 'l')");
      case State::kFal:
        return literal(c, 's', State::kFals, "in literal false (expecting 's')");
      case State::kFals:
        return literal(c, 'e', State::kEndValue, "in literal false (expecting 'e')");
      case State::kN:
        return literal(c, 'u', State::kNu, "in literal null (expecting 'u')");
      case State::kNu:
        return literal(c, 'l', State::kNul, "in literal null (expecting 'l')");
      case State::kNul:
        return literal(c, 'l', State::kEndValue, "in literal null (expecting 'l')");
      case State::kError:
        return Scan::kError;
    }
    return Scan::kError;
  }

  // stateEndValue, which Decoder.readValue calls directly after a closing bracket.
  Scan end_value(char c) {
    if (parse_.empty()) {
      state_ = State::kEndTop;
      end_top_ = true;
      return end_top(c);
    }
    if (is_space(c)) {
      state_ = State::kEndValue;
      return Scan::kSkipSpace;
    }
    switch (parse_.back()) {
      case Parse::kObjectKey:
        if (c == ':') {
          parse_.back() = Parse::kObjectValue;
          state_ = State::kBeginValue;
          return Scan::kObjectKey;
        }
        return fail(c, "after object key");
      case Parse::kObjectValue:
        if (c == ',') {
          parse_.back() = Parse::kObjectKey;
          state_ = State::kBeginString;
          return Scan::kObjectValue;
        }
        if (c == '}') {
          pop();
          return Scan::kEndObject;
        }
        return fail(c, "after object key:value pair");
      case Parse::kArrayValue:
        if (c == ',') {
          state_ = State::kBeginValue;
          return Scan::kArrayValue;
        }
        if (c == ']') {
          pop();
          return Scan::kEndArray;
        }
        return fail(c, "after array element");
    }
    return fail(c, "");
  }

 private:
  Scan next(State s) {
    state_ = s;
    return Scan::kContinue;
  }
  Scan fail(char c, const char* context) {
    state_ = State::kError;
    error_ = "invalid character " + quote_char(c) + " " + context;
    return Scan::kError;
  }
  Scan push(char c, Parse p, Scan success) {
    parse_.push_back(p);
    if (parse_.size() <= kMaxNestingDepth) return success;
    return fail(c, "exceeded max depth");
  }
  void pop() {
    parse_.pop_back();
    if (parse_.empty()) {
      state_ = State::kEndTop;
      end_top_ = true;
    } else {
      state_ = State::kEndValue;
    }
  }
  Scan begin_value(char c) {
    if (is_space(c)) return Scan::kSkipSpace;
    switch (c) {
      case '{':
        state_ = State::kBeginStringOrEmpty;
        return push(c, Parse::kObjectKey, Scan::kBeginObject);
      case '[':
        state_ = State::kBeginValueOrEmpty;
        return push(c, Parse::kArrayValue, Scan::kBeginArray);
      case '"':
        state_ = State::kInString;
        return Scan::kBeginLiteral;
      case '-':
        state_ = State::kNeg;
        return Scan::kBeginLiteral;
      case '0':
        state_ = State::k0;
        return Scan::kBeginLiteral;
      case 't':
        state_ = State::kT;
        return Scan::kBeginLiteral;
      case 'f':
        state_ = State::kF;
        return Scan::kBeginLiteral;
      case 'n':
        state_ = State::kN;
        return Scan::kBeginLiteral;
      default:
        break;
    }
    if (c >= '1' && c <= '9') {
      state_ = State::k1;
      return Scan::kBeginLiteral;
    }
    return fail(c, "looking for beginning of value");
  }
  Scan begin_string(char c) {
    if (is_space(c)) return Scan::kSkipSpace;
    if (c == '"') {
      state_ = State::kInString;
      return Scan::kBeginLiteral;
    }
    return fail(c, "looking for beginning of object key string");
  }
  Scan end_top(char c) {
    if (!is_space(c)) fail(c, "after top-level value");
    return Scan::kEnd;
  }
  Scan state0(char c) {
    if (c == '.') return next(State::kDot);
    if (c == 'e' || c == 'E') return next(State::kE);
    return end_value(c);
  }
  Scan e_sign(char c) {
    if (is_digit(c)) return next(State::kE0);
    return fail(c, "in exponent of numeric literal");
  }
  Scan literal(char c, char want, State then, const char* context) {
    if (c == want) return next(then);
    return fail(c, context);
  }

  State state_ = State::kBeginValue;
  std::vector<Parse> parse_;
  std::string error_;
  bool end_top_ = false;
};

// A json.Token: a delimiter, a string, a number (its text, as with UseNumber), a bool or null.
struct Token {
  enum class Kind { kDelim, kString, kNumber, kBool, kNull } kind = Kind::kNull;
  char delim = 0;
  std::string text;  // string contents or number text
  bool boolean = false;
  bool is_delim(char d) const { return kind == Kind::kDelim && delim == d; }
};

// The matching closing bracket of each opening bracket of a document, found in one pass. Only
// consulted inside values the scanner has already accepted, where strings and brackets are
// well formed, so that reading a nested value again need not rescan it (which would make
// deeply nested input quadratic).
class Brackets {
 public:
  explicit Brackets(std::string_view doc) : base_(doc.data()), close_(doc.size(), kNone) {
    std::vector<size_t> open;
    bool in_string = false, escaped = false;
    for (size_t i = 0; i < doc.size(); ++i) {
      const char c = doc[i];
      if (in_string) {
        if (escaped)
          escaped = false;
        else if (c == '\\')
          escaped = true;
        else if (c == '"')
          in_string = false;
      } else if (c == '"') {
        in_string = true;
      } else if (c == '[' || c == '{') {
        open.push_back(i);
      } else if ((c == ']' || c == '}') && !open.empty()) {
        close_[open.back()] = i;
        open.pop_back();
      }
    }
  }
  // Just past the bracket matching the one at `p`.
  const char* end_of(const char* p) const {
    return base_ + close_[static_cast<size_t>(p - base_)] + 1;
  }

 private:
  static constexpr size_t kNone = static_cast<size_t>(-1);
  const char* base_;
  std::vector<size_t> close_;
};

// Go's json.Decoder over a complete buffer, with the Token API's state machine. With `trusted`,
// the buffer is a value the scanner accepted before, so values are delimited without it.
class Decoder {
 public:
  explicit Decoder(std::string_view buf, const Brackets* trusted = nullptr)
      : buf_(buf), trusted_(trusted) {}

  // Decoder.Token.
  bool token(Token& tok, std::string& error) {
    for (;;) {
      char c = 0;
      if (!peek(c, error)) return false;
      switch (c) {
        case '[':
        case '{':
          if (!value_allowed()) return token_error(c, error);
          ++scanp_;
          stack_.push_back(state_);
          state_ = c == '[' ? TokenState::kArrayStart : TokenState::kObjectStart;
          tok = Token{Token::Kind::kDelim, c, {}, false};
          return true;
        case ']':
        case '}': {
          const bool ok =
              c == ']' ? (state_ == TokenState::kArrayStart || state_ == TokenState::kArrayComma)
                       : (state_ == TokenState::kObjectStart || state_ == TokenState::kObjectComma);
          if (!ok) return token_error(c, error);
          ++scanp_;
          state_ = stack_.back();
          stack_.pop_back();
          value_end();
          tok = Token{Token::Kind::kDelim, c, {}, false};
          return true;
        }
        case ':':
          if (state_ != TokenState::kObjectColon) return token_error(c, error);
          ++scanp_;
          state_ = TokenState::kObjectValue;
          continue;
        case ',':
          if (state_ == TokenState::kArrayComma) {
            ++scanp_;
            state_ = TokenState::kArrayValue;
            continue;
          }
          if (state_ == TokenState::kObjectComma) {
            ++scanp_;
            state_ = TokenState::kObjectKey;
            continue;
          }
          return token_error(c, error);
        case '"':
          if (state_ == TokenState::kObjectStart || state_ == TokenState::kObjectKey) {
            const TokenState old = state_;
            state_ = TokenState::kTopValue;
            std::string_view raw;
            const bool ok = decode(raw, error);
            state_ = old;
            if (!ok) return false;
            state_ = TokenState::kObjectColon;
            tok = Token{Token::Kind::kString, 0, base::json_unquote(raw), false};
            return true;
          }
          [[fallthrough]];
        default: {
          if (!value_allowed()) return token_error(c, error);
          std::string_view raw;
          if (!decode(raw, error)) return false;
          tok = scalar(raw);
          return true;
        }
      }
    }
  }

  // Decoder.More.
  bool more() {
    char c = 0;
    std::string ignored;
    return peek(c, ignored) && c != ']' && c != '}';
  }

  // Decoder.Decode into a json.RawMessage: the next value's text.
  bool decode(std::string_view& raw, std::string& error) {
    if (!sticky_.empty()) {
      error = sticky_;
      return false;
    }
    if (state_ == TokenState::kArrayComma || state_ == TokenState::kObjectColon) {
      char c = 0;
      if (!peek(c, error)) return false;
      const bool array = state_ == TokenState::kArrayComma;
      if (c != (array ? ',' : ':')) {
        error = array ? "expected comma after array element" : "expected colon after object key";
        return false;
      }
      ++scanp_;
      state_ = array ? TokenState::kArrayValue : TokenState::kObjectValue;
    }
    if (!value_allowed()) {
      error = "not at beginning of value";
      return false;
    }
    size_t n = 0;
    if (!read_value(n, error)) return false;
    raw = buf_.substr(scanp_, n);
    scanp_ += n;
    value_end();
    return true;
  }

 private:
  enum class TokenState {
    kTopValue,
    kArrayStart,
    kArrayValue,
    kArrayComma,
    kObjectStart,
    kObjectKey,
    kObjectColon,
    kObjectValue,
    kObjectComma
  };

  bool peek(char& c, std::string& error) {
    while (scanp_ < buf_.size() && is_space(buf_[scanp_])) ++scanp_;
    if (scanp_ >= buf_.size()) {
      error = "EOF";
      return false;
    }
    c = buf_[scanp_];
    return true;
  }

  bool value_allowed() const {
    return state_ == TokenState::kTopValue || state_ == TokenState::kArrayStart ||
           state_ == TokenState::kArrayValue || state_ == TokenState::kObjectValue;
  }

  void value_end() {
    if (state_ == TokenState::kArrayStart || state_ == TokenState::kArrayValue)
      state_ = TokenState::kArrayComma;
    else if (state_ == TokenState::kObjectValue)
      state_ = TokenState::kObjectComma;
  }

  bool token_error(char c, std::string& error) const {
    const char* context = "";
    switch (state_) {
      case TokenState::kTopValue:
      case TokenState::kArrayStart:
      case TokenState::kArrayValue:
      case TokenState::kObjectValue:
        context = " looking for beginning of value";
        break;
      case TokenState::kArrayComma:
        context = " after array element";
        break;
      case TokenState::kObjectKey:
        context = " looking for beginning of object key string";
        break;
      case TokenState::kObjectColon:
        context = " after object key";
        break;
      case TokenState::kObjectComma:
        context = " after object key:value pair";
        break;
      case TokenState::kObjectStart:
        break;
    }
    error = "invalid character " + quote_char(c) + context;
    return false;
  }

  // Decoder.readValue: the length of the value starting at scanp_ (leading spaces included).
  bool read_value(size_t& n, std::string& error) {
    if (trusted_ != nullptr) {
      n = skip_trusted_value() - scanp_;
      return true;
    }
    scan_.reset();
    size_t p = scanp_;
    bool ended = false;
    for (; p < buf_.size() && !ended; ++p) {
      const Scan s = scan_.step(buf_[p]);
      if (s == Scan::kEnd) break;  // the byte that ended a number is not part of it
      if ((s == Scan::kEndObject || s == Scan::kEndArray) && scan_.end_value(' ') == Scan::kEnd)
        ended = true;  // the loop's ++p takes the closing bracket
      if (s == Scan::kError) {
        sticky_ = error = scan_.error();
        return false;
      }
    }
    // At the end of the input a space is fed in to finish a number or a literal.
    if (!ended && p >= buf_.size() && scan_.step(' ') != Scan::kEnd) {
      bool non_space = false;
      for (char c : buf_) non_space = non_space || !is_space(c);
      sticky_ = error = non_space ? "unexpected EOF" : "EOF";
      return false;
    }
    n = p - scanp_;
    return true;
  }

  // Where a value the scanner accepted before ends, given where it starts (spaces first).
  size_t skip_trusted_value() const {
    size_t p = scanp_;
    while (p < buf_.size() && is_space(buf_[p])) ++p;
    if (p >= buf_.size()) return p;
    const char c = buf_[p];
    if (c == '[' || c == '{')
      return static_cast<size_t>(trusted_->end_of(buf_.data() + p) - buf_.data());
    if (c == '"') {
      for (++p; p < buf_.size() && buf_[p] != '"'; ++p)
        if (buf_[p] == '\\') ++p;
      return p + 1;
    }
    while (p < buf_.size() && !is_space(buf_[p]) && buf_[p] != ',' && buf_[p] != ']' &&
           buf_[p] != '}' && buf_[p] != ':')
      ++p;
    return p;
  }

  // What Decode into an interface{} makes of a scalar (UseNumber: numbers keep their text).
  static Token scalar(std::string_view raw) {
    while (!raw.empty() && is_space(raw.front())) raw.remove_prefix(1);
    switch (raw.front()) {
      case '"':
        return Token{Token::Kind::kString, 0, base::json_unquote(raw), false};
      case 't':
        return Token{Token::Kind::kBool, 0, {}, true};
      case 'f':
        return Token{Token::Kind::kBool, 0, {}, false};
      case 'n':
        return Token{Token::Kind::kNull, 0, {}, false};
      default:
        return Token{Token::Kind::kNumber, 0, std::string(raw), false};
    }
  }

  std::string_view buf_;
  size_t scanp_ = 0;
  TokenState state_ = TokenState::kTopValue;
  std::vector<TokenState> stack_;
  std::string sticky_;  // Decoder.err: a read error repeats on every later Decode
  Scanner scan_;
  const Brackets* trusted_;
};

// ---- cty's json.ImpliedType (type_implied.go). ----

bool implied_for_token(const Token& tok, Decoder& dec, Type& out, std::string& error);

bool implied_type(Decoder& dec, Type& out, std::string& error) {
  Token tok;
  if (!dec.token(tok, error)) return false;
  return implied_for_token(tok, dec, out, error);
}

bool implied_for_token(const Token& tok, Decoder& dec, Type& out, std::string& error) {
  switch (tok.kind) {
    case Token::Kind::kNull:
      out = Type::dynamic();
      return true;
    case Token::Kind::kBool:
      out = Type::boolean();
      return true;
    case Token::Kind::kNumber:
      out = Type::number();
      return true;
    case Token::Kind::kString:
      out = Type::string();
      return true;
    case Token::Kind::kDelim:
      break;
  }
  if (tok.delim == '{') {
    // A repeated key keeps its last type (cty 1.16.2 began rejecting differing duplicates).
    std::vector<Attribute> attrs;
    for (;;) {
      Token t;
      if (!dec.token(t, error)) return false;
      if (t.kind == Token::Kind::kDelim) {
        if (t.delim != '}') {
          error = std::string("unexpected delimiter '") + t.delim + "'";
          return false;
        }
        break;
      }
      const std::string key = t.text;  // the Token API only yields strings here
      Token value;
      if (!dec.token(value, error)) return false;
      Type aty;
      if (!implied_for_token(value, dec, aty, error)) return false;
      attrs.push_back({key, aty});
    }
    out = Type::object(std::move(attrs));
    return true;
  }
  if (tok.delim == '[') {
    std::vector<Type> etys;
    for (;;) {
      Token t;
      if (!dec.token(t, error)) return false;
      if (t.is_delim(']')) break;
      Type ety;
      if (!implied_for_token(t, dec, ety, error)) return false;
      etys.push_back(ety);
    }
    out = Type::tuple(std::move(etys));
    return true;
  }
  error = std::string("unexpected token '") + tok.delim + "'";
  return false;
}

// ---- cty's json.Unmarshal (unmarshal.go) for the types ImpliedType produces. ----

bool unmarshal(std::string_view buf, const Type& t, const Brackets& brackets, bool trusted,
               Value& out, std::string& error);

bool require_delim(Decoder& dec, char d, std::string& error) {
  Token tok;
  if (!dec.token(tok, error)) return false;
  if (!tok.is_delim(d)) {
    error = std::string("missing expected ") + d;
    return false;
  }
  return true;
}

bool require_object_key(Decoder& dec, std::string& key, std::string& error) {
  Token tok;
  if (!dec.token(tok, error)) return false;
  if (tok.kind != Token::Kind::kString) {
    error = "missing expected object key";
    return false;
  }
  key = tok.text;
  return true;
}

bool unmarshal_primitive(const Token& tok, const Type& t, Value& out, std::string& error) {
  switch (t.kind()) {
    case TypeKind::Bool:
      if (tok.kind == Token::Kind::kBool) {
        out = Value::boolean(tok.boolean);
        return true;
      }
      if (tok.kind == Token::Kind::kString) {
        Converted c = convert(Value::string(tok.text), t);
        if (!c.ok()) {
          error = c.error;
          return false;
        }
        out = std::move(c.value);
        return true;
      }
      error = "bool is required";
      return false;
    case TypeKind::Number: {
      if (tok.kind != Token::Kind::kNumber && tok.kind != Token::Kind::kString) {
        error = "number is required";
        return false;
      }
      std::optional<Number> n = Number::parse(tok.text);
      if (!n) {
        error = "a number is required";
        return false;
      }
      out = Value::number(std::move(*n));
      return true;
    }
    default:  // string
      if (tok.kind == Token::Kind::kString || tok.kind == Token::Kind::kNumber) {
        out = Value::string(tok.text);
        return true;
      }
      if (tok.kind == Token::Kind::kBool) {
        out = Value::string(tok.boolean ? "true" : "false");
        return true;
      }
      error = "string is required";
      return false;
  }
}

bool unmarshal_tuple(std::string_view buf, const std::vector<Type>& etys, const Brackets& brackets,
                     bool trusted, Value& out, std::string& error) {
  Decoder dec(buf, trusted ? &brackets : nullptr);
  if (!require_delim(dec, '[', error)) return false;
  std::vector<Value> values;
  while (dec.more()) {
    if (values.size() >= etys.size()) {
      error = "too many tuple elements (need " + std::to_string(etys.size()) + ")";
      return false;
    }
    std::string_view raw;
    if (!dec.decode(raw, error)) {
      error = "failed to read tuple value: " + error;
      return false;
    }
    Value element;
    if (!unmarshal(raw, etys[values.size()], brackets, true, element, error)) return false;
    values.push_back(std::move(element));
  }
  if (!require_delim(dec, ']', error)) return false;
  if (values.size() != etys.size()) {
    error = "not enough tuple elements (need " + std::to_string(etys.size()) + ")";
    return false;
  }
  out = Value::tuple(std::move(values));
  return true;
}

const Type* exact_attribute(const Type& t, const std::string& name) {
  for (const Attribute& a : t.attributes())
    if (a.name == name) return &a.type;
  return nullptr;
}

bool unmarshal_object(std::string_view buf, const Type& t, const Brackets& brackets, bool trusted,
                      Value& out, std::string& error) {
  Decoder dec(buf, trusted ? &brackets : nullptr);
  if (!require_delim(dec, '{', error)) return false;
  Entries values;
  while (dec.more()) {
    std::string key;
    if (!require_object_key(dec, key, error)) {
      error = "failed to read object key: " + error;
      return false;
    }
    // cty looks the raw key up among the NFC names of the type it implied, so a key that is not
    // in NFC is "unsupported" here even though it named the attribute.
    const Type* aty = exact_attribute(t, key);
    if (aty == nullptr) {
      error = "unsupported attribute " + go_quote(key);
      return false;
    }
    std::string_view raw;
    if (!dec.decode(raw, error)) {
      error = "failed to read object value: " + error;
      return false;
    }
    Value element;
    if (!unmarshal(raw, *aty, brackets, true, element, error)) return false;
    values.emplace_back(std::move(key), std::move(element));  // a repeated key: the last wins
  }
  if (!require_delim(dec, '}', error)) return false;
  for (const Attribute& a : t.attributes()) {
    const bool present = std::any_of(values.begin(), values.end(),
                                     [&](const auto& entry) { return entry.first == a.name; });
    if (!present) values.emplace_back(a.name, Value::null(a.type));
  }
  out = Value::object(std::move(values));
  return true;
}

// unmarshalDynamic: a dynamic type here comes from a null under a repeated key; cty reads a
// {"value":...,"type":...} wrapper then. Only the shape checks are ported; the wrapped value is
// decoded by its implied type.
bool unmarshal_dynamic(std::string_view buf, Value& out, std::string& error) {
  Decoder dec(buf);
  if (!require_delim(dec, '{', error)) return false;
  std::optional<std::string_view> body;
  bool has_type = false;
  while (dec.more()) {
    std::string key;
    if (!require_object_key(dec, key, error)) {
      error = "failed to read dynamic type descriptor key: " + error;
      return false;
    }
    std::string_view raw;
    if (!dec.decode(raw, error)) {
      error = "failed to read dynamic type descriptor value: " + error;
      return false;
    }
    if (key == "type") {
      has_type = true;
    } else if (key == "value") {
      body = raw;
    } else {
      error = "invalid key " + go_quote(key) + " in dynamically-typed value";
      return false;
    }
  }
  if (!require_delim(dec, '}', error)) return false;
  if (!has_type) {
    error = "missing type in dynamically-typed value";
    return false;
  }
  if (!body) {
    error = "missing value in dynamically-typed value";
    return false;
  }
  ParsedJson parsed = value_from_json(*body);
  if (!parsed.ok()) {
    error = parsed.error;
    return false;
  }
  out = std::move(parsed.value);
  return true;
}

// A value read with the scanner once (`trusted`) is delimited without it when read again.
bool unmarshal(std::string_view buf, const Type& t, const Brackets& brackets, bool trusted,
               Value& out, std::string& error) {
  Decoder dec(buf, trusted ? &brackets : nullptr);
  Token tok;
  if (!dec.token(tok, error)) return false;
  if (tok.kind == Token::Kind::kNull) {
    out = Value::null(t);
    return true;
  }
  if (t.is_dynamic()) return unmarshal_dynamic(buf, out, error);
  if (t.is_primitive()) return unmarshal_primitive(tok, t, out, error);
  if (t.is_tuple()) return unmarshal_tuple(buf, t.tuple_elements(), brackets, trusted, out, error);
  if (t.is_object()) return unmarshal_object(buf, t, brackets, trusted, out, error);
  error = "unsupported type " + t.friendly_name();
  return false;
}

ParsedJson decode_document(std::string_view json) {
  Decoder dec(json);
  Type type;
  std::string error;
  if (!implied_type(dec, type, error)) return {Value(), error};
  if (dec.more()) return {Value(), "extraneous data after JSON object"};
  Value value;
  const Brackets brackets(json);
  if (!unmarshal(json, type, brackets, false, value, error)) return {Value(), error};
  return {std::move(value), {}};
}

// Bracket depth of the text, to tell whether decoding needs a large stack.
size_t bracket_depth(std::string_view json) {
  size_t depth = 0, max_depth = 0;
  for (char c : json) {
    if (c == '[' || c == '{') max_depth = std::max(max_depth, ++depth);
    if ((c == ']' || c == '}') && depth > 0) --depth;
  }
  return max_depth;
}

// A text expected to be at least this long is written in two halves at once.
constexpr size_t kTwoHalvesBytes = size_t{1} << 20;

// Where a value's text can be cut in two: the first known container with two entries or more,
// down from the value through containers of one entry each, and the text around that
// container's entries (its brackets included).
struct Cut {
  const Value* container = nullptr;
  std::string before, after;
};

std::optional<Cut> find_cut(const Value& value, NullProperties nulls) {
  Cut cut;
  for (const Value* v = &value;;) {
    const TypeKind kind = v->type().kind();
    if (!v->is_known() || v->is_null() ||
        !(is_sequence(kind) || kind == TypeKind::Map || kind == TypeKind::Object))
      return std::nullopt;
    const bool sequence = is_sequence(kind);
    cut.before += sequence ? '[' : '{';
    if (v->length() >= 2) {
      cut.container = v;
      cut.after.insert(0, 1, sequence ? ']' : '}');
      return cut;
    }
    if (v->length() == 0) return std::nullopt;
    const Value* only = sequence ? &v->elements()[0] : &v->entries()[0].value;
    if (!sequence) {
      if (nulls == NullProperties::Omit && only->is_null()) return std::nullopt;
      append_json_quoted(cut.before, v->entries()[0].key);
      cut.before += ':';
    }
    cut.after.insert(0, 1, sequence ? ']' : '}');
    v = only;
  }
}

}  // namespace

JsonText value_to_json(const Value& value, NullProperties nulls, size_t expected_bytes) {
  JsonText out;
  out.json.reserve(expected_bytes);
  const std::optional<Cut> cut = expected_bytes >= kTwoHalvesBytes && base::has_second_core()
                                     ? find_cut(value, nulls)
                                     : std::nullopt;
  if (!cut) {
    // Encoding recurses per level of nesting, which values from deeply nested input have plenty
    // of.
    base::run_on_large_stack([&] {
      if (!encode(value, out.json, out.error, nulls)) out.json.clear();
    });
    return out;
  }
  // The container's later entries are written on a second thread into a text of their own,
  // while the earlier ones are written here; the first error in the text's order is the one
  // reported, as writing it in one go would.
  const size_t count = cut->container->length(), half = count / 2;
  std::string later, later_error;
  bool later_ok = false, later_wrote = false;
  base::LargeStackTask later_half([&] {
    later.reserve(expected_bytes / 2);
    later_ok = encode_items(*cut->container, half, count, later, later_error, nulls, later_wrote);
  });
  bool ok = false, wrote = false;
  base::run_on_large_stack([&] {
    out.json += cut->before;
    ok = encode_items(*cut->container, 0, half, out.json, out.error, nulls, wrote);
    later_half.wait();  // here too on a large stack, should the later half run here
  });
  if (ok && !later_ok) out.error = std::move(later_error);
  if (!ok || !later_ok) {
    out.json.clear();
    return out;
  }
  if (wrote && later_wrote) out.json += ',';
  out.json += later;
  out.json += cut->after;
  return out;
}

JsonText value_to_json_with_type(const Value& value) {
  // A null or unknown of the dynamic type itself gets no wrapper: cty marshals it as it is.
  if (value.type().is_dynamic()) return value_to_json(value);
  JsonText out;
  out.json = "{\"value\":";
  base::run_on_large_stack([&] { encode(value, out.json, out.error); });
  out.json += ",\"type\":" + type_to_json(value.type()) + "}";
  return out;
}

std::string type_to_json(const Type& type) {
  switch (type.kind()) {
    case TypeKind::Dynamic:
      return "\"dynamic\"";
    case TypeKind::String:
      return "\"string\"";
    case TypeKind::Number:
      return "\"number\"";
    case TypeKind::Bool:
      return "\"bool\"";
    case TypeKind::List:
      return "[\"list\"," + type_to_json(type.element()) + "]";
    case TypeKind::Set:
      return "[\"set\"," + type_to_json(type.element()) + "]";
    case TypeKind::Map:
      return "[\"map\"," + type_to_json(type.element()) + "]";
    case TypeKind::Tuple: {
      std::string out = "[\"tuple\",[";
      for (size_t i = 0; i < type.tuple_elements().size(); ++i)
        out += (i ? "," : "") + type_to_json(type.tuple_elements()[i]);
      return out + "]]";
    }
    case TypeKind::Object: {
      std::string out = "[\"object\",{";
      bool first = true;
      for (const Attribute& a : type.attributes()) {
        out += (first ? "" : ",") + json_quote(a.name) + ":" + type_to_json(a.type);
        first = false;
      }
      out += "}";
      if (!type.optional_attributes().empty()) {
        out += ",[";
        for (size_t i = 0; i < type.optional_attributes().size(); ++i)
          out += (i ? "," : "") + json_quote(type.optional_attributes()[i]);
        out += "]";
      }
      return out + "]";
    }
  }
  return "\"dynamic\"";
}

ParsedJson value_from_json(std::string_view json) {
  // Each level of nesting costs a few frames of recursion.
  if (bracket_depth(json) < 256 || base::on_large_stack()) return decode_document(json);
  ParsedJson result;
  base::call_with_large_stack([&] { result = decode_document(json); });
  return result;
}

}  // namespace hclspec::types
