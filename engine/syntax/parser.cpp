// Parser for bodies, attributes, blocks and expressions, following hclsyntax's parser.go.
#include "syntax/parser.hpp"

#include <algorithm>
#include <cstring>
#include <functional>
#include <iterator>
#include <unordered_map>
#include <unordered_set>

#include "base/big_stack.hpp"
#include "base/huge_pages.hpp"
#include "syntax/lexer.hpp"
#include "syntax/parser_impl.hpp"

namespace hclspec::syntax {

namespace detail {

namespace {

bool is_opener(TokenKind kind) {
  switch (kind) {
    case TokenKind::OBrace:
    case TokenKind::OBrack:
    case TokenKind::OParen:
    case TokenKind::OQuote:
    case TokenKind::OHeredoc:
    case TokenKind::TemplateInterp:
    case TokenKind::TemplateControl:
      return true;
    default:
      return false;
  }
}

struct BinaryOperator {
  int precedence;  // 0: not a binary operator
  Operator op;
};

BinaryOperator binary_operator(TokenKind kind) {
  switch (kind) {
    case TokenKind::Or:
      return {1, Operator::Or};
    case TokenKind::And:
      return {2, Operator::And};
    case TokenKind::EqualOp:
      return {3, Operator::Equal};
    case TokenKind::NotEqual:
      return {3, Operator::NotEqual};
    case TokenKind::GreaterThan:
      return {4, Operator::Greater};
    case TokenKind::GreaterThanEq:
      return {4, Operator::GreaterOrEqual};
    case TokenKind::LessThan:
      return {4, Operator::Less};
    case TokenKind::LessThanEq:
      return {4, Operator::LessOrEqual};
    case TokenKind::Plus:
      return {5, Operator::Add};
    case TokenKind::Minus:
      return {5, Operator::Subtract};
    case TokenKind::Star:
      return {6, Operator::Multiply};
    case TokenKind::Slash:
      return {6, Operator::Divide};
    case TokenKind::Percent:
      return {6, Operator::Modulo};
    default:
      return {0, Operator::None};
  }
}

struct DepthGuard {
  explicit DepthGuard(int& depth) : depth_(depth) { ++depth_; }
  ~DepthGuard() { --depth_; }
  DepthGuard(const DepthGuard&) = delete;
  DepthGuard& operator=(const DepthGuard&) = delete;
  int& depth_;
};

}  // namespace

void NodeSink::spill() {
  spilled_.reserve(std::max(spilled_room_, size_t{count_} + 1));
  base::advise_huge_pages(spilled_.data(), spilled_.capacity() * sizeof(Node));
  spilled_.assign(first_, first_ + count_);
  vector_ = &spilled_;
}

Parser::Parser(const base::SourceFile& file, std::span<const Token> tokens, Nodes& nodes,
               base::Diagnostics& diags, uint32_t first_token)
    : text_(file.text()),
      tokens_(tokens),
      own_nodes_(std::in_place, nodes),
      nodes_(*own_nodes_),
      diags_(diags),
      file_(file),
      next_(first_token) {}

Parser::Parser(const base::SourceFile& file, std::span<const Token> tokens, NodeSink& nodes,
               base::Diagnostics& diags, uint32_t first_token)
    : text_(file.text()),
      tokens_(tokens),
      nodes_(nodes),
      diags_(diags),
      file_(file),
      next_(first_token) {}

Peeked Parser::peek_uncached() {
  peeked_next_ = next_;
  peeked_newlines_ = newlines_;
  return peeked_ = peek_from(next_);
}

Peeked Parser::peek_from(uint32_t index) const {
  const uint32_t count = static_cast<uint32_t>(tokens_.size());
  for (uint32_t i = index; i < count; ++i) {
    const Token& t = tokens_[i];
    switch (t.kind()) {
      case TokenKind::Comment:
        // A line comment holds the newline that ends it, and so stands for that newline.
        if (newlines_ && text_[t.end() - 1] == '\n') return {TokenKind::Newline, i};
        continue;
      case TokenKind::Bom:
        continue;
      case TokenKind::Newline:
        if (!newlines_) continue;
        return {TokenKind::Newline, i};
      default:
        return {t.kind(), i};
    }
  }
  return {TokenKind::Eof, count - 1};
}

base::ByteRange Parser::prev_range() const {
  return next_ == 0 ? range_of(0) : range_of(next_ - 1);
}

void Parser::error(std::string summary, std::string detail, base::ByteRange subject) {
  diags_.push_back(
      {base::Severity::Error, std::move(summary), std::move(detail), subject, std::nullopt});
}

void Parser::error(std::string summary, std::string detail, base::ByteRange subject,
                   base::ByteRange context) {
  diags_.push_back(
      {base::Severity::Error, std::move(summary), std::move(detail), subject, context});
}

NodeId Parser::add_node(NodeKind kind, uint32_t first_descendant, uint32_t first_token,
                        uint32_t end_token, uint8_t flags, Operator op) {
  nodes_.push_back({kind, flags, op, 0, first_token, end_token, first_descendant});
  return last_node();
}

// --- Recovery ---------------------------------------------------------------------------

Peeked Parser::recover(TokenKind end) {
  const TokenKind start = opening_bracket(end);
  recovery_ = true;
  int nest = 0;
  for (;;) {
    const Peeked tok = read();
    TokenKind kind = tok.kind;
    if (end == TokenKind::TemplateSeqEnd && kind == TokenKind::TemplateControl)
      kind = TokenKind::TemplateInterp;
    if (kind == start && start != TokenKind::Eof) {
      ++nest;
    } else if (kind == end) {
      if (nest < 1) return tok;
      --nest;
    } else if (kind == TokenKind::Eof) {
      return tok;
    }
  }
}

void Parser::recover_after_body_item(TokenKind already_open) {
  recovery_ = true;
  std::vector<TokenKind> open;
  if (is_opener(already_open)) open.push_back(already_open);
  for (;;) {
    const Peeked tok = read();
    switch (tok.kind) {
      case TokenKind::Newline:
        if (open.empty()) return;
        break;
      case TokenKind::Eof:
        return;
      case TokenKind::OBrace:
      case TokenKind::OBrack:
      case TokenKind::OParen:
      case TokenKind::OQuote:
      case TokenKind::OHeredoc:
      case TokenKind::TemplateInterp:
      case TokenKind::TemplateControl:
        open.push_back(tok.kind);
        break;
      case TokenKind::CBrace:
      case TokenKind::CBrack:
      case TokenKind::CParen:
      case TokenKind::CQuote:
      case TokenKind::CHeredoc: {
        const TokenKind opener = opening_bracket(tok.kind);
        while (!open.empty() && open.back() != opener) open.pop_back();
        if (!open.empty()) open.pop_back();
        break;
      }
      case TokenKind::TemplateSeqEnd:
        while (!open.empty() && open.back() != TokenKind::TemplateInterp &&
               open.back() != TokenKind::TemplateControl)
          open.pop_back();
        if (!open.empty()) open.pop_back();
        break;
      default:
        break;
    }
  }
}

// --- Structure --------------------------------------------------------------------------

void Parser::parse_file() {
  const uint32_t mark = node_mark();
  parse_body(TokenKind::Eof);
  if (!stopped_) add_node(NodeKind::Body, mark, 0, static_cast<uint32_t>(tokens_.size()));
}

bool Parser::parse_file_until(uint32_t split, const std::function<bool(const Parser&)>& stop) {
  stop_at_ = split;
  stop_ = &stop;
  parse_file();
  return stopped_;
}

bool Parser::parse_block_body(uint32_t open_brace, int depth) {
  depth_ = depth;
  parse_block_content(open_brace);
  return recovery_;
}

bool Parser::parse_block_content(uint32_t open_brace) {
  const uint32_t mark = node_mark();
  // The content is parsed like a body item: afresh, whatever happened in the block's header,
  // so that reparsing the content alone gives the same result.
  recovery_ = false;
  // Content on the same line as "{" makes a one-line block with a single attribute.
  bool consumed_line = false;
  switch (peek().kind) {
    case TokenKind::Newline:
    case TokenKind::Eof:
    case TokenKind::CBrace:
      parse_body(TokenKind::CBrace);
      break;
    default:
      consumed_line = parse_single_attribute_body(open_brace);
      break;
  }
  add_node(NodeKind::Body, mark, open_brace, next_, recovery_ ? NodeFlags::kRecovered : 0);
  return consumed_line;
}

void Parser::parse_body(TokenKind end) {
  const base::ByteRange start_range = prev_range();
  // This body's attribute names are the tail of body_names_ from here: most bodies are small,
  // so a linear scan beats a hash map; a large body gets a map once it grows.
  const size_t names_base = body_names_.size();
  std::unordered_map<std::string_view, uint32_t> names_index;
  bool any_recovery = false;
  for (;;) {
    // Only the root body (the one ended by Eof) is asked, once.
    if (next_ == stop_at_ && end == TokenKind::Eof) {
      stop_at_ = UINT32_MAX;
      if ((*stop_)(*this)) {
        stopped_ = true;
        return;
      }
    }
    const Peeked next = peek();
    if (next.kind == end) {
      read();
      break;
    }
    if (next.kind == TokenKind::Newline) {
      read();
      continue;
    }
    if (next.kind == TokenKind::Ident) {
      // Each item starts afresh; a stray token or the end of the file right after a recovered
      // item stays muted, as the same mistake's follow-on.
      recovery_ = false;
      const uint32_t mark = node_mark();
      if (parse_body_item() && nodes_.back().kind == NodeKind::Attribute && node_mark() > mark) {
        const uint32_t name = nodes_.back().first_token;
        if (root_names_ != nullptr && end == TokenKind::Eof) root_names_->push_back(text_of(name));
        const uint32_t earlier = remember_attribute(names_base, names_index, name);
        if (earlier != UINT32_MAX)
          error("Attribute redefined",
                "The argument \"" + std::string(text_of(name)) + "\" was already set at " +
                    format_range(file_, range_of(earlier)) +
                    ". Each argument may be set only once.",
                range_of(name));
      }
      any_recovery = any_recovery || recovery_;
      continue;
    }
    const Peeked bad = read();
    if (bad.kind == TokenKind::Eof) {
      // Only the innermost unclosed block reports: the outer ones see recovery set.
      if (end == TokenKind::CBrace && !recovery_)
        error("Unclosed configuration block",
              "There is no closing brace for this block before the end of the file. This may be "
              "caused by incorrect brace nesting elsewhere in this file.",
              start_range);
      any_recovery = true;
      break;
    }
    if (!recovery_) {
      if (bad.kind == TokenKind::OQuote)
        error("Invalid argument name", "Argument names must not be quoted.", range_of(bad.index));
      else
        error("Argument or block definition required",
              "An argument or block definition is required here.", range_of(bad.index));
    }
    recover_after_body_item(bad.kind);
    any_recovery = true;
  }
  recovery_ = any_recovery;
  body_names_.resize(names_base);
}

uint32_t Parser::remember_attribute(size_t names_base,
                                    std::unordered_map<std::string_view, uint32_t>& index,
                                    uint32_t name_token) {
  const std::string_view name = text_of(name_token);
  constexpr size_t kLinearLimit = 16;
  if (index.empty()) {
    for (size_t i = names_base; i < body_names_.size(); ++i)
      if (body_names_[i].first == name) return body_names_[i].second;
    body_names_.emplace_back(name, name_token);
    if (body_names_.size() - names_base > kLinearLimit)
      for (size_t i = names_base; i < body_names_.size(); ++i) index.emplace(body_names_[i]);
    return UINT32_MAX;
  }
  const auto [it, inserted] = index.emplace(name, name_token);
  return inserted ? UINT32_MAX : it->second;
}

// Parses an attribute or block starting at the identifier under the cursor. Returns whether a
// node was produced.
bool Parser::parse_body_item() {
  const Peeked ident = read();
  const Peeked next = peek();
  switch (next.kind) {
    case TokenKind::Equal:
      finish_attribute(ident.index, false);
      return true;
    case TokenKind::OQuote:
    case TokenKind::OBrace:
    case TokenKind::Ident:
      finish_block(ident.index);
      return true;
    default:
      recover_after_body_item();
      error("Argument or block definition required",
            "An argument or block definition is required here. To set an argument, use the "
            "equals sign \"=\" to introduce the argument value.",
            range_of(ident.index));
      return false;
  }
}

void Parser::finish_attribute(uint32_t name, bool single_line) {
  const uint32_t mark = node_mark();
  read();  // "="
  const size_t diag_mark = diags_.size();
  if (!parse_simple_value()) parse_expression();
  const uint32_t end = next_;
  if (recovery_ && errors_since(diag_mark)) {
    recover_after_body_item();
  } else if (!single_line) {
    const Peeked after = peek();
    if (after.kind != TokenKind::Newline && after.kind != TokenKind::Eof) {
      if (!recovery_) {
        const bool comma = after.kind == TokenKind::Comma;
        error(comma ? "Unexpected comma after argument" : "Missing newline after argument",
              std::string(comma ? "Argument definitions must be separated by newlines, not "
                                  "commas. "
                                : "") +
                  "An argument definition must end with a newline.",
              range_of(after.index), base::range_between(range_of(name), range_of(after.index)));
      }
      recover_after_body_item();
    } else {
      read();  // the newline; the enclosing body owns it
    }
  }
  add_node(NodeKind::Attribute, mark, name, end, recovery_ ? NodeFlags::kRecovered : 0);
}

// Most attribute values are a lone number, keyword, variable or plain string ending the line.
// Those are recognized here without the descent through every precedence level; the nodes and
// diagnostics are exactly those parse_expression would give.
bool Parser::parse_simple_value() {
  if (depth_ + 1 > kMaxNestingDepth) return false;
  const Peeked first = peek();
  uint32_t last = first.index;
  NodeKind kind;
  switch (first.kind) {
    case TokenKind::NumberLit:
      kind = NodeKind::Literal;
      break;
    case TokenKind::Ident: {
      const std::string_view name = text_of(first.index);
      kind = name == "true" || name == "false" || name == "null" ? NodeKind::Literal
                                                                 : NodeKind::ScopeTraversal;
      break;
    }
    case TokenKind::OQuote:
      kind = NodeKind::Template;
      if (tokens_[last + 1].kind() == TokenKind::QuotedLit) ++last;
      if (tokens_[last + 1].kind() != TokenKind::CQuote) return false;
      ++last;
      break;
    default:
      return false;
  }
  const TokenKind after = peek_from(last + 1).kind;
  if (after != TokenKind::Newline && after != TokenKind::Eof) return false;
  const uint32_t mark = node_mark();
  next_ = last + 1;
  if (first.kind == TokenKind::NumberLit) check_number(first.index);
  if (kind == NodeKind::Template && last == first.index + 2) check_literal(first.index + 1, true);
  add_node(kind, mark, first.index, next_);
  return true;
}

void Parser::parse_quoted_label() {
  const Peeked open = read();
  for (;;) {
    const Peeked tok = read();
    switch (tok.kind) {
      case TokenKind::CQuote:
        return;
      case TokenKind::QuotedLit:
        check_literal(tok.index, true);
        break;
      case TokenKind::TemplateControl:
      case TokenKind::TemplateInterp: {
        const char* which = tok.kind == TokenKind::TemplateControl ? "%" : "$";
        error("Invalid string literal",
              std::string("Template sequences are not allowed in this string. To include a "
                          "literal \"") +
                  which + "\", double it (as \"" + which + which + "\") to escape it.",
              range_of(tok.index), base::range_between(range_of(open.index), range_of(tok.index)));
        recover(TokenKind::TemplateSeqEnd);
        break;
      }
      case TokenKind::Eof:
        error("Unterminated string literal",
              "Unable to find the closing quote mark before the end of the file.",
              range_of(tok.index), base::range_between(range_of(open.index), range_of(tok.index)));
        return;
      default:
        error("Invalid string literal", "This item is not valid in a string literal.",
              range_of(tok.index), base::range_between(range_of(open.index), range_of(tok.index)));
        recover(TokenKind::CQuote);
        return;
    }
  }
}

void Parser::finish_block(uint32_t type_name) {
  const uint32_t mark = node_mark();
  DepthGuard guard(depth_);
  uint32_t header_end = type_name + 1;
  for (;;) {
    const Peeked tok = peek();
    if (tok.kind == TokenKind::OBrace) break;
    if (tok.kind == TokenKind::OQuote) {
      parse_quoted_label();
      header_end = next_;
      continue;
    }
    if (tok.kind == TokenKind::Ident) {
      read();
      header_end = next_;
      continue;
    }
    const base::ByteRange context = base::range_between(range_of(type_name), range_of(tok.index));
    if (tok.kind == TokenKind::Equal) {
      error("Invalid block definition",
            "The equals sign \"=\" indicates an argument definition, and must not be used when "
            "defining a block.",
            range_of(tok.index), context);
    } else if (tok.kind == TokenKind::Newline) {
      error("Invalid block definition",
            "A block definition must have block content delimited by \"{\" and \"}\", starting "
            "on the same line as the block header.",
            range_of(tok.index), context);
    } else if (!recovery_) {
      error("Invalid block definition",
            "Either a quoted string block label or an opening brace (\"{\") is expected here.",
            range_of(tok.index), context);
    }
    recover_after_body_item();
    add_node(NodeKind::Block, mark, type_name, header_end, NodeFlags::kRecovered);
    return;
  }

  const Peeked open = read();
  if (depth_ > kMaxNestingDepth) {
    if (!depth_reported_)
      error("Nesting too deep",
            "Blocks and expressions may nest at most " + std::to_string(kMaxNestingDepth) +
                " levels deep; this block's content was skipped.",
            range_of(open.index));
    depth_reported_ = true;
    recover(TokenKind::CBrace);
    add_node(NodeKind::Body, node_mark(), open.index, next_, NodeFlags::kRecovered);
  }
  const bool consumed_line = depth_ <= kMaxNestingDepth && parse_block_content(open.index);
  const uint32_t block_end = next_;

  const Peeked eol = peek();
  if (consumed_line) {
    // The line's end was already passed while recovering inside the block.
  } else if (eol.kind == TokenKind::Newline || eol.kind == TokenKind::Eof) {
    read();
  } else {
    if (!recovery_)
      error("Missing newline after block definition", "A block definition must end with a newline.",
            range_of(eol.index), base::range_between(range_of(type_name), range_of(eol.index)));
    recover_after_body_item();
  }
  add_node(NodeKind::Block, mark, type_name, block_end, recovery_ ? NodeFlags::kRecovered : 0);
}

bool Parser::parse_single_attribute_body(uint32_t open_brace) {
  const Peeked ident = read();
  if (ident.kind != TokenKind::Ident) {
    recover_after_body_item();
    error("Argument or block definition required",
          "An argument or block definition is required here.", range_of(ident.index));
  } else {
    const Peeked next = peek();
    if (next.kind == TokenKind::Equal) {
      finish_attribute(ident.index, true);
    } else if (next.kind == TokenKind::OQuote || next.kind == TokenKind::OBrace ||
               next.kind == TokenKind::Ident) {
      recover_after_body_item();
      error("Argument definition required",
            "A single-line block definition can contain only a single argument. If you meant to "
            "define argument \"" +
                std::string(text_of(ident.index)) +
                "\", use an equals sign to assign it a value. To define a nested block, place it "
                "on a line of its own within its parent block.",
            base::range_between(range_of(ident.index), range_of(next.index)));
    } else {
      recover_after_body_item();
      error("Argument or block definition required",
            "An argument or block definition is required here. To set an argument, use the "
            "equals sign \"=\" to introduce the argument value.",
            range_of(ident.index));
    }
  }
  // An error above skipped to the end of the line, braces included: the block is over.
  if (line_consumed()) return true;
  const Peeked close = peek();
  switch (close.kind) {
    case TokenKind::CBrace:
      read();
      return false;
    case TokenKind::Comma:
      error("Invalid single-argument block definition",
            "Single-line block syntax can include only one argument definition. To define "
            "multiple arguments, use the multi-line block syntax with one argument definition "
            "per line.",
            range_of(close.index));
      recover(TokenKind::CBrace);
      return false;
    case TokenKind::Newline:
      error("Invalid single-argument block definition",
            "An argument definition on the same line as its containing block creates a "
            "single-line block definition, which must also be closed on the same line. Place "
            "the block's closing brace immediately after the argument definition.",
            range_of(close.index));
      recover(TokenKind::CBrace);
      return false;
    default:
      if (!recovery_) {
        if (close.kind == TokenKind::Eof)
          error("Unclosed configuration block",
                "There is no closing brace for this block before the end of the file. This may "
                "be caused by incorrect brace nesting elsewhere in this file.",
                range_of(open_brace));
        else
          error("Invalid single-argument block definition",
                "A single-line block definition must end with a closing brace immediately after "
                "its single argument definition.",
                range_of(close.index));
      }
      recover(TokenKind::CBrace);
      return false;
  }
}

bool Parser::line_consumed() const {
  if (next_ == 0) return false;
  const Token& last = tokens_[next_ - 1];
  return last.kind() == TokenKind::Newline || last.kind() == TokenKind::Eof ||
         (last.kind() == TokenKind::Comment && text_[last.end() - 1] == '\n');
}

// --- Expressions ------------------------------------------------------------------------

void Parser::parse_expression() {
  DepthGuard guard(depth_);
  if (depth_ > kMaxNestingDepth) {
    const Peeked at = peek();
    if (!depth_reported_)
      error("Nesting too deep",
            "Blocks and expressions may nest at most " + std::to_string(kMaxNestingDepth) +
                " levels deep; the rest of this expression was skipped.",
            range_of(at.index));
    depth_reported_ = true;
    recovery_ = true;
    add_node(NodeKind::Invalid, node_mark(), at.index, at.index);
    return;
  }
  // The conditional: its middle is parsed like a parenthesized expression, its false branch
  // right-associatively.
  const uint32_t mark = node_mark();
  const uint32_t start = peek().index;
  size_t diag_mark = diags_.size();
  parse_binary(1);
  if (recovery_ && errors_since(diag_mark)) return;
  if (peek().kind != TokenKind::Question) return;
  read();
  const uint32_t condition_end = node_mark();
  diag_mark = diags_.size();
  parse_expression();
  if (recovery_ && errors_since(diag_mark)) {
    drop_nodes(condition_end);
    return;
  }
  const Peeked colon = peek();
  if (colon.kind != TokenKind::Colon) {
    error("Missing false expression in conditional",
          "The conditional operator (...?...:...) requires a false expression, delimited by a "
          "colon.",
          range_of(colon.index), base::range_between(range_of(start), range_of(colon.index)));
    drop_nodes(condition_end);
    return;
  }
  read();
  diag_mark = diags_.size();
  parse_expression();
  if (recovery_ && errors_since(diag_mark)) {
    drop_nodes(condition_end);
    return;
  }
  add_node(NodeKind::Conditional, mark, start, next_);
}

void Parser::parse_binary(int min_precedence) {
  const uint32_t mark = node_mark();
  const uint32_t start = peek().index;
  size_t diag_mark = diags_.size();
  parse_with_traversals();
  if (recovery_ && errors_since(diag_mark)) return;
  for (;;) {
    const BinaryOperator op = binary_operator(peek().kind);
    if (op.precedence == 0 || op.precedence < min_precedence) return;
    read();
    const uint32_t right_mark = node_mark();
    diag_mark = diags_.size();
    parse_binary(op.precedence + 1);
    if (recovery_ && errors_since(diag_mark)) {
      drop_nodes(right_mark);
      return;
    }
    add_node(NodeKind::BinaryOp, mark, start, next_, 0, op.op);
  }
}

void Parser::parse_with_traversals() {
  const uint32_t mark = node_mark();
  parse_term();
  parse_traversals(mark);
}

// Appends a static step to the traversal that ends the node list, or starts a relative
// traversal over the expression there.
void Parser::extend_traversal(uint32_t from_mark) {
  Node& last = nodes_.back();
  if (last.kind == NodeKind::ScopeTraversal || last.kind == NodeKind::RelativeTraversal) {
    last.end_token = next_;
    return;
  }
  add_node(NodeKind::RelativeTraversal, from_mark, last.first_token, next_);
}

void Parser::parse_traversals(uint32_t from_mark) {
  for (;;) {
    // The expression built so far is the subtree [from_mark, end) rooted at the last node;
    // a root's first token is its subtree's first.
    const uint32_t ret_first = nodes_.back().first_token;
    const Peeked next = peek();
    if (next.kind == TokenKind::Dot) {
      const Peeked dot = read();
      const Peeked attr = peek();
      if (attr.kind == TokenKind::Ident) {
        read();
        extend_traversal(from_mark);
      } else if (attr.kind == TokenKind::NumberLit) {
        read();
        const std::string_view number = text_of(attr.index);
        const size_t dot_at = number.find('.');
        if (dot_at != std::string_view::npos) {
          error("Invalid legacy index syntax",
                "When using the legacy index syntax, chaining two indexes together is not "
                "permitted. Use the proper index syntax instead, like [" +
                    std::string(number.substr(0, dot_at)) + "][" +
                    std::string(number.substr(dot_at + 1)) + "].",
                range_of(attr.index));
        } else {
          check_number(attr.index);
        }
        extend_traversal(from_mark);
      } else if (attr.kind == TokenKind::Star) {
        // Attribute-only splat: ".*" then only ".name" (or legacy ".0") steps.
        read();
        const uint32_t item_mark = node_mark();
        add_node(NodeKind::SplatItem, item_mark, dot.index, next_);
        bool abandoned = false;
        while (peek().kind == TokenKind::Dot) {
          read();
          const Peeked step = peek();
          if (step.kind == TokenKind::NumberLit) {
            read();
            const std::string_view number = text_of(step.index);
            const size_t dot_at = number.find('.');
            if (dot_at != std::string_view::npos)
              error("Invalid legacy index syntax",
                    "When using the legacy index syntax, chaining two indexes together is not "
                    "permitted. Use the proper index syntax with a full splat expression [*] "
                    "instead, like [" +
                        std::string(number.substr(0, dot_at)) + "][" +
                        std::string(number.substr(dot_at + 1)) + "].",
                    range_of(attr.index));
            else
              check_number(step.index);
            extend_traversal(item_mark);
            continue;
          }
          if (step.kind != TokenKind::Ident) {
            if (!recovery_) {
              if (step.kind == TokenKind::Star)
                error("Nested splat expression not allowed",
                      "A splat expression (*) cannot be used inside another attribute-only splat "
                      "expression.",
                      range_of(step.index));
              else
                error("Invalid attribute name", "An attribute name is required after a dot.",
                      range_of(attr.index));
            }
            recovery_ = true;
            abandoned = true;
            break;
          }
          read();
          extend_traversal(item_mark);
        }
        if (abandoned) {
          drop_nodes(item_mark);
          continue;
        }
        add_node(NodeKind::Splat, from_mark, ret_first, next_, NodeFlags::kAttributeOnlySplat);
      } else {
        error("Invalid attribute name", "An attribute name is required after a dot.",
              range_of(attr.index));
        add_node(NodeKind::Invalid, from_mark, ret_first, next_);
        recovery_ = true;
      }
      continue;
    }
    if (next.kind == TokenKind::OBrack) {
      const Peeked open = read();
      if (peek().kind == TokenKind::Star) {
        read();
        Peeked close = read();
        if (close.kind != TokenKind::CBrack && !recovery_) {
          error("Missing close bracket on splat index",
                "The star for a full splat operator must be immediately followed by a closing "
                "bracket (\"]\").",
                range_of(close.index));
          close = recover(TokenKind::CBrack);
        }
        const uint32_t item_mark = node_mark();
        add_node(NodeKind::SplatItem, item_mark, open.index, next_);
        {
          DepthGuard guard(depth_);
          if (depth_ <= kMaxNestingDepth) parse_traversals(item_mark);
        }
        add_node(NodeKind::Splat, from_mark, ret_first, next_);
        continue;
      }
      const uint32_t key_mark = node_mark();
      push_newlines(false);
      const size_t diag_mark = diags_.size();
      parse_expression();
      if (recovery_ && errors_since(diag_mark)) {
        recover(TokenKind::CBrack);
      } else {
        const Peeked close = read();
        if (close.kind != TokenKind::CBrack && !recovery_) {
          error("Missing close bracket on index",
                "The index operator must end with a closing bracket (\"]\").",
                range_of(close.index));
          recover(TokenKind::CBrack);
        }
      }
      pop_newlines();
      const Node& key = nodes_.back();
      const bool literal_key = key.kind == NodeKind::Literal ||
                               ((key.kind == NodeKind::Template || key.kind == NodeKind::Heredoc) &&
                                key.first_descendant == last_node());
      if (literal_key && node_mark() == key_mark + 1) {
        drop_nodes(key_mark);
        extend_traversal(from_mark);
      } else {
        add_node(NodeKind::Index, from_mark, ret_first, next_);
      }
      continue;
    }
    return;
  }
}

void Parser::check_number(uint32_t token) {
  // decimal+ ("." decimal+)? ([eE] [+-]? decimal+)?, which is what cty accepts of the scanner's
  // wider number tokens.
  const std::string_view s = text_of(token);
  size_t i = 0;
  auto digits = [&] {
    const size_t from = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    return i > from;
  };
  bool ok = digits();
  if (ok && i < s.size() && s[i] == '.') {
    ++i;
    ok = digits();
  }
  if (ok && i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    ok = digits();
  }
  if (!ok || i != s.size())
    error("Invalid number literal", "Failed to recognize the value of this number literal.",
          range_of(token));
}

void Parser::parse_term() {
  const Peeked start = peek();
  const uint32_t mark = node_mark();
  switch (start.kind) {
    case TokenKind::OParen: {
      read();
      push_newlines(false);
      const size_t diag_mark = diags_.size();
      parse_expression();
      if (errors_since(diag_mark)) {
        // Try to land after the closing parenthesis so the next parser has a chance.
        recover(TokenKind::CParen);
        pop_newlines();
        return;
      }
      const Peeked close = peek();
      if (close.kind != TokenKind::CParen) {
        error("Unbalanced parentheses",
              "Expected a closing parenthesis to terminate the expression.", range_of(close.index),
              base::range_between(range_of(start.index), range_of(close.index)));
        recovery_ = true;
      }
      read();
      pop_newlines();
      add_node(NodeKind::Parenthesis, mark, start.index, next_);
      return;
    }
    case TokenKind::NumberLit:
      read();
      check_number(start.index);
      add_node(NodeKind::Literal, mark, start.index, next_);
      return;
    case TokenKind::Ident: {
      read();
      const TokenKind after = peek().kind;
      if (after == TokenKind::OParen || after == TokenKind::DoubleColon)
        return finish_function_call(start.index);
      const std::string_view name = text_of(start.index);
      const bool literal = name == "true" || name == "false" || name == "null";
      add_node(literal ? NodeKind::Literal : NodeKind::ScopeTraversal, mark, start.index, next_);
      return;
    }
    case TokenKind::OQuote:
    case TokenKind::OHeredoc:
      return parse_template(read());
    case TokenKind::Minus:
    case TokenKind::Bang: {
      read();
      DepthGuard guard(depth_);
      if (depth_ > kMaxNestingDepth) {
        parse_expression();  // reports the depth and yields a placeholder
      } else {
        // Only the term and its traversals: -46+5 is (-46)+5.
        parse_with_traversals();
      }
      add_node(NodeKind::UnaryOp, mark, start.index, next_, 0,
               start.kind == TokenKind::Minus ? Operator::Negate : Operator::Not);
      return;
    }
    case TokenKind::OBrack:
      return parse_tuple();
    case TokenKind::OBrace:
      return parse_object();
    default:
      if (!recovery_) {
        if (start.kind == TokenKind::Eof)
          error("Missing expression",
                "Expected the start of an expression, but found the end of the file.",
                range_of(start.index));
        else
          error("Invalid expression",
                "Expected the start of an expression, but found an invalid expression token.",
                range_of(start.index));
      }
      recovery_ = true;
      add_node(NodeKind::Invalid, mark, start.index, start.index);
  }
}

void Parser::finish_function_call(uint32_t name) {
  const uint32_t mark = node_mark();
  Peeked open = read();  // "(" or "::", as the caller checked
  while (open.kind == TokenKind::DoubleColon) {
    // Tokens are peeked before they are consumed, so a mistake never swallows a line end.
    const Peeked next_name = peek();
    if (next_name.kind != TokenKind::Ident) {
      error("Missing function name",
            "Function scope resolution symbol :: must be followed by a function name in this "
            "scope.",
            range_of(next_name.index),
            base::range_between(range_of(name), range_of(next_name.index)));
      // hclsyntax skips to the next "(" anywhere in the file; skipping only this call's
      // arguments keeps the items after it.
      if (next_name.kind == TokenKind::OParen) {
        read();
        recover(TokenKind::CParen);
      } else {
        recovery_ = true;
      }
      add_node(NodeKind::Invalid, mark, name, next_);
      return;
    }
    read();
    open = peek();
    if (open.kind == TokenKind::DoubleColon || open.kind == TokenKind::OParen) read();
  }
  if (open.kind != TokenKind::OParen) {
    error("Missing open parenthesis",
          "Function selector must be followed by an open parenthesis to begin the function call.",
          range_of(open.index), base::range_between(range_of(name), range_of(open.index)));
    recovery_ = true;  // as above: the enclosing item recovers, not the rest of the file
    add_node(NodeKind::Invalid, mark, name, next_);
    return;
  }

  uint8_t flags = 0;
  push_newlines(false);
  for (;;) {
    if (peek().kind == TokenKind::CParen) {
      read();
      break;
    }
    const size_t diag_mark = diags_.size();
    parse_expression();
    if (recovery_ && errors_since(diag_mark)) {
      recover(TokenKind::CParen);
      break;
    }
    const Peeked sep = read();
    if (sep.kind == TokenKind::CParen) break;
    if (sep.kind == TokenKind::Ellipsis) {
      flags |= NodeFlags::kExpandFinal;
      if (peek().kind != TokenKind::CParen) {
        if (!recovery_)
          error("Missing closing parenthesis",
                "An expanded function argument (with ...) must be immediately followed by "
                "closing parentheses.",
                range_of(sep.index), base::range_between(range_of(name), range_of(sep.index)));
        recover(TokenKind::CParen);
      } else {
        read();
      }
      break;
    }
    if (sep.kind != TokenKind::Comma) {
      if (sep.kind == TokenKind::Eof)
        error("Unterminated function call",
              "There is no closing parenthesis for this function call before the end of the "
              "file. This may be caused by incorrect parenthesis nesting elsewhere in this file.",
              base::range_between(range_of(name), range_of(open.index)));
      else
        error("Missing argument separator",
              "A comma is required to separate each function argument from the next.",
              range_of(sep.index), base::range_between(range_of(name), range_of(sep.index)));
      recover(TokenKind::CParen);
      break;
    }
    if (peek().kind == TokenKind::CParen) {
      read();
      break;
    }
  }
  pop_newlines();
  add_node(NodeKind::FunctionCall, mark, name, next_, flags);
}

void Parser::parse_tuple() {
  const uint32_t mark = node_mark();
  const Peeked open = read();
  push_newlines(false);
  if (is_keyword(peek(), "for")) {
    finish_for(open);
    pop_newlines();
    return;
  }
  for (;;) {
    if (peek().kind == TokenKind::CBrack) {
      read();
      break;
    }
    const size_t diag_mark = diags_.size();
    parse_expression();
    if (recovery_ && errors_since(diag_mark)) {
      recover(TokenKind::CBrack);
      break;
    }
    const Peeked next = peek();
    if (next.kind == TokenKind::CBrack) {
      read();
      break;
    }
    if (next.kind != TokenKind::Comma) {
      if (!recovery_) {
        if (next.kind == TokenKind::Eof)
          error("Unterminated tuple constructor expression",
                "There is no corresponding closing bracket before the end of the file. This may "
                "be caused by incorrect bracket nesting elsewhere in this file.",
                range_of(open.index));
        else
          error("Missing item separator",
                "Expected a comma to mark the beginning of the next item.", range_of(next.index),
                base::range_between(range_of(open.index), range_of(next.index)));
      }
      recover(TokenKind::CBrack);
      break;
    }
    read();
  }
  pop_newlines();
  add_node(NodeKind::Tuple, mark, open.index, next_);
}

void Parser::parse_object() {
  const uint32_t mark = node_mark();
  const Peeked open = read();
  push_newlines(false);
  const bool is_for = is_keyword(peek(), "for");
  pop_newlines();
  if (is_for) {
    push_newlines(false);
    finish_for(open);
    pop_newlines();
    return;
  }
  push_newlines(true);
  const auto unterminated = [&] {
    error("Unterminated object constructor expression",
          "There is no corresponding closing brace before the end of the file. This may be "
          "caused by incorrect brace nesting elsewhere in this file.",
          range_of(open.index));
  };
  for (;;) {
    Peeked next = peek();
    if (next.kind == TokenKind::Newline) {
      read();
      continue;
    }
    if (next.kind == TokenKind::CBrace) {
      read();
      break;
    }
    const uint32_t item_mark = node_mark();
    size_t diag_mark = diags_.size();
    parse_expression();
    if (recovery_ && errors_since(diag_mark)) {
      drop_nodes(item_mark);
      recover(TokenKind::CBrace);
      break;
    }
    next = peek();
    if (next.kind != TokenKind::Equal && next.kind != TokenKind::Colon) {
      if (!recovery_) {
        const base::ByteRange context =
            base::range_between(range_of(open.index), range_of(next.index));
        switch (next.kind) {
          case TokenKind::Newline:
          case TokenKind::Comma:
            error("Missing attribute value",
                  "Expected an attribute value, introduced by an equals sign (\"=\").",
                  range_of(next.index), context);
            break;
          case TokenKind::Ident:
            error("Missing key/value separator",
                  "Expected an equals sign (\"=\") to mark the beginning of the attribute value. "
                  "If you intended to given an attribute name containing periods or spaces, "
                  "write the name in quotes to create a string literal.",
                  range_of(next.index), context);
            break;
          case TokenKind::Eof:
            unterminated();
            break;
          default:
            error("Missing key/value separator",
                  "Expected an equals sign (\"=\") to mark the beginning of the attribute value.",
                  range_of(next.index), context);
        }
      }
      drop_nodes(item_mark);
      recover(TokenKind::CBrace);
      break;
    }
    read();
    diag_mark = diags_.size();
    parse_expression();
    if (recovery_ && errors_since(diag_mark)) {
      recover(TokenKind::CBrace);
      break;
    }
    next = peek();
    if (next.kind == TokenKind::CBrace) {
      read();
      break;
    }
    if (next.kind != TokenKind::Comma && next.kind != TokenKind::Newline) {
      if (!recovery_) {
        if (next.kind == TokenKind::Eof)
          unterminated();
        else
          error("Missing attribute separator",
                "Expected a newline or comma to mark the beginning of the next attribute.",
                range_of(next.index),
                base::range_between(range_of(open.index), range_of(next.index)));
      }
      recover(TokenKind::CBrace);
      break;
    }
    read();
  }
  pop_newlines();
  add_node(NodeKind::Object, mark, open.index, next_);
}

void Parser::finish_for(Peeked open) {
  const uint32_t mark = node_mark();
  const bool make_object = open.kind == TokenKind::OBrace;
  const TokenKind close_kind = make_object ? TokenKind::CBrace : TokenKind::CBrack;
  read();  // "for"
  const auto fail = [&](const char* detail) {
    if (!recovery_) {
      const Peeked at = peek();
      error("Invalid 'for' expression", detail, range_of(at.index),
            base::range_between(range_of(open.index), range_of(at.index)));
    }
    recover(close_kind);
    drop_nodes(mark);
    add_node(NodeKind::Invalid, mark, open.index, next_);
  };
  const auto abandon = [&] {
    recover(close_kind);
    drop_nodes(mark);
    add_node(NodeKind::Invalid, mark, open.index, next_);
  };
  uint8_t flags = make_object ? NodeFlags::kForObject : 0;
  if (peek().kind != TokenKind::Ident)
    return fail("For expression requires variable name after 'for'.");
  read();
  if (peek().kind == TokenKind::Comma) {
    read();
    flags |= NodeFlags::kForHasKeyVariable;
    if (peek().kind != TokenKind::Ident)
      return fail("For expression requires value variable name after comma.");
    read();
  }
  if (!is_keyword(peek(), "in"))
    return fail("For expression requires the 'in' keyword after its name declarations.");
  read();
  size_t diag_mark = diags_.size();
  parse_expression();
  if (recovery_ && errors_since(diag_mark)) return abandon();
  if (peek().kind != TokenKind::Colon)
    return fail("For expression requires a colon after the collection expression.");
  read();

  diag_mark = diags_.size();
  parse_expression();
  uint32_t key_node = UINT32_MAX;
  if (peek().kind == TokenKind::FatArrow) {
    read();
    key_node = last_node();
    flags |= NodeFlags::kForHasKey;
    parse_expression();
  }
  const uint32_t value_node = last_node();
  if (recovery_ && errors_since(diag_mark)) return abandon();

  uint32_t ellipsis = UINT32_MAX;
  if (peek().kind == TokenKind::Ellipsis) {
    ellipsis = read().index;
    flags |= NodeFlags::kForGrouped;
  }
  if (is_keyword(peek(), "if")) {
    read();
    flags |= NodeFlags::kForHasCondition;
    diag_mark = diags_.size();
    parse_expression();
    if (recovery_ && errors_since(diag_mark)) return abandon();
  }
  if (peek().kind == close_kind) {
    read();
  } else {
    if (!recovery_) {
      const Peeked at = peek();
      error("Invalid 'for' expression", "Extra characters after the end of the 'for' expression.",
            range_of(at.index), base::range_between(range_of(open.index), range_of(at.index)));
    }
    recover(close_kind);
  }
  const base::ByteRange whole{range_of(open.index).start, prev_range().end};
  if (!make_object) {
    if (key_node != UINT32_MAX)
      error("Invalid 'for' expression", "Key expression is not valid when building a tuple.",
            tree_range(key_node), whole);
    if (ellipsis != UINT32_MAX)
      error("Invalid 'for' expression",
            "Grouping ellipsis (...) cannot be used when building a tuple.", range_of(ellipsis),
            whole);
  } else if (key_node == UINT32_MAX) {
    error("Invalid 'for' expression", "Key expression is required when building an object.",
          tree_range(value_node), whole);
  }
  add_node(NodeKind::For, mark, open.index, next_, flags);
}

base::ByteRange Parser::tree_range(NodeId id) const {
  return node_range(tokens_, nodes_[id]);
}

void run_parser(const Tokens& tokens, uint32_t begin, uint32_t end,
                const std::function<void()>& parse) {
  // The parser recurses a few frames per level of nesting. Shallow input (nearly all of it)
  // is parsed on the caller's stack; deeper input on a thread with a stack made for it.
  constexpr int kShallow = 128;
  int depth = 0, deepest = 0;
  for (uint32_t i = begin; i < end && deepest < kShallow; ++i) {
    switch (tokens[i].kind()) {
      case TokenKind::OBrace:
      case TokenKind::OBrack:
      case TokenKind::OParen:
      case TokenKind::OQuote:
      case TokenKind::OHeredoc:
      case TokenKind::TemplateInterp:
      case TokenKind::TemplateControl:
      case TokenKind::Minus:  // unary operators and conditionals nest without brackets
      case TokenKind::Bang:
      case TokenKind::Question:
      case TokenKind::Star:  // full splats recurse per "[*]"
        deepest = std::max(deepest, ++depth);
        break;
      case TokenKind::CBrace:
      case TokenKind::CBrack:
      case TokenKind::CParen:
      case TokenKind::CQuote:
      case TokenKind::CHeredoc:
      case TokenKind::TemplateSeqEnd:
        --depth;
        break;
      default:
        break;
    }
  }
  if (deepest < kShallow)
    parse();
  else
    base::call_with_large_stack(parse);
}

namespace {

// The first offset at or after `near` that starts a line beginning with an ASCII name
// character, as a root item's line does; 0 when there is none.
uint32_t item_line_start(const std::string& text, uint32_t near) {
  for (size_t newline = text.find('\n', near == 0 ? 0 : near - 1); newline != std::string::npos;
       newline = text.find('\n', newline + 1)) {
    const char c = newline + 1 < text.size() ? text[newline + 1] : '\0';
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_')
      return static_cast<uint32_t>(newline + 1);
  }
  return 0;
}

bool share_a_name(const std::vector<std::string_view>& a, const std::vector<std::string_view>& b) {
  const std::unordered_set<std::string_view> in_a(a.begin(), a.end());
  return std::any_of(b.begin(), b.end(),
                     [&](std::string_view name) { return in_a.contains(name); });
}

// Where the tokens of text[0, split) likely end, with a margin: their count estimated from 16
// samples of 4 KiB spread over that text, each lexed from a line's start into `scratch` (room
// for the tokens of text[0, split]), memory the earlier part's tokens are to be written into. A
// sample may start inside a string or heredoc; its count is still about right. At most split + 1,
// the most tokens the text can give with its Eof.
uint32_t likely_end(const std::string& text, uint32_t split, Token* scratch) {
  constexpr uint32_t kSamples = 16, kSampleBytes = 4 << 10;
  uint64_t sampled_bytes = 0, sampled_tokens = 0;
  for (uint32_t k = 0; k < kSamples; ++k) {
    size_t from = uint64_t{split} * k / kSamples;
    if (k > 0) {
      const size_t newline = text.find('\n', from);
      if (newline >= split) continue;
      from = newline + 1;
    }
    const size_t to = std::min<size_t>(split, from + kSampleBytes);
    if (to <= from) continue;
    LexInto sample(text, static_cast<uint32_t>(from), static_cast<uint32_t>(to), scratch);
    sample.run();
    sampled_tokens += static_cast<uint64_t>(sample.end() - scratch) - 1;  // not the Eof
    sampled_bytes += to - from;
  }
  if (sampled_bytes == 0) return split + 1;
  const uint64_t estimate = uint64_t{split} * sampled_tokens / sampled_bytes;
  return static_cast<uint32_t>(std::min<uint64_t>(split + 1, estimate + estimate / 8 + 16384));
}

// Room for `count` nodes, in huge pages when large (see advise_huge_pages).
void reserve_nodes(Nodes& nodes, size_t count) {
  nodes.reserve(count);
  base::advise_huge_pages(nodes.data(), nodes.capacity() * sizeof(Node));
}

// Leaves in `nodes`, from whose start `sink` wrote, only the sink's nodes.
void keep_nodes(Nodes& nodes, NodeSink& sink) {
  if (sink.in_place())
    nodes.resize(sink.size());
  else
    nodes = std::move(sink.spilled());
}

}  // namespace

void parse_in_one_part(SyntaxTree& tree, const TokensReady& tokens_ready) {
  Tokens& tokens = tree.mutable_tokens();
  const LexEnd end = lex(tree.text(), 0, static_cast<uint32_t>(tree.text().size()), tokens);
  tree.set_may_have_unclosed_comment(end.unclosed_comment);
  tree.set_may_have_braces_in_templates(end.braces_in_templates);
  // The token list is complete: its tail is given back before the parse, whose nodes bring the
  // peak of memory (parse_in_two_parts does the same after joining its tokens).
  base::release_unused_pages(tokens.data(), tokens.size() * sizeof(Token),
                             tokens.capacity() * sizeof(Token));
  if (tokens_ready) tokens_ready(tree);
  if (end.invalid_tokens) check_invalid_tokens(tokens, tree.mutable_diagnostics());
  tree.set_lexical_diagnostic_count(tree.diagnostics().size());
  reserve_nodes(tree.mutable_nodes(), node_room(tokens.size()));
  run_parser(tokens, 0, static_cast<uint32_t>(tokens.size()),
             [&] { Parser(tree, 0).parse_file(); });
}

TwoParts parse_in_two_parts(SyntaxTree& tree, uint32_t near, const TokensReady& tokens_ready,
                            std::optional<uint32_t> later_at, NodeRooms rooms) {
  const std::string& text = tree.text();
  const uint32_t size = static_cast<uint32_t>(text.size());
  const uint32_t split = item_line_start(text, near);
  if (split == 0) return TwoParts::kRefused;

  // Both parts are lexed at once, the later one on a second thread from the split in the
  // lexer's main mode. Joined, they are the one-part token list only if the earlier part ends in
  // the main mode with nothing pending, on the newline before the split, and without a "/*"
  // that the later text might close.
  // Both write into the tree's token array, with room for the most tokens each part can give
  // (one a byte, and an Eof): the earlier part from its start, the later part from where the
  // earlier one likely ends, to be moved down behind it onto pages written already. (Lexed into
  // an array of its own and copied, the later part's tokens took fresh memory twice: 1.3-1.5 ms
  // of a 10 MB parse on a warm machine, up to 11 ms when the host hands out pages slowly.) If
  // the earlier part comes near the later one, the later part is moved up out of its reach.
  Tokens& tokens = tree.mutable_tokens();
  Nodes& nodes = tree.mutable_nodes();
  base::Diagnostics& diags = tree.mutable_diagnostics();
  tokens.resize(size_t{size} + 3);  // allocated, not written (DefaultInitAllocator)
  base::advise_huge_pages(tokens.data(), tokens.size() * sizeof(Token));
  Token* const room = tokens.data();
  Token* later_first =
      room + (later_at ? std::min(*later_at, split + 1) : likely_end(text, split, room));
  Token* later_last = nullptr;
  LexEnd later_end{};
  base::LargeStackTask later_lex([&] {
    LexInto later(text, split, size, later_first);
    later.run();
    later_last = later.end();
    later_end = later.end_state();
  });
  LexInto earlier(text, 0, split, room);
  if (!earlier.run(later_first)) {
    later_lex.wait();
    Token* const out_of_reach = room + split + 1;
    std::memmove(out_of_reach, later_first,
                 static_cast<size_t>(later_last - later_first) * sizeof(Token));
    later_last = out_of_reach + (later_last - later_first);
    later_first = out_of_reach;
    earlier.run();
  }
  const LexEnd earlier_end = earlier.end_state();
  const Token& last = earlier.end()[-2];  // the Eof is preceded by the split's newline
  const bool same_tokens = earlier_end.plain && !earlier_end.unclosed_comment &&
                           last.kind() == TokenKind::Newline && last.end() == split;
  later_lex.wait();
  if (!same_tokens) {
    tokens.clear();
    return TwoParts::kRefused;
  }
  tree.set_may_have_unclosed_comment(later_end.unclosed_comment);  // none in the earlier part
  tree.set_may_have_braces_in_templates(earlier_end.braces_in_templates ||
                                        later_end.braces_in_templates);

  // The tokens joined: the earlier part's without its Eof, then the later part's.
  const auto split_token = static_cast<uint32_t>(earlier.end() - room) - 1;
  const auto later_count = static_cast<size_t>(later_last - later_first);
  Token* const later_in_tokens = room + split_token;
  std::memmove(later_in_tokens, later_first, later_count * sizeof(Token));
  tokens.resize(split_token + later_count);
  InvalidTokenCounts earlier_counts;
  if (earlier_end.invalid_tokens)
    check_invalid_tokens(std::span(tokens.data(), split_token), diags, earlier_counts);
  const size_t earlier_lexical = diags.size();
  // What the later part wrote past the joined end is given back before the parse, whose nodes
  // bring the peak of memory.
  base::release_unused_pages(tokens.data(), tokens.size() * sizeof(Token),
                             tokens.capacity() * sizeof(Token));
  const std::span<const Token> later_part(later_in_tokens, later_count);
  if (tokens_ready) tokens_ready(tree);

  // The later part is reported on and parsed on the second thread as a file of its own, while
  // the whole token list is parsed here as parse_in_one_part does. Both parts' nodes go into the
  // tree's node array, sized ahead and left unwritten: the earlier part's from its start, the
  // later part's from where the earlier part's likely end (2/5 of a node a token, and some; see
  // node_room), so that the join moves the later nodes down onto pages written already. Parsed
  // into an array of their own and copied, they took fresh memory twice (8 MB for the 10 MB job).
  // A part that outgrows its room goes on in a vector of its own and is joined by a copy. The later
  // part starts on a cache line (the array does, and a line holds 4 nodes), so that the parts never
  // write the same one.
  const uint32_t earlier_room = rooms.earlier.value_or((split_token / 5 * 2 + 1024) / 4 * 4);
  const uint32_t later_room = rooms.later.value_or(static_cast<uint32_t>(node_room(later_count)));
  reserve_nodes(nodes, size_t{earlier_room} + later_room);
  nodes.resize(size_t{earlier_room} + later_room);  // allocated, not written (Nodes)
  // A part that fills its room spills into as much as the one-part parse reserves for all.
  NodeSink earlier_nodes(nodes.data(), earlier_room, node_room(tokens.size()));
  NodeSink later_nodes(nodes.data() + earlier_room, later_room, later_count + 16);
  base::Diagnostics later_lexical;
  base::Diagnostics later_diags;
  bool later_nesting_reported = false;
  std::vector<std::string_view> later_names;
  base::LargeStackTask later_parse([&] {
    if (later_end.invalid_tokens) check_invalid_tokens(later_part, later_lexical);
    Parser parser(tree, later_part, later_nodes, later_diags, 0);
    parser.collect_root_attribute_names(later_names);
    parser.parse_file();
    later_nesting_reported = parser.nesting_reported();
  });

  // When the parse here is about to read a root item at the split, its state differs from a
  // fresh parse of the later part (next_ = 0 over the later tokens) only in what the fresh one
  // starts without, and going on from here gives the later part's nodes and diagnostics
  // (shifted) if none of the differences matters:
  // - depth_ is 0 and include_newlines_ {1}: every guard and push is undone on every way out.
  //   The peek cache only remembers peek_from(next_).
  // - recovery_ may be set, but the root loop clears it before reading it, since the split's
  //   token is a name (the line starts with one and the lexer is in its main mode). The root
  //   body's any_recovery only sets recovery_ after the last item, which parse_file ignores.
  // - prev_range() of the root body's start differs; the root body does not use it, and past
  //   that point no token before the split is read.
  // - Nodes and diagnostics before the split: the parser reads nodes and counts diagnostics
  //   only from marks taken within the item it is in.
  // - depth_reported_ may be set: it is read only right before being set, so a later part whose
  //   parse ended with it unset never read it; otherwise go on here.
  // - The root attribute names: the later ones are checked against those before the split
  //   too, so go on here if a later root attribute has a name set before the split.
  bool joined = false;
  std::vector<std::string_view> earlier_names;
  const std::function<bool(const Parser&)> stop = [&](const Parser& parser) {
    later_parse.wait();
    return !(parser.nesting_reported() && later_nesting_reported) &&
           !share_a_name(earlier_names, later_names);
  };
  // The parse here may go on past the split, so it runs on a stack deep enough for any text.
  base::run_on_large_stack([&] {
    Parser parser(tree, tokens, earlier_nodes, diags, 0);
    parser.collect_root_attribute_names(earlier_names);
    joined = parser.parse_file_until(split_token, stop);
  });
  later_parse.wait();

  // All lexical diagnostics come before the parse's, which counted them only from marks of
  // their own. The later part's invalid characters, checked afresh, are those of one run over
  // all the tokens unless the earlier part counted some of a limited kind.
  if (later_end.invalid_tokens && earlier_counts != InvalidTokenCounts{}) {
    later_lexical.clear();
    check_invalid_tokens(later_part, later_lexical, earlier_counts);
  }
  diags.insert(diags.begin() + static_cast<ptrdiff_t>(earlier_lexical),
               std::make_move_iterator(later_lexical.begin()),
               std::make_move_iterator(later_lexical.end()));
  tree.set_lexical_diagnostic_count(earlier_lexical + later_lexical.size());
  if (!joined) {
    keep_nodes(nodes, earlier_nodes);
    return TwoParts::kContinued;
  }

  // Join: the later part's diagnostics and its root items, shifted, after those here, then the
  // root Body over every token, as parse_file closes it.
  diags.insert(diags.end(), std::make_move_iterator(later_diags.begin()),
               std::make_move_iterator(later_diags.end()));
  const uint32_t node_shift = earlier_nodes.size();
  const uint32_t later_items = later_nodes.size() - 1;  // all but the later part's root Body
  const auto shifted = [&](Node n) {
    n.first_token += split_token;
    n.end_token += split_token;
    n.first_descendant += node_shift;
    return n;
  };
  if (earlier_nodes.in_place() && later_nodes.in_place()) {
    // Down, within the array: the earlier part ends at or before the later part's start.
    Node* const to = nodes.data() + node_shift;
    const Node* const from = nodes.data() + earlier_room;
    for (uint32_t i = 0; i < later_items; ++i) to[i] = shifted(from[i]);
    nodes.resize(size_t{node_shift} + later_items);
  } else {
    // Into the earlier part's nodes where they are, the tree's array or their own vector (the
    // tree's array is given up only once the later nodes in it are copied).
    if (earlier_nodes.in_place()) nodes.resize(node_shift);
    Nodes& joined_nodes = earlier_nodes.in_place() ? nodes : earlier_nodes.spilled();
    joined_nodes.reserve(joined_nodes.size() + later_items + 1);
    for (uint32_t i = 0; i < later_items; ++i) joined_nodes.push_back(shifted(later_nodes[i]));
    if (!earlier_nodes.in_place()) nodes = std::move(joined_nodes);
  }
  nodes.push_back(
      {NodeKind::Body, 0, Operator::None, 0, 0, static_cast<uint32_t>(tokens.size()), 0});
  return TwoParts::kJoined;
}

}  // namespace detail

namespace {

// Offsets are 32-bit: a larger file is parsed up to the limit and says so. Whether it was cut.
bool cut_to_addressable(std::string& text) {
  if (text.size() <= kMaxSourceBytes) return false;
  text.resize(kMaxSourceBytes);
  return true;
}

// Lexes and parses a fresh tree's text, on two cores when large.
void parse_tree(SyntaxTree& tree, bool cut, const detail::TokensReady& tokens_ready) {
  const size_t size = tree.text().size();
  if (size < detail::kTwoPartMinBytes || !base::has_second_core() ||
      detail::parse_in_two_parts(tree, static_cast<uint32_t>(size / 2), tokens_ready) ==
          detail::TwoParts::kRefused)
    detail::parse_in_one_part(tree, tokens_ready);
  const Nodes& nodes = tree.mutable_nodes();
  base::release_unused_pages(nodes.data(), nodes.size() * sizeof(Node),
                             nodes.capacity() * sizeof(Node));
  if (cut)
    tree.mutable_diagnostics().push_back(
        {base::Severity::Error,
         "File too large",
         "Only the first " + std::to_string(kMaxSourceBytes) +
             " bytes of this file were read; HCL tools address files up to 4 GiB.",
         {kMaxSourceBytes, kMaxSourceBytes},
         std::nullopt});
}

}  // namespace

std::unique_ptr<SyntaxTree> parse_config(std::string text, std::string filename) {
  const bool cut = cut_to_addressable(text);
  auto tree = std::make_unique<SyntaxTree>(std::move(text), std::move(filename));
  parse_tree(*tree, cut, {});
  return tree;
}

std::shared_ptr<const SyntaxTree> parse_config(
    std::string text, std::string filename,
    const std::function<void(std::shared_ptr<const SyntaxTree>)>& tokens_ready) {
  const bool cut = cut_to_addressable(text);
  auto tree = std::make_shared<SyntaxTree>(std::move(text), std::move(filename));
  parse_tree(*tree, cut, [&](const SyntaxTree&) { tokens_ready(tree); });
  return tree;
}

std::unique_ptr<SyntaxTree> parse_template_text(std::string text, std::string filename) {
  if (text.size() > kMaxSourceBytes) text.resize(kMaxSourceBytes);
  auto tree = std::make_unique<SyntaxTree>(std::move(text), std::move(filename));
  Tokens& tokens = tree->mutable_tokens();
  lex_template(tree->text(), tokens);
  check_invalid_tokens(tokens, tree->mutable_diagnostics());
  tree->set_lexical_diagnostic_count(tree->diagnostics().size());
  detail::run_parser(tokens, 0, static_cast<uint32_t>(tokens.size()),
                     [&] { detail::Parser(*tree, 0).parse_template_text(); });
  return tree;
}

}  // namespace hclspec::syntax
