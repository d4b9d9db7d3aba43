// ICU's functions the engine calls, from libicuuc loaded the first time one is called.
#pragma once

#include <unicode/uchar.h>

#include <string>
#include <string_view>

// Most runs never need ICU: identifier and grapheme classes are compiled in
// (unicode_tables.inc, made from ICU at build time), and text that is ASCII never reaches it.
// Loading it with the libstdc++ it links cost about 3 ms of every process's start, 7% of a
// 10 MB lint. The ICU headers give the types; calling their functions directly would make the
// program load ICU at start again (and does not link: the engine's libraries do not link it).
namespace hclspec::base::icu {

int8_t char_type(UChar32 c);                          // u_charType
bool is_white_space(UChar32 c);                       // u_isUWhiteSpace
UChar32 to_upper(UChar32 c);                          // u_toupper
UChar32 to_lower(UChar32 c);                          // u_tolower
int32_t int_property(UChar32 c, UProperty property);  // u_getIntPropertyValue
bool binary_property(UChar32 c, UProperty property);  // u_hasBinaryProperty

// Appends the NFC form of `text`, valid UTF-8, to `out`; false (nothing appended) when ICU
// fails.
bool append_nfc(std::string_view text, std::string& out);

}  // namespace hclspec::base::icu
