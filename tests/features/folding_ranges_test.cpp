// Folding ranges: the fixture goldens, the shape of the answer for every fixture document, and
// broken and edge cases.
#include <doctest/doctest.h>

#include <filesystem>

#include "features/folding_ranges.hpp"
#include "fixture_support.hpp"

using namespace hclspec;

namespace {

namespace fs = std::filesystem;

const fs::path kFeatures = fs::path(HCLSPEC_FIXTURES_DIR) / "features";

// The text of the line holding `offset`, without its line break.
std::string line_at(std::string_view text, uint32_t offset) {
  const size_t start = text.rfind('\n', offset == 0 ? 0 : offset - 1);
  const size_t from = start == std::string_view::npos || offset == 0 ? 0 : start + 1;
  size_t to = text.find('\n', from);
  if (to == std::string_view::npos) to = text.size();
  if (to > from && text[to - 1] == '\r') --to;
  return std::string(text.substr(from, to - from));
}

// One line per range: "l:c-l:c kind | the text of its first line".
std::string render_folding_ranges(const testing::FixtureDocument& document) {
  const base::SourceFile& source = document.snapshot.source();
  std::string out;
  for (const features::FoldingRange& fold : features::folding_ranges(document.snapshot)) {
    out += testing::position_text(source, fold.range.start) + "-" +
           testing::position_text(source, fold.range.end) +
           (fold.kind == features::FoldingKind::Comment ? " comment" : " region") + " | " +
           line_at(source.text(), fold.range.start) + "\n";
  }
  return out.empty() ? "no folding ranges\n" : out;
}

std::vector<features::FoldingRange> folds_of(std::string text, const std::string& name = "t.hcl") {
  return features::folding_ranges(testing::snapshot_of(std::move(text), name, nullptr));
}

std::vector<base::ByteRange> ranges_of(const std::vector<features::FoldingRange>& folds) {
  std::vector<base::ByteRange> ranges;
  for (const features::FoldingRange& fold : folds) ranges.push_back(fold.range);
  return ranges;
}

}  // namespace

TEST_CASE("folding ranges of every fixture document match their golden files") {
  CHECK(testing::check_goldens("folding_ranges", render_folding_ranges) >= 10);
}

TEST_CASE("folding ranges of every fixture document are sorted, nested and multi-line") {
  size_t documents = 0;
  for (const auto& folder : fs::directory_iterator(kFeatures)) {
    if (!folder.is_directory()) continue;
    for (const auto& entry : fs::directory_iterator(folder.path())) {
      if (!testing::is_document(entry.path())) continue;
      CAPTURE(entry.path().string());
      ++documents;
      const testing::FixtureDocument document = testing::load_fixture(entry.path());
      const std::string_view text = document.snapshot.source().text();
      const std::vector<features::FoldingRange> folds = features::folding_ranges(document.snapshot);
      // The ranges enclosing the current one, innermost last.
      std::vector<base::ByteRange> open;
      for (size_t i = 0; i < folds.size(); ++i) {
        const base::ByteRange r = folds[i].range;
        CAPTURE(r.start);
        CAPTURE(r.end);
        if (i > 0) CHECK(folds[i - 1].range.start < r.start);
        REQUIRE(r.start < r.end);
        REQUIRE(r.end <= text.size());
        CHECK(r.slice(text).find('\n') != std::string_view::npos);
        CHECK(text[r.end - 1] != '\n');  // a line comment's line break is left out
        CHECK(text[r.end - 1] != '\r');
        while (!open.empty() && open.back().end <= r.start) open.pop_back();
        if (!open.empty()) CHECK(r.end <= open.back().end);  // inside it, not across its end
        open.push_back(r);
      }
    }
  }
  CHECK(documents >= 80);
}

TEST_CASE("an unclosed bracket folds nothing; what is closed inside it folds") {
  const std::string text = "job \"a\" {\n  group {\n    x = 1\n  }\n  y = [\n    1,\n";
  CHECK(ranges_of(folds_of(text)) ==
        std::vector<base::ByteRange>{
            {uint32_t(text.find("{\n    x")), uint32_t(text.find("}\n  y") + 1)}});
  CHECK(folds_of("a = <<EOT\nx\ny\n").empty());    // no end marker
  CHECK(folds_of("a = \"${\n  x\n\"\n").empty());  // interpolation left open
  // Without its endif the directive folds nothing; the heredoc around it does.
  const std::string heredoc = "a = <<EOT\n%{ if x }\ny\nEOT\n";
  CHECK(ranges_of(folds_of(heredoc)) ==
        std::vector<base::ByteRange>{{4, uint32_t(heredoc.size() - 1)}});
}

TEST_CASE(
    "comment runs: consecutive comment lines, broken by code, a blank line or a trailing comment") {
  const std::string text =
      "# one\n"
      "// two\n"
      "/* three */\n"
      "\n"
      "# lone\n"
      "\n"
      "a = 1 # trailing\n"
      "# after code\n"
      "/* x */ b = 2\n"
      "# c\n"
      "# d";
  const std::vector<features::FoldingRange> folds = folds_of(text);
  REQUIRE(folds.size() == 2);
  CHECK(folds[0].kind == features::FoldingKind::Comment);
  CHECK(folds[0].range.slice(text) == "# one\n// two\n/* three */");
  // "# after code" is a comment line, but the next line holds code: a run of one line.
  CHECK(folds[1].range.slice(text) == "# c\n# d");
}

TEST_CASE("folding an empty document or one-line constructs gives nothing") {
  CHECK(folds_of("").empty());
  CHECK(folds_of("", "t.json").empty());
  CHECK(folds_of("a = { b = [1, 2] }\nc { d = f(1, (2)) }\n").empty());
  CHECK(folds_of("{\"a\": [1, {\"b\": 2}]}", "t.json").empty());
}

TEST_CASE("a long range folds by where its line breaks are, however far from its start") {
  // The first line break a long way past the opening bracket: the range folds.
  std::string late_break = "a = [" + std::string(1000, ' ') + "1,\n2]\n";
  CHECK(ranges_of(folds_of(late_break)) ==
        std::vector<base::ByteRange>{{4, uint32_t(late_break.size() - 1)}});
  CHECK(ranges_of(folds_of("[" + std::string(1000, ' ') + "1,\n2]", "t.json")) ==
        std::vector<base::ByteRange>{{0, 1006}});
  // A long line nested deep: nothing folds (each level's range is found on one line without
  // reading it to the end).
  std::string one_line = "a = ";
  for (int i = 0; i < 5000; ++i) one_line += "[";
  for (int i = 0; i < 100000; ++i) one_line += "1,";
  for (int i = 0; i < 5000; ++i) one_line += "]";
  CHECK(folds_of(one_line + "\n").empty());
  // A comment after code over many lines, its first line break far from its start.
  const std::string comment = "b = 1 /*" + std::string(1000, 'x') + "\n*/\n";
  CHECK(ranges_of(folds_of(comment)) ==
        std::vector<base::ByteRange>{{6, uint32_t(comment.size() - 1)}});
}
