// Hover: the cursor's place (cursor.hpp), then what the model says about the name there.
#include "features/hover.hpp"

#include "features/cursor.hpp"
#include "features/dynamic_blocks.hpp"
#include "features/spec_model.hpp"
#include "features/type_text.hpp"
#include "spec/load.hpp"
#include "syntax/block_header.hpp"

namespace hclspec::features {

namespace {

using syntax::NodeKind;

class Writer {
 public:
  explicit Writer(bool markdown) : markdown_(markdown) {}

  std::string code(std::string_view text) const {
    return markdown_ ? "`" + std::string(text) + "`" : std::string(text);
  }
  std::string code_block(std::string_view language, std::string_view text) const {
    return markdown_ ? "```" + std::string(language) + "\n" + std::string(text) + "\n```"
                     : std::string(text);
  }
  // A description for plain text loses markdown's code marks.
  std::string prose(const std::string& text) const {
    if (markdown_) return text;
    std::string out;
    for (char c : text)
      if (c != '`') out += c;
    return out;
  }

 private:
  bool markdown_;
};

std::string with_description(std::string head, const std::string& description,
                             const Writer& writer) {
  return description.empty() ? head : head + "\n\n" + writer.prose(description);
}

// Which spec the document is checked against, and what chose it.
std::string binding_text(const Snapshot& snapshot, const Writer& writer) {
  const SpecBinding& binding = snapshot.binding;
  const std::string chosen =
      binding.chosen_by.empty() ? "" : " (chosen by " + binding.chosen_by + ")";
  if (!binding.problem.empty())
    return "The spec " + writer.code(binding.spec_name) + chosen +
           " cannot be used: " + binding.problem;
  if (snapshot.kind == DocumentKind::SpecFile)
    return "A spec file" + chosen +
           ", checked against hcldec's spec format (the built-in meta-spec).";
  if (binding.spec)
    return "Checked against the spec " + writer.code(binding.spec_name) + chosen + ".";
  return "No spec applies to this file" + chosen + ": only its syntax is checked.";
}

base::ByteRange first_line(const base::SourceFile& source) {
  const base::LineIndex& lines = source.lines();
  return {0, static_cast<uint32_t>(lines.line_text(0).size())};
}

// In a spec file, the type of the value the spec block `block` gives (hcldec's implied type),
// when the file loads without errors.
std::optional<types::Type> spec_block_type(const Snapshot& snapshot, syntax::NodeId block) {
  base::Diagnostics problems;
  const spec::SpecFile file = spec::load_spec(snapshot.tree, problems);
  if (!file.root || base::has_errors(problems)) return std::nullopt;
  const syntax::SyntaxTree& tree = *snapshot.tree;
  const spec::Spec* spec = spec_at(*file.root, tree.range(block).start);
  if (spec) return spec::implied_type(*spec);
  // A `default` chain has no spec of its own place; it gives what its first spec gives.
  const syntax::BlockHeader header = syntax::block_header(tree, block);
  if (header.type_range.slice(tree.text()) != "default" || header.body == syntax::kNoNode)
    return std::nullopt;
  for (syntax::NodeId item : tree.children(header.body))
    if (tree.node(item).kind == NodeKind::Block)
      if (const spec::Spec* first = spec_at(*file.root, tree.range(item).start))
        return spec::implied_type(*first);
  return std::nullopt;
}

// On the type of a `dynamic "T"` block: what T is.
std::optional<HoverResult> dynamic_block_hover(const Snapshot& snapshot,
                                               const spec::ExpectedBody& body,
                                               const CursorPlace& place, const Writer& writer) {
  const spec::ExpectedBlock* generated = dynamic_block_target(snapshot, body, place.item);
  if (generated == nullptr) return std::nullopt;
  return HoverResult{
      with_description("dynamic block generating " + writer.code(generated->type_name) +
                           " blocks: " + block_kind_text(*generated),
                       generated->description, writer),
      place.word};
}

std::optional<HoverResult> item_hover(const Snapshot& snapshot, uint32_t offset,
                                      const Writer& writer) {
  const syntax::SyntaxTree& tree = *snapshot.tree;
  const CursorPlace place = locate(tree, offset);
  if (place.item == syntax::kNoNode) return std::nullopt;
  const ModelAtCursor model = model_at(snapshot, place);
  const std::optional<spec::ExpectedBody>& body = model.body;
  const std::string_view name = tree.token_text(tree.node(place.item).first_token);

  if (place.kind == CursorPlace::Kind::Name && body) {
    if (tree.node(place.item).kind == NodeKind::Block) {
      const spec::ExpectedBlock* block = spec::find_block(*body, name);
      if (block == nullptr) return dynamic_block_hover(snapshot, *body, place, writer);
      std::string text =
          with_description("block " + writer.code(name) + ": " + block_kind_text(*block),
                           block->description, writer);
      if (snapshot.kind == DocumentKind::SpecFile)
        if (std::optional<types::Type> gives = spec_block_type(snapshot, place.item))
          text += "\n\nThis spec gives a value of type " + writer.code(type_text(*gives)) + ".";
      return HoverResult{std::move(text), place.word};
    }
    if (const spec::ExpectedAttribute* attribute = spec::find_attribute(*body, name))
      return HoverResult{with_description("attribute " + writer.code(name) + ": " +
                                              writer.code(type_text(attribute->type)) +
                                              (attribute->required ? ", required" : ", optional"),
                                          attribute->description, writer),
                         place.word};
    if (body->any_attribute)
      return HoverResult{with_description("attribute " + writer.code(name) + ": " +
                                              writer.code(type_text(body->any_attribute->type)),
                                          body->any_attribute->description, writer),
                         place.word};
    return std::nullopt;
  }

  if (place.kind == CursorPlace::Kind::Value && place.after_dot && !place.word.empty())
    if (const IteratorVariable* iterator =
            iterator_before_dot(model.iterators, tree.text(), place.word.start)) {
      const std::string_view step = place.word.slice(tree.text());
      if (step != "key" && step != "value") return std::nullopt;
      return HoverResult{writer.code(iterator->name + "." + std::string(step)) + "\n\n" +
                             writer.prose(iterator_step_description(*iterator, step)),
                         place.word};
    }
  const std::optional<base::ByteRange> head = expression_head(tree, place, offset);
  if (!head) return std::nullopt;
  const base::ByteRange first = *head;
  const syntax::Node& expression = tree.node(place.expression);
  const std::string_view word = first.slice(tree.text());
  if (expression.kind == NodeKind::FunctionCall) {
    // A spec file's expressions call the spec definition functions; a document, its spec's.
    const eval::Functions* functions = snapshot.kind == DocumentKind::SpecFile
                                           ? spec::spec_definition_scope().functions
                                           : &snapshot.binding.spec->functions;
    if (functions == nullptr) return std::nullopt;
    const auto found = functions->find(word);
    if (found == functions->end()) return std::nullopt;
    return HoverResult{
        with_description(writer.code_block("hcl", function_signature(word, found->second)),
                         found->second.description, writer),
        first};
  }
  if (expression.kind == NodeKind::ScopeTraversal)
    if (const IteratorVariable* iterator = find_iterator(model.iterators, word))
      return HoverResult{
          "iterator " + writer.code(word) + "\n\n" + writer.prose(iterator_description(*iterator)),
          first};
  if (expression.kind == NodeKind::ScopeTraversal && snapshot.kind == DocumentKind::Config) {
    const eval::Variables& variables = snapshot.binding.spec->variables;
    const auto found = variables.find(word);
    if (found == variables.end()) return std::nullopt;
    return HoverResult{"variable " + writer.code(word) + ": " +
                           writer.code(type_text(found->second.type())) + "\n\n" +
                           (writer.code_block("json", value_text(found->second))),
                       first};
  }
  return std::nullopt;
}

}  // namespace

std::optional<HoverResult> hover(const Snapshot& snapshot, uint32_t offset, bool markdown) {
  const Writer writer(markdown);
  const SpecBinding& binding = snapshot.binding;
  if (binding.modeline && binding.modeline->start <= offset && offset <= binding.modeline->end)
    return HoverResult{binding_text(snapshot, writer), *binding.modeline};
  // JSON documents: only the first line's hover; their names are strings the cursor's place
  // finder (native tokens) does not read.
  std::optional<HoverResult> result;
  if (snapshot.tree) result = item_hover(snapshot, offset, writer);
  const base::ByteRange line = first_line(snapshot.source());
  if (offset > line.end) return result;
  // On the first line the spec's name always shows, after what is hovered there.
  if (result) {
    result->contents += "\n\n" + binding_text(snapshot, writer);
    return result;
  }
  return HoverResult{binding_text(snapshot, writer), line};
}

}  // namespace hclspec::features
