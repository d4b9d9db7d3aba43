// Rename at every cursor of the fixture documents, against their golden files; the names a new
// name may take.
#include <doctest/doctest.h>

#include <string>

#include "features/rename.hpp"
#include "fixture_support.hpp"
#include "syntax/parser.hpp"

using namespace hclspec;

namespace {

// The spec file of a fixture: the document itself for a .hcldec file, else the one it names.
std::unique_ptr<syntax::SyntaxTree> spec_tree_of(const testing::FixtureDocument& document) {
  if (document.snapshot.kind == features::DocumentKind::SpecFile)
    return syntax::parse_config(document.snapshot.source().text(), "spec");
  return testing::fixture_spec_tree(document);
}

std::string render_rename(const testing::FixtureDocument& document) {
  const base::SourceFile& source = document.snapshot.source();
  const std::unique_ptr<syntax::SyntaxTree> spec = spec_tree_of(document);
  std::string out;
  for (size_t i = 0; i < document.cursors.size(); ++i) {
    const uint32_t cursor = document.cursors[i];
    out += "== cursor " + std::to_string(i + 1) + " at " + testing::position_text(source, cursor) +
           "\n";
    const features::PrepareRename prepared =
        features::prepare_rename(document.snapshot, *spec, cursor);
    if (const auto* reason = std::get_if<std::string>(&prepared)) {
      out += "refused: " + *reason + "\n\n";
      continue;
    }
    const auto& place = std::get<features::RenamePlace>(prepared);
    out += "renames " + testing::range_text(source, place.name) + "\n";
    const std::optional<base::ByteRange> written =
        features::spec_block_name(*spec, place.spec_block);
    out += "spec name " + (written ? testing::range_text(*spec, *written) : "(none)") + "\n\n";
  }
  return out;
}

}  // namespace

TEST_CASE("rename at every cursor of the fixture documents matches the golden files") {
  CHECK(testing::check_goldens("rename", render_rename) >= 2);
}

TEST_CASE("a new name must be an HCL identifier") {
  for (const char* good : {"port", "listen_port", "max-items", "_x", "é1"}) {
    CAPTURE(good);
    CHECK(features::new_name_problem(good).empty());
  }
  for (const char* bad : {"", "1port", "a b", "-x", "a.b", "\"q\"", "\xff"}) {
    CAPTURE(bad);
    CHECK_FALSE(features::new_name_problem(bad).empty());
  }
}
