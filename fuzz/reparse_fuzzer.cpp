// libFuzzer target: reparse of an edit, and of its undoing, must give what fresh parses give.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "syntax/parser.hpp"
#include "syntax/reparse.hpp"

namespace {

void check(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "reparse_fuzzer: invariant violated: %s\n", what);
  std::abort();
}

}  // namespace

// Input layout: the file, then 6 control bytes describing the edit, so that plain HCL seeds work
// (their last bytes become the control bytes):
//   [0..1] where the edit starts; [2] bits 0-4: bytes deleted, bit 5: start just inside the
//   n-th "{" instead, bit 6: append control byte [5] to the replacement;
//   [3..4] where in the file the replacement is copied from; [5] its length (0-31).
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  constexpr size_t kControl = 6;
  if (size < kControl) return 0;
  const uint8_t* c = data + size - kControl;
  const std::string text(reinterpret_cast<const char*>(data), size - kControl);
  const size_t position = static_cast<size_t>(c[0] | (c[1] << 8));
  const size_t source = static_cast<size_t>(c[3] | (c[4] << 8));

  hclspec::syntax::TextEdit edit;
  size_t start = position % (text.size() + 1);
  if ((c[2] & 0x20) != 0) {
    const size_t braces = static_cast<size_t>(std::count(text.begin(), text.end(), '{'));
    if (braces > 0) {
      size_t at = text.find('{');
      for (size_t n = position % braces; n > 0; --n) at = text.find('{', at + 1);
      start = at + 1;
    }
  }
  edit.start = static_cast<uint32_t>(start);
  edit.end = static_cast<uint32_t>(std::min(start + (c[2] & 0x1F), text.size()));
  const size_t from = source % (text.size() + 1);
  edit.replacement = text.substr(from, c[5] & 0x1F);
  if ((c[2] & 0x40) != 0) edit.replacement.push_back(static_cast<char>(c[5]));

  const auto old_tree = hclspec::syntax::parse_config(text, "fuzz.hcl");
  auto incremental = hclspec::syntax::reparse(*old_tree, edit);
  const std::string new_text = hclspec::syntax::apply_edit(text, edit);
  const auto fresh = hclspec::syntax::parse_config(new_text, "fuzz.hcl");

  check(incremental->text() == new_text, "reparse text != old text with the edit applied");
  check(incremental->tokens() == fresh->tokens(), "reparse tokens != fresh parse tokens");
  check(incremental->nodes() == fresh->nodes(), "reparse nodes != fresh parse nodes");
  check(incremental->diagnostics() == fresh->diagnostics(),
        "reparse diagnostics != fresh parse diagnostics");
  check(incremental->lexical_diagnostic_count() == fresh->lexical_diagnostic_count(),
        "reparse lexical diagnostic count != fresh parse's");
  check(hclspec::syntax::print_tree(*incremental) == new_text, "print_tree(reparse) != new text");

  // Undone on the reparsed tree (chunked when the reparse was incremental), the edit gives back
  // the first text's tree.
  const hclspec::syntax::TextEdit undo{edit.start,
                                       static_cast<uint32_t>(edit.start + edit.replacement.size()),
                                       text.substr(edit.start, edit.end - edit.start)};
  // Half the time as a server's document does it: taking over the text and the line index of
  // the tree it replaces.
  if ((c[5] & 0x01) != 0) incremental->lines();
  std::unique_ptr<hclspec::syntax::SyntaxTree> undone;
  if ((c[5] & 0x02) != 0)
    undone = hclspec::syntax::reparse(std::shared_ptr(std::move(incremental)), undo);
  else
    undone = hclspec::syntax::reparse(*incremental, undo);
  check(undone->text() == text, "undoing the edit did not give the old text");
  if (undone->lines_built())
    check(undone->lines() == hclspec::base::LineIndex(text), "undone line index != a fresh one");
  check(undone->tokens() == old_tree->tokens(), "undone tokens != old parse tokens");
  check(undone->nodes() == old_tree->nodes(), "undone nodes != old parse nodes");
  check(undone->diagnostics() == old_tree->diagnostics(),
        "undone diagnostics != old parse diagnostics");
  return 0;
}
