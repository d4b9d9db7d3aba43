// Find references at every cursor of the fixture documents, against their golden files; and the
// uses of a spec file's block in an input bound to that spec.
#include <doctest/doctest.h>

#include <string>

#include "features/references.hpp"
#include "fixture_support.hpp"
#include "spec/load.hpp"
#include "syntax/parser.hpp"

using namespace hclspec;

namespace {

// A spec file's text, loaded (it must load without errors).
std::shared_ptr<const spec::SpecFile> loaded_spec(const std::string& text) {
  base::Diagnostics problems;
  spec::SpecFile file = spec::load_spec(syntax::parse_config(text, "spec.hcldec"), problems);
  REQUIRE(problems.empty());
  return std::make_shared<const spec::SpecFile>(std::move(file));
}

std::string render_references(const testing::FixtureDocument& document) {
  const base::SourceFile& source = document.snapshot.source();
  const bool spec_file = document.snapshot.kind == features::DocumentKind::SpecFile;
  const std::unique_ptr<syntax::SyntaxTree> spec =
      spec_file ? nullptr : testing::fixture_spec_tree(document);
  std::string out;
  for (size_t i = 0; i < document.cursors.size(); ++i) {
    const uint32_t cursor = document.cursors[i];
    out += "== cursor " + std::to_string(i + 1) + " at " + testing::position_text(source, cursor) +
           "\n";
    const std::optional<base::ByteRange> block =
        features::referenced_spec_block(document.snapshot, cursor);
    if (!block) {
      out += "(nothing)\n\n";
      continue;
    }
    out += "spec block " + testing::range_text(spec_file ? source : *spec, *block) + "\n";
    // As the server answers: with the references to dynamic blocks' default iterators.
    for (const base::ByteRange& use : features::spec_block_uses(
             document.snapshot, *block, nullptr, features::SpecBlockUses::NamesAndIterators))
      out += "use " + testing::range_text(source, use) + "\n";
    out += "\n";
  }
  return out;
}

}  // namespace

TEST_CASE("find references at every cursor of the fixture documents matches the golden files") {
  CHECK(testing::check_goldens("references", render_references) >= 6);
}

TEST_CASE("a spec file's block is found where an input bound to that spec uses it") {
  const std::string spec_text =
      "object {\n"
      "  attr \"port\" {\n"
      "    type = number\n"
      "  }\n"
      "  block_list \"listener\" {\n"
      "    object {\n"
      "      attr \"port\" {\n"
      "        type = number\n"
      "      }\n"
      "    }\n"
      "  }\n"
      "}\n";
  const features::Snapshot spec_file = testing::snapshot_of(spec_text, "service.hcldec", nullptr);
  REQUIRE(spec_file.kind == features::DocumentKind::SpecFile);
  const std::string input_text =
      "port = 1\n"
      "listener {\n"
      "  port = 2\n"
      "}\n"
      "listener {\n"
      "  port = 3\n"
      "}\n";
  const features::Snapshot input =
      testing::snapshot_of(input_text, "service.hcl", loaded_spec(spec_text));
  const auto uses_at = [&](std::string_view marker) {
    const auto offset = static_cast<uint32_t>(spec_text.find(marker));
    const std::optional<base::ByteRange> block = features::referenced_spec_block(spec_file, offset);
    REQUIRE(block);
    std::vector<std::string> lines;
    for (const base::ByteRange& use : features::spec_block_uses(input, *block))
      lines.push_back(testing::position_text(input.source(), use.start));
    return lines;
  };
  // The nested `port` is the listeners' only; the top-level one, the root's only.
  CHECK(uses_at("port\" {\n        type") == std::vector<std::string>{"3:3", "6:3"});
  CHECK(uses_at("attr \"port\" {\n    type") == std::vector<std::string>{"1:1"});
  CHECK(uses_at("block_list") == std::vector<std::string>{"2:1", "5:1"});
  // The input's own names lead to the same blocks.
  const auto from_input = [&](uint32_t line_offset) {
    return features::referenced_spec_block(input, line_offset);
  };
  CHECK(from_input(static_cast<uint32_t>(input_text.find("port = 3"))) ==
        features::referenced_spec_block(
            spec_file, static_cast<uint32_t>(spec_text.find("port\" {\n        type"))));
  base::CancellationFlag cancelled;
  cancelled.cancel();
  CHECK(features::spec_block_uses(input, *from_input(0), &cancelled).empty());
}
