// Traversal steps from tokens; hcl's Index, GetAttr and TraverseRel; variable references.
#include "eval/traversal.hpp"

#include <algorithm>
#include <set>

#include "syntax/lexer.hpp"
#include "syntax/string_literal.hpp"
#include "types/convert.hpp"

namespace hclspec::eval {

using syntax::NodeId;
using syntax::NodeKind;
using syntax::SyntaxTree;
using syntax::Token;
using syntax::TokenKind;
using types::Type;
using types::Value;

namespace {

// The significant tokens of [first, end).
std::vector<uint32_t> significant_tokens(const SyntaxTree& tree, uint32_t first, uint32_t end) {
  std::vector<uint32_t> out;
  for (uint32_t t = first; t < end; ++t)
    if (!is_trivia(tree.tokens()[t].kind())) out.push_back(t);
  return out;
}

// The value of a literal index key: a number, true/false/null, or a string template without
// interpolations (quoted or heredoc).
Value literal_key(const SyntaxTree& tree, const std::vector<uint32_t>& toks) {
  if (toks.empty()) return Value::unknown(Type::dynamic());
  const Token& first = tree.tokens()[toks[0]];
  const std::string_view text = tree.token_text(toks[0]);
  if (first.kind() == TokenKind::NumberLit) {
    auto n = types::Number::parse(text);
    return n ? Value::number(std::move(*n)) : Value::unknown(Type::number());
  }
  if (first.kind() == TokenKind::Ident) {
    if (text == "true") return Value::boolean(true);
    if (text == "false") return Value::boolean(false);
    return Value::null(Type::dynamic());
  }
  std::string decoded;
  base::Diagnostics ignored;  // reported when the file was parsed
  for (uint32_t t : toks) {
    const Token& tok = tree.tokens()[t];
    if (tok.kind() == TokenKind::QuotedLit || tok.kind() == TokenKind::StringLit)
      syntax::decode_string_literal(tree.token_text(t), tok.start(),
                                    tok.kind() == TokenKind::QuotedLit, decoded, ignored);
  }
  return Value::string(decoded);
}

}  // namespace

Traversal traversal_steps(const SyntaxTree& tree, NodeId node) {
  const syntax::Node& n = tree.node(node);
  uint32_t first = n.first_token;
  Traversal steps;
  if (n.kind == NodeKind::RelativeTraversal) {
    first = tree.node(node - 1).end_token;  // the source is the last child
  }
  const std::vector<uint32_t> toks = significant_tokens(tree, first, n.end_token);
  size_t i = 0;
  const auto range = [&](uint32_t from, uint32_t to) {
    return base::ByteRange{tree.tokens()[from].start(), tree.tokens()[to].end()};
  };
  if (n.kind == NodeKind::ScopeTraversal && !toks.empty()) {
    steps.push_back({TraversalStep::Kind::Root, std::string(tree.token_text(toks[0])), Value(),
                     range(toks[0], toks[0])});
    i = 1;
  }
  while (i < toks.size()) {
    const TokenKind kind = tree.tokens()[toks[i]].kind();
    if (kind == TokenKind::Dot && i + 1 < toks.size()) {
      const uint32_t what = toks[i + 1];
      const std::string_view text = tree.token_text(what);
      if (tree.tokens()[what].kind() == TokenKind::Ident) {
        steps.push_back(
            {TraversalStep::Kind::Attribute, std::string(text), Value(), range(toks[i], what)});
      } else {
        // The legacy ".0" index; "a.0.1" (one number token) has no usable key.
        Value key = Value::unknown(Type::dynamic());
        if (text.find('.') == std::string_view::npos)
          if (auto number = types::Number::parse(text)) key = Value::number(std::move(*number));
        steps.push_back({TraversalStep::Kind::Index, "", key, range(toks[i], what)});
      }
      i += 2;
      continue;
    }
    if (kind == TokenKind::OBrack) {
      size_t close = i + 1;
      while (close < toks.size() && tree.tokens()[toks[close]].kind() != TokenKind::CBrack) ++close;
      const std::vector<uint32_t> inner(
          toks.begin() + static_cast<long>(i) + 1,
          toks.begin() + static_cast<long>(std::min(close, toks.size())));
      steps.push_back({TraversalStep::Kind::Index, "", literal_key(tree, inner),
                       range(toks[i], toks[std::min(close, toks.size() - 1)])});
      i = close + 1;
      continue;
    }
    ++i;  // only reachable in trees with syntax errors
  }
  return steps;
}

std::optional<Traversal> parse_traversal(std::string_view text, uint32_t offset) {
  base::Diagnostics problems;
  const syntax::Tokens all = syntax::lex(text);
  syntax::check_invalid_tokens(all, problems);
  if (base::has_errors(problems)) return std::nullopt;
  // The significant tokens, the Eof that ends them last; past the end, that Eof again.
  std::vector<Token> tokens;
  for (const Token& token : all)
    if (!is_trivia(token.kind())) tokens.push_back(token);
  const auto at = [&](size_t i) -> const Token& { return tokens[std::min(i, tokens.size() - 1)]; };
  const auto range = [&](const Token& from, const Token& to) {
    return base::ByteRange{offset + from.start(), offset + to.end()};
  };
  if (at(0).kind() != TokenKind::Ident) return std::nullopt;
  Traversal steps{
      {TraversalStep::Kind::Root, std::string(at(0).text(text)), Value(), range(at(0), at(0))}};
  size_t i = 1;
  while (at(i).kind() != TokenKind::Eof) {
    const Token& open = at(i);
    if (open.kind() == TokenKind::Dot) {
      const Token& name = at(i + 1);
      if (name.kind() != TokenKind::Ident) return std::nullopt;
      steps.push_back({TraversalStep::Kind::Attribute, std::string(name.text(text)), Value(),
                       range(open, name)});
      i += 2;
      continue;
    }
    if (open.kind() != TokenKind::OBrack) return std::nullopt;
    Value key;
    size_t close = i + 2;
    if (at(i + 1).kind() == TokenKind::NumberLit) {
      std::optional<types::Number> number = types::Number::parse(at(i + 1).text(text));
      if (!number) return std::nullopt;
      key = Value::number(std::move(*number));
    } else if (at(i + 1).kind() == TokenKind::OQuote) {
      std::string decoded;
      for (; at(close).kind() == TokenKind::QuotedLit; ++close)
        syntax::decode_string_literal(at(close).text(text), offset + at(close).start(), true,
                                      decoded, problems);
      if (at(close).kind() != TokenKind::CQuote || base::has_errors(problems)) return std::nullopt;
      key = Value::string(decoded);
      ++close;
    } else {
      return std::nullopt;
    }
    if (at(close).kind() != TokenKind::CBrack) return std::nullopt;
    steps.push_back({TraversalStep::Kind::Index, "", std::move(key), range(open, at(close))});
    i = close + 1;
  }
  return steps;
}

namespace {

base::Diagnostic error(const char* summary, std::string detail, base::ByteRange range) {
  return {base::Severity::Error, summary, std::move(detail), range, std::nullopt};
}

const char* const kInvalidIndex = "Invalid index";

// cty's HasIndex for a list, tuple or map and a converted key: true, false, or unknown.
Value has_index(const Value& collection, const Value& key) {
  if (!key.is_known() || !collection.is_known()) return Value::unknown(Type::boolean());
  if (collection.type().is_map()) return Value::boolean(collection.get(key.as_string()) != nullptr);
  const types::Number& n = key.as_number();
  const std::optional<int64_t> i = n.is_integer() ? n.to_int64() : std::nullopt;
  return Value::boolean(i && *i >= 0 && static_cast<uint64_t>(*i) < collection.length());
}

// A key that does not convert to what the collection is indexed by.
base::Diagnostic key_conversion_error(const std::string& why, base::ByteRange range) {
  return error(kInvalidIndex,
               "The given key does not identify an element in this collection value: " + why + ".",
               range);
}

}  // namespace

Value index_value(const Value& collection, const Value& key, base::ByteRange range,
                  base::Diagnostics& diags) {
  if (collection.is_null()) {
    diags.push_back(error("Attempt to index null value",
                          "This value is null, so it does not have any indices.", range));
    return Value::unknown(Type::dynamic());
  }
  if (key.is_null()) {
    diags.push_back(error(kInvalidIndex, "Can't use a null value as an indexing key.", range));
    return Value::unknown(Type::dynamic());
  }
  const Type& type = collection.type();
  if (key.type().is_dynamic() || type.is_dynamic()) return Value::unknown(Type::dynamic());

  if (type.is_list() || type.is_tuple() || type.is_map()) {
    const types::Converted converted =
        types::convert(key, type.is_map() ? Type::string() : Type::number());
    if (!converted.ok()) {
      diags.push_back(key_conversion_error(converted.error, range));
      return Value::unknown(Type::dynamic());
    }
    const Value& k = converted.value;
    const Value has = has_index(collection, k);
    if (!has.is_known())
      return type.is_tuple() ? Value::unknown(Type::dynamic()) : Value::unknown(type.element());
    if (!has.as_bool()) {
      std::string detail = "The given key does not identify an element in this collection value";
      if (!type.is_map()) {
        const types::Number& n = k.as_number();
        if (!n.is_integer())
          detail +=
              ": indexing a sequence requires a whole number, but the given index has a "
              "fractional part";
        else if (n.sign() < 0)
          detail += ": a negative number is not a valid index for a sequence";
        else if (collection.length() == 0)
          detail += ": the collection has no elements";
        else
          detail += ": the given index is greater than or equal to the length of the collection";
      }
      diags.push_back(error(kInvalidIndex, detail + ".", range));
      return Value::unknown(Type::dynamic());
    }
    if (type.is_map()) return *collection.get(k.as_string());
    return collection.elements()[static_cast<size_t>(*k.as_number().to_int64())];
  }
  if (type.is_object()) {
    const bool was_number = key.type().kind() == types::TypeKind::Number;
    const types::Converted converted = types::convert(key, Type::string());
    if (!converted.ok()) {
      diags.push_back(key_conversion_error(converted.error, range));
      return Value::unknown(Type::dynamic());
    }
    if (!converted.value.is_known()) return Value::unknown(Type::dynamic());
    const std::string& name = converted.value.as_string();
    const Type* attr = type.attribute(name);
    if (attr == nullptr) {
      diags.push_back(error(kInvalidIndex,
                            std::string("The given key does not identify an element in this "
                                        "collection value.") +
                                (was_number ? " An object only supports looking up attributes by "
                                              "name, not by numeric index."
                                            : ""),
                            range));
      return Value::unknown(Type::dynamic());
    }
    if (!collection.is_known()) return Value::unknown(*attr);
    return *collection.get(name);
  }
  if (type.is_set()) {
    diags.push_back(error(kInvalidIndex,
                          "Elements of a set are identified only by their value and don't have "
                          "any separate index or key to select with, so it's only possible to "
                          "perform operations across all elements of the set.",
                          range));
    return Value::unknown(Type::dynamic());
  }
  diags.push_back(error(kInvalidIndex, "This value does not have any indices.", range));
  return Value::unknown(Type::dynamic());
}

Value get_attribute(const Value& object, const std::string& name, base::ByteRange range,
                    base::Diagnostics& diags) {
  const char* const kUnsupported = "Unsupported attribute";
  if (object.is_null()) {
    diags.push_back(error("Attempt to get attribute from null value",
                          "This value is null, so it does not have any attributes.", range));
    return Value::unknown(Type::dynamic());
  }
  const Type& type = object.type();
  if (type.is_object()) {
    const Type* attr = type.attribute(name);
    if (attr == nullptr) {
      diags.push_back(error(
          kUnsupported, "This object does not have an attribute named \"" + name + "\".", range));
      return Value::unknown(Type::dynamic());
    }
    if (!object.is_known()) return Value::unknown(*attr);
    return *object.get(name);
  }
  if (type.is_map()) {
    if (!object.is_known()) return Value::unknown(type.element());
    const Value* element = object.get(name);
    if (element == nullptr) {
      diags.push_back(error("Missing map element",
                            "This map does not have an element with the key \"" + name + "\".",
                            range));
      return Value::unknown(Type::dynamic());
    }
    return *element;
  }
  if (type.is_dynamic()) return Value::unknown(Type::dynamic());
  if (type.is_list() && type.element().is_object()) {
    if (type.element().attribute(name) != nullptr)
      diags.push_back(error(kUnsupported,
                            "Can't access attributes on a list of objects. Did you mean to access "
                            "attribute \"" +
                                name +
                                "\" for a specific element of the list, or across all elements "
                                "of the list?",
                            range));
    else
      diags.push_back(error(kUnsupported,
                            "Can't access attributes on a list of objects. Did you mean to access "
                            "an attribute for a specific element of the list, or across all "
                            "elements of the list?",
                            range));
    return Value::unknown(Type::dynamic());
  }
  if (type.is_set() && type.element().is_object()) {
    diags.push_back(error(kUnsupported,
                          "Can't access attributes on a set of objects. Did you mean to access an "
                          "attribute across all elements of the set?",
                          range));
    return Value::unknown(Type::dynamic());
  }
  if (type.is_primitive()) {
    diags.push_back(
        error(kUnsupported,
              "Can't access attributes on a primitive-typed value (" + type.friendly_name() + ").",
              range));
    return Value::unknown(Type::dynamic());
  }
  diags.push_back(error(kUnsupported, "This value does not have any attributes.", range));
  return Value::unknown(Type::dynamic());
}

Value traverse(Value value, const Traversal& steps, size_t first, base::Diagnostics& diags) {
  for (size_t i = first; i < steps.size(); ++i) {
    const size_t before = diags.size();
    const TraversalStep& step = steps[i];
    value = step.kind == TraversalStep::Kind::Attribute
                ? get_attribute(value, step.name, step.range, diags)
                : index_value(value, step.key, step.range, diags);
    if (base::has_errors(diags, before)) return Value::unknown(Type::dynamic());
  }
  return value;
}

namespace {

// hcl's Variables walk: traversals in source order, minus names bound by enclosing fors.
class VariableWalker {
 public:
  explicit VariableWalker(const SyntaxTree& tree) : tree_(tree) {}

  void walk(NodeId id) {
    const syntax::Node& n = tree_.node(id);
    syntax::ChildIds kids;
    tree_.children(id, kids);
    switch (n.kind) {
      case NodeKind::ScopeTraversal: {
        Traversal steps = traversal_steps(tree_, id);
        if (!steps.empty() && !bound(steps[0].name)) out_.push_back(std::move(steps));
        return;
      }
      case NodeKind::Object:
        for (size_t i = 0; i < kids.size(); ++i) {
          // A bare name as key is a literal, not a reference.
          if (i % 2 == 0 && tree_.node(kids[i]).kind == NodeKind::ScopeTraversal &&
              traversal_steps(tree_, kids[i]).size() == 1)
            continue;
          walk(kids[i]);
        }
        return;
      case NodeKind::For:
      case NodeKind::TemplateFor: {
        const std::vector<std::string> names = for_variables(id);
        if (!kids.empty()) walk(kids[0]);  // the collection is outside the for's scope
        for (const std::string& name : names) bound_.push_back(name);
        for (size_t i = 1; i < kids.size(); ++i) walk(kids[i]);
        bound_.resize(bound_.size() - names.size());
        return;
      }
      case NodeKind::ForDirective:
        for (NodeId kid : kids) walk(kid);
        return;
      default:
        for (NodeId kid : kids) walk(kid);
    }
  }

  std::vector<Traversal> take() { return std::move(out_); }

 private:
  bool bound(const std::string& name) const {
    return std::find(bound_.begin(), bound_.end(), name) != bound_.end();
  }

  // The iteration variable names of a For node or a TemplateFor's directive.
  std::vector<std::string> for_variables(NodeId id) const {
    const syntax::Node& n = tree_.node(id);
    std::vector<std::string> names;
    bool after_for = false;
    for (uint32_t t = n.first_token; t < n.end_token; ++t) {
      const Token& tok = tree_.tokens()[t];
      if (is_trivia(tok.kind())) continue;
      const std::string_view text = tree_.token_text(t);
      if (!after_for) {
        after_for = tok.kind() == TokenKind::Ident && text == "for";
        continue;
      }
      if (tok.kind() == TokenKind::Ident && text != "in") names.emplace_back(text);
      if (tok.kind() == TokenKind::Comma) continue;
      if (tok.kind() != TokenKind::Ident || text == "in") break;
    }
    return names;
  }

  const SyntaxTree& tree_;
  std::vector<std::string> bound_;
  std::vector<Traversal> out_;
};

}  // namespace

std::vector<Traversal> referenced_variables(const SyntaxTree& tree, NodeId expression) {
  VariableWalker walker(tree);
  walker.walk(expression);
  return walker.take();
}

}  // namespace hclspec::eval
