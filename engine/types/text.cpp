// Unicode text operations: ICU (base/icu.hpp) for normalization, case mapping and character
// classes; the grapheme cluster rules are textseg's, written out here.
#include "types/text.hpp"

#include <algorithm>
#include <vector>

#include "base/icu.hpp"

namespace hclspec::types {

namespace {

constexpr uint32_t kReplacement = 0xFFFD;

// Calls `valid(run)` for each maximal run of valid UTF-8 and `broken(byte)` for each byte that
// is not part of one, in text order.
template <typename Valid, typename Broken>
void split_valid_runs(std::string_view text, Valid valid, Broken broken) {
  size_t start = 0, pos = 0;
  while (pos < text.size()) {
    size_t length = 0;
    const uint32_t cp = decode_rune(text, pos, length);
    if (cp == kReplacement && length == 1) {
      if (pos > start) valid(text.substr(start, pos - start));
      broken(text.substr(pos, 1));
      start = pos + 1;
    }
    pos += length;
  }
  if (pos > start) valid(text.substr(start, pos - start));
}

// Grapheme clusters as go-textseg v13 finds them, which is what cty counts. Its Ragel scanner
// takes, at each position, the longest match of these token patterns (Extension is
// (Extend | SpacingMark | ZWJ (Extended_Pictographic Extend*)?)*):
//   CR LF | Control | U+FFFD | Hangul syllable sequence Extension
//   | Extended_Pictographic Extension | ZWJ (ZWJ | Extend | SpacingMark)*
//   | Regional_Indicator Regional_Indicator? Extension
//   | Prepend+ (any of these but the first three)?
//   | any other character (Extend | ZWJ | SpacingMark)*
// and otherwise one character (a lone CR or LF, a byte that starts no UTF-8 sequence). This is
// close to UAX #29 but not the same: ZWJ and a pictograph extend a Hangul, emoji or flag
// sequence whatever precedes the ZWJ, yet not an ordinary letter ("a", ZWJ, "😀" is two
// clusters); U+FFFD breaks like a control. ICU's break iterator follows newer rules (it joins
// Devanagari conjuncts such as "क्ष", which cty counts as two). Character classes come from ICU
// (Unicode 15 where textseg has 13), so only characters new since then may differ.
class Clusters {
 public:
  explicit Clusters(std::string_view text) : text_(text) {}

  // The length of the cluster starting at `pos`.
  size_t length_at(size_t pos) const {
    size_t best = 0;
    const Char c = char_at(pos);
    if (c.cls == U_GCB_CR && char_at(pos + c.length).cls == U_GCB_LF) best = 2;
    if (c.control) best = std::max(best, c.length);
    best = std::max(best, sequence(pos));
    if (c.cls == U_GCB_PREPEND) {
      size_t end = pos;
      while (end < text_.size() && char_at(end).cls == U_GCB_PREPEND) end += char_at(end).length;
      best = std::max(best, end - pos + sequence(end));
    }
    if (best == 0) {  // no token matches: one Go rune
      size_t length = 0;
      decode_rune(text_, pos, length);
      best = length;
    }
    return best;
  }

 private:
  struct Char {
    size_t length = 0;  // 0 past the end or where no UTF-8-shaped sequence starts
    int32_t cls = U_GCB_OTHER;
    bool pictographic = false;
    bool control = false;  // Control or U+FFFD
  };

  // The character at `pos` as textseg's byte patterns see it: any UTF-8-shaped sequence (lead
  // byte, then continuation bytes, overlong and surrogate forms included); only valid ones have
  // character classes.
  Char char_at(size_t pos) const {
    Char c;
    if (pos >= text_.size()) return c;
    const auto b0 = static_cast<unsigned char>(text_[pos]);
    const size_t need = b0 < 0x80   ? 0
                        : b0 < 0xC0 ? 9
                        : b0 < 0xE0 ? 1
                        : b0 < 0xF0 ? 2
                        : b0 < 0xF8 ? 3
                                    : 9;
    if (need == 9 || pos + need >= text_.size()) return c;
    for (size_t i = 1; i <= need; ++i)
      if ((static_cast<unsigned char>(text_[pos + i]) & 0xC0) != 0x80) return c;
    c.length = need + 1;
    size_t valid_length = 0;
    const uint32_t cp = decode_rune(text_, pos, valid_length);
    if (valid_length != c.length) return c;  // shaped like UTF-8 but invalid: an "other" character
    if (cp < 0x80) {  // ASCII's classes, without asking ICU (none is pictographic)
      c.cls = cp == '\r'                ? U_GCB_CR
              : cp == '\n'              ? U_GCB_LF
              : cp < 0x20 || cp == 0x7F ? U_GCB_CONTROL
                                        : U_GCB_OTHER;
    } else {
      c.cls = base::icu::int_property(static_cast<UChar32>(cp), UCHAR_GRAPHEME_CLUSTER_BREAK);
      c.pictographic =
          base::icu::binary_property(static_cast<UChar32>(cp), UCHAR_EXTENDED_PICTOGRAPHIC);
    }
    c.control = c.cls == U_GCB_CONTROL || cp == kReplacement;
    return c;
  }

  static bool is_hangul(int32_t cls) {
    return cls == U_GCB_L || cls == U_GCB_V || cls == U_GCB_T || cls == U_GCB_LV ||
           cls == U_GCB_LVT;
  }

  // Extension: extenders, and ZWJ with an optional pictograph (and its Extends) glued on.
  size_t extension(size_t pos) const {
    const size_t start = pos;
    for (;;) {
      const Char c = char_at(pos);
      if (c.length == 0) break;
      if (c.cls == U_GCB_EXTEND || c.cls == U_GCB_SPACING_MARK) {
        pos += c.length;
      } else if (c.cls == U_GCB_ZWJ) {
        pos += c.length;
        if (const Char p = char_at(pos); p.length != 0 && p.pictographic) pos += p.length;
      } else {
        break;
      }
    }
    return pos - start;
  }

  // (Extend | ZWJ | SpacingMark)*
  size_t extenders(size_t pos) const {
    const size_t start = pos;
    for (Char c = char_at(pos); c.length != 0 && (c.cls == U_GCB_EXTEND || c.cls == U_GCB_ZWJ ||
                                                  c.cls == U_GCB_SPACING_MARK);
         c = char_at(pos))
      pos += c.length;
    return pos - start;
  }

  // The longest Hangul syllable sequence at `pos` (0 if none):
  // L+ (((LV? V+ | LVT) T*)? | LV?) | LV V* T* | V+ T* | LVT T* | T+
  size_t hangul(size_t pos) const {
    const auto run = [&](size_t at, int32_t cls) {
      size_t end = at;
      while (char_at(end).length != 0 && char_at(end).cls == cls) end += char_at(end).length;
      return end;
    };
    const auto one = [&](size_t at, int32_t cls) {
      const Char c = char_at(at);
      return c.length != 0 && c.cls == cls ? at + c.length : at;
    };
    size_t best = pos;
    const int32_t first = char_at(pos).cls;
    if (char_at(pos).length == 0 || !is_hangul(first)) return 0;
    if (first == U_GCB_L) {
      const size_t l = run(pos, U_GCB_L);
      best = std::max(best, l);
      const size_t lv = one(l, U_GCB_LV);
      best = std::max(best, lv);
      if (const size_t v = run(lv, U_GCB_V); v > lv) best = std::max(best, run(v, U_GCB_T));
      if (const size_t lvt = one(l, U_GCB_LVT); lvt > l) best = std::max(best, run(lvt, U_GCB_T));
    } else if (first == U_GCB_LV) {
      best = run(run(one(pos, U_GCB_LV), U_GCB_V), U_GCB_T);
    } else if (first == U_GCB_V) {
      best = run(run(pos, U_GCB_V), U_GCB_T);
    } else if (first == U_GCB_LVT) {
      best = run(one(pos, U_GCB_LVT), U_GCB_T);
    } else {
      best = run(pos, U_GCB_T);
    }
    return best - pos;
  }

  // The longest of the sequences a Prepend may precede: Hangul, emoji, ZWJ, flag, other.
  size_t sequence(size_t pos) const {
    const Char c = char_at(pos);
    if (c.length == 0) return 0;
    if (const size_t h = hangul(pos); h > 0) return h + extension(pos + h);
    if (c.pictographic) return c.length + extension(pos + c.length);
    if (c.cls == U_GCB_ZWJ) return c.length + extenders(pos + c.length);
    if (c.cls == U_GCB_REGIONAL_INDICATOR) {
      size_t end = pos + c.length;
      if (const Char r = char_at(end); r.length != 0 && r.cls == U_GCB_REGIONAL_INDICATOR)
        end += r.length;
      return end - pos + extension(end);
    }
    if (c.control || c.cls == U_GCB_CR || c.cls == U_GCB_LF || c.cls == U_GCB_PREPEND) return 0;
    return c.length + extenders(pos + c.length);
  }

  std::string_view text_;
};

// Byte offsets of all cluster boundaries of `text`, first 0 and last text.size().
std::vector<size_t> cluster_boundaries(std::string_view text) {
  std::vector<size_t> bounds{0};
  if (is_ascii(text)) {
    // Only CR LF joins two ASCII characters into one cluster.
    for (size_t i = 1; i <= text.size(); ++i)
      if (!(text[i - 1] == '\r' && i < text.size() && text[i] == '\n')) bounds.push_back(i);
    return bounds;
  }
  const Clusters clusters(text);
  for (size_t pos = 0; pos < text.size();) {
    pos += clusters.length_at(pos);
    bounds.push_back(pos);
  }
  return bounds;
}

template <typename Map>
std::string map_code_points(std::string_view text, Map map) {
  std::string out;
  out.reserve(text.size());
  for (size_t pos = 0; pos < text.size();) {
    size_t length = 0;
    const uint32_t cp = decode_rune(text, pos, length);
    base::append_utf8(
        out, cp == kReplacement ? cp : static_cast<uint32_t>(map(static_cast<UChar32>(cp))));
    pos += length;
  }
  return out;
}

}  // namespace

std::string normalize_nfc(std::string_view text) {
  if (is_ascii(text)) return std::string(text);  // ASCII is always in NFC
  std::string out;
  out.reserve(text.size());
  // A broken byte is a starter that composes with nothing, so the valid runs around it
  // normalize independently and the byte itself is kept, as Go's norm.NFC does.
  split_valid_runs(
      text,
      [&](std::string_view run) {
        if (!base::icu::append_nfc(run, out)) out.append(run);
      },
      [&](std::string_view byte) { out.append(byte); });
  return out;
}

void normalize_nfc_in_place(std::string& text) {
  if (!is_ascii(text)) text = normalize_nfc(text);
}

std::string_view nfc_view(std::string_view text, std::string& storage) {
  if (is_ascii(text)) return text;
  storage = normalize_nfc(text);
  return storage;
}

size_t grapheme_count(std::string_view text) {
  return cluster_boundaries(text).size() - 1;
}

std::string grapheme_substr(std::string_view text, size_t offset, size_t length) {
  const std::vector<size_t> bounds = cluster_boundaries(text);
  const size_t clusters = bounds.size() - 1;
  if (offset >= clusters) return "";
  const size_t end = length > clusters - offset ? clusters : offset + length;
  return std::string(text.substr(bounds[offset], bounds[end] - bounds[offset]));
}

std::string grapheme_reverse(std::string_view text) {
  const std::vector<size_t> bounds = cluster_boundaries(text);
  std::string out;
  out.reserve(text.size());
  for (size_t i = bounds.size() - 1; i > 0; --i)
    out.append(text.substr(bounds[i - 1], bounds[i] - bounds[i - 1]));
  return out;
}

std::string to_upper(std::string_view text) {
  return map_code_points(text, [](UChar32 c) { return base::icu::to_upper(c); });
}

std::string to_lower(std::string_view text) {
  return map_code_points(text, [](UChar32 c) { return base::icu::to_lower(c); });
}

}  // namespace hclspec::types
