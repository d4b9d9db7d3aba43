// Placeholder HCL: values of a type and blocks with their required items, for the code actions
// that add missing items and the example file of `hclspec docs`.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "spec/expected.hpp"
#include "types/type.hpp"

namespace hclspec::features {

// `text` as an HCL quoted string: escapes for quotes, backslashes, control characters and the
// template sequences `${` and `%{`.
std::string hcl_quoted(std::string_view text);

// The most text the items of a body or a block may take: past it (a spec's `min_items` nest)
// there is no such text to offer.
inline constexpr size_t kMaxPlaceholderBytes = 256 * 1024;

// A value of `type` to start from: empty, zero or false, objects with each attribute so.
std::string placeholder(const types::Type& type);

struct PlaceholderStyle {
  // Labels written as their names (`task "name"`), for a reader; else empty (`task ""`), for a
  // user to fill in.
  bool named_labels = false;
  // A body that requires nothing holds one block of its first block type, so that an example
  // shows more than an empty body.
  bool first_block_when_empty = false;
};

// The required attributes of `body` (with placeholder values) and its required blocks (each
// with its own required items, nested ones too, to a depth where a spec that requires itself
// stops), as lines at `indent`. Attributes whose names are not identifiers are left out.
// Nothing when the text would pass kMaxPlaceholderBytes.
std::optional<std::string> required_items_text(const spec::ExpectedBody& body,
                                               const std::string& indent,
                                               const PlaceholderStyle& style);

// A block of `block`'s type with its labels and its own items as `required_items_text` writes
// them, as lines at `indent`. `depth`: how many blocks it is nested in (the bound above).
std::optional<std::string> block_text(const spec::ExpectedBlock& block, const std::string& indent,
                                      const PlaceholderStyle& style, int depth = 0);

}  // namespace hclspec::features
