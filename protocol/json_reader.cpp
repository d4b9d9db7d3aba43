// Reading a JSON text into nlohmann::json: strings scanned eight bytes at a time, numbers as
// nlohmann reads them, containers on an explicit stack.
#include "protocol/json_reader.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

namespace hclspec::protocol {
namespace {

using nlohmann::json;

// Thrown inside the reader and caught by read_json: a failure unwinds many levels of reading.
struct ReadFailure {
  JsonReadError error;
};

// Eight bytes at a time: a word's bytes flagged by the high bit of each byte. Each test below
// flags exactly the first matching byte, but may also flag bytes after it (a borrow carries
// into the next byte), so only the first flag of a word is read.
constexpr uint64_t kEveryByte = 0x0101010101010101;
constexpr uint64_t kHighBits = 0x8080808080808080;

// The eight bytes from p, the first in the lowest bits.
uint64_t load_word(const char* p) {
  uint64_t word;
  std::memcpy(&word, p, sizeof word);
  if constexpr (std::endian::native == std::endian::big) word = __builtin_bswap64(word);
  return word;
}

uint64_t bytes_equal_to(uint64_t word, unsigned char byte) {
  const uint64_t differences = word ^ (kEveryByte * byte);
  return (differences - kEveryByte) & ~differences & kHighBits;
}

uint64_t bytes_below(uint64_t word, unsigned char bound) {
  return (word - kEveryByte * bound) & ~word & kHighBits;
}

// In a string, the bytes not copied as they are: a quote, a backslash, a control character (an
// error) and the bytes of multibyte UTF-8 sequences (to be checked).
bool is_string_stop(unsigned char byte) {
  return byte == '"' || byte == '\\' || byte < 0x20 || byte >= 0x80;
}

uint64_t string_stops(uint64_t word) {
  return bytes_equal_to(word, '"') | bytes_equal_to(word, '\\') | bytes_below(word, 0x20) |
         (word & kHighBits);
}

// The first byte from p that word_flags flags (and is_match matches, for the last few bytes), or
// end.
template <typename WordFlags, typename IsMatch>
const char* find_first(const char* p, const char* end, WordFlags word_flags, IsMatch is_match) {
  for (; end - p >= 8; p += 8)
    if (const uint64_t flags = word_flags(load_word(p)); flags != 0)
      return p + std::countr_zero(flags) / 8;
  while (p != end && !is_match(static_cast<unsigned char>(*p))) ++p;
  return p;
}

// The string's closing quote from p, inside the string: the first quote after an even number of
// backslashes (each backslash is looked at again by one quote at most); end when there is none.
const char* find_closing_quote(const char* p, const char* end) {
  for (;; ++p) {
    p = find_first(
        p, end, [](uint64_t word) { return bytes_equal_to(word, '"'); },
        [](unsigned char byte) { return byte == '"'; });
    if (p == end) return end;
    const char* backslashes = p;
    while (backslashes[-1] == '\\') --backslashes;  // the opening quote ends the run
    if ((p - backslashes) % 2 == 0) return p;
  }
}

// The length of the well-formed UTF-8 sequence at p (Unicode's table 3-7: no overlong forms, no
// surrogates, nothing above U+10FFFF), or 0.
size_t utf8_sequence_length(const char* p, const char* end) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(p);
  const size_t available = static_cast<size_t>(end - p);
  const unsigned char lead = bytes[0];
  if (lead < 0x80) return 1;
  size_t length = 0;
  unsigned char second_min = 0x80, second_max = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) {
    length = 2;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    if (lead == 0xe0) second_min = 0xa0;  // overlong
    if (lead == 0xed) second_max = 0x9f;  // surrogates
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    if (lead == 0xf0) second_min = 0x90;  // overlong
    if (lead == 0xf4) second_max = 0x8f;  // above U+10FFFF
  } else {
    return 0;
  }
  if (available < length || bytes[1] < second_min || bytes[1] > second_max) return 0;
  for (size_t k = 2; k < length; ++k)
    if (bytes[k] < 0x80 || bytes[k] > 0xbf) return 0;
  return length;
}

// Writes the code point's UTF-8 bytes at out and moves out past them.
void write_utf8(char*& out, uint32_t code_point) {
  const auto byte = [](uint32_t bits) { return static_cast<char>(bits); };
  if (code_point < 0x80) {
    *out++ = byte(code_point);
  } else if (code_point < 0x800) {
    *out++ = byte(0xc0 | code_point >> 6);
    *out++ = byte(0x80 | (code_point & 0x3f));
  } else if (code_point < 0x10000) {
    *out++ = byte(0xe0 | code_point >> 12);
    *out++ = byte(0x80 | (code_point >> 6 & 0x3f));
    *out++ = byte(0x80 | (code_point & 0x3f));
  } else {
    *out++ = byte(0xf0 | code_point >> 18);
    *out++ = byte(0x80 | (code_point >> 12 & 0x3f));
    *out++ = byte(0x80 | (code_point >> 6 & 0x3f));
    *out++ = byte(0x80 | (code_point & 0x3f));
  }
}

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

int hex_digit_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Up to this many digits, an integer fits 64 bits whatever its digits.
constexpr ptrdiff_t kDigitsThatFit = 18;

class Reader {
 public:
  // With `writable` (the text's own bytes), the first string of `adopt_from` bytes or more that
  // is an object member's value is decoded in place, into the text's first bytes (see
  // read_string_in_place), and left empty in the value: adopted() names it.
  Reader(std::string_view text, size_t max_depth, char* writable = nullptr,
         size_t adopt_from = SIZE_MAX)
      : begin_(text.data()),
        at_(text.data()),
        end_(text.data() + text.size()),
        max_depth_(max_depth),
        writable_(writable),
        adopt_from_(adopt_from) {}

  // The member whose value is the first adopted_size() bytes of the text, or null.
  json* adopted() const { return adopted_; }
  size_t adopted_size() const { return adopted_size_; }

  json read() {
    if (at_ != end_ && static_cast<unsigned char>(*at_) == 0xef) {
      if (!std::string_view(at_, end_).starts_with("\xef\xbb\xbf"))
        unexpected(at_, "a value or the byte order mark EF BB BF");
      at_ += 3;
    }
    json root;
    std::vector<json*> open;  // the containers being read, the innermost last
    json* slot = &root;       // where the next value goes
    for (;;) {
      const char first = next_token();
      if (first == '[' || first == '{') {
        if (open.size() == max_depth_) fail(JsonReadError::Kind::TooDeep, at_, {});
        ++at_;
        *slot = first == '[' ? json::array() : json::object();
        open.push_back(slot);
        if (next_token() != closing_bracket(*slot)) {
          slot = first == '[' ? &append_element(*slot) : &add_member(*slot, "a string key or '}'");
          continue;
        }
        ++at_;
        open.pop_back();
      } else {
        // A member's value stays where it is while the text is read (an object's members are
        // nodes of a map), unlike an array element or the root.
        read_scalar(*slot, !open.empty() && open.back()->is_object());
      }
      // After a value: containers closing, until a comma or the end of the text.
      for (;;) {
        if (open.empty()) {
          if (next_token() != '\0') unexpected(at_, "the end of the text after the value");
          return root;
        }
        json& container = *open.back();
        const char next = next_token();
        if (next == ',') {
          ++at_;
          slot = container.is_array() ? &append_element(container)
                                      : &add_member(container, "a string key");
          break;
        }
        if (next != closing_bracket(container))
          unexpected(at_, container.is_array() ? "',' or ']' after an array element"
                                               : "',' or '}' after an object member");
        ++at_;
        open.pop_back();
      }
    }
  }

 private:
  [[noreturn]] void fail(JsonReadError::Kind kind, const char* at, std::string reason) const {
    throw ReadFailure{{kind, static_cast<size_t>(at - begin_), std::move(reason)}};
  }

  // A syntax error at `at`, unless the byte there starts ill-formed UTF-8.
  [[noreturn]] void unexpected(const char* at, std::string_view expected) const {
    if (at != end_ && utf8_sequence_length(at, end_) == 0)
      fail(JsonReadError::Kind::InvalidUtf8, at, {});
    fail(JsonReadError::Kind::Syntax, at,
         "expected " + std::string(expected) + ", found " + describe(at));
  }

  std::string describe(const char* at) const {
    if (at == end_) return "the end of the text";
    const auto byte = static_cast<unsigned char>(*at);
    if (byte == 0) return "a NUL byte";
    if (byte >= 0x20 && byte < 0x7f) return std::string{'\'', static_cast<char>(byte), '\''};
    static constexpr char kHex[] = "0123456789ABCDEF";
    return std::string("byte 0x") + kHex[byte >> 4] + kHex[byte & 0xf];
  }

  // Skips white space and gives the byte there, '\0' at the end of the text; nlohmann also ends
  // the text at a NUL byte there.
  char next_token() {
    while (at_ != end_ && (*at_ == ' ' || *at_ == '\n' || *at_ == '\r' || *at_ == '\t')) ++at_;
    return at_ == end_ ? '\0' : *at_;
  }

  static char closing_bracket(const json& container) { return container.is_array() ? ']' : '}'; }

  static json& append_element(json& array) {
    return array.get_ref<json::array_t&>().emplace_back();
  }

  // Reads `"key":` and gives the member's value to fill; a key met again is the same member.
  json& add_member(json& object, std::string_view expected) {
    if (next_token() != '"') unexpected(at_, expected);
    std::string key = read_string();
    if (next_token() != ':') unexpected(at_, "':' after an object key");
    ++at_;
    const auto [member, added] = object.get_ref<json::object_t&>().try_emplace(std::move(key));
    // A key met again: its value is about to be replaced, and the string taken over may be in
    // it (or be it). Only replacing a member's value ever destroys a value being read, so the
    // string is given its copy now, while its member is sure to be alive.
    if (!added && adopted_ != nullptr) {
      *adopted_ = std::string(writable_, adopted_size_);
      adopted_ = nullptr;
    }
    return member->second;
  }

  void read_scalar(json& slot, bool is_member) {
    const char first = next_token();
    switch (first) {
      case '"':
        if (is_member && may_adopt_string()) {
          adopted_size_ = read_string_in_place();
          adopted_ = &slot;
          slot = std::string();
          return;
        }
        slot = read_string();
        return;
      case 't':
        read_literal("true");
        slot = true;
        return;
      case 'f':
        read_literal("false");
        slot = false;
        return;
      case 'n':
        read_literal("null");
        slot = nullptr;
        return;
      default:
        if (first == '-' || is_digit(first)) {
          slot = read_number();
          return;
        }
        unexpected(at_, "a value");
    }
  }

  void read_literal(std::string_view word) {
    for (size_t k = 0; k < word.size(); ++k)
      if (at_ + k == end_ || at_[k] != word[k])
        unexpected(at_ + k, "the literal " + std::string(word));
    at_ += word.size();
  }

  bool at_digit() const { return at_ != end_ && is_digit(*at_); }
  bool at_one_of(std::string_view bytes) const {
    return at_ != end_ && bytes.find(*at_) != bytes.npos;
  }
  void skip_digits() {
    while (at_digit()) ++at_;
  }

  // The JSON number grammar finds the number's end; nlohmann reads the number, so that its kind
  // (integer, unsigned, float) and value are nlohmann's.
  json read_number() {
    const char* const start = at_;
    const bool negative = *at_ == '-';
    if (negative) ++at_;
    if (!at_digit()) unexpected(at_, "a digit after '-'");
    if (*at_ == '0')
      ++at_;
    else
      skip_digits();
    const char* const digits_end = at_;
    if (at_one_of(".")) {
      ++at_;
      if (!at_digit()) unexpected(at_, "a digit after '.'");
      skip_digits();
    }
    if (at_one_of("eE")) {
      ++at_;
      if (at_one_of("+-")) ++at_;
      if (!at_digit()) unexpected(at_, "a digit in the exponent");
      skip_digits();
    }
    const char* const digits = start + negative;
    if (at_ == digits_end && digits_end - digits <= kDigitsThatFit) {
      // A short integer, converted here for speed: nlohmann gives a negative one a signed kind
      // and any other an unsigned one.
      uint64_t value = 0;
      for (const char* p = digits; p != digits_end; ++p) value = value * 10 + uint64_t(*p - '0');
      if (negative) return -static_cast<int64_t>(value);
      return value;
    }
    try {
      return json::parse(std::string_view(start, at_));
    } catch (const json::out_of_range&) {
      fail(JsonReadError::Kind::NumberOverflow, start, "the number is beyond a double's range");
    }
  }

  // From the opening quote to past the closing one.
  std::string read_string() {
    const char* const quote = at_;
    const char* const start = quote + 1;
    const char* in = find_first(start, end_, string_stops, is_string_stop);
    if (in != end_ && *in == '"') {
      at_ = in + 1;
      return std::string(start, in);
    }
    // Escapes only shorten the text and the other bytes are copied as they are, so the raw length
    // to the closing quote is room enough, with eight bytes more for words copied whole: one
    // allocation. The decoded text never gets ahead of the raw text it comes from.
    std::string text(static_cast<size_t>(find_closing_quote(in, end_) - start) + 8, '\0');
    char* const first = text.data();
    text.resize(static_cast<size_t>(decode_string(quote, in, std::copy(start, in, first)) - first));
    return text;
  }

  // The rest of the string whose opening quote is `quote`, from `in`, decoded to `out`, and at_
  // moved past its closing quote; where the value ends. Ordinary bytes are copied eight at a
  // time, each word before its first stop is looked for, so up to eight bytes are written past
  // the value's end: `out` is either another buffer with room for them, or the text's own bytes
  // at least eight before `in` (the value is never longer than the raw bytes it comes from, so
  // that distance only grows, and no byte not yet read is written over).
  char* decode_string(const char* quote, const char* in, char* out) {
    for (;;) {
      for (; end_ - in >= 8; in += 8, out += 8) {
        const uint64_t word = load_word(in);
        std::memcpy(out, &word, 8);
        if (const uint64_t stops = string_stops(word); stops != 0) {
          const int ordinary = std::countr_zero(stops) / 8;
          in += ordinary;
          out += ordinary;
          break;
        }
      }
      while (in != end_ && !is_string_stop(static_cast<unsigned char>(*in))) *out++ = *in++;
      if (in == end_) fail(JsonReadError::Kind::Syntax, quote, "a string without a closing quote");
      if (*in == '"') {
        at_ = in + 1;
        return out;
      }
      in = read_stop(in, out);
    }
  }

  // Whether the string at at_ is the one to decode in place: the first long enough, whose bytes
  // start at least eight bytes into the text (see decode_string).
  bool may_adopt_string() const {
    const char* const start = at_ + 1;
    if (writable_ == nullptr || adopted_ != nullptr || start - begin_ < 8 ||
        static_cast<size_t>(end_ - at_) < adopt_from_)
      return false;
    return static_cast<size_t>(find_closing_quote(start, end_) - start) >= adopt_from_;
  }

  // The value of the string at at_ written over the text's first bytes; its length. Every byte
  // before the string has been read already: the text's buffer becomes the value without a
  // fresh one (3 MB of pages for a large document's didOpen).
  size_t read_string_in_place() {
    return static_cast<size_t>(decode_string(at_, at_ + 1, writable_) - writable_);
  }

  // At a stop in a string other than its closing quote: writes what the escape or the multibyte
  // sequence at `in` stands for at out, or fails; gives the byte after it.
  const char* read_stop(const char* in, char*& out) const {
    const auto byte = static_cast<unsigned char>(*in);
    if (byte == '\\') return read_escape(in, out);
    if (byte < 0x20)
      fail(JsonReadError::Kind::Syntax, in,
           "a control character (" + describe(in) + ") in a string must be escaped");
    const size_t length = utf8_sequence_length(in, end_);
    if (length == 0) fail(JsonReadError::Kind::InvalidUtf8, in, {});
    std::memmove(out, in, length);
    out += length;
    return in + length;
  }

  // Writes what the escape at the backslash `at` stands for at out; gives the byte after it.
  const char* read_escape(const char* at, char*& out) const {
    const char* const letter = at + 1;
    const char escaped = letter == end_ ? '\0' : *letter;
    if (escaped != 'u') {
      static constexpr std::string_view kLetters = "\"\\/bfnrt";
      static constexpr std::string_view kMeanings = "\"\\/\b\f\n\r\t";
      const size_t which = kLetters.find(escaped);
      if (which == kLetters.npos) unexpected(letter, "one of \"\\/bfnrtu after a backslash");
      *out++ = kMeanings[which];
      return at + 2;
    }
    uint32_t code_point = read_hex4(at + 2);
    const char* after = at + 6;
    if (code_point >= 0xdc00 && code_point <= 0xdfff)
      fail(JsonReadError::Kind::Syntax, at, "a low surrogate escape without a high one before it");
    if (code_point >= 0xd800 && code_point <= 0xdbff) {
      const bool low_follows = end_ - after >= 6 && after[0] == '\\' && after[1] == 'u';
      const uint32_t low = low_follows ? read_hex4(after + 2) : 0;
      if (low < 0xdc00 || low > 0xdfff)
        fail(JsonReadError::Kind::Syntax, at, "a high surrogate escape without a low one after it");
      code_point = 0x10000 + ((code_point - 0xd800) << 10) + (low - 0xdc00);
      after += 6;
    }
    write_utf8(out, code_point);
    return after;
  }

  // The four hex digits from `at`, after "\u".
  uint32_t read_hex4(const char* at) const {
    uint32_t value = 0;
    for (const char* p = at; p != at + 4; ++p) {
      const int digit = p == end_ ? -1 : hex_digit_value(*p);
      if (digit < 0) unexpected(p, "4 hex digits after \\u");
      value = value << 4 | static_cast<uint32_t>(digit);
    }
    return value;
  }

  const char* const begin_;
  const char* at_;
  const char* const end_;
  const size_t max_depth_;
  char* const writable_;
  const size_t adopt_from_;
  json* adopted_ = nullptr;
  size_t adopted_size_ = 0;
};

}  // namespace

std::variant<json, JsonReadError> read_json(std::string_view text, size_t max_depth) {
  try {
    return Reader(text, max_depth).read();
  } catch (ReadFailure& failure) {
    return std::move(failure.error);
  }
}

std::variant<json, JsonReadError> read_json(std::string&& text, size_t max_depth,
                                            size_t adopt_from) {
  try {
    Reader reader(text, max_depth, text.data(), adopt_from);
    json value = reader.read();
    if (json* adopted = reader.adopted()) {
      text.resize(reader.adopted_size());
      *adopted = std::move(text);
    }
    return value;
  } catch (ReadFailure& failure) {
    return std::move(failure.error);
  }
}

bool same_json(const json& a, const json& b) {
  if (a.type() != b.type()) return false;
  if (a.is_structured()) {
    if (a.size() != b.size()) return false;
    for (auto x = a.begin(), y = b.begin(); x != a.end(); ++x, ++y)
      if ((a.is_object() && x.key() != y.key()) || !same_json(*x, *y)) return false;
    return true;
  }
  if (a.is_number_float() && std::signbit(a.get<double>()) != std::signbit(b.get<double>()))
    return false;
  return a == b;
}

}  // namespace hclspec::protocol
