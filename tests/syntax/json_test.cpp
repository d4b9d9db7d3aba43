// The JSON syntax's parser: values and ranges, string decoding, and hcl's diagnostics.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "syntax/json.hpp"
#include "test_support.hpp"

using namespace hclspec;
using syntax::JsonKind;

namespace {

// "Summary @start..end" for each diagnostic, in order.
std::vector<std::string> errors_of(const std::string& text) {
  const auto tree = syntax::parse_json(text, "t.json");
  std::vector<std::string> out;
  for (const base::Diagnostic& d : tree->diagnostics())
    out.push_back(d.summary + " @" + std::to_string(d.subject.start) + ".." +
                  std::to_string(d.subject.end));
  return out;
}

std::string detail_of(const std::string& text) {
  const auto tree = syntax::parse_json(text, "t.json");
  return tree->diagnostics().empty() ? "" : tree->diagnostics()[0].detail;
}

using Errors = std::vector<std::string>;

}  // namespace

TEST_CASE("a JSON document becomes values with hcl's ranges") {
  const auto tree = syntax::parse_json(R"({"a": 1.5, "b": [true, null, "x"], "a": {}})", "t.json");
  REQUIRE(tree->diagnostics().empty());
  const syntax::JsonNode& root = tree->node(tree->root());
  CHECK(root.kind == JsonKind::Object);
  CHECK(root.range == base::ByteRange{0, 43});
  CHECK(root.open == base::ByteRange{0, 1});
  CHECK(root.close == base::ByteRange{42, 43});
  const auto properties = tree->properties(tree->root());
  REQUIRE(properties.size() == 3);  // a repeated name is kept: bodies report it
  CHECK(properties[0].name == "a");
  CHECK(properties[0].name_range == base::ByteRange{1, 4});
  CHECK(tree->node(properties[0].value).kind == JsonKind::Number);
  CHECK(tree->node(properties[0].value).range.slice(tree->text()) == "1.5");
  const auto elements = tree->elements(properties[1].value);
  REQUIRE(elements.size() == 3);
  CHECK(tree->node(elements[0]).kind == JsonKind::Bool);
  CHECK(tree->node(elements[0]).boolean);
  CHECK(tree->node(elements[1]).kind == JsonKind::Null);
  CHECK(tree->node(elements[2]).string_value == "x");
  CHECK(tree->node(properties[2].value).kind == JsonKind::Object);
  CHECK(tree->properties(properties[2].value).empty());
}

TEST_CASE("JSON strings decode as Go's encoding/json does") {
  const auto value = [](const std::string& quoted) {
    const auto tree = syntax::parse_json("[" + quoted + "]", "t.json");
    REQUIRE(tree->diagnostics().empty());
    return tree->node(tree->elements(tree->root())[0]).string_value;
  };
  CHECK(value(R"("a\nb\t\"\\\/")") == "a\nb\t\"\\/");
  CHECK(value(R"("\u00e9\u00E9")") == "\xC3\xA9\xC3\xA9");
  CHECK(value(R"("\ud83d\ude00")") == "\xF0\x9F\x98\x80");  // a surrogate pair
  CHECK(value(R"("\ud83dx")") == "\xEF\xBF\xBDx");          // a lone surrogate
  CHECK(value("\"a\xFF\"") == "a\xEF\xBF\xBD");             // a broken byte
  CHECK(value(R"("${x}")") == "${x}");  // templates are evaluated later, in a scope
}

TEST_CASE("JSON syntax errors are hcl's, with its ranges") {
  CHECK(errors_of(R"({"a" 1})") ==
        Errors{"Missing property value colon @5..6", "Root value must be object @0..1"});
  CHECK(detail_of(R"({"a" = 1})") ==
        "JSON uses a colon as its name/value delimiter, not an equals sign.");
  CHECK(errors_of(R"({"a"})") ==
        Errors{"Missing object value @4..5", "Root value must be object @0..1"});
  CHECK(errors_of(R"({"a": 1,})") ==
        Errors{"Trailing comma in object @7..8", "Root value must be object @0..1"});
  // A root that failed to parse is an invalid value, so it is no object either.
  CHECK(errors_of("[1,]") ==
        Errors{"Trailing comma in array @2..3", "Root value must be object @0..1"});
  CHECK(errors_of(R"({"a": 1)") ==
        Errors{"Unclosed object @0..1", "Root value must be object @0..1"});
  CHECK(errors_of(R"({"a": 1 "b": 2})") ==
        Errors{"Missing attribute seperator comma @15..15", "Root value must be object @0..1"});
  CHECK(errors_of(R"({"a": 1])") ==
        Errors{"Mismatched braces @8..8", "Root value must be object @0..1"});
  CHECK(errors_of(R"([1}])") ==
        Errors{"Mismatched brackets @4..4", "Root value must be object @0..1"});
  CHECK(errors_of(R"({1: 2})") ==
        Errors{"Invalid object property name @1..2", "Root value must be object @0..1"});
  // A broken value inside an object is an invalid value; the object still stands.
  CHECK(errors_of(R"({"a": 01})") == Errors{"Invalid JSON number @6..8"});
  CHECK(errors_of("{} x") == Errors{"Extraneous data after value @3..4"});
  // The scan stops at a byte that starts no token; the parser does not consume it.
  CHECK(errors_of(R"({"a": @})") == Errors{"Invalid start of value @6..7",
                                           "Missing attribute seperator comma @7..7",
                                           "Root value must be object @0..1"});
  CHECK(errors_of("") == Errors{"Missing value @0..0", "Root value must be object @0..0"});
  CHECK(errors_of("\"text\"") == Errors{"Root value must be object @0..6"});
  CHECK(errors_of("\xEF\xBB\xBF{}") ==
        Errors{"Invalid start of value @0..1", "Root value must be object @0..1"});
}

TEST_CASE("JSON keywords and strings that do not parse") {
  CHECK(errors_of(R"({"a": tru})") == Errors{"Invalid JSON keyword @6..9"});
  CHECK(detail_of(R"({"a": tru})") == R"("tru" is not a valid JSON keyword. Did you mean "true"?)");
  CHECK(detail_of(R"({"a": NaN})") == R"(The JavaScript identifier "NaN" cannot be used in JSON.)");
  CHECK(detail_of(R"({"a": nothing})") == R"("nothing" is not a valid JSON keyword.)");
  // Go reports the offset one past the byte it stopped at.
  CHECK(errors_of(R"({"a": "x\qy"})") == Errors{"Invalid JSON string @10..11"});
  CHECK(errors_of(R"({"a": "\u12G4"})") == Errors{"Invalid JSON string @12..13"});
  CHECK(errors_of(R"({"a": "abc)") == Errors{"Invalid JSON string @10..11", "Unclosed object @0..1",
                                             "Root value must be object @0..1"});
  const auto tree = syntax::parse_json(R"({"a": "x\qy"})", "t.json");
  CHECK(tree->diagnostics()[0].context == base::ByteRange{6, 12});
}

TEST_CASE("JSON columns count a tab as two, as hcl's JSON scanner does") {
  const auto tree = syntax::parse_json("{\n\t\"a\": tru\n}", "t.json");
  REQUIRE(!tree->diagnostics().empty());
  const base::Position at = tree->lines().position(tree->diagnostics()[0].subject.start);
  CHECK(at.line == 2);
  CHECK(at.column == 8);  // tab (2) + "a" (3) + ":" + " " = 7 columns before
}

TEST_CASE("deeply nested JSON is cut off with one error, not a crash") {
  const std::string deep = std::string(20000, '[') + std::string(20000, ']');
  const auto tree = syntax::parse_json(deep, "t.json");
  REQUIRE(!tree->diagnostics().empty());
  CHECK(tree->diagnostics()[0].summary == "Nesting too deep");
}
