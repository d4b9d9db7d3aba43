// decode_string_literal: escape values and the exact diagnostics for bad escapes.
#include <doctest/doctest.h>

#include <string>

#include "syntax/string_literal.hpp"

using hclspec::base::Diagnostics;
using hclspec::syntax::decode_string_literal;

namespace {

struct Decoded {
  std::string value;
  std::string diagnostics;  // "start-end: detail;" per diagnostic
};

Decoded decode(std::string_view raw, bool quoted, uint32_t offset = 0) {
  Decoded out;
  Diagnostics diags;
  decode_string_literal(raw, offset, quoted, out.value, diags);
  for (const auto& d : diags) {
    CHECK(d.summary == "Invalid escape sequence");
    out.diagnostics += std::to_string(d.subject.start) + "-" + std::to_string(d.subject.end) +
                       ": " + d.detail + ";";
  }
  return out;
}

}  // namespace

TEST_CASE("valid escapes in quoted templates") {
  struct Row {
    std::string raw, value;
  };
  const Row rows[] = {
      {"plain", "plain"},
      {"", ""},
      {R"(a\nb)", "a\nb"},
      {R"(\r\t)", "\r\t"},
      {R"(\"q\")", "\"q\""},
      {R"(a\\b)", "a\\b"},
      {R"(\u00e9)", "\xC3\xA9"},
      {R"(\u00E9)", "\xC3\xA9"},
      {R"(\u65e5)", "\xE6\x97\xA5"},
      {R"(\U0001F600)", "\xF0\x9F\x98\x80"},
      {R"(\u00e9x)", "\xC3\xA9x"},
      {R"(\u00411)", "A1"},  // exactly four digits are taken
      {R"(\U0010FFFF)", "\xF4\x8F\xBF\xBF"},
      {"$${", "${"},
      {"%%{", "%{"},
      {"$${~", "${~"},
      {"$$", "$$"},  // doubled only before a brace
      {"$x%y", "$x%y"},
      {"caf\xC3\xA9", "caf\xC3\xA9"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.raw);
    const Decoded d = decode(row.raw, true);
    CHECK(d.value == row.value);
    CHECK(d.diagnostics == "");
  }
}

TEST_CASE("bad escapes: summary, detail and the exact range of the sequence") {
  struct Row {
    std::string raw;
    std::string diagnostics;
  };
  const Row rows[] = {
      {R"(\q)", R"(10-12: The symbol "q" is not a valid escape sequence selector.;)"},
      {R"(ab\qc)", R"(12-14: The symbol "q" is not a valid escape sequence selector.;)"},
      {R"(\$)", R"(10-12: The symbol "$" is not a valid escape sequence selector.;)"},
      {"\\\xC3\xA9", "10-13: The symbol \"\xC3\xA9\" is not a valid escape sequence selector.;"},
      {R"(\u12)", "10-14: The \\u escape sequence must be followed by four hexadecimal digits.;"},
      {R"(\u)", "10-12: The \\u escape sequence must be followed by four hexadecimal digits.;"},
      {R"(\u12g4)", "10-14: The \\u escape sequence must be followed by four hexadecimal digits.;"},
      {R"(\U1234)",
       "10-16: The \\U escape sequence must be followed by eight hexadecimal digits.;"},
      {R"(\uD800)", "10-16: Cannot encode character U+d800 in UTF-8.;"},
      {R"(\uDFFF)", "10-16: Cannot encode character U+dfff in UTF-8.;"},
      {R"(\U00110000)", "10-20: Cannot encode character U+110000 in UTF-8.;"},
      {"\\", "10-11: Backslash must be followed by an escape sequence selector character.;"},
      {R"(\q\u12\uD800)",
       R"(10-12: The symbol "q" is not a valid escape sequence selector.;)"
       "12-16: The \\u escape sequence must be followed by four hexadecimal digits.;"
       "16-22: Cannot encode character U+d800 in UTF-8.;"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.raw);
    CHECK(decode(row.raw, true, 10).diagnostics == row.diagnostics);
  }
}

TEST_CASE("heredoc text has no backslash escapes but does undouble template escapes") {
  struct Row {
    std::string raw, value;
  };
  const Row rows[] = {
      {R"(a\nb)", R"(a\nb)"}, {R"(\q)", R"(\q)"}, {R"(\u12)", R"(\u12)"},
      {"\\", "\\"},           {"$${x}", "${x}"},  {"%%{x}", "%{x}"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.raw);
    const Decoded d = decode(row.raw, false);
    CHECK(d.value == row.value);
    CHECK(d.diagnostics == "");
  }
}
