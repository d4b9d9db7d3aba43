// Byte ranges into a source text: the engine's only notion of position.
#pragma once

#include <cstdint>
#include <string_view>

namespace hclspec::base {

// A half-open range [start, end) of byte offsets into one source text.
struct ByteRange {
  uint32_t start = 0;
  uint32_t end = 0;

  bool empty() const { return start == end; }
  uint32_t size() const { return end - start; }
  bool contains(uint32_t offset) const { return offset >= start && offset < end; }
  std::string_view slice(std::string_view text) const { return text.substr(start, end - start); }
  friend bool operator==(const ByteRange&, const ByteRange&) = default;
};

// Whether two ranges overlap or meet: an empty range (a cursor) at an item's end touches it.
inline bool touches(ByteRange a, ByteRange b) { return a.start <= b.end && b.start <= a.end; }

// The smallest range covering both a and b (HCL's RangeBetween).
inline ByteRange range_between(ByteRange a, ByteRange b) {
  return {a.start < b.start ? a.start : b.start, a.end > b.end ? a.end : b.end};
}

}  // namespace hclspec::base
