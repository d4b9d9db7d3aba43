// Formatting's promises over every HCL file among the fixtures: edits agree with the text,
// only whitespace changes, a second run changes nothing; range edits are a part of the whole.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>

#include "features/formatting.hpp"
#include "fixture_support.hpp"
#include "golden_files.hpp"
#include "syntax/parser.hpp"

using namespace hclspec;

namespace {

namespace fs = std::filesystem;

std::string without_spaces(std::string_view text) {
  std::string out;
  for (const char c : text)
    if (c != ' ' && c != '\t') out += c;
  if (out.starts_with("\xEF\xBB\xBF")) out.erase(0, 3);  // hclwrite drops a byte order mark
  return out;
}

std::string formatted(std::string text) {
  return features::formatted_text(*syntax::parse_config(std::move(text), "t.hcl"));
}

}  // namespace

TEST_CASE(
    "formatting every fixture file keeps its tokens, agrees with its edits, and is idempotent") {
  size_t files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(HCLSPEC_FIXTURES_DIR)) {
    const std::string ext = entry.path().extension().string();
    if (ext != ".hcl" && ext != ".hcldec" && ext != ".tf" && ext != ".nomad") continue;
    CAPTURE(entry.path().string());
    const std::shared_ptr<const syntax::SyntaxTree> tree =
        syntax::parse_config(testing::read_file(entry.path().string()), "t.hcl");
    if (base::has_errors(tree->diagnostics())) continue;
    ++files;
    const std::string text = features::formatted_text(*tree);
    const std::vector<features::TextEdit> edits = features::format_edits(*tree);
    CHECK(testing::apply_edits(tree->text(), edits) == text);
    for (size_t i = 0; i < edits.size(); ++i) {
      const std::string_view replaced =
          std::string_view(tree->text()).substr(edits[i].range.start, edits[i].range.size());
      CHECK(without_spaces(replaced).empty());
      CHECK(edits[i].new_text.find_first_not_of(' ') == std::string::npos);
      if (i > 0) CHECK(edits[i - 1].range.end <= edits[i].range.start);
    }
    CHECK(without_spaces(text) == without_spaces(tree->text()));
    CHECK(formatted(text) == text);
    // Worked out ahead, the changes give the same text, and none when nothing changes.
    const features::FormatChanges changes = features::format_changes(*tree);
    CHECK(features::formatted_text(tree->text(), changes) == text);
    CHECK(changes.gaps.size() == edits.size());
    std::string pieces;
    CHECK(features::for_each_formatted_piece(tree->text(), changes, [&](std::string_view piece) {
            pieces += piece;
          }) == !edits.empty());
    CHECK(pieces == text);

    // Formatting the range of the whole text edits what formatting the document does, and any
    // range edits a part of that.
    const features::Snapshot snapshot{tree, nullptr, features::DocumentKind::Config, {}};
    const auto whole = base::ByteRange{0, static_cast<uint32_t>(tree->text().size())};
    CHECK(features::format_document(snapshot, whole).edits == edits);
    const uint32_t middle = whole.end / 2;
    for (const features::TextEdit& edit :
         features::format_document(snapshot, {{middle, middle}}).edits)
      CHECK(std::find(edits.begin(), edits.end(), edit) != edits.end());
  }
  CHECK(files >= 40);
}

TEST_CASE("formatting joins again the pieces the lexer cut a very long token into") {
  // The lexer cuts tokens at 16 MiB; hclwrite's token is one, so no space appears between.
  const std::string comment = "#" + std::string(syntax::Token::kMaxTokenLength + 10, 'x') + "\n";
  const std::string text = formatted(comment + "a   =  1\n");
  CHECK(text.size() == comment.size() + 6);
  CHECK(text.starts_with(comment));
  CHECK(text.ends_with("\na = 1\n"));
}

TEST_CASE("a token of exactly the longest length is not joined with the next one") {
  // "/*...*/" of 2^24 - 1 bytes, then "/**/": two comments, which hclwrite spaces apart.
  const std::string comment = "/*" + std::string(syntax::Token::kMaxTokenLength - 4, 'x') + "*/";
  REQUIRE(comment.size() == syntax::Token::kMaxTokenLength);
  CHECK(formatted(comment + "/**/\na = 1\n") == comment + " /**/\na = 1\n");
}

TEST_CASE("a long block comment's pieces are one token, even where a piece ends a line") {
  // The lexer's first piece ends just after a newline inside the comment: no line starts there.
  const std::string text = "b {\n  /*" + std::string(syntax::Token::kMaxTokenLength - 3, 'A') +
                           "\nBBBB */\n  x = 1\n}\n";
  CHECK(formatted(text) == text);
}

TEST_CASE("a character cut in two by the lexer's pieces still counts one column") {
  // "é" straddles the cut of a long quoted name: the alignment counts it once.
  const std::string name = std::string(syntax::Token::kMaxTokenLength - 2, 'a') + "\xC3\xA9";
  const std::string text = "x = {\n  \"" + name + "\" = 1\n  c = 2\n}\n";
  const std::string expected = "x = {\n  \"" + name + "\" = 1\n  c" +
                               std::string(syntax::Token::kMaxTokenLength + 1, ' ') + "= 2\n}\n";
  CHECK(formatted(text) == expected);
}

TEST_CASE("range formatting of whole lines leaves the line after them alone") {
  const features::Snapshot snapshot{syntax::parse_config("a  =  1\nb  =  2\n", "t.hcl"),
                                    nullptr,
                                    features::DocumentKind::Config,
                                    {}};
  const features::FormatResult result = features::format_document(snapshot, {{0, 8}});
  CHECK(testing::apply_edits(snapshot.source().text(), result.edits) == "a = 1\nb  =  2\n");
}

TEST_CASE("a namespaced function call (later HCL than the reference's) keeps its name together") {
  CHECK(formatted("a=provider :: aws :: arn_parse( x )\n") == "a = provider::aws::arn_parse(x)\n");
}

TEST_CASE("formatting refuses documents with syntax errors and JSON documents") {
  const features::Snapshot broken{
      syntax::parse_config("a = {\n", "t.hcl"), nullptr, features::DocumentKind::Config, {}};
  const features::FormatResult result = features::format_document(broken);
  CHECK(result.edits.empty());
  CHECK(result.refusal.find("syntax errors") != std::string::npos);
}

TEST_CASE("a large file is formatted in two parts at once as it is in one") {
  // Past 2^18 tokens the later half is formatted on a second thread from a line after a blank
  // one at no indentation. Top-level items apart are formatted each on its own, so the whole is
  // their formatted texts in a row.
  const std::string item =
      "resource \"a\" \"b\" {\nx=1\nlonger =  [1,2] # c\n# d\ny = <<EOT\n\n  z\n\nEOT\n}\n\n"
      "/* a\n\nb */\n\nw = \"${v}\"\n\n";
  const std::string one = formatted(item);
  REQUIRE(one != item);
  std::string text, expected;
  for (int i = 0; i < 20000; ++i) {
    text += item;
    expected += one;
  }
  REQUIRE(syntax::parse_config(text, "t.hcl")->tokens().size() > (1u << 18));
  CHECK(formatted(text) == expected);
}

TEST_CASE("a large file of one block, split where the indentation tells the brackets or not") {
  // Past 2^18 tokens the later half starts from a name after a blank line with the indent stack
  // its indentation suggests (one level per two spaces); when the earlier half ends there with
  // another stack, the later half is formatted again from the earlier half's state.
  struct Case {
    std::string name;
    std::string head, item, formatted_item, tail, formatted_tail;
  };
  const std::vector<Case> cases = {
      // Indented by two spaces inside one open block: the guess holds.
      {"one block", "job {\n", "  group \"g\" {\n    count=1\n  }\n\n",
       "  group \"g\" {\n    count = 1\n  }\n\n", "}\n", "}\n"},
      // The first line opened two brackets at once: the same indentation, another stack, and
      // the text differs after the split (hclwrite closes one of the two and indents the rest).
      {"two brackets on a line", "x = [{\n", "  name  = 1\n\n", "  name = 1\n\n", "}\n]\n",
       "  }\n]\n"},
      // Not indented inside a block: the guess is no block.
      {"unindented block", "block {\n", "name = 1\n\n", "  name = 1\n\n", "}\n", "}\n"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.name);
    std::string text = c.head, expected = c.head;
    while (text.size() < 1000000) {
      text += c.item;
      expected += c.formatted_item;
    }
    text += c.tail;
    expected += c.formatted_tail;
    REQUIRE(syntax::parse_config(text, "t.hcl")->tokens().size() > (1u << 18));
    CHECK(formatted(text) == expected);
  }
}

TEST_CASE("the formatted text comes in pieces that make it whole, and says whether it changed") {
  for (const std::string text : {"a   =  1\nbb = 2\n", "a = 1\n", "x {\ny = \"${z}\"\n}\n"}) {
    CAPTURE(text);
    const auto tree = syntax::parse_config(text, "t.hcl");
    std::string joined;
    const bool changed =
        features::for_each_formatted_piece(*tree, [&](std::string_view piece) { joined += piece; });
    CHECK(joined == features::formatted_text(*tree));
    CHECK(changed == (joined != text));
  }
}

TEST_CASE("the gap before the end of the text keeps its length, in spaces") {
  // The Eof token is in no line; hclwrite gives it as many spaces as bytes before it (a byte
  // order mark's three among them), so a tab there becomes a space.
  CHECK(formatted("a = 1\n\t") == "a = 1\n ");
  CHECK(formatted("a = 1\n  ") == "a = 1\n  ");
  CHECK(formatted("\t") == " ");
  CHECK(formatted("\xEF\xBB\xBF") == "   ");
  CHECK(formatted("\xEF\xBB\xBF  ") == "     ");
  const auto tree = syntax::parse_config(std::string("a = 1\n\t"), "t.hcl");
  CHECK(features::format_edits(*tree).size() == 1);
}
