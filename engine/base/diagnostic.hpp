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
  // The file the ranges are in, when it is not the file being analysed: a decoder reports
  // problems in a spec's own expressions (a transform's result) with the spec file's name.
  std::string file = {};

  friend bool operator==(const Diagnostic&, const Diagnostic&) = default;
};

using Diagnostics = std::vector<Diagnostic>;

// Whether any diagnostic from index `from` on is an error.
inline bool has_errors(const Diagnostics& diags, size_t from = 0) {
  for (size_t i = from; i < diags.size(); ++i)
    if (diags[i].severity == Severity::Error) return true;
  return false;
}

}  // namespace hclspec::base
