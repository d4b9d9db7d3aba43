// Go to definition at every cursor of the fixture documents, against their golden files: the
// spec file's text at the target (or the document's), so a moved range shows.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "features/definition.hpp"
#include "fixture_support.hpp"
#include "syntax/parser.hpp"

using namespace hclspec;

namespace {

namespace fs = std::filesystem;

// The spec a fixture names in its comments or its .spec file, read as text; "" when none.
std::string spec_text_of(const testing::FixtureDocument& document) {
  const std::string& text = document.snapshot.source().text();
  std::string name;
  for (const std::string marker : {"# hclspec: ", "# fixture-spec: "})
    if (const size_t at = text.find(marker); at != std::string::npos)
      name = text.substr(at + marker.size(), text.find('\n', at) - at - marker.size());
  const fs::path spec_list = fs::path(document.snapshot.source().filename() + ".spec");
  if (name.empty() && fs::exists(spec_list)) {
    std::ifstream in(spec_list);
    std::getline(in, name);
  }
  if (name.empty()) return "";
  std::ifstream in(fs::path(HCLSPEC_FIXTURES_DIR) / "features" / "specs" / name);
  std::stringstream all;
  all << in.rdbuf();
  return all.str();
}

std::string render_definition(const testing::FixtureDocument& document) {
  const base::SourceFile& source = document.snapshot.source();
  const std::unique_ptr<syntax::SyntaxTree> spec =
      syntax::parse_config(spec_text_of(document), "spec");
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
