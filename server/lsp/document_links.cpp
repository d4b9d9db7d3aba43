// Document links from the association: what a modeline or a project rule names.
#include "server/lsp/document_links.hpp"

#include <filesystem>

#include "engine/syntax/block_header.hpp"
#include "server/spec_association.hpp"

namespace hclspec::server::lsp {
namespace {

namespace fs = std::filesystem;
using syntax::NodeKind;

// The range of a plain quoted string value (`"text"`, no escapes or interpolation) inside its
// quotes, or nothing.
std::optional<base::ByteRange> plain_string(const syntax::SyntaxTree& tree, syntax::NodeId value) {
  const syntax::Node& node = tree.node(value);
  if (node.kind != NodeKind::Template || node.end_token != node.first_token + 3)
    return std::nullopt;
  const syntax::Token& literal = tree.tokens()[node.first_token + 1];
  if (literal.kind() != syntax::TokenKind::QuotedLit ||
      literal.text(tree.text()).find('\\') != std::string_view::npos)
    return std::nullopt;
  return literal.range();
}

void project_rule_links(const Document& document, const std::string& trust_root,
                        std::vector<DocumentLink>& links) {
  const syntax::SyntaxTree& tree = *document.tree;
  const fs::path folder = fs::path(document.path).parent_path();
  for (syntax::NodeId rule : tree.children(tree.root())) {
    if (tree.node(rule).kind != NodeKind::Block) continue;
    const syntax::BlockHeader header = syntax::block_header(tree, rule);
    if (header.type_range.slice(tree.text()) != "rule" || header.body == syntax::kNoNode) continue;
    for (syntax::NodeId item : tree.children(header.body)) {
      const syntax::Node& node = tree.node(item);
      if (node.kind != NodeKind::Attribute || tree.token_text(node.first_token) != "spec") continue;
      const std::optional<base::ByteRange> path = plain_string(tree, item - 1);
      if (!path || path->empty()) continue;
      const std::string target =
          (folder / std::string(path->slice(tree.text()))).lexically_normal().string();
      if (path_is_inside(trust_root, target)) links.push_back({*path, target});
    }
  }
}

}  // namespace

std::vector<DocumentLink> document_links(const Document& document, const std::string& trust_root) {
  std::vector<DocumentLink> links;
  const Association& association = document.association;
  if (association.kind == Association::Kind::ProjectFile && document.tree) {
    project_rule_links(document, trust_root, links);
    return links;
  }
  if (association.kind != Association::Kind::Spec || !association.problem.empty() ||
      !association.modeline || association.spec_as_written.empty())
    return links;
  // The path as the modeline writes it: its last occurrence in the modeline's text.
  const base::ByteRange modeline = *association.modeline;
  const std::string_view text = modeline.slice(document.text());
  const size_t at = text.rfind(association.spec_as_written);
  if (at == std::string_view::npos) return links;
  const auto start = static_cast<uint32_t>(modeline.start + at);
  links.push_back({{start, start + static_cast<uint32_t>(association.spec_as_written.size())},
                   association.spec_path});
  return links;
}

}  // namespace hclspec::server::lsp
