// Semantic tokens: golden renderings of the fixtures, and the promises every document keeps
// (sorted, disjoint, inside the text; a range's answer is the whole answer filtered).
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include "features/semantic_tokens.hpp"
#include "fixture_support.hpp"

using namespace hclspec;

namespace {

namespace fs = std::filesystem;
using features::SemanticToken;
using features::SemanticType;

const char* type_name(SemanticType type) {
  switch (type) {
    case SemanticType::BlockType:
      return "blockType";
    case SemanticType::BlockLabel:
      return "blockLabel";
    case SemanticType::AttributeName:
      return "attributeName";
    case SemanticType::Variable:
      return "variable";
    case SemanticType::Property:
      return "property";
    case SemanticType::Function:
      return "function";
    case SemanticType::Keyword:
      return "keyword";
    case SemanticType::String:
      return "string";
    case SemanticType::Escape:
      return "escape";
    case SemanticType::Number:
      return "number";
    case SemanticType::Operator:
      return "operator";
    case SemanticType::Comment:
      return "comment";
  }
  return "?";
}

std::string modifier_names(uint32_t modifiers) {
  static const char* const kNames[features::kSemanticModifierCount] = {
      "declaration", "defaultLibrary", "unsupported", "required"};
  std::string out;
  for (int bit = 0; bit < features::kSemanticModifierCount; ++bit)
    if ((modifiers & (1u << bit)) != 0) out += std::string("+") + kNames[bit];
  return out;
}

// One token a line: "l:c-l:c type+modifiers `text`".
std::string render(const testing::FixtureDocument& document) {
  const base::SourceFile& source = document.snapshot.source();
  std::string out;
  for (const SemanticToken& token : features::semantic_tokens(document.snapshot)) {
    std::string line = testing::range_text(source, {token.start, token.start + token.length});
    line.insert(line.find(' '),
                std::string(" ") + type_name(token.type) + modifier_names(token.modifiers));
    out += line + "\n";
  }
  return out.empty() ? "no tokens\n" : out;
}

bool overlaps(const SemanticToken& token, base::ByteRange range) {
  const uint32_t limit = range.empty() ? range.start + 1 : range.end;
  return token.start < limit && range.start < token.start + token.length;
}

// The whole document's tokens that overlap `range`.
std::vector<SemanticToken> filtered(const std::vector<SemanticToken>& all, base::ByteRange range) {
  std::vector<SemanticToken> out;
  for (const SemanticToken& token : all)
    if (overlaps(token, range)) out.push_back(token);
  return out;
}

std::string describe(const base::SourceFile& source, const std::vector<SemanticToken>& tokens) {
  std::string out;
  for (const SemanticToken& token : tokens)
    out += testing::range_text(source, {token.start, token.start + token.length}) + " " +
           type_name(token.type) + modifier_names(token.modifiers) + "\n";
  return out;
}

features::Snapshot snapshot(std::string text, const std::string& filename) {
  return testing::snapshot_of(std::move(text), filename, nullptr);
}

}  // namespace

TEST_CASE("semantic tokens of every fixture document match their golden files") {
  CHECK(testing::check_goldens("semantic_tokens", render) >= 10);
}

TEST_CASE(
    "every fixture document's semantic tokens are sorted, disjoint and inside the text, "
    "and a range gives the whole answer filtered") {
  size_t documents = 0;
  size_t split_documents = 0;
  for (const auto& entry :
       fs::recursive_directory_iterator(fs::path(HCLSPEC_FIXTURES_DIR) / "features")) {
    if (!testing::is_document(entry.path())) continue;
    CAPTURE(entry.path().string());
    ++documents;
    const testing::FixtureDocument document = testing::load_fixture(entry.path());
    const base::SourceFile& source = document.snapshot.source();
    const auto size = static_cast<uint32_t>(source.text().size());
    const std::vector<SemanticToken> all = features::semantic_tokens(document.snapshot);
    uint32_t previous_end = 0;
    for (const SemanticToken& token : all) {
      CHECK(token.length > 0);
      CHECK(token.start >= previous_end);
      CHECK(token.start + token.length <= size);
      if (token.start + token.length <= size)
        CHECK(source.text()[token.start + token.length - 1] != '\n');
      CHECK(static_cast<int>(token.type) < features::kSemanticTypeCount);
      CHECK(token.modifiers < (1u << features::kSemanticModifierCount));
      previous_end = token.start + token.length;
    }

    // The first token of each attribute and block, at any depth.
    std::vector<uint32_t> item_starts;
    if (document.snapshot.tree) {
      const syntax::SyntaxTree& tree = *document.snapshot.tree;
      for (syntax::NodeId id = 0; id < tree.node_count(); ++id) {
        const syntax::NodeKind kind = tree.node(id).kind;
        if (kind == syntax::NodeKind::Attribute || kind == syntax::NodeKind::Block)
          item_starts.push_back(tree.range(id).start);
      }
    }
    const auto runs_by_window = [&](uint32_t window_bytes, std::optional<base::ByteRange> range,
                                    std::vector<uint32_t>& run_starts) {
      std::vector<SemanticToken> joined;
      features::semantic_tokens_by_window(
          document.snapshot, window_bytes,
          [&](std::vector<SemanticToken>& run) {
            if (!run.empty()) run_starts.push_back(run.front().start);
            joined.insert(joined.end(), run.begin(), run.end());
          },
          range);
      return joined;
    };

    // Handed over by windows, the same tokens; each run past the first starts at an item at
    // least the window's size after the run before it started (a JSON document: one run).
    for (const uint32_t window_bytes : {1u, 40u, 65536u}) {
      std::vector<uint32_t> run_starts;
      CHECK(runs_by_window(window_bytes, std::nullopt, run_starts) == all);
      if (document.snapshot.json) CHECK(run_starts.size() <= 1);
      for (size_t i = 1; i < run_starts.size(); ++i) CHECK(run_starts[i] > run_starts[i - 1]);
      if (window_bytes == 65536 && size < 65536) CHECK(run_starts.size() <= 1);
      if (window_bytes == 1 && document.snapshot.tree) {
        // Each attribute or block, nested ones too, starts a run (its name is its first
        // token), and each run after the first starts at one: runs hold whole items.
        for (const uint32_t item_start : item_starts)
          CHECK(std::count(run_starts.begin(), run_starts.end(), item_start) == 1);
        for (size_t i = 1; i < run_starts.size(); ++i)
          CHECK(std::count(item_starts.begin(), item_starts.end(), run_starts[i]) == 1);
      }
    }

    // Split at its midpoint, a document's tokens are those before it and those from it on,
    // read by windows too.
    if (const std::optional<uint32_t> middle =
            features::semantic_tokens_midpoint(document.snapshot)) {
      ++split_documents;
      CHECK(std::count(item_starts.begin(), item_starts.end(), *middle) == 1);
      std::vector<uint32_t> run_starts;
      std::vector<SemanticToken> halves =
          features::semantic_tokens(document.snapshot, base::ByteRange{0, *middle});
      const std::vector<SemanticToken> tail =
          runs_by_window(40, base::ByteRange{*middle, size}, run_starts);
      CHECK(tail == features::semantic_tokens(document.snapshot, base::ByteRange{*middle, size}));
      halves.insert(halves.end(), tail.begin(), tail.end());
      CHECK(halves == all);
      for (const uint32_t run_start : run_starts) CHECK(run_start >= *middle);
    }

    std::vector<base::ByteRange> ranges = {{0, size / 3},
                                           {size / 3, 2 * size / 3},
                                           {2 * size / 3, size},
                                           {size / 2, size / 2},
                                           {0, size}};
    const base::LineIndex& lines = source.lines();
    for (uint32_t line = 0; line < lines.line_count(); ++line) {
      const uint32_t start = lines.line_start(line);
      ranges.push_back({start, start + static_cast<uint32_t>(lines.line_text(line).size())});
    }
    for (uint32_t offset = 0; offset <= size; ++offset) ranges.push_back({offset, offset});
    for (const base::ByteRange range : ranges) {
      const std::vector<SemanticToken> part = features::semantic_tokens(document.snapshot, range);
      const std::vector<SemanticToken> expected = filtered(all, range);
      if (part != expected) {
        FAIL_CHECK("range " << range.start << "-" << range.end << " gives\n"
                            << describe(source, part) << "instead of\n"
                            << describe(source, expected));
        break;
      }
    }
  }
  CHECK(documents >= 50);
  CHECK(split_documents >= 20);
}

TEST_CASE("semantic tokens: a range past the text is clamped, an empty document has none") {
  const features::Snapshot empty = snapshot("", "empty.hcl");
  CHECK(features::semantic_tokens(empty).empty());
  const features::Snapshot document = snapshot("a = 1\n", "t.hcl");
  CHECK(features::semantic_tokens(document, base::ByteRange{4, 100}) ==
        std::vector<SemanticToken>{{4, 1, SemanticType::Number, 0}});
  CHECK(features::semantic_tokens(document, base::ByteRange{50, 100}).empty());
}
