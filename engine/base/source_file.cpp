// Writing source ranges as HCL does in messages.
#include "base/source_file.hpp"

namespace hclspec::base {

std::string format_range(const SourceFile& file, ByteRange range) {
  const Position start = file.lines().position(range.start);
  const Position end = file.lines().position(range.end);
  std::string out =
      file.filename() + ":" + std::to_string(start.line) + "," + std::to_string(start.column) + "-";
  if (start.line != end.line) out += std::to_string(end.line) + ",";
  out += std::to_string(end.column);
  return out;
}

}  // namespace hclspec::base
