// Spec documentation, written by walking the expected bodies from the root spec down.
#include "features/spec_docs.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "features/formatting.hpp"
#include "features/placeholder.hpp"
#include "features/type_text.hpp"
#include "spec/expected.hpp"
#include "syntax/parser.hpp"

namespace hclspec::features {

namespace {

// A variable's value longer than this (as JSON) is left to the spec file.
constexpr size_t kShortValue = 80;

// `text` as a code span: fenced by more backticks than it holds in a row, and padded when it
// starts or ends with one (CommonMark strips one space on each side).
std::string code(std::string_view text) {
  size_t longest = 0;
  size_t run = 0;
  for (char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  const std::string fence(longest + 1, '`');
  const std::string pad = !text.empty() && (text.front() == '`' || text.back() == '`') ? " " : "";
  return fence + pad + std::string(text) + pad + fence;
}

// A table cell: `|` escaped (GFM reads it as a column break even inside a code span), line
// breaks as `<br>` (a table row is one line).
std::string cell(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '|') {
      out += "\\|";
    } else if (c == '\n') {
      out += "<br>";
    } else if (c != '\r') {
      out += c;
    }
  }
  return out;
}

std::string row(const std::vector<std::string>& cells) {
  std::string out = "|";
  for (const std::string& text : cells) out += " " + cell(text) + " |";
  return out + "\n";
}

std::string kind_name(spec::ExpectedBlock::Kind kind) {
  using Kind = spec::ExpectedBlock::Kind;
  switch (kind) {
    case Kind::Block:
      return "block";
    case Kind::BlockList:
      return "block_list";
    case Kind::BlockSet:
      return "block_set";
    case Kind::BlockMap:
      return "block_map";
    case Kind::BlockAttrs:
      return "block_attrs";
  }
  return "block";
}

// How many blocks of the type a body may hold, from the model's effective limits.
std::string count_text(const spec::ExpectedBlock& block) {
  const std::string min = std::to_string(block.min_items);
  const std::string max = std::to_string(block.max_items);
  std::string out;
  if (block.min_items > 0 && block.min_items == block.max_items)
    out = "exactly " + min;
  else if (block.min_items > 0 && block.max_items > 0)
    out = min + " to " + max;
  else if (block.min_items > 0)
    out = "at least " + min;
  else if (block.max_items > 0)
    out = "at most " + max;
  else
    out = "any number";
  if (block.min_items > 0) out += " (required)";
  if (block.kind == spec::ExpectedBlock::Kind::BlockMap) out += ", each with different labels";
  return out;
}

// Items of a map in the order their definitions appear in the spec file (unplaced ones last,
// by name).
template <typename Map>
std::vector<typename Map::const_iterator> in_file_order(
    const Map& items, const std::map<std::string, base::ByteRange, std::less<>>& ranges) {
  std::vector<typename Map::const_iterator> out;
  for (auto it = items.begin(); it != items.end(); ++it) out.push_back(it);
  const auto place = [&](const auto& it) {
    const auto found = ranges.find(it->first);
    return found == ranges.end() ? UINT32_MAX : found->second.start;
  };
  std::stable_sort(out.begin(), out.end(),
                   [&](const auto& a, const auto& b) { return place(a) < place(b); });
  return out;
}

class DocsWriter {
 public:
  std::string run(const spec::SpecFile& file, std::string_view spec_name) {
    const spec::ExpectedBody root =
        file.root ? spec::expected_body(*file.root) : spec::ExpectedBody{};
    std::string_view title = spec_name;
    if (title.ends_with(".hcldec")) title.remove_suffix(7);
    out_ += "# " + std::string(title) + "\n\n";
    out_ += "Files checked against the hcldec spec " + code(spec_name) +
            " hold the attributes and blocks below. This page was generated from the spec by "
            "`hclspec docs`.\n\n";
    if (file.root && !file.root->description.empty()) out_ += file.root->description + "\n\n";
    if (!root.attributes.empty()) {
      out_ += "## Attributes\n\n";
      attributes(root);
    }
    std::vector<std::string> path;
    for (const spec::ExpectedBlock& block : root.blocks) block_section(block, path);
    variables(file);
    functions(file);
    example(root);
    return std::move(out_);
  }

 private:
  void attributes(const spec::ExpectedBody& body) {
    out_ += row({"Name", "Type", "Required", "Description"}) + "|---|---|---|---|\n";
    for (const spec::ExpectedAttribute& attribute : body.attributes)
      out_ += row({code(attribute.name), code(type_text(attribute.type)),
                   attribute.required ? "yes" : "no", attribute.description});
    out_ += "\n";
  }

  void block_section(const spec::ExpectedBlock& block, std::vector<std::string>& path) {
    path.push_back(block.type_name);
    std::string heading;
    for (const std::string& name : path) heading += (heading.empty() ? "" : " > ") + code(name);
    out_ += std::string(std::min<size_t>(path.size() + 1, 6), '#') + " Block " + heading + "\n\n";
    if (!block.description.empty()) out_ += block.description + "\n\n";
    std::string labels;
    for (const std::string& label : block.label_names)
      labels += (labels.empty() ? "" : ", ") + code(label);
    out_ += "- Labels: " + (labels.empty() ? "none" : labels) + "\n";
    out_ += "- How many: " + count_text(block) + "\n";
    out_ += "- Spec: " + code(kind_name(block.kind)) + "\n";
    const spec::ExpectedBody body = spec::expected_body(block);
    std::string inner_types;
    for (const spec::ExpectedBlock& inner : body.blocks)
      inner_types += (inner_types.empty() ? "" : ", ") + code(inner.type_name);
    if (!inner_types.empty()) out_ += "- Nested blocks: " + inner_types + "\n";
    out_ += "\n";
    if (body.any_attribute) {
      const std::string type = type_text(body.any_attribute->type);
      out_ += "Its body holds attributes of any names, each of type " + code(type) +
              "; the block gives them as a " + code("map(" + type + ")") + ".\n\n";
    } else if (body.attributes.empty() && body.blocks.empty()) {
      out_ += "Its body is empty.\n\n";
    }
    if (!body.attributes.empty()) attributes(body);
    for (const spec::ExpectedBlock& nested : body.blocks) block_section(nested, path);
    path.pop_back();
  }

  void variables(const spec::SpecFile& file) {
    if (file.variables.empty()) return;
    out_ += "## Variables\n\nExpressions in these files may use these variables.\n\n";
    out_ += row({"Name", "Type", "Value"}) + "|---|---|---|\n";
    for (const auto& it : in_file_order(file.variables, file.variable_ranges)) {
      const std::string value = value_text(it->second, SIZE_MAX);
      out_ += row({code(it->first), code(type_text(it->second.type())),
                   value.size() > kShortValue ? "(see the spec)" : code(value)});
    }
    out_ += "\n";
  }

  void functions(const spec::SpecFile& file) {
    if (file.functions.empty()) return;
    out_ += "## Functions\n\nExpressions in these files may call these functions.\n\n";
    for (const auto& it : in_file_order(file.functions, file.function_ranges)) {
      out_ += "### " + code(it->first) + "\n\n```hcl\n" +
              function_signature(it->first, it->second) + "\n```\n\n";
      if (!it->second.description.empty()) out_ += it->second.description + "\n\n";
    }
  }

  void example(const spec::ExpectedBody& root) {
    out_ += "## Example\n\n";
    const std::optional<std::string> items =
        required_items_text(root, "", {.named_labels = true, .first_block_when_empty = true});
    if (!items) {
      out_ +=
          "The smallest file the spec accepts is too large to show here (its required blocks "
          "nest: more than 256 KiB of them).\n";
      return;
    }
    const std::string& text = *items;
    if (text.empty()) {
      out_ += "Nothing is required: an empty file is valid.\n";
      return;
    }
    const std::unique_ptr<syntax::SyntaxTree> tree = syntax::parse_config(text, "example.hcl");
    out_ +=
        "A small file the spec accepts: the required attributes and blocks with placeholder "
        "values, and where a body requires nothing, one block of its first block type.\n\n"
        "```hcl\n" +
        formatted_text(*tree) + "```\n";
  }

  std::string out_;
};

}  // namespace

std::string spec_docs(const spec::SpecFile& file, std::string_view spec_name) {
  return DocsWriter().run(file, spec_name);
}

}  // namespace hclspec::features
