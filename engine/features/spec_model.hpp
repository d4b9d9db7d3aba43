// The model a snapshot's bodies are read against: its spec's, or the meta-spec for spec files.
#pragma once

#include <cstdint>
#include <optional>

#include "features/snapshot.hpp"
#include "spec/expected.hpp"

namespace hclspec::features {

// What the document's root body is expected to hold: the meta-spec's root for a .hcldec file,
// the bound spec's root for an input file, nothing when no spec applies.
std::optional<spec::ExpectedBody> expected_root(const Snapshot& snapshot);

// The spec, among `spec` and those nested in it, whose block starts at byte `start` of its spec
// file; null when none does (a `default` block has no spec of its own place).
const spec::Spec* spec_at(const spec::Spec& spec, uint32_t start);

}  // namespace hclspec::features
