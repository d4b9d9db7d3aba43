// The decoded preview: what `hclspec decode --with-type` prints for a document and its spec.
#pragma once

#include <optional>
#include <string>

#include "base/cancellation.hpp"
#include "features/snapshot.hpp"

namespace hclspec::features {

struct DecodedValue {
  // JSON, as hcldec writes them (null properties left out); nothing when the document or its
  // decoding has errors (hcldec then writes nothing), and no value when it decodes to null.
  std::optional<std::string> value;
  std::optional<std::string> type;
};

// Nothing when no spec applies (or the document is a spec file), or once `cancel` is set.
std::optional<DecodedValue> decoded_value(const Snapshot& snapshot,
                                          const base::CancellationFlag* cancel = nullptr);

}  // namespace hclspec::features
