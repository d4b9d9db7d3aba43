// Semantic tokens read a window of root items at a time encode to the whole document's.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/features/semantic_tokens.hpp"
#include "engine/syntax/parser.hpp"
#include "server/lsp/convert.hpp"
#include "server/lsp/semantic_tokens_state.hpp"

namespace fs = std::filesystem;
using namespace hclspec;
using namespace hclspec::server::lsp;

namespace {

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// The whole document's tokens encoded in one go.
std::vector<uint32_t> whole(const features::Snapshot& snapshot, PositionEncoding encoding) {
  const base::LineIndex& lines = snapshot.source().lines();
  std::vector<uint32_t> data;
  encode_semantic_pieces(lines, semantic_token_pieces(lines, features::semantic_tokens(snapshot)),
                         encoding, {0, 0}, data);
  return data;
}

}  // namespace

TEST_CASE("semantic tokens read by windows of root items equal the whole document's") {
  std::vector<std::string> texts = {
      // Root-level comments between items, a block comment and a heredoc across lines, a
      // broken item, non-ASCII text: what lies between and across windows.
      "a = 1\n# between\nb {\n  c = <<EOT\n  x ${y}\nEOT\n}\n/* across\n items */ d = \"é🚀\"\n"
      "e { f = [1,\n2] }\ng = \"unterminated\nh {\n",
      ""};
  size_t files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(HCLSPEC_FIXTURES_DIR)) {
    const std::string extension = entry.path().extension().string();
    if (extension == ".hcl" || extension == ".hcldec") {
      texts.push_back(read_file(entry.path()));
      ++files;
    }
  }
  REQUIRE(files > 50);
  size_t several_windows = 0;
  for (const std::string& text : texts) {
    CAPTURE(text);
    features::Snapshot snapshot;
    snapshot.tree = syntax::parse_config(text, "t.hcl");
    for (const PositionEncoding encoding : {PositionEncoding::Utf16, PositionEncoding::Utf8}) {
      const std::vector<uint32_t> expected = whole(snapshot, encoding);
      // 1 byte: each root item a window of its own.
      for (const uint32_t window_bytes : {1u, 40u, 64u * 1024}) {
        CAPTURE(window_bytes);
        SemanticTokensState state(window_bytes);
        state.reset(snapshot, encoding, "1");
        CHECK(*state.data() == expected);
      }
    }
    several_windows += snapshot.tree->children(snapshot.tree->root()).size() > 1 ? 1 : 0;
  }
  CHECK(several_windows > 30);
}
