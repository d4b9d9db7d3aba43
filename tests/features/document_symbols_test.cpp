// Document symbols: the outline of every fixture document against its golden file, and the
// shape every outline keeps (children inside their parent, names inside their item, in order).
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "features/document_symbols.hpp"
#include "fixture_support.hpp"
#include "syntax/parser.hpp"

using namespace hclspec;

namespace {

namespace fs = std::filesystem;

const char* kind_name(features::SymbolKind kind) {
  switch (kind) {
    case features::SymbolKind::Block:
      return "block";
    case features::SymbolKind::Attribute:
      return "attribute";
    case features::SymbolKind::Object:
      return "object";
    case features::SymbolKind::Spec:
      return "spec";
    case features::SymbolKind::Variables:
      return "variables";
    case features::SymbolKind::Variable:
      return "variable";
    case features::SymbolKind::Function:
      return "function";
  }
  return "?";
}

void render(const base::SourceFile& source, const std::vector<features::DocumentSymbol>& symbols,
            const std::string& indent, std::string& out) {
  for (const features::DocumentSymbol& symbol : symbols) {
    out += indent + symbol.name + " [" + kind_name(symbol.kind) + "]";
    if (!symbol.detail.empty()) out += " " + symbol.detail;
    out += "  " + testing::position_text(source, symbol.range.start) + "-" +
           testing::position_text(source, symbol.range.end) + " name " +
           testing::range_text(source, symbol.selection) + "\n";
    render(source, symbol.children, indent + "  ", out);
  }
}

std::string render_symbols(const testing::FixtureDocument& document) {
  std::string out;
  render(document.snapshot.source(), features::document_symbols(document.snapshot), "", out);
  return out.empty() ? "(no symbols)\n" : out;
}

bool contains(base::ByteRange outer, base::ByteRange inner) {
  return outer.start <= inner.start && inner.end <= outer.end;
}

// Children inside their parent and in source order without overlap, names inside their item.
void check_shape(const std::vector<features::DocumentSymbol>& symbols, base::ByteRange parent,
                 size_t& count) {
  uint32_t previous_end = parent.start;
  for (const features::DocumentSymbol& symbol : symbols) {
    ++count;
    CAPTURE(symbol.name);
    CHECK_FALSE(symbol.name.empty());
    CHECK(contains(parent, symbol.range));
    CHECK(contains(symbol.range, symbol.selection));
    CHECK(symbol.range.start >= previous_end);
    previous_end = symbol.range.end;
    check_shape(symbol.children, symbol.range, count);
  }
}

}  // namespace

TEST_CASE("document symbols of every fixture document match their golden files") {
  CHECK(testing::check_goldens("document_symbols", render_symbols) >= 6);
}

TEST_CASE("every fixture document's outline nests inside its parents, in source order") {
  size_t symbols = 0;
  for (const std::string feature :
       {"diagnostics", "completion", "hover", "formatting", "document_symbols"}) {
    for (const auto& entry :
         fs::directory_iterator(fs::path(HCLSPEC_FIXTURES_DIR) / "features" / feature)) {
      if (!testing::is_document(entry.path())) continue;
      CAPTURE(entry.path().filename().string());
      const testing::FixtureDocument document = testing::load_fixture(entry.path());
      const auto size = static_cast<uint32_t>(document.snapshot.source().text().size());
      check_shape(features::document_symbols(document.snapshot), {0, size}, symbols);
    }
  }
  CHECK(symbols > 200);
}

TEST_CASE("an outline stops at a depth no outline view shows, however deep the file") {
  std::string text;
  for (int i = 0; i < 5000; ++i) text += "b {\n";
  for (int i = 0; i < 5000; ++i) text += "}\n";
  features::Snapshot snapshot;
  snapshot.tree = syntax::parse_config(text, "deep.hcl");
  std::vector<features::DocumentSymbol> level = features::document_symbols(snapshot);
  int depth = 0;
  while (!level.empty()) {
    REQUIRE(level.size() == 1);
    CHECK(level[0].name == "b");
    ++depth;
    std::vector<features::DocumentSymbol> next = std::move(level[0].children);
    level = std::move(next);
  }
  CHECK(depth == 64);
}
