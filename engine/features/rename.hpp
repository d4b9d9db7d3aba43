// Rename: the name a spec block reads, renamed in the spec file and in every use of the block.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "base/text_range.hpp"
#include "features/snapshot.hpp"
#include "spec/spec.hpp"
#include "syntax/tree.hpp"

namespace hclspec::features {

// Where the spec block at `spec_block` (its range in the spec file, `spec::Spec::range`) of
// `spec_tree` writes the name it reads: the string of its `name` (attr) or `block_type` (the
// block kinds) argument, which wins over a label as in hcldec, else the label of `attr "port"`
// or `block_map "task"`; quotes included.
// Nothing for a spec that reads no name, or names it by anything but a plain quoted string.
std::optional<base::ByteRange> spec_block_name(const syntax::SyntaxTree& spec_tree,
                                               base::ByteRange spec_block);

// What can be renamed at a place: the name under the cursor (without quotes) and the spec block
// it stands for; or why nothing can be.
struct RenamePlace {
  base::ByteRange name;        // in the document
  base::ByteRange spec_block;  // in the spec file
};
using PrepareRename = std::variant<RenamePlace, std::string>;

// The rename at byte `offset` of a document whose spec file is `spec_tree` (for a .hcldec file,
// its own tree): an attribute name or block type of an input file, or the header or name of a
// spec block in a spec file. A reason otherwise.
PrepareRename prepare_rename(const Snapshot& snapshot, const syntax::SyntaxTree& spec_tree,
                             uint32_t offset);

// Whether the body the spec block at `spec_block` reads from also reads `name` (as an argument
// or a block type): renaming to it would define the name twice.
bool name_taken(const spec::SpecFile& spec, base::ByteRange spec_block, std::string_view name);

// Where, in `tree`, renaming block type `old_name` to `new_name` would change what an expression
// means: inside a `dynamic "old_name"` block without `iterator`, whose iterator is named after the
// block type, `new_name` already stands for something (a variable or iterator read there, a name
// a `for` binds, an inner dynamic block's iterator). Renamed with the type, the iterator would
// take that name over or be hidden by it. The first such place; nothing when there is none.
std::optional<base::ByteRange> rename_capture(const syntax::SyntaxTree& tree,
                                              std::string_view old_name, std::string_view new_name);

// Why `name` cannot be an attribute name or block type ("" when it can): HCL identifiers only
// (a letter or `_`, then letters, digits, `_` and `-`).
std::string new_name_problem(std::string_view name);

}  // namespace hclspec::features
