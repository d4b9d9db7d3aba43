// Semantic tokens: bodies walked in source order, names and keywords placed by their nodes.
#include "features/semantic_tokens.hpp"

#include <algorithm>
#include <cstring>
#include <string_view>

#include "base/huge_pages.hpp"
#include "eval/stdlib.hpp"
#include "features/body_model.hpp"

namespace hclspec::features {

namespace {

using syntax::NodeId;
using syntax::NodeKind;
using syntax::Token;
using syntax::TokenKind;
namespace Modifier = SemanticModifier;

// The modifiers of attribute `name` in a body of `model`.
uint32_t attribute_modifiers(const BodyModel& model, std::string_view name) {
  const spec::ExpectedAttribute* attribute = model.attribute(name);
  if (attribute == nullptr) return Modifier::kUnsupported;
  return attribute->required ? Modifier::kRequired : 0;
}

bool is_hex(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// How much of a root item's nodes a walk of the whole document asks for at once.
constexpr size_t kPrefetchBytes = 64 * 1024;

// The walk: bodies top-down in source order (the model of each follows the chain of blocks),
// and each attribute at once: its expression nodes, a contiguous run in post-order, are read in
// one pass for the few tokens whose class depends on their place (names, keywords), then the
// attribute's tokens are swept in order, the others getting their kind's class.
class NativeWalker {
 public:
  // `take`, when set, is handed the tokens so far (and they are cleared) before each root item
  // that starts `window_bytes` or more after the last hand-over, and at the end.
  NativeWalker(const Snapshot& snapshot, base::ByteRange range, std::vector<SemanticToken>& out,
               const TokenWindowSink* take = nullptr, uint32_t window_bytes = 0)
      : tree_(*snapshot.tree),
        text_(tree_.text()),
        tokens_(tree_.tokens()),
        nodes_(tree_.nodes()),
        models_(snapshot),
        spec_file_(snapshot.kind == DocumentKind::SpecFile),
        range_start_(range.start),
        range_limit_(range.empty() ? range.start + 1 : range.end),
        out_(out),
        take_(take),
        window_bytes_(window_bytes) {
    // The tokens that may overlap the range: those ending after its start and starting before
    // its limit (tokens are sorted and do not overlap, so their ends are sorted too).
    window_begin_ = static_cast<uint32_t>(
        std::partition_point(tokens_.begin(), tokens_.end(),
                             [&](const Token& t) { return t.end() <= range_start_; }) -
        tokens_.begin());
    window_end_ = static_cast<uint32_t>(
        std::partition_point(tokens_.begin() + window_begin_, tokens_.end(),
                             [&](const Token& t) { return t.start() < range_limit_; }) -
        tokens_.begin());
  }

  uint32_t window_size() const { return window_end_ - window_begin_; }
  // Where the first window is taken to start: a walk over a range starts its windows there.
  void start_window_at(uint32_t offset) { window_start_ = offset; }

  void run() {
    if (!nodes_.empty()) walk();
    if (take_ != nullptr) hand_over();
  }

 private:
  void walk() {
    push_body(tree_.root(), models_.root());
    while (!frames_.empty()) {
      BodyFrame& frame = frames_.back();
      if (frame.next_child == frame.children_end) {
        default_tokens(frame.next_token, nodes_[frame.body].end_token);
        children_.resize(frame.children_begin);
        frames_.pop_back();
        continue;
      }
      const NodeId item = children_[frame.next_child++];
      const syntax::Node& n = nodes_[item];
      default_tokens(frame.next_token, n.first_token);
      if (take_ != nullptr) {
        // A body's children are found last first, which the processor's prefetcher can't
        // follow: in a walk by windows, a root item's nodes are asked for at once (a quarter of
        // the walk's time, measured), up to 64 KiB from its end, where the walk starts. A
        // range's walk reads little of the items it passes.
        if (frames_.size() == 1) nodes_.prefetch_subtree(item, kPrefetchBytes);
        // Before any item, at any depth: a document that is one block is handed over in
        // windows too. (A range's walk passes through the items holding its start.)
        const uint32_t item_start = tokens_[n.first_token].start();
        if (item_start >= window_start_ && item_start - window_start_ >= window_bytes_) {
          hand_over();
          window_start_ = item_start;
        }
      }
      frame.next_token = n.end_token;
      const std::string_view name = tree_.token_text(n.first_token);
      if (n.kind == NodeKind::Attribute) {
        attribute(item, frame.model == nullptr ? 0 : attribute_modifiers(*frame.model, name));
        continue;
      }
      if (n.kind != NodeKind::Block) {
        default_tokens(n.first_token, n.end_token);
        continue;
      }
      uint32_t modifiers = 0;
      BodyModel* nested = nullptr;
      if (frame.model != nullptr) {
        BodyModel::BlockEntry* entry = frame.model->block(name);
        if (entry == nullptr) {
          nested = models_.dynamic_body(*frame.model, item);
          if (nested == nullptr) modifiers = Modifier::kUnsupported;
        } else {
          modifiers = entry->block->required ? Modifier::kRequired : 0;
          nested = models_.nested(*entry);
        }
      }
      // The body is the block's only child; a block whose header is broken has none.
      const NodeId body = n.first_descendant < item ? item - 1 : syntax::kNoNode;
      block_header(n.first_token, body == syntax::kNoNode ? n.end_token : nodes_[body].first_token,
                   modifiers);
      if (body == syntax::kNoNode) continue;
      const syntax::Node& b = nodes_[body];
      frame.next_token = b.end_token;  // anything after the body is the enclosing body's
      if (b.first_token < window_end_ && b.end_token > window_begin_)
        push_body(body, nested);  // invalidates `frame`
    }
  }

  void hand_over() {
    (*take_)(out_);
    out_.clear();
  }

  // A body being walked: its items inside the window (a stretch of children_), and the next of
  // its own tokens (newlines, comments, braces, what recovery skipped).
  struct BodyFrame {
    NodeId body;
    BodyModel* model;  // null: no spec modifiers in this body
    uint32_t children_begin;
    uint32_t next_child;
    uint32_t children_end;
    uint32_t next_token;
  };

  // A token whose class its node decides. `rank` orders two answers for one token: an object's
  // key is first read as a traversal, then by the object (rank 1) as a name.
  struct Special {
    uint32_t token;
    SemanticType type;
    uint8_t rank;
    uint32_t modifiers;
  };

  void push_body(NodeId body, BodyModel* model) {
    const syntax::Node& n = nodes_[body];
    const auto begin = static_cast<uint32_t>(children_.size());
    // Children in post-order: the last child is right before its parent, each earlier one
    // right before the subtree of the next. Items outside the window are left out.
    for (NodeId child = body; child > n.first_descendant;) {
      --child;
      const syntax::Node& c = nodes_[child];
      if (c.end_token <= window_begin_) break;
      if (c.first_token < window_end_) children_.push_back(child);
      child = c.first_descendant;
    }
    std::reverse(children_.begin() + begin, children_.end());
    frames_.push_back(
        {body, model, begin, begin, static_cast<uint32_t>(children_.size()), n.first_token});
  }

  // A block's type and labels: a label written as a string is one token, quotes included; one
  // broken by a template sequence is left to its pieces' own classes. The header is a few
  // tokens, read whole, so a label starting before a range's window is still one token.
  void block_header(uint32_t first, uint32_t end, uint32_t modifiers) {
    emit(first, SemanticType::BlockType, modifiers);
    bool in_broken_label = false;
    for (uint32_t t = first + 1; t < end; ++t) {
      const TokenKind kind = tokens_[t].kind();
      if (in_broken_label) {
        in_broken_label = kind != TokenKind::CQuote;
      } else if (kind == TokenKind::Ident) {
        emit(t, SemanticType::BlockLabel);
        continue;
      } else if (kind == TokenKind::OQuote) {
        uint32_t close = t + 1;
        while (close < end && tokens_[close].kind() == TokenKind::QuotedLit) ++close;
        if (close < end && tokens_[close].kind() == TokenKind::CQuote) {
          emit_range(tokens_[t].start(), tokens_[close].end(), SemanticType::BlockLabel);
          t = close;
          continue;
        }
        in_broken_label = true;
      }
      default_token(t);
    }
  }

  void attribute(NodeId item, uint32_t modifiers) {
    const syntax::Node& n = nodes_[item];
    specials_.clear();
    specials_.push_back(
        {n.first_token, SemanticType::AttributeName, 0, Modifier::kDeclaration | modifiers});
    for (NodeId e = n.first_descendant; e < item; ++e) expression_node(e);
    std::sort(specials_.begin(), specials_.end(), [](const Special& a, const Special& b) {
      return a.token != b.token ? a.token < b.token : a.rank < b.rank;
    });
    const uint32_t from = std::max(n.first_token, window_begin_);
    const uint32_t to = std::min(n.end_token, window_end_);
    size_t next = 0;
    while (next < specials_.size() && specials_[next].token < from) ++next;
    for (uint32_t t = from; t < to; ++t) {
      if (next == specials_.size() || specials_[next].token != t) {
        default_token(t);
        continue;
      }
      while (next + 1 < specials_.size() && specials_[next + 1].token == t) ++next;  // last wins
      emit(t, specials_[next].type, specials_[next].modifiers);
      ++next;
    }
  }

  void special(uint32_t token, SemanticType type, uint32_t modifiers = 0, uint8_t rank = 0) {
    specials_.push_back({token, type, rank, modifiers});
  }

  // The tokens of expression node `e` whose class its kind decides.
  void expression_node(NodeId e) {
    const syntax::Node& n = nodes_[e];
    switch (n.kind) {
      case NodeKind::ScopeTraversal:
        special(n.first_token, SemanticType::Variable);
        traversal_steps(n.first_token + 1, n.end_token);
        return;
      case NodeKind::RelativeTraversal:
        // The steps follow the source, the only child.
        traversal_steps(n.first_descendant < e ? nodes_[e - 1].end_token : n.first_token,
                        n.end_token);
        return;
      case NodeKind::FunctionCall: {
        // Each name up to the "(": `provider::ns::f` gives three.
        const uint32_t modifiers = function_modifiers(n);
        for (uint32_t t = n.first_token; t < n.end_token; ++t) {
          const TokenKind kind = tokens_[t].kind();
          if (kind == TokenKind::OParen) break;
          if (kind == TokenKind::Ident) special(t, SemanticType::Function, modifiers);
        }
        return;
      }
      case NodeKind::For:
      case NodeKind::ForDirective:
        for_header(e);
        return;
      case NodeKind::IfDirective:
      case NodeKind::ElseDirective:
      case NodeKind::EndDirective: {
        const uint32_t keyword = significant(n.first_token + 1, n.end_token);
        if (keyword < n.end_token && tokens_[keyword].kind() == TokenKind::Ident)
          special(keyword, SemanticType::Keyword);
        return;
      }
      case NodeKind::Object:
        object_keys(e);
        return;
      default:
        return;
    }
  }

  // The first token at or after `t` that is not a newline or comment, or `end`.
  uint32_t significant(uint32_t t, uint32_t end) const {
    while (t < end && is_trivia(tokens_[t].kind())) ++t;
    return t;
  }

  // Names after a "." (newlines and comments may stand between, inside brackets).
  void traversal_steps(uint32_t from, uint32_t end) {
    bool after_dot = false;
    for (uint32_t t = from; t < end; ++t) {
      const TokenKind kind = tokens_[t].kind();
      if (is_trivia(kind)) continue;
      if (kind == TokenKind::Ident && after_dot) special(t, SemanticType::Property);
      after_dot = kind == TokenKind::Dot;
    }
  }

  // "for" k [, v] "in" after the opening bracket or "%{", and a for expression's "if" right
  // before its condition, the last child. The parser keeps these nodes only when the head is
  // whole.
  void for_header(NodeId e) {
    const syntax::Node& n = nodes_[e];
    const auto is_ident = [&](uint32_t t) {
      return t < n.end_token && tokens_[t].kind() == TokenKind::Ident;
    };
    uint32_t t = significant(n.first_token + 1, n.end_token);
    if (!is_ident(t)) return;
    special(t, SemanticType::Keyword);
    t = significant(t + 1, n.end_token);
    if (!is_ident(t)) return;
    special(t, SemanticType::Variable, Modifier::kDeclaration);
    t = significant(t + 1, n.end_token);
    if (t < n.end_token && tokens_[t].kind() == TokenKind::Comma) {
      t = significant(t + 1, n.end_token);
      if (!is_ident(t)) return;
      special(t, SemanticType::Variable, Modifier::kDeclaration);
      t = significant(t + 1, n.end_token);
    }
    if (!is_ident(t)) return;
    special(t, SemanticType::Keyword);
    if (n.kind != NodeKind::For || (n.flags & syntax::NodeFlags::kForHasCondition) == 0) return;
    uint32_t before = nodes_[e - 1].first_token;
    while (before > n.first_token && is_trivia(tokens_[before - 1].kind())) --before;
    if (before > n.first_token && tokens_[before - 1].kind() == TokenKind::Ident)
      special(before - 1, SemanticType::Keyword);
  }

  // An object's keys written as a bare name: children alternate key, value.
  void object_keys(NodeId e) {
    object_children_.clear();
    tree_.children(e, object_children_);
    for (size_t i = 0; i < object_children_.size(); i += 2) {
      const syntax::Node& key = nodes_[object_children_[i]];
      if (key.kind == NodeKind::ScopeTraversal && key.end_token == key.first_token + 1)
        special(key.first_token, SemanticType::AttributeName, 0, 1);
    }
  }

  // A spec file's expressions call hcldec's spec definition functions; an input's expressions
  // see only its spec's own `function` blocks, so nothing there is the language's library.
  uint32_t function_modifiers(const syntax::Node& call) const {
    if (!spec_file_) return 0;
    const uint32_t after = significant(call.first_token + 1, call.end_token);
    if (after < call.end_token && tokens_[after].kind() == TokenKind::DoubleColon) return 0;
    const eval::Functions& library = eval::spec_definition_functions();
    return library.find(tree_.token_text(call.first_token)) != library.end()
               ? Modifier::kDefaultLibrary
               : 0;
  }

  // Tokens [from, to) inside the window, each by its kind.
  void default_tokens(uint32_t from, uint32_t to) {
    to = std::min(to, window_end_);
    for (uint32_t t = std::max(from, window_begin_); t < to; ++t) default_token(t);
  }

  // A token's class from its kind alone: where no node gives it another.
  void default_token(uint32_t t) {
    const Token& token = tokens_[t];
    switch (token.kind()) {
      case TokenKind::Comment:
        // A line comment ends with its line break, as a heredoc's opening marker does.
        emit_range(token.start(), token.end_before_line_break(text_), SemanticType::Comment);
        return;
      case TokenKind::OHeredoc:
        emit_range(token.start(), token.end_before_line_break(text_), SemanticType::String);
        return;
      case TokenKind::NumberLit:
        emit(t, SemanticType::Number);
        return;
      case TokenKind::QuotedLit:
        literal_text(token.start(), token.end(), true);
        return;
      case TokenKind::StringLit:
        literal_text(token.start(), token.end_before_line_break(text_), false);
        return;
      case TokenKind::OQuote:
      case TokenKind::CQuote:
        emit(t, SemanticType::String);
        return;
      case TokenKind::CHeredoc: {
        // The marker without the indentation a "<<-" heredoc allows before it.
        uint32_t start = token.start(), end = token.end();
        while (start < end && (text_[start] == ' ' || text_[start] == '\t')) ++start;
        while (end > start && (text_[end - 1] == ' ' || text_[end - 1] == '\t')) --end;
        emit_range(start, end, SemanticType::String);
        return;
      }
      case TokenKind::Ident: {
        const std::string_view word = token.text(text_);
        if (word == "true" || word == "false" || word == "null") emit(t, SemanticType::Keyword);
        return;
      }
      case TokenKind::Star:  // multiplication, or a splat
      case TokenKind::Slash:
      case TokenKind::Plus:
      case TokenKind::Minus:
      case TokenKind::Percent:
      case TokenKind::Equal:
      case TokenKind::EqualOp:
      case TokenKind::NotEqual:
      case TokenKind::LessThan:
      case TokenKind::LessThanEq:
      case TokenKind::GreaterThan:
      case TokenKind::GreaterThanEq:
      case TokenKind::And:
      case TokenKind::Or:
      case TokenKind::Bang:
      case TokenKind::Ellipsis:
      case TokenKind::FatArrow:
      case TokenKind::Question:
      case TokenKind::Colon:
      case TokenKind::TemplateInterp:
      case TokenKind::TemplateControl:
      case TokenKind::TemplateSeqEnd:
        emit(t, SemanticType::Operator);
        return;
      default:
        return;  // brackets, punctuation, newlines, characters the language does not use
    }
  }

  // Literal template text: String, with each escape an Escape token of its own: "$${" and
  // "%%{" in any template, backslash escapes in quoted ones.
  void literal_text(uint32_t start, uint32_t end, bool quoted) {
    if (start >= range_limit_ || end <= range_start_) return;
    // The lexer ends literal text before every "$" and "%", so "$${" and "%%{" (with a "~"
    // after them, which is text) can only start a token.
    const char first = text_[start];
    if ((first == '$' || first == '%') && end - start >= 3 && text_[start + 1] == first &&
        text_[start + 2] == '{') {
      emit_range(start, start + 3, SemanticType::Escape);
      start += 3;
    }
    uint32_t plain = start;
    for (uint32_t i = start; quoted && i < end;) {
      const void* found = std::memchr(text_.data() + i, '\\', end - i);
      if (found == nullptr) break;
      i = static_cast<uint32_t>(static_cast<const char*>(found) - text_.data());
      const uint32_t length = escape_length(i, end);
      if (length == 0) {
        ++i;
        continue;
      }
      emit_range(plain, i, SemanticType::String);
      emit_range(i, i + length, SemanticType::Escape);
      i += length;
      plain = i;
    }
    emit_range(plain, end, SemanticType::String);
  }

  // The length of the valid backslash escape at `at`, or 0 (an invalid one stays text, and the
  // parser has reported it).
  uint32_t escape_length(uint32_t at, uint32_t end) const {
    if (end - at < 2) return 0;
    switch (text_[at + 1]) {
      case 'n':
      case 'r':
      case 't':
      case '"':
      case '\\':
        return 2;
      case 'u':
      case 'U': {
        const uint32_t digits = text_[at + 1] == 'u' ? 4 : 8;
        if (end - at < 2 + digits) return 0;
        for (uint32_t i = at + 2; i < at + 2 + digits; ++i)
          if (!is_hex(text_[i])) return 0;
        return 2 + digits;
      }
      default:
        return 0;
    }
  }

  void emit(uint32_t t, SemanticType type, uint32_t modifiers = 0) {
    emit_range(tokens_[t].start(), tokens_[t].end(), type, modifiers);
  }

  void emit_range(uint32_t start, uint32_t end, SemanticType type, uint32_t modifiers = 0) {
    if (start >= end || start >= range_limit_ || end <= range_start_) return;
    out_.push_back({start, end - start, type, modifiers});
  }

  const syntax::SyntaxTree& tree_;
  std::string_view text_;
  const syntax::TokenList tokens_;
  const syntax::NodeList nodes_;
  BodyModels models_;
  bool spec_file_;
  uint32_t range_start_;
  uint32_t range_limit_;  // tokens starting before it may overlap the range
  uint32_t window_begin_ = 0;
  uint32_t window_end_ = 0;
  std::vector<BodyFrame> frames_;
  std::vector<NodeId> children_;
  std::vector<Special> specials_;
  std::vector<NodeId> object_children_;
  std::vector<SemanticToken>& out_;
  const TokenWindowSink* take_;
  uint32_t window_bytes_;
  uint32_t window_start_ = 0;  // of the tokens not handed over yet
};

// JSON: property names, then their values, in source order.
void json_tokens(const syntax::JsonTree& tree, base::ByteRange range,
                 std::vector<SemanticToken>& out) {
  const uint32_t limit = range.empty() ? range.start + 1 : range.end;
  const auto overlaps = [&](base::ByteRange r) { return r.start < limit && r.end > range.start; };
  const auto emit = [&](base::ByteRange r, SemanticType type) {
    if (!r.empty() && overlaps(r)) out.push_back({r.start, r.size(), type, 0});
  };
  struct Frame {
    syntax::JsonId value;
    uint32_t next = 0;  // the next property or element
  };
  std::vector<Frame> frames{{tree.root()}};
  while (!frames.empty()) {
    Frame& frame = frames.back();
    const syntax::JsonNode& node = tree.node(frame.value);
    if (node.kind == syntax::JsonKind::Object && frame.next < node.count) {
      const syntax::JsonProperty& property = tree.properties(frame.value)[frame.next++];
      if (property.name_range.start >= limit) {
        frame.next = node.count;
        continue;
      }
      emit(property.name_range, SemanticType::AttributeName);
      if (overlaps(tree.node(property.value).range)) frames.push_back({property.value});
      continue;
    }
    if (node.kind == syntax::JsonKind::Array && frame.next < node.count) {
      const syntax::JsonId element = tree.elements(frame.value)[frame.next++];
      if (overlaps(tree.node(element).range)) frames.push_back({element});
      continue;
    }
    switch (node.kind) {
      case syntax::JsonKind::String:
        emit(node.range, SemanticType::String);
        break;
      case syntax::JsonKind::Number:
        emit(node.range, SemanticType::Number);
        break;
      case syntax::JsonKind::Bool:
      case syntax::JsonKind::Null:
        emit(node.range, SemanticType::Keyword);
        break;
      default:
        break;
    }
    frames.pop_back();
  }
}

}  // namespace

std::vector<SemanticToken> semantic_tokens(const Snapshot& snapshot,
                                           std::optional<base::ByteRange> range) {
  std::vector<SemanticToken> out;
  const auto size = static_cast<uint32_t>(snapshot.source().text().size());
  base::ByteRange within = range.value_or(base::ByteRange{0, size});
  within.end = std::min(within.end, size);
  within.start = std::min(within.start, within.end);
  if (snapshot.tree) {
    NativeWalker walker(snapshot, within, out);
    // At most one semantic token per lexical token, but for escapes: the reserve is address
    // space, touched only as it is filled.
    const size_t expected = walker.window_size() + 16;
    out.reserve(expected);
    base::advise_huge_pages(out.data(), expected * sizeof(SemanticToken));
    walker.run();
  } else if (snapshot.json) {
    json_tokens(*snapshot.json, within, out);
  }
  return out;
}

void semantic_tokens_by_window(const Snapshot& snapshot, uint32_t window_bytes,
                               const TokenWindowSink& take, std::optional<base::ByteRange> range) {
  std::vector<SemanticToken> out;
  if (snapshot.tree) {
    const auto size = static_cast<uint32_t>(snapshot.tree->text().size());
    base::ByteRange within = range.value_or(base::ByteRange{0, size});
    within.end = std::min(within.end, size);
    within.start = std::min(within.start, within.end);
    NativeWalker walker(snapshot, within, out, &take, window_bytes);
    walker.start_window_at(within.start);
    walker.run();
  } else {
    take(out = semantic_tokens(snapshot, range));
  }
}

std::optional<uint32_t> semantic_tokens_midpoint(const Snapshot& snapshot) {
  if (!snapshot.tree) return std::nullopt;
  const syntax::SyntaxTree& tree = *snapshot.tree;
  const syntax::TokenList tokens = tree.tokens();
  if (tokens.empty()) return std::nullopt;
  const uint32_t middle = tokens[tokens.size() / 2].start();
  // An item starting within a sixteenth of the text after the middle token will do; else the
  // item holding that token is looked into, down to where items are small enough.
  const auto near = static_cast<uint32_t>(tree.text().size() / 16);
  NodeId body = tree.root();
  for (;;) {
    NodeId holding = syntax::kNoNode;
    for (const NodeId item : tree.children(body)) {
      const base::ByteRange range = tree.range(item);
      if (range.start >= middle) {
        if (range.start - middle <= near && range.start > 0) return range.start;
        break;
      }
      if (range.end > middle) holding = item;
    }
    if (holding == syntax::kNoNode || tree.node(holding).kind != NodeKind::Block)
      return std::nullopt;
    // A block's body is its only child (none when its header is broken).
    const std::vector<NodeId> parts = tree.children(holding);
    if (parts.empty() || tree.node(parts.front()).kind != NodeKind::Body) return std::nullopt;
    body = parts.front();
  }
}

}  // namespace hclspec::features
