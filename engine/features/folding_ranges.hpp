// Folding ranges: the blocks, multi-line brackets, heredocs and comment runs an editor can fold.
#pragma once

#include <vector>

#include "base/text_range.hpp"
#include "features/snapshot.hpp"

namespace hclspec::features {

enum class FoldingKind : uint8_t { Region, Comment };

struct FoldingRange {
  // From the opening bracket (or heredoc marker, or first comment) to the end of the closing
  // one (or of the heredoc's end marker, or of the last comment's text, its newline excluded).
  base::ByteRange range;
  FoldingKind kind = FoldingKind::Region;
  friend bool operator==(const FoldingRange&, const FoldingRange&) = default;
};

// Every construct spanning more than one line: block bodies, tuples, objects, `for`
// expressions, function calls' parentheses, parenthesized expressions, heredocs, `${`
// interpolations and `%{` directives' bodies (`%{ if }` to `%{ endif }`), and runs of two or
// more comment lines; sorted by start (an enclosing range before those inside it), never two
// with the same start. A comment run is lines holding nothing but comments (of any style,
// mixed), each right after the one before; a blank line or code ends it. A comment over
// several lines folds alone too, even beside code. From the intact parts of broken text: a
// construct folds only with its closing bracket or marker, so an unclosed block folds nothing
// (the parser runs it to the end of the file, which is not where the user will close it) while
// what is closed inside it folds. JSON documents fold their objects and arrays.
std::vector<FoldingRange> folding_ranges(const Snapshot& snapshot);

}  // namespace hclspec::features
