// Rename at every cursor of the fixture documents, against their golden files; the names a new
// name may take.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "features/references.hpp"
#include "features/rename.hpp"
#include "fixture_support.hpp"
#include "spec/load.hpp"
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
    out += "spec name " + (written ? testing::range_text(*spec, *written) : "(none)") + "\n";
    // What the server renames in the document: the uses, with dynamic blocks' default iterators.
    for (const base::ByteRange& use :
         features::spec_block_uses(document.snapshot, place.spec_block, nullptr,
                                   features::SpecBlockUses::NamesAndIterators))
      out += "edit " + testing::range_text(source, use) + "\n";
    out += "\n";
  }
  return out;
}

// The error diagnostics of a fixture document, once the rename at its cursor `cursor` to `name`
// is applied to it and to its spec as the server applies it; `which` uses renamed.
std::vector<std::string> errors_after_rename(const testing::FixtureDocument& document,
                                             size_t cursor, const std::string& name,
                                             features::SpecBlockUses which) {
  const std::unique_ptr<syntax::SyntaxTree> spec = spec_tree_of(document);
  const features::PrepareRename prepared =
      features::prepare_rename(document.snapshot, *spec, document.cursors.at(cursor));
  REQUIRE(std::holds_alternative<features::RenamePlace>(prepared));
  const auto& place = std::get<features::RenamePlace>(prepared);
  const std::optional<base::ByteRange> written = features::spec_block_name(*spec, place.spec_block);
  REQUIRE(written);
  const bool quoted = spec->text()[written->start] == '"';
  const std::string spec_text =
      testing::apply_edits(spec->text(), {{*written, quoted ? "\"" + name + "\"" : name}});
  std::vector<features::TextEdit> edits;
  for (const base::ByteRange& use :
       features::spec_block_uses(document.snapshot, place.spec_block, nullptr, which))
    edits.push_back({use, name});
  const std::string text = testing::apply_edits(document.snapshot.source().text(), edits);

  base::Diagnostics problems;
  auto renamed_spec = std::make_shared<const spec::SpecFile>(
      spec::load_spec(syntax::parse_config(spec_text, "spec.hcldec"), problems));
  REQUIRE(problems.empty());
  features::Snapshot renamed = testing::snapshot_of(text, "renamed.hcl", renamed_spec);
  renamed.binding = document.snapshot.binding;
  renamed.binding.spec = renamed_spec;
  std::vector<std::string> errors;
  for (const features::DiagnosticItem& item : features::diagnostics(renamed))
    if (item.severity == base::Severity::Error)
      errors.push_back(testing::range_text(renamed.source(), item.range) + " " + item.message());
  return errors;
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

TEST_CASE("a rename of a block type that dynamic blocks generate leaves their files clean") {
  const testing::FixtureDocument document = testing::load_fixture(
      std::filesystem::path(HCLSPEC_FIXTURES_DIR) / "features" / "rename" / "dynamic_blocks.hcl");
  REQUIRE(document.cursors.size() == 3);
  for (const features::DiagnosticItem& item : features::diagnostics(document.snapshot))
    CHECK_MESSAGE(item.severity != base::Severity::Error, item.message());
  // port (a bare label), task (a quoted one), group (whose iterator an inner block hides).
  for (size_t cursor = 0; cursor < document.cursors.size(); ++cursor) {
    CAPTURE(cursor);
    CHECK(errors_after_rename(document, cursor, "renamed",
                              features::SpecBlockUses::NamesAndIterators) ==
          std::vector<std::string>{});
    // The iterators' references left as they were would read a variable that is gone.
    CHECK_FALSE(
        errors_after_rename(document, cursor, "renamed", features::SpecBlockUses::Names).empty());
  }
}

TEST_CASE("renaming a block type refuses a name its dynamic blocks' default iterator would take") {
  const auto capture = [](const std::string& text, const std::string& new_name) {
    const auto tree = syntax::parse_config(text, "in.hcl");
    const std::optional<base::ByteRange> at = features::rename_capture(*tree, "port", new_name);
    return at ? std::string(at->slice(tree->text())) : std::string("none");
  };
  const std::string with_for =
      "dynamic \"port\" {\n  for_each = { a = 1 }\n  labels   = [port.key]\n"
      "  content { to = [for p in [{ value = 9 }] : port.value][0] }\n}\n";
  // The `for` binds p: port.value renamed p.value would read it.
  CHECK(capture(with_for, "p") == "p");
  CHECK(capture(with_for, "listener") == "none");
  // An outer iterator read inside: the renamed inner iterator would hide it.
  const std::string outer =
      "dynamic \"group\" {\n  for_each = [1]\n  iterator = p\n  content {\n"
      "    dynamic port {\n      for_each = [2]\n      content { to = p.value }\n    }\n"
      "  }\n}\n";
  CHECK(capture(outer, "p") == "p");
  // A nested dynamic block whose iterator is the new name, by its label or `iterator`.
  const std::string nested =
      "dynamic \"port\" {\n  for_each = [1]\n  content {\n"
      "    dynamic \"listener\" {\n      for_each = [2]\n      content { to = 1 }\n    }\n"
      "  }\n}\n";
  CHECK(capture(nested, "listener") == "\"listener\"");
  // Names that stand for nothing: an argument or block called so, a step after a dot; and a
  // dynamic block with its own `iterator`, which keeps its name.
  CHECK(capture("dynamic \"port\" {\n  for_each = [1]\n  content {\n    p = x.p\n"
                "    p {\n    }\n  }\n}\n",
                "p") == "none");
  CHECK(capture("dynamic \"port\" {\n  for_each = [1]\n  iterator = it\n  content { to = p }\n}\n",
                "p") == "none");
}
