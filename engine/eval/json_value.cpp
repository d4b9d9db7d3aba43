// JSON syntax values: scalars, tuples and objects, with strings parsed as templates in a scope.
#include "eval/json_value.hpp"

#include <map>

#include "base/big_stack.hpp"
#include "base/unicode.hpp"
#include "eval/evaluate.hpp"
#include "syntax/parser.hpp"
#include "types/convert.hpp"

namespace hclspec::eval {

using syntax::JsonId;
using syntax::JsonKind;
using types::Value;

namespace {

// A string's template, parsed from its decoded text (as hcl does: escapes JSON removed are not
// seen, so positions inside are exact only for strings without escapes). Positions in the tree
// are relative to the string's content; `shift` moves ranges to the JSON file.
struct StringTemplate {
  std::unique_ptr<syntax::SyntaxTree> tree;
  uint32_t shift;
};

// Whether a string can be a template with interpolations or directives at all: most strings
// are plain literals and need no parse.
bool may_be_template(std::string_view text) {
  return text.find("${") != std::string_view::npos || text.find("%{") != std::string_view::npos;
}

StringTemplate parse_string_template(const syntax::JsonTree& tree, const std::string& text,
                                     base::ByteRange quoted) {
  return {syntax::parse_template_text(text, tree.filename()), quoted.start + 1};
}

void shift_diagnostics(base::Diagnostics& diags, size_t from, uint32_t shift) {
  for (size_t i = from; i < diags.size(); ++i) {
    diags[i].subject = {diags[i].subject.start + shift, diags[i].subject.end + shift};
    if (diags[i].context)
      diags[i].context = {diags[i].context->start + shift, diags[i].context->end + shift};
  }
}

class JsonEvaluator {
 public:
  // Whether a level of `scope` offers variables or functions: hcl reads JSON strings as
  // templates only with an evaluation context, which a scope setting nothing but a budget is not.
  static bool offers_names(const Scope* scope) {
    for (; scope != nullptr; scope = scope->parent)
      if (scope->variables != nullptr || scope->functions != nullptr) return true;
    return false;
  }

  JsonEvaluator(const syntax::JsonTree& tree, const Scope* scope, base::Diagnostics& diags)
      : tree_(tree), scope_(scope), diags_(diags) {}

  Value eval(JsonId id) {
    const syntax::JsonNode& n = tree_.node(id);
    switch (n.kind) {
      case JsonKind::String:
        return string(n.string_value, n.range);
      case JsonKind::Number: {
        std::optional<types::Number> number = types::Number::parse(n.range.slice(tree_.text()));
        return number ? Value::number(std::move(*number)) : Value::unknown(types::Type::number());
      }
      case JsonKind::Bool:
        return Value::boolean(n.boolean);
      case JsonKind::Null:
        return Value::null(types::Type::dynamic());
      case JsonKind::Array: {
        std::vector<Value> elements;
        for (JsonId element : tree_.elements(id)) elements.push_back(eval(element));
        return Value::tuple(std::move(elements));
      }
      case JsonKind::Object:
        return object(id);
      case JsonKind::Invalid:
        break;
    }
    return Value::unknown(types::Type::dynamic());
  }

 private:
  Value string(const std::string& text, base::ByteRange quoted) {
    // The escapes "$${" and "%%{" contain the sequences looked for, so they are parsed too.
    if (!offers_names(scope_) || !may_be_template(text)) return Value::string(text);
    const StringTemplate parsed = parse_string_template(tree_, text, quoted);
    const size_t from = diags_.size();
    diags_.insert(diags_.end(), parsed.tree->diagnostics().begin(),
                  parsed.tree->diagnostics().end());
    Value value = base::has_errors(diags_, from)
                      ? Value::unknown(types::Type::dynamic())
                      : evaluate(*parsed.tree, parsed.tree->root(), scope_, diags_);
    shift_diagnostics(diags_, from, parsed.shift);
    return value;
  }

  Value object(JsonId id) {
    types::Entries attributes;
    std::map<std::string, base::ByteRange> defined;
    bool known = true;
    for (const syntax::JsonProperty& property : tree_.properties(id)) {
      const Value key = string(property.name, property.name_range);
      Value value = eval(property.value);
      types::Converted name = types::convert(key, types::Type::string());
      if (!name.ok()) {
        error("Invalid object key expression",
              "Cannot use this expression as an object key: " + name.error + ".",
              property.name_range);
        continue;
      }
      if (name.value.is_null()) {
        error("Invalid object key expression", "Cannot use null value as an object key.",
              property.name_range);
        continue;
      }
      if (!name.value.is_known()) {
        known = false;  // the object's type cannot be known: it becomes wholly unknown
        continue;
      }
      const std::string& text = name.value.as_string();
      const auto [earlier, added] = defined.emplace(text, property.name_range);
      if (!added) {
        error("Duplicate object attribute",
              "An attribute named " + base::go_quote(text) + " was already defined at " +
                  base::format_range(tree_, earlier->second) + ".",
              property.name_range);
        continue;
      }
      attributes.emplace_back(text, std::move(value));
    }
    if (!known) return Value::unknown(types::Type::dynamic());
    return Value::object(std::move(attributes));
  }

  void error(std::string summary, std::string detail, base::ByteRange subject) {
    diags_.push_back(
        {base::Severity::Error, std::move(summary), std::move(detail), subject, std::nullopt});
  }

  const syntax::JsonTree& tree_;
  const Scope* scope_;
  base::Diagnostics& diags_;
};

void collect_variables(const syntax::JsonTree& tree, JsonId id, std::vector<Traversal>& out) {
  const auto from_string = [&](const std::string& text, base::ByteRange quoted) {
    if (!may_be_template(text)) return;
    const StringTemplate parsed = parse_string_template(tree, text, quoted);
    if (base::has_errors(parsed.tree->diagnostics())) return;
    for (Traversal& traversal : referenced_variables(*parsed.tree, parsed.tree->root())) {
      for (TraversalStep& step : traversal)
        step.range = {step.range.start + parsed.shift, step.range.end + parsed.shift};
      out.push_back(std::move(traversal));
    }
  };
  const syntax::JsonNode& n = tree.node(id);
  if (n.kind == JsonKind::String) {
    from_string(n.string_value, n.range);
  } else if (n.kind == JsonKind::Array) {
    for (JsonId element : tree.elements(id)) collect_variables(tree, element, out);
  } else if (n.kind == JsonKind::Object) {
    for (const syntax::JsonProperty& property : tree.properties(id)) {
      from_string(property.name, property.name_range);
      collect_variables(tree, property.value, out);
    }
  }
}

}  // namespace

Value evaluate_json(const syntax::JsonTree& tree, JsonId value, const Scope* scope,
                    base::Diagnostics& diags) {
  Value result;
  base::run_on_large_stack([&] { result = JsonEvaluator(tree, scope, diags).eval(value); });
  return result;
}

std::vector<Traversal> json_referenced_variables(const syntax::JsonTree& tree, JsonId value) {
  std::vector<Traversal> out;
  base::run_on_large_stack([&] { collect_variables(tree, value, out); });
  return out;
}

}  // namespace hclspec::eval
