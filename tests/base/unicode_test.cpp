// Unicode helpers: UTF-8 decoding as HCL's scanner delimits characters, identifier classes, counts.
#include <doctest/doctest.h>
#include <unicode/uchar.h>

#include <string>
#include <string_view>

#include "base/unicode.hpp"

namespace base = hclspec::base;

TEST_CASE("decode_utf8 decodes valid sequences of one to four bytes") {
  struct Row {
    std::string text;
    size_t pos;
    uint32_t cp;
    size_t length;
  };
  const Row rows[] = {
      {"a", 0, 'a', 1},
      {"\x7F", 0, 0x7F, 1},
      {std::string("\0", 1), 0, 0, 1},
      {"\xC3\xA9", 0, 0xE9, 2},
      {"\xDF\xBF", 0, 0x7FF, 2},
      {"\xE6\x97\xA5", 0, 0x65E5, 3},
      {"\xEF\xBB\xBF", 0, 0xFEFF, 3},
      {"\xF0\x9F\x98\x80", 0, 0x1F600, 4},
      {"\xF4\x8F\xBF\xBF", 0, 0x10FFFF, 4},
      {"x\xC3\xA9y", 1, 0xE9, 2},
      {"x\xC3\xA9y", 3, 'y', 1},
      // The scanner's AnyUTF8 only checks the shape, so overlong forms and surrogates pass.
      {"\xC0\x80", 0, 0, 2},
      {"\xED\xA0\x80", 0, 0xD800, 3},
  };
  for (const Row& row : rows) {
    CAPTURE(row.text);
    size_t length = 99;
    CHECK(base::decode_utf8(row.text, row.pos, length) == row.cp);
    CHECK(length == row.length);
  }
}

TEST_CASE("decode_utf8 reports a broken or truncated sequence as one invalid byte") {
  struct Row {
    std::string text;
    size_t pos;
  };
  const Row rows[] = {
      {"\x80", 0},                                // a continuation byte with no lead
      {"\xBF", 0},      {"\xF8\x80\x80\x80", 0},  // five-byte leads do not exist
      {"\xFF", 0},      {"\xC3", 0},              // truncated at the end of the text
      {"\xE6\x97", 0},  {"\xF0\x9F\x98", 0},
      {"\xC3x", 0},  // a lead followed by a non-continuation byte
      {"\xE6\x97x", 0}, {"\xF0\x9F\x98x", 0},
      {"ab\xE6", 2},
  };
  for (const Row& row : rows) {
    CAPTURE(row.text);
    size_t length = 99;
    CHECK(base::decode_utf8(row.text, row.pos, length) == base::kInvalidCodePoint);
    CHECK(length == 1);
  }
}

TEST_CASE("decode_utf8 never reads past a view that ends inside a sequence") {
  // The view stops before the continuation bytes that follow it in memory.
  const std::string backing = "\xE6\x97\xA5";
  size_t length = 0;
  CHECK(base::decode_utf8(std::string_view(backing).substr(0, 2), 0, length) ==
        base::kInvalidCodePoint);
  CHECK(length == 1);
}

TEST_CASE("identifier classes follow UAX #31, with ASCII handled like HCL") {
  for (uint32_t cp : {uint32_t{'a'}, uint32_t{'Z'}, 0xE9u, 0x65E5u, 0x0394u, 0x2160u}) {
    CAPTURE(cp);
    CHECK(base::is_id_start(cp));
    CHECK(base::is_id_continue(cp));
  }
  // Digits, "_" and combining marks may continue an identifier but not start one; the lexer
  // itself lets "_" start one and "-" continue one.
  for (uint32_t cp : {uint32_t{'0'}, uint32_t{'9'}, uint32_t{'_'}, 0x0301u, 0x0660u}) {
    CAPTURE(cp);
    CHECK_FALSE(base::is_id_start(cp));
    CHECK(base::is_id_continue(cp));
  }
  for (uint32_t cp : {uint32_t{'-'}, uint32_t{' '}, uint32_t{'$'}, 0x1F600u, 0x00A0u, 0xFEFFu,
                      0x110000u, base::kInvalidCodePoint}) {
    CAPTURE(cp);
    CHECK_FALSE(base::is_id_start(cp));
    CHECK_FALSE(base::is_id_continue(cp));
  }
}

// The classes are compiled in from ICU's (unicode_tables_gen): every code point is checked
// against ICU itself, which this test links.
TEST_CASE("identifier classes are ICU's ID_Start and ID_Continue for every code point") {
  size_t differences = 0;
  for (UChar32 cp = 0x80; cp <= 0x10FFFF; ++cp) {
    const auto c = static_cast<uint32_t>(cp);
    if (base::is_id_start(c) != (u_hasBinaryProperty(cp, UCHAR_ID_START) != 0) ||
        base::is_id_continue(c) != (u_hasBinaryProperty(cp, UCHAR_ID_CONTINUE) != 0)) {
      CAPTURE(cp);
      CHECK(++differences == 0);
    }
  }
  CHECK(differences == 0);
}

TEST_CASE("grapheme classes are ICU's, as Unicode 13 had them, for every code point") {
  // What a character after "a" or after a pictograph and a ZWJ does shows its class: a mark
  // (Extend, SpacingMark, ZWJ) joins both, an Extended_Pictographic character the second.
  auto utf8 = [](UChar32 cp) {
    std::string out;
    base::append_utf8(out, static_cast<uint32_t>(cp));
    return out;
  };
  const std::string pictograph_zwj = "\xF0\x9F\x98\x80\xE2\x80\x8D";
  size_t differences = 0;
  for (UChar32 cp = 0x80; cp <= 0x10FFFF; ++cp) {
    if (cp >= 0xD800 && cp < 0xE000) continue;  // surrogates: no UTF-8
    UVersionInfo age;
    u_charAge(cp, age);
    if (age[0] > 13 || cp == 0x11720 || cp == 0x11721) continue;  // unassigned or changed since
    const int32_t gcb = u_getIntPropertyValue(cp, UCHAR_GRAPHEME_CLUSTER_BREAK);
    const bool mark = gcb == U_GCB_EXTEND || gcb == U_GCB_SPACING_MARK || gcb == U_GCB_ZWJ;
    const bool pictographic = u_hasBinaryProperty(cp, UCHAR_EXTENDED_PICTOGRAPHIC) != 0;
    const std::string c = utf8(cp);
    if (base::count_graphemes("a" + c) != (mark ? 1u : 2u) ||
        base::count_graphemes(pictograph_zwj + c) != (mark || pictographic ? 1u : 2u)) {
      CAPTURE(cp);
      CHECK(++differences == 0);
    }
  }
  CHECK(differences == 0);
}

TEST_CASE("count_graphemes counts extended grapheme clusters") {
  struct Row {
    std::string text;
    size_t count;
  };
  const Row rows[] = {
      {"", 0},
      {"abc", 3},
      {"a\tb", 3},
      {"a\r\nb", 3},  // CR LF is one cluster
      {"\r\r", 2},
      {"e\xCC\x81", 1},
      {"e\xCC\x81\xCC\xA7x", 2},  // two combining marks on one base
      {"\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x91\xA7", 1},
      {"\xF0\x9F\x87\xAB\xF0\x9F\x87\xB7\xF0\x9F\x87\xA9\xF0\x9F\x87\xAA", 2},  // two flags
      {"\xF0\x9F\x91\x8D\xF0\x9F\x8F\xBD", 1},      // thumbs up with a skin tone modifier
      {"\xE1\x84\x80\xE1\x85\xA1\xE1\x86\xA8", 1},  // a Hangul syllable from its jamo
      {"\xE6\x97\xA5\xE6\x9C\xAC", 2},
      {"a\xFF"
       "b",
       3},  // a broken byte is a cluster of its own
      // Unicode 13's rules (go-textseg v13, which hcl counts with), not later ones: a virama
      // does not join the next consonant (Unicode 15.1's GB9c does).
      {"\xE0\xA4\x95\xE0\xA5\x8D\xE0\xA4\xB7", 2},
      {"\xE0\xA4\x95\xE0\xA4\xBF", 1},      // a spacing mark joins (GB9a)
      {"\xE0\xB8\x81\xE0\xB8\xB3", 1},      // Thai sara am: a spacing mark
      {"\xE1\x84\x80\xCC\x81", 1},          // a jamo L takes a combining mark (GB9)
      {"\xE2\x80\x8D\xF0\x9F\x91\xA9", 2},  // a ZWJ not after a pictograph
      {"\xF0\x9F\x87\xAB\xF0\x9F\x87\xB7\xF0\x9F\x87\xA9", 2},  // an odd flag
      {"\xD8\x80"
       "a",
       1},                   // a prepended mark (GB9b)
      {"\r\xCC\x81", 2},     // nothing joins a control (GB4)
      {"a\xE1\xA0\x8F", 2},  // U+180F, a mark since Unicode 14: unassigned in 13's tables
  };
  for (const Row& row : rows) {
    CAPTURE(row.text);
    CHECK(base::count_graphemes(row.text) == row.count);
  }
}

TEST_CASE("utf16_length and utf8_offset_of_utf16 agree") {
  struct Row {
    std::string text;
    size_t units;
  };
  const Row rows[] = {
      {"", 0},
      {"abc", 3},
      {"\xC3\xA9", 1},
      {"\xE6\x97\xA5", 1},
      {"\xF0\x9F\x98\x80", 2},
      {"a\xF0\x9F\x98\x80z", 4},
      {"\xFF\xFE", 2},  // broken bytes count as one U+FFFD each
      {"\xE6\x97", 2},
  };
  for (const Row& row : rows) {
    CAPTURE(row.text);
    CHECK(base::utf16_length(row.text) == row.units);
    CHECK(base::utf8_offset_of_utf16(row.text, row.units) == row.text.size());
    CHECK(base::utf8_offset_of_utf16(row.text, row.units + 5) == row.text.size());
  }
  const std::string astral = "a\xF0\x9F\x98\x80z";
  CHECK(base::utf8_offset_of_utf16(astral, 0) == 0);
  CHECK(base::utf8_offset_of_utf16(astral, 1) == 1);
  CHECK(base::utf8_offset_of_utf16(astral, 2) == 1);  // half a surrogate pair stays before it
  CHECK(base::utf8_offset_of_utf16(astral, 3) == 5);
}
