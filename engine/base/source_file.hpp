// A source file as the engine sees it: its text, its name and a line index built on demand.
#pragma once

#include <atomic>
#include <cassert>
#include <mutex>
#include <optional>
#include <string>

#include "base/line_index.hpp"
#include "base/text_range.hpp"

namespace hclspec::base {

// What native syntax trees and JSON trees share, so diagnostics can be placed in either.
class SourceFile {
 public:
  SourceFile(std::string text, std::string filename, ColumnRule columns = ColumnRule::Native)
      : text_(std::move(text)), filename_(std::move(filename)), columns_(columns) {}
  SourceFile(const SourceFile&) = delete;
  SourceFile& operator=(const SourceFile&) = delete;

  const std::string& text() const { return text_; }
  const std::string& filename() const { return filename_; }
  // Built on first use (most parses of valid files never need it); safe from any thread.
  const LineIndex& lines() const {
    std::call_once(lines_once_, [this] { build_lines(LineIndex(text_, columns_)); });
    return *lines_;
  }
  // Whether lines() has been built (or adopted), so that a later version of the file can derive
  // its index from this one's instead of scanning its whole text.
  bool lines_built() const { return lines_built_.load(std::memory_order_acquire); }
  // Gives the file an index made elsewhere, which must view this file's own text() and count
  // columns by its rule (as LineIndex::edited gives from an earlier version's index). Ignored if
  // the index is built already.
  void adopt_lines(LineIndex lines) {
    assert(lines.text().data() == text_.data() && lines.text().size() == text_.size());
    std::call_once(lines_once_, [&] { build_lines(std::move(lines)); });
  }

  // What a later version of the file takes over instead of copying, once nothing reads this
  // one: its text and its line index (nullopt when never built). Only the destructor may
  // follow.
  struct Contents {
    std::string text;
    std::optional<LineIndex> lines;
  };
  Contents release_contents() {
    Contents out{std::move(text_), std::nullopt};
    if (lines_built()) out.lines = std::move(*lines_);
    return out;
  }

 protected:
  ~SourceFile() = default;

 private:
  // Only ever called once, under lines_once_.
  void build_lines(LineIndex lines) const {
    lines_.emplace(std::move(lines));
    lines_built_.store(true, std::memory_order_release);
  }

  std::string text_;
  std::string filename_;
  ColumnRule columns_;
  mutable std::once_flag lines_once_;
  mutable std::optional<LineIndex> lines_;
  mutable std::atomic<bool> lines_built_ = false;
};

// "file:line,col-col" (or "file:line,col-line,col" across lines) as HCL writes a range in
// messages.
std::string format_range(const SourceFile& file, ByteRange range);

}  // namespace hclspec::base
