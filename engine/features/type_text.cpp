// Types, values and signatures as text.
#include "features/type_text.hpp"

#include <vector>

#include "types/json.hpp"

namespace hclspec::features {

std::string type_text(const types::Type& type) {
  switch (type.kind()) {
    case types::TypeKind::Dynamic:
      return "any";
    case types::TypeKind::String:
      return "string";
    case types::TypeKind::Number:
      return "number";
    case types::TypeKind::Bool:
      return "bool";
    case types::TypeKind::List:
      return "list(" + type_text(type.element()) + ")";
    case types::TypeKind::Set:
      return "set(" + type_text(type.element()) + ")";
    case types::TypeKind::Map:
      return "map(" + type_text(type.element()) + ")";
    case types::TypeKind::Tuple: {
      std::string out = "tuple([";
      const std::vector<types::Type>& elements = type.tuple_elements();
      for (size_t i = 0; i < elements.size(); ++i)
        out += (i == 0 ? "" : ", ") + type_text(elements[i]);
      return out + "])";
    }
    case types::TypeKind::Object: {
      std::string out = "object({";
      const std::vector<types::Attribute>& attributes = type.attributes();
      for (size_t i = 0; i < attributes.size(); ++i) {
        const types::Attribute& attribute = attributes[i];
        const std::string inner = type_text(attribute.type);
        out += (i == 0 ? "" : ", ") + attribute.name + " = " +
               (type.is_optional(attribute.name) ? "optional(" + inner + ")" : inner);
      }
      return out + "})";
    }
  }
  return "any";
}

std::string value_text(const types::Value& value, size_t limit) {
  const types::JsonText json = types::value_to_json(value);
  if (!json.ok()) return "(not known yet)";
  if (json.json.size() <= limit) return json.json;
  // Cut at a UTF-8 character boundary.
  size_t cut = limit;
  while (cut > 0 && (static_cast<unsigned char>(json.json[cut]) & 0xC0) == 0x80) --cut;
  return json.json.substr(0, cut) + "…";
}

std::string function_signature(std::string_view name, const eval::Function& function,
                               std::vector<base::ByteRange>* parameters) {
  std::string out = std::string(name) + "(";
  std::vector<types::Value> arguments;
  const auto add = [&](const std::string& text) {
    if (out.back() != '(') out += ", ";
    if (parameters)
      parameters->push_back(
          {static_cast<uint32_t>(out.size()), static_cast<uint32_t>(out.size() + text.size())});
    out += text;
  };
  for (const eval::Parameter& parameter : function.params) {
    add(parameter.name + " " + type_text(parameter.type));
    arguments.push_back(types::Value::unknown(parameter.type));
  }
  if (function.variadic) add(function.variadic->name + "... " + type_text(function.variadic->type));
  out += ")";
  const eval::CallResult result = eval::return_type_for_values(function, arguments);
  return out + " " + (result.ok() ? type_text(result.value.type()) : "any");
}

std::string block_kind_text(const spec::ExpectedBlock& block) {
  using Kind = spec::ExpectedBlock::Kind;
  switch (block.kind) {
    case Kind::Block:
      return block.required ? "block (required)" : "block";
    case Kind::BlockAttrs:
      return "block_attrs of " + type_text(block.element_type) +
             (block.required ? " (required)" : "");
    case Kind::BlockMap: {
      std::string labels;
      for (const std::string& label : block.label_names)
        labels += (labels.empty() ? "" : ", ") + label;
      return "block_map (labels: " + labels + ")";
    }
    case Kind::BlockList:
    case Kind::BlockSet: {
      std::string out = block.kind == Kind::BlockList ? "block_list" : "block_set";
      std::string limits;
      if (block.min_items > 0) limits = "min " + std::to_string(block.min_items);
      if (block.max_items > 0)
        limits += (limits.empty() ? "max " : ", max ") + std::to_string(block.max_items);
      return limits.empty() ? out : out + " (" + limits + ")";
    }
  }
  return "block";
}

}  // namespace hclspec::features
