// Semantic tokens followed through edits, so a delta costs what the edits touched.
#include "server/lsp/semantic_tokens_state.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>
#include <span>

#include "engine/base/big_stack.hpp"
#include "engine/base/splice.hpp"
#include "engine/features/semantic_tokens.hpp"
#include "protocol/large_results.hpp"

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

// The start of the first root item starting at or after `at` (`text_end` when none).
uint32_t start_from(const std::vector<base::ByteRange>& items, uint32_t at, uint32_t text_end) {
  auto found = std::lower_bound(
      items.begin(), items.end(), at,
      [](const base::ByteRange& item, uint32_t offset) { return item.start < offset; });
  return found == items.end() ? text_end : found->start;
}

// The five numbers of the piece whose text starts at `at`.
std::array<uint32_t, 5> read_piece(std::string_view text, size_t at) {
  std::array<uint32_t, 5> numbers{};
  for (uint32_t& number : numbers) {
    const char* end = std::from_chars(text.data() + at, text.data() + text.size(), number).ptr;
    at = static_cast<size_t>(end - text.data()) + 1;  // past the comma
  }
  return numbers;
}

using TokenWindow = std::vector<features::SemanticToken>;

}  // namespace

template <typename T>
void SemanticTokensState::Part<T>::append(const T* first, const T* last) {
  if (buffer == nullptr) return;
  if (limit == kGrows) {
    buffer->insert(buffer->end(), first, last);
    at = buffer->size();
    return;
  }
  const auto fits = static_cast<ptrdiff_t>(
      std::min(static_cast<size_t>(last - first), spill.empty() ? limit - at : 0));
  std::copy(first, first + fits, buffer->data() + at);
  at += static_cast<size_t>(fits);
  spill.insert(spill.end(), first + fits, last);
}

namespace {

// Closes up `tail` behind `head`, two parts of the same buffer (the head's from its start), the
// tail's first `skip` elements replaced by `front`. Moved down within the buffer, the tail lands
// on pages the two parts wrote already; only when a part spilled (or `front` would overwrite
// what is still to move) is everything copied into a new buffer.
template <typename Part, typename T>
void join_parts(Part& head, const Part& tail, size_t skip, std::span<const T> front) {
  if (head.buffer == nullptr) return;
  auto& buffer = *head.buffer;
  const size_t tail_size = tail.size() - skip;
  const size_t joined_size = head.size() + front.size() + tail_size;
  if (head.spill.empty() && tail.spill.empty() && head.at + front.size() <= tail.begin + skip) {
    std::copy(front.begin(), front.end(), buffer.data() + head.at);
    std::memmove(buffer.data() + head.at + front.size(), buffer.data() + tail.begin + skip,
                 tail_size * sizeof(T));
  } else {
    typename Part::Buffer joined;
    joined.reserve(joined_size);
    joined.insert(joined.end(), buffer.data(), buffer.data() + head.at);
    joined.insert(joined.end(), head.spill.begin(), head.spill.end());
    joined.insert(joined.end(), front.begin(), front.end());
    const size_t in_buffer = tail.at - tail.begin;
    if (skip < in_buffer)
      joined.insert(joined.end(), buffer.data() + tail.begin + skip, buffer.data() + tail.at);
    joined.insert(joined.end(),
                  tail.spill.begin() + static_cast<ptrdiff_t>(skip - std::min(skip, in_buffer)),
                  tail.spill.end());
    buffer.swap(joined);
  }
  buffer.resize(joined_size);  // smaller: nothing is written
  head.at = joined_size;
}

// The index of the first token starting at or after `offset`.
size_t first_token_from(const syntax::TokenList& tokens, uint32_t offset) {
  const auto first = std::partition_point(
      tokens.begin(), tokens.end(), [&](const syntax::Token& t) { return t.start() < offset; });
  return static_cast<size_t>(first - tokens.begin());
}

// `count` elements of `element_bytes` rounded up to whole cache lines, so that two threads
// writing either side of the line never write the same one.
size_t round_to_cache_line(size_t count, size_t element_bytes) {
  constexpr size_t kCacheLine = 64;
  const size_t line = kCacheLine / element_bytes;
  return (count + line - 1) / line * line;
}

}  // namespace

template <typename Out>
void SemanticTokensState::append_anchored(Out& out, std::span<const uint32_t> numbers,
                                          size_t first_piece, size_t base,
                                          std::vector<Anchor>& anchors) {
  const size_t count = numbers.size() / 5;
  for (size_t done = 0; done < count;) {
    const size_t piece = first_piece + done;
    if (piece % kAnchorEvery == 0)
      anchors.push_back({static_cast<uint32_t>(piece), base + out.size()});
    const size_t until = std::min(count, (piece / kAnchorEvery + 1) * kAnchorEvery - first_piece);
    protocol::append_comma_terminated(out, numbers.subspan(done * 5, (until - done) * 5));
    done = until;
  }
}

size_t SemanticTokensState::offset_of(size_t piece) const {
  const auto after =
      std::upper_bound(anchors_.begin(), anchors_.end(), piece,
                       [](size_t wanted, const Anchor& anchor) { return wanted < anchor.piece; });
  const Anchor& anchor = *std::prev(after);  // the first anchor is piece 0's
  const std::string_view text(text_->data(), text_->size());
  size_t at = anchor.offset;
  for (size_t commas = (piece - anchor.piece) * 5; commas > 0; --commas)
    at = text.find(',', at) + 1;
  return at;
}

std::vector<SemanticTokensState::Anchor> SemanticTokensState::regular_anchors() const {
  std::vector<Anchor> anchors = {{0, 0}};
  const std::string_view text(text_->data(), text_->size());
  size_t commas = 0;
  for (size_t at = text.find(','); at != std::string_view::npos; at = text.find(',', at + 1))
    if (++commas % (5 * kAnchorEvery) == 0)
      anchors.push_back({static_cast<uint32_t>(commas / 5), at + 1});
  return anchors;
}

void SemanticTokensState::reset(const features::Snapshot& snapshot, PositionEncoding encoding,
                                std::string id) {
  id_ = std::move(id);
  edits_ = {};
  spec_ = snapshot.binding.spec;
  // Followed through edits only once whole: a reset that fails halfway (out of memory) leaves a
  // state the next request resets again.
  incremental_ = false;
  const bool followable = snapshot.tree != nullptr;
  root_items_.clear();
  piece_starts_.clear();
  anchors_ = {{0, 0}};
  // The held text's memory is used again when no reply still holds it: fresh pages cost more
  // than the encoding.
  if (!text_ || text_.use_count() > 1) text_ = std::make_shared<HeldText>();
  HeldText& text = *text_;
  text.clear();
  Run head{{&text, 0, 0, Part<char>::kGrows, {}},
           {followable ? &piece_starts_ : nullptr, 0, 0, Part<uint32_t>::kGrows, {}},
           {}};
  // Past 16 windows (a thread starts in 0.2-1 ms), the document is read in two halves at once,
  // each walked and encoded on a core of its own (handing each window from a walk on one core
  // to its encoding on the other took twice as long: the walk then wrote into cache lines the
  // other core held).
  const auto size = static_cast<uint32_t>(snapshot.source().text().size());
  const std::optional<uint32_t> middle =
      base::has_second_core() && size >= size_t{16} * window_bytes_
          ? features::semantic_tokens_midpoint(snapshot)
          : std::nullopt;
  // The tokens are read a window of whole body items at a time and written at once, so neither
  // the whole document's tokens (16 bytes each) nor its numbers (20 bytes a piece) ever exist
  // beside the text (about 6 bytes a lexical token). The room, four times that, is address
  // space, touched as it is filled, in huge pages (the program's operator new advises every
  // block of 2 MiB and more). Small pages were tried again: the first full result of a 3.2 MB
  // document took as long (47–51 against 30–55 ms in four runs each), half of it the kernel
  // clearing fresh pages either way.
  const size_t token_count = followable ? snapshot.tree->token_count() : 0;
  if (followable) root_items_ = root_items(*snapshot.tree);
  if (middle) {
    encode_halves(snapshot, encoding, *middle, head);
  } else {
    text.reserve(token_count * 24);
    piece_starts_.reserve(token_count);
    encode_run(snapshot, encoding, std::nullopt, head);
  }
  if (!head.anchors.empty()) anchors_ = std::move(head.anchors);  // the first is piece 0's
  incremental_ = followable;
}

void SemanticTokensState::encode_halves(const features::Snapshot& snapshot,
                                        PositionEncoding encoding, uint32_t middle, Run& head) {
  HeldText& text = *text_;
  // The halves write into the same arrays, sized ahead and left unwritten: the head from their
  // start, the tail from where the head likely ends (its tokens at 7 bytes of text and 0.7
  // pieces each; the 3.2 MB job and the 10 MB Terraform file have 5.6-6.2 and 0.54-0.61). The
  // tail is then moved down behind the head, onto pages written already: written apart and
  // copied, it took fresh memory twice, about a third of all a first result's (16 MiB for the
  // 3.2 MB job). Started on the next 2 MiB line instead, the tail made the first result of the
  // 3.2 MB job touch 10 MiB of huge pages rather than 8. A half that outgrows its room spills,
  // and is joined by a copy.
  const size_t head_tokens = first_token_from(snapshot.tree->tokens(), middle);
  const size_t tail_tokens = snapshot.tree->token_count() - head_tokens;
  const size_t text_gap = round_to_cache_line(head_tokens * 7, 1);
  const size_t starts_gap = round_to_cache_line(head_tokens * 7 / 10, sizeof(uint32_t));
  text.resize(text_gap + tail_tokens * 24);
  piece_starts_.resize(starts_gap + tail_tokens);
  head.text.limit = text_gap;
  head.starts.limit = starts_gap;
  Run tail{{&text, text_gap, text_gap, text.size(), {}},
           {&piece_starts_, starts_gap, starts_gap, piece_starts_.size(), {}},
           {}};
  const auto size = static_cast<uint32_t>(snapshot.source().text().size());
  base::LargeStackTask later([&] {
    encode_run(snapshot, encoding, base::ByteRange{middle, size}, tail);
  });
  encode_run(snapshot, encoding, base::ByteRange{0, middle}, head);
  later.wait();
  join_runs(head, tail);
}

void SemanticTokensState::encode_run(const features::Snapshot& snapshot, PositionEncoding encoding,
                                     std::optional<base::ByteRange> range, Run& run) const {
  const base::LineIndex& lines = snapshot.source().lines();
  std::vector<uint32_t> numbers;  // a window's
  features::semantic_tokens_by_window(
      snapshot, window_bytes_,
      [&](TokenWindow& tokens) {
        TokenWindow pieces = semantic_token_pieces(lines, std::move(tokens));
        numbers.clear();
        run.last = encode_semantic_pieces(lines, pieces, encoding, run.last, numbers);
        append_anchored(run.text, numbers, run.pieces, 0, run.anchors);
        run.pieces += pieces.size();
        if (run.starts.buffer != nullptr)
          for (const features::SemanticToken& piece : pieces) run.starts.push_back(piece.start);
        tokens = std::move(pieces);  // a buffer again, rather than a new one each window
      },
      range);
}

void SemanticTokensState::join_runs(Run& head, Run& tail) {
  if (tail.pieces == 0) {
    join_parts(head.text, tail.text, 0, std::span<const char>());
    join_parts(head.starts, tail.starts, 0, std::span<const uint32_t>());
    return;
  }
  // The tail's first piece was placed from line 0, column 0: it is placed from the head's last
  // piece instead; the rest of the tail is relative to its own pieces.
  std::string tail_front;  // its first two numbers, the only ones read
  for (size_t at = tail.text.begin; std::count(tail_front.begin(), tail_front.end(), ',') < 2; ++at)
    tail_front += at < tail.text.at ? (*tail.text.buffer)[at] : tail.text.spill[at - tail.text.at];
  std::array<uint32_t, 2> first{};
  const char* at = tail_front.data();
  for (uint32_t& number : first)
    at = std::from_chars(at, tail_front.data() + tail_front.size(), number).ptr + 1;
  const std::array<uint32_t, 2> placed = {
      first[0] - head.last.line,
      first[0] == head.last.line ? first[1] - head.last.character : first[1]};
  std::string front;
  protocol::append_comma_terminated(front, placed);
  const size_t tail_at = head.text.size();
  join_parts(head.text, tail.text, tail_front.size(), std::span<const char>(front));
  join_parts(head.starts, tail.starts, 0, std::span<const uint32_t>());
  // The tail's anchors are offsets in its own text: its first piece's now holds `front`.
  for (const Anchor& anchor : tail.anchors)
    head.anchors.push_back({static_cast<uint32_t>(head.pieces + anchor.piece),
                            anchor.offset == 0
                                ? tail_at
                                : tail_at + front.size() + (anchor.offset - tail_front.size())});
  head.pieces += tail.pieces;
  head.last = tail.last;
}

std::optional<std::vector<protocol::SemanticTokensEdit>> SemanticTokensState::advance(
    const features::Snapshot& snapshot, PositionEncoding encoding, std::string id) {
  if (!incremental_ || !snapshot.tree || !text_ || snapshot.binding.spec != spec_)
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
  // It ends where a root item starts in both texts: from there on both parses read the same
  // bytes from the same state. An edit can move the boundaries after it (an unterminated
  // string, a brace), so the first candidate may be one in a single text only.
  const auto old_text_end = static_cast<uint32_t>(std::max<int64_t>(0, int64_t{text_end} - shift));
  // The first candidate: the first root item starting after the edits, in either text.
  int64_t window_end =
      std::max<int64_t>(start_from(items, edits_.new_end + 1, text_end),
                        int64_t{start_from(root_items_, edits_.old_end + 1, old_text_end)} + shift);
  for (;;) {
    const int64_t in_new = start_from(items, static_cast<uint32_t>(window_end), text_end);
    const int64_t in_old =
        int64_t{start_from(root_items_, static_cast<uint32_t>(window_end - shift), old_text_end)} +
        shift;
    if (in_new == in_old) break;
    window_end = std::max(in_new, in_old);
  }
  const uint32_t old_window_end = static_cast<uint32_t>(window_end - shift);

  const std::vector<features::SemanticToken> window = semantic_token_pieces(
      lines, features::semantic_tokens(
                 snapshot, base::ByteRange{window_start, static_cast<uint32_t>(window_end)}));
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
    const std::array<uint32_t, 5> held =
        read_piece(std::string_view(text_->data(), text_->size()), offset_of(last));
    replacement.push_back(at.line - previous.line);
    replacement.push_back(at.line == previous.line ? at.character - previous.character
                                                   : at.character);
    replacement.insert(replacement.end(), held.begin() + 2, held.end());
  }
  protocol::SemanticTokensEdit edit;
  edit.start = static_cast<uint32_t>(first * 5);
  edit.delete_count = static_cast<uint32_t>((last - first + (has_follower ? 1 : 0)) * 5);
  edit.data = std::move(replacement);

  // The held text, its anchors and the piece starts become the new ones. Should that fail
  // halfway (out of memory), the state is not followed further: the next request gets the full
  // tokens.
  struct Abandon {
    bool& incremental;
    bool done = false;
    ~Abandon() {
      if (!done) incremental = false;
    }
  } abandon{incremental_};
  const size_t removed = last - first + (has_follower ? 1 : 0);
  const size_t added = edit.data.size() / 5;
  const size_t from = offset_of(first);
  const size_t to = offset_of(first + removed);
  // Anchors before the edit stay, those in what it replaced go, those after it move; the edit's
  // first piece and the one after it are anchored, so no stretch between anchors grows.
  const auto kept_end =
      std::lower_bound(anchors_.begin(), anchors_.end(), first,
                       [](const Anchor& anchor, size_t piece) { return anchor.piece < piece; });
  const auto moved_begin =
      std::lower_bound(kept_end, anchors_.end(), first + removed,
                       [](const Anchor& anchor, size_t piece) { return anchor.piece < piece; });
  std::vector<Anchor> anchors(anchors_.begin(), kept_end);
  anchors.push_back({static_cast<uint32_t>(first), from});
  std::string written;
  append_anchored(written, edit.data, first, from, anchors);
  anchors.push_back({static_cast<uint32_t>(first + added), from + written.size()});
  for (auto moved = moved_begin; moved != anchors_.end(); ++moved)
    anchors.push_back({static_cast<uint32_t>(moved->piece + added - removed),
                       moved->offset + written.size() - (to - from)});
  // The same piece may be anchored twice, at the same offset.
  anchors.erase(std::unique(anchors.begin(), anchors.end(),
                            [](const Anchor& a, const Anchor& b) { return a.piece == b.piece; }),
                anchors.end());

  if (text_.use_count() > 1) {
    // A reply still writes the text: it keeps it, and a copy with room to grow is edited.
    auto copy = std::make_shared<HeldText>();
    copy->reserve(text_->size() + text_->size() / 64 + written.size());
    copy->insert(copy->end(), text_->begin(), text_->begin() + static_cast<ptrdiff_t>(from));
    copy->insert(copy->end(), written.begin(), written.end());
    copy->insert(copy->end(), text_->begin() + static_cast<ptrdiff_t>(to), text_->end());
    text_ = std::move(copy);
  } else {
    // [from, to) replaced by `written`, moving what follows once.
    HeldText& text = *text_;
    const size_t old_size = text.size();
    if (written.size() > to - from) text.resize(old_size + written.size() - (to - from));
    std::memmove(text.data() + from + written.size(), text.data() + to, old_size - to);
    text.resize(old_size - (to - from) + written.size());
    std::copy(written.begin(), written.end(), text.data() + from);
  }
  anchors_ = std::move(anchors);
  std::vector<uint32_t> window_starts;
  window_starts.reserve(window.size());
  for (const features::SemanticToken& piece : window) window_starts.push_back(piece.start);
  base::splice(piece_starts_, first, last, std::span<const uint32_t>(window_starts),
               [shift](uint32_t start) { return static_cast<uint32_t>(int64_t{start} + shift); });
  // Anchors gather where edits fall: past twice the regular number, they are made again.
  if (anchors_.size() > piece_starts_.size() / kAnchorEvery * 2 + 64) anchors_ = regular_anchors();
  abandon.done = true;
  root_items_ = std::move(items);
  edits_ = {};
  std::vector<protocol::SemanticTokensEdit> edits;
  if (edit.delete_count > 0 || !edit.data.empty()) edits.push_back(std::move(edit));
  return edits;
}

}  // namespace hclspec::server::lsp
