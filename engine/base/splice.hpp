// splice: one stretch of a sorted array replaced, and what follows it moved, in one pass.
#pragma once

#include <algorithm>
#include <cstddef>
#include <span>
#include <vector>

namespace hclspec::base {

// Replaces `to`'s entries [from, until) with `with`, and applies `moved` to those after them.
// What follows moves at most once (not at all when the count is the same): the arrays this
// serves (line starts, semantic token offsets) are megabytes long and edited per keystroke.
template <typename T, typename Allocator, typename Move>
void splice(std::vector<T, Allocator>& to, size_t from, size_t until, std::span<const T> with,
            Move moved) {
  const auto at = [&to](size_t i) { return to.begin() + static_cast<ptrdiff_t>(i); };
  if (with.size() > until - from)
    to.insert(at(until), with.size() - (until - from), T{});
  else
    to.erase(at(from + with.size()), at(until));
  std::copy(with.begin(), with.end(), at(from));
  std::transform(at(from + with.size()), to.end(), at(from + with.size()), moved);
}

}  // namespace hclspec::base
