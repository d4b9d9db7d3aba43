// Inlay hints of the fixture documents, written into their text, against the golden files; and a
// range that keeps only its own.
#include <doctest/doctest.h>

#include <string>

#include "features/inlay_hints.hpp"
#include "fixture_support.hpp"

using namespace hclspec;

namespace {

std::string render_inlay_hints(const testing::FixtureDocument& document) {
  std::string text = document.snapshot.source().text();
  const std::vector<features::InlayHint> hints =
      features::inlay_hints(document.snapshot, {0, static_cast<uint32_t>(text.size())});
  // From the last, so the offsets before stay right.
  for (auto hint = hints.rbegin(); hint != hints.rend(); ++hint)
    text.insert(hint->offset, "‹" + hint->label + "›");
  return text;
}

}  // namespace

TEST_CASE("inlay hints of the fixture documents match the golden files") {
  CHECK(testing::check_goldens("inlay_hints", render_inlay_hints) >= 2);
}

TEST_CASE("inlay hints: only those in the range; each kind can be turned off") {
  const std::string text = "count = 1 + 1\ntask \"a\" {\n  image = shout(\"b\")\n}\n";
  const features::Snapshot snapshot =
      testing::snapshot_of(text, "a.hcl", testing::load_fixture_spec("job.hcldec"));
  const auto labels = [&](base::ByteRange range, features::InlayHintOptions options) {
    std::vector<std::string> out;
    for (const features::InlayHint& hint : features::inlay_hints(snapshot, range, options))
      out.push_back(hint.label);
    return out;
  };
  const auto size = static_cast<uint32_t>(text.size());
  CHECK(labels({0, size}, {}) == std::vector<std::string>{"= 2", "name:", "= \"B\""});
  CHECK(labels({0, 5}, {}) == std::vector<std::string>{"= 2"});
  CHECK(labels({30, 31}, {}) == std::vector<std::string>{"= \"B\""});
  CHECK(labels({0, size}, {false, true}) == std::vector<std::string>{"name:"});
  CHECK(labels({0, size}, {true, false}) == std::vector<std::string>{"= 2", "= \"B\""});
}
