// Signature help: the innermost call around the cursor, found by descending from its attribute.
#include "features/signature_help.hpp"

#include "features/cursor.hpp"
#include "features/type_text.hpp"
#include "spec/load.hpp"

namespace hclspec::features {

namespace {

using syntax::NodeId;
using syntax::NodeKind;
using syntax::TokenKind;

// The token of a call that opens its arguments, or the call's end when it has none.
uint32_t open_paren(const syntax::SyntaxTree& tree, const syntax::Node& call) {
  for (uint32_t t = call.first_token; t < call.end_token; ++t)
    if (tree.tokens()[t].kind() == TokenKind::OParen) return t;
  return call.end_token;
}

// Whether `offset` lies in the call's argument list: after `(`, up to its `)` (the end of the
// text's last token when the call is not closed).
bool in_arguments(const syntax::SyntaxTree& tree, const syntax::Node& call, uint32_t offset) {
  const uint32_t paren = open_paren(tree, call);
  if (paren >= call.end_token || offset <= tree.tokens()[paren].start()) return false;
  const syntax::Token& last = tree.tokens()[call.end_token - 1];
  return last.kind() == TokenKind::CParen ? offset <= last.start() : offset <= last.end();
}

// The calls under `node` whose argument lists hold `offset`, outermost first.
std::vector<NodeId> calls_around(const syntax::SyntaxTree& tree, NodeId node, uint32_t offset) {
  std::vector<NodeId> found;
  std::vector<NodeId> children;
  for (;;) {
    const syntax::Node& n = tree.node(node);
    if (n.kind == NodeKind::FunctionCall && in_arguments(tree, n, offset)) found.push_back(node);
    tree.children(node, children);
    NodeId next = syntax::kNoNode;
    for (NodeId child : children) {
      const base::ByteRange range = tree.range(child);
      if (range.start <= offset && offset <= range.end) next = child;
    }
    if (next == syntax::kNoNode) return found;
    node = next;
  }
}

// How many commas of the call's own argument list come before `offset`.
uint32_t argument_index(const syntax::SyntaxTree& tree, const syntax::Node& call, uint32_t offset) {
  uint32_t index = 0;
  std::vector<TokenKind> open;  // brackets opened inside the arguments
  for (uint32_t t = open_paren(tree, call) + 1; t < call.end_token; ++t) {
    const syntax::Token& token = tree.tokens()[t];
    if (token.start() >= offset) break;
    const TokenKind kind = token.kind();
    if (!open.empty() && kind == open.back()) {
      open.pop_back();
    } else if (syntax::closing_bracket(kind) != TokenKind::Eof) {
      open.push_back(syntax::closing_bracket(kind));
    } else if (kind == TokenKind::Comma && open.empty()) {
      ++index;
    }
  }
  return index;
}

SignatureHelp help_for(const std::string& name, const eval::Function& function,
                       const syntax::SyntaxTree& tree, const syntax::Node& call, uint32_t offset) {
  SignatureHelp help;

  help.label = function_signature(name, function, &help.parameters);
  help.description = function.description;
  const uint32_t index = argument_index(tree, call, offset);
  const auto fixed = static_cast<uint32_t>(function.params.size());
  help.active_parameter = function.variadic ? std::min(index, fixed) : index;
  return help;
}

}  // namespace

std::optional<SignatureHelp> signature_help(const Snapshot& snapshot, uint32_t offset) {
  if (!snapshot.tree) return std::nullopt;
  const syntax::SyntaxTree& tree = *snapshot.tree;
  // The attribute around the cursor (strings included, where completion sees plain text).
  const std::vector<NodeId> chain = items_at(tree, offset);
  if (chain.empty() || tree.node(chain.back()).kind != NodeKind::Attribute) return std::nullopt;
  const NodeId attribute = chain.back();
  const eval::Functions* functions = snapshot.kind == DocumentKind::SpecFile
                                         ? spec::spec_definition_scope().functions
                                     : snapshot.binding.spec ? &snapshot.binding.spec->functions
                                                             : nullptr;
  if (functions == nullptr) return std::nullopt;
  // The innermost call of a function the document knows (an unknown one inside it says
  // nothing of the arguments around it).
  const std::vector<NodeId> calls = calls_around(tree, attribute, offset);
  for (auto call = calls.rbegin(); call != calls.rend(); ++call) {
    const syntax::Node& node = tree.node(*call);
    // The name: every token before `(` (`provider::ns::f` is one name).
    std::string name;
    for (uint32_t t = node.first_token; t < open_paren(tree, node); ++t) name += tree.token_text(t);
    const auto found = functions->find(name);
    if (found != functions->end()) return help_for(name, found->second, tree, node, offset);
  }
  return std::nullopt;
}

}  // namespace hclspec::features
