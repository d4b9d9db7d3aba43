// Recovery: for each common mistake, HCL's exact diagnostics, and the items after it still parsed.
#include <doctest/doctest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "test_support.hpp"

using namespace hclspec::syntax;
using namespace hclspec::syntax::testing;
namespace base = hclspec::base;

namespace {

struct Row {
  std::string text;
  // Every diagnostic, in order, as "Summary @start..end" (hclsyntax's summaries and subjects).
  std::vector<std::string> diagnostics;
  // Source texts of Attribute or Block nodes that must be in the tree: mostly the items after
  // the mistake, which recovery must not lose.
  std::vector<std::string> survivors;
};

void check_recovery(const std::vector<Row>& rows) {
  for (const Row& row : rows) {
    CAPTURE(row.text);
    const auto tree = parse(row.text);
    CHECK(diagnostic_lines(*tree) == row.diagnostics);
    const std::vector<std::string_view> items = item_texts(*tree);
    for (const std::string& survivor : row.survivors) {
      CAPTURE(survivor);
      CHECK(std::find(items.begin(), items.end(), survivor) != items.end());
    }
    CHECK(validate_tree(*tree) == "");
    CHECK(print_tree(*tree) == row.text);
  }
}

const base::Diagnostic* find_diagnostic(const SyntaxTree& tree, std::string_view summary) {
  for (const auto& d : tree.diagnostics())
    if (d.summary == summary) return &d;
  return nullptr;
}

}  // namespace

TEST_CASE("mistakes in bodies: the rest of the file still parses") {
  check_recovery({
      {"a =\nb = 2\n", {"Invalid expression @3..4"}, {"b = 2"}},
      {"a =", {"Missing expression @3..3"}, {}},
      {"a = 1 b = 2\nc = 3\n", {"Missing newline after argument @6..7"}, {"a = 1", "c = 3"}},
      {"a = 1, b = 2\nc = 3\n", {"Unexpected comma after argument @5..6"}, {"a = 1", "c = 3"}},
      {"a 1\nb = 2\n", {"Argument or block definition required @0..1"}, {"b = 2"}},
      {"a\nb = 2\n", {"Argument or block definition required @0..1"}, {"b = 2"}},
      {"a = 1\n@\nb = 2\n",
       {"Invalid character @6..7", "Argument or block definition required @6..7"},
       {"a = 1", "b = 2"}},
      // A run of stray lines is reported once.
      {"@ x\n$ y\nb = 2\n",
       {"Invalid character @0..1", "Invalid character @4..5",
        "Argument or block definition required @0..1"},
       {"b = 2"}},
      {"1abc = 1\nb = 2\n", {"Argument or block definition required @0..1"}, {"b = 2"}},
      {"a = 1\n}\nb = 2\n", {"Argument or block definition required @6..7"}, {"a = 1", "b = 2"}},
      {"a {\n  b = 1\n}\n}\nc = 2\n",
       {"Argument or block definition required @14..15"},
       {"b = 1", "c = 2"}},
      {"\"a\" = 1\nb = 2\n", {"Invalid argument name @0..1"}, {"b = 2"}},
      {"a = 1\nb = 2\na = 3\nc = 4\n",
       {"Attribute redefined @12..13"},
       {"a = 1", "b = 2", "a = 3", "c = 4"}},
      {"a = 1\na = 2\na = 3\n", {"Attribute redefined @6..7", "Attribute redefined @12..13"}, {}},
      {"a = (1 + 2\n\nb = 1\nc = 2\n", {"Unbalanced parentheses @12..13"}, {"c = 2"}},
      {"a = 1 + 2)\nb = 1\n", {"Missing newline after argument @9..10"}, {"b = 1"}},
      {"a = b.\nc = 1\n", {"Invalid attribute name @6..7"}, {"c = 1"}},
      {"a = f(1 2)\nb = 1\n", {"Missing argument separator @8..9"}, {"b = 1"}},
      {"a = f(x...\nb = 1\n", {"Missing closing parenthesis @7..10"}, {}},
      {"a = 1.2.3\nb = 1\n", {"Invalid number literal @4..9"}, {"b = 1"}},
      {"a = 1 ? 2\nb = 1\n", {"Missing false expression in conditional @9..10"}, {"b = 1"}},
  });
}

TEST_CASE("mistakes in block headers and one-line blocks") {
  check_recovery({
      {"a {\n  b = 1\n", {"Unclosed configuration block @2..3"}, {"b = 1"}},
      {"a = {\n", {"Missing expression @6..6"}, {}},
      {"a \"x${y}\" {}\nd = 1\n", {"Invalid string literal @4..6"}, {"d = 1"}},
      {"a \"${x}\" {\n}\n", {"Invalid string literal @3..5"}, {}},
      {"a 1 {\n}\nd = 1\n", {"Argument or block definition required @0..1"}, {"d = 1"}},
      {"a \"x\" = 1\nd = 1\n", {"Invalid block definition @6..7"}, {"d = 1"}},
      // Recovery skips to the matching bracket, so an unclosed one takes the rest of the file.
      {"a \"x\" [\nd = 1\n", {"Invalid block definition @6..7"}, {}},
      {"a \"x\" [1]\nd = 1\n", {"Invalid block definition @6..7"}, {"d = 1"}},
      {"a \"x\"\"y\" {}\n", {}, {"a \"x\"\"y\" {}"}},
      {"a { b = 1, c = 2 }\nd = 1\n",
       {"Invalid single-argument block definition @9..10"},
       {"b = 1", "d = 1"}},
      {"a { b = 1\n}\nd = 1\n",
       {"Invalid single-argument block definition @9..10"},
       {"b = 1", "d = 1"}},
      {"a { b = 1 c }\nd = 1\n", {"Invalid single-argument block definition @10..11"}, {"d = 1"}},
      {"a { b = 1 } c = 2\nd = 1\n", {"Missing newline after block definition @12..13"}, {"d = 1"}},
      {"a { b = 1", {"Unclosed configuration block @2..3"}, {}},
  });
}

TEST_CASE("a one-line block without its attribute: reported, and the next lines survive") {
  // hclsyntax reports these, skips the rest of the line and then also skips to the next "}" in
  // the file; the project's recovery rule is that a broken item costs at most its own line.
  check_recovery({
      {"a { b {} }\nd = 1\n", {"Argument definition required @4..7"}, {"d = 1"}},
      {"a { b \"l\" {} }\nd = 1\ne {\n}\n",
       {"Argument definition required @4..7"},
       {"d = 1", "e {\n}"}},
      {"a { @ }\nd = 1\n",
       {"Invalid character @4..5", "Argument or block definition required @4..5"},
       {"d = 1"}},
      {"a { b 1 }\nd = 1\n", {"Argument or block definition required @4..5"}, {"d = 1"}},
  });
}

TEST_CASE("follow-on errors are muted as hclsyntax mutes them") {
  check_recovery({
      // The "}" of the one-line block is skipped with the rest of its line, so the block is
      // left open; hclsyntax reports only the first error (conformance case
      // block_missing_newline_after_brace).
      {"a {\n  b = 1 }\n", {"Missing newline after argument @12..13"}, {"b = 1"}},
      // Only the innermost of several unclosed blocks is reported.
      {"a {\n  b {\n", {"Unclosed configuration block @8..9"}, {}},
      {"x = 1\na \"l\" {\n  b = 1\n  c {\n",
       {"Unclosed configuration block @26..27"},
       {"x = 1", "b = 1"}},
      // A broken block header skips its line; the stray "{" on the next one is not reported.
      {"a \"x\"\n{\n}\nd = 1\n", {"Invalid block definition @5..6"}, {"d = 1"}},
      {"a {\n  b {\n    c {\n", {"Unclosed configuration block @16..17"}, {}},
  });
}

TEST_CASE("mistakes in strings, heredocs and interpolations") {
  check_recovery({
      // The scanner keeps reading a string across lines, so what follows is string content.
      {"x = 1\na = \"abc\nd = 1\n",
       {"Invalid multi-line string @14..15", "Invalid multi-line string @20..21",
        "Unterminated template string @14..15"},
       {"x = 1"}},
      {"a = \"abc", {"Unterminated template string @8..8"}, {}},
      {"x = 1\na = <<EOT\nabc\nd = 1\n", {"Unterminated template string @26..26"}, {"x = 1"}},
      // The closing marker must be followed by a newline (terraform#31450).
      {"a = <<EOT\nhello\nEOT", {"Unterminated template string @19..19"}, {}},
      // A marker closes even when indented, so a second marker is a stray line.
      {"a = <<EOT\nhello\n  EOT\nEOT\nb = 1\n",
       {"Argument or block definition required @22..25"},
       {"b = 1"}},
      {"a = \"x ${y\"\nb = 1\n",
       {"Invalid multi-line string @11..12", "Invalid multi-line string @17..18",
        "Unclosed template interpolation sequence @5..7"},
       {}},
      {"a = \"${b c}\"\nd = 1\n",
       {"Extra characters after interpolation expression @9..10"},
       {"d = 1"}},
      {"a = \"${b:c}\"\nd = 1\n",
       {"Extra characters after interpolation expression @8..9"},
       {"d = 1"}},
      // The quote opens a nested template, which the newline leaves unterminated.
      {"a = \"${\"\nd = 1\n",
       {"Invalid multi-line string @8..9", "Invalid multi-line string @14..15",
        "Unterminated template string @8..9"},
       {}},
      {"a = <<EOT\n${b\nEOT\nd = 1\n",
       {"Extra characters after interpolation expression @14..17"},
       {}},
      {"a = \"${}\"\nd = 1\n", {"Invalid expression @7..8"}, {"d = 1"}},
      {"a = \"\\q\\u12\\uD800\"\nd = 1\n",
       {"Invalid escape sequence @5..7", "Invalid escape sequence @7..11",
        "Invalid escape sequence @11..17"},
       {"d = 1"}},
      {"a \"\\q\" {}\nd = 1\n", {"Invalid escape sequence @3..5"}, {"d = 1"}},
  });
}

TEST_CASE("mistakes in template directives") {
  check_recovery({
      {"a = \"%{ iff x }y%{ endif }\"\nd = 1\n",
       {"Invalid template control keyword @8..11", "Unexpected endif directive @16..26"},
       {"d = 1"}},
      {"a = \"%{ if x }y\"\nd = 1\n", {"Unexpected end of template @15..16"}, {"d = 1"}},
      {"a = \"y%{ endif }\"\nd = 1\n", {"Unexpected endif directive @6..16"}, {"d = 1"}},
      {"a = \"%{ for x in y }z%{ else }%{ endfor }\"\nd = 1\n",
       {"Unexpected else directive @21..30", "Unexpected endfor directive @30..41"},
       {"d = 1"}},
      {"a = \"%{ if x }%{ endfor }\"\nd = 1\n", {"Unexpected endfor directive @14..25"}, {"d = 1"}},
      {"a = \"%{ for x in y }%{ endif }\"\nd = 1\n",
       {"Unexpected endif directive @20..30"},
       {"d = 1"}},
      // The second else ends the if, so its endif is unbalanced, as in hclsyntax.
      {"a = \"%{ if x }%{ else }%{ else }%{ endif }\"\nd = 1\n",
       {"Unexpected else directive @23..32", "Unexpected endif directive @32..42"},
       {"d = 1"}},
      {"a = \"%{ 1 }\"\nd = 1\n", {"Invalid template directive @8..9"}, {"d = 1"}},
      {"a = \"%{ for 1 in y }%{ endfor }\"\nd = 1\n",
       {"Invalid 'for' directive @12..13", "Unexpected endfor directive @20..31"},
       {"d = 1"}},
      {"a = \"%{ if x y }z%{ endif }\"\nd = 1\n",
       {"Extra characters in if marker @13..14"},
       {"d = 1"}},
      {"a = <<EOT\n%{ if x }\nEOT\nd = 1\n", {"Unexpected end of template @20..23"}, {"d = 1"}},
  });
}

TEST_CASE("a template's directive structure is checked after its tokens, as in hclsyntax") {
  // hclsyntax reads a template's parts first (reporting bad escapes, keywords and
  // interpolations) and only then matches if/for/else/end, so structural errors come last.
  check_recovery({
      {"a = \"%{ endif }%{ iff }\"\n",
       {"Invalid template control keyword @18..21", "Unexpected endif directive @5..15"},
       {}},
      {"a = \"%{ endfor }\\q\"\n",
       {"Invalid escape sequence @16..18", "Unexpected endfor directive @5..16"},
       {}},
      {"a = \"%{ if x }%{ endif }%{ else }${b c}\"\n",
       {"Extra characters after interpolation expression @37..38",
        "Unexpected else directive @24..33"},
       {}},
  });
}

TEST_CASE("mistakes in collections, for expressions and parentheses") {
  check_recovery({
      {"a = [1 2]\nd = 1\n", {"Missing item separator @7..8"}, {"d = 1"}},
      {"a = [1, 2\nd = 1\n", {"Missing item separator @10..11"}, {}},
      {"a = [1", {"Unterminated tuple constructor expression @4..5"}, {}},
      {"a = [1,", {"Missing expression @7..7"}, {}},
      {"a = { b = 1 c = 2 }\nd = 1\n", {"Missing attribute separator @12..13"}, {"d = 1"}},
      {"a = { b c }\nd = 1\n", {"Missing key/value separator @8..9"}, {"d = 1"}},
      {"a = { b }\nd = 1\n", {"Missing key/value separator @8..9"}, {"d = 1"}},
      {"a = { b, c }\nd = 1\n", {"Missing attribute value @7..8"}, {"d = 1"}},
      {"a = { b = 1", {"Unterminated object constructor expression @4..5"}, {}},
      {"a = [for x in y x]\nd = 1\n", {"Invalid 'for' expression @16..17"}, {"d = 1"}},
      {"a = [for in y: x]\nd = 1\n", {"Invalid 'for' expression @12..13"}, {"d = 1"}},
      {"a = [for 1 in y: x]\nd = 1\n", {"Invalid 'for' expression @9..10"}, {"d = 1"}},
      {"a = [for x, 1 in y: x]\nd = 1\n", {"Invalid 'for' expression @12..13"}, {"d = 1"}},
      {"a = [for x, in y: x]\nd = 1\n", {"Invalid 'for' expression @15..16"}, {"d = 1"}},
      {"a = [for x y: x]\nd = 1\n", {"Invalid 'for' expression @11..12"}, {"d = 1"}},
      {"a = [for x in y: x => x]\nd = 1\n", {"Invalid 'for' expression @17..18"}, {"d = 1"}},
      {"a = [for x in y: x...]\nd = 1\n", {"Invalid 'for' expression @18..21"}, {"d = 1"}},
      {"a = {for x in y: x}\nd = 1\n", {"Invalid 'for' expression @17..18"}, {"d = 1"}},
      {"a = [for x in y: x z]\nd = 1\n", {"Invalid 'for' expression @19..20"}, {"d = 1"}},
      {"a = (1 + 2\n\nd = 1\ne = 2\n", {"Unbalanced parentheses @12..13"}, {"e = 2"}},
      {"a = (1 2)\nd = 1\n", {"Unbalanced parentheses @7..8"}, {"d = 1"}},
      {"a = x[1\nd = 1\n", {"Missing close bracket on index @8..9"}, {}},
      {"a = x[*\nd = 1\n", {"Missing close bracket on splat index @7..8"}, {}},
      {"a = x[*.y]\nd = 1\n", {"Missing close bracket on splat index @7..8"}, {"d = 1"}},
      {"a = x.*.*\nd = 1\n", {"Nested splat expression not allowed @8..9"}, {"d = 1"}},
      {"a = x.*.0.1\nd = 1\n", {"Invalid legacy index syntax @6..7"}, {"d = 1"}},
      {"a = b.0.0\nd = 1\n", {"Invalid legacy index syntax @6..9"}, {"d = 1"}},
      {"a = f(1", {"Unterminated function call @4..6"}, {}},
      {"a = f(\n", {"Missing expression @7..7"}, {}},
      {"a = ns::1(x)\nd = 1\n", {"Missing function name @8..9"}, {"d = 1"}},
      {"a = ns::(x)\nd = 1\n", {"Missing function name @8..9"}, {"d = 1"}},
      {"a = ns::f\nd = 1\n", {"Missing open parenthesis @9..10"}, {}},
      {"a = 1 & 2\nd = 1\n",
       {"Unsupported operator @6..7", "Missing newline after argument @6..7"},
       {"d = 1"}},
  });
}

TEST_CASE("Attribute redefined names the first definition as file:line,col-col") {
  const auto tree = parse("a = 1\nb {\n  x = 1\n}\n  a = 2\n");
  const base::Diagnostic* d = find_diagnostic(*tree, "Attribute redefined");
  REQUIRE(d != nullptr);
  CHECK(d->subject == base::ByteRange{22, 23});
  CHECK(d->detail ==
        "The argument \"a\" was already set at test.hcl:1,1-2. Each argument may be set only "
        "once.");
  // In a block, the first one is found in the same body.
  const auto nested = parse("b {\n  long_name = 1\n  long_name = 2\n}\n");
  const base::Diagnostic* n = find_diagnostic(*nested, "Attribute redefined");
  REQUIRE(n != nullptr);
  CHECK(n->subject == base::ByteRange{22, 31});
  CHECK(n->detail ==
        "The argument \"long_name\" was already set at test.hcl:2,3-12. Each argument may be "
        "set only once.");
  // Columns count characters, not bytes.
  const auto unicode = parse("caf\xC3\xA9 = 1\ncaf\xC3\xA9 = 2\n");
  REQUIRE(unicode->diagnostics().size() == 1);
  CHECK(unicode->diagnostics()[0].subject == base::ByteRange{10, 15});
  CHECK(unicode->diagnostics()[0].detail ==
        "The argument \"caf\xC3\xA9\" was already set at test.hcl:1,1-5. Each argument may be "
        "set only once.");
  // Bodies with many attributes switch to an index; duplicates are found there too.
  std::string many;
  for (int i = 0; i < 40; ++i) many += "a" + std::to_string(i) + " = 1\n";
  many += "a7 = 2\n";
  const auto big = parse(many);
  REQUIRE(big->diagnostics().size() == 1);
  CHECK(big->diagnostics()[0].detail ==
        "The argument \"a7\" was already set at test.hcl:8,1-3. Each argument may be set only "
        "once.");
}

TEST_CASE("details and context ranges of common diagnostics") {
  struct Row {
    std::string text, summary, detail;
    base::ByteRange subject;
    std::optional<base::ByteRange> context;
  };
  const Row rows[] = {
      {"a = \"%{ iff x }y%{ endif }\"\n",
       "Invalid template control keyword",
       "\"iff\" is not a valid template control keyword. Did you mean \"if\"?",
       {8, 11},
       base::ByteRange{5, 11}},
      {"a = \"%{ whilst x }y\"\n",
       "Invalid template control keyword",
       "\"whilst\" is not a valid template control keyword.",
       {8, 14},
       base::ByteRange{5, 14}},
      {"a = \"%{ if x }y\"\n",
       "Unexpected end of template",
       "The if directive at test.hcl:1,6-15 is missing its corresponding endif directive.",
       {15, 16},
       std::nullopt},
      {"a = \"%{ for v in l }y\"\n",
       "Unexpected end of template",
       "The for directive at test.hcl:1,6-21 is missing its corresponding endfor directive.",
       {21, 22},
       std::nullopt},
      {"a = \"%{ if x }%{ else }%{ else }%{ endif }\"\n",
       "Unexpected else directive",
       "Already in the else clause for the if started at test.hcl:1,6-15.",
       {23, 32},
       std::nullopt},
      {"a = \"%{ if x }%{ endfor }\"\n",
       "Unexpected endfor directive",
       "Expecting an endif directive for the if started at test.hcl:1,6-15.",
       {14, 25},
       std::nullopt},
      {"a = \"%{ for v in l }%{ endif }\"\n",
       "Unexpected endif directive",
       "Expecting an endfor directive corresponding to the for directive at test.hcl:1,6-21.",
       {20, 30},
       std::nullopt},
      {"a = b.0.0\n",
       "Invalid legacy index syntax",
       "When using the legacy index syntax, chaining two indexes together is not permitted. Use "
       "the proper index syntax instead, like [0][0].",
       {6, 9},
       std::nullopt},
      {"a = [1 2]\n",
       "Missing item separator",
       "Expected a comma to mark the beginning of the next item.",
       {7, 8},
       base::ByteRange{4, 8}},
      {"a = 1 b = 2\n",
       "Missing newline after argument",
       "An argument definition must end with a newline.",
       {6, 7},
       base::ByteRange{0, 7}},
      {"a \"${x}\" {\n}\n",
       "Invalid string literal",
       "Template sequences are not allowed in this string. To include a literal \"$\", double it "
       "(as \"$$\") to escape it.",
       {3, 5},
       base::ByteRange{2, 5}},
      {"a \"%{x}\" {\n}\n",
       "Invalid string literal",
       "Template sequences are not allowed in this string. To include a literal \"%\", double it "
       "(as \"%%\") to escape it.",
       {3, 5},
       base::ByteRange{2, 5}},
      {"a { b {} }\n",
       "Argument definition required",
       "A single-line block definition can contain only a single argument. If you meant to "
       "define argument \"b\", use an equals sign to assign it a value. To define a nested "
       "block, place it on a line of its own within its parent block.",
       {4, 7},
       std::nullopt},
      {"a = [for x in y: x...]\n",
       "Invalid 'for' expression",
       "Grouping ellipsis (...) cannot be used when building a tuple.",
       {18, 21},
       base::ByteRange{4, 22}},
  };
  for (const Row& row : rows) {
    CAPTURE(row.text);
    const auto tree = parse(row.text);
    const base::Diagnostic* d = find_diagnostic(*tree, row.summary);
    REQUIRE(d != nullptr);
    CHECK(d->detail == row.detail);
    CHECK(d->subject == row.subject);
    CHECK(d->context == row.context);
    CHECK(d->severity == base::Severity::Error);
  }
}
