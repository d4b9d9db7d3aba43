// Every fixture document of fixtures/features/<feature> against its golden <document>.expected.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "fixture_support.hpp"

using namespace hclspec;

namespace {

namespace fs = std::filesystem;

const fs::path kDir = fs::path(HCLSPEC_FIXTURES_DIR) / "features";

using testing::check_goldens;
using testing::is_document;

}  // namespace

TEST_CASE("diagnostics of every fixture document match their golden files") {
  CHECK(check_goldens("diagnostics", testing::render_diagnostics) >= 10);
}

TEST_CASE("completion at every cursor of the fixture documents matches the golden files") {
  CHECK(check_goldens("completion", testing::render_completion) >= 10);
}

TEST_CASE("hover at every cursor of the fixture documents matches the golden files") {
  CHECK(check_goldens("hover", testing::render_hover) >= 8);
}

TEST_CASE("formatting every fixture document (or the range between its two cursors) matches") {
  CHECK(check_goldens("formatting", testing::render_formatting) >= 15);
}

TEST_CASE("every golden file has its fixture document, and every cursor document a cursor") {
  for (const std::string feature : {"diagnostics", "completion", "hover", "formatting"}) {
    for (const auto& entry : fs::directory_iterator(kDir / feature)) {
      const fs::path path = entry.path();
      CAPTURE(path.filename().string());
      if (path.extension() == ".expected") CHECK(fs::exists(path.parent_path() / path.stem()));
      if (feature != "diagnostics" && feature != "formatting" && is_document(path))
        CHECK_FALSE(testing::load_fixture(path).cursors.empty());
    }
  }
}

TEST_CASE("at every offset of every fixture document, answers stay within the text") {
  size_t offsets = 0;
  for (const std::string feature : {"diagnostics", "completion", "hover"}) {
    for (const auto& entry : fs::directory_iterator(kDir / feature)) {
      if (!is_document(entry.path())) continue;
      CAPTURE(entry.path().filename().string());
      const testing::FixtureDocument document = testing::load_fixture(entry.path());
      const auto size = static_cast<uint32_t>(document.snapshot.source().text().size());
      for (uint32_t offset = 0; offset <= size; ++offset, ++offsets) {
        CAPTURE(offset);
        for (const features::CompletionItem& item :
             features::complete(document.snapshot, offset, document.options)) {
          // The replaced text is the name at the cursor: it holds the cursor.
          CHECK(item.replace.start <= offset);
          CHECK(offset <= item.replace.end);
          CHECK(item.replace.end <= size);
          CHECK_FALSE(item.insert_text.empty());
        }
        if (const auto result = features::hover(document.snapshot, offset, true)) {
          CHECK(result->range.start <= result->range.end);
          CHECK(result->range.end <= size);
          CHECK_FALSE(result->contents.empty());
        }
      }
    }
  }
  CHECK(offsets > 1000);
}
