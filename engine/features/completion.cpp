// Completion: the cursor's place (cursor.hpp), then candidates from the model of that body.
#include "features/completion.hpp"

#include <map>
#include <string_view>

#include "features/cursor.hpp"
#include "features/dynamic_blocks.hpp"
#include "features/type_text.hpp"
#include "syntax/block_header.hpp"

namespace hclspec::features {

namespace {

using syntax::NodeId;
using syntax::NodeKind;

// Text as a snippet's literal text: "$", "}" and "\" escaped.
std::string snippet_literal(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '$' || c == '}' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

// A description for a client that shows plain text: markdown's code marks dropped.
std::string documentation(const std::string& description, bool markdown) {
  if (markdown) return description;
  std::string out;
  for (char c : description)
    if (c != '`') out += c;
  return out;
}

std::string sort_key(int group, size_t index) {
  std::string number = std::to_string(index);
  return std::to_string(group) + std::string(number.size() < 4 ? 4 - number.size() : 0, '0') +
         number;
}

// The spaces and tabs starting the line of `offset`.
std::string indentation_at(std::string_view text, uint32_t offset) {
  uint32_t start = offset;
  while (start > 0 && text[start - 1] != '\n') --start;
  uint32_t end = start;
  while (end < text.size() && (text[end] == ' ' || text[end] == '\t')) ++end;
  return std::string(text.substr(start, end - start));
}

// What a value of `type` starts as, placeholder `number` inside: `"${1}"` for a string.
std::string value_snippet(const types::Type& type, int number, const std::string& indent) {
  const std::string tab = "${" + std::to_string(number) + "}";
  if (type.kind() == types::TypeKind::String) return "\"" + tab + "\"";
  if (type.kind() == types::TypeKind::Bool) return "${" + std::to_string(number) + "|true,false|}";
  if (type.is_list() || type.is_set() || type.is_tuple()) return "[" + tab + "]";
  if (type.is_map() || type.is_object()) return "{\n" + indent + "  " + tab + "\n" + indent + "}";
  return tab;
}

// The items of the body at the cursor already there: attribute names, and blocks per type.
struct Present {
  std::map<std::string, int, std::less<>> attributes;
  std::map<std::string, int, std::less<>> blocks;
};

Present present_items(const syntax::SyntaxTree& tree, NodeId body, NodeId except) {
  Present present;
  for (NodeId item : tree.children(body)) {
    if (item == except) continue;
    const syntax::Node& n = tree.node(item);
    const std::string name(tree.token_text(n.first_token));
    if (n.kind == NodeKind::Attribute) ++present.attributes[name];
    if (n.kind == NodeKind::Block) ++present.blocks[name];
  }
  return present;
}

class Completer {
 public:
  Completer(const Snapshot& snapshot, const CompletionOptions& options, const CursorPlace& place)
      : snapshot_(snapshot), tree_(*snapshot.tree), options_(options), place_(place) {}

  // Attributes and block types where a name goes.
  void names(const spec::ExpectedBody& body) {
    const Present present = present_items(tree_, place_.body, place_.item);
    // Renaming an existing item: only the name changes, to one of the same sort.
    const bool rename = place_.item != syntax::kNoNode;
    const bool renaming_block = rename && tree_.node(place_.item).kind == NodeKind::Block;
    const std::string indent = indentation_at(tree_.text(), place_.word.start);
    size_t index = 0;
    for (const spec::ExpectedAttribute& attribute : body.attributes) {
      ++index;
      if (renaming_block || present.attributes.count(attribute.name) != 0) continue;
      CompletionItem& item = add(attribute.name, CompletionKind::Attribute);
      item.detail = type_text(attribute.type) + (attribute.required ? ", required" : "");
      item.documentation = documentation(attribute.description, options_.markdown);
      item.sort_text = sort_key(attribute.required ? 0 : 1, index);
      if (rename) {
        item.insert_text = attribute.name;
      } else if (options_.snippets) {
        item.is_snippet = true;
        item.insert_text =
            snippet_literal(attribute.name) + " = " + value_snippet(attribute.type, 1, indent);
      } else {
        item.insert_text = attribute.name + " = ";
      }
    }
    int64_t alternatives = 0;
    for (const spec::ExpectedBlock& block : body.blocks)
      if (block.alternative && present.blocks.count(block.type_name) != 0)
        alternatives += present.blocks.at(block.type_name);
    for (const spec::ExpectedBlock& block : body.blocks) {
      ++index;
      if (rename && !renaming_block) continue;
      const auto count = present.blocks.find(block.type_name);
      if (block.max_items > 0 && count != present.blocks.end() && count->second >= block.max_items)
        continue;
      if (block.alternative && body.alternatives_max > 0 && alternatives >= body.alternatives_max)
        continue;
      CompletionItem& item = add(block.type_name, CompletionKind::Block);
      item.detail = block_kind_text(block);
      item.documentation = documentation(block.description, options_.markdown);
      item.sort_text = sort_key(block.required ? 0 : 1, index);
      if (rename) {
        item.insert_text = block.type_name;
        continue;
      }
      item.is_snippet = options_.snippets;
      item.insert_text = block_text(block, indent);
      if (reads_dynamic_blocks(snapshot_) && block.kind != spec::ExpectedBlock::Kind::Block &&
          block.kind != spec::ExpectedBlock::Kind::BlockAttrs &&
          spec::find_block(body, kDynamicBlockType) == nullptr) {
        const std::string sort_text = item.sort_text + "d";  // right after the type's own item
        CompletionItem& dynamic = add(
            std::string(kDynamicBlockType) + " \"" + block.type_name + "\"", CompletionKind::Block);
        dynamic.detail = "dynamic " + block_kind_text(block);
        dynamic.documentation =
            documentation("Generates `" + block.type_name + "` blocks, one for each element of " +
                              "its `for_each`.",
                          options_.markdown);
        dynamic.sort_text = sort_text;
        dynamic.is_snippet = options_.snippets;
        dynamic.insert_text = dynamic_block_text(block, indent);
      }
    }
  }

  // Keywords of the attribute's type, the iterator variables of the `dynamic` blocks around, the
  // spec's variables and functions where a value goes; after an iterator's name and a ".", its
  // steps.
  void values(const ModelAtCursor& model) {
    if (place_.after_dot) {
      iterator_steps(model.iterators);
      return;
    }
    const std::optional<spec::ExpectedBody>& body = model.body;
    const std::string_view name = tree_.token_text(tree_.node(place_.item).first_token);
    std::optional<types::Type> type;
    if (body) {
      if (const spec::ExpectedAttribute* attribute = spec::find_attribute(*body, name))
        type = attribute->type;
      else if (body->any_attribute)
        type = body->any_attribute->type;
    }
    if (type && type->kind() == types::TypeKind::Bool && place_.whole_value) {
      for (const char* keyword : {"true", "false"}) {
        CompletionItem& item = add(keyword, CompletionKind::Value);
        item.detail = "bool";
        item.insert_text = keyword;
        item.sort_text = sort_key(0, items_.size());
      }
    }
    for (auto iterator = model.iterators.rbegin(); iterator != model.iterators.rend(); ++iterator) {
      if (find_iterator(model.iterators, iterator->name) != &*iterator) continue;  // hidden
      CompletionItem& item = add(iterator->name, CompletionKind::Variable);
      item.detail = "iterator of " + iterator->block_type + " blocks";
      item.documentation = documentation(iterator_description(*iterator), options_.markdown);
      item.insert_text = iterator->name;
      item.sort_text = sort_key(1, items_.size());
    }
    // A spec file's own expressions see no user variables (the meta-spec has none to offer).
    if (snapshot_.kind != DocumentKind::Config || !snapshot_.binding.spec) return;
    const spec::SpecFile& file = *snapshot_.binding.spec;
    for (const auto& [variable, value] : file.variables) {
      CompletionItem& item = add(variable, CompletionKind::Variable);
      item.detail = type_text(value.type());
      item.documentation = "Value: " + value_text(value);
      item.insert_text = variable;
      item.sort_text = sort_key(1, items_.size());
    }
    for (const auto& [function_name, function] : file.functions) {
      CompletionItem& item = add(function_name, CompletionKind::Function);
      item.detail = function_signature(function_name, function);
      item.documentation = documentation(function.description, options_.markdown);
      item.is_snippet = options_.snippets;
      item.insert_text =
          options_.snippets ? snippet_literal(function_name) + "(${1})" : function_name + "()";
      item.sort_text = sort_key(2, items_.size());
    }
  }

  std::vector<CompletionItem> take() { return std::move(items_); }

  // Right after `NAME.` (the expression's first name and the dot): `key` and `value` when NAME is
  // an iterator variable.
  void iterator_steps(const std::vector<IteratorVariable>& iterators) {
    const IteratorVariable* iterator =
        iterator_before_dot(iterators, tree_.text(), place_.word.start);
    if (iterator == nullptr) return;
    for (const char* step : {"key", "value"}) {
      CompletionItem& item = add(step, CompletionKind::Variable);
      item.detail = iterator->name + "." + step;
      item.documentation =
          documentation(iterator_step_description(*iterator, step), options_.markdown);
      item.insert_text = step;
      item.sort_text = sort_key(0, items_.size());
    }
  }

 private:
  CompletionItem& add(const std::string& label, CompletionKind kind) {
    CompletionItem& item = items_.emplace_back();
    item.label = label;
    item.kind = kind;
    item.replace = place_.word;
    return item;
  }

  // A new block: its labels (placeholders named after them) and its required attributes.
  std::string block_text(const spec::ExpectedBlock& block, const std::string& indent) const {
    const bool snippets = options_.snippets;
    const auto literal = [&](std::string_view text) {
      return snippets ? snippet_literal(text) : std::string(text);
    };
    int number = 0;
    std::string out = literal(block.type_name);
    for (const std::string& label : block.label_names)
      out += snippets ? " \"${" + std::to_string(++number) + ":" + snippet_literal(label) + "}\""
                      : " \"" + label + "\"";
    out += " {\n";
    for (const spec::ExpectedAttribute& attribute : spec::expected_body(block).attributes) {
      if (!attribute.required) continue;
      out += indent + "  " + literal(attribute.name) + " = " +
             (snippets ? value_snippet(attribute.type, ++number, indent + "  ") : "") + "\n";
    }
    if (snippets) out += indent + "  ${0}\n";
    return out + indent + "}";
  }

  // A `dynamic "T"` block: its for_each, its labels when T takes them, and its content.
  std::string dynamic_block_text(const spec::ExpectedBlock& block,
                                 const std::string& indent) const {
    const bool snippets = options_.snippets;
    const std::string inner = indent + "  ";
    std::string out = std::string(kDynamicBlockType) + " \"" +
                      (snippets ? snippet_literal(block.type_name) : block.type_name) + "\" {\n" +
                      inner + "for_each = " + (snippets ? "${1}" : "") + "\n";
    if (!block.label_names.empty())
      out += inner + "labels   = [" + (snippets ? "${2}" : "") + "]\n";
    out += inner + "content {\n" + (snippets ? inner + "  ${0}\n" : "") + inner + "}\n";
    return out + indent + "}";
  }

  const Snapshot& snapshot_;
  const syntax::SyntaxTree& tree_;
  const CompletionOptions& options_;
  const CursorPlace& place_;
  std::vector<CompletionItem> items_;
};

}  // namespace

std::vector<CompletionItem> complete(const Snapshot& snapshot, uint32_t offset,
                                     const CompletionOptions& options) {
  // JSON documents: nothing yet. Their names and values are all strings, so the cursor's place
  // needs a model of hcl's JSON bodies (labels as property levels) this does not have.
  if (!snapshot.tree) return {};
  const CursorPlace place = locate(*snapshot.tree, offset);
  const ModelAtCursor model = model_at(snapshot, place);
  Completer completer(snapshot, options, place);
  if (place.kind == CursorPlace::Kind::Name && model.body) completer.names(*model.body);
  if (place.kind == CursorPlace::Kind::Value) completer.values(model);
  return completer.take();
}

}  // namespace hclspec::features
