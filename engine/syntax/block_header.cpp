// Reading a block's header (type, labels, open brace) from its tokens.
#include "syntax/block_header.hpp"

#include "syntax/string_literal.hpp"

namespace hclspec::syntax {

BlockHeader block_header(const SyntaxTree& tree, NodeId block) {
  BlockHeader header;
  const Node& n = tree.node(block);
  const TokenList tokens = tree.tokens();
  header.type_range = tokens[n.first_token].range();
  header.def_range = header.type_range;
  base::Diagnostics ignored;  // the parser has reported any bad escapes already
  for (uint32_t t = n.first_token + 1; t < n.end_token; ++t) {
    const Token& token = tokens[t];
    if (token.kind() == TokenKind::OBrace) {
      header.open_brace = token.range();
      break;
    }
    if (token.kind() == TokenKind::Ident) {
      header.labels.push_back({std::string(tree.token_text(t)), token.range()});
    } else if (token.kind() == TokenKind::OQuote) {
      BlockLabel label;
      uint32_t end = t + 1;
      for (; end < n.end_token && tokens[end].kind() == TokenKind::QuotedLit; ++end)
        decode_string_literal(tree.token_text(end), tokens[end].start(), true, label.value,
                              ignored);
      const uint32_t last = end < n.end_token ? end : end - 1;
      label.range = {token.start(), tokens[last].end()};
      header.labels.push_back(std::move(label));
      t = last;
    } else {
      continue;
    }
    header.def_range.end = header.labels.back().range.end;
  }
  if (header.open_brace.empty()) header.open_brace = {header.def_range.end, header.def_range.end};
  // The body is the block's only child, so it comes right before the block (post-order).
  if (n.first_descendant < block) header.body = block - 1;
  return header;
}

std::optional<base::Diagnostic> label_count_problem(const BlockHeader& header,
                                                    const std::string& type,
                                                    const std::vector<std::string>& label_names) {
  if (header.labels.size() == label_names.size()) return std::nullopt;
  const base::ByteRange context = base::range_between(header.type_range, header.open_brace);
  std::string names;
  for (const std::string& name : label_names) names += (names.empty() ? "" : ", ") + name;
  const std::string count = std::to_string(label_names.size());
  if (header.labels.size() > label_names.size())
    return base::Diagnostic{base::Severity::Error, "Extraneous label for " + type,
                            label_names.empty() ? "No labels are expected for " + type + " blocks."
                                                : "Only " + count + " labels (" + names +
                                                      ") are expected for " + type + " blocks.",
                            header.labels[label_names.size()].range, context};
  return base::Diagnostic{base::Severity::Error,
                          "Missing " + label_names[header.labels.size()] + " for " + type,
                          "All " + type + " blocks must have " + count + " labels (" + names + ").",
                          header.open_brace, context};
}

}  // namespace hclspec::syntax
