// Code actions, found by walking the bodies that overlap the range with the spec model.
#include "features/code_actions.hpp"

#include <algorithm>
#include <optional>

#include "base/suggest.hpp"
#include "features/body_model.hpp"
#include "features/placeholder.hpp"
#include "features/rename.hpp"
#include "syntax/block_header.hpp"

namespace hclspec::features {

namespace {

using syntax::NodeId;
using syntax::NodeKind;

class Finder {
 public:
  Finder(const Snapshot& snapshot, base::ByteRange range)
      : tree_(*snapshot.tree),
        text_(tree_.text()),
        range_(range),
        models_(snapshot),
        modeline_(snapshot.binding.modeline) {}

  std::vector<CodeAction> run() {
    BodyModel* root = models_.root();
    if (root == nullptr) return {};
    // Missing items of the file are reported where diagnostics put them: on the modeline, else
    // the first line.
    const base::ByteRange header = modeline_.value_or(
        base::ByteRange{0, static_cast<uint32_t>(std::min(text_.find('\n'), text_.size()))});
    if (base::touches(header, range_)) missing(tree_.root(), *root, header, "the file");
    walk(tree_.root(), root);
    return std::move(actions_);
  }

 private:
  void walk(NodeId body, BodyModel* model) {
    std::vector<std::pair<NodeId, BodyModel*>> nested;
    for (NodeId item : tree_.children(body)) {
      if (!base::touches(tree_.range(item), range_)) continue;
      const syntax::Node& node = tree_.node(item);
      const base::ByteRange name = tree_.tokens()[node.first_token].range();
      const std::string_view written = name.slice(text_);
      if (node.kind == NodeKind::Attribute) {
        if (model == nullptr) continue;
        if (const spec::ExpectedAttribute* attribute = model->attribute(written)) {
          if (node.first_descendant < item) reshape(item - 1, attribute->type);
        } else if (base::touches(name, range_)) {
          unsupported(body, item, name, model, true);
        }
        continue;
      }
      if (node.kind != NodeKind::Block) continue;
      const syntax::BlockHeader header = syntax::block_header(tree_, item);
      BodyModel::BlockEntry* entry = model == nullptr ? nullptr : model->block(written);
      BodyModel* dynamic =
          model != nullptr && entry == nullptr ? models_.dynamic_body(*model, item) : nullptr;
      if (model != nullptr && entry == nullptr && dynamic == nullptr) {
        if (base::touches(name, range_)) unsupported(body, item, name, model, false);
        continue;
      }
      BodyModel* inner = entry == nullptr ? dynamic : models_.nested(*entry);
      if (entry != nullptr && inner != nullptr && header.body != syntax::kNoNode &&
          base::touches(header.def_range, range_))
        missing(header.body, *inner, header.def_range, "`" + std::string(written) + "`");
      if (header.body != syntax::kNoNode) nested.emplace_back(header.body, inner);
    }
    for (const auto& [body_node, model_of] : nested) walk(body_node, model_of);
  }

  // An item `body` does not expect: the suggested name, and its removal.
  void unsupported(NodeId body, NodeId item, base::ByteRange name, BodyModel* model,
                   bool attribute) {
    std::vector<std::string_view> candidates;
    if (attribute) {
      for (const spec::ExpectedAttribute& expected : model->body().attributes)
        candidates.push_back(expected.name);
    } else {
      for (const spec::ExpectedBlock& expected : model->body().blocks)
        candidates.push_back(expected.type_name);
    }
    const std::string_view written = name.slice(text_);
    const std::vector<std::string> code = {attribute ? "unsupported-argument"
                                                     : "unsupported-block-type"};
    const std::string_view suggestion = base::name_suggestion(written, candidates);
    // A name the body holds already would be defined twice (an argument), or once too many (a
    // block type whose count is at its maximum).
    size_t holding = 0;
    for (NodeId sibling : tree_.children(body))
      holding += tree_.token_text(tree_.node(sibling).first_token) == suggestion ? 1 : 0;
    const BodyModel::BlockEntry* entry = attribute ? nullptr : model->block(suggestion);
    const int64_t most = entry == nullptr ? 1 : entry->block->max_items;
    const bool taken = holding > 0 && most > 0 && holding >= static_cast<size_t>(most);
    if (!suggestion.empty() && !taken)
      actions_.push_back({"Change to `" + std::string(suggestion) + "`",
                          code,
                          name,
                          {{name, std::string(suggestion)}},
                          true});
    actions_.push_back({"Remove `" + std::string(written) + "`",
                        code,
                        name,
                        {{whole_lines(tree_.range(item)), ""}},
                        false});
  }

  // The required items `body` lacks, added before its closing brace (or at the file's end).
  void missing(NodeId body, BodyModel& model, base::ByteRange at, const std::string& where) {
    std::vector<NodeId> items = tree_.children(body);
    const auto present = [&](std::string_view name, NodeKind kind) {
      size_t count = 0;
      for (NodeId item : items)
        if (tree_.node(item).kind == kind && tree_.token_text(tree_.node(item).first_token) == name)
          ++count;
      return count;
    };
    const bool root = body == tree_.root();
    const std::string indent = root ? "" : indentation_inside(body);
    std::string added;
    std::string names;
    std::vector<std::string> codes;
    for (const spec::ExpectedAttribute& attribute : model.body().attributes) {
      if (!attribute.required || present(attribute.name, NodeKind::Attribute) > 0) continue;
      // A name that is not an identifier cannot be written as an argument.
      if (!new_name_problem(attribute.name).empty()) return;
      added += indent + attribute.name + " = " + placeholder(attribute.type) + "\n";
      names += (names.empty() ? "`" : ", `") + attribute.name + "`";
      codes = {"missing-required-argument"};
    }
    for (const spec::ExpectedBlock& block : model.body().blocks) {
      const size_t count = present(block.type_name, NodeKind::Block);
      if (block.min_items <= 0 || count >= static_cast<size_t>(block.min_items)) continue;
      for (size_t i = count; i < static_cast<size_t>(block.min_items); ++i) {
        const std::optional<std::string> text = block_text(block, indent, {});
        // Too much to offer as an edit (min_items nest): no action.
        if (!text || added.size() + text->size() > kMaxPlaceholderBytes) return;
        added += *text;
      }
      names += (names.empty() ? "`" : ", `") + block.type_name + "`";
      codes.push_back(count == 0 && block.max_items == 1 ? "missing-block" : "insufficient-blocks");
    }
    if (added.empty()) return;
    const std::optional<TextEdit> edit = insertion(body, root, added);
    if (!edit) return;
    actions_.push_back({"Add the required " + names + " to " + where, codes, at, {*edit}, true});
  }

  // The edit that adds `text` (whole lines) at the end of `body`; nothing for a one-line body
  // with items (`task "a" { x = 1 }`), which would need its items moved too.
  std::optional<TextEdit> insertion(NodeId body, bool root, const std::string& text) {
    const syntax::Node& node = tree_.node(body);
    if (root) {
      const auto end = static_cast<uint32_t>(text_.size());
      const bool newline = end == 0 || text_[end - 1] == '\n';
      return TextEdit{{end, end}, (newline ? "" : "\n") + text};
    }
    // The closing brace: on a line of its own, the text goes on the lines before it; else
    // (`task "a" {}`) the brace moves to a line of its own after the text.
    const uint32_t close = tree_.tokens()[node.end_token - 1].start();
    const size_t line_start = text_.rfind('\n', close == 0 ? 0 : close - 1);
    const size_t from = line_start == std::string_view::npos ? 0 : line_start + 1;
    const std::string_view before = text_.substr(from, close - from);
    if (before.find_first_not_of(" \t") == std::string_view::npos)
      return TextEdit{{static_cast<uint32_t>(from), static_cast<uint32_t>(from)}, text};
    if (!tree_.children(body).empty()) return std::nullopt;
    const std::string outer = std::string(line_indentation(from));
    return TextEdit{{close, close}, "\n" + text + outer};
  }

  // The indentation the items of `body` have (or would have: the block's line's and two more).
  std::string indentation_inside(NodeId body) {
    for (NodeId item : tree_.children(body)) {
      const uint32_t start = tree_.range(item).start;
      const size_t newline = text_.rfind('\n', start == 0 ? 0 : start - 1);
      const size_t from = newline == std::string_view::npos ? 0 : newline + 1;
      const std::string_view prefix = text_.substr(from, start - from);
      if (prefix.find_first_not_of(" \t") == std::string_view::npos) return std::string(prefix);
    }
    const uint32_t open = tree_.tokens()[tree_.node(body).first_token].start();
    const size_t newline = text_.rfind('\n', open == 0 ? 0 : open - 1);
    return std::string(line_indentation(newline == std::string_view::npos ? 0 : newline + 1)) +
           "  ";
  }

  std::string_view line_indentation(size_t line_start) {
    const size_t end = text_.find_first_not_of(" \t", line_start);
    return text_.substr(line_start,
                        (end == std::string_view::npos ? text_.size() : end) - line_start);
  }

  // `range` grown to whole lines when nothing else shares them, so a removal leaves no blank line.
  base::ByteRange whole_lines(base::ByteRange range) {
    const size_t newline = text_.rfind('\n', range.start == 0 ? 0 : range.start - 1);
    const size_t from = newline == std::string_view::npos ? 0 : newline + 1;
    const std::string_view before = text_.substr(from, range.start - from);
    size_t to = text_.find('\n', range.end);
    to = to == std::string_view::npos ? text_.size() : to + 1;
    const std::string_view after = text_.substr(range.end, to - range.end);
    if (before.find_first_not_of(" \t") != std::string_view::npos ||
        after.find_first_not_of(" \t\r\n") != std::string_view::npos)
      return range;
    return {static_cast<uint32_t>(from), static_cast<uint32_t>(to)};
  }

  // One value where the spec wants a list or set of them (`tags = "web"`): the value in brackets;
  // a one-element tuple where it wants a single value (`count = [3]`): the element alone.
  void reshape(NodeId value, const types::Type& type) {
    const syntax::Node& node = tree_.node(value);
    const base::ByteRange range = tree_.range(value);
    if (!base::touches(range, range_)) return;
    const std::string_view written = range.slice(text_);
    // A literal or a plain quoted string (not null, which a list would not hold either).
    const bool single = (node.kind == NodeKind::Literal && written != "null") ||
                        (node.kind == NodeKind::Template && node.first_descendant == value);
    const bool wants_many = type.is_list() || type.is_set();
    if (wants_many && single && (type.element().is_primitive() || type.element().is_dynamic())) {
      actions_.push_back({"Put it in a list: [" + std::string(written) + "]",
                          {"incorrect-attribute-value-type"},
                          range,
                          {{range, "[" + std::string(written) + "]"}},
                          true});
      return;
    }
    if (type.is_primitive() && node.kind == NodeKind::Tuple && node.first_descendant < value) {
      const std::vector<NodeId> elements = tree_.children(value);
      if (elements.size() != 1) return;
      const std::string element(tree_.range(elements[0]).slice(text_));
      actions_.push_back({"Take the value out of the list: " + element,
                          {"incorrect-attribute-value-type"},
                          range,
                          {{range, element}},
                          true});
    }
  }

  const syntax::SyntaxTree& tree_;
  std::string_view text_;
  base::ByteRange range_;
  BodyModels models_;
  std::optional<base::ByteRange> modeline_;
  std::vector<CodeAction> actions_;
};

}  // namespace

std::vector<CodeAction> code_actions(const Snapshot& snapshot, base::ByteRange range) {
  if (!snapshot.tree || snapshot.kind != DocumentKind::Config || !snapshot.binding.spec) return {};
  return Finder(snapshot, range).run();
}

}  // namespace hclspec::features
