// Finding the cursor's place: the chain of blocks around it, then the item and token it is in.
#include "features/cursor.hpp"

#include <algorithm>

#include "syntax/block_header.hpp"

namespace hclspec::features {

using syntax::NodeId;
using syntax::NodeKind;
using syntax::TokenKind;

namespace {

bool is_name_byte(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-' || static_cast<unsigned char>(c) >= 0x80;
}

// The identifier-like run of bytes around `offset`.
base::ByteRange word_around(std::string_view text, uint32_t offset) {
  uint32_t start = offset;
  while (start > 0 && is_name_byte(text[start - 1])) --start;
  uint32_t end = offset;
  while (end < text.size() && is_name_byte(text[end])) ++end;
  return {start, end};
}

// The last token starting before `offset`: the one the cursor is in or just after.
std::optional<syntax::Token> token_before(const syntax::TokenList& tokens, uint32_t offset) {
  const auto after =
      std::lower_bound(tokens.begin(), tokens.end(), offset,
                       [](const syntax::Token& t, uint32_t o) { return t.start() < o; });
  if (after == tokens.begin()) return std::nullopt;
  return *(after - 1);
}

// Whether the cursor is inside a comment or the literal text of a string, label or heredoc.
bool in_comment_or_text(const syntax::SyntaxTree& tree, uint32_t offset) {
  const std::optional<syntax::Token> token = token_before(tree.tokens(), offset);
  if (!token) return false;
  switch (token->kind()) {
    case TokenKind::Comment: {
      if (offset < token->end()) return true;
      // A line comment ending the file has no newline: its end is still inside it.
      const std::string_view text = token->text(tree.text());
      return !text.starts_with("/*") && !text.ends_with("\n");
    }
    case TokenKind::OQuote:
    case TokenKind::QuotedLit:
    case TokenKind::StringLit:
    case TokenKind::OHeredoc:
      return true;
    default:
      return false;
  }
}

// Whether only spaces, tabs and one-line "/* */" comments stand between the start of `from`'s
// line and `from`.
bool starts_its_line(const syntax::SyntaxTree& tree, uint32_t from) {
  const std::string_view text = tree.text();
  for (;;) {
    while (from > 0 && (text[from - 1] == ' ' || text[from - 1] == '\t')) --from;
    if (from == 0 || text[from - 1] == '\n') return true;
    const std::optional<syntax::Token> before = token_before(tree.tokens(), from);
    if (!before || before->kind() != TokenKind::Comment || before->end() != from) return false;
    const std::string_view comment = before->text(text);
    if (!comment.starts_with("/*") || comment.find('\n') != std::string_view::npos) return false;
    from = before->start();
  }
}

// Whether only spaces and tabs stand between block body `body`'s "{" and `from`.
bool just_after_open_brace(const syntax::SyntaxTree& tree, NodeId body, uint32_t from) {
  const syntax::Node& n = tree.node(body);
  if (n.end_token == n.first_token || tree.tokens()[n.first_token].kind() != TokenKind::OBrace)
    return false;
  const std::string_view text = tree.text();
  while (from > 0 && (text[from - 1] == ' ' || text[from - 1] == '\t')) --from;
  return from == tree.tokens()[n.first_token].end();
}

// The innermost expression node of `expression`'s subtree whose range holds `offset` (ends
// included: a cursor just after a name is on it).
NodeId innermost(const syntax::SyntaxTree& tree, NodeId expression, uint32_t offset) {
  NodeId found = expression;
  for (;;) {
    NodeId next = syntax::kNoNode;
    for (NodeId child : tree.children(found)) {
      const base::ByteRange r = tree.range(child);
      if (r.start <= offset && offset <= r.end && !r.empty()) next = child;
    }
    if (next == syntax::kNoNode) return found;
    found = next;
  }
}

// Whether the block body `body` (braces included) holds `offset`: after its "{", and before
// its "}" or anywhere to its end when the brace was never closed.
bool body_holds(const syntax::SyntaxTree& tree, NodeId body, uint32_t offset) {
  const syntax::Node& n = tree.node(body);
  const base::ByteRange r = tree.range(body);
  if (offset <= r.start) return false;
  const bool closed =
      n.end_token > n.first_token && tree.tokens()[n.end_token - 1].kind() == TokenKind::CBrace;
  return closed ? offset < r.end : offset <= r.end;
}

}  // namespace

CursorPlace locate(const syntax::SyntaxTree& tree, uint32_t offset) {
  CursorPlace place;
  const std::string_view text = tree.text();
  offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text.size()));
  if (in_comment_or_text(tree, offset)) return place;
  place.body = tree.root();
  for (bool descended = true; descended;) {
    descended = false;
    for (NodeId item : tree.children(place.body)) {
      const syntax::Node& n = tree.node(item);
      const base::ByteRange name = tree.tokens()[n.first_token].range();
      if (n.kind == NodeKind::Block) {
        const syntax::BlockHeader header = syntax::block_header(tree, item);
        if (header.body != syntax::kNoNode && body_holds(tree, header.body, offset)) {
          place.blocks.push_back(item);
          place.body = header.body;
          descended = true;
          break;
        }
        if (name.start <= offset && offset <= name.end) {
          place.kind = CursorPlace::Kind::Name;
          place.item = item;
          place.word = name;
          return place;
        }
        if (tree.range(item).contains(offset)) return place;  // labels, or after the body
        continue;
      }
      if (n.kind != NodeKind::Attribute) continue;
      if (name.start <= offset && offset <= name.end) {
        place.kind = CursorPlace::Kind::Name;
        place.item = item;
        place.word = name;
        return place;
      }
      const NodeId expression = item - 1;  // post-order: the value precedes its attribute
      const uint32_t equals_end = tree.tokens()[n.first_token + 1].end();
      const base::ByteRange value = tree.range(expression);
      const bool missing = tree.node(expression).kind == NodeKind::Invalid;
      // A missing value's Invalid node sits on the next token: the rest of the line stands in.
      const bool in_value = offset >= equals_end &&
                            (offset <= value.end ||
                             (missing && text.substr(equals_end, offset - equals_end).find('\n') ==
                                             std::string_view::npos));
      if (!in_value) continue;
      place.kind = CursorPlace::Kind::Value;
      place.item = item;
      place.expression = missing ? expression : innermost(tree, expression, offset);
      place.whole_value = place.expression == expression;
      const syntax::Node& inner = tree.node(place.expression);
      // In a quoted template's or heredoc's literal text (not an interpolation): nothing fits.
      if ((inner.kind == NodeKind::Template || inner.kind == NodeKind::Heredoc) &&
          tree.range(place.expression).start < offset && offset < tree.range(place.expression).end)
        return CursorPlace{};
      place.word = word_around(text, offset);
      place.after_dot = place.word.start > 0 && text[place.word.start - 1] == '.';
      return place;
    }
  }
  // No item holds the cursor: a name may start here if nothing but a partial name precedes it
  // on its line, or in a one-line block ("resources { $0 }") after the body's "{".
  const base::ByteRange word = word_around(text, offset);
  if (!starts_its_line(tree, word.start) && !just_after_open_brace(tree, place.body, word.start))
    return CursorPlace{};
  place.kind = CursorPlace::Kind::Name;
  place.word = word;
  return place;
}

std::optional<base::ByteRange> expression_head(const syntax::SyntaxTree& tree,
                                               const CursorPlace& place, uint32_t offset) {
  if (place.kind != CursorPlace::Kind::Value) return std::nullopt;
  const base::ByteRange first = tree.tokens()[tree.node(place.expression).first_token].range();
  if (!(first.start <= offset && offset <= first.end)) return std::nullopt;
  return first;
}

std::vector<syntax::NodeId> items_at(const syntax::SyntaxTree& tree, uint32_t offset) {
  std::vector<syntax::NodeId> chain;
  syntax::NodeId body = tree.root();
  std::vector<syntax::NodeId> items;
  while (body != syntax::kNoNode) {
    tree.children(body, items);
    body = syntax::kNoNode;
    for (const syntax::NodeId item : items) {
      const base::ByteRange range = tree.range(item);
      if (offset < range.start || offset > range.end) continue;
      chain.push_back(item);
      const syntax::Node& node = tree.node(item);
      // A block's body is its only child, right before it.
      if (node.kind == syntax::NodeKind::Block && node.first_descendant < item) body = item - 1;
      break;
    }
  }
  return chain;
}

}  // namespace hclspec::features
