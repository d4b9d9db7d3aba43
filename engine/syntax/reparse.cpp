// Incremental reparse: re-lex and re-parse one block body, splice tokens, nodes, diagnostics.
#include "syntax/reparse.hpp"

#include <algorithm>
#include <atomic>
#include <span>

#include "syntax/lexer.hpp"
#include "syntax/parser.hpp"
#include "syntax/parser_impl.hpp"

namespace hclspec::syntax {

namespace {

thread_local bool last_incremental = false;
thread_local bool last_took_text = false;

struct Target {
  NodeId item = 0;     // the root item holding the body
  NodeId body = 0;     // the Body node to parse again
  uint32_t open = 0;   // its "{" token
  uint32_t close = 0;  // its "}" token
  int depth = 0;       // blocks enclosing the body's content, its own included
};

// The innermost block body whose braces strictly enclose [start, end).
std::optional<Target> find_target(const SyntaxTree& tree, uint32_t start, uint32_t end) {
  std::optional<Target> found;
  NodeId body = tree.root();
  NodeId item = kNoNode;
  int depth = 0;
  for (bool descended = true; descended;) {
    descended = false;
    for (NodeId child : tree.children(body)) {
      if (tree.node(child).kind != NodeKind::Block) continue;
      const std::vector<NodeId> kids = tree.children(child);
      if (kids.size() != 1) continue;
      const Node inner = tree.node(kids[0]);
      if (inner.end_token <= inner.first_token + 1) continue;
      const Token open = tree.token(inner.first_token);
      const Token close = tree.token(inner.end_token - 1);
      if (open.kind() != TokenKind::OBrace || close.kind() != TokenKind::CBrace) continue;
      if (open.end() > start || end > close.start()) continue;
      if (item == kNoNode) item = child;
      ++depth;
      found = Target{item, kids[0], inner.first_token, inner.end_token - 1, depth};
      body = kids[0];
      descended = true;
      break;
    }
  }
  return found;
}

// A "/" right before a "*": the lexer's reading of a "/*" that found no "*/". The kind is read
// first, so the text is read only at the rare "/".
bool opens_unclosed_comment(const std::string& text, const Token& t) {
  return t.kind() == TokenKind::Slash && t.end() < text.size() && text[t.end()] == '*';
}

bool mentions_position(const base::Diagnostic& d, const std::string& filename) {
  return d.detail.find(filename + ":") != std::string::npos;
}

// Moves a diagnostic of the old tree that lies outside the reparsed region to its place in the
// new text; false if one of its ranges reaches into the region, where old offsets mean nothing.
bool shift_outside(base::Diagnostic& d, base::ByteRange region, int64_t delta) {
  auto shift = [&](uint32_t& offset) {
    if (offset > region.start && offset < region.end) return false;
    if (offset >= region.end) offset = static_cast<uint32_t>(offset + delta);
    return true;
  };
  if (!shift(d.subject.start) || !shift(d.subject.end)) return false;
  return !d.context || (shift(d.context->start) && shift(d.context->end));
}

// Reports the invalid characters of the new token list (the old tokens through "{", the
// region's, the old ones from "}" moved by `delta`) as one pass over it would, in pieces, since
// the old tokens need not be in one array.
void check_all_tokens(const SyntaxTree& old, uint32_t open, std::span<const Token> region_tokens,
                      uint32_t close, uint32_t delta, base::Diagnostics& diags) {
  InvalidTokenCounts counts;
  const TokenList old_tokens = old.tokens();
  std::vector<Token> piece;
  piece.reserve(4096);
  auto check_old = [&](uint32_t from, uint32_t to, uint32_t shift) {
    for (uint32_t i = from; i < to; ++i) {
      piece.push_back(old_tokens[i].shifted(shift));
      if (piece.size() == piece.capacity() || i + 1 == to) {
        check_invalid_tokens(piece, diags, counts);
        piece.clear();
      }
    }
  };
  check_old(0, open + 1, 0);
  check_invalid_tokens(region_tokens, diags, counts);
  check_old(close, old.token_count(), delta);
}

// The chunks of `tree`: a flat tree's arrays as one chunk.
std::vector<TreeChunk> chunks_of(const SyntaxTree& tree) {
  if (!tree.chunks().empty()) return tree.chunks();
  return {TreeChunk{tree.share_flat_arrays(), 0, tree.token_count(), 0, tree.node_count() - 1}};
}

// `chunks` with the root item whose tokens are [first_token, end_token) and whose nodes are
// [first_node, item] replaced by `edited` (which must start at the same token and node), and
// the chunks after it moved by the edit's shifts in bytes, tokens and nodes.
std::vector<TreeChunk> replace_item(const std::vector<TreeChunk>& chunks, const Node& item,
                                    NodeId item_id, TreeChunk edited, uint32_t byte_delta,
                                    uint32_t token_delta, uint32_t node_delta) {
  std::vector<TreeChunk> out;
  out.reserve(chunks.size() + 2);
  size_t c = 0;
  while (item_id - chunks[c].first_node >= chunks[c].node_count) out.push_back(chunks[c++]);
  const TreeChunk& holder = chunks[c];
  TreeChunk before = holder;
  before.token_count = item.first_token - holder.first_token;
  before.node_count = item.first_descendant - holder.first_node;
  if (before.token_count > 0) out.push_back(before);
  out.push_back(std::move(edited));
  TreeChunk after = holder;
  const uint32_t skipped_tokens = item.end_token - holder.first_token;
  const uint32_t skipped_nodes = item_id + 1 - holder.first_node;
  after.token_count = holder.token_count - skipped_tokens;
  after.node_count = holder.node_count - skipped_nodes;
  after.array_token += skipped_tokens;
  after.array_node += skipped_nodes;
  after.first_token = item.end_token;
  after.first_node = item_id + 1;
  auto moved = [&](TreeChunk chunk) {
    chunk.first_token += token_delta;
    chunk.first_node += node_delta;
    chunk.byte_shift += byte_delta;
    chunk.token_shift += token_delta;
    chunk.node_shift += node_delta;
    return chunk;
  };
  if (after.token_count > 0) out.push_back(moved(std::move(after)));
  for (++c; c < chunks.size(); ++c) out.push_back(moved(chunks[c]));
  return out;
}

// The edit's place: old bytes [start, end), clamped to the old text, and where the
// replacement ends in the new one.
struct Replaced {
  uint32_t start = 0;
  uint32_t end = 0;
  uint32_t new_end = 0;
};

Replaced clamp(const TextEdit& edit, size_t old_size) {
  const uint32_t size = static_cast<uint32_t>(old_size);
  const uint32_t start = std::min(edit.start, size);
  const uint32_t end = std::clamp(edit.end, start, size);
  return {start, end, start + static_cast<uint32_t>(edit.replacement.size())};
}

// `new_text` is old's text with the edit applied; it is left as it was when this gives up.
std::unique_ptr<SyntaxTree> try_incremental(const SyntaxTree& old, const Replaced& edit,
                                            std::string& new_text) {
  const uint32_t start = edit.start;
  const uint32_t end = edit.end;
  // Braces lexed inside a template sequence may be what the parser took for a block's body,
  // where the region would be lexed again in the main mode.
  if (old.may_have_braces_in_templates()) return nullptr;
  const std::optional<Target> target = find_target(old, start, end);
  if (!target) return nullptr;
  const base::ByteRange region{old.token(target->open).end(), old.token(target->close).end()};
  const int64_t delta = static_cast<int64_t>(edit.new_end) - static_cast<int64_t>(end);
  const auto byte_delta = static_cast<uint32_t>(delta);  // modulo 2^32: offsets stay in range

  // The parser's diagnostics must be in source order, so that the body's are one run between
  // those before and those after it; a message quoting a position after the edit would change
  // its text; the depth limit is reported once per file.
  const base::Diagnostics& old_diags = old.diagnostics();
  base::Diagnostics before, after;
  for (size_t i = old.lexical_diagnostic_count(); i < old_diags.size(); ++i) {
    const base::Diagnostic& d = old_diags[i];
    if (i > old.lexical_diagnostic_count() && d.subject.start < old_diags[i - 1].subject.start)
      return nullptr;
    if (d.summary == "Nesting too deep") return nullptr;
    if (d.subject.start > region.start && d.subject.start < region.end) continue;
    base::Diagnostic moved = d;
    if (!shift_outside(moved, region, delta)) return nullptr;
    if (d.subject.start >= region.end && mentions_position(d, old.filename())) return nullptr;
    (d.subject.start < region.end ? before : after).push_back(std::move(moved));
  }

  // The region is lexed through its "}": the brace must come out as the same token (an edit
  // may have made it part of a comment or a string) and close exactly what the region opened.
  Tokens region_tokens;
  const Token old_close = old.token(target->close);
  const uint32_t close_start_new = old_close.start() + byte_delta;
  const uint32_t close_end_new = old_close.end() + byte_delta;
  const LexEnd state = lex(new_text, region.start, close_end_new, region_tokens);
  if (!state.plain || state.brace_balance != -1 || state.lowest_brace_balance != -1 ||
      region_tokens.size() < 2)
    return nullptr;
  region_tokens.pop_back();  // the region's Eof
  const Token last = region_tokens.back();
  if (last.kind() != TokenKind::CBrace || last.start() != close_start_new) return nullptr;
  region_tokens.pop_back();  // the "}", taken from the old tokens below
  // A "/*" that found no "*/" was lexed as "/" and "*". One in the region might be closed after
  // it, where the whole file's lexer would have looked; one before the region might be closed
  // by the new text. Either way the comment would swallow what lies in between. (The text
  // before the region is the old one.)
  if (state.unclosed_comment) return nullptr;
  if (old.may_have_unclosed_comment())
    for (uint32_t i = 0; i < target->open; ++i)
      if (opens_unclosed_comment(new_text, old.token(i))) return nullptr;

  auto tree = std::make_unique<SyntaxTree>(std::move(new_text), old.filename());
  auto give_up = [&] {
    new_text = std::move(tree->release_contents().text);
    return nullptr;
  };
  // The tokens outside the region are the old ones, and the region has no unclosed "/*".
  tree->set_may_have_unclosed_comment(old.may_have_unclosed_comment());
  tree->set_may_have_braces_in_templates(state.braces_in_templates);
  base::Diagnostics& diags = tree->mutable_diagnostics();
  // Every kind of invalid character is reported on its first appearance, so an old text
  // without lexical diagnostics has no invalid token: the region's are then the file's, and
  // the rest of the tokens need not be read again.
  if (old.lexical_diagnostic_count() == 0) {
    if (state.invalid_tokens) check_invalid_tokens(region_tokens, diags);
  } else {
    check_all_tokens(old, target->open, region_tokens, target->close, byte_delta, diags);
  }
  tree->set_lexical_diagnostic_count(diags.size());
  diags.insert(diags.end(), before.begin(), before.end());

  // The root item holding the body is built again in arrays of its own, in coordinates that
  // start at the item (its first token and node are index 0): the old item's tokens through
  // "{", the region's, the old ones from "}" moved; then an Eof, which the parser may peek at.
  const Node item = old.node(target->item);
  const uint32_t first_token = item.first_token;
  const NodeId first_node = item.first_descendant;
  const uint32_t open = target->open - first_token;
  const uint32_t close = target->close - first_token;
  const uint32_t close_new = open + 1 + static_cast<uint32_t>(region_tokens.size());
  const uint32_t token_delta = close_new - close;
  auto arrays = std::make_shared<TreeArrays>();
  Tokens& tokens = arrays->tokens;
  tokens.reserve(close_new + (item.end_token - target->close) + 1);
  for (uint32_t i = first_token; i <= target->open; ++i) tokens.push_back(old.token(i));
  tokens.insert(tokens.end(), region_tokens.begin(), region_tokens.end());
  for (uint32_t i = target->close; i < item.end_token; ++i)
    tokens.push_back(old.token(i).shifted(byte_delta));
  const uint32_t item_token_count = static_cast<uint32_t>(tokens.size());
  tokens.emplace_back(TokenKind::Eof, tokens.back().end(), tokens.back().end());

  // Nodes: the old item's before the body, the body parsed again, the old ones after it (the
  // body's ancestors up to the item) with what lies after the body moved.
  auto local = [&](Node n) {
    n.first_token -= first_token;
    n.end_token -= first_token;
    n.first_descendant -= first_node;
    return n;
  };
  const Node old_body = old.node(target->body);
  Nodes& nodes = arrays->nodes;
  nodes.reserve((target->item - first_node) + detail::node_room(region_tokens.size()));
  for (NodeId id = first_node; id < old_body.first_descendant; ++id)
    nodes.push_back(local(old.node(id)));
  const size_t diags_before_body = diags.size();
  bool recovered = false;
  uint32_t stopped_at = 0;
  detail::run_parser(tokens, open, close_new + 1, [&] {
    detail::Parser parser(*tree, tokens, nodes, diags, open + 1);
    recovered = parser.parse_block_body(open, target->depth);
    stopped_at = parser.next_token();
  });
  // The body must end at the same "}" and leave its block as it found it.
  if (stopped_at != close_new + 1) return give_up();
  if (recovered != ((old_body.flags & NodeFlags::kRecovered) != 0)) return give_up();
  for (size_t i = diags_before_body; i < diags.size(); ++i)
    if (diags[i].summary == "Nesting too deep") return give_up();

  const NodeId body = target->body - first_node;
  const uint32_t node_delta = static_cast<uint32_t>(nodes.size()) - (body + 1);
  for (NodeId id = target->body + 1; id <= target->item; ++id) {
    Node n = local(old.node(id));
    if (n.first_token >= close) n.first_token += token_delta;
    if (n.end_token > close) n.end_token += token_delta;
    if (n.first_descendant > body) n.first_descendant += node_delta;
    nodes.push_back(n);
  }
  diags.insert(diags.end(), after.begin(), after.end());

  const TreeChunk edited{
      arrays, first_token, item_token_count, first_node, static_cast<uint32_t>(nodes.size()), 0,
      0,      0,           first_token,      first_node};
  Node root = old.node(old.root());
  root.end_token += token_delta;
  tree->assign_chunks(
      replace_item(chunks_of(old), item, target->item, edited, byte_delta, token_delta, node_delta),
      root);
  if (tree->chunks().size() > kMaxReparseChunks) tree->flatten();
  return tree;
}

// The new tree for `new_text` (old's text with the edit applied), by try_incremental when it
// can.
std::unique_ptr<SyntaxTree> parse_edited(const SyntaxTree& old, const Replaced& edit,
                                         std::string new_text) {
  if (auto tree = try_incremental(old, edit, new_text)) {
    last_incremental = true;
    return tree;
  }
  last_incremental = false;
  return parse_config(std::move(new_text), old.filename());
}

}  // namespace

std::string apply_edit(const std::string& text, const TextEdit& edit) {
  const auto [start, end, new_end] = clamp(edit, text.size());
  std::string out;
  // Room for the edits that follow, made in place by a reparse that takes the text over: had
  // it none, the first character typed would move the text to a new block twice the size.
  const size_t size = text.size() - end + new_end;
  out.reserve(size + size / 64);
  out.append(text, 0, start).append(edit.replacement).append(text, end, std::string::npos);
  return out;
}

std::unique_ptr<SyntaxTree> reparse(const SyntaxTree& old, const TextEdit& edit) {
  const Replaced replaced = clamp(edit, old.text().size());
  std::unique_ptr<SyntaxTree> tree = parse_edited(old, replaced, apply_edit(old.text(), edit));
  last_took_text = false;
  // An editor asks for positions after every edit once it has asked once: derive the index
  // rather than scan the whole new text. A parse that never needed one still does not build it.
  if (old.lines_built() && !tree->lines_built())
    tree->adopt_lines(
        old.lines().edited(tree->text(), replaced.start, replaced.end, replaced.new_end));
  return tree;
}

std::unique_ptr<SyntaxTree> reparse(std::shared_ptr<SyntaxTree> old, const TextEdit& edit) {
  if (old.use_count() != 1) return reparse(*old, edit);
  // Nothing else holds `old`, and nothing can start to: this acquire pairs with the release by
  // which its last other holder let go, so that holder's reads came before the edit below.
  std::atomic_thread_fence(std::memory_order_acquire);
  const Replaced replaced = clamp(edit, old->text().size());
  base::SourceFile::Contents contents = old->release_contents();
  // In place: a move of the bytes after the edit, into pages the text already has.
  contents.text.replace(replaced.start, replaced.end - replaced.start, edit.replacement);
  std::unique_ptr<SyntaxTree> tree = parse_edited(*old, replaced, std::move(contents.text));
  last_took_text = true;
  if (contents.lines && !tree->lines_built())
    tree->adopt_lines(std::move(*contents.lines)
                          .edited(tree->text(), replaced.start, replaced.end, replaced.new_end));
  return tree;
}

bool last_reparse_was_incremental() {
  return last_incremental;
}

bool last_reparse_took_text() {
  return last_took_text;
}

}  // namespace hclspec::syntax
