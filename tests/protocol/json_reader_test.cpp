// read_json against nlohmann::json::parse: values, number kinds, strings, errors and their offsets.
#include "protocol/json_reader.hpp"

#include <doctest/doctest.h>

#include <optional>
#include <string>

namespace {

using hclspec::protocol::JsonReadError;
using hclspec::protocol::read_json;
using hclspec::protocol::same_json;
using nlohmann::json;

constexpr size_t kDepth = 512;

std::optional<json> nlohmann_parse(std::string_view text) {
  try {
    return json::parse(text);
  } catch (const json::exception&) {
    return std::nullopt;
  }
}

// Reading the text from a buffer it may take over, with any member string long enough to be taken
// over (`adopt_from` 0: the first one; 3: the first of three bytes or more): the answer of reading
// a view of it, error for error.
void check_adopting_agrees(std::string_view text,
                           const std::variant<json, JsonReadError>& from_view) {
  for (const size_t adopt_from : {size_t{0}, size_t{3}}) {
    CAPTURE(adopt_from);
    const auto adopting = read_json(std::string(text), kDepth, adopt_from);
    REQUIRE(adopting.index() == from_view.index());
    if (const auto* error = std::get_if<JsonReadError>(&from_view)) {
      const auto& other = std::get<JsonReadError>(adopting);
      CHECK(other.kind == error->kind);
      CHECK(other.offset == error->offset);
      CHECK(other.reason == error->reason);
    } else {
      CHECK(same_json(std::get<json>(adopting), std::get<json>(from_view)));
    }
  }
}

// Both fail, or both give the same value with the same number kinds.
void check_agrees_with_nlohmann(std::string_view text) {
  CAPTURE(text);
  const auto ours = read_json(text, kDepth);
  check_adopting_agrees(text, ours);
  const std::optional<json> theirs = nlohmann_parse(text);
  if (const auto* error = std::get_if<JsonReadError>(&ours)) {
    CAPTURE(error->reason);
    CHECK_FALSE(theirs);
  } else {
    REQUIRE(theirs);
    CHECK(same_json(std::get<json>(ours), *theirs));
  }
}

json read(std::string_view text) {
  auto result = read_json(text, kDepth);
  if (const auto* error = std::get_if<JsonReadError>(&result)) FAIL_CHECK(error->reason);
  REQUIRE(std::holds_alternative<json>(result));
  return std::get<json>(std::move(result));
}

JsonReadError rejected(std::string_view text, size_t max_depth = kDepth) {
  auto result = read_json(text, max_depth);
  REQUIRE(std::holds_alternative<JsonReadError>(result));
  if (max_depth == kDepth) check_adopting_agrees(text, result);
  return std::get<JsonReadError>(std::move(result));
}

}  // namespace

TEST_CASE("tricky inputs: the same answer as nlohmann::json::parse") {
  using namespace std::string_literals;
  const std::string tricky[] = {
      // numbers of each kind, at the edges of the kinds, and malformed
      "0",
      "-0",
      "0.0",
      "-0.0",
      "1e5",
      "1E+2",
      "-1e-2",
      "123456789012345678",
      "-123456789012345678",
      "1234567890123456789",
      "18446744073709551615",
      "18446744073709551616",
      "-9223372036854775808",
      "-9223372036854775809",
      "00000000000000000001",
      "1e999999",
      "-1e999999",
      "1e-400",
      "1.7976931348623157e308",
      "1.7976931348623159e308",
      "0.1e1",
      "01",
      "-01",
      "00",
      "-",
      "1.",
      ".5",
      "1e",
      "1e+",
      "+1",
      "1.5.3",
      "[1true]",
      "NaN",
      "Infinity",
      "0x10",
      // literals
      "true",
      " false ",
      "null",
      "nul",
      "tru",
      "truex",
      "True",
      // containers
      "[]",
      "{}",
      "[ ]",
      "{ }",
      "[1,]",
      "[,1]",
      "{,}",
      "{\"a\":1,}",
      "{\"a\" 1}",
      "{\"a\":}",
      "{1:2}",
      "{\"a\":1 \"b\":2}",
      "[[[]]]",
      "[[]",
      "[]]",
      "{\"a\":[{\"b\":[1,{\"c\":null}]}]}",
      // duplicate keys: the last wins, also over a container
      "{\"a\":1,\"a\":2}",
      "{\"a\":{\"x\":1},\"a\":[2]}",
      "{\"a\":[1],\"b\":0,\"a\":{\"y\":[]}}",
      // whitespace, byte order mark, NUL bytes, the end of the text
      "",
      " ",
      " \t\r\n[1]\n\r\t ",
      "\f1",
      "1 2",
      "\xef\xbb\xbf{}",
      "\xef\xbb\xbf",
      "\xef\xbb\xbf \t1",
      " \xef\xbb\xbf"
      "1",
      "\xef\xbb\xbe{}",
      "\xef\xbb",
      "\xef\xbb\xbf\xef\xbb\xbf"
      "1",
      "{\"a\":1}\0garbage"s,
      "1\0 2"s,
      "\0"s,
      "[1,\0]"s,
      "\"a\0\""s,
      "tr\0e"s,
      // strings, escapes and surrogates
      "\"\"",
      "\"plain\"",
      "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"",
      "\"\\u0000\"",
      "\"\\u00e9\\u20AC\\uffff\"",
      "\"\\ud83d\\ude00\"",
      "\"\\uD83D\\uDE00x\"",
      "\"\\ud800\"",
      "\"\\udc00\"",
      "\"\\ud800\\u0041\"",
      "\"\\ud800\\ud800\"",
      "\"\\ud800\\\"",
      "\"\\ud800\\n\"",
      "\"\\udbff\\udfff\"",
      "\"\\u12\"",
      "\"\\u12g4\"",
      "\"\\U0041\"",
      "\"\\x41\"",
      "\"\\'\"",
      "\"\\",
      "\"abc",
      "\"abc\\\"",
      "\"\t\"",
      "\"\x1f\"",
      "\"\x7f\"",
      "\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\"",
      "\"\xed\x9f\xbf\xee\x80\x80\xf4\x8f\xbf\xbf\"",
      "\"\xed\xa0\x80\"",
      "\"\xc0\xaf\"",
      "\"\xf4\x90\x80\x80\"",
      "\"\xc3\"",
      "\"\xe2\x82\"",
      "[\"\xff\"]",
      "\xc3\xa9",
      "'a'",
  };
  for (const std::string& text : tricky) check_agrees_with_nlohmann(text);
}

TEST_CASE("numbers keep nlohmann's kinds") {
  CHECK(read("0").is_number_unsigned());
  CHECK(read("-0").is_number_integer());
  CHECK(read("-0").get<int64_t>() == 0);
  CHECK(read("18446744073709551615").get<uint64_t>() == 18446744073709551615u);
  CHECK(read("18446744073709551616").is_number_float());
  CHECK(read("-9223372036854775808").get<int64_t>() == INT64_MIN);
  CHECK(read("-9223372036854775809").is_number_float());
  CHECK(read("-123456789012345678").get<int64_t>() == -123456789012345678);
  CHECK(read("1.0").is_number_float());
  CHECK(read("2e0").is_number_float());
  // same_json tells the kinds apart, as == does not.
  CHECK(json(1) == json(1.0));
  CHECK_FALSE(same_json(read("1"), read("1.0")));
  CHECK_FALSE(same_json(read("-0"), read("0")));
  CHECK_FALSE(same_json(read("-0.0"), read("0.0")));
  CHECK(same_json(read("[1,{\"a\":-2.5}]"), json{1u, {{"a", -2.5}}}));
}

TEST_CASE("strings: escapes, surrogate pairs and UTF-8 are decoded as nlohmann does") {
  CHECK(read(R"("\"\\\/\b\f\n\r\t")") == "\"\\/\b\f\n\r\t");
  CHECK(read(R"("\u0041\u00e9\u20ac\ud83d\ude00")") == "A\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80");
  CHECK(read(R"("a\u0000b")") == std::string("a\0b", 3));
  CHECK(read("\"\xc3\xa9\"") == "\xc3\xa9");
  CHECK(read(R"({"a":1,"a":{"b":2}})") == json{{"a", {{"b", 2}}}});
  CHECK(read("\xef\xbb\xbf [true]") == json{true});
  CHECK(read(std::string("{\"a\":1}\0{", 9)) == json{{"a", 1}});
}

TEST_CASE("strings of every length up to 40 with a special byte at every place") {
  // The scan reads eight bytes at a time, then the last few one by one: every length and place.
  // As an array element, and as a member whose value starts 6 to 12 bytes into the text: taken
  // over (decoded in place) from 8 bytes on, and read as usual before that.
  for (const std::string special : {"\\n", "\\u00e9", "\\ud83d\\ude00", "\xc3\xa9",
                                    "\xf0\x9f\x98\x80", "\x01", "\xff", "\\", "\"", "\\\""}) {
    for (size_t length = 0; length <= 40; ++length) {
      for (size_t place = 0; place <= length; ++place) {
        const std::string value =
            "\"" + std::string(place, 'a') + special + std::string(length - place, 'b') + "\"";
        check_agrees_with_nlohmann("[" + value + "]");
        for (size_t key = 1; key <= 7; ++key)
          check_agrees_with_nlohmann("{\"" + std::string(key, 'k') + "\":" + value + ",\"z\":1}");
      }
    }
  }
}

TEST_CASE("a long string with escapes and multibyte characters: copied in runs") {
  std::string raw = "\"";
  std::string expected;
  for (int line = 0; line < 20000; ++line) {
    raw += "job \\\"x\\\" {\\n  \xc3\xa9t\xc3\xa9 = \\u20ac\\ud83d\\ude00\\t1 }\\r\\n";
    expected += "job \"x\" {\n  \xc3\xa9t\xc3\xa9 = \xe2\x82\xac\xf0\x9f\x98\x80\t1 }\r\n";
  }
  raw += "\"";
  CHECK(read(raw) == expected);
  check_agrees_with_nlohmann(raw);
}

TEST_CASE("every prefix of a document: the same answer as nlohmann") {
  const std::string document =
      "\xef\xbb\xbf{\"jsonrpc\":\"2.0\",\"id\":-12,\"method\":\"m\",\"params\":{\"a\":[1.5e-3,"
      "true,false,null,18446744073709551616],\"t\":\"x\\n\\u00e9\\ud83d\\ude00\xe2\x82\xac\"}}";
  for (size_t size = 0; size <= document.size(); ++size)
    check_agrees_with_nlohmann(std::string_view(document).substr(0, size));
}

TEST_CASE("invalid UTF-8 is reported at its first byte, in strings and between tokens") {
  struct Case {
    std::string text;
    size_t offset;
  };
  const Case cases[] = {
      {"\"\x80\"", 1},       {"[\"ok\",\"\xc3\xa9\xe2\x28\xa1\"]", 9},
      {"{\"k\xff\":1}", 3},  {"{\"a\":\"b\"} \xe2", 10},
      {"[1,\xc0\x80]", 3},   {"\xef\x41", 0},
      {"\"\\\xff\"", 2},     {"\"\\u12\xf5\"", 5},
      {"tr\xed\xa0\x80", 2}, {"[\"" + std::string(100, 'a') + "\xf4\x90\x80\x80\"]", 102},
  };
  for (const Case& c : cases) {
    CAPTURE(c.text);
    const JsonReadError error = rejected(c.text);
    CHECK(error.kind == JsonReadError::Kind::InvalidUtf8);
    CHECK(error.offset == c.offset);
    check_agrees_with_nlohmann(c.text);
  }
  // A syntax error met before the bad byte is the one reported.
  CHECK(rejected("[1 2, \"\xff\"]").kind == JsonReadError::Kind::Syntax);
  // A valid multibyte character where a token should be is a syntax error.
  CHECK(rejected("\xc3\xa9").kind == JsonReadError::Kind::Syntax);
}

TEST_CASE("syntax errors say what was expected, what was found and where") {
  struct Case {
    std::string_view text;
    size_t offset;
    std::string_view reason;
  };
  const Case cases[] = {
      {"", 0, "expected a value, found the end of the text"},
      {"[1,]", 3, "expected a value, found ']'"},
      {"{\"a\" 1}", 5, "expected ':' after an object key, found '1'"},
      {"{\"a\":1,}", 7, "expected a string key, found '}'"},
      {"{1:2}", 1, "expected a string key or '}', found '1'"},
      {"[1 2]", 3, "expected ',' or ']' after an array element, found '2'"},
      {"{\"a\":1]", 6, "expected ',' or '}' after an object member, found ']'"},
      {"[1] x", 4, "expected the end of the text after the value, found 'x'"},
      {"nul", 3, "expected the literal null, found the end of the text"},
      {"-x", 1, "expected a digit after '-', found 'x'"},
      {"1.e5", 2, "expected a digit after '.', found 'e'"},
      {"1e+", 3, "expected a digit in the exponent, found the end of the text"},
      {"[\"abc", 1, "a string without a closing quote"},
      {"\"a\tb\"", 2, "a control character (byte 0x09) in a string must be escaped"},
      {"\"\\x\"", 2, "expected one of \"\\/bfnrtu after a backslash, found 'x'"},
      {"\"\\u12g4\"", 5, "expected 4 hex digits after \\u, found 'g'"},
      {"\"\\udc00\"", 1, "a low surrogate escape without a high one before it"},
      {"\"\\ud800x\"", 1, "a high surrogate escape without a low one after it"},
      {"\xef\xbb\xbe", 0, "expected a value or the byte order mark EF BB BF, found byte 0xEF"},
      {std::string_view("[\0]", 3), 1, "expected a value, found a NUL byte"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.text);
    const JsonReadError error = rejected(c.text);
    CHECK(error.kind == JsonReadError::Kind::Syntax);
    CHECK(error.offset == c.offset);
    CHECK(error.reason == c.reason);
  }
  const JsonReadError overflow = rejected("[0, 1e999999]");
  CHECK(overflow.kind == JsonReadError::Kind::NumberOverflow);
  CHECK(overflow.offset == 4);
}

TEST_CASE("nesting: up to the limit read, past it an error at the bracket; no recursion") {
  const auto nested = [](size_t depth) {
    std::string text;
    for (size_t level = 0; level < depth; ++level) text += level % 2 ? "{\"k\":" : "[";
    for (size_t level = depth; level-- > 0;) text += level % 2 ? "}" : "]";
    return text;
  };
  check_agrees_with_nlohmann(nested(kDepth));
  const std::string too_deep = nested(kDepth + 1);
  const JsonReadError error = rejected(too_deep);
  CHECK(error.kind == JsonReadError::Kind::TooDeep);
  CHECK(error.offset == too_deep.find_last_of("[{"));
  // Brackets inside strings are text.
  CHECK(read("[\"" + std::string(2000, '[') + "\"]")[0].get<std::string>().size() == 2000);
  // Far deeper than any call stack takes, when the limit allows it.
  const size_t deep = 200000;
  CHECK(read_json(std::string(deep, '[') + std::string(deep, ']'), deep).index() == 0);
  CHECK(rejected(std::string(deep, '['), deep).reason ==
        "expected a value, found the end of the text");
}

TEST_CASE("a long member string takes over the text's buffer, decoded as from a view") {
  // A didOpen of a document with escapes, multibyte characters and a surrogate pair, long
  // enough to be taken over by default.
  std::string document;  // as the message writes it: quotes, newlines and tabs escaped
  for (int line = 0; document.size() < 2 * hclspec::protocol::kAdoptedStringBytes; ++line)
    document += R"(job \"a)" + std::to_string(line) + R"(\" {\n  note = \"caf\u00e9 )" +
                "\xe2\x82\xac" + R"( \ud83d\ude00\"\t# \\\n}\n)";
  const std::string message =
      R"({"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":)"
      R"({"uri":"file:///a.hcl","languageId":"hcl","version":1,"text":")" +
      document + R"("},"later":"a second long string: )" + document + R"("}})";
  const json from_view = read(message);
  std::string buffer = message;
  const char* const bytes = buffer.data();
  auto result = read_json(std::move(buffer), kDepth);
  REQUIRE(std::holds_alternative<json>(result));
  const json& value = std::get<json>(result);
  CHECK(same_json(value, from_view));
  const auto& text = value["params"]["textDocument"]["text"].get_ref<const std::string&>();
  CHECK(text.data() == bytes);  // the message's buffer, not a copy of it
  CHECK(text.size() < message.size());
  // Only the first long string is taken over.
  CHECK(value["params"]["later"].get_ref<const std::string&>().data() != bytes);
}

TEST_CASE("array elements and a root string are read, not taken over") {
  // Each string starts far enough into the text to be taken over as a member's value.
  const std::string long_text(100, 'x');
  for (const std::string& text :
       {"          [\"" + long_text + "\"]", "          \"" + long_text + "\"",
        "{\"padding\":0,\"a\":[\"" + long_text + "\",\"" + long_text + "\"]}"}) {
    CAPTURE(text);
    std::string buffer = text;
    const char* const bytes = buffer.data();
    auto result = read_json(std::move(buffer), kDepth, 10);
    REQUIRE(std::holds_alternative<json>(result));
    CHECK(same_json(std::get<json>(result), read(text)));
    const json& value = std::get<json>(result);
    const json& first = value.is_string() ? value : value.is_array() ? value[0] : value["a"][0];
    CHECK(first.get_ref<const std::string&>().data() != bytes);
  }
}

TEST_CASE("an error after a string taken over is the error a view gives") {
  const std::string text = R"({"text":"a\nlong\tvalue with \" escapes", "next": tru})";
  const JsonReadError from_view = rejected(text);
  auto result = read_json(std::string(text), kDepth, 4);
  REQUIRE(std::holds_alternative<JsonReadError>(result));
  CHECK(std::get<JsonReadError>(result).offset == from_view.offset);
  CHECK(std::get<JsonReadError>(result).reason == from_view.reason);
}

TEST_CASE("a key met again replaces the value of a string taken over, or what holds it") {
  const std::string long_text = "a \\\"long\\\" value";  // escaped in the text
  for (const std::string& text :
       {R"({"member":")" + long_text + R"(","member":"x"})",
        R"({"member":")" + long_text + R"(","member":{"a":1}})",
        R"({"outer":{"member":")" + long_text + R"("},"outer":1})",
        R"({"outer":[{"member":")" + long_text + R"("}],"outer":[]})",
        R"({"member":")" + long_text + R"(","other":")" + long_text + R"(","member":2})",
        R"({"member":")" + long_text + R"(","other":1,"other":2})"}) {
    CAPTURE(text);
    auto result = read_json(std::string(text), kDepth, 4);
    REQUIRE(std::holds_alternative<json>(result));
    CHECK(same_json(std::get<json>(result), read(text)));
  }
}
