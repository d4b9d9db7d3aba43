// Unicode helpers: identifier and grapheme classes from tables made from ICU at build time,
// ASCII answered first.
#include "base/unicode.hpp"

#include <algorithm>
#include <cstring>
#include <span>

#include "base/icu.hpp"

namespace hclspec::base {

uint32_t decode_utf8(std::string_view text, size_t pos, size_t& length) {
  const auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(pos);
  length = 1;
  if (lead < 0x80) return lead;
  size_t need;
  uint32_t cp;
  if (lead >= 0xC0 && lead <= 0xDF) {
    need = 1;
    cp = lead & 0x1Fu;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    need = 2;
    cp = lead & 0x0Fu;
  } else if (lead >= 0xF0 && lead <= 0xF7) {
    need = 3;
    cp = lead & 0x07u;
  } else {
    return kInvalidCodePoint;
  }
  if (pos + need >= text.size()) return kInvalidCodePoint;
  for (size_t i = 1; i <= need; ++i) {
    const unsigned char c = byte(pos + i);
    if ((c & 0xC0) != 0x80) return kInvalidCodePoint;
    cp = (cp << 6) | (c & 0x3Fu);
  }
  length = need + 1;
  return cp;
}

namespace {

// Grapheme_Cluster_Break values the rules below tell apart.
enum class Gcb : uint8_t {
  Other,
  CR,
  LF,
  Control,
  Extend,
  ZWJ,
  RegionalIndicator,
  Prepend,
  SpacingMark,
  L,
  V,
  T,
  LV,
  LVT
};

// kIdStartEdges, kIdContinueEdges, kExtendedPictographicEdges, kGraphemeBreakStarts and
// kGraphemeBreaks, for code points from 0x80 on (engine/base/unicode_tables_gen.cpp).
#include "base/unicode_tables.inc"

// Whether `cp` (0x80 or more) has the property whose edges are `edges`: it turns on at the
// first edge, off at the second, and so on.
bool within_edges(std::span<const uint32_t> edges, uint32_t cp) {
  return (std::upper_bound(edges.begin(), edges.end(), cp) - edges.begin()) % 2 == 1;
}

}  // namespace

bool is_id_start(uint32_t cp) {
  if (cp < 0x80) return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z');
  return within_edges(kIdStartEdges, cp);
}

bool is_id_continue(uint32_t cp) {
  if (cp < 0x80)
    return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || (cp >= '0' && cp <= '9') ||
           cp == '_';
  return within_edges(kIdContinueEdges, cp);
}

namespace {

constexpr uint32_t kReplacement = 0xFFFD;

// strconv.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space.
bool is_print(uint32_t cp) {
  if (cp == ' ') return true;
  switch (icu::char_type(static_cast<UChar32>(cp))) {
    case U_UPPERCASE_LETTER:
    case U_LOWERCASE_LETTER:
    case U_TITLECASE_LETTER:
    case U_MODIFIER_LETTER:
    case U_OTHER_LETTER:
    case U_NON_SPACING_MARK:
    case U_ENCLOSING_MARK:
    case U_COMBINING_SPACING_MARK:
    case U_DECIMAL_DIGIT_NUMBER:
    case U_LETTER_NUMBER:
    case U_OTHER_NUMBER:
    case U_DASH_PUNCTUATION:
    case U_START_PUNCTUATION:
    case U_END_PUNCTUATION:
    case U_CONNECTOR_PUNCTUATION:
    case U_OTHER_PUNCTUATION:
    case U_INITIAL_PUNCTUATION:
    case U_FINAL_PUNCTUATION:
    case U_MATH_SYMBOL:
    case U_CURRENCY_SYMBOL:
    case U_MODIFIER_SYMBOL:
    case U_OTHER_SYMBOL:
      return true;
    default:
      return false;
  }
}

void append_hex(std::string& out, uint32_t value, int digits) {
  static const char* const kHex = "0123456789abcdef";
  for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4) out += kHex[(value >> shift) & 15];
}

// hcl's Grapheme_Cluster_Break (Unicode 13's: see unicode_tables_gen.cpp).
Gcb grapheme_break_of(uint32_t cp) {
  if (cp < 0x80) {
    if (cp == '\r') return Gcb::CR;
    if (cp == '\n') return Gcb::LF;
    return cp < 0x20 || cp == 0x7F ? Gcb::Control : Gcb::Other;
  }
  const auto run =
      std::upper_bound(std::begin(kGraphemeBreakStarts), std::end(kGraphemeBreakStarts), cp) -
      std::begin(kGraphemeBreakStarts) - 1;
  return kGraphemeBreaks[run];
}

bool is_control_like(Gcb gcb) {
  return gcb == Gcb::Control || gcb == Gcb::CR || gcb == Gcb::LF;
}

}  // namespace

// UAX #29's extended grapheme clusters as of Unicode 13, the rules of go-textseg v13 that hcl
// and cty count columns and lengths with. ICU's own break iterator follows later Unicode
// versions (it keeps an Indic conjunct such as "क्ष" in one cluster, Unicode 15.1's GB9c), which
// would shift hclwrite's alignment. The properties are ICU's, compiled in.
size_t count_graphemes(std::string_view text) {
  if (is_ascii(text)) {
    size_t count = text.size();
    for (size_t i = 0; i + 1 < text.size(); ++i)
      if (text[i] == '\r' && text[i + 1] == '\n') --count;
    return count;
  }
  size_t count = 0;
  Gcb previous = Gcb::Control;          // the start of the text breaks (GB1)
  bool pictographic_run = false;        // the text so far ends in Extended_Pictographic Extend*
  bool zwj_after_pictographic = false;  // ... then a ZWJ, just before this character (GB11)
  size_t regional_indicators = 0;       // regional indicators just before this character
  for (size_t pos = 0; pos < text.size();) {
    size_t length;
    uint32_t cp = decode_utf8(text, pos, length);
    if (cp == kInvalidCodePoint) cp = kReplacement;  // as Go decodes a broken byte
    pos += length;
    const Gcb current = grapheme_break_of(cp);
    const bool pictographic = cp >= 0x80 && within_edges(kExtendedPictographicEdges, cp);
    bool joins;
    if (previous == Gcb::CR && current == Gcb::LF)
      joins = true;  // GB3
    else if (is_control_like(previous) || is_control_like(current))
      joins = false;  // GB4, GB5
    else
      joins = (previous == Gcb::L && (current == Gcb::L || current == Gcb::V ||
                                      current == Gcb::LV || current == Gcb::LVT)) ||  // GB6
              ((previous == Gcb::LV || previous == Gcb::V) &&
               (current == Gcb::V || current == Gcb::T)) ||                           // GB7
              ((previous == Gcb::LVT || previous == Gcb::T) && current == Gcb::T) ||  // GB8
              current == Gcb::Extend ||
              current == Gcb::ZWJ ||                                                // GB9
              current == Gcb::SpacingMark || previous == Gcb::Prepend ||            // GB9a, 9b
              (zwj_after_pictographic && pictographic) ||                           // GB11
              (current == Gcb::RegionalIndicator && regional_indicators % 2 == 1);  // GB12, 13
    if (!joins) ++count;
    zwj_after_pictographic = current == Gcb::ZWJ && pictographic_run;
    pictographic_run = pictographic || (current == Gcb::Extend && pictographic_run);
    regional_indicators = current == Gcb::RegionalIndicator ? regional_indicators + 1 : 0;
    previous = current;
  }
  return count;
}

size_t utf16_length(std::string_view text) {
  size_t units = 0;
  for (size_t pos = 0; pos < text.size();) {
    // Eight ASCII bytes at once: one unit each.
    if (pos + 8 <= text.size()) {
      uint64_t word;
      std::memcpy(&word, text.data() + pos, 8);
      if ((word & 0x8080808080808080ull) == 0) {
        units += 8;
        pos += 8;
        continue;
      }
    }
    size_t length;
    const uint32_t cp = decode_utf8(text, pos, length);
    units += (cp != kInvalidCodePoint && cp >= 0x10000) ? 2 : 1;
    pos += length;
  }
  return units;
}

size_t utf8_offset_of_utf16(std::string_view text, size_t units) {
  size_t pos = 0;
  while (pos < text.size() && units > 0) {
    size_t length;
    const uint32_t cp = decode_utf8(text, pos, length);
    const size_t width = (cp != kInvalidCodePoint && cp >= 0x10000) ? 2 : 1;
    if (width > units) break;
    units -= width;
    pos += length;
  }
  return pos;
}

void append_utf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

uint32_t decode_rune(std::string_view text, size_t pos, size_t& length) {
  const auto byte = [&](size_t i) { return static_cast<unsigned char>(text[pos + i]); };
  const unsigned char b0 = byte(0);
  length = 1;
  if (b0 < 0x80) return b0;
  size_t need = 0;
  unsigned char lo = 0x80, hi = 0xBF;  // the allowed range of the second byte
  uint32_t cp = 0;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    need = 1;
    cp = b0 & 0x1F;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    need = 2;
    cp = b0 & 0x0F;
    if (b0 == 0xE0) lo = 0xA0;  // no overlong forms
    if (b0 == 0xED) hi = 0x9F;  // no surrogates
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    need = 3;
    cp = b0 & 0x07;
    if (b0 == 0xF0) lo = 0x90;  // no overlong forms
    if (b0 == 0xF4) hi = 0x8F;  // nothing past U+10FFFF
  } else {
    return kReplacement;
  }
  if (pos + need >= text.size()) return kReplacement;  // truncated
  for (size_t i = 1; i <= need; ++i) {
    const unsigned char b = byte(i);
    if (b < (i == 1 ? lo : 0x80) || b > (i == 1 ? hi : 0xBF)) return kReplacement;
    cp = (cp << 6) | (b & 0x3F);
  }
  length = need + 1;
  return cp;
}

bool is_valid_utf8(std::string_view text) {
  for (size_t pos = 0; pos < text.size();) {
    size_t length = 0;
    if (decode_rune(text, pos, length) == kReplacement && length == 1) return false;
    pos += length;
  }
  return true;
}

std::string go_quote(std::string_view text) {
  std::string out = "\"";
  for (size_t pos = 0; pos < text.size();) {
    size_t length = 0;
    const uint32_t cp = decode_rune(text, pos, length);
    if (cp == kReplacement && length == 1) {
      out += "\\x";
      append_hex(out, static_cast<unsigned char>(text[pos]), 2);
    } else if (cp == '"' || cp == '\\') {
      out += '\\';
      out += static_cast<char>(cp);
    } else if (cp < 0x80 ? (cp >= 0x20 && cp < 0x7F) : is_print(cp)) {
      out.append(text.substr(pos, length));
    } else {
      switch (cp) {
        case '\a':
          out += "\\a";
          break;
        case '\b':
          out += "\\b";
          break;
        case '\f':
          out += "\\f";
          break;
        case '\n':
          out += "\\n";
          break;
        case '\r':
          out += "\\r";
          break;
        case '\t':
          out += "\\t";
          break;
        case '\v':
          out += "\\v";
          break;
        default:
          if (cp < ' ' || cp == 0x7F) {
            out += "\\x";
            append_hex(out, cp, 2);
          } else if (cp < 0x10000) {
            out += "\\u";
            append_hex(out, cp, 4);
          } else {
            out += "\\U";
            append_hex(out, cp, 8);
          }
      }
    }
    pos += length;
  }
  return out + "\"";
}

std::string json_unquote(std::string_view literal) {
  const std::string_view s = literal.substr(1, literal.size() - 2);
  std::string out;
  out.reserve(s.size());
  const auto hex4 = [&](size_t at) -> int32_t {
    if (at + 6 > s.size() || s[at] != '\\' || s[at + 1] != 'u') return -1;
    int32_t r = 0;
    for (size_t i = at + 2; i < at + 6; ++i) {
      const char c = s[i];
      const int d = (c >= '0' && c <= '9')   ? c - '0'
                    : (c >= 'a' && c <= 'f') ? c - 'a' + 10
                    : (c >= 'A' && c <= 'F') ? c - 'A' + 10
                                             : -1;
      if (d < 0) return -1;
      r = r * 16 + d;
    }
    return r;
  };
  const auto append = [&](uint32_t cp) { append_utf8(out, cp); };
  for (size_t r = 0; r < s.size();) {
    const char c = s[r];
    if (c == '\\') {
      const char e = s[r + 1];
      switch (e) {
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u': {
          int32_t rr = hex4(r);
          r += 6;
          if (rr >= 0xD800 && rr < 0xE000) {
            const int32_t rr1 = hex4(r);
            if (rr < 0xDC00 && rr1 >= 0xDC00 && rr1 < 0xE000) {
              r += 6;
              append(0x10000 + ((static_cast<uint32_t>(rr) - 0xD800) << 10) +
                     (static_cast<uint32_t>(rr1) - 0xDC00));
              continue;
            }
            rr = 0xFFFD;
          }
          append(static_cast<uint32_t>(rr));
          continue;
        }
        default:
          out += e;
          break;  // " \ /
      }
      r += 2;
      continue;
    }
    if (static_cast<unsigned char>(c) < 0x80) {
      out += c;
      ++r;
      continue;
    }
    size_t length = 0;
    append(decode_rune(s, r, length));
    r += length;
  }
  return out;
}

}  // namespace hclspec::base
