// Decoded block bodies of one file, reused while their text is unchanged: what makes validating
// an edited document cost about what the edit touched.
#pragma once

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "base/diagnostic.hpp"
#include "base/text_range.hpp"
#include "spec/decode_options.hpp"
#include "spec/spec.hpp"
#include "types/value.hpp"

namespace hclspec::spec {

// A block body's subtree depends only on its own text (the parser resets its recovery state at
// every body item, and a body starts in the lexer's main mode), and decoding it depends only on
// that subtree, the spec decoding it and the spec file's scope. So the value and diagnostics of
// a body whose bytes did not change can be reused, moved to where the body now is.
class DecodeCache {
 public:
  struct Entry {
    uint32_t length = 0;         // the body's bytes, braces included
    const Spec* spec = nullptr;  // the spec that decoded it (alive while `spec_file` is)
    types::Value value;
    base::Diagnostics diagnostics;  // ranges relative to the body's start
  };

  // Bodies smaller than this are decoded again rather than remembered: their entries would
  // cost more to keep and move than decoding them does.
  static constexpr uint32_t kMinBodyBytes = 512;

  // The entries are for decoding by this spec file with these options; a decode by another, or
  // with other options, ignores them.
  explicit DecodeCache(std::shared_ptr<const SpecFile> spec_file = nullptr,
                       DecodeOptions options = {})
      : spec_file_(std::move(spec_file)), options_(options) {}
  const std::shared_ptr<const SpecFile>& spec_file() const { return spec_file_; }
  const DecodeOptions& options() const { return options_; }

  // The entry for a body at `range` decoded by `spec`, or null.
  std::shared_ptr<const Entry> find(base::ByteRange range, const Spec& spec) const;
  void add(uint32_t start, std::shared_ptr<const Entry> entry);
  void append(DecodeCache&& other);
  // Orders the entries for `find`, after the last `add`.
  void finish();
  size_t size() const { return entries_.size(); }

  // The entries still valid after the text's bytes [start, old_end) were replaced by
  // [start, new_end): those touching the replaced bytes are dropped, those after it moved.
  DecodeCache edited(uint32_t start, uint32_t old_end, uint32_t new_end) const;

 private:
  std::shared_ptr<const SpecFile> spec_file_;
  DecodeOptions options_;
  std::vector<std::pair<uint32_t, std::shared_ptr<const Entry>>> entries_;  // by start
};

// The text changed since a DecodeCache was made, as one region: what `DecodeCache::edited`
// needs, whatever number of edits came in between.
struct EditedRegion {
  uint32_t start = 0;
  uint32_t old_end = 0;  // in the text the cache was made for
  uint32_t new_end = 0;  // in the text now
  bool any = false;

  // Adds the replacement of the current text's [edit_start, edit_end) by `inserted` bytes.
  void add(uint32_t edit_start, uint32_t edit_end, uint32_t inserted);
};

}  // namespace hclspec::spec
