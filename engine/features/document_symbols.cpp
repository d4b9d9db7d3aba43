// Document symbols: blocks and attributes of native files, properties of JSON files, and the
// spec blocks of .hcldec files, each with what the spec says of it.
#include "features/document_symbols.hpp"

#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <unordered_map>

#include "features/dynamic_blocks.hpp"
#include "features/spec_model.hpp"
#include "features/type_text.hpp"
#include "syntax/block_header.hpp"

namespace hclspec::features {
namespace {

using syntax::NodeId;
using syntax::NodeKind;

// Items nested deeper are left out: no outline view shows them, and a limit keeps the walk (and
// the server's JSON of the result) off deep recursion on files nested thousands of levels.
constexpr int kMaxDepth = 64;

// Block types of a spec file that are spec blocks (the others: `variables`, `function`).
bool is_spec_kind(std::string_view type) {
  static constexpr std::string_view kSpecKinds[] = {
      "object",    "array",       "attr",    "block",   "block_list", "block_set",
      "block_map", "block_attrs", "default", "literal", "transform",
  };
  for (std::string_view kind : kSpecKinds)
    if (kind == type) return true;
  return false;
}

// The model of one body: what the spec expects there, with the details written once per spec
// item rather than once per use (a large file repeats the same blocks thousands of times).
// Held by pointer and never moved: the name tables view the names in `expected`.
struct BodyModel {
  explicit BodyModel(spec::ExpectedBody body) : expected(std::move(body)) {
    for (const spec::ExpectedAttribute& attribute : expected.attributes)
      attributes.emplace(attribute.name, &attribute);
    for (const spec::ExpectedBlock& block : expected.blocks)
      blocks.emplace(block.type_name, &block);
  }
  BodyModel(const BodyModel&) = delete;
  BodyModel& operator=(const BodyModel&) = delete;

  const spec::ExpectedAttribute* attribute(std::string_view name) const {
    const auto found = attributes.find(name);
    return found == attributes.end() ? nullptr : found->second;
  }
  const spec::ExpectedBlock* block(std::string_view type) const {
    const auto found = blocks.find(type);
    return found == blocks.end() ? nullptr : found->second;
  }

  spec::ExpectedBody expected;
  // The expected items by name: a spec may read thousands from one body.
  std::unordered_map<std::string_view, const spec::ExpectedAttribute*> attributes;
  std::unordered_map<std::string_view, const spec::ExpectedBlock*> blocks;
  std::unordered_map<std::string_view, std::string> attribute_details;
  std::unordered_map<std::string_view, std::string> block_details;
};

class NativeOutline {
 public:
  explicit NativeOutline(const Snapshot& snapshot)
      : snapshot_(snapshot),
        tree_(*snapshot.tree),
        spec_file_(snapshot.kind == DocumentKind::SpecFile) {}

  // The model of the root body, or null when no spec applies.
  // Levels below `levels` are left out.
  void keep_levels(int levels) { max_depth_ = levels; }

  BodyModel* root_model(std::optional<spec::ExpectedBody> root) {
    if (!root) return nullptr;
    return (models_[nullptr] = std::make_unique<BodyModel>(std::move(*root))).get();
  }

  // The items of `body`, `depth` blocks deep; `variables`: the body of a spec file's root
  // `variables` block, whose attributes are the spec's variables.
  std::vector<DocumentSymbol> body(NodeId body, BodyModel* model, bool variables, int depth) {
    std::vector<DocumentSymbol> symbols;
    if (depth >= max_depth_) return symbols;
    std::vector<NodeId> items = tree_.children(body);
    symbols.reserve(items.size());
    for (NodeId item : items) {
      const syntax::Node& node = tree_.node(item);
      if (node.kind == NodeKind::Attribute)
        symbols.push_back(attribute(item, model, variables));
      else if (node.kind == NodeKind::Block)
        symbols.push_back(block(item, model, depth));
    }
    return symbols;
  }

 private:
  DocumentSymbol attribute(NodeId item, BodyModel* model, bool variable) {
    const syntax::Node& node = tree_.node(item);
    DocumentSymbol symbol;
    const std::string_view name = tree_.token_text(node.first_token);
    symbol.name = std::string(name);
    symbol.kind = variable ? SymbolKind::Variable : SymbolKind::Attribute;
    symbol.range = tree_.range(item);
    symbol.selection = tree_.tokens()[node.first_token].range();
    if (model) symbol.detail = attribute_detail(*model, name);
    return symbol;
  }

  const std::string& attribute_detail(BodyModel& model, std::string_view name) {
    auto found = model.attribute_details.find(name);
    if (found != model.attribute_details.end()) return found->second;
    std::string detail;
    if (const spec::ExpectedAttribute* known = model.attribute(name)) {
      // The meta-spec's attributes hold expressions of any type: their type says nothing.
      if (!spec_file_) detail = type_text(known->type);
      if (known->required) detail += detail.empty() ? "required" : ", required";
    } else if (model.expected.any_attribute && !spec_file_) {
      detail = type_text(model.expected.any_attribute->type);
    } else {
      return empty_;
    }
    return model.attribute_details.emplace(name, std::move(detail)).first->second;
  }

  DocumentSymbol block(NodeId item, BodyModel* model, int depth) {
    const syntax::BlockHeader header = syntax::block_header(tree_, item);
    const std::string_view text = tree_.text();
    DocumentSymbol symbol;
    const std::string_view type = text.substr(header.type_range.start, header.type_range.size());
    symbol.name = std::string(type);
    for (const syntax::BlockLabel& label : header.labels) {
      symbol.name += ' ';
      symbol.name += text.substr(label.range.start, label.range.size());
    }
    symbol.range = tree_.range(item);
    symbol.selection = header.def_range;

    const spec::ExpectedBlock* known = model ? model->block(type) : nullptr;
    if (spec_file_) {
      // `variables` and `function` blocks mean something only at the root of a spec file.
      const bool root = depth == 0;
      symbol.kind = root && type == "variables"  ? SymbolKind::Variables
                    : root && type == "function" ? SymbolKind::Function
                    : is_spec_kind(type)         ? SymbolKind::Spec
                                                 : SymbolKind::Block;
      // A spec block named by its `name` attribute rather than a label (`attr { name = "x" }`).
      if (symbol.kind == SymbolKind::Spec && header.labels.empty() &&
          header.body != syntax::kNoNode)
        if (std::optional<std::string> name = string_attribute(header.body, "name"))
          symbol.name += " \"" + *name + "\"";
    } else {
      symbol.kind = SymbolKind::Block;
      if (known) symbol.detail = block_detail(*model, *known);
    }
    BodyModel* inner = known ? &model_of(*known) : nullptr;
    // A `dynamic "T"` block shows as the T blocks it generates, whose labels are not known yet.
    const spec::ExpectedBlock* generated =
        model && !known && header.labels.size() == 1
            ? dynamic_block_target(snapshot_, model->expected, type, header.labels[0].value)
            : nullptr;
    if (generated) {
      symbol.name = generated->type_name;
      symbol.detail = "dynamic " + block_kind_text(*generated);
      inner = &dynamic_model_of(*generated);
    }
    if (header.body != syntax::kNoNode)
      symbol.children = body(header.body, inner, symbol.kind == SymbolKind::Variables, depth + 1);
    return symbol;
  }

  const std::string& block_detail(BodyModel& model, const spec::ExpectedBlock& block) {
    auto found = model.block_details.find(block.type_name);
    if (found == model.block_details.end())
      found = model.block_details.emplace(block.type_name, block_kind_text(block)).first;
    return found->second;
  }

  // The model of the body inside blocks of `block`'s type, made once: `block` lives in a model
  // kept to the end, so its address names it.
  BodyModel& model_of(const spec::ExpectedBlock& block) {
    std::unique_ptr<BodyModel>& model = models_[&block];
    if (!model) model = std::make_unique<BodyModel>(spec::expected_body(block));
    return *model;
  }

  // The model of the body inside `dynamic` blocks generating `generated`'s type, made once.
  BodyModel& dynamic_model_of(const spec::ExpectedBlock& generated) {
    std::unique_ptr<BodyModel>& model = dynamic_models_[&generated];
    if (!model) model = std::make_unique<BodyModel>(dynamic_block_body(generated));
    return *model;
  }

  // The literal text of attribute `name` in `body` when it is a plain quoted string.
  std::optional<std::string> string_attribute(NodeId body, std::string_view name) const {
    for (NodeId item : tree_.children(body)) {
      const syntax::Node& node = tree_.node(item);
      if (node.kind != NodeKind::Attribute || tree_.token_text(node.first_token) != name) continue;
      const syntax::Node& value = tree_.node(item - 1);  // post-order: the value comes last
      // `"text"`: an open quote, one literal without escapes, a close quote.
      if (value.kind != NodeKind::Template || value.end_token != value.first_token + 3)
        return std::nullopt;
      const std::string_view literal = tree_.token_text(value.first_token + 1);
      if (tree_.tokens()[value.first_token + 1].kind() != syntax::TokenKind::QuotedLit ||
          literal.find('\\') != std::string_view::npos)
        return std::nullopt;
      return std::string(literal);
    }
    return std::nullopt;
  }

  const Snapshot& snapshot_;
  const syntax::SyntaxTree& tree_;
  bool spec_file_;
  int max_depth_ = kMaxDepth;
  std::unordered_map<const void*, std::unique_ptr<BodyModel>> models_;  // null: the root's
  std::unordered_map<const spec::ExpectedBlock*, std::unique_ptr<BodyModel>> dynamic_models_;
  const std::string empty_;
};

// How many whole levels of `root`'s items (attributes and blocks; level 0 is the root's) fit in
// kMaxOutlineSymbols, the first always counting: levels_within_budget's answer for a native
// tree. The items are counted a level at a time, so no level past the one that goes over the
// budget is visited (a large file's deep levels would cost every outline request a walk of the
// whole tree).
int native_levels_within_budget(const syntax::SyntaxTree& tree, NodeId root) {
  std::vector<NodeId> level{root}, next, items;
  size_t total = 0;
  for (int depth = 0; depth < kMaxDepth && !level.empty(); ++depth) {
    next.clear();
    for (NodeId body : level) {
      tree.children(body, items);
      for (NodeId item : items) {
        const syntax::Node& node = tree.node(item);
        if (node.kind != NodeKind::Attribute && node.kind != NodeKind::Block) continue;
        if (++total > kMaxOutlineSymbols && depth > 0) return depth;
        // A block's body is its last child (post-order: right before the block).
        if (node.kind == NodeKind::Block && item > node.first_descendant &&
            tree.node(item - 1).kind == NodeKind::Body)
          next.push_back(item - 1);
      }
    }
    level.swap(next);
  }
  return kMaxDepth;
}

// The same for a built outline.
void count_symbols(const std::vector<DocumentSymbol>& symbols, size_t depth,
                   std::vector<size_t>& counts) {
  if (symbols.empty()) return;
  if (counts.size() <= depth) counts.resize(depth + 1);
  counts[depth] += symbols.size();
  for (const DocumentSymbol& symbol : symbols) count_symbols(symbol.children, depth + 1, counts);
}

// How many whole levels fit in kMaxOutlineSymbols (the first always counts).
int levels_within_budget(const std::vector<size_t>& counts) {
  size_t total = 0;
  for (size_t level = 0; level < counts.size(); ++level) {
    total += counts[level];
    if (total > kMaxOutlineSymbols && level > 0) return static_cast<int>(level);
  }
  return kMaxDepth;
}

void drop_levels_from(std::vector<DocumentSymbol>& symbols, int level) {
  for (DocumentSymbol& symbol : symbols) {
    if (level <= 1)
      symbol.children.clear();
    else
      drop_levels_from(symbol.children, level - 1);
  }
}

std::vector<DocumentSymbol> json_outline(const syntax::JsonTree& tree, syntax::JsonId object,
                                         int depth);

// The objects of an array (several blocks of one type, or the bodies of a root array), each by
// its index; other elements are no body.
std::vector<DocumentSymbol> json_array_objects(const syntax::JsonTree& tree, syntax::JsonId array,
                                               int depth) {
  std::vector<DocumentSymbol> symbols;
  if (depth >= kMaxDepth) return symbols;
  const std::span<const syntax::JsonId> elements = tree.elements(array);
  for (size_t i = 0; i < elements.size(); ++i) {
    const syntax::JsonNode& element = tree.node(elements[i]);
    if (element.kind != syntax::JsonKind::Object) continue;
    symbols.push_back({"[" + std::to_string(i) + "]", "", SymbolKind::Object, element.range,
                       element.open, json_outline(tree, elements[i], depth + 1)});
  }
  return symbols;
}

std::vector<DocumentSymbol> json_outline(const syntax::JsonTree& tree, syntax::JsonId object,
                                         int depth) {
  std::vector<DocumentSymbol> symbols;
  if (depth >= kMaxDepth) return symbols;
  for (const syntax::JsonProperty& property : tree.properties(object)) {
    const syntax::JsonNode& value = tree.node(property.value);
    DocumentSymbol symbol;
    symbol.name = property.name;
    symbol.kind =
        value.kind == syntax::JsonKind::Object ? SymbolKind::Object : SymbolKind::Attribute;
    symbol.range = {property.name_range.start, value.range.end};
    symbol.selection = property.name_range;
    if (value.kind == syntax::JsonKind::Object)
      symbol.children = json_outline(tree, property.value, depth + 1);
    else if (value.kind == syntax::JsonKind::Array)
      symbol.children = json_array_objects(tree, property.value, depth + 1);
    symbols.push_back(std::move(symbol));
  }
  return symbols;
}

}  // namespace

std::vector<DocumentSymbol> document_symbols(const Snapshot& snapshot) {
  if (snapshot.json) {
    const syntax::JsonTree& tree = *snapshot.json;
    // The root is an object or, as hcl reads JSON, an array of objects merged into one body.
    std::vector<DocumentSymbol> outline = tree.node(tree.root()).kind == syntax::JsonKind::Array
                                              ? json_array_objects(tree, tree.root(), 0)
                                              : json_outline(tree, tree.root(), 0);
    std::vector<size_t> counts;
    count_symbols(outline, 0, counts);
    drop_levels_from(outline, levels_within_budget(counts));
    return outline;
  }
  if (!snapshot.tree) return {};
  // Counted first, so levels that do not fit are never built.
  NativeOutline outline(snapshot);
  outline.keep_levels(native_levels_within_budget(*snapshot.tree, snapshot.tree->root()));
  BodyModel* root = outline.root_model(expected_root(snapshot));
  return outline.body(snapshot.tree->root(), root, false, 0);
}

}  // namespace hclspec::features
