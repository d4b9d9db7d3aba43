// Semantic tokens followed through edits, so a delta costs what the edits touched.
#include "server/lsp/semantic_tokens_state.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <span>
#include <system_error>
#include <thread>

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
std::array<uint32_t, 5> read_piece(const std::string& text, size_t at) {
  std::array<uint32_t, 5> numbers{};
  for (uint32_t& number : numbers) {
    const char* end = std::from_chars(text.data() + at, text.data() + text.size(), number).ptr;
    at = static_cast<size_t>(end - text.data()) + 1;  // past the comma
  }
  return numbers;
}

using TokenWindow = std::vector<features::SemanticToken>;

// Windows of tokens handed, in order, from the walk on one core to their encoding on another, at
// most a few at a time; the encoding's emptied vectors come back for the walk to fill again.
class WindowHandoff {
 public:
  // The walk's side: hands `window` over, waiting while the encoding is behind, and leaves an
  // empty vector in its place. False, with nothing handed over, once the encoding has stopped.
  bool put(TokenWindow& window) {
    std::unique_lock lock(mutex_);
    room_.wait(lock, [&] { return waiting_.size() < kWaitingWindows || stopped_; });
    if (stopped_) return false;
    waiting_.push_back(std::move(window));
    window.clear();
    if (!spare_.empty()) {
      window = std::move(spare_.back());
      spare_.pop_back();
    }
    ready_.notify_one();
    return true;
  }
  // The walk has ended: the encoding takes what waits, then stops.
  void finish() {
    std::lock_guard lock(mutex_);
    finished_ = true;
    ready_.notify_one();
  }

  // The encoding's side: gives back `window` (the last one taken, encoded) and takes the next
  // into it; false when the walk has ended and nothing waits.
  bool take(TokenWindow& window) {
    std::unique_lock lock(mutex_);
    if (window.capacity() > 0) {
      window.clear();
      spare_.push_back(std::move(window));
    }
    ready_.wait(lock, [&] { return !waiting_.empty() || finished_; });
    if (waiting_.empty()) return false;
    window = std::move(waiting_.front());
    waiting_.pop_front();
    room_.notify_one();
    return true;
  }
  // The encoding failed: the walk's next put() returns false.
  void stop() {
    std::lock_guard lock(mutex_);
    stopped_ = true;
    room_.notify_one();
  }

 private:
  static constexpr size_t kWaitingWindows = 4;
  std::mutex mutex_;
  std::condition_variable ready_, room_;
  std::deque<TokenWindow> waiting_;
  std::vector<TokenWindow> spare_;
  bool finished_ = false, stopped_ = false;
};

// Thrown through the walk when the encoding failed, to end it; the encoding's error is rethrown.
struct EncodingStopped {};

// Walks the document's tokens by window, each handed to `encode` in order: on a second core as
// the walk goes on when `pipelined` and a thread can be started (walking and encoding take about
// as long each), else between windows of the walk.
void walk_and_encode(const features::Snapshot& snapshot, uint32_t window_bytes, bool pipelined,
                     const std::function<void(TokenWindow&)>& encode) {
  WindowHandoff handoff;
  std::exception_ptr encoding_error;
  std::thread encoder;
  if (pipelined) {
    try {
      encoder = std::thread([&] {
        try {
          TokenWindow window;
          while (handoff.take(window)) encode(window);
        } catch (...) {
          encoding_error = std::current_exception();
          handoff.stop();
        }
      });
    } catch (const std::system_error&) {
      // No thread: encoded between windows below.
    }
  }
  if (!encoder.joinable()) {
    features::semantic_tokens_by_window(snapshot, window_bytes, encode);
    return;
  }
  std::exception_ptr walk_error;
  try {
    features::semantic_tokens_by_window(snapshot, window_bytes, [&](TokenWindow& window) {
      if (!handoff.put(window)) throw EncodingStopped{};
    });
  } catch (...) {
    walk_error = std::current_exception();
  }
  handoff.finish();
  encoder.join();
  if (encoding_error) std::rethrow_exception(encoding_error);
  if (walk_error) std::rethrow_exception(walk_error);
}

}  // namespace

void SemanticTokensState::append_anchored(std::string& out, std::span<const uint32_t> numbers,
                                          size_t first_piece, size_t base,
                                          std::vector<Anchor>& anchors) const {
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
  const std::string& text = *text_;
  size_t at = anchor.offset;
  for (size_t commas = (piece - anchor.piece) * 5; commas > 0; --commas)
    at = text.find(',', at) + 1;
  return at;
}

std::vector<SemanticTokensState::Anchor> SemanticTokensState::regular_anchors() const {
  std::vector<Anchor> anchors = {{0, 0}};
  const std::string& text = *text_;
  size_t commas = 0;
  for (size_t at = text.find(','); at != std::string::npos; at = text.find(',', at + 1))
    if (++commas % (5 * kAnchorEvery) == 0)
      anchors.push_back({static_cast<uint32_t>(commas / 5), at + 1});
  return anchors;
}

void SemanticTokensState::reset(const features::Snapshot& snapshot, PositionEncoding encoding,
                                std::string id) {
  const base::LineIndex& lines = snapshot.source().lines();
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
  if (!text_ || text_.use_count() > 1) text_ = std::make_shared<std::string>();
  std::string& text = *text_;
  text.clear();
  // The tokens are read a window of whole root items at a time and written at once, so neither
  // the whole document's tokens (16 bytes each) nor its numbers (20 bytes a piece) ever exist
  // beside the text (about 12 bytes a piece). The reserve, twice that a lexical token, is
  // address space, touched as it is filled, in huge pages (the program's operator new advises
  // every block of 2 MiB and more). Small pages were tried again: the first full result of a
  // 3.2 MB document took as long (47–51 against 30–55 ms in four runs each), half of it the
  // kernel clearing fresh pages either way.
  if (followable) {
    const syntax::SyntaxTree& tree = *snapshot.tree;
    root_items_ = root_items(tree);
    text.reserve(size_t{tree.token_count()} * 24);
    piece_starts_.reserve(tree.token_count());
  }
  std::vector<uint32_t> numbers;  // a window's
  std::vector<Anchor> anchors;
  size_t piece_count = 0;
  protocol::Position previous{0, 0};
  // Worth a second core past a few windows.
  const bool pipelined =
      base::has_second_core() && snapshot.source().text().size() > size_t{4} * window_bytes_;
  walk_and_encode(snapshot, window_bytes_, pipelined, [&](TokenWindow& tokens) {
    TokenWindow pieces = semantic_token_pieces(lines, std::move(tokens));
    numbers.clear();
    previous = encode_semantic_pieces(lines, pieces, encoding, previous, numbers);
    append_anchored(text, numbers, piece_count, 0, anchors);
    piece_count += pieces.size();
    if (followable)
      for (const features::SemanticToken& piece : pieces) piece_starts_.push_back(piece.start);
    tokens = std::move(pieces);  // a buffer again, rather than a new one each window
  });
  if (!anchors.empty()) anchors_ = std::move(anchors);  // the first is piece 0's
  incremental_ = followable;
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
    const std::array<uint32_t, 5> held = read_piece(*text_, offset_of(last));
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
    auto copy = std::make_shared<std::string>();
    copy->reserve(text_->size() + text_->size() / 64 + written.size());
    copy->append(*text_, 0, from).append(written).append(*text_, to);
    text_ = std::move(copy);
  } else {
    text_->replace(from, to - from, written);
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
