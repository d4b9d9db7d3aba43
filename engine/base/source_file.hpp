// A source file as the engine sees it: its text, its name and a line index built on demand.
#pragma once

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
    std::call_once(lines_once_, [this] { lines_.emplace(text_, columns_); });
    return *lines_;
  }

 protected:
  ~SourceFile() = default;

 private:
  std::string text_;
  std::string filename_;
  ColumnRule columns_;
  mutable std::once_flag lines_once_;
  mutable std::optional<LineIndex> lines_;
};

// "file:line,col-col" (or "file:line,col-line,col" across lines) as HCL writes a range in
// messages.
std::string format_range(const SourceFile& file, ByteRange range);

}  // namespace hclspec::base
