// The `dynamic` blocks' model: dynblock's for_each, iterator, labels and content, over the spec's.
#include "features/dynamic_blocks.hpp"

#include <algorithm>
#include <cctype>

#include "features/spec_model.hpp"
#include "syntax/block_header.hpp"

namespace hclspec::features {

namespace {

bool is_named(const syntax::SyntaxTree& tree, syntax::NodeId item, std::string_view name) {
  return tree.token_text(tree.node(item).first_token) == name;
}

}  // namespace

bool reads_dynamic_blocks(const Snapshot& snapshot) {
  return snapshot.kind == DocumentKind::Config &&
         snapshot.binding.options.dynamic_blocks != spec::DynamicBlocks::Off;
}

DynamicIterator dynamic_iterator(const syntax::SyntaxTree& tree, syntax::NodeId body,
                                 std::string_view block_type) {
  if (body != syntax::kNoNode)
    for (syntax::NodeId item : tree.children(body)) {
      const syntax::Node& node = tree.node(item);
      if (node.kind != syntax::NodeKind::Attribute ||
          tree.token_text(node.first_token) != "iterator")
        continue;
      const syntax::Node& value = tree.node(item - 1);  // post-order: the value precedes it
      if (value.kind == syntax::NodeKind::ScopeTraversal &&
          value.end_token == value.first_token + 1)
        return {std::string(tree.token_text(value.first_token)), false};
      return {std::string(block_type), false};
    }
  return {std::string(block_type), true};
}

const spec::ExpectedBlock* dynamic_block_target(const Snapshot& snapshot,
                                                const spec::ExpectedBody& body,
                                                std::string_view type, std::string_view label) {
  if (type != kDynamicBlockType || !reads_dynamic_blocks(snapshot) ||
      spec::find_block(body, kDynamicBlockType) != nullptr)
    return nullptr;
  return spec::find_block(body, label);
}

const spec::ExpectedBlock* dynamic_block_target(const Snapshot& snapshot,
                                                const spec::ExpectedBody& body,
                                                syntax::NodeId block) {
  const syntax::SyntaxTree& tree = *snapshot.tree;
  if (tree.token_text(tree.node(block).first_token) != kDynamicBlockType) return nullptr;
  const syntax::BlockHeader header = syntax::block_header(tree, block);
  if (header.labels.size() != 1) return nullptr;
  return dynamic_block_target(snapshot, body, kDynamicBlockType, header.labels[0].value);
}

spec::ExpectedBody dynamic_block_body(const spec::ExpectedBlock& generated) {
  const std::string type = "`" + generated.type_name + "`";
  spec::ExpectedBody body;
  body.attributes.push_back({"for_each", types::Type::dynamic(), true,
                             "The list, set, map or object to iterate over: one " + type +
                                 " block is generated for each element.",
                             nullptr});
  body.attributes.push_back({"iterator", types::Type::dynamic(), false,
                             "The name of the iterator variable that `labels` and `content` "
                             "read the element from (`NAME.key`, `NAME.value`); by default " +
                                 type + ".",
                             nullptr});
  if (!generated.label_names.empty()) {
    std::string names;
    for (const std::string& name : generated.label_names)
      names += (names.empty() ? "" : ", ") + name;
    body.attributes.push_back({"labels", types::Type::list(types::Type::string()), true,
                               "The labels of each generated " + type + " block (" + names +
                                   "), which may read the iterator variable.",
                               nullptr});
  }
  spec::ExpectedBlock content = generated;
  content.type_name = "content";
  if (content.kind != spec::ExpectedBlock::Kind::BlockAttrs)
    content.kind = spec::ExpectedBlock::Kind::Block;
  content.label_names.clear();
  content.min_items = 1;
  content.max_items = 1;
  content.required = true;
  content.alternative = false;
  // A `content` block is no use of T's spec block: references and renames of T leave it be.
  content.spec = nullptr;
  content.description =
      "The body of each generated " + type + " block, which may read the iterator variable.";
  body.blocks.push_back(std::move(content));
  return body;
}

std::string iterator_description(const IteratorVariable& iterator) {
  const std::string name = "`" + iterator.name;
  return "The element of `for_each` each `" + iterator.block_type +
         "` block is generated for: " + name +
         ".key` (a map's or object's key, a list's index) and " + name + ".value`.";
}

std::string iterator_step_description(const IteratorVariable& iterator, std::string_view step) {
  const std::string element =
      "the element of `for_each` this `" + iterator.block_type + "` block is generated for.";
  return step == "key" ? "The key (a map's or object's) or index (a list's) of " + element
                       : "The value of " + element;
}

const IteratorVariable* iterator_before_dot(const std::vector<IteratorVariable>& iterators,
                                            std::string_view text, uint32_t word_start) {
  if (word_start == 0 || text[word_start - 1] != '.') return nullptr;
  const uint32_t dot = word_start - 1;
  const auto in_name = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '-';
  };
  uint32_t start = dot;
  while (start > 0 && in_name(text[start - 1])) --start;
  if (start == dot || (start > 0 && text[start - 1] == '.')) return nullptr;
  return find_iterator(iterators, text.substr(start, dot - start));
}

ModelAtCursor model_at(const Snapshot& snapshot, const CursorPlace& place) {
  ModelAtCursor out;
  out.body = expected_root(snapshot);
  if (!snapshot.tree) return out;
  const syntax::SyntaxTree& tree = *snapshot.tree;
  for (size_t i = 0; out.body && i < place.blocks.size(); ++i) {
    const syntax::BlockHeader header = syntax::block_header(tree, place.blocks[i]);
    const std::string_view type = header.type_range.slice(tree.text());
    if (const spec::ExpectedBlock* block = spec::find_block(*out.body, type)) {
      out.body = spec::expected_body(*block);
      continue;
    }
    const spec::ExpectedBlock* generated =
        dynamic_block_target(snapshot, *out.body, place.blocks[i]);
    if (generated == nullptr) {
      out.body.reset();
      break;
    }
    // dynblock gives the iterator to the `labels` and the `content` only (not to `for_each`).
    const bool last = i + 1 == place.blocks.size();
    const bool in_content = !last && is_named(tree, place.blocks[i + 1], "content");
    const bool in_labels =
        last && place.kind == CursorPlace::Kind::Value && is_named(tree, place.item, "labels");
    if (in_content || in_labels)
      out.iterators.push_back(
          {dynamic_iterator(tree, header.body, generated->type_name).name, generated->type_name});
    out.body = dynamic_block_body(*generated);
  }
  return out;
}

const IteratorVariable* find_iterator(const std::vector<IteratorVariable>& iterators,
                                      std::string_view name) {
  const auto found = std::find_if(iterators.rbegin(), iterators.rend(),
                                  [&](const IteratorVariable& it) { return it.name == name; });
  return found == iterators.rend() ? nullptr : &*found;
}

}  // namespace hclspec::features
