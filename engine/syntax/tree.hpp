// The concrete syntax tree: nodes in one flat vector (post-order), tokens in another.
#pragma once

#include <algorithm>
#include <atomic>
#include <boost/container/small_vector.hpp>
#include <iterator>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "base/default_init_allocator.hpp"
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

// Without default member values, so that an array of nodes can be sized ahead without writing
// (Nodes); every node is made with all its fields given.
struct Node {
  NodeKind kind;
  uint8_t flags;
  Operator op;
  uint8_t reserved;
  uint32_t first_token;       // first token the node consumed
  uint32_t end_token;         // one past the last; equal to first_token for an empty node
  uint32_t first_descendant;  // post-order: the node's subtree is [first_descendant, self]

  friend bool operator==(const Node&, const Node&) = default;
};
static_assert(sizeof(Node) == 16);
static_assert(std::is_trivially_default_constructible_v<Node>);

// A tree's node array, which a parse may size ahead and leave unwritten.
using Nodes = std::vector<Node, base::DefaultInitAllocator<Node>>;

using NodeId = uint32_t;
// A node's children held on the stack when they are few, as most expressions' are.
using ChildIds = boost::container::small_vector<NodeId, 8>;
inline constexpr NodeId kNoNode = UINT32_MAX;  // "no such node": id 0 is a real node

// The arrays one parse filled. Trees that incremental reparse derives from it share them.
struct TreeArrays {
  Tokens tokens;
  Nodes nodes;
};

// A run of a tree's tokens and nodes that lives in arrays another parse filled: whole root
// items, with the root body's own tokens after them (newlines, comments, Eof), as read from
// `arrays` with the shifts that edits before them made. Node fields in the arrays may be in
// any coordinates; adding the shifts gives the tree's.
struct TreeChunk {
  std::shared_ptr<const TreeArrays> arrays;
  uint32_t first_token = 0;  // the tree's index of the chunk's first token
  uint32_t token_count = 0;
  uint32_t first_node = 0;  // the tree's id of the chunk's first node
  uint32_t node_count = 0;
  uint32_t array_token = 0;  // where the first token is in arrays->tokens
  uint32_t array_node = 0;   // where the first node is in arrays->nodes
  uint32_t byte_shift = 0;   // added (modulo 2^32) to a stored token's start
  uint32_t token_shift = 0;  // added to a stored node's first_token and end_token
  uint32_t node_shift = 0;   // added to a stored node's first_descendant
  // Where the first token and node are in memory: set by SyntaxTree::assign_chunks.
  const Token* token_data = nullptr;
  const Node* node_data = nullptr;

  bool holds_token(uint32_t index) const { return index - first_token < token_count; }
  bool holds_node(NodeId id) const { return id - first_node < node_count; }
  // Token `index` or node `id` of the tree, which the chunk holds.
  Token token(uint32_t index) const { return token_data[index - first_token].shifted(byte_shift); }
  Node node(NodeId id) const {
    Node n = node_data[id - first_node];
    n.first_token += token_shift;
    n.end_token += token_shift;
    n.first_descendant += node_shift;
    return n;
  }
};

// The source range of node `n` over `tokens`, as SyntaxTree::range gives it: for a parser
// filling arrays that no tree holds yet.
inline base::ByteRange node_range(std::span<const Token> tokens, const Node& n) {
  if (n.end_token == n.first_token) {
    const uint32_t at = std::min<uint32_t>(n.first_token, static_cast<uint32_t>(tokens.size() - 1));
    return tokens[at].range();
  }
  return {tokens[n.first_token].start(), tokens[n.end_token - 1].end()};
}

class TokenList;
class NodeList;

// A parsed file. It owns its text; tokens and nodes refer to it by offset.
//
// A tree from a parse is flat: its tokens and nodes are one pair of arrays. A tree from an
// incremental reparse is chunked: it shares the old tree's arrays for every root item the edit
// did not touch, and only the edited item is new (see reparse.hpp). Readers see no difference:
// token(i) and node(id) give the same values either way, by value.
class SyntaxTree : public base::SourceFile {
 public:
  SyntaxTree(std::string text, std::string filename)
      : SourceFile(std::move(text), std::move(filename)), arrays_(std::make_shared<TreeArrays>()) {}

  // A flat tree's answer is inlined into every caller; a chunked tree's is a call.
  Token token(uint32_t index) const {
    if (chunks_.empty()) [[likely]]
      return arrays_->tokens[index];
    return chunked_token(index);
  }
  Node node(NodeId id) const {
    if (chunks_.empty()) [[likely]]
      return arrays_->nodes[id];
    return chunked_node(id);
  }
  uint32_t token_count() const {
    return chunks_.empty() ? static_cast<uint32_t>(arrays_->tokens.size()) : token_count_;
  }
  uint32_t node_count() const {
    return chunks_.empty() ? static_cast<uint32_t>(arrays_->nodes.size()) : node_count_;
  }
  // The tokens and nodes as sequences (indexing gives values, as token() and node() do).
  TokenList tokens() const;
  NodeList nodes() const;

  const base::Diagnostics& diagnostics() const { return diagnostics_; }
  // The diagnostics come in two runs: the lexical ones (characters never valid), then the
  // parser's in the order it found them. This is where the second run starts.
  size_t lexical_diagnostic_count() const { return lexical_diagnostic_count_; }

  NodeId root() const { return node_count() - 1; }
  // Children in source order.
  std::vector<NodeId> children(NodeId id) const;
  // The same into `out` (replacing what it held), for a caller that reuses one list or keeps a
  // few on the stack (ChildIds): a std::vector or a boost small_vector of NodeId.
  template <typename List>
  void children(NodeId id, List& out) const {
    // Children are found last to first; counting them first sizes the list once.
    const NodeId first = node(id).first_descendant;
    size_t count = 0;
    for (NodeId child = id; child > first; child = node(child - 1).first_descendant) ++count;
    out.resize(count);
    for (NodeId child = id; child > first; child = node(child - 1).first_descendant)
      out[--count] = child - 1;
  }
  // The source range a node covers; an empty node reports the token it stopped at.
  base::ByteRange range(NodeId id) const {
    if (chunks_.empty()) [[likely]]
      return node_range(arrays_->tokens, arrays_->nodes[id]);
    return chunked_range(id);
  }
  std::string_view token_text(uint32_t index) const { return token(index).text(text()); }

  // Filled by the parser, on a flat tree only.
  Tokens& mutable_tokens() { return arrays_->tokens; }
  Nodes& mutable_nodes() { return arrays_->nodes; }
  base::Diagnostics& mutable_diagnostics() { return diagnostics_; }
  void set_lexical_diagnostic_count(size_t count) { lexical_diagnostic_count_ = count; }
  // Whether a "/*" without its "*/" may be among the tokens (lexed as "/" and "*"): set by the
  // parse that lexed the text; true when unknown, so that reparse then looks.
  bool may_have_unclosed_comment() const { return may_have_unclosed_comment_; }
  void set_may_have_unclosed_comment(bool value) { may_have_unclosed_comment_ = value; }
  // Whether a "{" was lexed inside a template sequence ("${ {", "%{ if {"): the parser's
  // recovery may have read such braces as a block's, which reparse must not lex again in the
  // main mode. Set by the parse that lexed the text; true when unknown.
  bool may_have_braces_in_templates() const { return may_have_braces_in_templates_; }
  void set_may_have_braces_in_templates(bool value) { may_have_braces_in_templates_ = value; }

  // The chunks of a chunked tree (empty when flat); reparse builds a tree from them.
  const std::vector<TreeChunk>& chunks() const { return chunks_; }
  // The chunk holding token `index`, or node `id` (not the root's), of a chunked tree.
  const TreeChunk& chunk_of_token(uint32_t index) const;
  const TreeChunk& chunk_of_node(NodeId id) const;
  // Makes this tree chunked: `chunks` in order cover every token and every node but the root,
  // which is `root`.
  void assign_chunks(std::vector<TreeChunk> chunks, Node root);
  // Makes a chunked tree flat again, its tokens and nodes copied into arrays of its own. Only
  // before anyone reads the tree: a TokenList or NodeList made before would read freed chunks.
  void flatten();
  // A flat tree's arrays (empty in a chunked one), and a share of them for a tree reparse
  // derives from it, which reads them while this tree lives or not.
  const TreeArrays& flat_arrays() const { return *arrays_; }
  std::shared_ptr<const TreeArrays> share_flat_arrays() const { return arrays_; }

 private:
  // The chunk holding `index`, by the chunks' `first` and `count` of tokens or nodes.
  const TreeChunk& chunk_of(uint32_t index, uint32_t TreeChunk::*first, uint32_t TreeChunk::*count,
                            std::atomic<uint32_t>& hint) const;

  Token chunked_token(uint32_t index) const;
  Node chunked_node(NodeId id) const;
  base::ByteRange chunked_range(NodeId id) const;

  std::shared_ptr<TreeArrays> arrays_;  // a flat tree's; empty arrays in a chunked one
  std::vector<TreeChunk> chunks_;
  Node root_{};
  uint32_t token_count_ = 0;
  uint32_t node_count_ = 0;
  // The chunks token() and node() last read, where a walk most likely reads next: an index
  // into chunks_ whenever the tree is chunked. Threads reading one tree may overwrite each
  // other's (TokenList and NodeList keep their own); each has a cache line of its own.
  alignas(64) mutable std::atomic<uint32_t> token_hint_{0};
  alignas(64) mutable std::atomic<uint32_t> node_hint_{0};
  base::Diagnostics diagnostics_;
  size_t lexical_diagnostic_count_ = 0;
  bool may_have_unclosed_comment_ = true;
  bool may_have_braces_in_templates_ = true;
};

// A random-access iterator over a list whose items are values computed from an index. It holds
// a copy of the list (a few words), so it stays valid while the tree lives.
template <typename List, typename Value>
class IndexIterator {
 public:
  using iterator_category = std::random_access_iterator_tag;
  using value_type = Value;
  using difference_type = std::ptrdiff_t;
  using reference = Value;
  using pointer = void;
  IndexIterator() = default;
  IndexIterator(const List& list, size_t index) : list_(list), index_(index) {}
  Value operator*() const { return list_[index_]; }
  Value operator[](difference_type n) const { return list_[index_ + n]; }
  IndexIterator& operator++() { return ++index_, *this; }
  IndexIterator operator++(int) { return IndexIterator(list_, index_++); }
  IndexIterator& operator--() { return --index_, *this; }
  IndexIterator operator--(int) { return IndexIterator(list_, index_--); }
  IndexIterator& operator+=(difference_type n) { return index_ += n, *this; }
  IndexIterator& operator-=(difference_type n) { return index_ -= n, *this; }
  friend IndexIterator operator+(IndexIterator it, difference_type n) { return it += n; }
  friend IndexIterator operator+(difference_type n, IndexIterator it) { return it += n; }
  friend IndexIterator operator-(IndexIterator it, difference_type n) { return it -= n; }
  friend difference_type operator-(const IndexIterator& a, const IndexIterator& b) {
    return static_cast<difference_type>(a.index_) - static_cast<difference_type>(b.index_);
  }
  friend bool operator==(const IndexIterator& a, const IndexIterator& b) {
    return a.index_ == b.index_;
  }
  friend auto operator<=>(const IndexIterator& a, const IndexIterator& b) {
    return a.index_ <=> b.index_;
  }

 private:
  List list_;
  size_t index_ = 0;
};

// Asks the processor to bring the bytes [begin, end) into its cache, for a walk about to read
// them in an order its prefetcher can't guess (see NodeList::prefetch).
inline void prefetch_bytes(const void* begin, const void* end) {
  const auto last = reinterpret_cast<uintptr_t>(end);
  for (uintptr_t line = reinterpret_cast<uintptr_t>(begin) & ~uintptr_t{63}; line < last;
       line += 64)
    __builtin_prefetch(reinterpret_cast<const void*>(line));  // NOLINT: an address, not a pointer
}

// A tree's tokens as a sequence of values, for loops and algorithms over them. It remembers the
// chunk it last read (its own, so readers on several threads do not share it).
class TokenList {
 public:
  TokenList() = default;  // empty, for a default-constructed iterator
  explicit TokenList(const SyntaxTree& tree)
      : tree_(&tree),
        flat_(tree.chunks().empty() ? tree.flat_arrays().tokens.data() : nullptr),
        size_(tree.token_count()) {}
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Token operator[](size_t index) const {
    if (flat_ != nullptr) [[likely]]
      return flat_[index];
    const auto i = static_cast<uint32_t>(index);
    if (chunk_ == nullptr || !chunk_->holds_token(i)) chunk_ = &tree_->chunk_of_token(i);
    return chunk_->token(i);
  }
  Token back() const { return (*this)[size_ - 1]; }
  // Tokens [first, last) into the cache, in a flat tree (see NodeList::prefetch).
  void prefetch(uint32_t first, uint32_t last) const {
    if (flat_ != nullptr && first < last && last <= size_)
      prefetch_bytes(flat_ + first, flat_ + last);
  }

  using iterator = IndexIterator<TokenList, Token>;
  iterator begin() const;
  iterator end() const;

  friend bool operator==(const TokenList& a, const TokenList& b);

 private:
  const SyntaxTree* tree_ = nullptr;
  const Token* flat_ = nullptr;  // a flat tree's array, read directly
  size_t size_ = 0;
  mutable const TreeChunk* chunk_ = nullptr;
};

// A tree's nodes as a sequence of values, by id. It remembers the chunk it last read.
class NodeList {
 public:
  NodeList() = default;  // empty, for a default-constructed iterator
  explicit NodeList(const SyntaxTree& tree)
      : tree_(&tree),
        flat_(tree.chunks().empty() ? tree.flat_arrays().nodes.data() : nullptr),
        size_(tree.node_count()) {}
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Node operator[](size_t id) const {
    if (flat_ != nullptr) [[likely]]
      return flat_[id];
    const auto i = static_cast<NodeId>(id);
    if (chunk_ == nullptr || !chunk_->holds_node(i)) {
      if (i + 1 == size_) return tree_->node(i);  // the root
      chunk_ = &tree_->chunk_of_node(i);
    }
    return chunk_->node(i);
  }
  // Asks the processor to bring the last nodes of `id`'s subtree, `id` included and at most
  // `max_bytes` of them, into its cache (when they are contiguous: one root item's subtree is):
  // for a walk about to read them in an order its prefetcher can't guess, such as a body's
  // children found from the last one backwards.
  void prefetch_subtree(NodeId id, size_t max_bytes) const {
    if (size_t{id} + 1 >= size_) return;  // the root is not in the arrays
    const NodeId most = static_cast<NodeId>(std::min<size_t>(max_bytes / sizeof(Node), id));
    prefetch(std::max((*this)[id].first_descendant, id - most), id);
  }

 private:
  // Nodes [first, last], when they are in one array.
  void prefetch(NodeId first, NodeId last) const {
    if (first > last) return;
    const Node* from = nullptr;
    if (flat_ != nullptr) {
      from = flat_ + first;
    } else {
      if (chunk_ == nullptr || !chunk_->holds_node(first)) chunk_ = &tree_->chunk_of_node(first);
      if (!chunk_->holds_node(last)) return;
      from = chunk_->node_data + (first - chunk_->first_node);
    }
    prefetch_bytes(from, from + (last - first) + 1);
  }

 public:
  using iterator = IndexIterator<NodeList, Node>;
  iterator begin() const;
  iterator end() const;

  friend bool operator==(const NodeList& a, const NodeList& b);

 private:
  const SyntaxTree* tree_ = nullptr;
  const Node* flat_ = nullptr;  // a flat tree's array, read directly
  size_t size_ = 0;
  mutable const TreeChunk* chunk_ = nullptr;
};

inline TokenList::iterator TokenList::begin() const {
  return iterator(*this, 0);
}
inline TokenList::iterator TokenList::end() const {
  return iterator(*this, size_);
}
inline NodeList::iterator NodeList::begin() const {
  return iterator(*this, 0);
}
inline NodeList::iterator NodeList::end() const {
  return iterator(*this, size_);
}

static_assert(std::random_access_iterator<TokenList::iterator>);
static_assert(std::random_access_iterator<NodeList::iterator>);

inline TokenList SyntaxTree::tokens() const {
  return TokenList(*this);
}
inline NodeList SyntaxTree::nodes() const {
  return NodeList(*this);
}

// Prints the tree back to text by walking nodes and their tokens: gives the input byte for
// byte when every token is owned by exactly one node in order.
std::string print_tree(const SyntaxTree& tree);

// An indented dump of node kinds, ranges and tokens, for tests and debugging.
std::string dump_tree(const SyntaxTree& tree);

}  // namespace hclspec::syntax
