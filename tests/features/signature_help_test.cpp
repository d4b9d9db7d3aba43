// Signature help at every cursor of the fixture documents, against their golden files.
#include <doctest/doctest.h>

#include <string>

#include "features/signature_help.hpp"
#include "fixture_support.hpp"

using namespace hclspec;

namespace {

std::string render_signature_help(const testing::FixtureDocument& document) {
  const base::SourceFile& source = document.snapshot.source();
  std::string out;
  for (size_t i = 0; i < document.cursors.size(); ++i) {
    const uint32_t cursor = document.cursors[i];
    out += "== cursor " + std::to_string(i + 1) + " at " + testing::position_text(source, cursor) +
           "\n";
    const std::optional<features::SignatureHelp> help =
        features::signature_help(document.snapshot, cursor);
    if (!help) {
      out += "(nothing)\n\n";
      continue;
    }
    std::string label = help->label;
    if (help->active_parameter < help->parameters.size()) {
      const base::ByteRange active = help->parameters[help->active_parameter];
      label.insert(active.end, ">>");
      label.insert(active.start, "<<");
    } else {
      label += "  (argument " + std::to_string(help->active_parameter + 1) + ": none)";
    }
    out += label + "\n";
    if (!help->description.empty()) out += help->description + "\n";
    out += "\n";
  }
  return out;
}

}  // namespace

TEST_CASE("signature help at every cursor of the fixture documents matches the golden files") {
  CHECK(testing::check_goldens("signature_help", render_signature_help) >= 3);
}
