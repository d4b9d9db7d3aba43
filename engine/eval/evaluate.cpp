// The expression evaluator: hclsyntax's Value methods, node kind by node kind.
#include "eval/evaluate.hpp"

#include <algorithm>
#include <array>
#include <optional>

#include "base/big_stack.hpp"
#include "base/suggest.hpp"
#include "eval/evaluator.hpp"
#include "eval/stdlib.hpp"
#include "syntax/parser.hpp"
#include "types/convert.hpp"

namespace hclspec::eval {

using syntax::NodeId;
using syntax::NodeKind;
using syntax::TokenKind;
using types::Type;
using types::Value;

namespace {

Value dynamic_value() {
  return Value::unknown(Type::dynamic());
}

// The first significant token at or after `t`.
uint32_t next_significant(const syntax::SyntaxTree& tree, uint32_t t) {
  while (t + 1 < tree.tokens().size() && is_trivia(tree.tokens()[t].kind())) ++t;
  return t;
}

base::ByteRange token_range(const syntax::SyntaxTree& tree, uint32_t t) {
  return tree.tokens()[t].range();
}

// The "[" ... "]" of an Index node: from the first token after the collection to the end.
base::ByteRange bracket_range(const syntax::SyntaxTree& tree, NodeId index, NodeId collection) {
  const uint32_t open = next_significant(tree, tree.node(collection).end_token);
  return {tree.tokens()[open].start(), tree.range(index).end};
}

// A splat's marker: "[*]" or ".*", the range of its SplatItem.
NodeId splat_item_of(const syntax::SyntaxTree& tree, NodeId each) {
  return tree.node(each).first_descendant;
}

}  // namespace

base::ByteRange expression_range(const syntax::SyntaxTree& tree, NodeId id) {
  return tree.range(id);
}

base::ByteRange expression_start_range(const syntax::SyntaxTree& tree, NodeId id) {
  const syntax::Node& n = tree.node(id);
  syntax::ChildIds kids;
  tree.children(id, kids);
  switch (n.kind) {
    case NodeKind::FunctionCall: {
      // The name (with any "ns::" parts) and the opening parenthesis.
      uint32_t t = n.first_token;
      while (t < n.end_token && tree.tokens()[t].kind() != TokenKind::OParen) ++t;
      return {tree.tokens()[n.first_token].start(),
              tree.tokens()[std::min(t, n.end_token - 1)].end()};
    }
    case NodeKind::Conditional:
    case NodeKind::BinaryOp:
    case NodeKind::Parenthesis:
      return kids.empty() ? tree.range(id) : expression_start_range(tree, kids[0]);
    case NodeKind::Template:
      // hclsyntax: the first part's start; a literal first part is its text inside the quotes.
      if (n.first_token + 1 < n.end_token &&
          tree.tokens()[n.first_token + 1].kind() == TokenKind::QuotedLit)
        return token_range(tree, n.first_token + 1);
      return tree.range(id);
    case NodeKind::UnaryOp:
    case NodeKind::Tuple:
    case NodeKind::Object:
    case NodeKind::For:
      return token_range(tree, n.first_token);
    case NodeKind::Index:
      return token_range(tree, next_significant(tree, tree.node(kids[0]).end_token));
    case NodeKind::Splat:
      return tree.range(splat_item_of(tree, kids[1]));
    default:
      return tree.range(id);
  }
}

std::vector<std::pair<Value, Value>> iteration_pairs(const Value& collection) {
  std::vector<std::pair<Value, Value>> out;
  const Type& t = collection.type();
  if (t.is_map() || t.is_object()) {
    for (const auto& [key, element] : collection.entries())
      out.emplace_back(Value::string(key), element);
  } else {
    int64_t i = 0;
    for (const Value& element : collection.elements())
      out.emplace_back(t.is_set() ? element : Value::number(i++), element);
  }
  return out;
}

bool can_iterate(const Type& t) {
  return t.is_collection() || t.is_tuple() || t.is_object();
}

namespace detail {

bool Evaluator::take_iterations(const Value& collection, const Scope* scope,
                                base::ByteRange subject, base::ByteRange context) {
  IterationBudget* budget = iteration_budget(scope);
  const size_t count = collection.length();
  if (budget == nullptr || budget->take(count)) return true;
  error("Too many iterations",
        IterationBudget::exceeded("Iterating over these " + std::to_string(count) + " elements"),
        subject, context);
  return false;
}

void Evaluator::error(const char* summary, std::string detail, base::ByteRange subject) {
  diags_.push_back({base::Severity::Error, summary, std::move(detail), subject, std::nullopt});
}

void Evaluator::error(const char* summary, std::string detail, base::ByteRange subject,
                      base::ByteRange context) {
  diags_.push_back({base::Severity::Error, summary, std::move(detail), subject, context});
}

Value Evaluator::eval(NodeId id, const Scope* scope) {
  // The parser bounds nesting, so this only guards trees built some other way.
  if (depth_ > syntax::kMaxNestingDepth) return dynamic_value();
  ++depth_;
  struct Leave {
    int& depth;
    ~Leave() { --depth; }
  } leave{depth_};
  switch (node(id).kind) {
    case NodeKind::Literal:
      return literal(id);
    case NodeKind::ScopeTraversal:
      return scope_traversal(id, scope);
    case NodeKind::RelativeTraversal: {
      Value source = eval(id - 1, scope);
      return traverse(std::move(source), traversal_steps(tree_, id), 0, diags_);
    }
    case NodeKind::Index:
      return index(id, scope);
    case NodeKind::Splat:
      return splat(id, scope);
    case NodeKind::SplatItem:
      for (auto it = splat_items_.rbegin(); it != splat_items_.rend(); ++it)
        if (it->first == id) return it->second;
      return dynamic_value();
    case NodeKind::FunctionCall:
      return function_call(id, scope);
    case NodeKind::Parenthesis:
      return eval(id - 1, scope);
    case NodeKind::UnaryOp:
      return unary(id, scope);
    case NodeKind::BinaryOp:
      return binary(id, scope);
    case NodeKind::Conditional:
      return conditional(id, scope);
    case NodeKind::Tuple: {
      const syntax::ChildIds kids = children(id);
      return Value::tuple_of_array(
          types::SharedArray<Value>(kids.size(), [&](size_t i) { return eval(kids[i], scope); }));
    }
    case NodeKind::Object:
      return object(id, scope);
    case NodeKind::For:
      return for_expression(id, scope);
    case NodeKind::Template:
    case NodeKind::Heredoc:
      return template_expression(id, scope);
    default:
      return dynamic_value();  // Invalid, and pieces that only occur inside templates
  }
}

Value Evaluator::literal(NodeId id) {
  const uint32_t t = node(id).first_token;
  const std::string_view text = tree_.token_text(t);
  if (tree_.tokens()[t].kind() == TokenKind::NumberLit) {
    auto number = types::Number::parse(text);
    return number ? Value::number(std::move(*number)) : Value::unknown(Type::number());
  }
  if (text == "true") return Value::boolean(true);
  if (text == "false") return Value::boolean(false);
  return Value::null(Type::dynamic());
}

Value Evaluator::scope_traversal(NodeId id, const Scope* scope) {
  const Traversal steps = traversal_steps(tree_, id);
  if (steps.empty()) return dynamic_value();
  const TraversalStep& root = steps[0];
  bool any_variables = false;
  for (const Scope* s = scope; s != nullptr; s = s->parent) {
    if (s->variables == nullptr) continue;
    any_variables = true;
    const auto found = s->variables->find(root.name);
    if (found != s->variables->end()) return traverse(found->second, steps, 1, diags_);
  }
  if (!any_variables) {
    error("Variables not allowed", "Variables may not be used here.", root.range);
    return dynamic_value();
  }
  std::string suggestion;
  for (const Scope* s = scope; s != nullptr && suggestion.empty(); s = s->parent) {
    if (s->variables == nullptr) continue;
    for (const auto& [name, value] : *s->variables)
      if (base::levenshtein_distance(root.name, name) < 3) {
        suggestion = name;
        break;
      }
  }
  error("Unknown variable",
        "There is no variable named \"" + root.name + "\"." +
            (suggestion.empty() ? "" : " Did you mean \"" + suggestion + "\"?"),
        root.range);
  return dynamic_value();
}

Value Evaluator::index(NodeId id, const Scope* scope) {
  const syntax::ChildIds kids = children(id);
  const Value collection = eval(kids[0], scope);
  const Value key = eval(kids[1], scope);
  return index_value(collection, key, bracket_range(tree_, id, kids[0]), diags_);
}

Value Evaluator::function_call(NodeId id, const Scope* scope) {
  const syntax::Node& n = node(id);
  std::string name;
  uint32_t open = n.first_token;
  for (; open < n.end_token && tree_.tokens()[open].kind() != TokenKind::OParen; ++open)
    name += tree_.token_text(open);
  const base::ByteRange name_range{tree_.tokens()[n.first_token].start(),
                                   tree_.tokens()[open - 1].end()};
  const base::ByteRange call_range = range(id);
  const base::ByteRange close_range = token_range(tree_, n.end_token - 1);

  const Function* function = nullptr;
  bool any_functions = false;
  for (const Scope* s = scope; s != nullptr && function == nullptr; s = s->parent) {
    if (s->functions == nullptr) continue;
    any_functions = true;
    const auto found = s->functions->find(name);
    if (found != s->functions->end()) function = &found->second;
  }
  if (function == nullptr) {
    if (!any_functions) {
      error("Function calls not allowed", "Functions may not be called here.", call_range);
      return dynamic_value();
    }
    std::string suggestion;
    if (scope != nullptr && scope->functions != nullptr)
      for (const auto& [candidate, f] : *scope->functions)
        if (base::levenshtein_distance(name, candidate) < 3) {
          suggestion = candidate;
          break;
        }
    error("Call to unknown function",
          "There is no function named \"" + name + "\"." +
              (suggestion.empty() ? "" : " Did you mean \"" + suggestion + "\"?"),
          name_range, call_range);
    return dynamic_value();
  }

  // Arguments: expressions, or values from expanding the last one ("...").
  struct Argument {
    NodeId node;
    std::optional<Value> value;  // set for expanded elements
  };
  std::vector<Argument> args;
  for (NodeId kid : children(id)) args.push_back({kid, std::nullopt});
  const size_t diag_mark = diags_.size();
  if ((n.flags & syntax::NodeFlags::kExpandFinal) != 0 && !args.empty()) {
    const NodeId expand = args.back().node;
    const Value expanded = eval(expand, scope);
    if (base::has_errors(diags_, diag_mark)) return dynamic_value();
    const Type& t = expanded.type();
    if (t.is_dynamic() || t.is_tuple() || t.is_list() || t.is_set()) {
      if (expanded.is_null()) {
        error("Invalid expanding argument value",
              "The expanding argument (indicated by ...) must not be null.", range(expand),
              call_range);
        return dynamic_value();
      }
      if (t.is_dynamic() || !expanded.is_known()) return dynamic_value();
      args.pop_back();
      for (const Value& element : expanded.elements()) args.push_back({expand, element});
    } else {
      error("Invalid expanding argument value",
            "The expanding argument (indicated by ...) must be of a tuple, list, or set type.",
            range(expand), call_range);
      return dynamic_value();
    }
  }

  const std::vector<Parameter>& params = function->params;
  if (args.size() < params.size()) {
    error("Not enough function arguments",
          "Function \"" + name + "\" expects" + (function->variadic ? " at least" : "") + " " +
              std::to_string(params.size()) + " argument(s). Missing value for \"" +
              params[args.size()].name + "\".",
          close_range, call_range);
    return dynamic_value();
  }
  if (!function->variadic && args.size() > params.size()) {
    error(
        "Too many function arguments",
        "Function \"" + name + "\" expects only " + std::to_string(params.size()) + " argument(s).",
        expression_start_range(tree_, args[params.size()].node), call_range);
    return dynamic_value();
  }

  std::vector<Value> values;
  for (size_t i = 0; i < args.size(); ++i) {
    const Parameter& param = i < params.size() ? params[i] : *function->variadic;
    const Value given = args[i].value ? *args[i].value : eval(args[i].node, scope);
    const base::ByteRange start =
        args[i].value ? range(args[i].node) : expression_start_range(tree_, args[i].node);
    types::Converted converted = types::convert(given, param.type);
    if (!converted.ok()) {
      error("Invalid function argument",
            "Invalid value for \"" + param.name + "\" parameter: " + converted.error + ".", start,
            call_range);
      values.push_back(given);
      continue;
    }
    values.push_back(std::move(converted.value));
  }
  if (base::has_errors(diags_, diag_mark)) return dynamic_value();

  const CallResult result = call_function(*function, values);
  if (result.ok()) return result.value;
  const CallError& failure = *result.error;
  if (failure.argument && *failure.argument < args.size()) {
    const size_t i = *failure.argument;
    const Parameter& param = i < params.size() ? params[i] : *function->variadic;
    const base::ByteRange start =
        args[i].value ? range(args[i].node) : expression_start_range(tree_, args[i].node);
    error("Invalid function argument",
          "Invalid value for \"" + param.name + "\" parameter: " + failure.message + ".", start,
          call_range);
  } else {
    error("Error in function call",
          "Call to function \"" + name + "\" failed: " + failure.message + ".",
          expression_start_range(tree_, id), call_range);
  }
  return dynamic_value();
}

Value Evaluator::unary(NodeId id, const Scope* scope) {
  const Function& f = operator_function(node(id).op);
  const NodeId operand = id - 1;
  const size_t mark = diags_.size();
  const Value given = eval(operand, scope);
  const types::Converted converted = types::convert(given, f.params[0].type);
  const Type result_type = f.params[0].type.is_dynamic() ? Type::boolean() : f.params[0].type;
  if (!converted.ok())
    error("Invalid operand", "Unsuitable value for unary operand: " + converted.error + ".",
          range(operand), range(id));
  if (base::has_errors(diags_, mark)) return Value::unknown(result_type);
  const CallResult result = call_function(f, {converted.value});
  if (!result.ok()) {
    error("Operation failed", "Error during operation: " + result.error->message + ".", range(id));
    return Value::unknown(result_type);
  }
  return result.value;
}

namespace {

// The arithmetic operators on two known numbers, as their functions compute them (no
// conversion, no null, unknown or dynamic argument to check), without the call machinery; nullopt
// for anything else, including the operations that fail, so that the general path reports them.
std::optional<Value> known_arithmetic(syntax::Operator op, const Value& a, const Value& b) {
  if (!a.is_known() || a.is_null() || !b.is_known() || b.is_null() ||
      a.type().kind() != types::TypeKind::Number || b.type().kind() != types::TypeKind::Number)
    return std::nullopt;
  using Arithmetic = std::optional<types::Number> (*)(const types::Number&, const types::Number&);
  const Arithmetic compute = op == syntax::Operator::Add        ? &types::Number::add
                             : op == syntax::Operator::Subtract ? &types::Number::subtract
                             : op == syntax::Operator::Multiply ? &types::Number::multiply
                             : op == syntax::Operator::Divide   ? &types::Number::divide
                                                                : nullptr;
  if (compute == nullptr) return std::nullopt;
  std::optional<types::Number> result = compute(a.as_number(), b.as_number());
  if (!result) return std::nullopt;
  return Value::number(std::move(*result));
}

}  // namespace

Value Evaluator::binary(NodeId id, const Scope* scope) {
  const Function& f = operator_function(node(id).op);
  // A binary operation has two children: the right one ends just before it, the left one just
  // before the right one's subtree.
  const std::array<NodeId, 2> kids{node(id - 1).first_descendant - 1, id - 1};
  const size_t mark = diags_.size();
  const Value left = eval(kids[0], scope);
  const Value right = eval(kids[1], scope);
  // Operands that reported errors make the result unknown, which the general path decides.
  if (!base::has_errors(diags_, mark))
    if (std::optional<Value> result = known_arithmetic(node(id).op, left, right))
      return std::move(*result);
  const types::Converted l = types::convert(left, f.params[0].type);
  if (!l.ok())
    error("Invalid operand", "Unsuitable value for left operand: " + l.error + ".", range(kids[0]),
          range(id));
  const types::Converted r = types::convert(right, f.params[1].type);
  if (!r.ok())
    error("Invalid operand", "Unsuitable value for right operand: " + r.error + ".", range(kids[1]),
          range(id));
  // Comparisons and logic give bools; arithmetic gives numbers.
  const syntax::Operator op = node(id).op;
  const bool arithmetic = op == syntax::Operator::Add || op == syntax::Operator::Subtract ||
                          op == syntax::Operator::Multiply || op == syntax::Operator::Divide ||
                          op == syntax::Operator::Modulo;
  const Type result_type = arithmetic ? Type::number() : Type::boolean();
  if (base::has_errors(diags_, mark)) return Value::unknown(result_type);
  const CallResult result = call_function(f, {l.value, r.value});
  if (!result.ok()) {
    error("Operation failed", "Error during operation: " + result.error->message + ".", range(id));
    return Value::unknown(result_type);
  }
  return result.value;
}

namespace {

// hclsyntax's describeConditionalTypeMismatch.
std::string describe_mismatch(const Type& t, const Type& f) {
  if (t.is_object() && f.is_object()) {
    for (const types::Attribute& a : t.attributes()) {
      const Type* other = f.attribute(a.name);
      if (other == nullptr)
        return "The 'true' value includes object attribute \"" + a.name +
               "\", which is absent in the 'false' value";
      if (!(a.type == *other))
        return "Type mismatch for object attribute \"" + a.name +
               "\": " + describe_mismatch(a.type, *other);
    }
    for (const types::Attribute& a : f.attributes())
      if (t.attribute(a.name) == nullptr)
        return "The 'false' value includes object attribute \"" + a.name +
               "\", which is absent in the 'true' value";
  } else if (t.is_tuple() && f.is_tuple()) {
    if (t.tuple_elements().size() != f.tuple_elements().size())
      return "The 'true' tuple has length " + std::to_string(t.tuple_elements().size()) +
             ", but the 'false' tuple has length " + std::to_string(f.tuple_elements().size());
    for (size_t i = 0; i < t.tuple_elements().size(); ++i)
      if (!(t.tuple_elements()[i] == f.tuple_elements()[i]))
        return "Type mismatch for tuple element " + std::to_string(i) + ": " +
               describe_mismatch(t.tuple_elements()[i], f.tuple_elements()[i]);
  } else if (t.is_collection() && f.is_collection() && t.kind() == f.kind()) {
    const Type& te = t.element();
    const Type& fe = f.element();
    if ((te.is_object() && fe.is_object()) || (te.is_tuple() && fe.is_tuple())) {
      const char* noun = t.is_list() ? "list" : t.is_set() ? "set" : "map";
      return std::string("Mismatched ") + noun + " element types: " + describe_mismatch(te, fe);
    }
  }
  if (t.friendly_name() == f.friendly_name())
    return "At least one deeply-nested attribute or element is not compatible across both the "
           "'true' and the 'false' value";
  return "The 'true' value is " + t.friendly_name() + ", but the 'false' value is " +
         f.friendly_name();
}

bool is_dynamic_null(const Value& v) {
  return v.is_null() && v.type().is_dynamic();
}

}  // namespace

Value Evaluator::conditional(NodeId id, const Scope* scope) {
  const syntax::ChildIds kids = children(id);
  // Both results are evaluated (for their type) but only the chosen one's problems count.
  base::Diagnostics true_diags, false_diags;
  Value true_result, false_result;
  const size_t start = diags_.size();
  true_result = eval(kids[1], scope);
  true_diags.assign(diags_.begin() + static_cast<long>(start), diags_.end());
  diags_.resize(start);
  false_result = eval(kids[2], scope);
  false_diags.assign(diags_.begin() + static_cast<long>(start), diags_.end());
  diags_.resize(start);

  std::optional<Type> result_type = Type::dynamic();
  bool convert_true = false, convert_false = false;
  if (is_dynamic_null(true_result)) {
    result_type = false_result.type();
    convert_true = true;
  } else if (is_dynamic_null(false_result)) {
    result_type = true_result.type();
    convert_false = true;
  } else if (!true_result.type().is_dynamic() && !false_result.type().is_dynamic()) {
    result_type = types::unify({true_result.type(), false_result.type()}, true);
    convert_true = convert_false = true;
  }
  if (!result_type) {
    error("Inconsistent conditional result types",
          "The true and false result expressions must have consistent types. " +
              describe_mismatch(true_result.type(), false_result.type()) + ".",
          base::range_between(range(kids[1]), range(kids[2])), range(id));
    return dynamic_value();
  }
  Value condition = eval(kids[0], scope);
  if (condition.is_null()) {
    error("Null condition", "The condition value is null. Conditions must either be true or false.",
          range(kids[0]), range(id));
    return Value::unknown(*result_type);
  }
  if (!condition.is_known()) return Value::unknown(*result_type);
  const types::Converted as_bool = types::convert(condition, Type::boolean());
  if (!as_bool.ok()) {
    error("Incorrect condition type", "The condition expression must be of type bool.",
          range(kids[0]), range(id));
    return Value::unknown(*result_type);
  }
  const bool take_true = as_bool.value.as_bool();
  base::Diagnostics& chosen_diags = take_true ? true_diags : false_diags;
  diags_.insert(diags_.end(), chosen_diags.begin(), chosen_diags.end());
  Value chosen = take_true ? true_result : false_result;
  if ((take_true ? convert_true : convert_false) && !(chosen.type() == *result_type)) {
    types::Converted converted = types::convert(chosen, *result_type);
    if (!converted.ok()) {
      error("Inconsistent conditional result types",
            std::string("The ") + (take_true ? "true" : "false") +
                " result value has the wrong type: " + converted.error + ".",
            range(kids[take_true ? 1 : 2]), range(id));
      return Value::unknown(*result_type);
    }
    chosen = std::move(converted.value);
  }
  return chosen;
}

// An object key: a bare name (or true/false/null) means itself unless parenthesized.
Value Evaluator::object_key(NodeId key, const Scope* scope, size_t& errors) {
  const syntax::Node& k = node(key);
  if (k.kind == NodeKind::ScopeTraversal) {
    const Traversal steps = traversal_steps(tree_, key);
    if (steps.size() > 1) {
      error("Ambiguous attribute key",
            "If this expression is intended to be a reference, wrap it in parentheses. If it's "
            "instead intended as a literal name containing periods, wrap it in quotes to create "
            "a string literal.",
            range(key));
      ++errors;
      return dynamic_value();
    }
    if (!steps.empty()) return Value::string(steps[0].name);
  }
  if (k.kind == NodeKind::Literal && tree_.tokens()[k.first_token].kind() == TokenKind::Ident)
    return Value::string(tree_.token_text(k.first_token));
  const size_t mark = diags_.size();
  Value v = eval(key, scope);
  if (base::has_errors(diags_, mark)) ++errors;
  return v;
}

Value Evaluator::object(NodeId id, const Scope* scope) {
  const syntax::ChildIds kids = children(id);
  types::Entries attributes;
  bool known = true;
  for (size_t i = 0; i + 1 < kids.size(); i += 2) {
    size_t key_errors = 0;
    const Value key = object_key(kids[i], scope, key_errors);
    Value value = eval(kids[i + 1], scope);
    if (key_errors > 0) {
      known = false;
      continue;
    }
    if (key.is_null()) {
      error("Null value as key", "Can't use a null value as a key.", range(kids[i + 1]));
      known = false;
      continue;
    }
    const types::Converted as_string = types::convert(key, Type::string());
    if (!as_string.ok()) {
      error("Incorrect key type", "Can't use this value as a key: " + as_string.error + ".",
            range(kids[i]));
      known = false;
      continue;
    }
    if (!as_string.value.is_known()) {
      known = false;
      continue;
    }
    attributes.emplace_back(as_string.value.as_string(), std::move(value));
  }
  if (!known) return dynamic_value();
  return Value::object(std::move(attributes));
}

Value Evaluator::for_expression(NodeId id, const Scope* scope) {
  const syntax::Node& n = node(id);
  const syntax::ChildIds kids = children(id);
  const bool has_key = (n.flags & syntax::NodeFlags::kForHasKey) != 0;
  const bool has_condition = (n.flags & syntax::NodeFlags::kForHasCondition) != 0;
  const bool grouped = (n.flags & syntax::NodeFlags::kForGrouped) != 0;
  const NodeId collection_node = kids[0];
  const NodeId key_node = has_key ? kids[1] : 0;
  const NodeId value_node = kids[has_key ? 2 : 1];
  const NodeId condition_node = has_condition ? kids.back() : 0;

  // The iteration variable names follow "for".
  std::string key_var, value_var;
  {
    std::vector<std::string> names;
    for (uint32_t t = n.first_token + 1; t < n.end_token && names.size() < 3; ++t) {
      const auto kind = tree_.tokens()[t].kind();
      if (is_trivia(kind) || kind == TokenKind::Comma) continue;
      if (kind != TokenKind::Ident) break;
      names.emplace_back(tree_.token_text(t));
      if (names.back() == "in") {
        names.pop_back();
        break;
      }
    }
    if (!names.empty() && names.front() == "for") names.erase(names.begin());
    if (names.size() >= 2) {
      key_var = names[0];
      value_var = names[1];
    } else if (!names.empty()) {
      value_var = names[0];
    }
  }

  const base::ByteRange whole = range(id);
  const Value collection = eval(collection_node, scope);
  if (collection.is_null()) {
    error("Iteration over null value",
          "A null value cannot be used as the collection in a 'for' expression.",
          range(collection_node), whole);
    return dynamic_value();
  }
  if (collection.type().is_dynamic()) return dynamic_value();
  if (!can_iterate(collection.type())) {
    error("Iteration over non-iterable value",
          "A value of type " + collection.type().friendly_name() +
              " cannot be used as the collection in a 'for' expression.",
          range(collection_node), whole);
    return dynamic_value();
  }
  if (!collection.is_known()) return dynamic_value();
  if (!take_iterations(collection, scope, range(collection_node), whole)) return dynamic_value();

  Variables bindings;
  Scope child{&bindings, nullptr, scope};
  const auto bind = [&](const Value& k, const Value& v) {
    bindings.clear();
    if (!key_var.empty()) bindings[key_var] = k;
    bindings[value_var] = v;
  };

  // An early check of the condition with unknown values, to report a wrong type once.
  if (has_condition) {
    bind(dynamic_value(), dynamic_value());
    const size_t mark = diags_.size();
    const Value result = eval(condition_node, &child);
    if (result.is_null()) {
      error("Condition is null", "The value of the 'if' clause must not be null.",
            range(condition_node), whole);
      return dynamic_value();
    }
    const types::Converted as_bool = types::convert(result, Type::boolean());
    if (!as_bool.ok()) {
      error("Invalid 'for' condition", "The 'if' clause value is invalid: " + as_bool.error + ".",
            range(condition_node), whole);
      return dynamic_value();
    }
    if (base::has_errors(diags_, mark)) return dynamic_value();
  }

  bool known = true;
  std::vector<Value> tuple;
  types::Entries object;
  std::vector<std::pair<std::string, std::vector<Value>>> groups;
  for (const auto& [k, v] : iteration_pairs(collection)) {
    bind(k, v);
    if (has_condition) {
      const Value include = eval(condition_node, &child);
      if (include.is_null()) {
        if (known)
          error("Invalid 'for' condition", "The value of the 'if' clause must not be null.",
                range(condition_node), whole);
        known = false;
        continue;
      }
      if (!has_key && !include.is_known()) {
        known = false;
        continue;
      }
      const types::Converted as_bool = types::convert(include, Type::boolean());
      if (!as_bool.ok()) {
        if (known)
          error("Invalid 'for' condition",
                "The 'if' clause value is invalid: " + as_bool.error + ".", range(condition_node),
                whole);
        known = false;
        continue;
      }
      if (!as_bool.value.is_known()) {
        known = false;
        continue;
      }
      if (!as_bool.value.as_bool()) continue;
    }
    if (!has_key) {
      tuple.push_back(eval(value_node, &child));
      continue;
    }
    const Value key = eval(key_node, &child);
    if (key.is_null()) {
      if (known)
        error("Invalid object key",
              "Key expression in 'for' expression must not produce a null value.", range(key_node),
              whole);
      known = false;
      continue;
    }
    if (!key.is_known()) {
      known = false;
      continue;
    }
    const types::Converted as_string = types::convert(key, Type::string());
    if (!as_string.ok()) {
      if (known)
        error("Invalid object key",
              "The key expression produced an invalid result: " + as_string.error + ".",
              range(key_node), whole);
      known = false;
      continue;
    }
    const std::string& name = as_string.value.as_string();
    Value value = eval(value_node, &child);
    if (grouped) {
      auto group = std::find_if(groups.begin(), groups.end(),
                                [&](const auto& g) { return g.first == name; });
      if (group == groups.end()) {
        groups.push_back({name, {}});
        group = groups.end() - 1;
      }
      group->second.push_back(std::move(value));
      continue;
    }
    if (std::any_of(object.begin(), object.end(), [&](const auto& e) { return e.first == name; })) {
      error("Duplicate object key",
            "Two different items produced the key \"" + name +
                "\" in this 'for' expression. If duplicates are expected, use the ellipsis (...) "
                "after the value expression to enable grouping by key.",
            range(key_node), whole);
      continue;
    }
    object.emplace_back(name, std::move(value));
  }
  if (!known) return dynamic_value();
  if (!has_key) return Value::tuple(std::move(tuple));
  if (grouped)
    for (auto& [name, values] : groups) object.emplace_back(name, Value::tuple(std::move(values)));
  return Value::object(std::move(object));
}

Value Evaluator::splat_result_type(NodeId each, NodeId item, const Type& source,
                                   const Scope* scope) {
  // The result type, found by evaluating "each" with unknown items (hclsyntax's resultTy);
  // its diagnostics are the caller's to keep or drop.
  const auto each_type = [&](const Type& element) {
    splat_items_.emplace_back(item, Value::unknown(element));
    const Value v = eval(each, scope);
    splat_items_.pop_back();
    return v.type();
  };
  if (source.is_list() || source.is_set())
    return Value::unknown(Type::list(each_type(source.element())));
  if (source.is_tuple()) {
    std::vector<Type> types;
    for (const Type& e : source.tuple_elements()) types.push_back(each_type(e));
    return Value::unknown(Type::tuple(std::move(types)));
  }
  return dynamic_value();
}

Value Evaluator::splat(NodeId id, const Scope* scope) {
  const syntax::ChildIds kids = children(id);
  const NodeId source_node = kids[0];
  const NodeId each = kids[1];
  const NodeId item = splat_item_of(tree_, each);
  const size_t mark = diags_.size();
  Value source = eval(source_node, scope);
  if (base::has_errors(diags_, mark)) {
    eval(each, scope);  // for any further diagnostics; the item is unbound, so dynamic
    return dynamic_value();
  }
  Type source_type = source.type();
  const bool upgrade = !(source_type.is_tuple() || source_type.is_list() || source_type.is_set());
  if (source.is_null()) {
    if (upgrade) return Value::tuple({});
    error("Splat of null value",
          "Splat expressions (with the * symbol) cannot be applied to null sequences.",
          range(source_node), base::range_between(range(source_node), range(item)));
    return dynamic_value();
  }
  if (source_type.is_dynamic()) return dynamic_value();
  bool upgraded_unknown = false;
  if (upgrade) {
    upgraded_unknown = !source.is_known();
    source = Value::tuple({source});
    source_type = source.type();
  }
  if (!source.is_known()) return splat_result_type(each, item, source_type, scope);

  std::vector<Value> results;
  bool known = true;
  for (const Value& element : source.elements()) {
    splat_items_.emplace_back(item, element);
    const size_t before = diags_.size();
    results.push_back(eval(each, scope));
    if (base::has_errors(diags_, before)) known = false;
    splat_items_.pop_back();
  }
  if (upgraded_unknown) return dynamic_value();
  if (!known) {
    const size_t before = diags_.size();
    Value typed = splat_result_type(each, item, source_type, scope);
    diags_.resize(before);  // the same errors as the loop above
    return typed;
  }
  if (source_type.is_list() || source_type.is_set()) {
    if (results.empty())
      return Value::list(splat_result_type(each, item, source_type, scope).type().element(), {});
    // cty.ListVal needs one element type: the elements' own when they agree.
    const Type element = results.front().type();
    return Value::list(element, std::move(results));
  }
  return Value::tuple(std::move(results));
}

}  // namespace detail

Value evaluate(const syntax::SyntaxTree& tree, NodeId expression, const Scope* scope,
               base::Diagnostics& diags) {
  // Evaluations without a budget of their caller's get one of their own.
  IterationBudget own;
  const Scope budgeted = with_budget(scope, &own);
  const Scope* root = iteration_budget(scope) != nullptr ? scope : &budgeted;
  Value result;
  const auto run = [&] { result = detail::Evaluator(tree, diags).eval(expression, root); };
  base::run_on_large_stack(run);
  return result;
}

}  // namespace hclspec::eval
