// Selection ranges: the word at the cursor, then each enclosing node (and the insides of its
// brackets and quotes) out to the whole file; for JSON the values and properties around it.
#include "features/selection_ranges.hpp"

#include <algorithm>
#include <optional>

#include "syntax/block_header.hpp"

namespace hclspec::features {

using base::ByteRange;
using syntax::NodeId;
using syntax::NodeKind;
using syntax::TokenKind;

namespace {

bool touches(ByteRange range, uint32_t offset) {
  return range.start <= offset && offset <= range.end;
}

// The chain under construction. A range joins it only if it is larger than the last one and
// holds it (the first: if it touches the cursor), so callers offer every candidate and
// duplicates, or odd ranges of broken text, drop out here.
class Chain {
 public:
  explicit Chain(uint32_t offset) : offset_(offset) {}

  void offer(ByteRange range) {
    if (ranges_.empty()) {
      if (!range.empty() && touches(range, offset_)) ranges_.push_back(range);
      return;
    }
    const ByteRange last = ranges_.back();
    if (range.start <= last.start && last.end <= range.end && range != last)
      ranges_.push_back(range);
  }

  // Ends the chain with the whole text, which holds everything offered.
  std::vector<ByteRange> finish(uint32_t text_size) {
    const ByteRange whole{0, text_size};
    if (ranges_.empty() || ranges_.back() != whole) ranges_.push_back(whole);
    return std::move(ranges_);
  }

 private:
  uint32_t offset_;
  std::vector<ByteRange> ranges_;
};

// --- Native syntax --------------------------------------------------------------------------

// Tokens selected on their own: names, numbers, literal text and comments. Punctuation only
// leads to the node around it.
bool is_word(TokenKind kind) {
  switch (kind) {
    case TokenKind::Ident:
    case TokenKind::NumberLit:
    case TokenKind::QuotedLit:
    case TokenKind::StringLit:
    case TokenKind::Comment:
      return true;
    default:
      return false;
  }
}

// Where a cursor selects nothing of its own: a newline, the end of the text, a byte order mark.
bool selects_nothing(TokenKind kind) {
  return kind == TokenKind::Newline || kind == TokenKind::Eof || kind == TokenKind::Bom;
}

// What the cursor is on: the tokens [first, last] that the innermost node must hold, and the
// word token to select first, if any.
struct CursorTokens {
  uint32_t first = 0;
  uint32_t last = 0;
  std::optional<uint32_t> word;
};

// Inside a token, that token. At a boundary, the left token if it is a word (a cursor right
// after a name is on the name), else the right one, else the left one. Amid spaces, on a line
// break or on the line break a comment holds: no token, the tokens on both sides.
CursorTokens cursor_tokens(const syntax::SyntaxTree& tree, uint32_t offset) {
  const std::string_view text = tree.text();
  const syntax::TokenList tokens = tree.tokens();
  // The first token starting at or after the cursor; the Eof at the text's end is one.
  const auto after =
      std::lower_bound(tokens.begin(), tokens.end(), offset,
                       [](const syntax::Token& t, uint32_t o) { return t.start() < o; });
  const auto right = static_cast<uint32_t>(after - tokens.begin());
  const auto chosen = [](uint32_t token, TokenKind kind) {
    return CursorTokens{token, token, is_word(kind) ? std::optional(token) : std::nullopt};
  };
  const uint32_t left = right > 0 ? right - 1 : right;
  const bool left_touches = right > 0 && !selects_nothing(tokens[left].kind()) &&
                            offset <= tokens[left].end_before_line_break(text);
  if (left_touches && (is_word(tokens[left].kind()) || offset < tokens[left].end()))
    return chosen(left, tokens[left].kind());
  const TokenKind right_kind = tokens[right].kind();
  if (tokens[right].start() == offset && !selects_nothing(right_kind))
    return chosen(right, right_kind);
  if (left_touches) return chosen(left, tokens[left].kind());
  return {left, right, std::nullopt};
}

// The nodes from the root down to the innermost one whose tokens include [first, last]. Only
// the children of the nodes on the way are read, each list from its end until the cursor.
std::vector<NodeId> enclosing_nodes(const syntax::SyntaxTree& tree, const CursorTokens& at) {
  std::vector<NodeId> path{tree.root()};
  for (;;) {
    const syntax::Node& parent = tree.node(path.back());
    NodeId found = syntax::kNoNode;
    for (NodeId child = path.back(); child > parent.first_descendant;
         child = tree.node(child - 1).first_descendant) {
      const syntax::Node& c = tree.node(child - 1);
      if (c.first_token <= at.first && at.last < c.end_token) {
        found = child - 1;
        break;
      }
      // Children come in source order: one ending before the cursor ends the search (an empty
      // node only marks where parsing stopped, so it proves nothing).
      if (c.end_token > c.first_token && c.end_token <= at.first) break;
    }
    if (found == syntax::kNoNode) return path;
    path.push_back(found);
  }
}

// The text between a node's opening token `open` and the token closing it (or the node's end
// when that is missing), without the line breaks at either end.
std::optional<ByteRange> inside(const syntax::SyntaxTree& tree, NodeId id, uint32_t open) {
  const syntax::TokenList tokens = tree.tokens();
  const TokenKind close = syntax::closing_bracket(tokens[open].kind());
  uint32_t first = open + 1;
  uint32_t end = tree.node(id).end_token;
  if (end > first && (tokens[end - 1].kind() == close || tokens[end - 1].kind() == TokenKind::Eof))
    --end;
  while (first < end && tokens[first].kind() == TokenKind::Newline) ++first;
  while (end > first && tokens[end - 1].kind() == TokenKind::Newline) --end;
  if (first == end) return std::nullopt;
  return ByteRange{tokens[first].start(), tokens[end - 1].end_before_line_break(tree.text())};
}

void offer(Chain& chain, std::optional<ByteRange> range) {
  if (range) chain.offer(*range);
}

// A block's label the cursor is on (its text, then the quoted label); the cursor is in the
// header when the block is the innermost node.
void offer_label(const syntax::SyntaxTree& tree, NodeId block, uint32_t token, Chain& chain) {
  const ByteRange on = tree.tokens()[token].range();
  for (const syntax::BlockLabel& label : syntax::block_header(tree, block).labels) {
    if (label.range.start > on.start || on.end > label.range.end) continue;
    const std::string_view text = label.range.slice(tree.text());
    if (text.size() >= 2 && text.front() == '"' && text.back() == '"')
      chain.offer({label.range.start + 1, label.range.end - 1});
    chain.offer(label.range);
  }
}

// An object's "key = value" item holding child `inner`: keys and values alternate.
void offer_object_item(const syntax::SyntaxTree& tree, NodeId object, NodeId inner, Chain& chain) {
  const std::vector<NodeId> items = tree.children(object);
  const auto at = std::find(items.begin(), items.end(), inner);
  if (at == items.end()) return;
  const auto key = static_cast<size_t>(at - items.begin()) & ~size_t{1};
  ByteRange item = tree.range(items[key]);
  if (key + 1 < items.size()) {
    const syntax::Node& value = tree.node(items[key + 1]);
    if (value.end_token > value.first_token) item.end = tree.range(items[key + 1]).end;
  }
  chain.offer(item);
}

// The ranges node `id` offers, innermost first; `inner` is the node below it on the cursor's
// path (kNoNode when `id` is the innermost).
void offer_node(const syntax::SyntaxTree& tree, NodeId id, NodeId inner, const CursorTokens& at,
                Chain& chain) {
  const syntax::Node& n = tree.node(id);
  switch (n.kind) {
    case NodeKind::Body:
      if (id == tree.root()) return;  // the whole text ends every chain
      offer(chain, inside(tree, id, n.first_token));
      break;
    case NodeKind::Block:
      if (inner == syntax::kNoNode) offer_label(tree, id, at.first, chain);
      break;
    case NodeKind::Object:
      if (inner != syntax::kNoNode) offer_object_item(tree, id, inner, chain);
      offer(chain, inside(tree, id, n.first_token));
      break;
    case NodeKind::Tuple:
    case NodeKind::For:
    case NodeKind::Template:
    case NodeKind::Heredoc:
      offer(chain, inside(tree, id, n.first_token));
      break;
    case NodeKind::FunctionCall:
      for (uint32_t t = n.first_token; t < n.end_token; ++t) {
        if (tree.tokens()[t].kind() != TokenKind::OParen) continue;
        offer(chain, inside(tree, id, t));
        break;
      }
      break;
    default:
      break;
  }
  chain.offer(tree.range(id));
}

std::vector<ByteRange> native_selection(const syntax::SyntaxTree& tree, uint32_t offset) {
  Chain chain(offset);
  const CursorTokens at = cursor_tokens(tree, offset);
  if (at.word) {
    const syntax::Token& word = tree.tokens()[*at.word];
    chain.offer({word.start(), word.end_before_line_break(tree.text())});
  }
  const std::vector<NodeId> path = enclosing_nodes(tree, at);
  NodeId inner = syntax::kNoNode;
  for (auto node = path.rbegin(); node != path.rend(); ++node) {
    offer_node(tree, *node, inner, at, chain);
    inner = *node;
  }
  return chain.finish(static_cast<uint32_t>(tree.text().size()));
}

// --- JSON -----------------------------------------------------------------------------------

std::vector<ByteRange> json_selection(const syntax::JsonTree& tree, uint32_t offset) {
  // Found from the root down, offered from the innermost up.
  std::vector<ByteRange> outer_first;
  const auto string_ranges = [&](ByteRange quoted) {
    outer_first.push_back(quoted);
    if (quoted.size() >= 2) outer_first.push_back({quoted.start + 1, quoted.end - 1});
  };
  for (syntax::JsonId id = tree.root();;) {
    const syntax::JsonNode& n = tree.node(id);
    if (n.kind == syntax::JsonKind::String) {
      string_ranges(n.range);
      break;
    }
    outer_first.push_back(n.range);
    if (n.kind == syntax::JsonKind::Object && n.count > 0) {
      const auto properties = tree.properties(id);
      const auto value_end = [&](const syntax::JsonProperty& p) {
        return tree.node(p.value).range.end;
      };
      outer_first.push_back({properties.front().name_range.start, value_end(properties.back())});
      // The first property ending at or after the cursor; at a boundary, the left one.
      const auto property = std::partition_point(
          properties.begin(), properties.end(),
          [&](const syntax::JsonProperty& p) { return value_end(p) < offset; });
      if (property == properties.end() || property->name_range.start > offset) break;
      outer_first.push_back({property->name_range.start, value_end(*property)});
      if (touches(property->name_range, offset)) {
        string_ranges(property->name_range);
        break;
      }
      if (!touches(tree.node(property->value).range, offset)) break;  // on the colon
      id = property->value;
    } else if (n.kind == syntax::JsonKind::Array && n.count > 0) {
      const auto elements = tree.elements(id);
      outer_first.push_back(
          {tree.node(elements.front()).range.start, tree.node(elements.back()).range.end});
      const auto element =
          std::partition_point(elements.begin(), elements.end(),
                               [&](syntax::JsonId e) { return tree.node(e).range.end < offset; });
      if (element == elements.end() || tree.node(*element).range.start > offset) break;
      id = *element;
    } else {
      break;
    }
  }
  Chain chain(offset);
  for (auto range = outer_first.rbegin(); range != outer_first.rend(); ++range) chain.offer(*range);
  return chain.finish(static_cast<uint32_t>(tree.text().size()));
}

}  // namespace

std::vector<ByteRange> selection_ranges(const Snapshot& snapshot, uint32_t offset) {
  const auto size = static_cast<uint32_t>(snapshot.source().text().size());
  offset = std::min(offset, size);
  return snapshot.tree ? native_selection(*snapshot.tree, offset)
                       : json_selection(*snapshot.json, offset);
}

}  // namespace hclspec::features
