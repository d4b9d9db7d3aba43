// The semantic tokens a client holds for one document, and the edits since: a delta request
// reads again only the root items the edits touched.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/default_init_allocator.hpp"
#include "engine/features/snapshot.hpp"
#include "engine/spec/decode_cache.hpp"
#include "protocol/large_results.hpp"
#include "server/lsp/convert.hpp"

namespace hclspec::server::lsp {

class SemanticTokensState {
 public:
  // A full result reads the document's tokens over windows of whole body items of about
  // `window_bytes` each: 16 KiB, whose tokens and numbers stay in the processor's cache, took
  // a fifth less time than 64 KiB on the 3.2 MB job. A document of 16 windows or more is read
  // in two halves at once.
  explicit SemanticTokensState(uint32_t window_bytes = 16 * 1024) : window_bytes_(window_bytes) {}

  // The document's tokens now, as a full result named `id`.
  void reset(const features::Snapshot& snapshot, PositionEncoding encoding, std::string id);

  // The text the held tokens were made for had [start, end) replaced by `inserted` bytes.
  void edited(uint32_t start, uint32_t end, uint32_t inserted) { edits_.add(start, end, inserted); }
  // The whole text was replaced: only a full result can follow.
  void replaced() { incremental_ = false; }

  // The edits that turn the held data into the document's tokens now, which become the held
  // data, named `id`. Nothing when the document can't be followed this way (a JSON document,
  // the whole text replaced): reset() instead.
  std::optional<std::vector<protocol::SemanticTokensEdit>> advance(
      const features::Snapshot& snapshot, PositionEncoding encoding, std::string id);

  // The held numbers as JSON text, each followed by a comma. Held as text, a reply writes it out
  // without a copy and without the numbers (1.7 times its size) ever existing. Its elements are
  // left unwritten when it is sized, so that a second run can write into it further on at the
  // same time (reset()) and only the memory written is ever touched.
  using HeldText = std::vector<char, base::DefaultInitAllocator<char>>;

  const std::string& id() const { return id_; }
  // Shared with a reply being written; changed in place only when no reply holds it.
  std::shared_ptr<const HeldText> text() const { return text_; }
  // A full result, between "[" and "]": the held text but its last comma.
  std::string_view result() const {
    return text_ && !text_->empty() ? std::string_view(text_->data(), text_->size() - 1)
                                    : std::string_view();
  }

 private:
  // Where a piece's five numbers start in the text, for every 64th piece and around the edits
  // (never more than 64 pieces apart): finding a piece reads at most 320 numbers from the anchor
  // before it.
  struct Anchor {
    uint32_t piece;
    size_t offset;
  };
  static constexpr uint32_t kAnchorEvery = 64;

  // Where a run writes elements of a held array: at its end, which grows; or, when two runs
  // share an array sized ahead, from `begin` to `limit`, and past that to a spill of its own.
  template <typename T>
  struct Part {
    using Buffer = std::vector<T, base::DefaultInitAllocator<T>>;
    static constexpr size_t kGrows = SIZE_MAX;

    Buffer* buffer = nullptr;  // null: nothing is written
    size_t begin = 0;
    size_t at = 0;  // past the last element written into the buffer
    size_t limit = kGrows;
    std::vector<T> spill;

    // Elements written so far.
    size_t size() const { return at - begin + spill.size(); }
    void append(const T* first, const T* last);
    void push_back(T value) { append(&value, &value + 1); }
  };

  // Pieces of the document written as the held text is, each placed from the piece before it
  // (the first from line 0, column 0), into the held text and piece starts or a part of them.
  struct Run {
    Part<char> text;
    Part<uint32_t> starts;        // each piece's byte offset; written only when followed
    std::vector<Anchor> anchors;  // every 64th piece of the run, by its offset in the run's text
    size_t pieces = 0;
    protocol::Position last{0, 0};  // the last piece's place
  };
  // Appends the pieces of `range` (the whole document when none) to `run`, a window at a time.
  void encode_run(const features::Snapshot& snapshot, PositionEncoding encoding,
                  std::optional<base::ByteRange> range, Run& run) const;
  // Appends the document's pieces to `head` in two halves at once, split at byte `middle`,
  // the later half encoded on a second thread into the same arrays and then joined.
  void encode_halves(const features::Snapshot& snapshot, PositionEncoding encoding, uint32_t middle,
                     Run& head);
  // Joins `tail`, the pieces that follow `head`'s in the same arrays, to `head`.
  static void join_runs(Run& head, Run& tail);

  // Appends `numbers` (whole pieces; piece `first_piece` first) to `out`, anchoring every 64th
  // piece at `base` + its offset in `out`.
  template <typename Out>
  static void append_anchored(Out& out, std::span<const uint32_t> numbers, size_t first_piece,
                              size_t base, std::vector<Anchor>& anchors);
  // Where piece `piece`'s numbers start in the text (its size for the piece after the last).
  size_t offset_of(size_t piece) const;
  // The anchors of every 64th piece, read from the text.
  std::vector<Anchor> regular_anchors() const;

  std::string id_;
  std::shared_ptr<HeldText> text_;
  std::vector<Anchor> anchors_;  // by piece; the first is piece 0
  std::vector<uint32_t, base::DefaultInitAllocator<uint32_t>> piece_starts_;  // byte offsets
  std::vector<base::ByteRange> root_items_;  // of the text the pieces were made for
  spec::EditedRegion edits_;
  // The spec the held tokens' modifiers come from: another spec (edited, or chosen anew) changes
  // tokens the edits never touched.
  std::shared_ptr<const spec::SpecFile> spec_;
  bool incremental_ = false;
  uint32_t window_bytes_;
};

}  // namespace hclspec::server::lsp
