// Unicode text operations on UTF-8 strings as cty does them: NFC, grapheme clusters, case, quoting.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "base/unicode.hpp"

namespace hclspec::types {

// Go's rune decoding and %q quoting live in base; the types layer uses them by these names.
using base::decode_rune;
using base::go_quote;
using base::is_ascii;
using base::is_valid_utf8;

// cty.NormalizeString: the NFC form of `text`, which all strings, map keys and attribute names
// are stored in. As Go's norm package does, bytes that are not valid UTF-8 are kept unchanged.
std::string normalize_nfc(std::string_view text);
// The same in place, without copying text that is ASCII (and so in NFC already).
void normalize_nfc_in_place(std::string& text);
// The NFC form of `text` for a lookup: `text` itself when it is ASCII, else its normalized copy,
// kept in `storage`.
std::string_view nfc_view(std::string_view text, std::string& storage);

// Length in extended grapheme clusters (cty's length counts characters this way). A byte that
// is not valid UTF-8 counts as a cluster of its own.
size_t grapheme_count(std::string_view text);

// `length` grapheme clusters starting at cluster `offset` (both clamped to the text).
std::string grapheme_substr(std::string_view text, size_t offset, size_t length);

// The clusters in reverse order, each cluster kept intact.
std::string grapheme_reverse(std::string_view text);

// Go's strings.ToUpper and strings.ToLower: per-code-point simple case mapping (ß stays ß, Σ
// lowers to σ whatever follows); bytes that are not valid UTF-8 become U+FFFD.
std::string to_upper(std::string_view text);
std::string to_lower(std::string_view text);

}  // namespace hclspec::types
