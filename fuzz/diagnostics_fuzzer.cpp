// libFuzzer target: arbitrary bytes as a document, native or JSON syntax, through the editor's
// diagnostics (spec checks, placement on headers, suppression comments): nothing may crash,
// every range must lie in the text and every code must be registered.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "features/diagnostic_codes.hpp"
#include "features/diagnostics.hpp"
#include "spec/load.hpp"
#include "syntax/json.hpp"
#include "syntax/parser.hpp"

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "diagnostics_fuzzer: invariant violated: %s\n", what);
  std::abort();
}

void check(bool ok, const char* what) {
  if (!ok) fail(what);
}

// A spec with required items, labelled blocks and counts, so that missing-item diagnostics
// (moved to block headers) and every decoder check have a chance to appear.
std::shared_ptr<const hclspec::spec::SpecFile> fuzz_spec() {
  static const std::shared_ptr<const hclspec::spec::SpecFile> spec = [] {
    hclspec::base::Diagnostics diags;
    return std::make_shared<const hclspec::spec::SpecFile>(
        hclspec::spec::load_spec(hclspec::syntax::parse_config(R"(object {
  attr "name" {
    type     = string
    required = true
  }
  block_list "task" {
    min_items = 1
    max_items = 3
    object {
      attr "driver" {
        type     = string
        required = true
      }
    }
  }
  block_map "group" {
    labels = ["name"]
    object {
      attr "count" { type = number }
    }
  }
}
)",
                                                               "fuzz.hcldec"),
                                 diags));
  }();
  return spec;
}

void check_items(const hclspec::features::Snapshot& snapshot, size_t text_size) {
  for (const hclspec::features::DiagnosticItem& item : hclspec::features::diagnostics(snapshot)) {
    check(item.range.start <= item.range.end, "range starts after its end");
    check(item.range.end <= text_size, "range ends past the text");
    check(!item.summary.empty(), "diagnostic without a summary");
    check(hclspec::features::find_diagnostic_code(item.code) != nullptr, "unregistered code");
  }
}

}  // namespace

// The first byte chooses the syntax (odd: JSON) and whether the spec applies (bit 1).
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const bool json = (data[0] & 1) != 0;
  const bool with_spec = (data[0] & 2) != 0;
  std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  hclspec::features::Snapshot snapshot;
  if (json)
    snapshot.json = hclspec::syntax::parse_json(std::move(text), "fuzz.json");
  else
    snapshot.tree = hclspec::syntax::parse_config(std::move(text), "fuzz.hcl");
  if (with_spec) snapshot.binding.spec = fuzz_spec();
  check_items(snapshot, size - 1);
  return 0;
}
