// Line index over a source text: byte offset <-> (line, column) as HCL and as LSP count them.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace hclspec::base {

// A position as HCL reports it: 1-based line, 1-based column counted in grapheme clusters
// (a tab counts one), and the 0-based byte offset.
struct Position {
  uint32_t line = 1;
  uint32_t column = 1;
  uint32_t byte = 0;
  friend bool operator==(const Position&, const Position&) = default;
};

// A position as LSP reports it: 0-based line and 0-based character in UTF-16 code units.
struct Utf16Position {
  uint32_t line = 0;
  uint32_t character = 0;
  friend bool operator==(const Utf16Position&, const Utf16Position&) = default;
};

// How HCL counts columns: the native syntax counts a tab as one column; HCL's JSON scanner
// counts a tab as two and a carriage return as none.
enum class ColumnRule { Native, Json };

class LineIndex {
 public:
  // The index refers to `text`, which must outlive it. Lines end at "\n" (a "\r" before it
  // belongs to the line break).
  explicit LineIndex(std::string_view text, ColumnRule columns = ColumnRule::Native);

  // The index of `new_text`, which is this index's text with bytes [start, old_end) replaced by
  // new_text's [start, new_end): equal to LineIndex(new_text, rule), but only the lines the edit
  // touches are scanned; the others are copied, those after the edit shifted.
  LineIndex edited(std::string_view new_text, uint32_t start, uint32_t old_end,
                   uint32_t new_end) const&;
  // The same, from an index no longer needed: its arrays are edited in place, not copied.
  LineIndex edited(std::string_view new_text, uint32_t start, uint32_t old_end,
                   uint32_t new_end) &&;

  std::string_view text() const { return text_; }
  uint32_t line_count() const { return static_cast<uint32_t>(line_starts_.size()); }
  // 0-based line containing the byte offset (an offset at a "\n" belongs to its line).
  uint32_t line_of(uint32_t offset) const;
  uint32_t line_start(uint32_t line) const { return line_starts_[line]; }
  // The bytes of a 0-based line, without its line break.
  std::string_view line_text(uint32_t line) const;
  // Whether line_text(line) is all ASCII (a byte order mark is not): a column is then a byte in
  // every encoding.
  bool is_ascii(uint32_t line) const;

  Position position(uint32_t offset) const;
  Utf16Position utf16_position(uint32_t offset) const;
  // The byte offset of an LSP position, clamped to the line's end and to the text's end.
  uint32_t offset_of(Utf16Position position) const;

  // Same text (compared by content), same lines, same column rule.
  friend bool operator==(const LineIndex&, const LineIndex&) = default;

 private:
  // No lines yet, the byte order mark found, room for `expected_lines`.
  LineIndex(std::string_view text, ColumnRule columns, size_t expected_lines);
  // From the line starting at `from` (already in line_starts_), records each line's first
  // non-ASCII byte (if any) and the next line's start, up to the first line ending at `until`
  // or later (or at the text's end).
  void scan_lines(uint32_t from, uint32_t until);
  // The offset of the line's first non-ASCII byte, or of its end.
  uint32_t ascii_until(uint32_t line) const;

  std::string_view text_;
  std::vector<uint32_t> line_starts_;
  // The lines holding a non-ASCII byte (after a byte order mark), in order, with the offset of
  // the first: before it a column is a subtraction, so long ASCII lines cost nothing however
  // many positions are asked for. Only these lines are listed: in most files they are few.
  struct NonAscii {
    uint32_t line = 0;
    uint32_t offset = 0;
    friend bool operator==(const NonAscii&, const NonAscii&) = default;
  };
  std::vector<NonAscii> non_ascii_;
  uint32_t bom_length_ = 0;  // a leading byte order mark takes no column
  ColumnRule columns_;
};

}  // namespace hclspec::base
