// Suppression comments: the diagnostics a document's `hclspec-ignore` comments silence.
#pragma once

#include <vector>

#include "features/diagnostics.hpp"
#include "features/snapshot.hpp"

namespace hclspec::features {

// Applies the document's suppression comments to `items`, the diagnostics found in it: removes
// those the comments silence, and adds a warning ("unknown-ignore-code") on each code a comment
// names that the registry lacks (which the comments may silence too).
//
// In the native syntax a suppression is a comment (`#`, `//` or `/* */`) starting with
// - `hclspec-ignore: CODE[, CODE...]`: the codes' diagnostics starting on the comment's line,
//   and, when the comment has a line of its own, on the next line;
// - `hclspec-ignore-file: CODE[, CODE...]`: the codes' diagnostics anywhere in the file;
// `all` stands for every code, and text after a further `#` is a reason, not a code. In the JSON
// syntax the same texts are the values of `"//"` properties (hcl's comments), a line directive
// covering the property's line, and the next when the property comes first on its line. Costs one
// search of the text when it holds no "hclspec-ignore".
void apply_suppressions(const Snapshot& snapshot, std::vector<DiagnosticItem>& items);

}  // namespace hclspec::features
