// libFuzzer target: formats arbitrary bytes that parse and aborts when a promise of fmt breaks.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "features/formatting.hpp"
#include "syntax/parser.hpp"

namespace {

using namespace hclspec;

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "format_fuzzer: invariant violated: %s\n", what);
  std::abort();
}

void check(bool ok, const char* what) {
  if (!ok) fail(what);
}

// The text without spaces and tabs (and the byte order mark, which hclwrite drops).
std::string tokens_only(std::string_view text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  std::string out;
  for (const char c : text)
    if (c != ' ' && c != '\t') out += c;
  return out;
}

std::vector<syntax::TokenKind> kinds(const syntax::SyntaxTree& tree) {
  std::vector<syntax::TokenKind> out;
  for (const syntax::Token& token : tree.tokens())
    if (token.kind() != syntax::TokenKind::Bom) out.push_back(token.kind());
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  const auto tree = syntax::parse_config(input, "fuzz.hcl");
  if (base::has_errors(tree->diagnostics())) return 0;  // fmt leaves such files alone
  const std::string text = features::formatted_text(*tree);

  // Only spaces change, and the edits say the same as the text.
  check(tokens_only(text) == tokens_only(input), "formatting changed more than spaces");
  std::string edited;
  size_t copied = 0;
  for (const features::TextEdit& edit : features::format_edits(*tree)) {
    check(edit.range.start >= copied && edit.range.end <= input.size(), "edits out of order");
    edited += input.substr(copied, edit.range.start - copied) + edit.new_text;
    copied = edit.range.end;
  }
  edited += input.substr(copied);
  check(edited == text, "edits applied differ from the formatted text");

  // A second run changes nothing, when the spaces taken out did not make different tokens
  // (hclwrite itself turns "1 . 5" into the number "1.5").
  const auto again = syntax::parse_config(text, "fuzz.hcl");
  if (!base::has_errors(again->diagnostics()) && kinds(*again) == kinds(*tree))
    check(features::formatted_text(*again) == text, "formatting is not idempotent");
  return 0;
}
