// The test notation's parser (recursive descent; throws on malformed test input) and printer.
#include "notation.hpp"

#include <stdexcept>

#include "types/number.hpp"
#include "types/text.hpp"

namespace hclspec::types::testing {

namespace {

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  Type whole_type() {
    Type t = type();
    finish();
    return t;
  }
  Value whole_value() {
    Value v = value();
    finish();
    return v;
  }
  std::string whole_string() {
    std::string s = quoted();
    finish();
    return s;
  }
  std::vector<Type> type_list() {
    std::vector<Type> out;
    skip();
    if (pos_ == text_.size()) return out;
    out.push_back(type());
    while (eat(";")) out.push_back(type());
    finish();
    return out;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw std::runtime_error("notation: " + what + " at " + std::to_string(pos_) + " in " +
                             std::string(text_));
  }
  void skip() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\n')) ++pos_;
  }
  bool eat(std::string_view word) {
    skip();
    if (text_.substr(pos_, word.size()) != word) return false;
    pos_ += word.size();
    return true;
  }
  void expect(std::string_view word) {
    if (!eat(word)) fail("expected '" + std::string(word) + "'");
  }
  void finish() {
    skip();
    if (pos_ != text_.size()) fail("trailing text");
  }
  char peek() {
    skip();
    return pos_ < text_.size() ? text_[pos_] : '\0';
  }
  static bool ident_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-';
  }
  std::string ident() {
    skip();
    const size_t start = pos_;
    while (pos_ < text_.size() && ident_char(text_[pos_])) ++pos_;
    if (start == pos_) fail("expected a name");
    return std::string(text_.substr(start, pos_ - start));
  }
  std::string key() { return peek() == '"' ? quoted() : ident(); }

  static void append_utf8(std::string& out, uint32_t cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  uint32_t hex(size_t digits) {
    uint32_t v = 0;
    for (size_t i = 0; i < digits; ++i) {
      if (pos_ >= text_.size()) fail("short escape");
      const char c = text_[pos_++];
      v <<= 4;
      if (c >= '0' && c <= '9')
        v |= static_cast<uint32_t>(c - '0');
      else if (c >= 'a' && c <= 'f')
        v |= static_cast<uint32_t>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F')
        v |= static_cast<uint32_t>(c - 'A' + 10);
      else
        fail("bad hex digit");
    }
    return v;
  }

  // A Go-style quoted string (strconv.Unquote's escapes).
  std::string quoted() {
    skip();
    if (pos_ >= text_.size() || text_[pos_] != '"') fail("expected a string");
    ++pos_;
    std::string out;
    for (;;) {
      if (pos_ >= text_.size()) fail("unterminated string");
      const char c = text_[pos_++];
      if (c == '"') return out;
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos_ >= text_.size()) fail("unterminated escape");
      const char e = text_[pos_++];
      switch (e) {
        case 'a':
          out += '\a';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'v':
          out += '\v';
          break;
        case '\\':
          out += '\\';
          break;
        case '"':
          out += '"';
          break;
        case 'x':
          out += static_cast<char>(hex(2));
          break;
        case 'u':
          append_utf8(out, hex(4));
          break;
        case 'U':
          append_utf8(out, hex(8));
          break;
        default:
          fail("unknown escape");
      }
    }
  }

  Type type() {
    if (eat("string")) return Type::string();
    if (eat("number")) return Type::number();
    if (eat("bool")) return Type::boolean();
    if (eat("any")) return Type::dynamic();
    for (const char* word : {"list(", "set(", "map("}) {
      if (!eat(word)) continue;
      Type element = type();
      expect(")");
      if (word[0] == 'l') return Type::list(element);
      if (word[0] == 's') return Type::set(element);
      return Type::map(element);
    }
    if (eat("tuple([")) {
      std::vector<Type> elements;
      if (!eat("]")) {
        do {
          elements.push_back(type());
        } while (eat(","));
        expect("]");
      }
      expect(")");
      return Type::tuple(std::move(elements));
    }
    if (eat("object({")) {
      std::vector<Attribute> attrs;
      std::vector<std::string> optional;
      if (!eat("}")) {
        do {
          std::string name = key();
          expect("=");
          if (eat("optional(")) {
            attrs.push_back({name, type()});
            expect(")");
            optional.push_back(name);
          } else {
            attrs.push_back({name, type()});
          }
        } while (eat(","));
        expect("}");
      }
      expect(")");
      return Type::object(std::move(attrs), std::move(optional));
    }
    fail("expected a type");
  }

  std::vector<Value> values(char close) {
    std::vector<Value> out;
    if (peek() == close) {
      ++pos_;
      return out;
    }
    do {
      out.push_back(value());
    } while (eat(","));
    expect(std::string(1, close));
    return out;
  }

  Entries entries() {
    Entries out;
    if (peek() == '}') {
      ++pos_;
      return out;
    }
    do {
      std::string name = key();
      expect("=");
      out.emplace_back(std::move(name), value());
    } while (eat(","));
    expect("}");
    return out;
  }

  Value value() {
    const char c = peek();
    if (eat("null")) {
      if (eat(":")) return Value::null(type());
      return Value::null(Type::dynamic());
    }
    if (eat("?")) return Value::unknown(type());
    if (eat("true")) return Value::boolean(true);
    if (eat("false")) return Value::boolean(false);
    if (c == '"') return Value::string(quoted());
    if (c == '[') {
      ++pos_;
      return Value::tuple(values(']'));
    }
    if (c == '{') {
      ++pos_;
      return Value::object(entries());
    }
    for (const char* word : {"list(", "set(", "map("}) {
      if (!eat(word)) continue;
      Type element = type();
      expect(")");
      // As cty.ListVal does, a non-empty collection takes its element type from its elements;
      // the written one only types an empty collection.
      if (word[0] == 'm') {
        expect("{");
        Entries items = entries();
        const Type ety = items.empty() ? element : Type::dynamic();
        return Value::map(ety, std::move(items));
      }
      expect("[");
      std::vector<Value> elements = values(']');
      const Type ety = elements.empty() ? element : Type::dynamic();
      return word[0] == 'l' ? Value::list(ety, std::move(elements))
                            : Value::set(ety, std::move(elements));
    }
    // A number: everything up to a delimiter, parsed as cty parses numbers.
    const size_t start = pos_;
    while (pos_ < text_.size() && text_[pos_] != ',' && text_[pos_] != ']' && text_[pos_] != '}' &&
           text_[pos_] != ' ' && text_[pos_] != ';')
      ++pos_;
    const std::optional<Number> n = Number::parse(text_.substr(start, pos_ - start));
    if (!n) fail("expected a value");
    return Value::number(*n);
  }

  std::string_view text_;
  size_t pos_ = 0;
};

}  // namespace

Type parse_type(std::string_view text) {
  return Parser(text).whole_type();
}
Value parse_value(std::string_view text) {
  return Parser(text).whole_value();
}
std::vector<Type> parse_types(std::string_view text) {
  return Parser(text).type_list();
}
std::string unquote(std::string_view quoted) {
  return Parser(quoted).whole_string();
}

std::string print_type(const Type& type) {
  switch (type.kind()) {
    case TypeKind::Dynamic:
      return "any";
    case TypeKind::String:
      return "string";
    case TypeKind::Number:
      return "number";
    case TypeKind::Bool:
      return "bool";
    case TypeKind::List:
      return "list(" + print_type(type.element()) + ")";
    case TypeKind::Set:
      return "set(" + print_type(type.element()) + ")";
    case TypeKind::Map:
      return "map(" + print_type(type.element()) + ")";
    case TypeKind::Tuple: {
      std::string out = "tuple([";
      for (size_t i = 0; i < type.tuple_elements().size(); ++i)
        out += (i ? "," : "") + print_type(type.tuple_elements()[i]);
      return out + "])";
    }
    case TypeKind::Object: {
      std::string out = "object({";
      bool first = true;
      for (const Attribute& a : type.attributes()) {
        out += (first ? "" : ",") + go_quote(a.name) + "=";
        out +=
            type.is_optional(a.name) ? "optional(" + print_type(a.type) + ")" : print_type(a.type);
        first = false;
      }
      return out + "})";
    }
  }
  return "?";
}

std::string print_value(const Value& value) {
  if (!value.is_known()) return "?" + print_type(value.type());
  if (value.is_null()) return "null:" + print_type(value.type());
  const Type& type = value.type();
  const auto elements = [&] {
    std::string out = "[";
    for (size_t i = 0; i < value.elements().size(); ++i)
      out += (i ? "," : "") + print_value(value.elements()[i]);
    return out + "]";
  };
  const auto entries = [&] {
    std::string out = "{";
    bool first = true;
    for (const auto& [key, element] : value.entries()) {
      out += (first ? "" : ",") + go_quote(key) + "=" + print_value(element);
      first = false;
    }
    return out + "}";
  };
  switch (type.kind()) {
    case TypeKind::Bool:
      return value.as_bool() ? "true" : "false";
    case TypeKind::Number:
      return value.as_number().to_string();
    case TypeKind::String:
      return go_quote(value.as_string());
    case TypeKind::Tuple:
      return elements();
    case TypeKind::Object:
      return entries();
    case TypeKind::List:
      return "list(" + print_type(type.element()) + ")" + elements();
    case TypeKind::Set:
      return "set(" + print_type(type.element()) + ")" + elements();
    case TypeKind::Map:
      return "map(" + print_type(type.element()) + ")" + entries();
    case TypeKind::Dynamic:
      break;
  }
  return "?";
}

}  // namespace hclspec::types::testing
