// The registry of diagnostic codes: every code hclspec reports, its summaries, meaning and example.
#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <string_view>

#include "base/diagnostic.hpp"

namespace hclspec::features {

// What an entry's example is, so that a test can check it gives the code.
enum class ExampleKind : uint8_t {
  Config,    // a document in the native syntax, checked against `spec` when there is one
  Json,      // a document in the JSON syntax, checked against `spec` when there is one
  SpecFile,  // an hcldec spec file (.hcldec)
  // What a single document cannot show (a missing spec file, a 4 GiB file, a linted link): the
  // example is a sketch, and the description says the rest.
  Situation,
};

struct DiagnosticCodeInfo {
  static constexpr size_t kMaxSummaries = 3;

  std::string_view code;  // lowercase words joined by "-"; never changes once published
  // The summaries reported under the code, "*" standing for a name (a block type, a label).
  std::array<std::string_view, kMaxSummaries> summaries;
  base::Severity severity;
  std::string_view description;  // one sentence: what is wrong and what to do
  std::string_view example;      // a minimal document that gets the diagnostic
  ExampleKind example_kind = ExampleKind::Config;
  // The spec the example is checked against (empty: none); its first line is a comment
  // "# NAME.hcldec: what it holds", several examples sharing one.
  std::string_view spec = {};
  // Whether the example is checked with `dynamic` blocks expanded (a rule's dynamic_blocks).
  bool dynamic_blocks = false;

  // The summaries in use (those of `summaries` that are not empty).
  std::span<const std::string_view> summary_patterns() const;
  // Whether `summary` is one of this code's summaries.
  bool matches(std::string_view summary) const;
};

// Every code, sorted by code.
std::span<const DiagnosticCodeInfo> diagnostic_codes();

// The entry of `code`, or null when there is none.
const DiagnosticCodeInfo* find_diagnostic_code(std::string_view code);

// The entry whose summaries include `summary`, or null when none does.
const DiagnosticCodeInfo* find_diagnostic_summary(std::string_view summary);

}  // namespace hclspec::features
