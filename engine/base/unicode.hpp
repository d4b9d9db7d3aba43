// Unicode helpers over UTF-8 text: decoding, UAX #31 identifier classes, grapheme and UTF-16
// counts.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace hclspec::base {

inline constexpr uint32_t kInvalidCodePoint = 0xFFFFFFFF;

// Decodes the UTF-8 sequence at text[pos] the way HCL's scanner delimits characters: a lead
// byte C0..DF, E0..EF or F0..F7 followed by the right number of continuation bytes. Sets
// `length` to the bytes consumed (1 for a broken byte) and returns kInvalidCodePoint when the
// sequence is broken.
uint32_t decode_utf8(std::string_view text, size_t pos, size_t& length);

bool is_id_start(uint32_t cp);
bool is_id_continue(uint32_t cp);

// Number of extended grapheme clusters in the text (HCL counts columns this way).
size_t count_graphemes(std::string_view text);

// Number of UTF-16 code units the text occupies (broken bytes count as one U+FFFD each).
size_t utf16_length(std::string_view text);

// The byte offset within `text` reached after `units` UTF-16 code units (clamped to the end).
size_t utf8_offset_of_utf16(std::string_view text, size_t units);

// Appends the UTF-8 encoding of code point `cp`.
void append_utf8(std::string& out, uint32_t cp);

// Go's utf8.DecodeRuneInString: the code point at text[pos] and its length in `length`; a byte
// that does not start a valid sequence (overlong, surrogate, beyond U+10FFFF, truncated) is
// returned as 0xFFFD with length 1, so each broken byte counts on its own as in Go. (Unlike
// decode_utf8 above, which delimits characters as HCL's scanner does.)
uint32_t decode_rune(std::string_view text, size_t pos, size_t& length);

// Go's encoding/json unquote of a string literal its scanner accepted (quotes included):
// escapes decoded, a lone surrogate escape and each byte that is not valid UTF-8 become U+FFFD.
std::string json_unquote(std::string_view literal);

// Whether every byte is below 0x80; such text is valid UTF-8 and already in NFC.
inline bool is_ascii(std::string_view text) {
  for (char c : text)
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  return true;
}

// Whether the text is valid UTF-8 by Go's rules.
bool is_valid_utf8(std::string_view text);

// Go's strconv.Quote (the %q verb), which HCL's messages quote names with: double quotes,
// backslash escapes for quotes, backslashes and unprintable characters (\n, \x01, \u00a0),
// \x escapes for broken bytes.
std::string go_quote(std::string_view text);

}  // namespace hclspec::base
