// Placeholder blocks: labels written as their names or left empty, quoted so they read back.
#include <doctest/doctest.h>

#include <memory>
#include <string>

#include "features/placeholder.hpp"
#include "syntax/block_header.hpp"
#include "syntax/parser.hpp"

using namespace hclspec;

TEST_CASE("an example's labels are their names, quoted so that they read back the same") {
  const std::string name = "a\"b\\c ${d} %{e}\n\t\x01";
  spec::ExpectedBlock block;
  block.type_name = "thing";
  block.kind = spec::ExpectedBlock::Kind::BlockMap;
  block.label_names = {name, "plain"};
  const std::string text = features::block_text(block, "", {.named_labels = true});
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
