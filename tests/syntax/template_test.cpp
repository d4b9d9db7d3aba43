// Template shapes: interpolation, strip markers, if/else/endif and for/endfor nesting, heredocs.
#include <doctest/doctest.h>

#include <string>

#include "test_support.hpp"

using namespace hclspec::syntax;
using namespace hclspec::syntax::testing;

TEST_CASE("quoted templates: literals and interpolations in order") {
  check_shapes({
      {"\"a\"", "(template \"a\")"},
      {"\"${a}\"", "(template ${a})"},
      {"\"x${a}y${b}z\"", "(template \"x\" ${a} \"y\" ${b} \"z\")"},
      {"\"${a + 1}\"", "(template ${(+ a 1)})"},
      {"\"${f(\"${b}\")}\"", "(template ${(call f (template ${b}))})"},
      {"\"${\"${\"${x}\"}\"}\"", "(template ${(template ${(template ${x})})})"},
      {"\"${ {a = 1}.a }\"", "(template ${(rel (object a=1) .a)})"},
      {"\"${\n  a\n}\"", "(template ${a})"},  // newlines are allowed inside a sequence
      {"\"$${a} %%{b}\"", "(template \"$${\" \"a} \" \"%%{\" \"b}\")"},
      {"\"\\\"${a}\\\"\"", "(template \"\\\\\"\" ${a} \"\\\\\"\")"},
      {"\"${~ a ~}\"", "(template ${a})"},
  });
}

TEST_CASE("directives: if, else, for, nesting and strip markers") {
  check_shapes({
      {"\"%{ if a }b%{ endif }\"", "(template (if %{if a} \"b\" %{endif}))"},
      {"\"%{ if a }b%{ else }c%{ endif }\"",
       "(template (if %{if a} \"b\" %{else} \"c\" %{endif}))"},
      {"\"%{ for v in l }${v}%{ endfor }\"", "(template (for %{for v in l} ${v} %{endfor}))"},
      {"\"%{ for k, v in m }${k}=${v},%{ endfor }\"",
       "(template (for %{for k,v in m} ${k} \"=\" ${v} \",\" %{endfor}))"},
      {"\"%{ if a }%{ if b }x%{ endif }%{ else }y%{ endif }\"",
       "(template (if %{if a} (if %{if b} \"x\" %{endif}) %{else} \"y\" %{endif}))"},
      {"\"%{ for v in l }%{ if v }${v}%{ endif }%{ endfor }\"",
       "(template (for %{for v in l} (if %{if v} ${v} %{endif}) %{endfor}))"},
      {"\"%{ if a }%{ for v in l }x%{ endfor }%{ endif }\"",
       "(template (if %{if a} (for %{for v in l} \"x\" %{endfor}) %{endif}))"},
      {"\"a%{~ if b ~} c %{~ else ~} d %{~ endif ~}e\"",
       "(template \"a\" (if %{if b} \" c \" %{else} \" d \" %{endif}) \"e\")"},
      {"\"%{if a}b%{endif}\"", "(template (if %{if a} \"b\" %{endif}))"},
      {"\"%{ if a == \"x\" }y%{ endif }\"",
       "(template (if %{if (== a (template \"x\"))} \"y\" %{endif}))"},
      {"\"%{ for v in [1, 2] }${v}%{ endfor }\"",
       "(template (for %{for v in (tuple 1 2)} ${v} %{endfor}))"},
  });
}

TEST_CASE("heredocs: plain and flush, with sequences and directives") {
  check_shapes({
      {"<<EOT\nhello\nEOT", "(heredoc \"hello\\n\")"},
      {"<<EOT\nEOT", "(heredoc)"},
      {"<<EOT\na\n\nb\nEOT", "(heredoc \"a\\n\" \"\\n\" \"b\\n\")"},
      {"<<-EOT\n  a\n    b\n  EOT", "(heredoc \"  a\\n\" \"    b\\n\")"},
      {"<<EOT\nx ${y} z\nEOT", "(heredoc \"x \" ${y} \" z\\n\")"},
      {"<<EOT\n%{ for v in l }${v}\n%{ endfor }\nEOT",
       "(heredoc (for %{for v in l} ${v} \"\\n\" %{endfor}) \"\\n\")"},
      {"<<EOT\n\"quoted\" and \\n\nEOT", "(heredoc \"\"quoted\" and \\\\n\\n\")"},
      {"<<EOT\n${<<EOI\ninner\nEOI\n}\nEOT", "(heredoc ${(heredoc \"inner\\n\")} \"\\n\")"},
      {"[<<EOT\na\nEOT\n, 1]", "(tuple (heredoc \"a\\n\") 1)"},
      {"f(<<EOT\na\nEOT\n)", "(call f (heredoc \"a\\n\"))"},
  });
}

TEST_CASE("strip markers are kept as the sequence tokens' own text") {
  const std::string text = "x = \"a ${~ b ~} c %{~ if d ~}e%{~ endif ~}\"\n";
  const auto tree = parse(text);
  REQUIRE(diagnostic_lines(*tree).empty());
  std::vector<std::string> sequences;
  for (const Node& n : tree->nodes()) {
    if (n.kind != NodeKind::Interpolation && n.kind != NodeKind::IfDirective &&
        n.kind != NodeKind::EndDirective)
      continue;
    sequences.push_back(std::string(tree->token_text(n.first_token)) + "..." +
                        std::string(tree->token_text(n.end_token - 1)));
  }
  CHECK(sequences == std::vector<std::string>{"${~...~}", "%{~...~}", "%{~...~}"});
}

TEST_CASE("template nodes own the literal tokens between their parts") {
  // Each literal token belongs to the innermost template construct around it, so a printer
  // that walks the tree emits it exactly once and in order.
  const std::string text = "x = \"a%{ if b }c%{ else }d%{ endif }e\"\n";
  const auto tree = parse(text);
  REQUIRE(validate_tree(*tree) == "");
  for (NodeId id = 0; id < tree->nodes().size(); ++id) {
    const Node& n = tree->node(id);
    if (n.kind == NodeKind::TemplateIf)
      CHECK(tree->range(id).slice(text) == "%{ if b }c%{ else }d%{ endif }");
    if (n.kind == NodeKind::Template)
      CHECK(tree->range(id).slice(text) == "\"a%{ if b }c%{ else }d%{ endif }e\"");
  }
}
