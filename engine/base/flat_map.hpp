// FlatMap: a sorted vector with the part of std::map's interface small lookup tables use.
#pragma once

#include <algorithm>
#include <boost/container/small_vector.hpp>
#include <stdexcept>
#include <utility>
#include <vector>

#include "base/small_sort.hpp"

namespace hclspec::base {

// For tables of a few entries built once and read a few times (a body's items by name): up to
// eight entries need no allocation at all, where std::map makes one per entry, and lookups are
// on contiguous memory.
// Inserting one entry is linear in the size, so a large table is built from a list at once.
template <typename Key, typename Value>
class FlatMap {
 public:
  using value_type = std::pair<Key, Value>;
  using Storage = boost::container::small_vector<value_type, 8>;
  using iterator = typename Storage::iterator;
  using const_iterator = typename Storage::const_iterator;

  FlatMap() = default;
  // From entries in any order; of equal keys the first one is kept, as std::map::emplace does.
  explicit FlatMap(const std::vector<value_type>& entries)
      : entries_(entries.begin(), entries.end()) {
    stable_sort_by_first(entries_);
    entries_.erase(std::unique(entries_.begin(), entries_.end(),
                               [](const value_type& a, const value_type& b) {
                                 return !(a.first < b.first) && !(b.first < a.first);
                               }),
                   entries_.end());
  }

  iterator begin() { return entries_.begin(); }
  iterator end() { return entries_.end(); }
  const_iterator begin() const { return entries_.begin(); }
  const_iterator end() const { return entries_.end(); }
  size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }

  template <typename K>
  iterator find(const K& key) {
    const auto it = lower_bound(entries_, key);
    return it != entries_.end() && !(key < it->first) ? it : entries_.end();
  }
  template <typename K>
  const_iterator find(const K& key) const {
    const auto it = lower_bound(entries_, key);
    return it != entries_.end() && !(key < it->first) ? it : entries_.end();
  }

  template <typename K>
  const Value& at(const K& key) const {
    const auto it = find(key);
    if (it == end()) throw std::out_of_range("FlatMap::at");
    return it->second;
  }

  // As std::map::emplace: an existing key keeps its value.
  std::pair<iterator, bool> emplace(Key key, Value value) {
    const auto it = lower_bound(entries_, key);
    if (it != entries_.end() && !(key < it->first)) return {it, false};
    return {entries_.insert(it, value_type(std::move(key), std::move(value))), true};
  }

  Value& operator[](const Key& key) { return emplace(key, Value()).first->second; }

 private:
  template <typename Entries, typename K>
  static auto lower_bound(Entries& entries, const K& key) {
    return std::lower_bound(entries.begin(), entries.end(), key,
                            [](const value_type& e, const K& k) { return e.first < k; });
  }

  Storage entries_;  // sorted by key, keys unique
};

}  // namespace hclspec::base
