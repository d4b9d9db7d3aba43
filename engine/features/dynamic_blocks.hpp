// HCL's `dynamic` blocks as the editor features read them: what a `dynamic "T"` block and its
// `content` expect, and the iterator variables the values inside one see.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "features/cursor.hpp"
#include "features/snapshot.hpp"
#include "spec/expected.hpp"

namespace hclspec::features {

inline constexpr std::string_view kDynamicBlockType = "dynamic";

// Whether the document reads `dynamic` blocks (a rule, the client or a flag turned them on).
bool reads_dynamic_blocks(const Snapshot& snapshot);

// The block type T that a block of type `type` labelled `label` stands for in a body expecting
// `body`, when it is a `dynamic "T"` block the document reads as one: null when dynamic blocks are
// off, `type` is not `dynamic`, the body expects `dynamic` blocks of its own (the decoder reads
// those as the spec says) or T is not expected there.
const spec::ExpectedBlock* dynamic_block_target(const Snapshot& snapshot,
                                                const spec::ExpectedBody& body,
                                                std::string_view type, std::string_view label);

// The same for the block `block` of the snapshot's native tree (its type and only label).
const spec::ExpectedBlock* dynamic_block_target(const Snapshot& snapshot,
                                                const spec::ExpectedBody& body,
                                                syntax::NodeId block);

// The iterator variable of the `dynamic` block whose body is `body` (kNoNode: a broken header),
// which generates `block_type` blocks: the name its `iterator` attribute gives (`iterator = p`),
// else the block type. `is_default` when there is no `iterator` attribute at all (one that is
// no single name gives the block type, as completion and hover read it, but no default).
struct DynamicIterator {
  std::string name;
  bool is_default;
};
DynamicIterator dynamic_iterator(const syntax::SyntaxTree& tree, syntax::NodeId body,
                                 std::string_view block_type);

// What the body of a `dynamic` block generating `generated` blocks expects: `for_each`,
// `iterator`, `labels` (required when `generated` takes labels) and one `content` block, whose
// body is that of `generated`.
spec::ExpectedBody dynamic_block_body(const spec::ExpectedBlock& generated);

// A `dynamic` block's iterator variable: `name.key` and `name.value` are the element of its
// `for_each` a block is generated for.
struct IteratorVariable {
  std::string name;        // the `iterator` attribute's name, else the block type
  std::string block_type;  // the type of the blocks generated
};

// What an iterator variable holds, in markdown.
std::string iterator_description(const IteratorVariable& iterator);

// What the step `step` (`key` or `value`) of an iterator variable holds, in markdown.
std::string iterator_step_description(const IteratorVariable& iterator, std::string_view step);

// The iterator among `iterators` whose name stands right before the "." ending before byte
// `word_start` of `text`, as the first name of an expression (`port.` in `port.va`); read from
// the text, as `port.` with nothing after the dot yet is a broken expression. Null when none is.
const IteratorVariable* iterator_before_dot(const std::vector<IteratorVariable>& iterators,
                                            std::string_view text, uint32_t word_start);

// What the model says of a cursor's place: the body it is in and the iterator variables its
// values see (those of the `dynamic` blocks around whose `content` or `labels` hold it).
struct ModelAtCursor {
  std::optional<spec::ExpectedBody> body;   // nothing when the blocks around leave the model
  std::vector<IteratorVariable> iterators;  // innermost last
};
ModelAtCursor model_at(const Snapshot& snapshot, const CursorPlace& place);

// The iterator among `iterators` named `name` (the innermost, which hides the others); null when
// none is.
const IteratorVariable* find_iterator(const std::vector<IteratorVariable>& iterators,
                                      std::string_view name);

}  // namespace hclspec::features
