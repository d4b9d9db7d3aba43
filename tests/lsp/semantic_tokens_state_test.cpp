// Semantic tokens read a window of root items at a time encode to the whole document's.
#include <doctest/doctest.h>

#include <charconv>
#include <filesystem>
#include <fstream>
#include <random>
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

// The numbers a state holds, read back from its text.
std::vector<uint32_t> held_numbers(const SemanticTokensState& state) {
  const std::string_view text = state.result();
  std::vector<uint32_t> numbers;
  for (size_t at = 0; at < text.size();) {
    uint32_t number = 0;
    const char* end = std::from_chars(text.data() + at, text.data() + text.size(), number).ptr;
    numbers.push_back(number);
    at = static_cast<size_t>(end - text.data()) + 1;
  }
  return numbers;
}

}  // namespace

// With a second core, a document of 16 windows or more is read in two halves on two cores,
// the second joined to the first: windows of 1 byte do that for most fixtures, of 40 bytes
// for the larger ones.
TEST_CASE("semantic tokens read by windows, and in two halves, equal the whole document's") {
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
  size_t halves = 0;  // read in two halves with 1-byte windows
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
        CHECK(held_numbers(state) == expected);
      }
    }
    several_windows += snapshot.tree->children(snapshot.tree->root()).size() > 1 ? 1 : 0;
    halves += text.size() >= 16 && features::semantic_tokens_midpoint(snapshot) ? 1 : 0;
  }
  CHECK(several_windows > 30);
  CHECK(halves > 30);
}

// The halves share the held arrays, each writing into room guessed from its lexical tokens; a
// comment of thousands of lines is one token but a piece per line, so a half holding one
// outgrows its room and spills, and the halves are then joined by a copy.
TEST_CASE("semantic tokens read in two halves that outgrow their room equal the whole document's") {
  std::string comment = "/*\n";
  for (int i = 0; i < 3000; ++i) comment += "line " + std::to_string(i) + "\n";
  comment += "*/\n";
  std::string items;
  for (int i = 0; i < 80; ++i)
    items += "item" + std::to_string(i) + " = " + std::to_string(i) + "\n";
  const std::vector<std::string> texts = {comment + items, items + comment,
                                          comment + items + comment};
  for (const std::string& text : texts) {
    features::Snapshot snapshot;
    snapshot.tree = syntax::parse_config(text, "t.hcl");
    REQUIRE(features::semantic_tokens_midpoint(snapshot));
    for (const PositionEncoding encoding : {PositionEncoding::Utf16, PositionEncoding::Utf8}) {
      for (const uint32_t window_bytes : {1u, 40u}) {
        CAPTURE(window_bytes);
        SemanticTokensState state(window_bytes);
        state.reset(snapshot, encoding, "1");
        std::vector<uint32_t> client = held_numbers(state);
        REQUIRE(client == whole(snapshot, encoding));
        // The joined anchors find pieces on both sides: an edit in each item is followed.
        std::string current = text;
        for (int i = 0; i < 80; i += 7) {
          const std::string name = "item" + std::to_string(i) + " = ";
          const auto at = static_cast<uint32_t>(current.find(name) + name.size());
          current.insert(at, "1 + ");
          state.edited(at, at, 4);
          snapshot.tree = syntax::parse_config(current, "t.hcl");
          const auto edits = state.advance(snapshot, encoding, std::to_string(i));
          REQUIRE(edits);
          for (const protocol::SemanticTokensEdit& edit : *edits) {
            client.erase(client.begin() + edit.start,
                         client.begin() + edit.start + edit.delete_count);
            client.insert(client.begin() + edit.start, edit.data.begin(), edit.data.end());
          }
          REQUIRE(client == whole(snapshot, encoding));
        }
        snapshot.tree = syntax::parse_config(text, "t.hcl");
      }
    }
  }
}

TEST_CASE(
    "semantic tokens followed through random edits: each delta turns the held numbers into "
    "the new document's, and the held text is the new document's") {
  // Many pieces, so that finding one goes through the anchors kept every 64th piece.
  std::string text;
  for (int i = 0; i < 300; ++i)
    text += "job \"j" + std::to_string(i) + "\" {\n  count = " + std::to_string(i) +
            "\n  name = \"é\\n${var.x}🚀\" # c\n}\n";
  // Edits fall anywhere, inside a character too.
  const std::vector<std::string> inserts = {"x", "\n", "\"",   "}", "{", " = 1\n", "job \"k\" {\n",
                                            "é", "/*", "<<E\n"};
  for (const uint32_t seed : {7u, 8u, 9u}) {
    CAPTURE(seed);
    std::mt19937 random(seed);
    const PositionEncoding encoding = seed == 8 ? PositionEncoding::Utf8 : PositionEncoding::Utf16;
    std::string current = text;
    features::Snapshot snapshot;
    snapshot.tree = syntax::parse_config(current, "t.hcl");
    // Windows of 256 bytes: the text is written, and anchored, over many windows.
    SemanticTokensState state(256);
    state.reset(snapshot, encoding, "0");
    std::vector<uint32_t> client = held_numbers(state);
    size_t deltas = 0;
    for (int step = 1; step <= 400; ++step) {
      CAPTURE(step);
      const auto start = static_cast<uint32_t>(random() % (current.size() + 1));
      const auto end = static_cast<uint32_t>(
          std::min<size_t>(current.size(), start + (random() % 3 == 0 ? random() % 40 : 0)));
      const std::string& inserted = inserts[random() % inserts.size()];
      current.replace(start, end - start, inserted);
      state.edited(start, end, static_cast<uint32_t>(inserted.size()));
      snapshot.tree = syntax::parse_config(current, "t.hcl");
      // Now and then a reply still holds the text: it must keep what it holds.
      using HeldText = SemanticTokensState::HeldText;
      const std::shared_ptr<const HeldText> replying =
          step % 7 == 0 ? state.text() : std::shared_ptr<const HeldText>();
      const HeldText replied = replying ? *replying : HeldText();
      const auto edits = state.advance(snapshot, encoding, std::to_string(step));
      if (replying) CHECK(*replying == replied);
      const std::vector<uint32_t> expected = whole(snapshot, encoding);
      if (!edits) {
        state.reset(snapshot, encoding, std::to_string(step));
        client = held_numbers(state);
        continue;
      }
      ++deltas;
      for (const protocol::SemanticTokensEdit& edit : *edits) {
        REQUIRE(edit.start + edit.delete_count <= client.size());
        client.erase(client.begin() + edit.start, client.begin() + edit.start + edit.delete_count);
        client.insert(client.begin() + edit.start, edit.data.begin(), edit.data.end());
      }
      REQUIRE(client == expected);
      REQUIRE(held_numbers(state) == expected);
    }
    CHECK(deltas > 300);
  }
}

TEST_CASE("semantic tokens followed through many edits at one place stay exact") {
  // Small root items added at the top again and again: every delta starts at the first piece,
  // which moves the rest of the text and its anchors each time.
  std::string current;
  for (int i = 0; i < 200; ++i) current += "a" + std::to_string(i) + " = \"x${y}\" # c\n";
  features::Snapshot snapshot;
  snapshot.tree = syntax::parse_config(current, "t.hcl");
  SemanticTokensState state(128);
  state.reset(snapshot, PositionEncoding::Utf16, "0");
  std::vector<uint32_t> client = held_numbers(state);
  for (int step = 1; step <= 1500; ++step) {
    const std::string inserted = step % 3 == 0 ? "b = [1, 2, 3]\n" : "c = d.e\n";
    current.insert(0, inserted);
    state.edited(0, 0, static_cast<uint32_t>(inserted.size()));
    snapshot.tree = syntax::parse_config(current, "t.hcl");
    const auto edits = state.advance(snapshot, PositionEncoding::Utf16, std::to_string(step));
    REQUIRE(edits);
    for (const protocol::SemanticTokensEdit& edit : *edits) {
      client.erase(client.begin() + edit.start, client.begin() + edit.start + edit.delete_count);
      client.insert(client.begin() + edit.start, edit.data.begin(), edit.data.end());
    }
  }
  const std::vector<uint32_t> expected = whole(snapshot, PositionEncoding::Utf16);
  CHECK(client == expected);
  CHECK(held_numbers(state) == expected);
}
