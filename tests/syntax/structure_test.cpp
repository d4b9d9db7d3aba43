// Body structure: attributes, blocks and labels, one-line blocks, comments, CRLF and BOM files.
#include <doctest/doctest.h>

#include <string>

#include "test_support.hpp"

using namespace hclspec::syntax;
using namespace hclspec::syntax::testing;

namespace {

struct Row {
  std::string text;
  std::string body;  // sexpr of the root Body
};

void check_bodies(std::initializer_list<Row> rows) {
  for (const Row& row : rows) {
    CAPTURE(row.text);
    const auto tree = parse(row.text);
    CHECK(sexpr(*tree, tree->root()) == row.body);
    CHECK(diagnostic_lines(*tree) == std::vector<std::string>{});
    CHECK(validate_tree(*tree) == "");
    CHECK(print_tree(*tree) == row.text);
  }
}

}  // namespace

TEST_CASE("attributes and blocks with every kind of label") {
  check_bodies({
      {"", "{}"},
      {"a = 1\n", "{a=1}"},
      {"a = 1", "{a=1}"},  // the last line needs no newline
      {"a = 1\nb = \"x\"\n", "{a=1; b=(template \"x\")}"},
      {"a=1\n", "{a=1}"},
      {"\n\n a = 1 \n\n", "{a=1}"},
      {"b {}\n", "{(block b {})}"},
      {"b {\n}\n", "{(block b {})}"},
      {"b {\n  c = 1\n}\n", "{(block b {c=1})}"},
      {"b l1 {}\n", "{(block b l1 {})}"},
      {"b \"l1\" {}\n", "{(block b \"l1\" {})}"},
      {"b \"\" {}\n", "{(block b \"\" {})}"},
      {"b \"l1\" l2 \"l3\" {}\n", "{(block b \"l1\" l2 \"l3\" {})}"},
      {"b \"x y\" {}\n", "{(block b \"x y\" {})}"},
      {"resource \"aws_instance\" \"web\" {\n  ami = \"abc\"\n}\n",
       "{(block resource \"aws_instance\" \"web\" {ami=(template \"abc\")})}"},
      {"a {\n  b {\n    c {\n      d = 1\n    }\n  }\n}\n",
       "{(block a {(block b {(block c {d=1})})})}"},
      {"a {\n  x = 1\n  b {}\n  y = 2\n}\n", "{(block a {x=1; (block b {}); y=2})}"},
      // Repeated blocks are fine; only attributes must be unique per body.
      {"b {}\nb {}\n", "{(block b {}); (block b {})}"},
      // The same attribute name in different bodies is fine too.
      {"a = 1\nb {\n  a = 2\n}\n", "{a=1; (block b {a=2})}"},
      {"caf\xC3\xA9 = 1\n\xE6\x97\xA5 \"\xE6\x9C\xAC\" {}\n",
       "{caf\xC3\xA9=1; (block \xE6\x97\xA5 \"\xE6\x9C\xAC\" {})}"},
      {"foo-bar = 1\n_x = 2\n", "{foo-bar=1; _x=2}"},
      // Keywords are ordinary names in bodies.
      {"for = 1\nif {}\nin = true\n", "{for=1; (block if {}); in=true}"},
  });
}

TEST_CASE("one-line blocks hold a single attribute") {
  check_bodies({
      {"b { c = 1 }\n", "{(block b {c=1})}"},
      {"b \"l\" { c = [1, 2] }\n", "{(block b \"l\" {c=(tuple 1 2)})}"},
      {"b {c=1}\n", "{(block b {c=1})}"},
      {"b { c = { d = 1 } }\n", "{(block b {c=(object d=1)})}"},
      {"a { b = 1 }\nc = 2\n", "{(block a {b=1}); c=2}"},
  });
}

TEST_CASE("comments of every form, anywhere between tokens") {
  check_bodies({
      {"# only a comment\n", "{}"},
      {"# a\n// b\n/* c */\n", "{}"},
      {"/* no newline */", "{}"},
      {"# no newline", "{}"},
      {"a = 1 # trailing\nb = 2 // trailing\nc = 3 /* trailing */\n", "{a=1; b=2; c=3}"},
      {"a = /* inline */ 1\n", "{a=1}"},
      {"a /* inline */ = 1\n", "{a=1}"},
      {"/* multi\nline */ a = 1\n", "{a=1}"},
      {"b /* x */ \"l\" /* y */ {\n  # inside\n}\n", "{(block b \"l\" {})}"},
      {"a = [\n  1, # one\n  /* two */ 2,\n]\n", "{a=(tuple 1 2)}"},
      {"a = 1 # the last line\n", "{a=1}"},
      // A line comment at the end of an attribute ends it like a newline does.
      {"a = 1 # x\nb = 2", "{a=1; b=2}"},
  });
}

TEST_CASE("CRLF files, tabs and a byte order mark parse like their plain forms") {
  check_bodies({
      {"a = 1\r\nb {\r\n  c = 2\r\n}\r\n", "{a=1; (block b {c=2})}"},
      {"a = <<EOT\r\nx\r\nEOT\r\nb = 1\r\n", "{a=(heredoc \"x\\r\\n\"); b=1}"},
      {"# c\r\na = 1\r\n", "{a=1}"},
      {"\ta\t=\t1\n", "{a=1}"},
      {"\xEF\xBB\xBF"
       "a = 1\n",
       "{a=1}"},
      {"\xEF\xBB\xBF", "{}"},
      {"\xEF\xBB\xBF"
       "b \"l\" {\n}\n",
       "{(block b \"l\" {})}"},
  });
}

TEST_CASE("a byte order mark shifts no diagnostic column on line 1") {
  const auto tree = parse(
      "\xEF\xBB\xBF"
      "a = @\n");
  REQUIRE(!tree->diagnostics().empty());
  const auto& d = tree->diagnostics().front();
  CHECK(d.subject == hclspec::base::ByteRange{7, 8});
  CHECK(format_range(*tree, d.subject) == "test.hcl:1,5-6");
}

TEST_CASE("format_range writes HCL's file:line,col-col and spans lines") {
  const auto tree = parse("ab = 1\nc = \"\xC3\xA9\xC3\xA9\"\n");
  CHECK(format_range(*tree, {0, 2}) == "test.hcl:1,1-3");
  CHECK(format_range(*tree, {11, 16}) == "test.hcl:2,5-8");  // columns count characters
  CHECK(format_range(*tree, {5, 9}) == "test.hcl:1,6-2,3");
  CHECK(format_range(*tree, {3, 3}) == "test.hcl:1,4-4");
}

TEST_CASE("Attribute nodes end at their value; Block nodes include their closing brace") {
  const std::string text = "a = 1 # c\nb \"l\" {\n  x = 2\n}\n";
  const auto tree = parse(text);
  REQUIRE(validate_tree(*tree) == "");
  CHECK(item_texts(*tree) ==
        std::vector<std::string_view>{"a = 1", "b \"l\" {\n  x = 2\n}", "x = 2"});
  // The block's Body covers its braces.
  for (NodeId id = 0; id < tree->nodes().size(); ++id) {
    if (tree->node(id).kind != NodeKind::Block) continue;
    const NodeId body = tree->children(id).front();
    CHECK(tree->range(body).slice(text) == "{\n  x = 2\n}");
  }
}

TEST_CASE("node kind and operator names are distinct and printable") {
  std::string seen = "|";
  for (int k = 0; k <= static_cast<int>(NodeKind::EndDirective); ++k) {
    const std::string name = node_kind_name(static_cast<NodeKind>(k));
    CAPTURE(name);
    CHECK(name != "?");
    CHECK(seen.find("|" + name + "|") == std::string::npos);
    seen += name + "|";
  }
  CHECK(std::string(operator_symbol(Operator::Subtract)) == "-");
  CHECK(std::string(operator_symbol(Operator::Negate)) == "-");
  CHECK(std::string(operator_symbol(Operator::GreaterOrEqual)) == ">=");
  CHECK(std::string(operator_symbol(Operator::None)).empty());
}
