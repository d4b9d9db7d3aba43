// Text functions' building blocks as cty has them: NFC, grapheme clusters (go-textseg v13),
// Go's simple case mapping and quoting; expectations from go-cty 1.12.1 built with Go 1.19.
#include <doctest/doctest.h>

#include <string>

#include "notation.hpp"
#include "types/text.hpp"

namespace hclspec::types {
namespace {

using testing::unquote;

// The clusters of a text, Go-quoted, as the oracle prints them.
std::string clusters(const std::string& text) {
  std::string out = "[";
  const size_t n = grapheme_count(text);
  for (size_t i = 0; i < n; ++i) out += (i ? "," : "") + go_quote(grapheme_substr(text, i, 1));
  return out + "]";
}

TEST_CASE("grapheme clusters are textseg's: combining marks, emoji ZWJ sequences, flags, Hangul") {
  struct Row {
    std::string text;  // Go-quoted
    std::string want;
  };
  const Row rows[] = {
      {R"~("abc")~", R"~(["a","b","c"])~"},
      {R"~("e\u0301\u0302x")~", R"~(["é̂","x"])~"},
      {R"~("👨\u200d👩\u200d👧\u200d👦!")~", R"~(["👨\u200d👩\u200d👧\u200d👦","!"])~"},
      {R"~("🇩🇪🇫🇷🇺")~", R"~(["🇩🇪","🇫🇷","🇺"])~"},
      {R"~("👍🏽👍")~", R"~(["👍🏽","👍"])~"},
      {R"~("\r\n\r\r\n\n")~", R"~(["\r\n","\r","\r\n","\n"])~"},
      {R"~("한국어")~", R"~(["한","국","어"])~"},
      {R"~("\u1100\u1161\u11a8")~", R"~(["각"])~"},
      {R"~("a\u200db")~", R"~(["a\u200d","b"])~"},
      {R"~("\u0915\u094d\u0937")~", R"~(["क्","ष"])~"},
      {R"~("\u0e01\u0e33")~", R"~(["กำ"])~"},
      {R"~("a\xffb\xc3")~", R"~(["a","\xff","b","\xc3"])~"},
      {R"~("\x00\x01")~", R"~(["\x00","\x01"])~"},
      {R"~("\u00e9\u0301")~", R"~(["é́"])~"},
      {R"~("❤️‍🔥")~", R"~(["❤️\u200d🔥"])~"},
      {R"~("\U0001F3F4\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F")~",
       R"~(["🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f"])~"},
      {R"~("")~", R"~([])~"},
      {R"~("\ufffd\u0301")~", R"~(["�","́"])~"},
      {R"~("a\ufffd")~", R"~(["a","�"])~"},
      {R"~("\n\u0301")~", R"~(["\n","́"])~"},
      {R"~("\u0600\n")~", R"~(["\u0600","\n"])~"},
      {R"~("\u0600\u0600a\u0301")~", R"~(["\u0600\u0600á"])~"},
      {R"~("\u0600\u0301")~", R"~(["\u0600́"])~"},
      {R"~("\u200d\U0001F600")~", R"~(["\u200d","😀"])~"},
      {R"~("a\u200d\U0001F600")~", R"~(["a\u200d","😀"])~"},
      {R"~("\U0001F1E9\U0001F1EA\U0001F1EB\u0301")~", R"~(["🇩🇪","🇫́"])~"},
      {R"~("\u1100\u1100\uac00\u1161\u11a8\u11a8")~", R"~(["ᄀᄀ가ᅡᆨᆨ"])~"},
      {R"~("\uac01\u1161")~", R"~(["각","ᅡ"])~"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.text);
    CHECK(clusters(unquote(row.text)) == row.want);
  }
}

TEST_CASE("substrings and reversal keep clusters whole") {
  const std::string family = "\U0001F468\u200d\U0001F469\u200d\U0001F467";
  const std::string text = "ae\u0301" + family + "\U0001F1E9\U0001F1EA!";
  CHECK(grapheme_count(text) == 5);
  CHECK(grapheme_substr(text, 1, 2) == "e\u0301" + family);
  CHECK(grapheme_substr(text, 3, 100) == "\U0001F1E9\U0001F1EA!");
  CHECK(grapheme_substr(text, 5, 1).empty());
  CHECK(grapheme_substr(text, 2, 0).empty());
  CHECK(grapheme_reverse(text) == "!\U0001F1E9\U0001F1EA" + family + "e\u0301a");
  CHECK(grapheme_reverse("a\r\nb") == "b\r\na");
  CHECK(grapheme_count("") == 0);
  CHECK(grapheme_reverse("").empty());
}

TEST_CASE("upper and lower map each character alone, as Go's strings.ToUpper and ToLower") {
  struct Row {
    std::string op;
    std::string text;  // Go-quoted
    std::string want;  // Go-quoted
  };
  const Row rows[] = {
      {"upper", R"~("straße")~", R"~("STRAßE")~"}, {"upper", R"~("ǅǆǄ")~", R"~("ǄǄǄ")~"},
      {"upper", R"~("σς")~", R"~("ΣΣ")~"},         {"upper", R"~("ﬁ")~", R"~("ﬁ")~"},
      {"upper", R"~("ŉ")~", R"~("ŉ")~"},           {"upper", R"~("ı i")~", R"~("I I")~"},
      {"upper", R"~("ÿ")~", R"~("Ÿ")~"},           {"upper", R"~("a\xffb")~", R"~("A�B")~"},
      {"upper", R"~("ǰ")~", R"~("ǰ")~"},           {"upper", R"~("ΐ")~", R"~("ΐ")~"},
      {"upper", R"~("ⓐ")~", R"~("Ⓐ")~"},           {"upper", R"~("𐐨")~", R"~("𐐀")~"},
      {"lower", R"~("ΣΑΣ")~", R"~("σασ")~"},       {"lower", R"~("İ")~", R"~("i")~"},
      {"lower", R"~("K")~", R"~("k")~"},           {"lower", R"~("ẞ")~", R"~("ß")~"},
      {"lower", R"~("ǅ")~", R"~("ǆ")~"},           {"lower", R"~("ABC\xc3")~", R"~("abc�")~"},
      {"lower", R"~("Ω")~", R"~("ω")~"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.op);
    CAPTURE(row.text);
    const std::string text = unquote(row.text);
    CHECK(go_quote(std::string(row.op) == "upper" ? to_upper(text) : to_lower(text)) == row.want);
  }
}

TEST_CASE("NFC keeps bytes that are not UTF-8, as Go's norm does") {
  struct Row {
    std::string text;  // Go-quoted
    std::string want;  // Go-quoted
  };
  const Row rows[] = {
      {R"~("e\u0301")~", R"~("é")~"},
      {R"~("\u1e9b\u0323")~", R"~("ẛ̣")~"},
      {R"~("\u0041\u030a\u0301")~", R"~("Ǻ")~"},
      {R"~("\u1100\u1161\u11a8")~", R"~("각")~"},
      {R"~("\u2126")~", R"~("Ω")~"},
      {R"~("\u0344")~", R"~("̈́")~"},
      {R"~("a\xff\u0301")~", R"~("a\xff́")~"},
      {R"~("\u0301")~", R"~("́")~"},
      {R"~("\uf900")~", R"~("豈")~"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.text);
    CHECK(go_quote(normalize_nfc(unquote(row.text))) == row.want);
  }
}

TEST_CASE("Go quoting (%q) of names in messages") {
  struct Row {
    std::string text;  // Go-quoted
    std::string want;
  };
  const Row rows[] = {
      {R"~("a\"b\\c")~", R"~("a\"b\\c")~"},
      {R"~("\x00\x07\x08\x0c\n\r\t\x0b\x1b\x7f")~", R"~("\x00\a\b\f\n\r\t\v\x1b\x7f")~"},
      {R"~("é\u00a0\u200b\u2028\ufeff")~", R"~("é\u00a0\u200b\u2028\ufeff")~"},
      {R"~("\U000e0001\U0001F600")~", R"~("\U000e0001😀")~"},
      {R"~("\xff\xc3(")~", R"~("\xff\xc3(")~"},
      {R"~("\ufffd")~", R"~("�")~"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.text);
    CHECK(go_quote(unquote(row.text)) == row.want);
  }
}

TEST_CASE("UTF-8 is decoded as Go decodes it") {
  struct Row {
    std::string bytes;
    uint32_t code_point;
    size_t length;
  };
  const Row rows[] = {
      {"a", 'a', 1},
      {"\xc3\xa9", 0xE9, 2},
      {"\xe2\x82\xac", 0x20AC, 3},
      {"\xf0\x9f\x98\x80", 0x1F600, 4},
      {"\xc0\x80", 0xFFFD, 1},          // overlong
      {"\xe0\x80\x80", 0xFFFD, 1},      // overlong
      {"\xed\xa0\x80", 0xFFFD, 1},      // surrogate
      {"\xf4\x90\x80\x80", 0xFFFD, 1},  // beyond U+10FFFF
      {"\xe2\x82", 0xFFFD, 1},          // cut off
      {"\xff", 0xFFFD, 1},
      {"\x80", 0xFFFD, 1},
      {"\xef\xbf\xbd", 0xFFFD, 3},  // U+FFFD itself
  };
  for (const Row& row : rows) {
    CAPTURE(row.bytes);
    size_t length = 0;
    CHECK(decode_rune(row.bytes, 0, length) == row.code_point);
    CHECK(length == row.length);
  }
  CHECK(is_valid_utf8("caf\xc3\xa9"));
  CHECK_FALSE(is_valid_utf8("caf\xc3"));
}

}  // namespace
}  // namespace hclspec::types
