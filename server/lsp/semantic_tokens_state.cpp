// Semantic tokens followed through edits, so a delta costs what the edits touched.
#include "server/lsp/semantic_tokens_state.hpp"

#include <algorithm>
#include <span>

#include "engine/base/huge_pages.hpp"
#include "engine/features/semantic_tokens.hpp"

namespace hclspec::server::lsp {
namespace {

std::vector<base::ByteRange> root_items(const syntax::SyntaxTree& tree) {
  std::vector<base::ByteRange> items;
  for (syntax::NodeId item : tree.children(tree.root())) items.push_back(tree.range(item));
  return items;
}

// Where the bytes before `at` stop mattering to the tokens: the end of the last root item that
// ends before `at` (0 when none). Tokens before it belong to items the edit did not reach.
uint32_t settled_before(const std::vector<base::ByteRange>& items, uint32_t at) {
  auto after = std::lower_bound(
      items.begin(), items.end(), at,
      [](const base::ByteRange& item, uint32_t offset) { return item.end < offset; });
  return after == items.begin() ? 0 : std::prev(after)->end;
}

// Where the bytes from `at` on start to matter again: the start of the first root item that
// starts after `at` (`text_end` when none).
uint32_t settled_after(const std::vector<base::ByteRange>& items, uint32_t at, uint32_t text_end) {
  auto after = std::upper_bound(
      items.begin(), items.end(), at,
      [](uint32_t offset, const base::ByteRange& item) { return offset < item.start; });
  return after == items.end() ? text_end : after->start;
}

// Replaces `numbers`[at, at + removed) by `with`, moving what follows at most once: a
// keystroke most often changes no count, and the held data is megabytes long.
void splice(std::vector<uint32_t>& numbers, size_t at, size_t removed,
            std::span<const uint32_t> with) {
  const auto start = numbers.begin() + static_cast<ptrdiff_t>(at);
  if (with.size() > removed)
    numbers.insert(start + static_cast<ptrdiff_t>(removed), with.size() - removed, 0);
  else
    numbers.erase(start + static_cast<ptrdiff_t>(with.size()),
                  start + static_cast<ptrdiff_t>(removed));
  std::copy(with.begin(), with.end(), numbers.begin() + static_cast<ptrdiff_t>(at));
}

}  // namespace

void SemanticTokensState::reset(const features::Snapshot& snapshot, PositionEncoding encoding,
                                std::string id) {
  const base::LineIndex& lines = snapshot.source().lines();
  id_ = std::move(id);
  edits_ = {};
  spec_ = snapshot.binding.spec;
  incremental_ = snapshot.tree != nullptr;
  root_items_.clear();
  piece_starts_.clear();
  // The held numbers' memory is used again when no reply still holds it: fresh pages cost more
  // than the encoding.
  if (!data_ || data_.use_count() > 1) data_ = std::make_shared<std::vector<uint32_t>>();
  std::vector<uint32_t>& data = *data_;
  data.clear();
  // The tokens are read a window of whole root items at a time and encoded at once, so the
  // whole document's (16 bytes each) never exist beside the numbers. At most one piece per
  // lexical token but for escapes and lines cut: the reserve is address space, touched as it
  // is filled.
  if (incremental_) {
    const syntax::SyntaxTree& tree = *snapshot.tree;
    root_items_ = root_items(tree);
    data.reserve(size_t{tree.token_count()} * 5);
    piece_starts_.reserve(tree.token_count());
  }
  base::advise_huge_pages(data.data(), data.capacity() * sizeof(uint32_t));
  protocol::Position previous{0, 0};
  features::semantic_tokens_by_window(
      snapshot, window_bytes_, [&](std::vector<features::SemanticToken>& tokens) {
        const std::vector<features::SemanticToken> pieces =
            semantic_token_pieces(lines, std::move(tokens));
        previous = encode_semantic_pieces(lines, pieces, encoding, previous, data);
        if (incremental_)
          for (const features::SemanticToken& piece : pieces) piece_starts_.push_back(piece.start);
      });
  base::release_unused_pages(data.data(), data.size() * sizeof(uint32_t),
                             data.capacity() * sizeof(uint32_t));
}

std::optional<std::vector<protocol::SemanticTokensEdit>> SemanticTokensState::advance(
    const features::Snapshot& snapshot, PositionEncoding encoding, std::string id) {
  if (!incremental_ || !snapshot.tree || !data_ || snapshot.binding.spec != spec_)
    return std::nullopt;
  id_ = std::move(id);
  if (!edits_.any) return std::vector<protocol::SemanticTokensEdit>{};
  const syntax::SyntaxTree& tree = *snapshot.tree;
  const base::LineIndex& lines = tree.lines();
  const uint32_t text_end = static_cast<uint32_t>(tree.text().size());
  const int64_t shift = int64_t{edits_.new_end} - int64_t{edits_.old_end};
  std::vector<base::ByteRange> items = root_items(tree);

  // The window read again: from before every root item the edits reached, in the old text or
  // the new, to after them; the same bytes in both texts outside it.
  const uint32_t window_start =
      std::min(settled_before(root_items_, edits_.start), settled_before(items, edits_.start));
  const int64_t old_after =
      settled_after(root_items_, edits_.old_end,
                    static_cast<uint32_t>(std::max<int64_t>(0, int64_t{text_end} - shift)));
  const uint32_t window_end = static_cast<uint32_t>(
      std::max<int64_t>(settled_after(items, edits_.new_end, text_end), old_after + shift));
  const uint32_t old_window_end = static_cast<uint32_t>(int64_t{window_end} - shift);

  const std::vector<features::SemanticToken> window = semantic_token_pieces(
      lines, features::semantic_tokens(snapshot, base::ByteRange{window_start, window_end}));
  const auto first = static_cast<size_t>(
      std::lower_bound(piece_starts_.begin(), piece_starts_.end(), window_start) -
      piece_starts_.begin());
  const auto last = static_cast<size_t>(
      std::lower_bound(piece_starts_.begin(), piece_starts_.end(), old_window_end) -
      piece_starts_.begin());
  // A piece reaching into the window from before it (the range result includes what overlaps)
  // would be read twice: give up and start over.
  auto inside = window.begin();
  while (inside != window.end() && inside->start < window_start) ++inside;
  if (inside != window.begin() || std::any_of(inside, window.end(), [&](const auto& piece) {
        return piece.start >= window_end;
      }))
    return std::nullopt;

  // The new pieces' numbers, relative to the piece before the window, then the first piece
  // after it, whose place moved (the rest are relative to their neighbours and stay).
  std::vector<uint32_t> replacement;
  replacement.reserve(window.size() * 5 + 5);
  const protocol::Position before = first == 0
                                        ? protocol::Position{0, 0}
                                        : to_position(lines, piece_starts_[first - 1], encoding);
  protocol::Position previous =
      encode_semantic_pieces(lines, window, encoding, before, replacement);
  const bool has_follower = last < piece_starts_.size();
  if (has_follower) {
    const uint32_t moved = static_cast<uint32_t>(int64_t{piece_starts_[last]} + shift);
    const protocol::Position at = to_position(lines, moved, encoding);
    const std::vector<uint32_t>& held = *data_;
    replacement.push_back(at.line - previous.line);
    replacement.push_back(at.line == previous.line ? at.character - previous.character
                                                   : at.character);
    replacement.insert(replacement.end(), held.begin() + static_cast<ptrdiff_t>(last * 5 + 2),
                       held.begin() + static_cast<ptrdiff_t>(last * 5 + 5));
  }
  protocol::SemanticTokensEdit edit;
  edit.start = static_cast<uint32_t>(first * 5);
  edit.delete_count = static_cast<uint32_t>((last - first + (has_follower ? 1 : 0)) * 5);
  edit.data = std::move(replacement);

  // The held data and piece starts become the new ones. A reply still writing the data keeps
  // its copy.
  if (data_.use_count() > 1) data_ = std::make_shared<std::vector<uint32_t>>(*data_);
  splice(*data_, edit.start, edit.delete_count, edit.data);
  for (size_t i = last; i < piece_starts_.size(); ++i)
    piece_starts_[i] = static_cast<uint32_t>(int64_t{piece_starts_[i]} + shift);
  std::vector<uint32_t> window_starts;
  window_starts.reserve(window.size());
  for (const features::SemanticToken& piece : window) window_starts.push_back(piece.start);
  splice(piece_starts_, first, last - first, window_starts);
  root_items_ = std::move(items);
  edits_ = {};
  std::vector<protocol::SemanticTokensEdit> edits;
  if (edit.delete_count > 0 || !edit.data.empty()) edits.push_back(std::move(edit));
  return edits;
}

}  // namespace hclspec::server::lsp
