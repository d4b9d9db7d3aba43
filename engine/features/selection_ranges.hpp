// Selection ranges: from the token at a cursor outward to the whole file (smart select).
#pragma once

#include <cstdint>
#include <vector>

#include "base/text_range.hpp"
#include "features/snapshot.hpp"

namespace hclspec::features {

// The ranges a "grow selection" visits from byte `offset`, innermost first: the token at the
// cursor, each enclosing expression, the attribute, a block's body inside its braces, the
// braces, the block, and so on up to the whole file. Each range strictly contains the one
// before it. At least the whole file (an empty text gives one empty range).
std::vector<base::ByteRange> selection_ranges(const Snapshot& snapshot, uint32_t offset);

}  // namespace hclspec::features
