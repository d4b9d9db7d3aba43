// Unicode helpers over UTF-8 text: decoding, UAX #31 identifier classes, grapheme and UTF-16
// counts.
#pragma once

#include <cstddef>
#include <cstdint>
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

}  // namespace hclspec::base
