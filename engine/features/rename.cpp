// Rename: a spec block's name found in the spec file's tree, and what a cursor may rename.
#include "features/rename.hpp"

#include <algorithm>
#include <set>

#include "base/unicode.hpp"
#include "features/cursor.hpp"
#include "features/dynamic_blocks.hpp"
#include "features/references.hpp"
#include "spec/expected.hpp"
#include "syntax/block_header.hpp"

namespace hclspec::features {

namespace {

using syntax::NodeId;
using syntax::NodeKind;

// The block of `tree` whose header starts at `start`, searched through nested bodies.
NodeId block_at(const syntax::SyntaxTree& tree, uint32_t start) {
  for (const NodeId item : items_at(tree, start))
    if (tree.node(item).kind == NodeKind::Block && tree.range(item).start == start) return item;
  return syntax::kNoNode;
}

// The range of a string literal with no template sequences (`"port"`), quotes included.
std::optional<base::ByteRange> plain_string(const syntax::SyntaxTree& tree, NodeId expression) {
  const syntax::Node& node = tree.node(expression);
  if (node.kind != NodeKind::Template || node.end_token - node.first_token != 3)
    return std::nullopt;
  if (tree.tokens()[node.first_token + 1].kind() != syntax::TokenKind::QuotedLit)
    return std::nullopt;
  return tree.range(expression);
}

// In a spec file, the start of the block whose `name` or `block_type` argument's value holds
// `offset`.
std::optional<uint32_t> block_naming_at(const syntax::SyntaxTree& tree, uint32_t offset) {
  const std::vector<NodeId> chain = items_at(tree, offset);
  if (chain.size() < 2) return std::nullopt;
  const NodeId item = chain.back();
  const syntax::Node& node = tree.node(item);
  if (node.kind != NodeKind::Attribute || node.first_descendant == item) return std::nullopt;
  const std::string_view argument = tree.token_text(node.first_token);
  // The value is the attribute's only child, right before it.
  if ((argument != "name" && argument != "block_type") || offset < tree.range(item - 1).start)
    return std::nullopt;
  return tree.range(chain[chain.size() - 2]).start;
}

}  // namespace

std::optional<base::ByteRange> spec_block_name(const syntax::SyntaxTree& spec_tree,
                                               base::ByteRange spec_block) {
  const NodeId block = block_at(spec_tree, spec_block.start);
  if (block == syntax::kNoNode) return std::nullopt;
  const syntax::BlockHeader header = syntax::block_header(spec_tree, block);
  const std::string_view kind = header.type_range.slice(spec_tree.text());
  const bool attr = kind == "attr";
  const bool block_kind = kind == "block" || kind == "block_list" || kind == "block_set" ||
                          kind == "block_map" || kind == "block_attrs";
  if (!attr && !block_kind) return std::nullopt;
  // The argument, when there is one, names what is read (as hcldec: it overrides the label).
  if (header.body != syntax::kNoNode) {
    const std::string_view argument = attr ? "name" : "block_type";
    for (NodeId item : spec_tree.children(header.body)) {
      const syntax::Node& node = spec_tree.node(item);
      if (node.kind != NodeKind::Attribute || spec_tree.token_text(node.first_token) != argument)
        continue;
      // The value is the attribute's only child, right before it.
      if (node.first_descendant == item) return std::nullopt;
      return plain_string(spec_tree, item - 1);
    }
  }
  // Else the label; one written bare (an identifier) has no quotes to keep.
  if (header.labels.size() == 1) return header.labels[0].range;
  return std::nullopt;
}

PrepareRename prepare_rename(const Snapshot& snapshot, const syntax::SyntaxTree& spec_tree,
                             uint32_t offset) {
  if (!snapshot.tree) return std::string("Only files in HCL's native syntax can be renamed from.");
  std::optional<base::ByteRange> block = referenced_spec_block(snapshot, offset);
  if (!block && snapshot.kind == DocumentKind::SpecFile) {
    // On the string of a spec block's `name` or `block_type` argument: that spec block.
    if (const std::optional<uint32_t> start = block_naming_at(*snapshot.tree, offset))
      block = referenced_spec_block(snapshot, *start);
  }
  if (!block)
    return std::string(
        "Rename works on an attribute name or block type the spec reads, or on the spec block "
        "that reads it.");
  const std::optional<base::ByteRange> written = spec_block_name(spec_tree, *block);
  if (!written)
    return std::string(
        "This spec block reads no name written as a plain string, so there is nothing to rename.");
  if (snapshot.kind == DocumentKind::SpecFile) {
    // The name without its quotes, wherever the cursor is in the block's header or on the name.
    const base::ByteRange unquoted = spec_tree.text()[written->start] == '"'
                                         ? base::ByteRange{written->start + 1, written->end - 1}
                                         : *written;
    return RenamePlace{unquoted, *block};
  }
  // The attribute's or block type's name the cursor is on (referenced_spec_block found one).
  return RenamePlace{locate(*snapshot.tree, offset).word, *block};
}

bool name_taken(const spec::SpecFile& spec, base::ByteRange spec_block, std::string_view name) {
  if (!spec.root) return false;
  std::vector<spec::ExpectedBody> pending{spec::expected_body(*spec.root)};
  std::set<const spec::Spec*> seen;  // nested bodies, each once (a spec may nest itself)
  while (!pending.empty()) {
    const spec::ExpectedBody body = std::move(pending.back());
    pending.pop_back();
    const auto reads = [&](const spec::Spec* reader) {
      return reader != nullptr && reader->range == spec_block;
    };
    const bool here =
        std::any_of(body.attributes.begin(), body.attributes.end(),
                    [&](const spec::ExpectedAttribute& a) { return reads(a.spec); }) ||
        std::any_of(body.blocks.begin(), body.blocks.end(),
                    [&](const spec::ExpectedBlock& b) { return reads(b.spec); });
    if (here) return spec::find_attribute(body, name) || spec::find_block(body, name);
    for (const spec::ExpectedBlock& block : body.blocks)
      if (block.nested != nullptr && seen.insert(block.nested).second)
        pending.push_back(spec::expected_body(block));
  }
  return false;
}

namespace {

// The first place in the body `body` of a `dynamic` block where `name` is used or bound: an
// identifier that names no item and is no step after a dot, or a nested dynamic block whose
// iterator it is.
std::optional<base::ByteRange> mention_in(const syntax::SyntaxTree& tree, NodeId body,
                                          std::string_view name) {
  const syntax::Node& b = tree.node(body);
  std::set<uint32_t> item_names;
  for (NodeId n = b.first_descendant; n < body; ++n) {
    const syntax::Node& node = tree.node(n);
    if (node.kind != NodeKind::Attribute && node.kind != NodeKind::Block) continue;
    item_names.insert(node.first_token);
    if (node.kind != NodeKind::Block || tree.token_text(node.first_token) != "dynamic") continue;
    const syntax::BlockHeader header = syntax::block_header(tree, n);
    if (header.body != syntax::kNoNode && header.labels.size() == 1 &&
        dynamic_iterator(tree, header.body, header.labels[0].value).name == name)
      return header.labels[0].range;
  }
  for (uint32_t t = b.first_token; t < b.end_token; ++t) {
    const syntax::Token& token = tree.tokens()[t];
    if (token.kind() != syntax::TokenKind::Ident || token.text(tree.text()) != name ||
        item_names.contains(t))
      continue;
    uint32_t before = t;
    while (before > b.first_token && syntax::is_trivia(tree.tokens()[before - 1].kind())) --before;
    if (before > b.first_token && tree.tokens()[before - 1].kind() == syntax::TokenKind::Dot)
      continue;
    return token.range();
  }
  return std::nullopt;
}

}  // namespace

std::optional<base::ByteRange> rename_capture(const syntax::SyntaxTree& tree,
                                              std::string_view old_name,
                                              std::string_view new_name) {
  const syntax::NodeList nodes = tree.nodes();
  for (NodeId n = 0; n < nodes.size(); ++n) {
    if (nodes[n].kind != NodeKind::Block || tree.token_text(nodes[n].first_token) != "dynamic")
      continue;
    const syntax::BlockHeader header = syntax::block_header(tree, n);
    if (header.body == syntax::kNoNode || header.labels.size() != 1 ||
        header.labels[0].value != old_name ||
        !dynamic_iterator(tree, header.body, old_name).is_default)
      continue;
    if (std::optional<base::ByteRange> found = mention_in(tree, header.body, new_name))
      return found;
  }
  return std::nullopt;
}

std::string new_name_problem(std::string_view name) {
  if (name.empty()) return "A name cannot be empty.";
  size_t at = 0;
  bool first = true;
  while (at < name.size()) {
    size_t length = 0;
    const uint32_t cp = base::decode_utf8(name, at, length);
    const bool fits = first ? (cp == '_' || base::is_id_start(cp))
                            : (cp == '-' || cp == '_' || base::is_id_continue(cp));
    if (cp == base::kInvalidCodePoint || !fits)
      return "\"" + std::string(name) +
             "\" is not an HCL identifier (a letter or _, then letters, digits, _ and -).";
    at += length;
    first = false;
  }
  return "";
}

}  // namespace hclspec::features
