// The recursive-descent parser's internals, shared by the parser, template and reparse files.
#pragma once

#include <string>
#include <vector>

#include "syntax/tree.hpp"

namespace hclspec::syntax::detail {

struct Peeked {
  TokenKind kind;  // a line comment read where newlines matter reports Newline
  uint32_t index;
};

// Follows hclsyntax's parser decision for decision so that trees and diagnostics agree with
// HashiCorp's, with two deliberate differences for editors: the "recovery" flag that mutes
// follow-on errors is reset for each body item (so one broken item does not silence the rest
// of the file), and a stray token in a body skips to the end of its line, not of the body.
class Parser {
 public:
  Parser(SyntaxTree& tree, uint32_t first_token);

  // The file's body up to Eof, closed by the root Body node.
  void parse_file();
  // The body of a block whose "{" was just consumed, up to and including its "}". Used by
  // incremental reparse; returns whether parsing recovered from an error inside.
  bool parse_block_body(uint32_t open_brace);
  uint32_t next_token() const { return next_; }

 private:
  // Token access, as hclsyntax's peeker.
  Peeked peek();
  Peeked read();
  base::ByteRange range_of(uint32_t token) const { return tokens_[token].range(); }
  base::ByteRange prev_range() const;
  std::string_view text_of(uint32_t token) const { return tokens_[token].text(text_); }
  bool is_keyword(Peeked p, std::string_view word) const {
    return p.kind == TokenKind::Ident && text_of(p.index) == word;
  }
  void push_newlines(bool include) { include_newlines_.push_back(include); }
  void pop_newlines() { include_newlines_.pop_back(); }

  // Diagnostics
  void error(std::string summary, std::string detail, base::ByteRange subject);
  void error(std::string summary, std::string detail, base::ByteRange subject,
             base::ByteRange context);
  bool errors_since(size_t mark) const { return diags_.size() > mark; }

  // Nodes
  NodeId add_node(NodeKind kind, uint32_t first_descendant, uint32_t first_token,
                  uint32_t end_token, uint8_t flags = 0, Operator op = Operator::None);
  uint32_t node_mark() const { return static_cast<uint32_t>(nodes_.size()); }
  void drop_nodes(uint32_t mark) { nodes_.resize(mark); }
  NodeId last_node() const { return static_cast<NodeId>(nodes_.size() - 1); }

  // Recovery
  Peeked recover(TokenKind end);
  void recover_over(TokenKind start);
  void recover_after_body_item(TokenKind already_open = TokenKind::Eof);

  // Structure
  void parse_body(TokenKind end);
  bool parse_body_item();
  void finish_attribute(uint32_t name, bool single_line);
  void finish_block(uint32_t type_name);
  void parse_single_attribute_body(uint32_t open_brace);
  void parse_quoted_label();

  // Expressions
  void parse_expression();
  void parse_binary(int min_precedence);
  void parse_with_traversals();
  void parse_traversals(uint32_t from_mark);
  void parse_term();
  void finish_function_call(uint32_t name);
  void parse_tuple();
  void parse_object();
  void finish_for(Peeked open);
  void check_number(uint32_t token);
  void extend_traversal(uint32_t from_mark);
  base::ByteRange tree_range(NodeId id) const;

  // Templates (template_parser.cpp)
  void parse_template(Peeked open);
  void check_literal(uint32_t token, bool quoted);
  struct OpenDirective {
    bool is_for;
    bool in_else;
    uint32_t mark;           // first node of the directive's subtree
    uint32_t first_token;    // its "%{"
    base::ByteRange range;   // "%{ ... }" for messages
  };
  void close_directive(std::vector<OpenDirective>& open, uint32_t end_token);
  void template_directive(uint32_t introducer, base::ByteRange start_range,
                          std::vector<OpenDirective>& open);

  const std::string& text_;
  const Tokens& tokens_;
  std::vector<Node>& nodes_;
  base::Diagnostics& diags_;
  const SyntaxTree& tree_;
  uint32_t next_;
  std::vector<bool> include_newlines_{true};
  bool recovery_ = false;
  int depth_ = 0;
  bool depth_reported_ = false;
  std::string scratch_;
};

}  // namespace hclspec::syntax::detail
