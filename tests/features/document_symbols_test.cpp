// Document symbols: the outline of every fixture document against its golden file, and the
// shape every outline keeps (children inside their parent, names inside their item, in order);
// and all four reading features (with folding, selection and semantic tokens) on hostile input.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <random>
#include <string>

#include "features/document_symbols.hpp"
#include "features/folding_ranges.hpp"
#include "features/selection_ranges.hpp"
#include "features/semantic_tokens.hpp"
#include "fixture_support.hpp"
#include "syntax/json.hpp"
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
  for (const auto& folder : fs::directory_iterator(fs::path(HCLSPEC_FIXTURES_DIR) / "features")) {
    if (!folder.is_directory()) continue;
    for (const auto& entry : fs::directory_iterator(folder.path())) {
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

TEST_CASE("a JSON outline counts an array's objects as a level: it stops at the same depth") {
  constexpr int kLevels = 5000;
  std::string text;
  for (int i = 0; i < kLevels; ++i) text += "{\"a\": [";
  text += "{}";
  for (int i = 0; i < kLevels; ++i) text += "]}";
  std::vector<features::DocumentSymbol> level =
      features::document_symbols(testing::snapshot_of(text, "deep.json", nullptr));
  int depth = 0;
  while (!level.empty()) {
    REQUIRE(level.size() == 1);
    CHECK(level[0].name == (depth % 2 == 0 ? "a" : "[0]"));
    ++depth;
    std::vector<features::DocumentSymbol> next = std::move(level[0].children);
    level = std::move(next);
  }
  CHECK(depth == 64);
}

// --- Hostile input ------------------------------------------------------------------------------
// Every reading feature (outline, folding, selection, semantic tokens) on deep nesting of each
// kind, texts cut short, random bytes and degenerate files: no crash (the sanitizer build runs
// this too), no deep recursion, and the basic promise of each answer kept. Items are checked
// with plain conditions and one assertion per answer: millions of doctest assertions would be
// most of the run.

namespace {

std::string repeated(std::string_view piece, int count) {
  std::string out;
  out.reserve(piece.size() * static_cast<size_t>(count));
  for (int i = 0; i < count; ++i) out += piece;
  return out;
}

// Sorted by start, each multi-line and inside the text, none across the end of one enclosing it.
bool folds_are_well_formed(std::string_view text,
                           const std::vector<features::FoldingRange>& folds) {
  std::vector<base::ByteRange> open;
  for (size_t i = 0; i < folds.size(); ++i) {
    const base::ByteRange r = folds[i].range;
    if (i > 0 && folds[i - 1].range.start >= r.start) return false;
    if (r.start >= r.end || r.end > text.size()) return false;
    if (r.slice(text).find('\n') == std::string_view::npos) return false;
    while (!open.empty() && open.back().end <= r.start) open.pop_back();
    if (!open.empty() && r.end > open.back().end) return false;
    open.push_back(r);
  }
  return true;
}

// From a range touching the offset, each range strictly holding the one before, to the file.
bool selection_is_well_formed(const std::vector<base::ByteRange>& chain, uint32_t offset,
                              uint32_t size) {
  offset = std::min(offset, size);
  if (chain.empty() || chain.front().start > offset || offset > chain.front().end) return false;
  if (chain.back() != base::ByteRange{0, size}) return false;
  for (size_t i = 1; i < chain.size(); ++i) {
    if (chain[i].start > chain[i - 1].start || chain[i - 1].end > chain[i].end) return false;
    if (chain[i] == chain[i - 1]) return false;
  }
  return true;
}

// Sorted, disjoint, not empty, inside the text.
bool semantic_tokens_are_well_formed(const std::vector<features::SemanticToken>& tokens,
                                     uint32_t size) {
  uint32_t previous_end = 0;
  for (const features::SemanticToken& token : tokens) {
    if (token.length == 0 || token.start < previous_end || token.start + token.length > size)
      return false;
    previous_end = token.start + token.length;
  }
  return true;
}

// The tokens of `range` are the whole document's that overlap it (an empty range: that hold its
// offset), as semantic_tokens promises.
bool range_tokens_are_filtered(const features::Snapshot& snapshot, base::ByteRange range) {
  const std::vector<features::SemanticToken> all = features::semantic_tokens(snapshot);
  std::vector<features::SemanticToken> expected;
  const uint32_t limit = range.empty() ? range.start + 1 : range.end;
  for (const features::SemanticToken& token : all)
    if (token.start < limit && range.start < token.start + token.length) expected.push_back(token);
  return features::semantic_tokens(snapshot, range) == expected;
}

// The outline's depth, or -1 when a symbol leaves its parent, holds its name outside itself or
// overlaps the one before.
int outline_depth(const std::vector<features::DocumentSymbol>& symbols, base::ByteRange parent) {
  int depth = 0;
  uint32_t previous_end = parent.start;
  for (const features::DocumentSymbol& symbol : symbols) {
    if (!contains(parent, symbol.range) || !contains(symbol.range, symbol.selection) ||
        symbol.range.start < previous_end)
      return -1;
    previous_end = symbol.range.end;
    const int below = outline_depth(symbol.children, symbol.range);
    if (below < 0) return -1;
    depth = std::max(depth, 1 + below);
  }
  return depth;
}

void check_reading_features(const features::Snapshot& snapshot) {
  const std::string_view text = snapshot.source().text();
  const auto size = static_cast<uint32_t>(text.size());
  const int depth = outline_depth(features::document_symbols(snapshot), {0, size});
  CHECK(depth >= 0);
  CHECK(depth <= 64);
  CHECK(folds_are_well_formed(text, features::folding_ranges(snapshot)));
  for (const uint32_t offset : {0u, 1u, size / 3, size / 2, size / 2 + 1, size - size / 4,
                                size > 0 ? size - 1 : 0u, size, size + 10}) {
    CAPTURE(offset);
    CHECK(selection_is_well_formed(features::selection_ranges(snapshot, offset), offset, size));
  }
  CHECK(semantic_tokens_are_well_formed(features::semantic_tokens(snapshot), size));
  CHECK(semantic_tokens_are_well_formed(
      features::semantic_tokens(snapshot, base::ByteRange{size / 2, size}), size));
}

// `text` parsed once and read as an input without a spec, as an input of job.hcldec and, in the
// native syntax, as a spec file.
void check_all_readings(std::string text, bool json) {
  features::Snapshot snapshot =
      testing::snapshot_of(std::move(text), json ? "h.json" : "h.hcl", nullptr);
  check_reading_features(snapshot);
  snapshot.binding.spec = testing::load_fixture_spec("job.hcldec");
  check_reading_features(snapshot);
  if (json) return;
  snapshot.binding.spec = nullptr;
  snapshot.kind = features::DocumentKind::SpecFile;
  check_reading_features(snapshot);
}

}  // namespace

TEST_CASE("reading features survive nesting 10,000 deep and deeper, closed or not") {
  // Around the parser's limit: the deepest input it reads whole, and one it cuts.
  constexpr int kDepths[] = {syntax::kMaxNestingDepth - 1, syntax::kMaxNestingDepth + 1};
  // Opening text, what stands innermost, closing text, and where the nesting stands: an
  // attribute's value, a body's items, or a heredoc's lines.
  struct Nesting {
    const char* name;
    std::string open, inner, close;
    enum { Value, Body, Heredoc } place = Value;
  };
  const Nesting nestings[] = {
      {"blocks", "b {\n", "x = 1\n", "}\n", Nesting::Body},
      {"labelled blocks", "b \"l\" {\n", "", "}\n", Nesting::Body},
      {"spec blocks", "object {\n", "attr \"a\" {}\n", "}\n", Nesting::Body},
      {"tuples", "[", "1", "]"},
      {"tuples over lines", "[\n", "1\n", "]\n"},
      {"objects", "{a = ", "1", "}"},
      {"objects over lines", "{\na = ", "1\n", "}\n"},
      {"parentheses", "(", "1", ")"},
      {"calls", "f(", "", ")"},
      {"calls over lines", "f(\n", "", ")\n"},
      {"for expressions", "[for x in ", "[]", ": x]"},
      {"interpolations", "\"${", "x", "}\""},
      {"interpolations over lines", "\"${\n", "x", "\n}\""},
      {"heredocs in interpolations", "<<EOT\n${", "x", "}\nEOT\n"},
      {"directives", "%{ if x }\n", "y\n", "%{ endif }\n", Nesting::Heredoc},
      {"conditionals", "a ? ", "1", " : 2"},
      {"unary operators", "!-", "1", ""},
  };
  for (const Nesting& nesting : nestings) {
    for (const int depth : kDepths) {
      CAPTURE(nesting.name);
      CAPTURE(depth);
      const std::string head = nesting.place == Nesting::Body      ? ""
                               : nesting.place == Nesting::Heredoc ? "a = <<EOT\n"
                                                                   : "a = ";
      const std::string tail = nesting.place == Nesting::Body      ? ""
                               : nesting.place == Nesting::Heredoc ? "EOT\n"
                                                                   : "\n";
      const std::string nested = head + repeated(nesting.open, depth) + nesting.inner;
      check_all_readings(nested + repeated(nesting.close, depth) + tail, false);
      check_all_readings(nested, false);  // never closed
    }
  }
  for (const int depth : kDepths) {
    CAPTURE(depth);
    check_all_readings(repeated("[", depth) + repeated("]", depth), true);
    check_all_readings(repeated("[\n", depth), true);
    check_all_readings(repeated("{\"a\": ", depth) + "1" + repeated("}", depth), true);
    check_all_readings(repeated("{\"a\":\n[{\"b\": ", depth / 2), true);
    check_all_readings(repeated("{\"a\": [", depth / 2) + "{}" + repeated("]}", depth / 2), true);
  }
}

TEST_CASE("reading features survive empty, tiny and degenerate documents") {
  const std::vector<std::string> texts = {
      "",
      "\xEF\xBB\xBF",
      "\xEF\xBB\xBF\n",
      "\xEF\xBB",
      "\n",
      "\r",
      "\r\n",
      "\xFF\xFE",
      "\xF0\x9F\x98",
      std::string(1, '\0'),
      "\"",
      "\"${",
      "%{",
      "<<EOT",
      "<<EOT\n",
      "/*",
      "/* x",
      "#",
      "# x",
      "{",
      "}",
      "[",
      "a",
      "a =",
      "a = \"\\",
      "a b c",
      "a = \"\xC3\x28\"\n",
  };
  for (const std::string& text : texts) {
    CAPTURE(text);
    check_all_readings(text, false);
    check_all_readings(text, true);
  }
}

TEST_CASE("reading features survive random bytes, characters and pieces of HCL") {
  std::mt19937 random(20261123);  // fixed: a failure reproduces
  const std::string_view alphabet = "{}[]()\"$%~<>=!&|?:,.*+-/#\n\r\t \\abcEOT019_\xC3\xA9\xFF";
  const std::string_view pieces[] = {
      "for ",     " in ",    "if ",       "endif",    "endfor", "%{",  "${",    "}",   "<<EOT\n",
      "<<-EOT\n", "\nEOT\n", "\"",        "a",        "b",      " = ", "\n",    "{",   "[",
      "(",        ")",       "]",         ":",        "=>",     "...", "?",     ",",   ".",
      "*",        "#c\n",    "/*",        "*/",       "~",      "1",   "x {\n", "\\n", "$${",
      "object",   "attr",    "variables", "function", "name"};
  for (int round = 0; round < 600; ++round) {
    const size_t length = std::uniform_int_distribution<size_t>(0, 400)(random);
    std::string text;
    for (size_t i = 0; i < length; ++i) {
      if (round % 3 == 0)
        text += static_cast<char>(random() & 0xFF);
      else if (round % 3 == 1)
        text += alphabet[random() % alphabet.size()];
      else if (i % 4 == 0)
        text += pieces[random() % std::size(pieces)];
    }
    CAPTURE(round);
    check_all_readings(text, round % 3 == 0);
    if (round % 3 == 0) check_all_readings(text, false);
    const features::Snapshot snapshot = testing::snapshot_of(text, "h.hcl", nullptr);
    const auto size = static_cast<uint32_t>(text.size());
    for (const base::ByteRange range :
         {base::ByteRange{0, size / 2}, {size / 3, size / 3}, {size / 4, size - size / 4}}) {
      CAPTURE(range.start);
      CAPTURE(range.end);
      CHECK(range_tokens_are_filtered(snapshot, range));
    }
  }
}

TEST_CASE("an outline past its budget keeps the levels that fit whole") {
  // Blocks of three attributes and a nested block of one: 4,000 symbols a thousand blocks.
  const auto tasks = [](int count) {
    std::string text;
    for (int i = 0; i < count; ++i)
      text += "task \"t" + std::to_string(i) +
              "\" {\n  a = 1\n  b = 2\n  c = 3\n  inner {\n    d = 4\n  }\n}\n";
    return text;
  };
  features::Snapshot snapshot;
  snapshot.tree = syntax::parse_config(tasks(3000), "big.hcl");
  const std::vector<features::DocumentSymbol> outline = features::document_symbols(snapshot);
  REQUIRE(outline.size() == 3000);
  for (const features::DocumentSymbol& task : outline) CHECK(task.children.empty());

  // Exactly the budget in the first two levels (2,000 + 8,000): the third is left out.
  snapshot.tree = syntax::parse_config(tasks(2000), "two_levels.hcl");
  const std::vector<features::DocumentSymbol> two = features::document_symbols(snapshot);
  REQUIRE(two.size() == 2000);
  REQUIRE(two[1999].children.size() == 4);
  CHECK(two[1999].children[3].children.empty());

  // Under the budget, every level is there.
  snapshot.tree = syntax::parse_config(tasks(1000), "smaller.hcl");
  const std::vector<features::DocumentSymbol> whole = features::document_symbols(snapshot);
  REQUIRE(whole.size() == 1000);
  REQUIRE(whole[999].children.size() == 4);
  CHECK(whole[999].children[3].children.size() == 1);

  // JSON likewise.
  std::string json = "{";
  for (int i = 0; i < 3000; ++i)
    json += std::string(i ? "," : "") + "\"p" + std::to_string(i) +
            "\": {\"a\": 1, \"b\": 2, \"c\": 3, \"d\": 4}";
  json += "}";
  features::Snapshot json_snapshot;
  json_snapshot.json = syntax::parse_json(json, "big.json");
  const std::vector<features::DocumentSymbol> json_outline =
      features::document_symbols(json_snapshot);
  REQUIRE(json_outline.size() == 3000);
  CHECK(json_outline[0].children.empty());
}
