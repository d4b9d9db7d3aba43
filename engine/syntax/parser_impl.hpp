// The recursive-descent parser's internals, shared by the parser, template and reparse files.
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "syntax/tree.hpp"

namespace hclspec::syntax::detail {

struct Peeked {
  TokenKind kind;  // a line comment read where newlines matter reports Newline
  uint32_t index;
};

// Room for the nodes a parse of `token_count` tokens likely makes, and then some: half a node a
// token (10 MB of Terraform makes 0.30, the 10 MB job 0.37).
inline size_t node_room(size_t token_count) {
  return token_count / 2 + 16;
}

// Where a parse appends its nodes: the end of a vector, or a stretch of an array that the later
// part of a parse on two cores shares with the earlier part (see parse_in_two_parts), written in
// place so that joining them moves the later nodes onto pages already written rather than
// copying them to fresh ones. A stretch that fills up is copied into a vector of the sink's own,
// which the parse goes on with. A sink has cache lines of its own: the two parts' sinks are
// neighbours on one stack, and sharing a line, each node one part added slowed the other (a
// 10 MB parse took 30 ms rather than 21).
class alignas(64) NodeSink {
 public:
  explicit NodeSink(Nodes& nodes) : vector_(&nodes) {}
  // Room for `room` nodes from `first`, elements of an array that outlives the sink; the vector
  // the nodes go on in when it is full is made with room for `spilled_room` (in huge pages).
  NodeSink(Node* first, uint32_t room, size_t spilled_room)
      : first_(first), room_(room), spilled_room_(spilled_room) {}
  NodeSink(const NodeSink&) = delete;
  NodeSink& operator=(const NodeSink&) = delete;

  void push_back(const Node& node) {
    if (vector_ != nullptr) {
      vector_->push_back(node);
      return;
    }
    if (count_ == room_) [[unlikely]] {
      spill();
      vector_->push_back(node);
      return;
    }
    first_[count_++] = node;
  }
  uint32_t size() const {
    return vector_ != nullptr ? static_cast<uint32_t>(vector_->size()) : count_;
  }
  const Node& operator[](NodeId id) const {
    return vector_ != nullptr ? (*vector_)[id] : first_[id];
  }
  Node& back() { return vector_ != nullptr ? vector_->back() : first_[count_ - 1]; }
  // Drops the nodes from `mark` on.
  void shrink(uint32_t mark) {
    if (vector_ != nullptr)
      vector_->resize(mark);
    else
      count_ = mark;
  }

  // Whether the nodes are still in the stretch they were given (then they start at its first).
  bool in_place() const { return vector_ == nullptr; }
  // The vector the nodes went on in once their stretch was full.
  Nodes& spilled() { return spilled_; }

 private:
  void spill();

  Nodes* vector_ = nullptr;
  Node* first_ = nullptr;
  uint32_t count_ = 0;
  uint32_t room_ = 0;
  size_t spilled_room_ = 0;
  Nodes spilled_;
};

// Follows hclsyntax's parser decision for decision so that trees and diagnostics agree with
// HashiCorp's, with two deliberate differences for editors: the "recovery" flag that mutes
// follow-on errors is reset for each body item (so one broken item does not silence the rest
// of the file), and a stray token in a body skips to the end of its line, not of the body.
class Parser {
 public:
  Parser(SyntaxTree& tree, uint32_t first_token)
      : Parser(tree, tree.mutable_tokens(), tree.mutable_nodes(), tree.mutable_diagnostics(),
               first_token) {}
  // Parses `tokens` of `file`'s text, appending to `nodes` and `diags` (which no tree need
  // hold yet, as in incremental reparse).
  Parser(const base::SourceFile& file, std::span<const Token> tokens, Nodes& nodes,
         base::Diagnostics& diags, uint32_t first_token);
  // The same, the nodes going to `nodes` (the parts of a parse on two cores).
  Parser(const base::SourceFile& file, std::span<const Token> tokens, NodeSink& nodes,
         base::Diagnostics& diags, uint32_t first_token);

  // The file's body up to Eof, closed by the root Body node.
  void parse_file();
  // parse_file, except that when the root body is about to read an item at token `split`,
  // `stop(*this)` may end the parse there, leaving the root Body to the caller (see
  // parse_in_two_parts). Returns whether it did.
  bool parse_file_until(uint32_t split, const std::function<bool(const Parser&)>& stop);
  // Whether a "Nesting too deep" error was met, which is reported once per file.
  bool nesting_reported() const { return depth_reported_; }
  // From here on, the name of each root attribute is appended to `names` as it is parsed (the
  // two-part parse compares the parts' names; walking the root items afterwards took 4.5 ms
  // of cache misses for 10 MB).
  void collect_root_attribute_names(std::vector<std::string_view>& names) { root_names_ = &names; }
  // The whole text as one template (lexed by lex_template), closed by its Template node.
  void parse_template_text() { parse_template({TokenKind::Eof, 0}); }
  // The body of a block whose "{" was just consumed, up to and including its "}", at a nesting
  // depth of `depth` blocks. Used by incremental reparse; returns whether parsing recovered
  // from an error inside.
  bool parse_block_body(uint32_t open_brace, int depth);
  uint32_t next_token() const { return next_; }

 private:
  // Token access, as hclsyntax's peeker. peek() is asked the same question several times per
  // token: the last answer is kept and returned inline.
  Peeked peek() {
    if (next_ == peeked_next_ && newlines_ == peeked_newlines_) [[likely]]
      return peeked_;
    return peek_uncached();
  }
  Peeked peek_uncached();
  // What peek() would answer if the cursor were at `index` (no caching, no move).
  Peeked peek_from(uint32_t index) const;
  Peeked read() {
    const Peeked p = peek();
    next_ = p.index + 1;
    return p;
  }
  base::ByteRange range_of(uint32_t token) const { return tokens_[token].range(); }
  base::ByteRange prev_range() const;
  std::string_view text_of(uint32_t token) const { return tokens_[token].text(text_); }
  bool is_keyword(Peeked p, std::string_view word) const {
    return p.kind == TokenKind::Ident && text_of(p.index) == word;
  }
  void push_newlines(bool include) {
    include_newlines_.push_back(include ? 1 : 0);
    newlines_ = include;
  }
  void pop_newlines() {
    include_newlines_.pop_back();
    newlines_ = include_newlines_.back() != 0;
  }

  // Diagnostics
  void error(std::string summary, std::string detail, base::ByteRange subject);
  void error(std::string summary, std::string detail, base::ByteRange subject,
             base::ByteRange context);
  bool errors_since(size_t mark) const { return diags_.size() > mark; }

  // Nodes
  NodeId add_node(NodeKind kind, uint32_t first_descendant, uint32_t first_token,
                  uint32_t end_token, uint8_t flags = 0, Operator op = Operator::None);
  uint32_t node_mark() const { return static_cast<uint32_t>(nodes_.size()); }
  void drop_nodes(uint32_t mark) { nodes_.shrink(mark); }
  NodeId last_node() const { return static_cast<NodeId>(nodes_.size() - 1); }

  // Recovery
  Peeked recover(TokenKind end);
  void recover_after_body_item(TokenKind already_open = TokenKind::Eof);

  // Structure
  void parse_body(TokenKind end);
  // Records an attribute name of the current body; returns the name token of an earlier
  // attribute of the same name, or UINT32_MAX.
  uint32_t remember_attribute(size_t names_base,
                              std::unordered_map<std::string_view, uint32_t>& index,
                              uint32_t name_token);
  bool parse_body_item();
  void finish_attribute(uint32_t name, bool single_line);
  bool parse_simple_value();
  void finish_block(uint32_t type_name);
  // What follows a block's "{": a body, or a one-line block's single attribute. Both return
  // whether recovery from an error already went past the end of the block's line.
  bool parse_block_content(uint32_t open_brace);
  bool parse_single_attribute_body(uint32_t open_brace);
  bool line_consumed() const;
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

  // Templates (template_parser.cpp). `open` is the opening quote or heredoc marker, or Eof for
  // a template that is the whole text.
  void parse_template(Peeked open);
  void check_literal(uint32_t token, bool quoted);
  struct OpenDirective {
    bool is_for;
    bool in_else;
    uint32_t mark;          // first node of the directive's subtree
    uint32_t first_token;   // its "%{"
    base::ByteRange range;  // "%{ ... }" for messages
    bool too_deep = false;  // past the nesting limit: matched silently, no node
  };
  void close_directive(std::vector<OpenDirective>& open, uint32_t end_token);
  void template_directive(uint32_t introducer, base::ByteRange start_range,
                          std::vector<OpenDirective>& open, base::Diagnostics& balance);

  const std::string& text_;
  const std::span<const Token> tokens_;
  std::optional<NodeSink> own_nodes_;  // when given a vector
  NodeSink& nodes_;
  base::Diagnostics& diags_;
  const base::SourceFile& file_;
  uint32_t next_;
  std::vector<uint8_t> include_newlines_{1};
  bool newlines_ = true;  // include_newlines_.back(), read on every peek
  uint32_t peeked_next_ = UINT32_MAX;
  bool peeked_newlines_ = false;
  Peeked peeked_{TokenKind::Eof, 0};
  // Attribute names of the bodies being parsed, innermost last (see parse_body).
  std::vector<std::pair<std::string_view, uint32_t>> body_names_;
  bool recovery_ = false;
  int depth_ = 0;
  bool depth_reported_ = false;
  std::string scratch_;
  // parse_file_until's question, asked when the root body's cursor reaches `stop_at_`.
  uint32_t stop_at_ = UINT32_MAX;
  const std::function<bool(const Parser&)>* stop_ = nullptr;
  bool stopped_ = false;
  std::vector<std::string_view>* root_names_ = nullptr;  // see collect_root_attribute_names
};

// Runs `parse` over tokens [begin, end) on a stack deep enough for their nesting.
void run_parser(const Tokens& tokens, uint32_t begin, uint32_t end,
                const std::function<void()>& parse);

// parse_config's two ways to fill a fresh tree (no tokens yet) from its text. Tests compare them.
// Both call `tokens_ready` (when set) once the tokens are final, before the nodes are made.
using TokensReady = std::function<void(const SyntaxTree&)>;
//
// Lexes and parses the whole text on the calling thread.
void parse_in_one_part(SyntaxTree& tree, const TokensReady& tokens_ready = {});
// How many nodes each part of a two-part parse has room for, when not its guess.
struct NodeRooms {
  std::optional<uint32_t> earlier;
  std::optional<uint32_t> later;
};
// What parse_in_two_parts did.
enum class TwoParts {
  kRefused,    // the lexer's state at the split may differ: the tree is left fresh
  kJoined,     // the later part's parse was kept: the tree is parse_in_one_part's result
  kContinued,  // the later part's parse was dropped, the earlier one went on to the end: the
               // tree is parse_in_one_part's result
};
// Splits the text at the first line at or after offset `near` that starts with a name, lexes
// both parts at once, then parses the whole token list from the start here while the later part
// is parsed on a second thread as a file of its own. When the parse here reaches the split
// between two root items, in a state from which going on gives what the later part's parse
// gave, it stops and the two are joined (see the proof inside). The later part's tokens are
// first written from index `later_at` of the token array, when given (tests choose a small one
// to make the earlier part run into them); else from where the earlier part likely ends.
// Each part's nodes have room for `rooms`' numbers of them, when given (tests choose small ones to
// make a part outgrow its room); else for as many as the part likely makes.
TwoParts parse_in_two_parts(SyntaxTree& tree, uint32_t near, const TokensReady& tokens_ready = {},
                            std::optional<uint32_t> later_at = std::nullopt, NodeRooms rooms = {});
// Texts at least this large are parsed in two parts on a machine with two cores or more: below,
// the thread costs more than it saves.
inline constexpr size_t kTwoPartMinBytes = size_t{1} << 20;

}  // namespace hclspec::syntax::detail
