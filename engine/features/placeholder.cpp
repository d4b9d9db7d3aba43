// Placeholder values and blocks, written from the spec model's expected bodies.
#include "features/placeholder.hpp"

#include <string_view>

#include "features/rename.hpp"

namespace hclspec::features {

namespace {

// Deep enough for any hand-written spec; a recursive one (the meta-spec) stops here.
constexpr int kMaxNestedBlocks = 8;

// Nothing once the text passes kMaxPlaceholderBytes: `min_items` nest (a hundred blocks each
// holding a hundred...) and a spec is untrusted input.
std::optional<std::string> items_text(const spec::ExpectedBody& body, const std::string& indent,
                                      const PlaceholderStyle& style, int depth) {
  std::string out;
  for (const spec::ExpectedAttribute& attribute : body.attributes)
    if (attribute.required && new_name_problem(attribute.name).empty())
      out += indent + attribute.name + " = " + placeholder(attribute.type) + "\n";
  for (const spec::ExpectedBlock& block : body.blocks) {
    for (int64_t i = 0; i < block.min_items; ++i) {
      const std::optional<std::string> text = block_text(block, indent, style, depth);
      if (!text || out.size() + text->size() > kMaxPlaceholderBytes) return std::nullopt;
      out += *text;
    }
  }
  if (out.empty() && style.first_block_when_empty && !body.blocks.empty())
    return block_text(body.blocks.front(), indent, style, depth);
  if (out.size() > kMaxPlaceholderBytes) return std::nullopt;
  return out;
}

}  // namespace

std::string hcl_quoted(std::string_view text) {
  std::string out = "\"";
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const bool sequence = (c == '$' || c == '%') && i + 1 < text.size() && text[i + 1] == '{';
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (static_cast<unsigned char>(c) < 0x20) {
      static constexpr char kHex[] = "0123456789ABCDEF";
      out += "\\u00";
      out += kHex[c >> 4];
      out += kHex[c & 0xF];
    } else {
      out += c;
      if (sequence) out += c;
    }
  }
  return out + "\"";
}

std::string placeholder(const types::Type& type) {
  switch (type.kind()) {
    case types::TypeKind::Number:
      return "0";
    case types::TypeKind::Bool:
      return "false";
    case types::TypeKind::List:
    case types::TypeKind::Set:
      return "[]";
    case types::TypeKind::Map:
      return "{}";
    case types::TypeKind::Tuple: {
      std::string out = "[";
      for (const types::Type& element : type.tuple_elements())
        out += (out.size() > 1 ? ", " : "") + placeholder(element);
      return out + "]";
    }
    case types::TypeKind::Object: {
      std::string out;
      for (const types::Attribute& attribute : type.attributes())
        if (!type.is_optional(attribute.name))
          // Keys quoted: any name may be one (`for` would start a for expression bare).
          out += (out.empty() ? "" : ", ") + hcl_quoted(attribute.name) + " = " +
                 placeholder(attribute.type);
      return out.empty() ? "{}" : "{ " + out + " }";
    }
    default:  // string, and any type: a string converts to it
      return "\"\"";
  }
}

std::optional<std::string> required_items_text(const spec::ExpectedBody& body,
                                               const std::string& indent,
                                               const PlaceholderStyle& style) {
  return items_text(body, indent, style, 0);
}

std::optional<std::string> block_text(const spec::ExpectedBlock& block, const std::string& indent,
                                      const PlaceholderStyle& style, int depth) {
  std::string out = indent + block.type_name;
  for (const std::string& label : block.label_names)
    out += " " + hcl_quoted(style.named_labels ? label : std::string_view());
  std::optional<std::string> inside = "";
  if ((block.nested != nullptr || block.nested_body != nullptr) && depth < kMaxNestedBlocks)
    inside = items_text(spec::expected_body(block), indent + "  ", style, depth + 1);
  if (!inside) return std::nullopt;
  return out + (inside->empty() ? " {\n" + indent + "}\n" : " {\n" + *inside + indent + "}\n");
}

}  // namespace hclspec::features
