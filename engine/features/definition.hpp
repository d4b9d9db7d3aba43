// Go to definition: from a name of an input file into the spec that defines it, and within a
// spec file from a call of one of its functions to the function.
#pragma once

#include <cstdint>
#include <optional>

#include "base/text_range.hpp"
#include "features/snapshot.hpp"

namespace hclspec::features {

struct DefinitionTarget {
  enum class File {
    Spec,      // the spec file of the document's binding
    Document,  // the document itself
  };
  File file = File::Spec;
  base::ByteRange range;  // in that file; empty at 0 for the file as a whole
  friend bool operator==(const DefinitionTarget&, const DefinitionTarget&) = default;
};

// What the name at byte `offset` is defined by: an attribute's or a block type's name, the spec
// block reading it; a function call's name, the spec file's `function` block; a variable, its
// entry in the spec file's `variables`; the modeline, the spec file itself. In a .hcldec file, a
// call of a function the file defines, its `function` block. Nothing elsewhere.
std::optional<DefinitionTarget> definition(const Snapshot& snapshot, uint32_t offset);

}  // namespace hclspec::features
