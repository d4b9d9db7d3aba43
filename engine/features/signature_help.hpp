// Signature help: inside a call of one of the spec's functions, its signature and the parameter
// the cursor is at.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/text_range.hpp"
#include "features/snapshot.hpp"

namespace hclspec::features {

struct SignatureHelp {
  std::string label;                        // `name(a string, rest... any) list(string)`
  std::vector<base::ByteRange> parameters;  // each parameter's place in `label`
  std::string description;                  // the function's, if any
  uint32_t active_parameter = 0;            // the variadic one for every argument past the rest
};

// In the argument list of the innermost call holding byte `offset` (after its `(`, up to its
// `)`), of a function the document can call: the spec's own functions in an input file, the spec
// definition functions in a .hcldec file. Nothing elsewhere, or for a function it does not know.
std::optional<SignatureHelp> signature_help(const Snapshot& snapshot, uint32_t offset);

}  // namespace hclspec::features
