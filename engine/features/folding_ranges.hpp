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

// Every construct spanning more than one line: block bodies, tuples, objects, function calls'
// parentheses, parenthesized expressions, heredocs and `%{` directives' bodies, and runs of two
// or more comment lines; sorted by start (an enclosing range before those inside it). From the
// intact parts of broken text; JSON documents fold their objects and arrays.
std::vector<FoldingRange> folding_ranges(const Snapshot& snapshot);

}  // namespace hclspec::features
