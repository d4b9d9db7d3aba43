// The JSON syntax's scanner and parser, decision for decision as hcl's json package (2.14.1).
#include "syntax/json.hpp"

#include <optional>

#include "base/big_stack.hpp"
#include "base/suggest.hpp"
#include "base/unicode.hpp"
#include "syntax/parser.hpp"

namespace hclspec::syntax {

namespace {

enum class JsonTokenKind : uint8_t {
  BraceO,
  BraceC,
  BrackO,
  BrackC,
  Comma,
  Colon,
  Equals,  // only to remind the user that JSON uses colons
  Keyword,
  String,
  Number,
  Eof,
  Invalid,
};

struct JsonTok {
  JsonTokenKind kind;
  base::ByteRange range;
};

bool can_start_number(char c) {
  return c == '-' || c == '+' || c == '.' || (c >= '0' && c <= '9');
}

bool is_alphabetical(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// hcl's scan: whitespace is skipped, and the first byte that starts no token ends the scan.
std::vector<JsonTok> scan(std::string_view text) {
  std::vector<JsonTok> tokens;
  const auto size = static_cast<uint32_t>(text.size());
  uint32_t p = 0;
  for (;;) {
    while (p < size && (text[p] == ' ' || text[p] == '\n' || text[p] == '\r' || text[p] == '\t'))
      ++p;
    if (p == size) break;
    const uint32_t start = p;
    const char first = text[p];
    JsonTokenKind kind;
    switch (first) {
      case '{':
        kind = JsonTokenKind::BraceO;
        break;
      case '}':
        kind = JsonTokenKind::BraceC;
        break;
      case '[':
        kind = JsonTokenKind::BrackO;
        break;
      case ']':
        kind = JsonTokenKind::BrackC;
        break;
      case ',':
        kind = JsonTokenKind::Comma;
        break;
      case ':':
        kind = JsonTokenKind::Colon;
        break;
      case '=':
        kind = JsonTokenKind::Equals;
        break;
      default:
        kind = JsonTokenKind::Invalid;
        break;
    }
    if (kind != JsonTokenKind::Invalid) {
      ++p;
    } else if (first == '"') {
      // Up to the closing quote not escaped, or a control character (left out), or the end.
      kind = JsonTokenKind::String;
      bool escaping = false;
      for (++p; p < size; ++p) {
        const char c = text[p];
        if (c == '\\') {
          escaping = !escaping;
        } else if (c == '"') {
          if (!escaping) {
            ++p;
            break;
          }
          escaping = false;
        } else if (static_cast<unsigned char>(c) < 32) {
          break;
        } else {
          escaping = false;
        }
      }
    } else if (can_start_number(first)) {
      kind = JsonTokenKind::Number;
      while (p < size && (can_start_number(text[p]) || text[p] == 'e' || text[p] == 'E')) ++p;
    } else if (is_alphabetical(first)) {
      kind = JsonTokenKind::Keyword;
      while (p < size && (is_alphabetical(text[p]) || text[p] == '_')) ++p;
    } else {
      tokens.push_back({JsonTokenKind::Invalid, {p, p + 1}});
      p = p + 1;
      break;
    }
    tokens.push_back({kind, {start, p}});
  }
  tokens.push_back({JsonTokenKind::Eof, {p, p}});
  return tokens;
}

// Whether `text` is a JSON number (what Go's encoding/json accepts as one).
bool valid_number(std::string_view text) {
  size_t i = 0;
  const auto digits = [&] {
    const size_t from = i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
    return i > from;
  };
  if (i < text.size() && text[i] == '-') ++i;
  if (i < text.size() && text[i] == '0') {
    ++i;
  } else if (!digits()) {
    return false;
  }
  if (i < text.size() && text[i] == '.') {
    ++i;
    if (!digits()) return false;
  }
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    if (!digits()) return false;
  }
  return i == text.size();
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// A quoted JSON string decoded as Go's encoding/json does (a lone surrogate or a broken byte
// becomes U+FFFD). On a syntax error, the offset Go reports for it: one past the offending
// byte, or the length when the string ends early.
struct DecodedString {
  std::optional<std::string> value;
  uint32_t error_offset = 0;
};

DecodedString decode_string(std::string_view quoted) {
  // Validation first, as Go's checkValid does before unquoting.
  size_t i = 1;
  bool closed = false;
  while (i < quoted.size()) {
    const char c = quoted[i];
    if (c == '"') {
      closed = i + 1 == quoted.size();
      break;
    }
    if (static_cast<unsigned char>(c) < 32) return {std::nullopt, static_cast<uint32_t>(i + 1)};
    if (c != '\\') {
      ++i;
      continue;
    }
    if (i + 1 >= quoted.size()) return {std::nullopt, static_cast<uint32_t>(quoted.size())};
    const char e = quoted[i + 1];
    if (e == 'u') {
      for (size_t k = i + 2; k < i + 6; ++k) {
        if (k >= quoted.size()) return {std::nullopt, static_cast<uint32_t>(quoted.size())};
        if (hex_value(quoted[k]) < 0) return {std::nullopt, static_cast<uint32_t>(k + 1)};
      }
      i += 6;
      continue;
    }
    if (std::string_view("\"\\/bfnrt").find(e) == std::string_view::npos)
      return {std::nullopt, static_cast<uint32_t>(i + 2)};
    i += 2;
  }
  if (!closed) return {std::nullopt, static_cast<uint32_t>(quoted.size())};
  return {base::json_unquote(quoted), 0};
}

}  // namespace

class JsonParser {
 public:
  explicit JsonParser(JsonTree& tree) : tree_(tree), tokens_(scan(tree.text())) {}

  void run() {
    const size_t before = tree_.diagnostics_.size();
    JsonId root = parse_value();
    if (tree_.diagnostics_.size() == before && peek().kind != JsonTokenKind::Eof)
      error("Extraneous data after value", "Extra characters appear after the JSON value.",
            peek().range);
    const JsonKind kind = tree_.nodes_[root].kind;
    if (kind != JsonKind::Object && kind != JsonKind::Array) {
      error("Root value must be object",
            "The root value in a JSON-based configuration must be either a JSON object or a JSON "
            "array of objects.",
            tree_.nodes_[root].open);
      JsonNode empty;
      empty.kind = JsonKind::Object;
      root = add(std::move(empty));
    }
    tree_.root_ = root;
  }

 private:
  static constexpr JsonId kNone = UINT32_MAX;
  // Deeper values are skipped with an error: hcl has no limit, but a stack has.
  static constexpr int kMaxDepth = 10000;

  const JsonTok& peek() const { return tokens_[next_]; }
  JsonTok read() {
    const JsonTok t = tokens_[next_];
    if (t.kind != JsonTokenKind::Eof) ++next_;
    return t;
  }
  std::string_view text(const JsonTok& t) const { return t.range.slice(tree_.text()); }

  void error(std::string summary, std::string detail, base::ByteRange subject,
             std::optional<base::ByteRange> context = std::nullopt) {
    tree_.diagnostics_.push_back(
        {base::Severity::Error, std::move(summary), std::move(detail), subject, context});
  }

  JsonId add(JsonNode node) {
    tree_.nodes_.push_back(std::move(node));
    return static_cast<JsonId>(tree_.nodes_.size() - 1);
  }

  JsonId scalar(JsonKind kind, base::ByteRange range) {
    JsonNode n;
    n.kind = kind;
    n.range = n.open = range;
    return add(std::move(n));
  }

  // hcl's parseValue: a node always (an Invalid one where the value is broken).
  JsonId parse_value() {
    const JsonTok tok = peek();
    JsonId parsed = kNone;
    const char* const start_detail =
        "A JSON value must start with a brace, a bracket, a number, a string, or a keyword.";
    switch (tok.kind) {
      case JsonTokenKind::BraceO:
      case JsonTokenKind::BrackO:
        if (depth_ >= kMaxDepth) {
          error("Nesting too deep",
                "JSON values may nest at most " + std::to_string(kMaxDepth) +
                    " levels deep; this value was skipped.",
                tok.range);
          skip_value();
          break;
        }
        ++depth_;
        parsed = tok.kind == JsonTokenKind::BraceO ? parse_object() : parse_array();
        --depth_;
        break;
      case JsonTokenKind::Number:
        parsed = parse_number();
        break;
      case JsonTokenKind::String:
        parsed = parse_string();
        break;
      case JsonTokenKind::Keyword:
        parsed = parse_keyword();
        break;
      case JsonTokenKind::BraceC:
        error("Missing JSON value", start_detail, tok.range);
        break;
      case JsonTokenKind::BrackC:
        error("Missing array element value", start_detail, tok.range);
        break;
      case JsonTokenKind::Eof:
        error("Missing value", "The JSON data ends prematurely.", tok.range);
        break;
      default:
        error("Invalid start of value", start_detail, tok.range);
        break;
    }
    return parsed != kNone ? parsed : scalar(JsonKind::Invalid, tok.range);
  }

  // Past a value nested too deeply: to the close that balances its opening.
  void skip_value() {
    int open = 0;
    do {
      const JsonTok t = read();
      if (t.kind == JsonTokenKind::BraceO || t.kind == JsonTokenKind::BrackO) ++open;
      if (t.kind == JsonTokenKind::BraceC || t.kind == JsonTokenKind::BrackC) --open;
      if (t.kind == JsonTokenKind::Eof) return;
    } while (open > 0);
  }

  // hcl's recover inside an object or array: from `tok` (already read) past nested pairs.
  void recover(JsonTok tok, JsonTokenKind open_kind, JsonTokenKind close_kind) {
    int open = 1;
    for (;;) {
      if (tok.kind == open_kind) {
        ++open;
      } else if (tok.kind == close_kind) {
        if (--open <= 1) return;
      } else if (tok.kind == JsonTokenKind::Eof) {
        return;
      }
      tok = read();
    }
  }

  JsonId parse_object() {
    const JsonTok open = read();
    std::vector<JsonProperty> properties;
    for (;;) {
      if (peek().kind == JsonTokenKind::BraceC) break;
      const JsonId key = parse_value();
      if (tree_.nodes_[key].kind != JsonKind::String) {
        error("Invalid object property name", "A JSON object property name must be a string",
              tree_.nodes_[key].open);
        return kNone;
      }
      const JsonTok colon = read();
      if (colon.kind != JsonTokenKind::Colon) {
        recover(colon, JsonTokenKind::BraceO, JsonTokenKind::BraceC);
        if (colon.kind == JsonTokenKind::BraceC || colon.kind == JsonTokenKind::Comma)
          error("Missing object value",
                "A JSON object attribute must have a value, introduced by a colon.", colon.range);
        else if (colon.kind == JsonTokenKind::Equals)
          error("Missing property value colon",
                "JSON uses a colon as its name/value delimiter, not an equals sign.", colon.range);
        else
          error("Missing property value colon",
                "A colon must appear between an object property's name and its value.",
                colon.range);
        return kNone;
      }
      const JsonId value = parse_value();
      properties.push_back({tree_.nodes_[key].string_value, tree_.nodes_[key].range, value});
      switch (peek().kind) {
        case JsonTokenKind::Comma: {
          const JsonTok comma = read();
          if (peek().kind == JsonTokenKind::BraceC) {
            error("Trailing comma in object",
                  "JSON does not permit a trailing comma after the final property in an object.",
                  comma.range);
            return kNone;
          }
          continue;
        }
        case JsonTokenKind::Eof:
          error("Unclosed object", "No closing brace was found for this JSON object.", open.range);
          return kNone;
        case JsonTokenKind::BrackC:
          read();
          error("Mismatched braces", "A JSON object must be closed with a brace, not a bracket.",
                peek().range);
          return kNone;
        case JsonTokenKind::BraceC:
          break;
        default:
          recover(read(), JsonTokenKind::BraceO, JsonTokenKind::BraceC);
          error("Missing attribute seperator comma",
                "A comma must appear between each property definition in an object.", peek().range);
          return kNone;
      }
      break;
    }
    const JsonTok close = read();
    JsonNode n;
    n.kind = JsonKind::Object;
    n.range = base::range_between(open.range, close.range);
    n.open = open.range;
    n.close = close.range;
    n.first = static_cast<uint32_t>(tree_.properties_.size());
    n.count = static_cast<uint32_t>(properties.size());
    std::move(properties.begin(), properties.end(), std::back_inserter(tree_.properties_));
    return add(std::move(n));
  }

  JsonId parse_array() {
    const JsonTok open = read();
    std::vector<JsonId> values;
    for (;;) {
      if (peek().kind == JsonTokenKind::BrackC) break;
      values.push_back(parse_value());
      switch (peek().kind) {
        case JsonTokenKind::Comma: {
          const JsonTok comma = read();
          if (peek().kind == JsonTokenKind::BrackC) {
            error("Trailing comma in array",
                  "JSON does not permit a trailing comma after the final value in an array.",
                  comma.range);
            return kNone;
          }
          continue;
        }
        case JsonTokenKind::Colon:
          recover(read(), JsonTokenKind::BrackO, JsonTokenKind::BrackC);
          error("Invalid array value", "A colon is not used to introduce values in a JSON array.",
                peek().range);
          return kNone;
        case JsonTokenKind::Eof:
          recover(read(), JsonTokenKind::BrackO, JsonTokenKind::BrackC);
          error("Unclosed object", "No closing bracket was found for this JSON array.", open.range);
          return kNone;
        case JsonTokenKind::BraceC:
          recover(read(), JsonTokenKind::BrackO, JsonTokenKind::BrackC);
          error("Mismatched brackets", "A JSON array must be closed with a bracket, not a brace.",
                peek().range);
          return kNone;
        case JsonTokenKind::BrackC:
          break;
        default:
          recover(read(), JsonTokenKind::BrackO, JsonTokenKind::BrackC);
          error("Missing attribute seperator comma",
                "A comma must appear between each value in an array.", peek().range);
          return kNone;
      }
      break;
    }
    const JsonTok close = read();
    JsonNode n;
    n.kind = JsonKind::Array;
    n.range = base::range_between(open.range, close.range);
    n.open = open.range;
    n.first = static_cast<uint32_t>(tree_.elements_.size());
    n.count = static_cast<uint32_t>(values.size());
    tree_.elements_.insert(tree_.elements_.end(), values.begin(), values.end());
    return add(std::move(n));
  }

  JsonId parse_number() {
    const JsonTok tok = read();
    if (!valid_number(text(tok))) {
      error("Invalid JSON number", "There is a syntax error in the given JSON number.", tok.range);
      return kNone;
    }
    return scalar(JsonKind::Number, tok.range);
  }

  JsonId parse_string() {
    const JsonTok tok = read();
    DecodedString decoded = decode_string(text(tok));
    if (!decoded.value) {
      const uint32_t at = tok.range.start + decoded.error_offset;
      const base::ByteRange subject{at, at + 1};
      std::optional<base::ByteRange> context;
      if (!(subject == tok.range)) context = tok.range;
      error("Invalid JSON string", "There is a syntax error in the given JSON string.", subject,
            context);
      return kNone;
    }
    const JsonId id = scalar(JsonKind::String, tok.range);
    tree_.nodes_[id].string_value = std::move(*decoded.value);
    return id;
  }

  JsonId parse_keyword() {
    const JsonTok tok = read();
    const std::string_view word = text(tok);
    if (word == "true" || word == "false") {
      const JsonId id = scalar(JsonKind::Bool, tok.range);
      tree_.nodes_[id].boolean = word == "true";
      return id;
    }
    if (word == "null") return scalar(JsonKind::Null, tok.range);
    if (word == "undefined" || word == "NaN" || word == "Infinity") {
      error("Invalid JSON keyword",
            "The JavaScript identifier " + base::go_quote(word) + " cannot be used in JSON.",
            tok.range);
      return kNone;
    }
    std::string suggestion(base::name_suggestion(word, {"false", "true", "null"}));
    if (!suggestion.empty()) suggestion = " Did you mean " + base::go_quote(suggestion) + "?";
    error("Invalid JSON keyword",
          base::go_quote(word) + " is not a valid JSON keyword." + suggestion, tok.range);
    return kNone;
  }

  JsonTree& tree_;
  std::vector<JsonTok> tokens_;
  size_t next_ = 0;
  int depth_ = 0;
};

std::unique_ptr<JsonTree> parse_json(std::string text, std::string filename) {
  if (text.size() > kMaxSourceBytes) text.resize(kMaxSourceBytes);
  auto tree = std::make_unique<JsonTree>(std::move(text), std::move(filename));
  base::run_on_large_stack([&] { JsonParser(*tree).run(); });
  return tree;
}

}  // namespace hclspec::syntax
