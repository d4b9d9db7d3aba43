// Find references: the spec block a name stands for, and where a document uses a spec block.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "base/cancellation.hpp"
#include "base/text_range.hpp"
#include "features/snapshot.hpp"

namespace hclspec::features {

// The spec block the name at byte `offset` stands for, as that block's range in its spec file
// (`spec::Spec::range`): in a .hcldec file, the spec block whose header holds the cursor (`attr
// "port"`, `block_map "task"`; a `default` block stands for no spec of its own) when the file
// loads without errors; in an input file, the spec block reading the attribute or block type
// named at the cursor. Nothing elsewhere.
std::optional<base::ByteRange> referenced_spec_block(const Snapshot& snapshot, uint32_t offset);

// Where the document uses the spec block at `spec_block` of the spec it is bound to: the names
// of the attributes and the types of the blocks that block reads, in source order, from the
// tree's intact parts. Empty for a document of no spec, a JSON document, or once `cancel` is set.
std::vector<base::ByteRange> spec_block_uses(const Snapshot& snapshot, base::ByteRange spec_block,
                                             const base::CancellationFlag* cancel = nullptr);

}  // namespace hclspec::features
