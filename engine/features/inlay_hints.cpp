// Inlay hints: bodies walked with the spec model, values evaluated as the decoder would.
#include "features/inlay_hints.hpp"

#include <algorithm>

#include "eval/evaluate.hpp"
#include "features/body_model.hpp"
#include "features/type_text.hpp"
#include "spec/validate.hpp"
#include "syntax/block_header.hpp"

namespace hclspec::features {

namespace {

using syntax::NodeId;
using syntax::NodeKind;

// Whether the value of the expression at `node` is computed rather than written out: a literal,
// a plain string or a collection of those shows nothing new.
bool computes(const syntax::SyntaxTree& tree, NodeId node) {
  for (NodeId n = tree.node(node).first_descendant; n <= node; ++n) {
    switch (tree.node(n).kind) {
      case NodeKind::ScopeTraversal:
      case NodeKind::RelativeTraversal:
      case NodeKind::Index:
      case NodeKind::Splat:
      case NodeKind::FunctionCall:
      case NodeKind::BinaryOp:
      case NodeKind::Conditional:
      case NodeKind::For:
      case NodeKind::Interpolation:
      case NodeKind::TemplateIf:
      case NodeKind::TemplateFor:
        return true;
      case NodeKind::UnaryOp:  // `-1` is written out; `!enabled` is not
        if (tree.node(n - 1).kind != NodeKind::Literal) return true;
        break;
      default:
        break;
    }
  }
  return false;
}

}  // namespace

std::vector<InlayHint> inlay_hints(const Snapshot& snapshot, base::ByteRange range,
                                   const InlayHintOptions& options) {
  std::vector<InlayHint> hints;
  if (!snapshot.tree || snapshot.kind != DocumentKind::Config || !snapshot.binding.spec)
    return hints;
  const syntax::SyntaxTree& tree = *snapshot.tree;
  const spec::SpecFile& spec = *snapshot.binding.spec;
  eval::Scope storage;
  const eval::Scope* scope = spec::input_scope(spec.variables, spec.functions, storage);
  BodyModels models(snapshot);
  // Bodies still to walk, with their models (null: no label names known there).
  std::vector<std::pair<NodeId, BodyModel*>> pending{{tree.root(), models.root()}};
  std::vector<NodeId> items;
  while (!pending.empty()) {
    const auto [body, model] = pending.back();
    pending.pop_back();
    tree.children(body, items);
    std::vector<std::pair<NodeId, BodyModel*>> nested;
    for (const NodeId item : items) {
      const syntax::Node& node = tree.node(item);
      if (!base::touches(tree.range(item), range)) continue;
      if (node.kind == NodeKind::Attribute) {
        // The value is the attribute's only child, right before it.
        if (!options.values || node.first_descendant == item || !computes(tree, item - 1)) continue;
        base::Diagnostics problems;
        const types::Value value = eval::evaluate(tree, item - 1, scope, problems);
        if (!problems.empty() || !value.is_wholly_known()) continue;
        hints.push_back({InlayHint::Kind::Value, tree.range(item - 1).end,
                         "= " + value_text(value, kMaxInlayValueBytes)});
        continue;
      }
      if (node.kind != NodeKind::Block) continue;
      const syntax::BlockHeader header = syntax::block_header(tree, item);
      BodyModel::BlockEntry* entry =
          model == nullptr ? nullptr : model->block(header.type_range.slice(tree.text()));
      if (entry != nullptr && options.label_names) {
        const std::vector<std::string>& names = entry->block->label_names;
        for (size_t i = 0; i < header.labels.size() && i < names.size(); ++i)
          if (base::touches(header.labels[i].range, range))
            hints.push_back(
                {InlayHint::Kind::LabelName, header.labels[i].range.start, names[i] + ":"});
      }
      if (header.body == syntax::kNoNode) continue;
      if (entry != nullptr)
        nested.emplace_back(header.body, models.nested(*entry));
      else
        nested.emplace_back(header.body,
                            model == nullptr ? nullptr : models.dynamic_body(*model, item));
    }
    pending.insert(pending.end(), nested.rbegin(), nested.rend());
  }
  std::stable_sort(hints.begin(), hints.end(),
                   [](const InlayHint& a, const InlayHint& b) { return a.offset < b.offset; });
  return hints;
}

}  // namespace hclspec::features
