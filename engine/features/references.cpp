// Find references, walking a document's bodies with the spec model as semantic tokens do.
#include "features/references.hpp"

#include <algorithm>

#include "features/body_model.hpp"
#include "features/cursor.hpp"
#include "features/definition.hpp"
#include "features/dynamic_blocks.hpp"
#include "features/spec_model.hpp"
#include "spec/load.hpp"
#include "syntax/block_header.hpp"

namespace hclspec::features {

namespace {

using syntax::NodeId;
using syntax::NodeKind;

// The block of a spec file whose header (type and labels) holds `offset`.
NodeId block_header_at(const syntax::SyntaxTree& tree, uint32_t offset) {
  for (const NodeId item : items_at(tree, offset)) {
    if (tree.node(item).kind != NodeKind::Block) continue;
    const base::ByteRange header = syntax::block_header(tree, item).def_range;
    if (header.start <= offset && offset <= header.end) return item;
  }
  return syntax::kNoNode;
}

// The text of a `dynamic "T"` block's label, quotes left out: a use of T (a rename of T renames
// it); nothing for a label with escapes, whose text is no name.
std::optional<base::ByteRange> dynamic_label_text(const syntax::SyntaxTree& tree, NodeId block) {
  const base::ByteRange label = syntax::block_header(tree, block).labels[0].range;
  const std::string_view text = label.slice(tree.text());
  if (text.size() < 2 || text.front() != '"' || text.find('\\') != std::string_view::npos)
    return std::nullopt;
  return base::ByteRange{label.start + 1, label.end - 1};
}

}  // namespace

std::optional<base::ByteRange> referenced_spec_block(const Snapshot& snapshot, uint32_t offset) {
  if (!snapshot.tree) return std::nullopt;
  const syntax::SyntaxTree& tree = *snapshot.tree;
  if (snapshot.kind == DocumentKind::SpecFile) {
    const NodeId block = block_header_at(tree, offset);
    if (block == syntax::kNoNode) return std::nullopt;
    base::Diagnostics problems;
    const spec::SpecFile file = spec::load_spec(snapshot.tree, problems);
    if (!file.root || base::has_errors(problems)) return std::nullopt;
    const spec::Spec* spec = spec_at(*file.root, tree.range(block).start);
    if (spec == nullptr) return std::nullopt;
    return spec->range;
  }
  const CursorPlace place = locate(tree, offset);
  if (place.kind != CursorPlace::Kind::Name || place.item == syntax::kNoNode) return std::nullopt;
  const std::optional<DefinitionTarget> target = definition(snapshot, offset);
  if (!target || target->file != DefinitionTarget::File::Spec || target->range.empty())
    return std::nullopt;
  return target->range;
}

std::vector<base::ByteRange> spec_block_uses(const Snapshot& snapshot, base::ByteRange spec_block,
                                             const base::CancellationFlag* cancel) {
  std::vector<base::ByteRange> uses;
  if (!snapshot.tree || snapshot.kind != DocumentKind::Config) return uses;
  const syntax::SyntaxTree& tree = *snapshot.tree;
  BodyModels models(snapshot);
  if (models.root() == nullptr) return uses;
  const auto reads = [&](const spec::Spec* spec) {
    return spec != nullptr && spec->range == spec_block;
  };
  // Bodies still to walk, with their models; the items of each in source order.
  std::vector<std::pair<NodeId, BodyModel*>> pending{{tree.root(), models.root()}};
  std::vector<NodeId> items;
  std::vector<std::pair<NodeId, BodyModel*>> nested_bodies;
  while (!pending.empty()) {
    if (cancel != nullptr && cancel->cancelled()) return {};
    const auto [body, model] = pending.back();
    pending.pop_back();
    tree.children(body, items);
    nested_bodies.clear();
    for (const NodeId item : items) {
      const syntax::Node& node = tree.node(item);
      const std::string_view name = tree.token_text(node.first_token);
      const base::ByteRange name_range = tree.tokens()[node.first_token].range();
      if (node.kind == NodeKind::Attribute) {
        const spec::ExpectedAttribute* attribute = model->attribute(name);
        if (attribute != nullptr && reads(attribute->spec)) uses.push_back(name_range);
        continue;
      }
      if (node.kind != NodeKind::Block) continue;
      BodyModel::BlockEntry* entry = model->block(name);
      if (entry != nullptr && reads(entry->block->spec)) uses.push_back(name_range);
      const spec::ExpectedBlock* generated =
          entry == nullptr ? dynamic_block_target(snapshot, model->body(), item) : nullptr;
      if (generated != nullptr && reads(generated->spec))
        if (const std::optional<base::ByteRange> label = dynamic_label_text(tree, item))
          uses.push_back(*label);
      // The body is the block's only child; a block whose header is broken has none.
      BodyModel* nested =
          entry != nullptr ? models.nested(*entry) : models.dynamic_body(*model, item);
      if (nested != nullptr && node.first_descendant < item)
        nested_bodies.emplace_back(item - 1, nested);
    }
    // Walked next, first one first.
    pending.insert(pending.end(), nested_bodies.rbegin(), nested_bodies.rend());
  }
  std::sort(uses.begin(), uses.end(),
            [](const base::ByteRange& a, const base::ByteRange& b) { return a.start < b.start; });
  return uses;
}

}  // namespace hclspec::features
