// Inlay hints: what a computed value evaluates to, and the names of a block's labels.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/text_range.hpp"
#include "features/snapshot.hpp"

namespace hclspec::features {

struct InlayHint {
  enum class Kind {
    Value,      // after an attribute's value: `= 8080`
    LabelName,  // before a block's label: `name:`
  };
  Kind kind = Kind::Value;
  uint32_t offset = 0;  // byte offset it shows at
  std::string label;
};

struct InlayHintOptions {
  bool values = true;
  bool label_names = true;

  friend bool operator==(const InlayHintOptions&, const InlayHintOptions&) = default;
};

// Hints longer than this are cut, ending with "…".
inline constexpr size_t kMaxInlayValueBytes = 40;

// The hints of the items that overlap `range`, in source order, for a document in HCL's native
// syntax bound to a spec: after each attribute value that computes something (a variable, a call,
// an operator, an interpolation...), its value when it evaluates from the spec's variables and
// functions to a known value without error; before each label of a block the spec reads, the
// label's name from the spec (`job name: "web"`). Nothing for spec files or without a spec.
std::vector<InlayHint> inlay_hints(const Snapshot& snapshot, base::ByteRange range,
                                   const InlayHintOptions& options = {});

}  // namespace hclspec::features
