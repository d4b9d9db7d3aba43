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
//
// An incremental result is a chunked tree: the root item holding the edited body is built
// again in arrays of its own, and every other root item stays in the arrays it was in (shared
// with `old`, and read with shifts), so an edit copies the text and the item it touches, not
// the other tokens and nodes.
std::unique_ptr<SyntaxTree> reparse(const SyntaxTree& old, const TextEdit& edit);

// The same, except that when nothing else holds `old` (a document's tree no analysis reads any
// more) the new tree takes over its text and line index and edits them in place rather than
// copying them; `old` is then left empty, to be destroyed.
std::unique_ptr<SyntaxTree> reparse(std::shared_ptr<SyntaxTree> old, const TextEdit& edit);

// A reparse whose result would have more chunks than this flattens it (copies its tokens and
// nodes into one pair of arrays): each edit copies the list of chunks, and reads search it.
inline constexpr size_t kMaxReparseChunks = 4096;

// Whether the last reparse on this thread reused the old tree, and whether it took over the old
// tree's text (for tests and benchmarks).
bool last_reparse_was_incremental();
bool last_reparse_took_text();

}  // namespace hclspec::syntax
