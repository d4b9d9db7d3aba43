// Go to definition at every cursor of the fixture documents, against their golden files: the
// spec file's text at the target (or the document's), so a moved range shows.
#include <doctest/doctest.h>

#include <string>

#include "features/definition.hpp"
#include "fixture_support.hpp"
#include "syntax/parser.hpp"

using namespace hclspec;

namespace {

std::string render_definition(const testing::FixtureDocument& document) {
  const base::SourceFile& source = document.snapshot.source();
  std::unique_ptr<syntax::SyntaxTree> spec = testing::fixture_spec_tree(document);
  if (!spec) spec = syntax::parse_config("", "spec");
  std::string out;
  for (size_t i = 0; i < document.cursors.size(); ++i) {
    const uint32_t cursor = document.cursors[i];
    out += "== cursor " + std::to_string(i + 1) + " at " + testing::position_text(source, cursor) +
           "\n";
    const std::optional<features::DefinitionTarget> target =
        features::definition(document.snapshot, cursor);
    if (!target) {
      out += "(nothing)\n\n";
      continue;
    }
    const bool in_spec = target->file == features::DefinitionTarget::File::Spec;
    out += std::string(in_spec ? "spec " : "document ") +
           testing::range_text(in_spec ? *spec : source, target->range) + "\n\n";
  }
  return out;
}

}  // namespace

TEST_CASE("go to definition at every cursor of the fixture documents matches the golden files") {
  CHECK(testing::check_goldens("definition", render_definition) >= 4);
}
