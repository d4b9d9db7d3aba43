// libFuzzer target: parses arbitrary bytes and aborts when a tree invariant does not hold.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "syntax/parser.hpp"

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "parse_fuzzer: invariant violated: %s\n", what);
  std::abort();
}

void check(bool ok, const char* what) {
  if (!ok) fail(what);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  const auto tree = hclspec::syntax::parse_config(input, "fuzz.hcl");
  using hclspec::syntax::NodeId;

  // Lossless: the tree prints back to the exact input.
  check(hclspec::syntax::print_tree(*tree) == input, "print_tree(tree) != input");

  // Every diagnostic points into the text, and its position can be computed.
  const auto text_size = static_cast<uint32_t>(input.size());
  for (const auto& diag : tree->diagnostics()) {
    check(diag.subject.start <= diag.subject.end, "diagnostic subject starts after its end");
    check(diag.subject.end <= text_size, "diagnostic subject ends past the text");
    if (diag.context) {
      check(diag.context->start <= diag.context->end, "diagnostic context starts after its end");
      check(diag.context->end <= text_size, "diagnostic context ends past the text");
    }
    check(!diag.summary.empty(), "diagnostic without a summary");
    check(tree->lines().position(diag.subject.end).byte == diag.subject.end,
          "line index position of a subject end");
  }

  // The tokens cover the text in order and end with Eof.
  const auto& tokens = tree->tokens();
  check(!tokens.empty(), "no tokens (not even Eof)");
  check(tokens.back().kind() == hclspec::syntax::TokenKind::Eof, "last token is not Eof");
  check(tokens.back().end() == text_size, "Eof is not at the end of the text");
  for (size_t i = 1; i < tokens.size(); ++i)
    check(tokens[i - 1].end() <= tokens[i].start(), "tokens overlap or are out of order");

  // Post-order node vector: the root is last, covers every node and every token.
  const auto& nodes = tree->nodes();
  check(!nodes.empty(), "no nodes (not even the root body)");
  const auto& root = tree->node(tree->root());
  check(root.kind == hclspec::syntax::NodeKind::Body, "root is not a Body");
  check(root.first_descendant == 0, "root does not cover every node");
  check(root.first_token == 0 && root.end_token == tokens.size(), "root does not cover all tokens");
  for (NodeId id = 0; id < nodes.size(); ++id) {
    const auto& n = nodes[id];
    check(n.first_descendant <= id, "node's first descendant comes after it");
    check(n.first_token <= n.end_token, "node's tokens end before they start");
    check(n.end_token <= tokens.size(), "node's tokens end past the last token");
  }
  return 0;
}
