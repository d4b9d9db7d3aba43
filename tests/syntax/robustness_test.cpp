// Robustness: odd bytes, pathological nesting and random input never crash, hang or lose a token.
#include <doctest/doctest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "test_support.hpp"

using namespace hclspec::syntax;
using namespace hclspec::syntax::testing;

namespace {

std::string repeat(std::string_view s, size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (size_t i = 0; i < n; ++i) out += s;
  return out;
}

// Parses `text` and checks that the tree is valid and prints back to the text. Both run on this
// thread's ordinary stack although such trees can be far deeper than the nesting limit (a chain
// like "x - x - x ..." nests one node per operator): the validator is iterative and the printer
// moves to a large stack itself.
std::unique_ptr<SyntaxTree> parse_checked(const std::string& text) {
  auto tree = parse(text);
  CHECK(validate_tree(*tree) == "");
  CHECK(print_tree(*tree) == text);
  return tree;
}

size_t count_summary(const SyntaxTree& tree, std::string_view summary) {
  size_t n = 0;
  for (const auto& d : tree.diagnostics()) n += d.summary == summary;
  return n;
}

size_t count_kind(const SyntaxTree& tree, NodeKind kind) {
  size_t n = 0;
  for (const Node& node : tree.nodes()) n += node.kind == kind;
  return n;
}

constexpr size_t kDeep = 100000;

}  // namespace

TEST_CASE("odd but small inputs give a valid, lossless tree") {
  const std::string inputs[] = {
      "",
      " ",
      "\t\t",
      "\n",
      "\r",
      "\r\r\r",
      "a = 1\rb = 2\r",
      "\r\n\r\n",
      "# only a comment",
      "# one\n// two\n/* three */\n",
      "/*",
      "*/",
      "\xEF\xBB\xBF",
      "\xEF\xBB\xBF\xEF\xBB\xBF",
      "\xEF\xBB",
      std::string("\0", 1),
      std::string("a = \"\0\"\n\0\0", 10),
      "\xFF\xFE\xFD",
      "a = \"\xC3\"\nb = <<EOT\n\xE2\x82\nEOT\n",
      "\xC3\xA9\xC3",
      "}",
      "]]]",
      ")",
      "{{{",
      "\"",
      "\"${",
      "\"%{",
      "${",
      "~}",
      "<<EOT",
      "<<EOT\n",
      "<<EOT\n${",
      "<<-\n",
      "a = <<EOT\n%{ if }%{ for }%{ endfor }\n",
      "a = \"$",
      "a = \"%",
      "a = \"\\",
      "a = [for",
      "a = {for k, v in",
      "a = x.*.",
      "a = x[*",
      "a = f(",
      "a = ns::",
      "a = (",
      "a = -",
      "a = !",
      "a = 1 ?",
      "a = 1 ? 2 :",
      "a = 1 +",
      "a \"",
      "a \"b",
      "a \"${",
      "a {",
      "a { b",
      "a { b =",
      "= = =",
      ", , ,",
      "... => :: ?",
      "a = 1\n\n\n\n\n",
      "a=1\nb=[\n1,\n2\n]\nc={\nd=1\n}\n",
  };
  for (const std::string& text : inputs) {
    CAPTURE(escape_text(text));
    parse_checked(text);
  }
}

TEST_CASE("100,000 nested brackets stop at the nesting limit with one diagnostic") {
  const std::string open_only = "a = " + repeat("[", kDeep) + "\n";
  const auto tree = parse_checked(open_only);
  REQUIRE(count_summary(*tree, "Nesting too deep") == 1);
  for (const auto& d : tree->diagnostics())
    if (d.summary == "Nesting too deep")
      CHECK(d.subject == hclspec::base::ByteRange{4 + kMaxNestingDepth, 5 + kMaxNestingDepth});

  const std::string balanced = "a = " + repeat("[", kDeep) + repeat("]", kDeep) + "\nb = 1\n";
  const auto closed = parse_checked(balanced);
  CHECK(count_summary(*closed, "Nesting too deep") == 1);
  CHECK(closed->diagnostics().size() == 1);
  // The attribute after the deep one is intact.
  CHECK(item_texts(*closed).back() == "b = 1");
}

TEST_CASE("a nesting depth just under the limit parses without diagnostics") {
  const size_t depth = kMaxNestingDepth - 10;
  const auto tree = parse_checked("a = " + repeat("[", depth) + repeat("]", depth) + "\n");
  CHECK(tree->diagnostics().empty());
  CHECK(count_kind(*tree, NodeKind::Tuple) == depth);
}

TEST_CASE("100,000 nested blocks stop at the nesting limit and keep the rest of the file") {
  const std::string text = repeat("a {\n", kDeep) + repeat("}\n", kDeep) + "b = 1\n";
  const auto tree = parse_checked(text);
  REQUIRE(tree->diagnostics().size() == 1);
  const auto& d = tree->diagnostics().front();
  CHECK(d.summary == "Nesting too deep");
  CHECK(d.subject == hclspec::base::ByteRange{4 * kMaxNestingDepth + 2, 4 * kMaxNestingDepth + 3});
  CHECK(item_texts(*tree).back() == "b = 1");
}

TEST_CASE(
    "100,000 unclosed nested blocks report the depth once and the missing brace at most once") {
  // hclsyntax reports only the innermost unclosed block; the ones around it are muted.
  const auto unclosed = parse_checked(repeat("a {\n", kDeep));
  CHECK(count_summary(*unclosed, "Nesting too deep") == 1);
  CHECK(count_summary(*unclosed, "Unclosed configuration block") <= 1);
}

TEST_CASE("100,000 unary operators, parentheses, calls and objects stay within the limit") {
  struct Row {
    std::string name, text;
  };
  const Row rows[] = {
      {"bang", "a = " + repeat("!", kDeep) + "x\nb = 1\n"},
      {"minus", "a = " + repeat("-", kDeep) + "x\nb = 1\n"},
      {"parens", "a = " + repeat("(", kDeep) + "x" + repeat(")", kDeep) + "\nb = 1\n"},
      {"calls", "a = " + repeat("f(", kDeep) + repeat(")", kDeep) + "\nb = 1\n"},
      {"objects", "a = " + repeat("{a=", kDeep) + "1" + repeat("}", kDeep) + "\nb = 1\n"},
      {"interpolations",
       "a = " + repeat("\"${", kDeep / 4) + "x" + repeat("}\"", kDeep / 4) + "\nb = 1\n"},
      {"conditionals",
       [] {
         std::string s = "a = ";
         for (size_t i = 0; i < 20000; ++i) s += "c ? " + std::to_string(i) + " : ";
         return s + "0\nb = 1\n";
       }()},
  };
  for (const Row& row : rows) {
    CAPTURE(row.name);
    const auto tree = parse_checked(row.text);
    CHECK(count_summary(*tree, "Nesting too deep") == 1);
    CHECK(item_texts(*tree).back() == "b = 1");
  }
}

TEST_CASE("100,000 nested template directives stop at the nesting limit with one diagnostic") {
  const std::string text =
      "a = \"" + repeat("%{ if x }", kDeep) + "y" + repeat("%{ endif }", kDeep) + "\"\nb = 1\n";
  const auto tree = parse_checked(text);
  // The attribute's value is one level, so the 10,000th directive (at byte 5 + 9 * 9999) is the
  // first too deep.
  CHECK(diagnostic_lines(*tree) == std::vector<std::string>{"Nesting too deep @89996..90005"});
  CHECK(item_texts(*tree).back() == "b = 1");
}

TEST_CASE("each unclosed template directive reports its missing end, as hclsyntax does") {
  const auto tree = parse_checked("a = \"" + repeat("%{ if x }", 1000) + "\"\nb = 1\n");
  CHECK(count_summary(*tree, "Unexpected end of template") == 1000);
  CHECK(tree->diagnostics().size() == 1000);
  // Innermost first; each names its own directive.
  CHECK(tree->diagnostics().front().detail ==
        "The if directive at test.hcl:1,8997-9006 is missing its corresponding endif directive.");
  CHECK(tree->diagnostics().back().detail ==
        "The if directive at test.hcl:1,6-15 is missing its corresponding endif directive.");
}

TEST_CASE("print_tree needs no large stack from its caller, however deep the tree") {
  const std::string text = "a = x" + repeat(" - x", kDeep) + "\n";
  const auto tree = parse(text);
  CHECK(print_tree(*tree) == text);  // on this thread's ordinary stack
}

TEST_CASE("long chains under the limit parse fully, however deep their trees") {
  // A right-associative conditional chain nests once per level.
  std::string conditionals = "a = ";
  for (size_t i = 0; i < 5000; ++i) conditionals += "c" + std::to_string(i) + " ? 1 : ";
  conditionals += "0\n";
  const auto chain = parse_checked(conditionals);
  CHECK(chain->diagnostics().empty());
  CHECK(count_kind(*chain, NodeKind::Conditional) == 5000);

  std::string nested_templates = "a = " + repeat("\"${", 4000) + "x" + repeat("}\"", 4000) + "\n";
  const auto templates = parse_checked(nested_templates);
  CHECK(templates->diagnostics().empty());
  CHECK(count_kind(*templates, NodeKind::Interpolation) == 4000);

  // Left-associative chains are parsed in loops, not by recursion: no limit applies.
  const auto minus = parse_checked("a = x" + repeat(" - x", kDeep) + "\n");
  CHECK(minus->diagnostics().empty());
  CHECK(count_kind(*minus, NodeKind::BinaryOp) == kDeep);

  const auto index = parse_checked("a = x" + repeat("[y]", kDeep) + "\n");
  CHECK(index->diagnostics().empty());
  CHECK(count_kind(*index, NodeKind::Index) == kDeep);

  const auto splat = parse_checked("a = x" + repeat("[*]", kDeep) + "\n");
  CHECK(splat->diagnostics().empty());
  CHECK(count_kind(*splat, NodeKind::SplatItem) == kDeep);

  const auto traversal = parse_checked("a = x" + repeat(".y[0]", kDeep) + "\n");
  CHECK(traversal->diagnostics().empty());
  CHECK(count_kind(*traversal, NodeKind::ScopeTraversal) == 1);
}

TEST_CASE("many items and long lines") {
  std::string attributes;
  for (int i = 0; i < 20000; ++i)
    attributes += "attr_" + std::to_string(i) + " = " + std::to_string(i) + "\n";
  const auto many = parse_checked(attributes);
  CHECK(many->diagnostics().empty());
  CHECK(count_kind(*many, NodeKind::Attribute) == 20000);

  const std::string long_string = "a = \"" + std::string(1 << 20, 'x') + "\"\n";
  CHECK(parse_checked(long_string)->diagnostics().empty());

  const auto long_tuple = parse_checked("a = [" + repeat("1, ", kDeep) + "]\n");
  CHECK(long_tuple->diagnostics().empty());
  CHECK(count_kind(*long_tuple, NodeKind::Literal) == kDeep);
}

TEST_CASE("random input never breaks the tree") {
  // Fragments that open and close every kind of construct, shuffled together; plus raw bytes.
  const std::vector<std::string> fragments = {
      "a",       "b",        " ",     "\n",    "\r\n",
      "=",       "1",        "1.5",   "\"",    "${",
      "%{",      "}",        "~}",    "{",     "[",
      "]",       "(",        ")",     ",",     ".",
      "*",       "...",      "=>",    ":",     "?",
      "!",       "-",        "+",     "&&",    "for ",
      "in ",     "if ",      "else",  "endif", "endfor",
      "<<EOT\n", "<<-EOT\n", "EOT\n", "# c\n", "/*",
      "*/",      "\\",       "$",     "%",     "@",
      "\xFF",    "\xC3\xA9", "\t",    "::",    "\xEF\xBB\xBF",
  };
  std::mt19937 rng(20240521);  // fixed seed: the same inputs on every run
  for (int round = 0; round < 400; ++round) {
    std::string text;
    const size_t pieces = 1 + rng() % 60;
    for (size_t i = 0; i < pieces; ++i) {
      if (rng() % 8 == 0)
        text += static_cast<char>(rng() % 256);
      else
        text += fragments[rng() % fragments.size()];
    }
    CAPTURE(round);
    CAPTURE(escape_text(text));
    parse_checked(text);
  }
}
