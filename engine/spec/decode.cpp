// The decoder (hcldec's Decode): body content checked against the spec's schema, then each
// spec's value.
#include "spec/decode.hpp"

#include <map>

#include "base/big_stack.hpp"
#include "base/suggest.hpp"
#include "eval/evaluate.hpp"
#include "eval/traversal.hpp"
#include "types/convert.hpp"

namespace hclspec::spec {

using syntax::NodeId;
using syntax::NodeKind;
using types::Value;

namespace {

class Decoder {
 public:
  Decoder(const syntax::SyntaxTree& tree, const eval::Scope* scope, base::Diagnostics& diags)
      : tree_(tree), scope_(scope), diags_(diags) {}

  Value decode_body(NodeId body, const Spec& spec) {
    // The attribute names the spec reads here (hcldec's ImpliedSchema).
    std::map<std::string, bool, std::less<>> schema;  // name -> required
    collect_schema(spec, schema);
    std::map<std::string, NodeId, std::less<>> attributes;
    for (NodeId item : tree_.children(body)) {
      const syntax::Node& n = tree_.node(item);
      const std::string name(tree_.token_text(n.first_token));
      if (n.kind == NodeKind::Attribute) {
        attributes.emplace(name, item);
        if (schema.find(name) == schema.end()) {
          std::string suggestion;
          for (const auto& [candidate, required] : schema)
            if (base::levenshtein_distance(name, candidate) < 3) {
              suggestion = " Did you mean \"" + candidate + "\"?";
              break;
            }
          error("Unsupported argument",
                "An argument named \"" + name + "\" is not expected here." + suggestion,
                tree_.tokens()[n.first_token].range());
        }
      } else if (n.kind == NodeKind::Block) {
        error("Unsupported block type", "Blocks of type \"" + name + "\" are not expected here.",
              tree_.tokens()[n.first_token].range());
      }
    }
    for (const auto& [name, required] : schema)
      if (required && attributes.find(name) == attributes.end()) {
        const uint32_t start = tree_.range(body).start;
        error("Missing required argument",
              "The argument \"" + name + "\" is required, but no definition was found.",
              {start, start});
      }
    return value_of(spec, attributes);
  }

 private:
  void error(const char* summary, std::string detail, base::ByteRange subject) {
    diags_.push_back({base::Severity::Error, summary, std::move(detail), subject, std::nullopt});
  }

  void collect_schema(const Spec& spec, std::map<std::string, bool, std::less<>>& schema) {
    if (const auto* object = std::get_if<ObjectSpec>(&spec.kind)) {
      for (const auto& [name, nested] : object->properties) collect_schema(*nested, schema);
    } else if (const auto* attr = std::get_if<AttrSpec>(&spec.kind)) {
      schema[attr->name] = schema[attr->name] || attr->required;
    }
  }

  Value value_of(const Spec& spec, const std::map<std::string, NodeId, std::less<>>& attributes) {
    if (const auto* object = std::get_if<ObjectSpec>(&spec.kind)) {
      types::Entries entries;
      for (const auto& [name, nested] : object->properties)
        entries.emplace_back(name, value_of(*nested, attributes));
      return Value::object(std::move(entries));
    }
    if (const auto* literal = std::get_if<LiteralSpec>(&spec.kind)) return literal->value;
    const AttrSpec& attr = std::get<AttrSpec>(spec.kind);
    const auto found = attributes.find(attr.name);
    if (found == attributes.end()) return Value::null(attr.type);
    const NodeId expression = found->second - 1;
    const Value value = eval::evaluate(tree_, expression, scope_, diags_);
    const types::Converted converted = types::convert(value, attr.type);
    if (!converted.ok()) {
      const base::ByteRange name_range =
          tree_.tokens()[tree_.node(found->second).first_token].range();
      diags_.push_back(
          {base::Severity::Error, "Incorrect attribute value type",
           "Inappropriate value for attribute \"" + attr.name + "\": " + converted.error + ".",
           tree_.range(expression), base::range_between(name_range, tree_.range(expression))});
      return Value::unknown(attr.type);
    }
    return converted.value;
  }

  const syntax::SyntaxTree& tree_;
  const eval::Scope* scope_;
  base::Diagnostics& diags_;
};

}  // namespace

std::vector<eval::Traversal> referenced_variables(const syntax::SyntaxTree& input,
                                                  const Spec& spec) {
  std::vector<eval::Traversal> out;
  if (const auto* object = std::get_if<ObjectSpec>(&spec.kind)) {
    for (const auto& [name, nested] : object->properties) {
      std::vector<eval::Traversal> more = referenced_variables(input, *nested);
      out.insert(out.end(), more.begin(), more.end());
    }
  } else if (const auto* attr = std::get_if<AttrSpec>(&spec.kind)) {
    for (NodeId item : input.children(input.root()))
      if (input.node(item).kind == NodeKind::Attribute &&
          input.token_text(input.node(item).first_token) == attr->name) {
        std::vector<eval::Traversal> more = eval::referenced_variables(input, item - 1);
        out.insert(out.end(), more.begin(), more.end());
      }
  }
  return out;
}

Value decode(const syntax::SyntaxTree& input, const Spec& spec, const eval::Scope* scope,
             base::Diagnostics& diags) {
  Value result;
  const auto run = [&] { result = Decoder(input, scope, diags).decode_body(input.root(), spec); };
  if (base::on_large_stack())
    run();
  else
    base::call_with_large_stack(run);
  return result;
}

}  // namespace hclspec::spec
