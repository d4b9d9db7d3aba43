// Inferring a spec: shapes of bodies collected over the files, placeholders for what they refer
// to, then written as a spec file.
#include "features/infer_spec.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <memory>
#include <set>
#include <tuple>
#include <unordered_map>

#include "eval/evaluate.hpp"
#include "eval/traversal.hpp"
#include "features/diagnostics.hpp"
#include "features/formatting.hpp"
#include "features/placeholder.hpp"
#include "features/rename.hpp"
#include "features/type_text.hpp"
#include "spec/load.hpp"
#include "syntax/block_header.hpp"
#include "syntax/parser.hpp"
#include "types/convert.hpp"

namespace hclspec::features {

namespace {

using syntax::NodeId;
using syntax::NodeKind;
using syntax::SyntaxTree;
using types::Type;

// Whether `name` can be written bare as an object key: an identifier, but not `for` (which
// would start a for expression) nor a literal's keyword (a type expression's keys must be
// names).
bool is_bare_key(std::string_view name) {
  return new_name_problem(name).empty() && name != "for" && name != "null" && name != "true" &&
         name != "false";
}

// An object key: bare when it can be, else quoted.
std::string object_key(std::string_view name) {
  return is_bare_key(name) ? std::string(name) : hcl_quoted(name);
}

// How deep the draft follows nested blocks and object types: deeper ones are described as
// `any` (types) or not at all (blocks), so the draft's text stays small and loads.
constexpr int kMaxDepth = 32;

// ---------------------------------------------------------------------------------------------
// Placeholders for the variables and functions the files refer to.

// What a use of a value needs of it, so that a placeholder satisfies the use.
enum class Use : uint8_t { Any, String, Number, Bool, Iterable, Indexed };

// Names in first-use order, each with its value, found by name in constant time. Held in a
// deque: references to one stay valid while others are added.
template <typename T>
class OrderedNames {
 public:
  T& operator[](const std::string& name) {
    if (const auto found = index_.find(name); found != index_.end()) return *found->second;
    T& added = entries_.emplace_back(name, T{}).second;
    index_.emplace(name, &added);
    return added;
  }
  bool empty() const { return entries_.empty(); }
  auto begin() const { return entries_.begin(); }
  auto end() const { return entries_.end(); }

 private:
  std::deque<std::pair<std::string, T>> entries_;
  std::unordered_map<std::string, T*> index_;
};

// A placeholder value: an object of the attributes and indexes read from it (`a[3]` reads the
// key "3", which HCL converts a number index to for objects), else a leaf fit for its use.
struct Placeholder {
  Use use = Use::Any;
  std::unique_ptr<OrderedNames<Placeholder>> attributes;  // absent: a leaf

  static bool is_scalar(Use use) {
    return use == Use::String || use == Use::Number || use == Use::Bool;
  }

  Placeholder& attribute(const std::string& name) {
    if (!attributes) attributes = std::make_unique<OrderedNames<Placeholder>>();
    return (*attributes)[name];
  }
  // Notes a use; false when an earlier one wants another kind of value (the first one wins).
  bool need(Use wanted) {
    if (wanted == Use::Any) return true;
    if (is_scalar(wanted) && attributes) return false;
    if (wanted == use) return true;
    if (use == Use::Any || (use == Use::String && wanted == Use::Number)) {
      use = wanted;  // a number serves where a string is wanted, too
      return true;
    }
    return use == Use::Number && wanted == Use::String;
  }
  std::string text() const {
    if (attributes) {
      std::string out = "{\n";
      for (const auto& [key, value] : *attributes)
        out += object_key(key) + " = " + value.text() + "\n";
      return out + "}";
    }
    switch (use) {
      case Use::Number:
        return "0";
      case Use::Bool:
        return "false";
      case Use::Iterable:
        return "[]";
      case Use::Indexed:
        return "[\"\"]";
      case Use::Any:
      case Use::String:
        break;
    }
    return "\"\"";  // a string: templates, comparisons and most arguments take one
  }
};

// Walks expressions, noting each free variable's steps and each function called, with the use
// its context makes of it.
class UseCollector {
 public:
  void expression(const SyntaxTree& tree, NodeId expression) {
    free_roots_.clear();
    for (const eval::Traversal& traversal : eval::referenced_variables(tree, expression))
      free_roots_.insert(traversal.front().name);
    walk(tree, expression, Use::Any);
  }

  std::string variables_text() const {
    if (variables_.empty()) return "";
    std::string out =
        "# Placeholders for the variables the files refer to: give them the values your tool\n"
        "# provides.\nvariables {\n";
    for (const auto& [name, value] : variables_) out += name + " = " + value.text() + "\n";
    return out + "}\n\n";
  }

  // Variables used in ways no one placeholder value satisfies (a string and a list), listed.
  std::string conflicts() const {
    std::string out;
    for (const std::string& use : conflicts_) out += (out.empty() ? "" : ", ") + use;
    return out;
  }

  std::string functions_text() const {
    std::string out;
    for (const auto& [name, result] : functions_)
      out += "# A placeholder for the function " + name +
             " the files call: give it its parameters and result.\nfunction " + hcl_quoted(name) +
             " {\nparams = []\nvariadic_param = args\nresult = " + result.text() + "\n}\n\n";
    return out;
  }

 private:
  void walk(const SyntaxTree& tree, NodeId id, Use use) {
    const syntax::Node& node = tree.node(id);
    conflict_ = false;
    if (Placeholder* value = place(tree, id)) {
      if ((!value->need(use) || conflict_) && conflicts_.size() < 5) {
        const base::ByteRange range = tree.range(id);
        conflicts_.insert(std::string(tree.text().substr(range.start, range.end - range.start)));
      }
      return;
    }
    const std::vector<NodeId> children = tree.children(id);
    switch (node.kind) {
      case NodeKind::RelativeTraversal: {
        // A step read from what is no variable or function call (a literal, say).
        const eval::Traversal steps = eval::traversal_steps(tree, id);
        const bool indexed =
            !steps.empty() && steps.front().kind == eval::TraversalStep::Kind::Index;
        walk(tree, children[0], indexed ? Use::Indexed : Use::Any);
        return;
      }
      case NodeKind::Index:
        walk(tree, children[0], Use::Indexed);
        walk(tree, children[1], Use::Number);
        return;
      case NodeKind::BinaryOp: {
        const syntax::Operator op = node.op;
        const Use operands = op == syntax::Operator::And || op == syntax::Operator::Or ? Use::Bool
                             : op == syntax::Operator::Equal || op == syntax::Operator::NotEqual
                                 ? Use::Any
                                 : Use::Number;
        for (NodeId operand : children) walk(tree, operand, operands);
        return;
      }
      case NodeKind::UnaryOp:
        for (NodeId operand : children)
          walk(tree, operand, node.op == syntax::Operator::Not ? Use::Bool : Use::Number);
        return;
      case NodeKind::Conditional:
        for (size_t i = 0; i < children.size(); ++i)
          walk(tree, children[i], i == 0 ? Use::Bool : use);
        return;
      case NodeKind::Parenthesis:
        for (NodeId inner : children) walk(tree, inner, use);
        return;
      case NodeKind::For: {
        // children: collection, [key], value, [condition]
        for (size_t i = 0; i < children.size(); ++i) {
          const bool condition =
              (node.flags & syntax::NodeFlags::kForHasCondition) != 0 && i + 1 == children.size();
          walk(tree, children[i], i == 0 ? Use::Iterable : condition ? Use::Bool : Use::Any);
        }
        return;
      }
      case NodeKind::Splat:
        if (!children.empty()) walk(tree, children[0], Use::Iterable);
        return;
      case NodeKind::Interpolation:
        for (NodeId inner : children) walk(tree, inner, Use::String);
        return;
      case NodeKind::IfDirective:
        for (NodeId condition : children) walk(tree, condition, Use::Bool);
        return;
      case NodeKind::ForDirective:
        for (NodeId collection : children) walk(tree, collection, Use::Iterable);
        return;
      case NodeKind::Object:
        for (size_t i = 0; i < children.size(); ++i) {
          const syntax::Node& child = tree.node(children[i]);
          // A bare key is a name, not a variable (hcl's ObjectConsKeyExpr).
          const bool bare_key = i % 2 == 0 && child.kind == NodeKind::ScopeTraversal &&
                                child.end_token == child.first_token + 1;
          if (!bare_key) walk(tree, children[i], Use::Any);
        }
        return;
      default:
        for (NodeId child : children) walk(tree, child, Use::Any);
    }
  }

  // The placeholder an expression reads when it is a free variable with steps (`a.b[0].c`,
  // `a.b[count.index].c`), else null. An index that is not a literal is taken as 0 and its key
  // made a number.
  Placeholder* place(const SyntaxTree& tree, NodeId id) {
    const syntax::Node& node = tree.node(id);
    switch (node.kind) {
      case NodeKind::ScopeTraversal: {
        const eval::Traversal steps = eval::traversal_steps(tree, id);
        if (steps.empty() || !free_roots_.contains(steps.front().name)) return nullptr;
        return follow(variables_[steps.front().name], steps, 1);
      }
      case NodeKind::RelativeTraversal: {
        Placeholder* source = place(tree, tree.children(id)[0]);
        return source ? follow(*source, eval::traversal_steps(tree, id), 0) : nullptr;
      }
      case NodeKind::Index: {
        const std::vector<NodeId> children = tree.children(id);
        Placeholder* collection = place(tree, children[0]);
        if (!collection) return nullptr;
        walk(tree, children[1], Use::Number);
        return &collection->attribute("0");
      }
      case NodeKind::Parenthesis:
        return place(tree, tree.children(id)[0]);
      case NodeKind::FunctionCall:
        // The result of a function stub, shaped as what is read of it.
        for (NodeId argument : tree.children(id)) walk(tree, argument, Use::Any);
        return &functions_[std::string(tree.token_text(node.first_token))];
      default:
        return nullptr;
    }
  }

  // The placeholder `steps` from `first` on lead to from `from`, made as they need it; sets
  // `conflict_` when a step reads into what an earlier use wanted to be a string, number or bool.
  Placeholder* follow(Placeholder& from, const eval::Traversal& steps, size_t first) {
    Placeholder* value = &from;
    for (size_t i = first; i < steps.size(); ++i) {
      const eval::TraversalStep& step = steps[i];
      if (Placeholder::is_scalar(value->use)) conflict_ = true;
      const types::Value& key = step.key;
      if (step.kind == eval::TraversalStep::Kind::Attribute) {
        value = &value->attribute(step.name);
      } else if (key.is_known() && !key.is_null() && key.type() == Type::string()) {
        value = &value->attribute(key.as_string());
      } else if (key.is_known() && !key.is_null() && key.type() == Type::number()) {
        const std::optional<int64_t> index = key.as_number().to_int64();
        if (!index) break;  // beyond what a placeholder spells out
        value = &value->attribute(std::to_string(*index));
      } else {
        break;
      }
    }
    return value;
  }

  std::set<std::string, std::less<>> free_roots_;
  std::set<std::string> conflicts_;  // uses no placeholder satisfies along with an earlier one
  bool conflict_ = false;            // set by follow()
  OrderedNames<Placeholder> variables_;
  OrderedNames<Placeholder> functions_;
};

// ---------------------------------------------------------------------------------------------
// Shapes of bodies.

// The narrowest type that values of types `a` and `b` both convert to, as a spec declares it
// (tuples as lists): dynamic stands for "no constraint" (null, an empty list's elements) and
// for "no common type" alike, so the caller checks every value against the result.
Type common_type(const Type& a, const Type& b);

Type declared_type(const Type& type, int depth = 0) {
  if (depth > kMaxDepth) return Type::dynamic();
  if (type.is_tuple()) {
    Type element;
    for (const Type& each : type.tuple_elements()) element = common_type(element, each);
    return Type::list(element);
  }
  if (type.is_object()) {
    std::vector<types::Attribute> attributes;
    bool nameable = true;
    for (const types::Attribute& attribute : type.attributes()) {
      attributes.push_back({attribute.name, declared_type(attribute.type, depth + 1)});
      nameable = nameable && is_bare_key(attribute.name);
    }
    if (nameable) return Type::object(std::move(attributes));
    // A type expression names an object's attributes bare: other keys make it a map.
    Type element;
    for (const types::Attribute& attribute : attributes)
      element = common_type(element, attribute.type);
    return Type::map(element);
  }
  if (type.is_collection()) {
    const Type element = declared_type(type.element(), depth + 1);
    return type.is_map() ? Type::map(element) : Type::list(element);
  }
  return type;
}

Type common_type(const Type& a_in, const Type& b_in) {
  const Type a = declared_type(a_in), b = declared_type(b_in);
  if (a == b || b.is_dynamic()) return a;
  if (a.is_dynamic()) return b;
  if (a.is_primitive() && b.is_primitive()) return Type::string();  // each converts to string
  if (a.is_list() && b.is_list()) return Type::list(common_type(a.element(), b.element()));
  if (a.is_object() && b.is_object()) {
    const auto& x = a.attributes();
    const auto& y = b.attributes();
    const bool same_keys = x.size() == y.size() && std::equal(x.begin(), x.end(), y.begin(),
                                                              [](const auto& l, const auto& r) {
                                                                return l.name == r.name;
                                                              });
    if (same_keys) {
      std::vector<types::Attribute> attributes;
      for (size_t i = 0; i < x.size(); ++i)
        attributes.push_back({x[i].name, common_type(x[i].type, y[i].type)});
      return Type::object(std::move(attributes));
    }
  }
  if ((a.is_object() || a.is_map()) && (b.is_object() || b.is_map())) {
    // A map of the type every element converts to.
    Type element;
    for (const Type* keyed : {&a, &b}) {
      if (keyed->is_map()) element = common_type(element, keyed->element());
      if (keyed->is_object())
        for (const types::Attribute& attribute : keyed->attributes())
          element = common_type(element, attribute.type);
    }
    return Type::map(element);
  }
  return Type::dynamic();
}

struct BlockShape;

struct AttributeShape {
  std::vector<types::Value> values;  // known values; an unknown one makes the type `any`
  bool unknown = false;
  size_t instances = 0;  // bodies that set it

  // The common type of the values when every value converts to it, else `any`.
  Type type() const {
    if (unknown) return Type::dynamic();
    Type common;
    for (const Type& type : distinct_types()) common = common_type(common, type);
    return accepted_by(common) == values.size() ? common : Type::dynamic();
  }

  // A type without `any` in it (as block_map specs require): the common type with strings for
  // what no value constrains, else the value type that accepts the most values. Sets `partial`
  // when some value does not convert to it.
  Type type_without_any(bool& partial) const {
    // Each distinct type once: thousands of values have a handful of types.
    std::vector<Type> candidates{without_any(type())};
    for (const Type& type : distinct_types())
      if (const Type candidate = without_any(declared_type(type));
          std::find(candidates.begin(), candidates.end(), candidate) == candidates.end())
        candidates.push_back(candidate);
    Type best = candidates.front();
    size_t best_accepted = accepted_by(best);
    for (const Type& candidate : candidates)
      if (const size_t accepted = accepted_by(candidate); accepted > best_accepted)
        std::tie(best, best_accepted) = std::pair{candidate, accepted};
    partial = unknown || best_accepted < values.size();
    return best;
  }

 private:
  // The values' types, each once (types are interned: equal types compare as pointers).
  std::vector<Type> distinct_types() const {
    std::vector<Type> found;
    for (const types::Value& value : values)
      if (std::find(found.begin(), found.end(), value.type()) == found.end())
        found.push_back(value.type());
    return found;
  }
  // How many values convert to `type` (a value of that very type does).
  size_t accepted_by(const Type& type) const {
    return static_cast<size_t>(std::count_if(values.begin(), values.end(), [&](const auto& value) {
      return value.type() == type || types::convert(value, type).ok();
    }));
  }
  static Type without_any(const Type& type) {
    if (type.is_dynamic()) return Type::string();
    if (type.is_list()) return Type::list(without_any(type.element()));
    if (type.is_map()) return Type::map(without_any(type.element()));
    if (type.is_object()) {
      std::vector<types::Attribute> attributes;
      for (const types::Attribute& attribute : type.attributes())
        attributes.push_back({attribute.name, without_any(attribute.type)});
      return Type::object(std::move(attributes));
    }
    return type;
  }
};

struct BodyShape {
  size_t instances = 0;
  // Names of attributes and blocks in first-appearance order, with which they are.
  std::vector<std::pair<std::string, bool>> order;  // (name, is_block)
  std::map<std::string, AttributeShape, std::less<>> attributes;
  std::map<std::string, std::unique_ptr<BlockShape>, std::less<>> blocks;
};

struct BlockShape {
  std::map<size_t, std::string> label_counts;  // each count seen, and the first file with it
  size_t parents_with = 0;                     // instances of the parent body holding one
  size_t most_in_one_parent = 0;
  std::string duplicate;  // where two blocks of one body have the same labels
  BodyShape body;
};

class ShapeCollector {
 public:
  explicit ShapeCollector(const eval::Scope& scope) : scope_(scope) {}

  // `depth`: how many blocks hold the body. Bodies deeper than kMaxDepth are not described
  // (their blocks' bodies stay empty): a spec nests two blocks a level, and its text grows with
  // the square of the depth.
  void body(const SyntaxTree& tree, NodeId id, BodyShape& shape, int depth = 0) {
    ++shape.instances;
    std::map<std::string, std::vector<std::vector<std::string>>, std::less<>> blocks_here;
    std::set<std::string, std::less<>> attributes_here;
    for (NodeId item : tree.children(id)) {
      const syntax::Node& node = tree.node(item);
      const std::string name(tree.token_text(node.first_token));
      if (node.kind == NodeKind::Attribute) {
        if (!attributes_here.insert(name).second) continue;  // a syntax error: not here
        attribute(tree, item - 1, name, shape);
      } else if (node.kind == NodeKind::Block) {
        const syntax::BlockHeader header = syntax::block_header(tree, item);
        auto [entry, added] = shape.blocks.try_emplace(name);
        if (added) {
          entry->second = std::make_unique<BlockShape>();
          shape.order.emplace_back(name, true);
        }
        BlockShape& block = *entry->second;
        std::vector<std::string> labels;
        for (const syntax::BlockLabel& label : header.labels) labels.push_back(label.value);
        block.label_counts.try_emplace(labels.size(), tree.filename());
        auto& seen = blocks_here[name];
        if (!labels.empty() && block.duplicate.empty() &&
            std::find(seen.begin(), seen.end(), labels) != seen.end())
          block.duplicate = tree.filename();
        seen.push_back(std::move(labels));
        if (header.body == syntax::kNoNode) continue;
        if (depth < kMaxDepth)
          body(tree, header.body, block.body, depth + 1);
        else if (too_deep_.empty())
          too_deep_ = tree.filename() + ":" +
                      std::to_string(tree.lines().line_of(tree.range(item).start) + 1);
      }
    }
    for (const auto& [name, blocks] : blocks_here) {
      BlockShape& block = *shape.blocks.find(name)->second;
      ++block.parents_with;
      block.most_in_one_parent = std::max(block.most_in_one_parent, blocks.size());
    }
  }

  // Where the first block nested deeper than kMaxDepth is ("" when none is).
  const std::string& too_deep() const { return too_deep_; }
  // How many attribute values could not be evaluated, and where the first ones are.
  size_t unevaluated_count() const { return unevaluated_count_; }
  const std::vector<std::string>& unevaluated() const { return unevaluated_; }

 private:
  void attribute(const SyntaxTree& tree, NodeId expression, const std::string& name,
                 BodyShape& shape) {
    auto [entry, added] = shape.attributes.try_emplace(name);
    if (added) shape.order.emplace_back(name, false);
    AttributeShape& attribute = entry->second;
    ++attribute.instances;
    if (attribute.unknown) return;
    base::Diagnostics diags;
    types::Value value = eval::evaluate(tree, expression, &scope_, diags);
    if (base::has_errors(diags, 0) || !value.is_wholly_known()) {
      // Lint reports what failed; the value says nothing of a type.
      if (unevaluated_.size() < 3) {
        const auto at = diags.empty() ? tree.range(expression).start : diags.front().subject.start;
        unevaluated_.push_back(tree.filename() + ":" +
                               std::to_string(tree.lines().line_of(at) + 1) + " (" +
                               (diags.empty() ? "not known" : diags.front().summary) + ")");
      }
      ++unevaluated_count_;
      attribute.unknown = true;
      attribute.values.clear();
      return;
    }
    attribute.values.push_back(std::move(value));
  }

  const eval::Scope& scope_;
  std::string too_deep_;
  size_t unevaluated_count_ = 0;
  std::vector<std::string> unevaluated_;
};

// ---------------------------------------------------------------------------------------------
// Writing the spec.

std::vector<std::string> guessed_label_names(size_t count) {
  if (count == 1) return {"name"};
  if (count == 2) return {"type", "name"};
  std::vector<std::string> names;
  for (size_t i = 1; i <= count; ++i) names.push_back("label" + std::to_string(i));
  return names;
}

class SpecWriter {
 public:
  explicit SpecWriter(std::vector<std::string>& warnings) : warnings_(warnings) {}

  // The object spec of a body; `in_map` inside a block_map, where no type may hold `any`.
  std::string object(const BodyShape& shape, const std::string& path, bool in_map) {
    std::string out = "object {\n";
    // Every name is a key of the object; an attribute and a block type of the same name need
    // two, the block's then named apart (x_block, or x_block2 when that is taken too).
    std::set<std::string> keys;
    for (const auto& [name, is_block] : shape.order)
      if (!is_block) keys.insert(name);
    for (const auto& [name, is_block] : shape.order) {
      std::string key = name;
      for (int n = 1; is_block && !keys.insert(key).second; ++n)
        key = name + "_block" + (n > 1 ? std::to_string(n) : "");
      out += is_block ? block(name, key, *shape.blocks.find(name)->second, shape, path, in_map)
                      : attribute(name, shape.attributes.find(name)->second, shape,
                                  path.empty() ? name : path + "." + name, in_map);
    }
    return out + "}\n";
  }

 private:
  std::string attribute(const std::string& name, const AttributeShape& attribute,
                        const BodyShape& parent, const std::string& path, bool in_map) {
    Type type = attribute.type();
    if (in_map && type.has_dynamic()) {
      bool partial = false;
      type = attribute.type_without_any(partial);
      if (partial)
        warnings_.push_back("the values of \"" + path +
                            "\" have no common type, and a block_map cannot take `any`: the "
                            "draft says " +
                            type_text(type) + ", which some of them are not");
    }
    std::string out = "attr " + hcl_quoted(name) + " {\ntype = " + type_text(type) + "\n";
    if (attribute.instances == parent.instances) out += "required = true\n";
    return out + "}\n";
  }

  std::string block(const std::string& name, const std::string& key, const BlockShape& block,
                    const BodyShape& parent, const std::string& path, bool in_map) {
    const std::string here = path.empty() ? name : path + "." + name;
    const bool in_every = block.parents_with == parent.instances;
    // Blocks with different label counts cannot all be read by one spec: the most labels win.
    size_t labels = block.label_counts.begin()->first;
    if (block.label_counts.size() > 1) {
      std::string counts;
      for (const auto& [count, file] : block.label_counts)
        counts += (counts.empty() ? "" : ", ") + std::to_string(count) + " in " + file;
      labels = block.label_counts.rbegin()->first;
      warnings_.push_back("blocks \"" + here + "\" have different numbers of labels (" + counts +
                          "); the draft expects " + std::to_string(labels));
    }
    std::string out;
    const std::string type_line = key == name ? "" : "block_type = " + hcl_quoted(name) + "\n";
    if (labels > 0) {
      if (!block.duplicate.empty())
        warnings_.push_back("two blocks \"" + here + "\" with the same labels in one body (" +
                            block.duplicate + "): a block_map keeps one of each");
      std::string names;
      for (const std::string& label : guessed_label_names(labels))
        names += (names.empty() ? "" : ", ") + hcl_quoted(label);
      out = "block_map " + hcl_quoted(key) + " {\n" + type_line + "labels = [" + names + "]\n";
    } else if (block.most_in_one_parent > 1) {
      out = "block_list " + hcl_quoted(key) + " {\n" + type_line;
      if (in_every) out += "min_items = 1\n";
    } else {
      out = "block " + hcl_quoted(key) + " {\n" + type_line;
      if (in_every) out += "required = true\n";
    }
    return out + object(block.body, here, in_map || labels > 0) + "}\n";
  }

  std::vector<std::string>& warnings_;
};

// Why a spec file of `spec_text` would not load, as the server and lint load one ("" when it
// loads): too large to be read, syntax errors, or the loader's errors.
std::string load_problem(const std::string& spec_text,
                         std::shared_ptr<const spec::SpecFile>& spec) {
  // The largest spec file the commands and the server read (server/file_access.hpp).
  constexpr size_t kMaxSpecBytes = 16 * 1024 * 1024;
  if (spec_text.size() > kMaxSpecBytes) return "it is larger than a spec file may be (16 MiB)";
  std::shared_ptr<const SyntaxTree> tree = syntax::parse_config(spec_text, "spec.hcldec");
  base::Diagnostics diags = tree->diagnostics();
  if (!base::has_errors(diags, 0))
    spec = std::make_shared<const spec::SpecFile>(spec::load_spec(tree, diags));
  for (const base::Diagnostic& diag : diags)
    if (diag.severity == base::Severity::Error)
      return diag.summary + " on line " +
             std::to_string(tree->lines().line_of(diag.subject.start) + 1);
  return "";
}

// The files of `files` that the spec `spec` rejects: validated as lint validates them.
std::vector<std::string> rejected_files(const std::vector<std::shared_ptr<const SyntaxTree>>& files,
                                        const std::shared_ptr<const spec::SpecFile>& spec,
                                        const base::CancellationFlag* cancel) {
  std::vector<std::string> rejected;
  for (const auto& tree : files) {
    if (cancel && cancel->cancelled()) break;
    Snapshot snapshot;
    snapshot.tree = tree;
    snapshot.binding.spec = spec;
    const std::vector<DiagnosticItem> found = diagnostics(snapshot, cancel);
    if (std::any_of(found.begin(), found.end(),
                    [](const auto& item) { return item.severity == base::Severity::Error; }))
      rejected.push_back(tree->filename());
  }
  return rejected;
}

}  // namespace

InferredSpec infer_spec(const std::vector<std::shared_ptr<const SyntaxTree>>& files,
                        const std::string& origin, const base::CancellationFlag* cancel) {
  InferredSpec result;
  UseCollector uses;
  const auto cancelled = [&] { return cancel && cancel->cancelled(); };
  for (const auto& tree : files) {
    if (cancelled()) return result;
    for (NodeId id = 0; id < tree->nodes().size(); ++id)
      if (tree->node(id).kind == NodeKind::Attribute) uses.expression(*tree, id - 1);
  }
  const std::string environment = uses.variables_text() + uses.functions_text();
  if (const std::string conflicts = uses.conflicts(); !conflicts.empty())
    result.warnings.push_back(
        "the files use these variables as different kinds of value, and "
        "each placeholder suits only its first use: " +
        conflicts);

  // The attributes are evaluated as lint will evaluate them: in the scope the placeholders
  // give once loaded as a spec file.
  base::Diagnostics load_diags;
  const spec::SpecFile environment_file =
      spec::load_spec(syntax::parse_config(environment + "object {}\n", "spec.hcldec"), load_diags);
  const eval::Scope scope{
      environment_file.variables.empty() ? nullptr : &environment_file.variables,
      environment_file.functions.empty() ? nullptr : &environment_file.functions, nullptr};
  ShapeCollector shapes(scope);
  BodyShape root;
  for (const auto& tree : files) {
    if (cancelled()) return result;
    shapes.body(*tree, tree->root(), root);
  }
  if (!shapes.too_deep().empty())
    result.warnings.push_back("blocks nested more than " + std::to_string(kMaxDepth) +
                              " deep are not described (the first at " + shapes.too_deep() + ")");
  if (shapes.unevaluated_count() > 0) {
    std::string where;
    for (const std::string& place : shapes.unevaluated())
      where += (where.empty() ? "" : ", ") + place;
    const bool one = shapes.unevaluated_count() == 1;
    result.warnings.push_back(std::to_string(shapes.unevaluated_count()) +
                              (one ? " attribute value" : " attribute values") +
                              " could not be evaluated with the placeholders, so " +
                              (one ? "its type is `any` and lint reports it: "
                                   : "their type is `any` and lint reports them: ") +
                              where + (shapes.unevaluated_count() > 3 ? ", ..." : ""));
  }

  std::string text;
  // One comment line, whatever a path in it holds.
  std::string from = origin;
  std::replace_if(
      from.begin(), from.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20; }, ' ');
  text += "# " + from +
          "\n# Review it: types are the narrowest the values seen convert to, `required` marks\n"
          "# what every instance had, label names are guesses, and the variables and functions\n"
          "# are placeholders.\n";
  text += "\n";
  text += environment + SpecWriter(result.warnings).object(root, "", false);
  result.text = formatted_text(*syntax::parse_config(std::move(text), "spec.hcldec"));
  std::shared_ptr<const spec::SpecFile> spec;
  if (const std::string problem = load_problem(result.text, spec); !problem.empty()) {
    result.warnings.push_back("the draft does not load as a spec: " + problem);
    for (const auto& tree : files) result.rejected.push_back(tree->filename());
    return result;
  }
  result.rejected = rejected_files(files, spec, cancel);
  return result;
}

}  // namespace hclspec::features
