// Go to definition, read from the same cursor place and model as hover.
#include "features/definition.hpp"

#include "features/cursor.hpp"
#include "features/dynamic_blocks.hpp"
#include "syntax/block_header.hpp"

namespace hclspec::features {
namespace {

using syntax::NodeKind;

// The `function "name"` block of a spec file's own tree defining `name`.
std::optional<base::ByteRange> function_block(const syntax::SyntaxTree& tree,
                                              std::string_view name) {
  for (syntax::NodeId item : tree.children(tree.root())) {
    if (tree.node(item).kind != NodeKind::Block) continue;
    const syntax::BlockHeader header = syntax::block_header(tree, item);
    if (header.type_range.slice(tree.text()) == "function" && header.labels.size() == 1 &&
        header.labels[0].value == name)
      return header.def_range;
  }
  return std::nullopt;
}

std::optional<DefinitionTarget> in_spec(const spec::Spec* spec) {
  if (spec == nullptr) return std::nullopt;
  return DefinitionTarget{DefinitionTarget::File::Spec, spec->range};
}

}  // namespace

std::optional<DefinitionTarget> definition(const Snapshot& snapshot, uint32_t offset) {
  const SpecBinding& binding = snapshot.binding;
  if (binding.spec && binding.modeline && binding.modeline->start <= offset &&
      offset <= binding.modeline->end)
    return DefinitionTarget{DefinitionTarget::File::Spec, {0, 0}};
  if (!snapshot.tree) return std::nullopt;
  const syntax::SyntaxTree& tree = *snapshot.tree;
  const CursorPlace place = locate(tree, offset);
  const bool spec_file = snapshot.kind == DocumentKind::SpecFile;

  if (place.kind == CursorPlace::Kind::Name && place.item != syntax::kNoNode && !spec_file) {
    const std::optional<spec::ExpectedBody> body = model_at(snapshot, place).body;
    if (!body) return std::nullopt;
    const std::string_view name = tree.token_text(tree.node(place.item).first_token);
    if (tree.node(place.item).kind == NodeKind::Block) {
      const spec::ExpectedBlock* block = spec::find_block(*body, name);
      return block ? in_spec(block->spec) : std::nullopt;
    }
    const spec::ExpectedAttribute* attribute = spec::find_attribute(*body, name);
    return attribute ? in_spec(attribute->spec) : std::nullopt;
  }

  const std::optional<base::ByteRange> head = expression_head(tree, place, offset);
  if (!head) return std::nullopt;
  const base::ByteRange first = *head;
  const syntax::Node& expression = tree.node(place.expression);
  const std::string_view word = first.slice(tree.text());
  if (expression.kind == NodeKind::FunctionCall) {
    if (spec_file) {
      const std::optional<base::ByteRange> block = function_block(tree, word);
      if (!block) return std::nullopt;
      return DefinitionTarget{DefinitionTarget::File::Document, *block};
    }
    if (!binding.spec) return std::nullopt;
    const auto found = binding.spec->function_ranges.find(word);
    if (found == binding.spec->function_ranges.end()) return std::nullopt;
    return DefinitionTarget{DefinitionTarget::File::Spec, found->second};
  }
  if (expression.kind == NodeKind::ScopeTraversal && !spec_file && binding.spec) {
    const auto found = binding.spec->variable_ranges.find(word);
    if (found == binding.spec->variable_ranges.end()) return std::nullopt;
    return DefinitionTarget{DefinitionTarget::File::Spec, found->second};
  }
  return std::nullopt;
}

}  // namespace hclspec::features
