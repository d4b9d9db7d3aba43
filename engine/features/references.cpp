// Find references, walking a document's bodies with the spec model as semantic tokens do.
#include "features/references.hpp"

#include <algorithm>
#include <deque>
#include <string>

#include "eval/traversal.hpp"
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

// The name in a `dynamic "T"` block's label: a use of T (a rename of T renames it). A quoted
// label's text without its quotes, nothing when it has escapes (its text is no name); a bare
// label (`dynamic port {`, an identifier) whole.
std::optional<base::ByteRange> dynamic_label_text(const syntax::SyntaxTree& tree, NodeId block) {
  const base::ByteRange label = syntax::block_header(tree, block).labels[0].range;
  const std::string_view text = label.slice(tree.text());
  if (!text.empty() && text.front() != '"') return label;
  if (text.size() < 2 || text.find('\\') != std::string_view::npos) return std::nullopt;
  return base::ByteRange{label.start + 1, label.end - 1};
}

// An iterator variable the expressions of a body see, the innermost first (dynblock's scopes):
// whether it is the default iterator of a `dynamic "T"` block whose T is the spec block looked
// for (its references are then uses of T's name), and whether such a one is in the chain at all.
struct IteratorScope {
  std::string name;
  bool wanted = false;
  bool reaches_wanted = false;
  const IteratorScope* outer = nullptr;

  // Whether `root` names a wanted iterator here (an inner iterator of that name hides it).
  bool resolves_wanted(std::string_view root) const {
    for (const IteratorScope* scope = this; scope != nullptr; scope = scope->outer)
      if (scope->name == root) return scope->wanted;
    return false;
  }
};

// Where the expression `expression` reads a wanted iterator of `scope`: the roots of those
// references (`port` in `port.value`), not names a `for` binds.
void add_iterator_uses(const syntax::SyntaxTree& tree, NodeId expression,
                       const IteratorScope* scope, std::vector<base::ByteRange>& uses) {
  if (scope == nullptr || !scope->reaches_wanted) return;
  for (const eval::Traversal& traversal : eval::referenced_variables(tree, expression))
    if (scope->resolves_wanted(traversal.front().name)) uses.push_back(traversal.front().range);
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
                                             const base::CancellationFlag* cancel,
                                             SpecBlockUses which) {
  std::vector<base::ByteRange> uses;
  if (!snapshot.tree || snapshot.kind != DocumentKind::Config) return uses;
  const syntax::SyntaxTree& tree = *snapshot.tree;
  BodyModels models(snapshot);
  if (models.root() == nullptr) return uses;
  const auto reads = [&](const spec::Spec* spec) {
    return spec != nullptr && spec->range == spec_block;
  };
  const bool iterators = which == SpecBlockUses::NamesAndIterators;
  // A body still to walk: its model (null: one the model has no names for, whose attributes are
  // read for iterators only), the iterators its expressions see and, for the body of a `dynamic`
  // block, those its `labels` and `content` see.
  struct Pending {
    NodeId body;
    BodyModel* model;
    const IteratorScope* scope;
    const IteratorScope* dynamic_scope;
  };
  std::deque<IteratorScope> scopes;
  std::vector<Pending> pending{{tree.root(), models.root(), nullptr, nullptr}};
  std::vector<NodeId> items;
  std::vector<Pending> nested_bodies;
  while (!pending.empty()) {
    if (cancel != nullptr && cancel->cancelled()) return {};
    const Pending walked = pending.back();
    pending.pop_back();
    BodyModel* const model = walked.model;
    tree.children(walked.body, items);
    nested_bodies.clear();
    for (const NodeId item : items) {
      const syntax::Node& node = tree.node(item);
      const std::string_view name = tree.token_text(node.first_token);
      const base::ByteRange name_range = tree.tokens()[node.first_token].range();
      if (node.kind == NodeKind::Attribute) {
        const spec::ExpectedAttribute* attribute =
            model != nullptr ? model->attribute(name) : nullptr;
        if (attribute != nullptr && reads(attribute->spec)) uses.push_back(name_range);
        // A `dynamic` block's `iterator` names a variable; its `labels` see that variable.
        if (node.first_descendant < item && !(walked.dynamic_scope && name == "iterator"))
          add_iterator_uses(
              tree, item - 1,
              walked.dynamic_scope && name == "labels" ? walked.dynamic_scope : walked.scope, uses);
        continue;
      }
      if (node.kind != NodeKind::Block || model == nullptr) continue;
      BodyModel::BlockEntry* entry = model->block(name);
      if (entry != nullptr && reads(entry->block->spec)) uses.push_back(name_range);
      const spec::ExpectedBlock* generated =
          entry == nullptr ? dynamic_block_target(snapshot, model->body(), item) : nullptr;
      std::optional<base::ByteRange> label;
      if (generated != nullptr && reads(generated->spec)) {
        label = dynamic_label_text(tree, item);
        if (label) uses.push_back(*label);
      }
      // The body is the block's only child; a block whose header is broken has none.
      if (node.first_descendant == item) continue;
      const NodeId body = item - 1;
      // The `content` of a `dynamic` block sees its iterator.
      const IteratorScope* scope =
          walked.dynamic_scope && name == "content" ? walked.dynamic_scope : walked.scope;
      const IteratorScope* dynamic_scope = nullptr;
      if (generated != nullptr && iterators) {
        DynamicIterator iterator = dynamic_iterator(tree, body, generated->type_name);
        const bool wanted = label && iterator.is_default;
        dynamic_scope = &scopes.emplace_back(IteratorScope{
            std::move(iterator.name), wanted, wanted || (scope && scope->reaches_wanted), scope});
      }
      BodyModel* nested =
          entry != nullptr ? models.nested(*entry) : models.dynamic_body(*model, item);
      if (nested != nullptr || (scope && scope->reaches_wanted))
        nested_bodies.push_back({body, nested, scope, dynamic_scope});
    }
    // Walked next, first one first.
    pending.insert(pending.end(), nested_bodies.rbegin(), nested_bodies.rend());
  }
  std::sort(uses.begin(), uses.end(),
            [](const base::ByteRange& a, const base::ByteRange& b) { return a.start < b.start; });
  return uses;
}

}  // namespace hclspec::features
