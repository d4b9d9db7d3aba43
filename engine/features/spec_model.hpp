// The model a snapshot's bodies are read against: its spec's, or the meta-spec for spec files.
#pragma once

#include <optional>

#include "features/snapshot.hpp"
#include "spec/expected.hpp"

namespace hclspec::features {

// What the document's root body is expected to hold: the meta-spec's root for a .hcldec file,
// the bound spec's root for an input file, nothing when no spec applies.
std::optional<spec::ExpectedBody> expected_root(const Snapshot& snapshot);

}  // namespace hclspec::features
