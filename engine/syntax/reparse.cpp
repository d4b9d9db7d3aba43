// Incremental reparse: re-lex and re-parse one block body, splice tokens, nodes, diagnostics.
#include "syntax/reparse.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <span>

#include "syntax/lexer.hpp"
#include "syntax/parser.hpp"
#include "syntax/parser_impl.hpp"

namespace hclspec::syntax {

namespace {

thread_local bool last_incremental = false;

struct Target {
  NodeId body = 0;     // the Body node to parse again
  uint32_t open = 0;   // its "{" token
  uint32_t close = 0;  // its "}" token
  int depth = 0;       // blocks enclosing the body's content, its own included
};

// The innermost block body whose braces strictly enclose [start, end).
std::optional<Target> find_target(const SyntaxTree& tree, uint32_t start, uint32_t end) {
  std::optional<Target> found;
  NodeId body = tree.root();
  int depth = 0;
  for (bool descended = true; descended;) {
    descended = false;
    for (NodeId item : tree.children(body)) {
      if (tree.node(item).kind != NodeKind::Block) continue;
      const std::vector<NodeId> kids = tree.children(item);
      if (kids.size() != 1) continue;
      const Node& inner = tree.node(kids[0]);
      if (inner.end_token <= inner.first_token + 1) continue;
      const Token& open = tree.tokens()[inner.first_token];
      const Token& close = tree.tokens()[inner.end_token - 1];
      if (open.kind() != TokenKind::OBrace || close.kind() != TokenKind::CBrace) continue;
      if (open.end() > start || end > close.start()) continue;
      ++depth;
      found = Target{kids[0], inner.first_token, inner.end_token - 1, depth};
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

// `count` tokens from `from` to `to`, each moved by `delta` bytes. On the two 32-bit halves of
// each token (start, then length and kind), so the loop is a vector add of {delta, 0}.
void shift_copy(const Token* from, size_t count, int64_t delta, Token* to) {
  // A token read as one 64-bit word: the start is its low half.
  using Word __attribute__((may_alias)) = uint64_t;
  static_assert(static_cast<uint32_t>(std::bit_cast<uint64_t>(Token(TokenKind::Ident, 5, 6))) == 5);
  const auto step = static_cast<uint32_t>(delta);  // modulo 2^32: offsets stay in range
  const Word* in = reinterpret_cast<const Word*>(from);
  Word* out = reinterpret_cast<Word*>(to);
  for (size_t i = 0; i < count; ++i) {
    const Word word = in[i];
    out[i] = (word & ~Word{0xFFFFFFFF}) | static_cast<uint32_t>(static_cast<uint32_t>(word) + step);
  }
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

std::unique_ptr<SyntaxTree> try_incremental(const SyntaxTree& old, const TextEdit& edit,
                                            std::string& new_text, bool& text_moved) {
  const uint32_t start = std::min<uint32_t>(edit.start, static_cast<uint32_t>(old.text().size()));
  const uint32_t end =
      std::clamp<uint32_t>(edit.end, start, static_cast<uint32_t>(old.text().size()));
  const std::optional<Target> target = find_target(old, start, end);
  if (!target) return nullptr;
  const Tokens& old_tokens = old.tokens();
  const base::ByteRange region{old_tokens[target->open].end(), old_tokens[target->close].end()};
  const int64_t delta =
      static_cast<int64_t>(edit.replacement.size()) - static_cast<int64_t>(end - start);

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

  // Tokens: the old ones up to "{", the region lexed again, the old ones after "}", shifted.
  // The region is lexed through its "}": the brace must come out as the same token (an edit
  // may have made it part of a comment or a string) and close exactly what the region opened.
  Tokens region_tokens;
  const Token old_close = old_tokens[target->close];
  const uint32_t close_start_new = static_cast<uint32_t>(old_close.start() + delta);
  const uint32_t close_end_new = static_cast<uint32_t>(old_close.end() + delta);
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
  // by the new text. Either way the comment would swallow what lies in between.
  if (state.unclosed_comment) return nullptr;
  if (old.may_have_unclosed_comment())
    for (uint32_t i = 0; i < target->open; ++i)
      if (opens_unclosed_comment(old.text(), old_tokens[i])) return nullptr;

  text_moved = true;
  auto tree = std::make_unique<SyntaxTree>(std::move(new_text), old.filename());
  // The tokens outside the region are the old ones, and the region has no unclosed "/*".
  tree->set_may_have_unclosed_comment(old.may_have_unclosed_comment());
  Tokens& tokens = tree->mutable_tokens();
  // Copied into memory allocated, not written (DefaultInitAllocator), whose element-wise
  // construction would not be a memcpy; the later part shifted in the same pass.
  const uint32_t close_new = static_cast<uint32_t>(target->open + 1 + region_tokens.size());
  const size_t later_count = old_tokens.size() - target->close;
  tokens.resize(close_new + later_count);
  std::memcpy(tokens.data(), old_tokens.data(), (target->open + 1) * sizeof(Token));
  std::memcpy(tokens.data() + target->open + 1, region_tokens.data(),
              region_tokens.size() * sizeof(Token));
  shift_copy(old_tokens.data() + target->close, later_count, delta, tokens.data() + close_new);
  const int64_t token_delta = static_cast<int64_t>(close_new) - target->close;

  base::Diagnostics& diags = tree->mutable_diagnostics();
  // Every kind of invalid character is reported on its first appearance, so an old text
  // without lexical diagnostics has no invalid token: the region's are then the file's, and
  // the rest of the tokens need not be read again.
  check_invalid_tokens(old.lexical_diagnostic_count() == 0 ? std::span<const Token>(region_tokens)
                                                           : std::span<const Token>(tokens),
                       diags);
  tree->set_lexical_diagnostic_count(diags.size());
  diags.insert(diags.end(), before.begin(), before.end());

  const std::vector<Node>& old_nodes = old.nodes();
  const Node& old_body = old_nodes[target->body];
  std::vector<Node>& nodes = tree->mutable_nodes();
  nodes.reserve(old_nodes.size() + region_tokens.size() / 2 + 16);
  nodes.assign(old_nodes.begin(), old_nodes.begin() + old_body.first_descendant);
  const size_t diags_before_body = diags.size();
  bool recovered = false;
  uint32_t stopped_at = 0;
  detail::run_parser(tokens, target->open, close_new + 1, [&] {
    detail::Parser parser(*tree, target->open + 1);
    recovered = parser.parse_block_body(target->open, target->depth);
    stopped_at = parser.next_token();
  });
  // The body must end at the same "}" and leave its block as it found it.
  if (stopped_at != close_new + 1) return nullptr;
  if (recovered != ((old_body.flags & NodeFlags::kRecovered) != 0)) return nullptr;
  for (size_t i = diags_before_body; i < diags.size(); ++i)
    if (diags[i].summary == "Nesting too deep") return nullptr;

  const int64_t node_delta =
      static_cast<int64_t>(nodes.size()) - static_cast<int64_t>(target->body + 1);
  const size_t later_nodes = nodes.size();
  nodes.insert(nodes.end(), old_nodes.begin() + target->body + 1, old_nodes.end());
  for (Node* n = nodes.data() + later_nodes; n != nodes.data() + nodes.size(); ++n) {
    if (n->first_token >= target->close)
      n->first_token = static_cast<uint32_t>(n->first_token + token_delta);
    if (n->end_token > target->close)
      n->end_token = static_cast<uint32_t>(n->end_token + token_delta);
    if (n->first_descendant > target->body)
      n->first_descendant = static_cast<uint32_t>(n->first_descendant + node_delta);
  }
  diags.insert(diags.end(), after.begin(), after.end());
  return tree;
}

// The new tree, by try_incremental when it can.
std::unique_ptr<SyntaxTree> parse_edited(const SyntaxTree& old, const TextEdit& edit) {
  std::string new_text = apply_edit(old.text(), edit);
  bool text_moved = false;
  if (auto tree = try_incremental(old, edit, new_text, text_moved)) {
    last_incremental = true;
    return tree;
  }
  last_incremental = false;
  // try_incremental may have moved the text into a tree it then gave up on.
  if (text_moved) new_text = apply_edit(old.text(), edit);
  return parse_config(std::move(new_text), old.filename());
}

}  // namespace

std::string apply_edit(const std::string& text, const TextEdit& edit) {
  const size_t start = std::min<size_t>(edit.start, text.size());
  const size_t end = std::clamp<size_t>(edit.end, start, text.size());
  std::string out;
  out.reserve(text.size() - (end - start) + edit.replacement.size());
  out.append(text, 0, start).append(edit.replacement).append(text, end, std::string::npos);
  return out;
}

std::unique_ptr<SyntaxTree> reparse(const SyntaxTree& old, const TextEdit& edit) {
  std::unique_ptr<SyntaxTree> tree = parse_edited(old, edit);
  // An editor asks for positions after every edit once it has asked once: derive the index
  // rather than scan the whole new text. A parse that never needed one still does not build it.
  if (old.lines_built() && !tree->lines_built()) {
    const uint32_t size = static_cast<uint32_t>(old.text().size());
    const uint32_t start = std::min(edit.start, size);
    const uint32_t end = std::clamp(edit.end, start, size);
    tree->adopt_lines(old.lines().edited(tree->text(), start, end,
                                         start + static_cast<uint32_t>(edit.replacement.size())));
  }
  return tree;
}

bool last_reparse_was_incremental() {
  return last_incremental;
}

}  // namespace hclspec::syntax
