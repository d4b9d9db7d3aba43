// Features read a reparsed (chunked) tree as they read a fresh parse of the same text.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "features/diagnostics.hpp"
#include "features/folding_ranges.hpp"
#include "features/formatting.hpp"
#include "features/semantic_tokens.hpp"
#include "fixture_support.hpp"
#include "syntax/parser.hpp"
#include "syntax/reparse.hpp"

namespace fs = std::filesystem;
using namespace hclspec;

namespace {

// The tree of `tree`'s text with a blank line typed at the start of each root block's body, from
// the last to the first, each edit reparsing the tree the one before gave.
std::shared_ptr<const syntax::SyntaxTree> edited_in_every_block(const syntax::SyntaxTree& tree) {
  std::vector<uint32_t> places;
  for (syntax::NodeId item : tree.children(tree.root())) {
    if (tree.node(item).kind != syntax::NodeKind::Block) continue;
    const std::vector<syntax::NodeId> kids = tree.children(item);
    if (kids.size() != 1) continue;
    const syntax::Node body = tree.node(kids[0]);
    if (body.end_token <= body.first_token + 1) continue;
    if (tree.token(body.first_token).kind() != syntax::TokenKind::OBrace) continue;
    places.push_back(tree.token(body.first_token).end());
  }
  std::shared_ptr<const syntax::SyntaxTree> out =
      syntax::parse_config(tree.text(), tree.filename());
  for (auto at = places.rbegin(); at != places.rend(); ++at)
    out = syntax::reparse(*out, {*at, *at, "\n"});
  return out;
}

std::vector<std::string> messages(const std::vector<features::DiagnosticItem>& items) {
  std::vector<std::string> out;
  for (const features::DiagnosticItem& item : items)
    out.push_back(std::to_string(item.range.start) + "-" + std::to_string(item.range.end) + " " +
                  item.code + " " + item.message());
  return out;
}

}  // namespace

TEST_CASE("features give the same answers on a chunked tree as on a fresh parse of its text") {
  size_t chunked = 0;
  for (const auto& entry :
       fs::recursive_directory_iterator(fs::path(HCLSPEC_FIXTURES_DIR) / "features")) {
    if (!testing::is_document(entry.path())) continue;
    const testing::FixtureDocument document = testing::load_fixture(entry.path());
    if (!document.snapshot.tree) continue;  // JSON
    CAPTURE(entry.path().string());
    features::Snapshot edited = document.snapshot;
    edited.tree = edited_in_every_block(*document.snapshot.tree);
    if (edited.tree->chunks().empty()) continue;
    ++chunked;
    features::Snapshot fresh = document.snapshot;
    fresh.tree = syntax::parse_config(edited.tree->text(), edited.tree->filename());
    CHECK(features::formatted_text(*edited.tree) == features::formatted_text(*fresh.tree));
    CHECK(features::semantic_tokens(edited) == features::semantic_tokens(fresh));
    CHECK(features::folding_ranges(edited) == features::folding_ranges(fresh));
    CHECK(messages(features::diagnostics(edited)) == messages(features::diagnostics(fresh)));
  }
  MESSAGE(chunked << " fixture documents read chunked");
  CHECK(chunked >= 30);
}
