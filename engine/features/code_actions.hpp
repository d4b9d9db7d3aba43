// Code actions: quick fixes for what the spec says is wrong at a place of the document.
#pragma once

#include <string>
#include <vector>

#include "base/text_range.hpp"
#include "features/formatting.hpp"
#include "features/snapshot.hpp"

namespace hclspec::features {

struct CodeAction {
  std::string title;
  // The codes of the diagnostics it fixes (diagnostic_codes.hpp), and where they are: the server
  // attaches the client's matching diagnostics.
  std::vector<std::string> fixes;
  base::ByteRange at;
  std::vector<TextEdit> edits;  // sorted, not overlapping
  bool preferred = false;       // the fix to apply when there is one obvious choice
};

// The quick fixes for the items of a native document bound to a spec that overlap `range`:
// - an unsupported argument or block type: change it to the name the diagnostic suggests
//   (preferred), or remove it;
// - a block (or, on the first line, the file) lacking required arguments or blocks: add them,
//   arguments with a placeholder of their type, blocks with empty labels and their own required
//   arguments;
// - a single value where the spec wants a list or set (`["web"]`), a one-element list where it
//   wants a single value (`3`).
// Each edit, applied, removes its diagnostic and adds no syntax error.
std::vector<CodeAction> code_actions(const Snapshot& snapshot, base::ByteRange range);

}  // namespace hclspec::features
