// A stable sort by key that allocates nothing for the few entries of a body or an object.
#pragma once

#include <algorithm>

namespace hclspec::base {

// Sorts pairs by `first`, keeping equal keys in their order. Up to 16 entries an insertion sort
// does it without the buffer std::stable_sort allocates.
template <typename Entries>
void stable_sort_by_first(Entries& entries) {
  const auto by_key = [](const auto& a, const auto& b) { return a.first < b.first; };
  if (entries.size() <= 16) {
    for (auto it = entries.begin(); it != entries.end(); ++it)
      std::rotate(std::upper_bound(entries.begin(), it, *it, by_key), it, it + 1);
  } else {
    std::stable_sort(entries.begin(), entries.end(), by_key);
  }
}

}  // namespace hclspec::base
