// LineIndex: lines, HCL positions in grapheme columns, and LSP's UTF-16 positions both ways.
#include <doctest/doctest.h>

#include <algorithm>
#include <iterator>
#include <ostream>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "base/line_index.hpp"

// Printers so that failed checks show the values.
namespace hclspec::base {
std::ostream& operator<<(std::ostream& out, const Position& p) {
  return out << p.line << ":" << p.column << "@" << p.byte;
}
std::ostream& operator<<(std::ostream& out, const Utf16Position& p) {
  return out << p.line << ":" << p.character;
}
}  // namespace hclspec::base

using hclspec::base::ColumnRule;
using hclspec::base::LineIndex;
using hclspec::base::Position;
using hclspec::base::Utf16Position;

namespace {

// Grapheme clusters of several code points each, used where a column must count them once.
constexpr std::string_view kFamily =
    "\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x91\xA9\xE2\x80\x8D"
    "\xF0\x9F\x91\xA7";  // woman ZWJ woman ZWJ girl, 18 bytes
constexpr std::string_view kFlag = "\xF0\x9F\x87\xAB\xF0\x9F\x87\xB7";  // regional F + R
constexpr std::string_view kEAcute = "e\xCC\x81";                       // e + combining acute
constexpr std::string_view kGrin = "\xF0\x9F\x98\x80";                  // U+1F600, astral
constexpr std::string_view kBom = "\xEF\xBB\xBF";

std::string cat(std::initializer_list<std::string_view> parts) {
  std::string out;
  for (std::string_view p : parts) out += p;
  return out;
}

}  // namespace

TEST_CASE("line_of puts a newline on its own line and the end after the last newline") {
  const std::string text = "ab\ncd\n\nx";
  const LineIndex index(text);
  CHECK(index.line_count() == 4);
  struct Row {
    uint32_t offset, line;
  };
  for (const Row row : {Row{0, 0}, {1, 0}, {2, 0}, {3, 1}, {5, 1}, {6, 2}, {7, 3}, {8, 3}}) {
    CAPTURE(row.offset);
    CHECK(index.line_of(row.offset) == row.line);
  }
  CHECK(index.line_start(1) == 3);
  CHECK(index.line_start(3) == 7);
}

TEST_CASE("line_of agrees with counting the newlines before the offset, at every offset") {
  // Texts of 1 to 300 lines, some empty: every count of lines the search halves, odd and even.
  std::minstd_rand random(11);
  for (int lines = 1; lines <= 300; ++lines) {
    std::string text;
    for (int line = 1; line < lines; ++line) text += std::string(random() % 4, 'a') + "\n";
    text += std::string(random() % 3, 'z');
    const LineIndex index(text);
    REQUIRE(index.line_count() == static_cast<uint32_t>(lines));
    uint32_t newlines = 0;
    for (uint32_t offset = 0; offset <= text.size(); ++offset) {
      CAPTURE(lines);
      CAPTURE(offset);
      CHECK(index.line_of(offset) == newlines);
      if (offset < text.size() && text[offset] == '\n') ++newlines;
    }
  }
}

TEST_CASE("line counts and line texts without their line breaks") {
  struct Row {
    std::string text;
    uint32_t lines;
    std::vector<std::string> texts;
  };
  const Row rows[] = {
      {"", 1, {""}},
      {"a", 1, {"a"}},
      {"a\n", 2, {"a", ""}},
      {"a\r\nb\r\n", 3, {"a", "b", ""}},
      {"a\rb\nc", 2, {"a\rb", "c"}},  // a lone CR does not end a line
      {"\n\n", 3, {"", "", ""}},
      {"x\r", 1, {"x\r"}},  // a CR at the very end is not followed by a line feed
  };
  for (const Row& row : rows) {
    CAPTURE(row.text);
    const LineIndex index(row.text);
    REQUIRE(index.line_count() == row.lines);
    for (uint32_t line = 0; line < row.lines; ++line)
      CHECK(index.line_text(line) == row.texts[line]);
  }
}

TEST_CASE("position counts columns in grapheme clusters") {
  struct Row {
    std::string text;
    uint32_t offset;
    Position expected;
  };
  const std::string family = cat({"a", kFamily, "b"});
  const std::string flag = cat({kFlag, "=1"});
  const std::string accent = cat({kEAcute, kEAcute, "x"});
  const std::string second_line = cat({"\xC3\xA9\n", kGrin, "z"});
  const Row rows[] = {
      {"abc\ndef", 0, {1, 1, 0}},
      {"abc\ndef", 2, {1, 3, 2}},
      {"abc\ndef", 3, {1, 4, 3}},  // the newline itself is the column after the last character
      {"abc\ndef", 4, {2, 1, 4}},
      {"abc\ndef", 7, {2, 4, 7}},  // the end of the text
      {"\tx", 1, {1, 2, 1}},       // a tab is one column, as in HCL
      {"\t\tx", 2, {1, 3, 2}},
      {family, 1, {1, 2, 1}},
      {family, 19, {1, 3, 19}},  // the whole ZWJ sequence is one column
      {family, 20, {1, 4, 20}},
      {flag, 8, {1, 2, 8}},  // a flag is one column
      {accent, 3, {1, 2, 3}},
      {accent, 6, {1, 3, 6}},  // a combining mark joins the letter before it
      {accent, 7, {1, 4, 7}},
      {second_line, 3, {2, 1, 3}},
      {second_line, 7, {2, 2, 7}},
      {"a\r\nb", 3, {2, 1, 3}},
      {"a\r\nb", 1, {1, 2, 1}},
      {"a\rb", 2, {1, 3, 2}},  // a lone CR is a character of its own
  };
  for (const Row& row : rows) {
    CAPTURE(row.text);
    CAPTURE(row.offset);
    const Position p = LineIndex(row.text).position(row.offset);
    CHECK(p.line == row.expected.line);
    CHECK(p.column == row.expected.column);
    CHECK(p.byte == row.expected.byte);
  }
}

TEST_CASE("position clamps offsets past the end") {
  const std::string text = "ab\nc";
  const Position p = LineIndex(text).position(100);
  CHECK(p == Position{2, 2, 4});
}

TEST_CASE("a byte order mark takes no column on line 1 and none of line 2's") {
  const std::string text = cat({kBom, "ab\ncd"});
  const LineIndex index(text);
  CHECK(index.position(0) == Position{1, 1, 0});
  CHECK(index.position(3) == Position{1, 1, 3});
  CHECK(index.position(4) == Position{1, 2, 4});
  CHECK(index.position(5) == Position{1, 3, 5});
  CHECK(index.position(7) == Position{2, 2, 7});
  // Only a mark at the very start counts: U+FEFF later in the text is an ordinary character.
  const std::string later = cat({"a", kBom, "b"});
  CHECK(LineIndex(later).position(4) == Position{1, 3, 4});
}

TEST_CASE("utf16_position counts UTF-16 code units from the line start") {
  struct Row {
    std::string text;
    uint32_t offset;
    Utf16Position expected;
  };
  const std::string astral = cat({"a", kGrin, "b"});
  const std::string family = cat({kFamily, "x"});
  const Row rows[] = {
      {"abc\ndef", 5, {1, 1}},
      {"abc\ndef", 3, {0, 3}},
      {astral, 1, {0, 1}},
      {astral, 5, {0, 3}},  // the astral character is a surrogate pair
      {astral, 6, {0, 4}},
      {"\xC3\xA9x", 2, {0, 1}},  // two UTF-8 bytes, one UTF-16 unit
      {"\xE6\x97\xA5x", 3, {0, 1}},
      {family, 18, {0, 8}},  // three astral characters and two joiners
      {"\tx", 1, {0, 1}},
      {"a\r\nb", 3, {1, 0}},
      {"\xFFx", 1, {0, 1}},           // a broken byte counts as one U+FFFD
      {cat({kBom, "a"}), 3, {0, 1}},  // LSP clients see the mark as a character
  };
  for (const Row& row : rows) {
    CAPTURE(row.text);
    CAPTURE(row.offset);
    CHECK(LineIndex(row.text).utf16_position(row.offset) == row.expected);
  }
}

TEST_CASE("offset_of maps UTF-16 positions back to bytes, clamped to the line and the text") {
  const std::string text = cat({"a", kGrin, "b\r\nxy\n"});
  const LineIndex index(text);
  struct Row {
    Utf16Position position;
    uint32_t offset;
  };
  for (const Row row : {
           Row{{0, 0}, 0}, Row{{0, 1}, 1},
           Row{{0, 2}, 1},  // inside the surrogate pair: the character's start
           Row{{0, 3}, 5}, Row{{0, 4}, 6},
           Row{{0, 99}, 6},  // past the end of line 0: before its CR LF
           Row{{1, 1}, 9}, Row{{1, 99}, 10}, Row{{2, 0}, 11}, Row{{2, 5}, 11},
           Row{{7, 0}, 11},  // past the last line: the end of the text
       }) {
    CAPTURE(row.position.line);
    CAPTURE(row.position.character);
    CHECK(index.offset_of(row.position) == row.offset);
  }
}

TEST_CASE("utf16_position and offset_of round-trip at every character boundary") {
  const std::string text = cat(
      {"x = \"", kGrin, kFamily, "\"\r\n\t", kEAcute, "\xE6\x97\xA5 ", kFlag, "\n", kGrin, "\n"});
  const LineIndex index(text);
  size_t checked = 0;
  for (uint32_t offset = 0; offset <= text.size(); ++offset) {
    // Skip continuation bytes, which are not positions, and the LF of a CR LF.
    if (offset < text.size() && (static_cast<unsigned char>(text[offset]) & 0xC0) == 0x80) continue;
    if (offset > 0 && offset < text.size() && text[offset] == '\n' && text[offset - 1] == '\r')
      continue;
    CAPTURE(offset);
    CHECK(index.offset_of(index.utf16_position(offset)) == offset);
    ++checked;
  }
  CHECK(checked > 20);
}

namespace {

// Pieces random texts are made of: line breaks of both kinds (and lone "\r", which an edit may
// join to a "\n"), tabs, multibyte and multi-code-point characters, a byte order mark whole and
// in bytes (an edit may complete or break one), and a byte that is not UTF-8.
constexpr std::string_view kPieces[] = {
    "a",     "bc",  " ",     "\t", "\n",   "\r\n", "\r",   "\xC3\xA9", "\xE6\x97\xA5", kGrin,
    kFamily, kFlag, kEAcute, kBom, "\xEF", "\xBB", "\xBF", "\xFF",     "x = 1\n"};

std::string random_text(std::mt19937& rng, size_t pieces) {
  std::string out;
  for (size_t i = 0; i < pieces; ++i) out += kPieces[rng() % std::size(kPieces)];
  return out;
}

// Every query agrees at every offset (and past the end), and at LSP positions on every line.
void check_same_answers(const LineIndex& edited, const LineIndex& fresh, size_t text_size) {
  REQUIRE(edited.line_count() == fresh.line_count());
  for (uint32_t line = 0; line < fresh.line_count(); ++line) {
    const std::string_view bytes = fresh.line_text(line);
    const bool ascii = std::all_of(bytes.begin(), bytes.end(),
                                   [](char c) { return static_cast<unsigned char>(c) < 0x80; });
    REQUIRE(edited.is_ascii(line) == ascii);
  }
  for (uint32_t line = 0; line < fresh.line_count(); ++line) {
    CAPTURE(line);
    REQUIRE(edited.line_start(line) == fresh.line_start(line));
    REQUIRE(edited.line_text(line) == fresh.line_text(line));
    for (uint32_t character = 0; character < 12; ++character)
      REQUIRE(edited.offset_of({line, character}) == fresh.offset_of({line, character}));
  }
  for (uint32_t offset = 0; offset <= text_size + 1; ++offset) {
    CAPTURE(offset);
    REQUIRE(edited.position(offset) == fresh.position(offset));
    REQUIRE(edited.utf16_position(offset) == fresh.utf16_position(offset));
  }
}

}  // namespace

TEST_CASE(
    "an index derived through an edit, copied or in place, equals one built from the new text") {
  for (const ColumnRule rule : {ColumnRule::Native, ColumnRule::Json}) {
    CAPTURE(static_cast<int>(rule));
    std::mt19937 rng(rule == ColumnRule::Native ? 7 : 11);
    size_t bom_changes = 0, lines_changed = 0;
    for (int run = 0; run < 40; ++run) {
      // Each run edits one text many times, deriving each index from the previous derived one.
      std::string text = random_text(rng, rng() % 40);
      LineIndex index(text, rule);
      for (int step = 0; step < 100; ++step) {
        const uint32_t size = static_cast<uint32_t>(text.size());
        // Often near the start, where the byte order mark is, and at the very end.
        const uint32_t start = rng() % 4 == 0   ? std::min<uint32_t>(size, rng() % 4)
                               : rng() % 8 == 0 ? size
                                                : static_cast<uint32_t>(rng() % (size + 1));
        const uint32_t old_end = start + static_cast<uint32_t>(rng() % (size - start + 1) % 12);
        const std::string replacement = random_text(rng, rng() % 4);
        std::string new_text = text.substr(0, start) + replacement + text.substr(old_end);
        const uint32_t new_end = start + static_cast<uint32_t>(replacement.size());
        CAPTURE(run);
        CAPTURE(step);
        CAPTURE(text);
        CAPTURE(new_text);
        CAPTURE(start);
        CAPTURE(old_end);
        CAPTURE(new_end);
        LineIndex edited = index.edited(new_text, start, old_end, new_end);
        const LineIndex fresh(new_text, rule);
        REQUIRE(edited == fresh);
        check_same_answers(edited, fresh, new_text.size());
        // Derived in place from an index given up, as a reparse that takes the old text does.
        LineIndex given_up = index;
        LineIndex edited_in_place = std::move(given_up).edited(new_text, start, old_end, new_end);
        REQUIRE(edited_in_place == fresh);
        if (step % 2 == 1) edited = std::move(edited_in_place);
        bom_changes += text.starts_with(kBom) != new_text.starts_with(kBom);
        lines_changed += index.line_count() != fresh.line_count();
        text = std::move(new_text);
        index = std::move(edited);
      }
    }
    // The edits did reach the cases that matter.
    CHECK(bom_changes > 10);
    CHECK(lines_changed > 500);
  }
}

TEST_CASE("indexes of different texts, or by different column rules, are not equal") {
  const std::string text = "a\nb";
  CHECK(LineIndex(text) == LineIndex(std::string("a\nb")));
  CHECK_FALSE(LineIndex(text) == LineIndex(std::string("a\nc")));
  CHECK_FALSE(LineIndex(text) == LineIndex(text, ColumnRule::Json));
}

TEST_CASE("positions do not depend on where lines fall among the scan's eight-byte words") {
  // The same random text after a first line of 0 to 8 bytes: every position is the one in the
  // text alone, a line further down.
  std::mt19937 rng(23);
  for (int run = 0; run < 200; ++run) {
    const std::string text = random_text(rng, rng() % 60);
    CAPTURE(text);
    const LineIndex alone(text);
    for (uint32_t pad = 0; pad <= 8; ++pad) {
      const std::string padded = std::string(pad, 'z') + "\n" + text;
      const LineIndex after(padded);
      REQUIRE(after.line_count() == alone.line_count() + 1);
      for (uint32_t offset = 0; offset <= text.size(); ++offset) {
        CAPTURE(pad);
        CAPTURE(offset);
        Position expected = alone.position(offset);
        ++expected.line;
        expected.byte += pad + 1;
        Utf16Position expected_utf16 = alone.utf16_position(offset);
        ++expected_utf16.line;
        if (text.starts_with(kBom) && alone.line_of(offset) == 0) continue;  // only at the start
        REQUIRE(after.position(offset + pad + 1) == expected);
        REQUIRE(after.utf16_position(offset + pad + 1) == expected_utf16);
      }
    }
  }
}
