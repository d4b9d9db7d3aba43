// Hover at a cursor: what the spec says about the name under it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "base/text_range.hpp"
#include "features/snapshot.hpp"

namespace hclspec::features {

struct HoverResult {
  std::string contents;   // markdown or plain text, as asked
  base::ByteRange range;  // the name hovered
};

// The hover text at byte `offset`: on an attribute name its type as a spec writes it, whether
// it is required, and its description; on a block type its kind and description; on a function
// call's name its signature; on a variable its type and value. On the modeline, or the first
// line where nothing else is hovered, which spec applies and what chose it (or that none does).
// Nothing elsewhere, and nothing in JSON documents past the first line (their names are strings
// the model does not follow yet).
std::optional<HoverResult> hover(const Snapshot& snapshot, uint32_t offset, bool markdown);

}  // namespace hclspec::features
