// How the decoder reads a body beyond what plain hcldec does (extensions the user opts into).
#pragma once

#include <atomic>
#include <cstdint>

namespace hclspec::spec {

// What a `dynamic "T"` block is (HCL's ext/dynblock, which Terraform and Nomad use).
enum class DynamicBlocks : uint8_t {
  // A block type like any other, as plain hcldec reads it.
  Off,
  // It stands for blocks of type T wherever they are expected, expanded as dynblock does: one
  // block per element of its `for_each`, whose `content` body and `labels` see the iterator
  // variable; nested ones too. A for_each that is unknown gives one block whose body is
  // unknown (its content is checked, its values unknown, and the block specs reading it give
  // unknown values); a for_each with errors gives no block at all. For `hclspec decode`.
  Expand,
  // As Expand, for checking a file whose for_each values come from elsewhere (Nomad's locals,
  // Terraform's variables): a for_each that cannot be evaluated (errors, which are reported, or
  // unknown) gives one block with an unknown body that is checked as T's body in every block
  // spec and counts as "one or more"; its labels need not be known.
  Check,
};

// What a decode giving back its root block bodies' pages did: whether it gave any back (set by
// either decoding thread).
struct BodyReleases {
  std::atomic<bool> any{false};
};

struct DecodeOptions {
  DynamicBlocks dynamic_blocks = DynamicBlocks::Off;
  // Where the decode records that it gave back the pages holding the tokens and nodes of a root
  // block's body once that body was decoded; null (the default): it gives nothing back. For
  // `hclspec decode`: the whole input's tree and its value are then never all in memory at
  // once. Given-back pages read as zeros, so this is only for a caller that reads nothing of
  // the input's tree afterwards, and it is taken only where nothing in the decode reads such a
  // body again before its value is made: a flat tree of the only input, no dynamic blocks, and a
  // spec that reads each root block once (no block type read twice in its ExpectedBody). Messages
  // may read a body again: a decode that gave pages back and reports anything is to be repeated
  // without, on a fresh parse.
  BodyReleases* release_root_block_bodies = nullptr;

  friend bool operator==(const DecodeOptions&, const DecodeOptions&) = default;
};

}  // namespace hclspec::spec
