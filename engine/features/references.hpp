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

// What spec_block_uses finds: the names that read a spec block, or also, for a block type T, the
// references to the iterator variable of a `dynamic "T"` block that has no `iterator` attribute
// (`T` in `T.value`, in its `labels` and `content`, where no inner iterator of that name hides
// it), which a rename of T renames with it.
enum class SpecBlockUses : uint8_t { Names, NamesAndIterators };

// Where the document uses the spec block at `spec_block` of the spec it is bound to: the names
// of the attributes and the types of the blocks that block reads (and the labels of `dynamic`
// blocks generating it), in source order, from the tree's intact parts. Empty for a document of
// no spec, a JSON document, or once `cancel` is set.
std::vector<base::ByteRange> spec_block_uses(const Snapshot& snapshot, base::ByteRange spec_block,
                                             const base::CancellationFlag* cancel = nullptr,
                                             SpecBlockUses which = SpecBlockUses::Names);

}  // namespace hclspec::features
