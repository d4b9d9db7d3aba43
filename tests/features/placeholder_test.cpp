// Placeholder blocks: labels written as their names or left empty, quoted so they read back.
#include <doctest/doctest.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <string>

#include "features/placeholder.hpp"
#include "spec/expected.hpp"
#include "spec/load.hpp"
#include "syntax/block_header.hpp"
#include "syntax/parser.hpp"

using namespace hclspec;

TEST_CASE("an example's labels are their names, quoted so that they read back the same") {
  const std::string name = "a\"b\\c ${d} %{e}\n\t\x01";
  spec::ExpectedBlock block;
  block.type_name = "thing";
  block.kind = spec::ExpectedBlock::Kind::BlockMap;
  block.label_names = {name, "plain"};
  const std::string text = features::block_text(block, "", {.named_labels = true}).value();
  CHECK(text == "thing \"a\\\"b\\\\c $${d} %%{e}\\n\\t\\u0001\" \"plain\" {\n}\n");
  const std::unique_ptr<syntax::SyntaxTree> tree = syntax::parse_config(text, "example.hcl");
  REQUIRE(tree->diagnostics().empty());
  const syntax::BlockHeader header =
      syntax::block_header(*tree, tree->children(tree->root()).front());
  REQUIRE(header.labels.size() == 2);
  CHECK(header.labels[0].value == name);
  CHECK(header.labels[1].value == "plain");
  // For a user to fill in, the code actions write them empty.
  CHECK(features::block_text(block, "  ", {}) == "  thing \"\" \"\" {\n  }\n");
}

TEST_CASE("required blocks that nest too many to write give no text, at once") {
  // Four levels of a hundred required blocks each: a hundred million blocks. One level of two
  // billion: as many loops, were the text not cut short.
  for (const char* spec_text :
       {"object {\n block_list \"a\" {\n min_items = 100\n object {\n block_list \"b\" {\n"
        " min_items = 100\n object {\n block_list \"c\" {\n min_items = 100\n object {\n"
        " block_list \"d\" {\n min_items = 100\n object {\n attr \"x\" {\n type = string\n"
        " required = true\n }\n }\n }\n }\n }\n }\n }\n }\n }\n}\n",
        "object {\n block_list \"a\" {\n min_items = 2000000000\n object {}\n }\n}\n"}) {
    CAPTURE(spec_text);
    base::Diagnostics diags;
    const spec::SpecFile file =
        spec::load_spec(syntax::parse_config(spec_text, "deep.hcldec"), diags);
    REQUIRE_FALSE(base::has_errors(diags));
    CHECK_FALSE(features::required_items_text(spec::expected_body(*file.root), "", {}));
  }
  // A hundred at one level is written whole.
  base::Diagnostics diags;
  const spec::SpecFile file = spec::load_spec(
      syntax::parse_config("object {\n block_list \"a\" {\n min_items = 100\n object {}\n }\n}\n",
                           "flat.hcldec"),
      diags);
  const std::optional<std::string> text =
      features::required_items_text(spec::expected_body(*file.root), "", {});
  REQUIRE(text);
  CHECK(std::count(text->begin(), text->end(), '{') == 100);
}
