// Selection ranges: the fixture goldens, the chain's promises at every offset of every fixture
// document, and the cursor's choice of token.
#include <doctest/doctest.h>

#include <filesystem>

#include "features/selection_ranges.hpp"
#include "fixture_support.hpp"

using namespace hclspec;

namespace {

namespace fs = std::filesystem;

const fs::path kFeatures = fs::path(HCLSPEC_FIXTURES_DIR) / "features";

// `text` on one line (line breaks and tabs escaped), its middle left out beyond 60 bytes; cuts
// fall between UTF-8 characters.
std::string abbreviated(std::string_view text) {
  std::string escaped;
  for (const char c : text) {
    if (c == '\n')
      escaped += "\\n";
    else if (c == '\r')
      escaped += "\\r";
    else if (c == '\t')
      escaped += "\\t";
    else
      escaped += c;
  }
  constexpr size_t kLimit = 60, kKept = 28;
  if (escaped.size() <= kLimit) return escaped;
  const auto continuation = [&](size_t i) { return (escaped[i] & 0xC0) == 0x80; };
  size_t head = kKept;
  while (head > 0 && continuation(head)) --head;
  size_t tail = escaped.size() - kKept;
  while (tail < escaped.size() && continuation(tail)) ++tail;
  return escaped.substr(0, head) + " … " + escaped.substr(tail);
}

// Per cursor, its chain innermost first: "l:c-l:c `text`".
std::string render_selection_ranges(const testing::FixtureDocument& document) {
  const base::SourceFile& source = document.snapshot.source();
  std::string out;
  for (size_t i = 0; i < document.cursors.size(); ++i) {
    const uint32_t cursor = document.cursors[i];
    out += "== cursor " + std::to_string(i + 1) + " at " + testing::position_text(source, cursor) +
           "\n";
    for (const base::ByteRange range : features::selection_ranges(document.snapshot, cursor))
      out += testing::position_text(source, range.start) + "-" +
             testing::position_text(source, range.end) + " `" +
             abbreviated(range.slice(source.text())) + "`\n";
    out += "\n";
  }
  return out;
}

std::vector<std::string> chain_texts(std::string text, uint32_t offset,
                                     const std::string& name = "t.hcl") {
  const features::Snapshot snapshot = testing::snapshot_of(std::move(text), name, nullptr);
  std::vector<std::string> texts;
  for (const base::ByteRange range : features::selection_ranges(snapshot, offset))
    texts.emplace_back(range.slice(snapshot.source().text()));
  return texts;
}

}  // namespace

TEST_CASE("selection ranges at every cursor of the fixture documents match the golden files") {
  CHECK(testing::check_goldens("selection_ranges", render_selection_ranges) >= 10);
}

TEST_CASE("at every offset of every fixture document, each range holds the one before") {
  size_t offsets = 0;
  for (const auto& folder : fs::directory_iterator(kFeatures)) {
    if (!folder.is_directory()) continue;
    for (const auto& entry : fs::directory_iterator(folder.path())) {
      if (!testing::is_document(entry.path())) continue;
      CAPTURE(entry.path().string());
      const testing::FixtureDocument document = testing::load_fixture(entry.path());
      const auto size = static_cast<uint32_t>(document.snapshot.source().text().size());
      for (uint32_t offset = 0; offset <= size; ++offset, ++offsets) {
        CAPTURE(offset);
        const std::vector<base::ByteRange> chain =
            features::selection_ranges(document.snapshot, offset);
        REQUIRE_FALSE(chain.empty());
        CHECK(chain.front().start <= offset);
        CHECK(offset <= chain.front().end);
        CHECK(chain.back() == base::ByteRange{0, size});
        for (size_t i = 1; i < chain.size(); ++i) {
          CAPTURE(i);
          CHECK(chain[i].start <= chain[i - 1].start);
          CHECK(chain[i - 1].end <= chain[i].end);
          CHECK(chain[i] != chain[i - 1]);
        }
      }
    }
  }
  CHECK(offsets > 10000);
}

TEST_CASE("the cursor selects the word it touches, the left one at a boundary") {
  const std::string text = "a = foo(bar) + 1\n";
  // Right after "foo", before "(": the name.
  CHECK(chain_texts(text, 7).front() == "foo");
  // Right after "(", before "bar": the word to the right.
  CHECK(chain_texts(text, 8).front() == "bar");
  // Right after ")" before a space: no word; the call holds the ")".
  CHECK(chain_texts(text, 12).front() == "foo(bar)");
  // Amid spaces: the node holding the tokens on both sides.
  CHECK(chain_texts("a   = 1\n", 2).front() == "a   = 1");
  // On an empty line of a block: the body's inside.
  CHECK(chain_texts("b {\n  x = 1\n\n  y = 2\n}\n", 12) ==
        std::vector<std::string>{"x = 1\n\n  y = 2", "{\n  x = 1\n\n  y = 2\n}",
                                 "b {\n  x = 1\n\n  y = 2\n}", "b {\n  x = 1\n\n  y = 2\n}\n"});
}

TEST_CASE("an empty document gives one empty range; an offset past the end is the end") {
  CHECK(chain_texts("", 0) == std::vector<std::string>{""});
  CHECK(chain_texts("", 5, "t.json") == std::vector<std::string>{""});
  CHECK(chain_texts("a = 1", 99) == std::vector<std::string>{"1", "a = 1"});
}
