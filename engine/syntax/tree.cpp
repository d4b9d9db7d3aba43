// SyntaxTree accessors, the lossless printer and the debug dump.
#include "syntax/tree.hpp"

#include <algorithm>

#include "base/big_stack.hpp"
#include "base/huge_pages.hpp"

namespace hclspec::syntax {

const char* node_kind_name(NodeKind kind) {
  switch (kind) {
    case NodeKind::Body:
      return "Body";
    case NodeKind::Attribute:
      return "Attribute";
    case NodeKind::Block:
      return "Block";
    case NodeKind::Literal:
      return "Literal";
    case NodeKind::Invalid:
      return "Invalid";
    case NodeKind::ScopeTraversal:
      return "ScopeTraversal";
    case NodeKind::RelativeTraversal:
      return "RelativeTraversal";
    case NodeKind::Index:
      return "Index";
    case NodeKind::Splat:
      return "Splat";
    case NodeKind::SplatItem:
      return "SplatItem";
    case NodeKind::FunctionCall:
      return "FunctionCall";
    case NodeKind::Parenthesis:
      return "Parenthesis";
    case NodeKind::UnaryOp:
      return "UnaryOp";
    case NodeKind::BinaryOp:
      return "BinaryOp";
    case NodeKind::Conditional:
      return "Conditional";
    case NodeKind::Tuple:
      return "Tuple";
    case NodeKind::Object:
      return "Object";
    case NodeKind::For:
      return "For";
    case NodeKind::Template:
      return "Template";
    case NodeKind::Heredoc:
      return "Heredoc";
    case NodeKind::Interpolation:
      return "Interpolation";
    case NodeKind::TemplateIf:
      return "TemplateIf";
    case NodeKind::TemplateFor:
      return "TemplateFor";
    case NodeKind::IfDirective:
      return "IfDirective";
    case NodeKind::ForDirective:
      return "ForDirective";
    case NodeKind::ElseDirective:
      return "ElseDirective";
    case NodeKind::EndDirective:
      return "EndDirective";
  }
  return "?";
}

const char* operator_symbol(Operator op) {
  switch (op) {
    case Operator::None:
      return "";
    case Operator::Or:
      return "||";
    case Operator::And:
      return "&&";
    case Operator::Equal:
      return "==";
    case Operator::NotEqual:
      return "!=";
    case Operator::Greater:
      return ">";
    case Operator::GreaterOrEqual:
      return ">=";
    case Operator::Less:
      return "<";
    case Operator::LessOrEqual:
      return "<=";
    case Operator::Add:
      return "+";
    case Operator::Subtract:
      return "-";
    case Operator::Multiply:
      return "*";
    case Operator::Divide:
      return "/";
    case Operator::Modulo:
      return "%";
    case Operator::Negate:
      return "-";
    case Operator::Not:
      return "!";
  }
  return "";
}

Token SyntaxTree::chunked_token(uint32_t index) const {
  const TreeChunk& hinted = chunks_[token_hint_.load(std::memory_order_relaxed)];
  return hinted.holds_token(index) ? hinted.token(index) : chunk_of_token(index).token(index);
}

Node SyntaxTree::chunked_node(NodeId id) const {
  const TreeChunk& hinted = chunks_[node_hint_.load(std::memory_order_relaxed)];
  if (hinted.holds_node(id)) return hinted.node(id);
  return id == node_count_ - 1 ? root_ : chunk_of_node(id).node(id);
}

const TreeChunk& SyntaxTree::chunk_of_token(uint32_t index) const {
  return chunk_of(index, &TreeChunk::first_token, &TreeChunk::token_count, token_hint_);
}

const TreeChunk& SyntaxTree::chunk_of_node(NodeId id) const {
  return chunk_of(id, &TreeChunk::first_node, &TreeChunk::node_count, node_hint_);
}

const TreeChunk& SyntaxTree::chunk_of(uint32_t index, uint32_t TreeChunk::*first,
                                      uint32_t TreeChunk::*count,
                                      std::atomic<uint32_t>& hint) const {
  const uint32_t last = hint.load(std::memory_order_relaxed);
  if (index - chunks_[last].*first < chunks_[last].*count) return chunks_[last];
  // The last chunk starting at or before `index`. A chunk without nodes starts where the next
  // one does, so it is never the answer for a node (the root, the only node after the chunks,
  // is not looked up).
  const auto after =
      std::upper_bound(chunks_.begin(), chunks_.end(), index,
                       [first](uint32_t i, const TreeChunk& c) { return i < c.*first; });
  const auto found = static_cast<uint32_t>(after - chunks_.begin() - 1);
  hint.store(found, std::memory_order_relaxed);
  return chunks_[found];
}

void SyntaxTree::assign_chunks(std::vector<TreeChunk> chunks, Node root) {
  chunks_ = std::move(chunks);
  for (TreeChunk& c : chunks_) {
    c.token_data = c.arrays->tokens.data() + c.array_token;
    c.node_data = c.arrays->nodes.data() + c.array_node;
  }
  root_ = root;
  token_count_ = chunks_.back().first_token + chunks_.back().token_count;
  node_count_ = chunks_.back().first_node + chunks_.back().node_count + 1;
  arrays_ = std::make_shared<TreeArrays>();
  token_hint_.store(0, std::memory_order_relaxed);
  node_hint_.store(0, std::memory_order_relaxed);
}

void SyntaxTree::flatten() {
  if (chunks_.empty()) return;
  auto arrays = std::make_shared<TreeArrays>();
  arrays->tokens.resize(token_count_);  // allocated, not written (DefaultInitAllocator)
  base::advise_huge_pages(arrays->tokens.data(), arrays->tokens.size() * sizeof(Token));
  arrays->nodes.reserve(node_count_);
  base::advise_huge_pages(arrays->nodes.data(), arrays->nodes.capacity() * sizeof(Node));
  for (const TreeChunk& c : chunks_) {
    for (uint32_t i = c.first_token; i < c.first_token + c.token_count; ++i)
      arrays->tokens[i] = c.token(i);
    for (NodeId id = c.first_node; id < c.first_node + c.node_count; ++id)
      arrays->nodes.push_back(c.node(id));
  }
  arrays->nodes.push_back(root_);
  arrays_ = std::move(arrays);
  chunks_ = {};
}

std::vector<NodeId> SyntaxTree::children(NodeId id) const {
  std::vector<NodeId> out;
  children(id, out);
  return out;
}

base::ByteRange SyntaxTree::chunked_range(NodeId id) const {
  const Node n = node(id);
  if (n.end_token == n.first_token) return token(std::min(n.first_token, token_count_ - 1)).range();
  return {token(n.first_token).start(), token(n.end_token - 1).end()};
}

bool operator==(const TokenList& a, const TokenList& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
}

bool operator==(const NodeList& a, const NodeList& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!(a[i] == b[i])) return false;
  return true;
}

namespace {

// Emits the tokens of `id` in order, descending into each child where its tokens begin, and
// the spaces between tokens as they are in the text.
class Printer {
 public:
  explicit Printer(const SyntaxTree& tree) : tree_(tree) {}

  std::string run() {
    print(tree_.root());
    out_.append(tree_.text(), cursor_, std::string::npos);
    return out_;
  }

 private:
  void print(NodeId id) {
    const Node& n = tree_.node(id);
    const std::vector<NodeId> kids = tree_.children(id);
    size_t next_child = 0;
    uint32_t t = n.first_token;
    while (t < n.end_token || next_child < kids.size()) {
      if (next_child < kids.size()) {
        const Node& child = tree_.node(kids[next_child]);
        if (child.first_token <= t || t >= n.end_token) {
          print(kids[next_child]);
          t = std::max(t, child.end_token);
          ++next_child;
          continue;
        }
      }
      emit(t++);
    }
  }

  void emit(uint32_t t) {
    const Token& token = tree_.tokens()[t];
    // Only spaces and tabs may lie between tokens; anything else means a token went missing.
    for (uint32_t i = cursor_; i < token.start(); ++i) {
      const char c = tree_.text()[i];
      out_.push_back(c == ' ' || c == '\t' ? c : '\x01');
    }
    out_.append(token.text(tree_.text()));
    cursor_ = token.end();
  }

  const SyntaxTree& tree_;
  std::string out_;
  uint32_t cursor_ = 0;
};

void dump_node(const SyntaxTree& tree, NodeId id, int depth, std::string& out) {
  const Node& n = tree.node(id);
  const base::ByteRange r = tree.range(id);
  out.append(static_cast<size_t>(depth) * 2, ' ');
  out += node_kind_name(n.kind);
  if (n.op != Operator::None) {
    out += ' ';
    out += operator_symbol(n.op);
  }
  if (n.flags != 0) out += " flags=" + std::to_string(n.flags);
  out += " " + std::to_string(r.start) + ".." + std::to_string(r.end);
  if (n.kind == NodeKind::Literal || n.kind == NodeKind::ScopeTraversal ||
      n.kind == NodeKind::Attribute || n.kind == NodeKind::Block) {
    std::string_view text = r.slice(tree.text());
    if (n.kind == NodeKind::Attribute || n.kind == NodeKind::Block)
      text = tree.token_text(n.first_token);
    out += " `" + std::string(text.substr(0, 40)) + "`";
  }
  out += '\n';
  for (NodeId child : tree.children(id)) dump_node(tree, child, depth + 1, out);
}

}  // namespace

// Both walks recurse once per level of nesting, which the parser bounds; the large stack makes
// that bound safe whatever thread calls them.
std::string print_tree(const SyntaxTree& tree) {
  std::string out;
  base::call_with_large_stack([&] { out = Printer(tree).run(); });
  return out;
}

std::string dump_tree(const SyntaxTree& tree) {
  std::string out;
  base::call_with_large_stack([&] { dump_node(tree, tree.root(), 0, out); });
  return out;
}

}  // namespace hclspec::syntax
