// The decode cache: entries by body start, and their move through edits.
#include "spec/decode_cache.hpp"

#include <algorithm>

namespace hclspec::spec {

std::shared_ptr<const DecodeCache::Entry> DecodeCache::find(base::ByteRange range,
                                                            const Spec& spec) const {
  auto it = std::lower_bound(entries_.begin(), entries_.end(), range.start,
                             [](const auto& entry, uint32_t start) { return entry.first < start; });
  // Bodies nested in one another never start at the same byte, but a body may be read by two
  // specs (both sides of a `default`): look at each entry starting there.
  for (; it != entries_.end() && it->first == range.start; ++it)
    if (it->second->length == range.size() && it->second->spec == &spec) return it->second;
  return nullptr;
}

void DecodeCache::add(uint32_t start, std::shared_ptr<const Entry> entry) {
  entries_.emplace_back(start, std::move(entry));
}

void DecodeCache::append(DecodeCache&& other) {
  entries_.insert(entries_.end(), std::make_move_iterator(other.entries_.begin()),
                  std::make_move_iterator(other.entries_.end()));
  other.entries_.clear();
}

void DecodeCache::finish() {
  std::stable_sort(entries_.begin(), entries_.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
}

DecodeCache DecodeCache::edited(uint32_t start, uint32_t old_end, uint32_t new_end) const {
  DecodeCache out(spec_file_, options_);
  out.entries_.reserve(entries_.size());
  const int64_t shift = int64_t{new_end} - int64_t{old_end};
  for (const auto& [entry_start, entry] : entries_) {
    const uint32_t entry_end = entry_start + entry->length;
    // An edit touching a body's first or last byte may have changed it (text typed right after
    // its closing brace is still outside, but costs nothing to decode again).
    if (entry_end >= start && entry_start <= old_end) continue;
    const uint32_t moved =
        entry_start >= old_end ? static_cast<uint32_t>(entry_start + shift) : entry_start;
    out.entries_.emplace_back(moved, entry);
  }
  return out;
}

void EditedRegion::add(uint32_t edit_start, uint32_t edit_end, uint32_t inserted) {
  if (!any) {
    *this = {edit_start, edit_end, edit_start + inserted, true};
    return;
  }
  // The union of the region and the edit, in the current text, then in the cache's text: bytes
  // before the region are where they were, bytes after it moved by new_end - old_end.
  const uint32_t union_start = std::min(start, edit_start);
  const uint32_t union_end = std::max(new_end, edit_end);
  old_end = union_end > new_end ? old_end + (union_end - new_end) : old_end;
  start = union_start;
  new_end = union_end - (edit_end - edit_start) + inserted;
}

}  // namespace hclspec::spec
