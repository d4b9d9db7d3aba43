// Incremental reparse: a new tree for an edited text, reusing the old tree where it can.
#pragma once

#include <memory>
#include <string>

#include "syntax/tree.hpp"

namespace hclspec::syntax {

// Replaces old text [start, end) with `replacement`.
struct TextEdit {
  uint32_t start = 0;
  uint32_t end = 0;
  std::string replacement;
};

// The text of `old` with `edit` applied (offsets are clamped to the text).
std::string apply_edit(const std::string& text, const TextEdit& edit);

// Parses old.text() with `edit` applied. When the edit lies inside the braces of a block that
// still balance afterwards, only that block's body is lexed and parsed again (the innermost
// such block); otherwise the whole file is. The result always equals what parse_config gives
// for the new text: tokens, nodes and diagnostics.
std::unique_ptr<SyntaxTree> reparse(const SyntaxTree& old, const TextEdit& edit);

// Whether the last reparse on this thread reused the old tree (for tests and benchmarks).
bool last_reparse_was_incremental();

}  // namespace hclspec::syntax
