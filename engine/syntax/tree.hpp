// The concrete syntax tree: nodes in one flat vector (post-order), tokens in another.
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/diagnostic.hpp"
#include "base/source_file.hpp"
#include "syntax/token.hpp"

namespace hclspec::syntax {

enum class NodeKind : uint8_t {
  Body,       // children: Attribute and Block nodes; a block's body includes its braces
  Attribute,  // child: the value expression; tokens: name "=" value (not the newline)
  Block,      // child: Body (absent when the header is broken); tokens: type, labels, body

  // Expressions
  Literal,            // a number, true, false or null: one token
  Invalid,            // where an expression was expected but could not be parsed
  ScopeTraversal,     // a variable and its static steps (.name, .0, [literal]): tokens only
  RelativeTraversal,  // child: source; the static steps are the tokens after the source
  Index,              // children: collection, key (a key that is not a literal)
  Splat,              // children: source, each (steps applied to the SplatItem)
  SplatItem,          // the anonymous element a splat's steps apply to: "[*]" or ".*"
  FunctionCall,       // children: the arguments; tokens start with the name
  Parenthesis,        // child: the inner expression
  UnaryOp,            // child: operand; `op` holds the Operator
  BinaryOp,           // children: left, right; `op` holds the Operator
  Conditional,        // children: condition, true result, false result
  Tuple,              // children: the elements
  Object,             // children: key, value, key, value, ...
  For,                // children: collection, [key], value, [condition]; see NodeFlags
  Template,           // a quoted template: its literal tokens, and children for the rest
  Heredoc,            // a heredoc template, same shape as Template
  Interpolation,      // "${" expression "}": child: the expression
  TemplateIf,         // children: IfDirective, parts, [ElseDirective, parts], [EndDirective]
  TemplateFor,        // children: ForDirective, parts, [EndDirective]
  IfDirective,        // "%{ if cond }": child: condition
  ForDirective,       // "%{ for k, v in coll }": child: collection
  ElseDirective,      // "%{ else }"
  EndDirective,       // "%{ endif }" or "%{ endfor }"
};

const char* node_kind_name(NodeKind kind);

enum class Operator : uint8_t {
  None,
  Or,
  And,
  Equal,
  NotEqual,
  Greater,
  GreaterOrEqual,
  Less,
  LessOrEqual,
  Add,
  Subtract,
  Multiply,
  Divide,
  Modulo,
  Negate,
  Not,
};

const char* operator_symbol(Operator op);

namespace NodeFlags {
inline constexpr uint8_t kAttributeOnlySplat = 1;  // Splat: ".*" rather than "[*]"
inline constexpr uint8_t kExpandFinal = 1;         // FunctionCall: last argument ends in "..."
inline constexpr uint8_t kForHasKey = 1;           // For: "key =>" present
inline constexpr uint8_t kForHasCondition = 2;     // For: "if cond" present
inline constexpr uint8_t kForGrouped = 4;          // For: "..." grouping present
inline constexpr uint8_t kForObject = 8;           // For: builds an object ("{ for ... }")
inline constexpr uint8_t kForHasKeyVariable = 16;  // For: two iteration variables
inline constexpr uint8_t kRecovered = 128;         // Attribute/Block/Body: parsing recovered inside
}  // namespace NodeFlags

struct Node {
  NodeKind kind;
  uint8_t flags = 0;
  Operator op = Operator::None;
  uint8_t reserved = 0;
  uint32_t first_token = 0;       // first token the node consumed
  uint32_t end_token = 0;         // one past the last; equal to first_token for an empty node
  uint32_t first_descendant = 0;  // post-order: the node's subtree is [first_descendant, self]

  friend bool operator==(const Node&, const Node&) = default;
};
static_assert(sizeof(Node) == 16);

using NodeId = uint32_t;
inline constexpr NodeId kNoNode = UINT32_MAX;  // "no such node": id 0 is a real node

// A parsed file. It owns its text; tokens and nodes refer to it by offset.
class SyntaxTree : public base::SourceFile {
 public:
  SyntaxTree(std::string text, std::string filename)
      : SourceFile(std::move(text), std::move(filename)) {}
  const Tokens& tokens() const { return tokens_; }
  const std::vector<Node>& nodes() const { return nodes_; }
  const base::Diagnostics& diagnostics() const { return diagnostics_; }
  // The diagnostics come in two runs: the lexical ones (characters never valid), then the
  // parser's in the order it found them. This is where the second run starts.
  size_t lexical_diagnostic_count() const { return lexical_diagnostic_count_; }

  NodeId root() const { return static_cast<NodeId>(nodes_.size() - 1); }
  const Node& node(NodeId id) const { return nodes_[id]; }
  // Children in source order.
  std::vector<NodeId> children(NodeId id) const;
  // The same into `out` (replacing what it held), for a caller that reuses one list.
  void children(NodeId id, std::vector<NodeId>& out) const;
  // The source range a node covers; an empty node reports the token it stopped at.
  base::ByteRange range(NodeId id) const;
  std::string_view token_text(uint32_t token) const { return tokens_[token].text(text()); }

  // Filled by the parser and by incremental reparse.
  Tokens& mutable_tokens() { return tokens_; }
  std::vector<Node>& mutable_nodes() { return nodes_; }
  base::Diagnostics& mutable_diagnostics() { return diagnostics_; }
  void set_lexical_diagnostic_count(size_t count) { lexical_diagnostic_count_ = count; }
  // Whether a "/*" without its "*/" may be among the tokens (lexed as "/" and "*"): set by the
  // parse that lexed the text; true when unknown, so that reparse then looks.
  bool may_have_unclosed_comment() const { return may_have_unclosed_comment_; }
  void set_may_have_unclosed_comment(bool value) { may_have_unclosed_comment_ = value; }

 private:
  Tokens tokens_;
  std::vector<Node> nodes_;
  base::Diagnostics diagnostics_;
  size_t lexical_diagnostic_count_ = 0;
  bool may_have_unclosed_comment_ = true;
};

// The source range of node `id` among `nodes` over `tokens`, as SyntaxTree::range gives it: for
// a parser filling arrays that no tree holds yet.
base::ByteRange node_range(const Tokens& tokens, const std::vector<Node>& nodes, NodeId id);

// Prints the tree back to text by walking nodes and their tokens: gives the input byte for
// byte when every token is owned by exactly one node in order.
std::string print_tree(const SyntaxTree& tree);

// An indented dump of node kinds, ranges and tokens, for tests and debugging.
std::string dump_tree(const SyntaxTree& tree);

}  // namespace hclspec::syntax
