// The semantic tokens a client holds for one document, and the edits since: a delta request
// reads again only the root items the edits touched.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/features/snapshot.hpp"
#include "engine/spec/decode_cache.hpp"
#include "protocol/large_results.hpp"
#include "server/lsp/convert.hpp"

namespace hclspec::server::lsp {

class SemanticTokensState {
 public:
  // A full result reads the document's tokens over windows of whole root items of about
  // `window_bytes` each.
  explicit SemanticTokensState(uint32_t window_bytes = 64 * 1024) : window_bytes_(window_bytes) {}

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

  const std::string& id() const { return id_; }
  // Shared with a reply being written; changed in place only when no reply holds it.
  std::shared_ptr<const std::vector<uint32_t>> data() const { return data_; }

 private:
  std::string id_;
  std::shared_ptr<std::vector<uint32_t>> data_;  // five numbers per piece
  std::vector<uint32_t> piece_starts_;           // each piece's byte offset
  std::vector<base::ByteRange> root_items_;      // of the text the pieces were made for
  spec::EditedRegion edits_;
  // The spec the held tokens' modifiers come from: another spec (edited, or chosen anew) changes
  // tokens the edits never touched.
  std::shared_ptr<const spec::SpecFile> spec_;
  bool incremental_ = false;
  uint32_t window_bytes_;
};

}  // namespace hclspec::server::lsp
