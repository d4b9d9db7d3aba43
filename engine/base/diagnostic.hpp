// Diagnostics in HCL's shape: severity, summary, detail, subject and context ranges.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "base/text_range.hpp"

namespace hclspec::base {

enum class Severity : uint8_t { Error, Warning };

struct Diagnostic {
  Severity severity = Severity::Error;
  std::string summary;  // short, title case
  std::string detail;   // full sentences that say what to do
  ByteRange subject;
  std::optional<ByteRange> context;

  friend bool operator==(const Diagnostic&, const Diagnostic&) = default;
};

using Diagnostics = std::vector<Diagnostic>;

inline bool has_errors(const Diagnostics& diags) {
  for (const auto& d : diags)
    if (d.severity == Severity::Error) return true;
  return false;
}

}  // namespace hclspec::base
