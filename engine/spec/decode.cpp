// The decoder (hcldec's Decode): body content checked against the spec's schema, then each
// spec's value.
#include "spec/decode.hpp"

#include <map>
#include <optional>
#include <type_traits>
#include <unordered_map>
#include <utility>

#include "base/big_stack.hpp"
#include "base/flat_map.hpp"
#include "base/suggest.hpp"
#include "base/unicode.hpp"
#include "eval/evaluate.hpp"
#include "eval/traversal.hpp"
#include "syntax/block_header.hpp"
#include "types/convert.hpp"

namespace hclspec::spec {

using syntax::NodeId;
using syntax::NodeKind;
using types::Value;

namespace {

// What a spec reads from one body (hcldec's ImpliedSchema), in spec order.
struct Schema {
  struct Attribute {
    std::string name;
    bool required;
  };
  struct Block {
    std::string type;
    std::vector<std::string> label_names;
  };
  std::vector<Attribute> attributes;
  std::vector<Block> blocks;
};

void collect_schema(const Spec& spec, Schema& schema) {
  std::visit(
      [&](const auto& kind) {
        using Kind = std::decay_t<decltype(kind)>;
        if constexpr (std::is_same_v<Kind, ObjectSpec>) {
          for (const auto& [name, nested] : kind.properties) collect_schema(*nested, schema);
        } else if constexpr (std::is_same_v<Kind, AttrSpec>) {
          schema.attributes.push_back({kind.name, kind.required});
        } else if constexpr (std::is_same_v<Kind, BlockMapSpec>) {
          schema.blocks.push_back({kind.type_name, kind.label_names});
        } else if constexpr (std::is_same_v<Kind, BlockSpec> ||
                             std::is_same_v<Kind, BlockListSpec> ||
                             std::is_same_v<Kind, BlockAttrsSpec>) {
          schema.blocks.push_back({kind.type_name, {}});
        } else if constexpr (std::is_same_v<Kind, TupleSpec>) {
          for (const SpecPtr& element : kind.elements) collect_schema(*element, schema);
        } else if constexpr (std::is_same_v<Kind, TransformSpec>) {
          collect_schema(*kind.wrapped, schema);
        } else if constexpr (std::is_same_v<Kind, DefaultSpec>) {
          // hcldec lists a default's own attribute children, then visits both children, so an
          // attribute appears twice (and a missing required one is reported twice).
          for (const SpecPtr& child : {kind.primary, kind.fallback})
            if (const auto* attr = std::get_if<AttrSpec>(&child->kind))
              schema.attributes.push_back({attr->name, attr->required});
          collect_schema(*kind.primary, schema);
          collect_schema(*kind.fallback, schema);
        }
      },
      spec.kind);
}

// An attribute of a body's content and the file it is in (several inputs merge into one body).
struct ContentAttribute {
  const syntax::SyntaxTree* tree;
  NodeId node;
};

struct ContentBlock : syntax::BlockHeader {
  const syntax::SyntaxTree* tree;
};

// A body's items that a schema selects (hcl's BodyContent).
struct Content {
  // Name (in the source) -> Attribute.
  base::FlatMap<std::string_view, ContentAttribute> attributes;
  std::vector<ContentBlock> blocks;    // in source order
  base::ByteRange missing_item_range;  // where absent items are reported
};

class Decoder {
 public:
  Decoder(const syntax::SyntaxTree& primary, const eval::Scope* scope, base::Diagnostics& diags)
      : tree_(&primary), primary_(&primary), scope_(scope), diags_(diags) {}

  // hcldec on several inputs (hcl's MergeFiles): each root body's content by the schema with
  // no argument required, merged ("Duplicate argument"), then the required arguments checked.
  Value decode_merged(const std::vector<const syntax::SyntaxTree*>& inputs, const Spec& spec) {
    Schema schema = schema_of(spec);
    std::vector<std::string> required;
    for (Schema::Attribute& attribute : schema.attributes)
      if (std::exchange(attribute.required, false)) required.push_back(attribute.name);
    Content merged;
    merged.missing_item_range = {0, 0};
    for (const syntax::SyntaxTree* input : inputs)
      in_tree(input, [&] {
        Content content = body_content(input->root(), schema, &diags_);
        for (const auto& [name, item] : content.attributes) {
          const auto [existing, added] = merged.attributes.emplace(name, item);
          if (added) continue;
          const syntax::SyntaxTree* first_tree = existing->second.tree;
          const base::ByteRange first_name =
              first_tree->tokens()[first_tree->node(existing->second.node).first_token].range();
          error("Duplicate argument",
                "Argument \"" + std::string(name) + "\" was already set at " +
                    range_text(*first_tree, first_name),
                tree_->tokens()[tree_->node(item.node).first_token].range());
        }
        for (ContentBlock& block : content.blocks) merged.blocks.push_back(std::move(block));
      });
    for (const std::string& name : required)
      if (merged.attributes.find(name) == merged.attributes.end())
        // hcl has no place for this one; the start of the first file stands in.
        error("Missing required argument",
              "The argument \"" + name + "\" is required, but was not set.", {0, 0});
    return value_of(spec, merged);
  }

  // hcldec's decode: the body's content by the spec's schema (extraneous items are errors),
  // then the spec's value from it.
  Value decode_body(NodeId body, const Spec& spec) {
    const Schema& schema = schema_of(spec);
    const Content content = body_content(body, schema, &diags_);
    return value_of(spec, content);
  }

  // hcldec's Variables: the traversals in the expressions the spec would read from `body`.
  void variables(NodeId body, const Spec& spec, std::vector<eval::Traversal>& out) {
    const Schema& schema = schema_of(spec);
    const Content content = body_content(body, schema, nullptr);
    content_variables(spec, content, out);
  }

 private:
  // Runs `read` with `tree` as the file being read; diagnostics it adds that name no file are in
  // that file, which is worth saying when it is not the first input.
  template <typename Read>
  auto in_tree(const syntax::SyntaxTree* tree, Read read) -> decltype(read()) {
    const syntax::SyntaxTree* outer = std::exchange(tree_, tree);
    const size_t from = diags_.size();
    struct Restore {
      Decoder& decoder;
      const syntax::SyntaxTree* outer;
      const syntax::SyntaxTree* tree;
      size_t from;
      ~Restore() {
        if (tree != decoder.primary_)
          for (size_t i = from; i < decoder.diags_.size(); ++i)
            if (decoder.diags_[i].file.empty()) decoder.diags_[i].file = tree->filename();
        decoder.tree_ = outer;
      }
    } restore{*this, outer, tree, from};
    return read();
  }

  // Each spec's implied type, built once per decode: every block a spec reads needs it.
  const types::Type& implied_type_of(const Spec& spec) {
    auto [found, added] = implied_types_.try_emplace(&spec);
    if (added) found->second = implied_type(spec);
    return found->second;
  }

  // Each spec's schema, built once per decode: every body a spec reads shares it.
  const Schema& schema_of(const Spec& spec) {
    auto [found, added] = schemas_.try_emplace(&spec);
    if (added) collect_schema(spec, found->second);
    return found->second;
  }

  void content_variables(const Spec& spec, const Content& content,
                         std::vector<eval::Traversal>& out) {
    const auto append = [&out](std::vector<eval::Traversal> more) {
      out.insert(out.end(), std::make_move_iterator(more.begin()),
                 std::make_move_iterator(more.end()));
    };
    std::visit(
        [&](const auto& kind) {
          using Kind = std::decay_t<decltype(kind)>;
          if constexpr (std::is_same_v<Kind, ObjectSpec>) {
            for (const auto& [name, nested] : kind.properties)
              content_variables(*nested, content, out);
          } else if constexpr (std::is_same_v<Kind, AttrSpec>) {
            const auto found = content.attributes.find(kind.name);
            if (found != content.attributes.end())
              append(eval::referenced_variables(*found->second.tree, found->second.node - 1));
          } else if constexpr (std::is_same_v<Kind, TupleSpec>) {
            for (const SpecPtr& element : kind.elements) content_variables(*element, content, out);
          } else if constexpr (std::is_same_v<Kind, TransformSpec>) {
            content_variables(*kind.wrapped, content, out);
          } else if constexpr (std::is_same_v<Kind, DefaultSpec>) {
            content_variables(*kind.primary, content, out);
            content_variables(*kind.fallback, content, out);
          } else if constexpr (std::is_same_v<Kind, BlockAttrsSpec>) {
            const ContentBlock* block = find_block(content, kind.type_name).first;
            if (!block) return;
            const syntax::SyntaxTree& tree = *block->tree;
            const std::vector<NodeId> items = tree.children(block->body);
            for (NodeId item : items)  // JustAttributes fails on a block: hcldec lists nothing
              if (tree.node(item).kind != NodeKind::Attribute) return;
            for (NodeId item : items) append(eval::referenced_variables(tree, item - 1));
          } else if constexpr (!std::is_same_v<Kind, LiteralSpec>) {
            // The block specs: one block for `block`, every block of the type for the others.
            for (const ContentBlock& child : content.blocks) {
              if (item_type(child) != kind.type_name) continue;
              in_tree(child.tree, [&] { variables(child.body, *kind.nested, out); });
              if constexpr (std::is_same_v<Kind, BlockSpec>) break;
            }
          }
        },
        spec.kind);
  }

  void error(std::string summary, std::string detail, base::ByteRange subject,
             std::optional<base::ByteRange> context = std::nullopt) {
    diags_.push_back(
        {base::Severity::Error, std::move(summary), std::move(detail), subject, context});
  }

  std::string item_name(NodeId item) const {
    return std::string(tree_->token_text(tree_->node(item).first_token));
  }

  // hclsyntax's Body.Content; with `diags` null, PartialContent without any problems reported.
  Content body_content(NodeId body, const Schema& schema, base::Diagnostics* diags) {
    Content content;
    const uint32_t start = tree_->range(body).start;
    content.missing_item_range = {start, start};
    const std::vector<NodeId> items = tree_->children(body);
    std::vector<std::pair<std::string_view, NodeId>> attribute_items;
    attribute_items.reserve(items.size());
    for (NodeId item : items)
      if (tree_->node(item).kind == NodeKind::Attribute)
        attribute_items.emplace_back(tree_->token_text(tree_->node(item).first_token), item);
    const base::FlatMap<std::string_view, NodeId> defined(attribute_items);
    for (const Schema::Attribute& attribute : schema.attributes) {
      const auto found = defined.find(attribute.name);
      if (found != defined.end()) {
        content.attributes.emplace(found->first, ContentAttribute{tree_, found->second});
      } else if (attribute.required && diags) {
        error("Missing required argument",
              "The argument \"" + attribute.name + "\" is required, but no definition was found.",
              content.missing_item_range);
      }
    }
    base::FlatMap<std::string_view, const Schema::Block*> wanted;
    for (const Schema::Block& block : schema.blocks) wanted[block.type] = &block;
    for (NodeId item : items) {
      if (tree_->node(item).kind != NodeKind::Block) continue;
      const auto found = wanted.find(tree_->token_text(tree_->node(item).first_token));
      if (found == wanted.end()) continue;
      syntax::BlockHeader header = syntax::block_header(*tree_, item);
      const std::vector<std::string>& label_names = found->second->label_names;
      if (header.body == syntax::kNoNode) continue;  // a broken header: the parser has reported it
      if (std::optional<base::Diagnostic> problem =
              syntax::label_count_problem(header, found->second->type, label_names)) {
        if (diags) diags->push_back(std::move(*problem));
        continue;
      }
      content.blocks.push_back(ContentBlock{std::move(header), tree_});
    }
    if (diags) extraneous_items(body, schema, content, defined);
    return content;
  }

  // The errors Body.Content adds for items the schema does not mention.
  void extraneous_items(NodeId body, const Schema& schema, const Content& content,
                        const base::FlatMap<std::string_view, NodeId>& defined) {
    std::vector<std::string_view> undefined_attributes;
    for (const Schema::Attribute& attribute : schema.attributes)
      if (content.attributes.find(attribute.name) == content.attributes.end())
        undefined_attributes.push_back(attribute.name);
    std::vector<std::string_view> block_types;
    for (const Schema::Block& block : schema.blocks) block_types.push_back(block.type);
    const auto in_schema = [](const auto& list, std::string_view name) {
      for (const auto& entry : list)
        if (entry == name) return true;
      return false;
    };
    for (NodeId item : tree_->children(body)) {
      const syntax::Node& n = tree_->node(item);
      const std::string name = item_name(item);
      const base::ByteRange name_range = tree_->tokens()[n.first_token].range();
      if (n.kind == NodeKind::Attribute) {
        const auto taken = content.attributes.find(name);
        if (taken != content.attributes.end()) continue;
        if (defined.at(name) != item) continue;  // a redefinition: the parser reported it
        std::string suggestion(base::name_suggestion(name, undefined_attributes));
        if (!suggestion.empty())
          suggestion = " Did you mean \"" + suggestion + "\"?";
        else if (in_schema(block_types, name))
          suggestion = " Did you mean to define a block of type \"" + name + "\"?";
        error("Unsupported argument",
              "An argument named \"" + name + "\" is not expected here." + suggestion, name_range);
      } else if (n.kind == NodeKind::Block && !in_schema(block_types, name)) {
        std::string suggestion(base::name_suggestion(name, block_types));
        bool is_attribute = false;
        for (const Schema::Attribute& attribute : schema.attributes)
          is_attribute = is_attribute || attribute.name == name;
        if (!suggestion.empty())
          suggestion = " Did you mean \"" + suggestion + "\"?";
        else if (is_attribute)
          suggestion = " Did you mean to define argument \"" + name +
                       "\"? If so, use the equals sign to assign it a value.";
        error("Unsupported block type",
              "Blocks of type \"" + name + "\" are not expected here." + suggestion, name_range);
      }
    }
  }

  // Where a spec's value came from in a body (hcldec's sourceRange), for block count errors.
  base::ByteRange source_range(NodeId body, const Spec& spec) {
    const Schema& schema = schema_of(spec);
    const Content content = body_content(body, schema, nullptr);
    if (const auto* attr = std::get_if<AttrSpec>(&spec.kind)) {
      const auto found = content.attributes.find(attr->name);
      return found == content.attributes.end() ? content.missing_item_range
                                               : found->second.tree->range(found->second.node - 1);
    }
    if (const auto* transform = std::get_if<TransformSpec>(&spec.kind))
      return source_range(body, *transform->wrapped);
    if (const auto* fallback = std::get_if<DefaultSpec>(&spec.kind))
      return source_range(body, *fallback->primary);
    if (const auto* attrs = std::get_if<BlockAttrsSpec>(&spec.kind)) {
      const ContentBlock* block = find_block(content, attrs->type_name).first;
      return block ? block->def_range : content.missing_item_range;
    }
    if (const auto* block = std::get_if<BlockSpec>(&spec.kind)) {
      for (const ContentBlock& header : content.blocks)
        if (item_type(header) == block->type_name)
          return in_tree(header.tree, [&] { return source_range(header.body, *block->nested); });
    }
    return content.missing_item_range;
  }

  static std::string_view item_type(const ContentBlock& block) {
    return block.type_range.slice(block.tree->text());
  }

  Value value_of(const Spec& spec, const Content& content) {
    return std::visit([&](const auto& kind) { return value_of(kind, content); }, spec.kind);
  }

  Value value_of(const ObjectSpec& object, const Content& content) {
    types::Entries entries;
    entries.reserve(object.properties.size());
    for (const auto& [name, nested] : object.properties)
      entries.emplace_back(name, value_of(*nested, content));
    return Value::object(std::move(entries));
  }

  Value value_of(const LiteralSpec& literal, const Content&) { return literal.value; }

  Value value_of(const AttrSpec& attr, const Content& content) {
    const auto found = content.attributes.find(attr.name);
    if (found == content.attributes.end()) return Value::null(attr.type);
    return in_tree(found->second.tree, [&] {
      const NodeId expression = found->second.node - 1;
      const Value value = eval::evaluate(*tree_, expression, scope_, diags_);
      types::Converted converted = types::convert(value, attr.type);
      if (!converted.ok()) {
        const base::ByteRange name_range =
            tree_->tokens()[tree_->node(found->second.node).first_token].range();
        error("Incorrect attribute value type",
              "Inappropriate value for attribute \"" + attr.name + "\": " + converted.error + ".",
              tree_->range(expression), base::range_between(name_range, tree_->range(expression)));
        return Value::unknown(attr.type);
      }
      return std::move(converted.value);
    });
  }

  Value value_of(const BlockSpec& block, const Content& content) {
    const auto [child, other] = find_block(content, block.type_name);
    if (other) duplicate_block(block.type_name, *child, *other);
    if (!child) {
      if (block.required) missing_block(block.type_name, content);
      return Value::null(implied_type_of(*block.nested));
    }
    return in_tree(child->tree, [&] { return decode_body(child->body, *block.nested); });
  }

  // The first block of a type in the content, and the second if there is one.
  std::pair<const ContentBlock*, const ContentBlock*> find_block(const Content& content,
                                                                 std::string_view type) const {
    const ContentBlock* first = nullptr;
    for (const ContentBlock& candidate : content.blocks) {
      if (item_type(candidate) != type) continue;
      if (first) return {first, &candidate};
      first = &candidate;
    }
    return {first, nullptr};
  }

  void duplicate_block(const std::string& type, const ContentBlock& first,
                       const ContentBlock& second) {
    in_tree(second.tree, [&] {
      error("Duplicate " + type + " block",
            "Only one block of type \"" + type + "\" is allowed. Previous definition was at " +
                range_text(*first.tree, first.def_range) + ".",
            second.def_range);
    });
  }

  void missing_block(const std::string& type, const Content& content) {
    error("Missing " + type + " block", "A block of type \"" + type + "\" is required here.",
          content.missing_item_range);
  }

  Value value_of(const BlockAttrsSpec& attrs, const Content& content) {
    const auto [block, other] = find_block(content, attrs.type_name);
    if (!block) {
      if (attrs.required) missing_block(attrs.type_name, content);
      return Value::null(types::Type::map(attrs.element_type));
    }
    if (other) duplicate_block(attrs.type_name, *block, *other);
    // hcl's JustAttributes: the body may hold arguments only.
    types::Entries entries;
    in_tree(block->tree, [&] {
      for (NodeId item : tree_->children(block->body)) {
        const syntax::Node& n = tree_->node(item);
        const std::string name = item_name(item);
        if (n.kind != NodeKind::Attribute) {
          error("Unexpected \"" + name + "\" block", "Blocks are not allowed here.",
                tree_->tokens()[n.first_token].range());
          continue;
        }
        const NodeId expression = item - 1;
        types::Converted converted =
            types::convert(eval::evaluate(*tree_, expression, scope_, diags_), attrs.element_type);
        if (!converted.ok()) {
          error("Invalid attribute value",
                "Invalid value for attribute of \"" + attrs.type_name +
                    "\" block: " + converted.error + ".",
                tree_->range(expression),
                base::range_between(tree_->tokens()[n.first_token].range(),
                                    tree_->range(expression)));
          converted.value = Value::unknown(attrs.element_type);
        }
        entries.emplace_back(name, std::move(converted.value));
      }
    });
    return Value::map(attrs.element_type, std::move(entries));
  }

  Value value_of(const TupleSpec& tuple, const Content& content) {
    std::vector<Value> elements;
    for (const SpecPtr& element : tuple.elements) elements.push_back(value_of(*element, content));
    return Value::tuple(std::move(elements));
  }

  Value value_of(const TransformSpec& transform, const Content& content) {
    const size_t errors_before = diags_.size();
    Value nested = value_of(*transform.wrapped, content);
    if (base::has_errors(diags_, errors_before)) return Value::unknown(implied_type(transform));
    eval::Variables variables{{"nested", std::move(nested)}};
    const eval::Scope scope{&variables, nullptr, &spec_definition_scope()};
    const size_t spec_diags_from = diags_.size();
    Value result = eval::evaluate(*transform.tree, transform.result, &scope, diags_);
    for (size_t i = spec_diags_from; i < diags_.size(); ++i)
      diags_[i].file = transform.tree->filename();
    return result;
  }

  Value value_of(const DefaultSpec& fallback, const Content& content) {
    Value value = value_of(*fallback.primary, content);
    if (value.is_null()) value = value_of(*fallback.fallback, content);
    return value;
  }

  Value value_of(const BlockListSpec& list, const Content& content) {
    std::vector<Value> elements;
    std::vector<const ContentBlock*> blocks;  // each element's block, for messages
    for (const ContentBlock& child : content.blocks) {
      if (item_type(child) != list.type_name) continue;
      in_tree(child.tree, [&] { elements.push_back(decode_body(child.body, *list.nested)); });
      blocks.push_back(&child);
    }
    // Where element i's value came from, with its block's tree being read (found only for a
    // message: it reads the body again).
    const auto range = [&](size_t i) { return source_range(blocks[i]->body, *list.nested); };
    const auto count = static_cast<int64_t>(elements.size());
    if (count < list.min_items) {
      error("Insufficient " + list.type_name + " blocks",
            "At least " + std::to_string(list.min_items) + " \"" + list.type_name +
                "\" blocks are required.",
            content.missing_item_range);
    } else if (list.max_items > 0 && count > list.max_items) {
      const auto i = static_cast<size_t>(list.max_items);
      in_tree(blocks[i]->tree, [&] {
        error("Too many " + list.type_name + " blocks",
              "No more than " + std::to_string(list.max_items) + " \"" + list.type_name +
                  "\" blocks are allowed",
              range(i));
      });
    }
    const types::Type& nested_type = implied_type_of(*list.nested);
    if (elements.empty())
      return list.is_set ? Value::set(nested_type, {}) : Value::list(nested_type, {});
    std::vector<types::Type> element_types;
    for (const Value& element : elements) element_types.push_back(element.type());
    const std::optional<types::Type> unified = types::unify(element_types, true);
    if (!unified) {
      in_tree(blocks[0]->tree, [&] {
        error("Unconsistent argument types in " + list.type_name + " blocks",
              "Corresponding attributes in all blocks of this type must be the same.", range(0));
      });
      return Value::unknown(types::Type::dynamic());
    }
    for (size_t i = 0; i < elements.size(); ++i) {
      types::Converted converted = types::convert(elements[i], *unified);
      if (!converted.ok()) {
        in_tree(blocks[i]->tree, [&] {
          error("Unconsistent argument types in " + list.type_name + " blocks",
                "Block with index " + std::to_string(i) +
                    " has inconsistent argument types: " + converted.error + ".",
                range(i));
        });
        return Value::unknown(types::Type::dynamic());
      }
      elements[i] = std::move(converted.value);
    }
    return list.is_set ? Value::set(*unified, std::move(elements))
                       : Value::list(*unified, std::move(elements));
  }

  Value value_of(const BlockMapSpec& map, const Content& content) {
    // Nested maps, one level per label; a leaf holds the decoded body.
    struct Level {
      std::map<std::string, Level> children;
      std::optional<Value> value;
    };
    Level root;
    for (const ContentBlock& child : content.blocks) {
      if (item_type(child) != map.type_name) continue;
      Value value = in_tree(child.tree, [&] { return decode_body(child.body, *map.nested); });
      Level* target = &root;
      for (size_t i = 0; i + 1 < map.label_names.size(); ++i)
        target = &target->children[child.labels[i].value];
      Level& leaf = target->children[child.labels.back().value];
      if (leaf.value) {
        std::string labels;
        for (const syntax::BlockLabel& label : child.labels)
          labels += " " + base::go_quote(label.value);
        in_tree(child.tree, [&] {
          error("Duplicate " + map.type_name + " block",
                "A block for " + map.type_name + labels + " was already defined. The " +
                    map.type_name + " labels must be unique.",
                child.def_range);
        });
        continue;
      }
      leaf.value = std::move(value);
    }
    const types::Type& nested_type = implied_type_of(*map.nested);
    const auto build = [&](const auto& self, const Level& level, size_t depth) -> Value {
      types::Type element = nested_type;
      for (size_t i = 1; i < depth; ++i) element = types::Type::map(element);
      types::Entries entries;
      for (const auto& [key, child] : level.children)
        entries.emplace_back(key, depth == 1 ? *child.value : self(self, child, depth - 1));
      return Value::map(element, std::move(entries));
    };
    return build(build, root, map.label_names.size());
  }

  // hcl's Range.String: "file:line,column-column", or "-line,column" when it spans lines.
  static std::string range_text(const syntax::SyntaxTree& tree, base::ByteRange range) {
    const base::Position start = tree.lines().position(range.start);
    const base::Position end = tree.lines().position(range.end);
    std::string text = tree.filename() + ":" + std::to_string(start.line) + "," +
                       std::to_string(start.column) + "-";
    if (end.line != start.line) text += std::to_string(end.line) + ",";
    return text + std::to_string(end.column);
  }

  const syntax::SyntaxTree* tree_;     // the file whose nodes are being read
  const syntax::SyntaxTree* primary_;  // the first input; others' diagnostics name their file
  const eval::Scope* scope_;
  base::Diagnostics& diags_;
  std::unordered_map<const Spec*, Schema> schemas_;
  std::unordered_map<const Spec*, types::Type> implied_types_;
};

}  // namespace

std::vector<eval::Traversal> referenced_variables(const syntax::SyntaxTree& input,
                                                  const Spec& spec) {
  std::vector<eval::Traversal> out;
  base::Diagnostics unused;
  const auto run = [&] { Decoder(input, nullptr, unused).variables(input.root(), spec, out); };
  base::run_on_large_stack(run);
  return out;
}

Value decode(const syntax::SyntaxTree& input, const Spec& spec, const eval::Scope* scope,
             base::Diagnostics& diags) {
  return decode(std::vector<const syntax::SyntaxTree*>{&input}, spec, scope, diags);
}

Value decode(const std::vector<const syntax::SyntaxTree*>& inputs, const Spec& spec,
             const eval::Scope* scope, base::Diagnostics& diags) {
  Value result;
  const auto run = [&] {
    Decoder decoder(*inputs.front(), scope, diags);
    result = inputs.size() == 1 ? decoder.decode_body(inputs.front()->root(), spec)
                                : decoder.decode_merged(inputs, spec);
  };
  base::run_on_large_stack(run);
  return result;
}

}  // namespace hclspec::spec
