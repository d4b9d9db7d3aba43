// Parsing on two cores: parse_config and the two-part parse must equal the one-part parse exactly.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "syntax/parser.hpp"
#include "syntax/parser_impl.hpp"
#include "test_support.hpp"

namespace fs = std::filesystem;
using namespace hclspec::syntax;
using namespace hclspec::syntax::testing;

namespace {

std::unique_ptr<SyntaxTree> parsed_in_one_part(const std::string& text) {
  auto tree = std::make_unique<SyntaxTree>(text, kFileName);
  detail::parse_in_one_part(*tree);
  return tree;
}

// Parses `text` in two parts split near `near` and checks the result against the one-part
// parse; a refused split must leave the tree fresh, ready for the one-part parse. Returns what
// the two-part parse did.
detail::TwoParts two_parts_agree(const std::string& text, uint32_t near, const SyntaxTree& expected,
                                 std::optional<uint32_t> later_at = std::nullopt,
                                 detail::NodeRooms rooms = {}) {
  auto tree = std::make_unique<SyntaxTree>(text, kFileName);
  const detail::TwoParts outcome = detail::parse_in_two_parts(*tree, near, {}, later_at, rooms);
  const auto shown = [](std::optional<uint32_t> n) {
    return n ? std::to_string(*n) : std::string("the guess");
  };
  INFO("split near " << near << " of " << text.size() << " bytes, later part written from "
                     << shown(later_at) << ", node rooms " << shown(rooms.earlier) << " and "
                     << shown(rooms.later));
  if (outcome == detail::TwoParts::kRefused) {
    REQUIRE(tree->tokens().empty());
    REQUIRE(tree->nodes().empty());
    REQUIRE(tree->diagnostics().empty());
    detail::parse_in_one_part(*tree);
  }
  REQUIRE(tree_difference(*tree, expected) == "");
  return outcome;
}

struct SplitCounts {
  int joined = 0;
  int continued = 0;
  int refused = 0;
  void add(detail::TwoParts outcome) {
    (outcome == detail::TwoParts::kJoined      ? joined
     : outcome == detail::TwoParts::kContinued ? continued
                                               : refused)++;
  }
};

// Tries splits near `count` offsets spread over the text.
SplitCounts sweep_splits(const std::string& text, const SyntaxTree& expected, int count) {
  SplitCounts counts;
  for (int i = 0; i < count; ++i) {
    const uint32_t near =
        static_cast<uint32_t>(text.size() * static_cast<size_t>(i) / static_cast<size_t>(count));
    counts.add(two_parts_agree(text, near, expected));
  }
  return counts;
}

SplitCounts sweep_splits(const std::string& text, int count) {
  return sweep_splits(text, *parsed_in_one_part(text), count);
}

// parse_config on a text over the two-part threshold, against the one-part parse.
// parse_config with `tokens_ready`: called once, with the final tokens and no nodes yet, and the
// tree the same.
void check_tokens_ready(const std::string& text, const SyntaxTree& expected) {
  int calls = 0;
  std::vector<Token> tokens_then;
  size_t nodes_then = 0;
  const std::shared_ptr<const SyntaxTree> tree =
      parse_config(text, kFileName, [&](std::shared_ptr<const SyntaxTree> ready) {
        ++calls;
        tokens_then.assign(ready->tokens().begin(), ready->tokens().end());
        nodes_then = ready->nodes().size();
      });
  CHECK(calls == 1);
  CHECK(nodes_then == 0);
  CHECK(std::vector<Token>(tree->tokens().begin(), tree->tokens().end()) == tokens_then);
  CHECK(tree_difference(*tree, expected) == "");
}

void check_parse_config(const std::string& text) {
  REQUIRE(text.size() >= detail::kTwoPartMinBytes);
  const std::unique_ptr<SyntaxTree> expected = parsed_in_one_part(text);
  CHECK(tree_difference(*parse_config(text, kFileName), *expected) == "");
  check_tokens_ready(text, *expected);
}

// A root item of several lines, numbered so that names and values differ between copies.
std::string job(size_t i) {
  const std::string n = std::to_string(i);
  return "job \"web-" + n +
         "\" {\n"
         "  datacenters = [\"dc1\", \"dc2\"]\n"
         "  group \"cache\" {\n"
         "    count = " +
         n +
         "\n"
         "    task \"redis\" {\n"
         "      driver = \"docker\"\n"
         "      config { image = \"redis:${var.version}\" }\n"
         "      env = { for k, v in local.env : k => upper(v) if v != \"\" }\n"
         "      /* sizes */ resources {\n"
         "        cpu    = 500 * 2 # MHz\n"
         "        memory = var.big ? 1024 : 256\n"
         "      }\n"
         "    }\n"
         "  }\n"
         "}\n"
         "\n";
}

// Jobs of at least `bytes` in all, half before `middle` and half after it, so that the split
// parse_config picks falls inside `middle`.
std::string jobs_around(size_t bytes, const std::string& middle) {
  std::string first, second;
  for (size_t i = 0; first.size() < bytes / 2; ++i) first += job(i);
  for (size_t i = 1000000; second.size() < bytes / 2; ++i) second += job(i);
  return first + middle + second;
}

// Lines that each start a line with a name, so a split can fall between any two of them.
// `comment` before each, if given.
std::string name_lines(const char* prefix, int count, const std::string& comment = "") {
  std::string out;
  for (int i = 0; i < count; ++i)
    out += comment + prefix + std::to_string(i) + " = " + std::to_string(i) + "\n";
  return out;
}

// Nested brackets past the nesting limit.
std::string too_deep(const char* name) {
  const size_t levels = static_cast<size_t>(kMaxNestingDepth) + 5;
  return std::string(name) + " = " + std::string(levels, '[') + std::string(levels, ']') + "\n";
}

// Every character check_invalid_tokens reports, each kind more often than it reports that kind,
// in root attributes whose names start with `prefix`.
std::string invalid_characters(const std::string& prefix) {
  return prefix + "bits = 1 & 2 | 3 ^ 4 & 5 | 6 ~ 7\n" + prefix + "ticks = `a` `b` `c`\n" + prefix +
         "quotes = 'a' 'b' 'c'\n" + prefix + "semis = 1;;\n" + prefix +
         "utf8 = \"\xff\xfe\" \xff\n" + prefix + "multi = \"a\nb\"\n" + prefix +
         "odd = 1 @ 2 @ 3\n";
}

// `text` with a byte order mark before it and every line ending in CRLF.
std::string with_bom_and_crlf(const std::string& text) {
  std::string out = "\xEF\xBB\xBF";
  for (char c : text) out += c == '\n' ? std::string("\r\n") : std::string(1, c);
  return out;
}

}  // namespace

TEST_CASE("two-part parse equals the one-part parse on valid input, and joins it") {
  const std::string text = jobs_around(40000, "top_level = 1\nanother = \"x\"\n");
  REQUIRE(parsed_in_one_part(text)->diagnostics().empty());
  const SplitCounts counts = sweep_splits(text, 60);
  CHECK(counts.joined > 50);
  CHECK(sweep_splits(with_bom_and_crlf(text), 60).joined > 50);
  CHECK(sweep_splits(name_lines("a", 2000), 60).joined == 60);
}

TEST_CASE("two-part parse gives the one-part tokens wherever the later part is first written") {
  // The later part's tokens are written from an index of the token array and moved behind the
  // earlier part's: written before where the earlier part ends, they are moved up out of its
  // way first (the earlier lexer stops a step of up to 1,024 tokens short of them).
  const std::string text = jobs_around(40000, "");
  const std::string bom_crlf = with_bom_and_crlf(text);
  for (const std::string* input : {&text, &bom_crlf}) {
    const std::unique_ptr<SyntaxTree> expected = parsed_in_one_part(*input);
    const auto near = static_cast<uint32_t>(input->size() / 2);
    const size_t split = input->find("\njob", near) + 1;
    // The earlier part's tokens with its Eof: where the later part's would go when joined.
    uint32_t earlier_end = 1;
    for (const Token& token : expected->tokens()) earlier_end += token.start() < split;
    REQUIRE(earlier_end > 3000);
    for (const uint32_t later_at :
         {0u, 1u, 1000u, earlier_end - 1025, earlier_end - 1024, earlier_end - 1023,
          earlier_end - 1, earlier_end, earlier_end + 1, earlier_end + 5000,
          static_cast<uint32_t>(split), static_cast<uint32_t>(split) + 1, UINT32_MAX})
      CHECK(two_parts_agree(*input, near, *expected, later_at) == detail::TwoParts::kJoined);
  }
}

TEST_CASE("two-part parse gives the one-part nodes whichever part outgrows its room") {
  // Each part writes its nodes into a stretch of the tree's array, the later one from where the
  // earlier one likely ends; a part that fills its stretch goes on in a vector of its own.
  const std::string text = jobs_around(40000, "");
  const std::unique_ptr<SyntaxTree> expected = parsed_in_one_part(text);
  const auto near = static_cast<uint32_t>(text.size() / 2);
  const auto split = static_cast<uint32_t>(text.find("\njob", near) + 1);
  // The earlier part's nodes: those of the root items before the split. The later part's: those
  // after, and its own root Body.
  uint32_t earlier = 0;
  for (const NodeId item : expected->children(expected->root()))
    if (expected->range(item).start < split) earlier = item + 1;
  const uint32_t later = expected->root() - earlier + 1;
  REQUIRE(earlier > 1000);
  REQUIRE(later > 1000);
  for (const uint32_t earlier_room : {0u, 1u, earlier - 1, earlier, earlier + 1, earlier * 2})
    for (const uint32_t later_room : {0u, 1u, later - 1, later, later + 1})
      CHECK(two_parts_agree(text, near, *expected, std::nullopt, {earlier_room, later_room}) ==
            detail::TwoParts::kJoined);
  // A part that goes on past the split writes on past its room.
  const std::string past = jobs_around(20000, "o = {\n" + name_lines("line", 200) + "}\n");
  const std::unique_ptr<SyntaxTree> expected_past = parsed_in_one_part(past);
  const auto inside = static_cast<uint32_t>(past.find("line100"));
  for (const uint32_t room : {0u, 10u, 1000u})
    CHECK(two_parts_agree(past, inside, *expected_past, std::nullopt, {room, room}) ==
          detail::TwoParts::kContinued);
}

TEST_CASE("the earlier part's lexer stops short of the later part's tokens in any step") {
  // A heredoc's closing line is one step of the lexer writing two tokens (its marker and the
  // newline): with the later part's tokens at every index of a stretch, the earlier lexer meets
  // them with such a step at every distance, and must stop before either token overwrites one.
  std::string heredocs;
  for (int i = 0; heredocs.size() < 20000; ++i)
    heredocs += "h" + std::to_string(i) + " = <<EOT\nx\nEOT\n";
  const std::string text = heredocs + jobs_around(20000, "");
  const std::unique_ptr<SyntaxTree> expected = parsed_in_one_part(text);
  const auto near = static_cast<uint32_t>(heredocs.size() + 10000);
  for (uint32_t later_at = 1100; later_at < 1150; ++later_at)
    CHECK(two_parts_agree(text, near, *expected, later_at) == detail::TwoParts::kJoined);
}

TEST_CASE("two-part parse joins the parts when errors leave the root body at the split") {
  // Root attributes named apart in the two parts, which may then not share a name.
  const std::string lines = name_lines("before", 50), later_lines = name_lines("after", 50);
  struct Shape {
    const char* name;
    std::string earlier;  // text that ends right before the split
    std::string later;    // text that starts at the split
  };
  // Errors in the later part, in the earlier one, or in both.
  const std::vector<Shape> shapes = {
      {"unclosed block in the later part", lines, later_lines + "broken {\n  a = 1\n"},
      {"unclosed one-line block in the later part", lines, later_lines + "broken { a = 1\n"},
      {"bad expressions in the later part", lines,
       "sum = 1 +\nlist = [1, 2\nf = g(1,, 2)\ncond = a ? b\nfor = [for x in y]\n" + later_lines},
      {"block errors in the later part", lines,
       "b = {\n}\nb \"l\" = 1\nb x\nx { a = 1, b = 2 }\n\"quoted\" = 1\n" + later_lines},
      {"invalid characters in the later part", lines, invalid_characters("l") + later_lines},
      {"invalid characters in both parts", invalid_characters("e") + lines,
       later_lines + invalid_characters("l")},
      {"invalid characters in the earlier part", lines + invalid_characters("e"), later_lines},
      {"one backtick and apostrophe before, more after", "t = `\nq = '\n" + lines,
       "t2 = ` `\nq2 = ' '\n" + later_lines},
      {"attribute redefined within the later part", lines,
       "twice = 1\n" + later_lines + "twice = 2\ntwice = 3\n"},
      {"attribute redefined within the earlier part", "twice = 1\n" + lines + "twice = 2\n",
       later_lines},
      {"too deep in the later part", lines, too_deep("deep") + later_lines},
      {"too deep in the earlier part", lines + too_deep("deep"), later_lines},
      {"recovered item right before the split", lines + "x = = 1\n", later_lines},
      {"stray tokens right before the split", lines + "} ] ) = \n", later_lines},
      {"bad string escapes in both parts", "s = \"\\q\"\n" + lines, "t = \"\\z\"\n" + later_lines},
      {"unterminated template in the later part", lines,
       "s = \"${a}%{ if b }\"\nt = \"${a b}\"\n" + later_lines},
  };
  for (const Shape& shape : shapes) {
    INFO(std::string(shape.name));
    const std::string text = jobs_around(20000, shape.earlier + shape.later);
    const auto expected = parsed_in_one_part(text);
    CHECK_FALSE(expected->diagnostics().empty());
    const uint32_t split = static_cast<uint32_t>(text.find(shape.later, text.find(shape.earlier)));
    CHECK(two_parts_agree(text, split, *expected) == detail::TwoParts::kJoined);
    sweep_splits(text, *expected, 40);
  }
}

TEST_CASE("two-part parse goes on past the split or is refused where the text around it matters") {
  const std::string lines = name_lines("line", 200);
  std::string elements;  // lines that start with a name inside brackets
  for (int i = 0; i < 200; ++i) elements += "x" + std::to_string(i) + ",\n";
  constexpr auto kRefused = detail::TwoParts::kRefused;
  constexpr auto kContinued = detail::TwoParts::kContinued;
  struct Shape {
    const char* name;
    std::string middle;
    detail::TwoParts inside;  // the outcome of a split in the middle of `middle`
  };
  const std::vector<Shape> shapes = {
      // The lexer is in another mode at the split.
      {"heredoc", "h = <<EOT\n" + lines + "EOT\n", kRefused},
      {"indented heredoc", "h = <<-EOT\n" + lines + "  EOT\n", kRefused},
      {"block comment", "/*\n" + lines + "*/\n", kRefused},
      {"unclosed block comment", "x = 1 /* never closed\n" + lines, kRefused},
      {"interpolation over lines", "s = \"${concat([\n" + elements + "])}\"\n", kRefused},
      {"directive over lines", "s = \"%{ for v in [\n" + elements + "] }${v}%{ endfor }\"\n",
       kRefused},
      {"quoted string over lines", "s = \"\n" + lines + "\"\n", kRefused},
      {"comment lines", name_lines("c", 200, "# note\n") + name_lines("d", 200, "// note\n"),
       kRefused},
      // The root body is not at the split.
      {"object over lines", "o = {\n" + lines + "}\n", kContinued},
      {"tuple over lines", "t = [\n" + elements + "]\n", kContinued},
      {"unclosed block", "open {\n" + lines, kContinued},
      {"unclosed parenthesis", "p = (=\n" + lines, kContinued},
      // The parse after the split depends on what came before.
      {"attribute set in both parts", "twice = 1\n" + lines + "twice = 2\n", kContinued},
      {"too deep in both parts", too_deep("deep") + lines + too_deep("deeper"), kContinued},
  };
  for (const Shape& shape : shapes) {
    INFO(std::string(shape.name));
    const std::string text = jobs_around(20000, shape.middle);
    const auto expected = parsed_in_one_part(text);
    const uint32_t inside =
        static_cast<uint32_t>(text.find(shape.middle) + shape.middle.size() / 2);
    CHECK(two_parts_agree(text, inside, *expected) == shape.inside);
    sweep_splits(text, *expected, 40);
  }
  // An attribute of either part set again in the other: its message names the earlier one.
  const std::string twice = "dup = 1\n" + name_lines("a", 500) + "dup = 2\n";
  const auto expected = parsed_in_one_part(twice);
  REQUIRE(expected->diagnostics().size() == 1);
  CHECK(two_parts_agree(twice, static_cast<uint32_t>(twice.size() / 2), *expected) == kContinued);
  // A comment line right before the split: the part before ends in a comment, not a newline.
  const std::string commented = name_lines("a", 100) + "# note\n" + name_lines("b", 100);
  CHECK(two_parts_agree(commented, static_cast<uint32_t>(commented.find("# note") + 1),
                        *parsed_in_one_part(commented)) == kRefused);
}

TEST_CASE("parse_config tells once when a small file's tokens are ready, before its nodes") {
  for (const std::string text : {"", "a = 1\n", "job \"x\" {\n  b = [1,\n",
                                 "\xEF\xBB\xBF"
                                 "c {}"})
    check_tokens_ready(text, *parsed_in_one_part(text));
}

TEST_CASE("parse_config equals the one-part parse on large input of every shape") {
  const size_t big = detail::kTwoPartMinBytes + 4096;
  check_parse_config(jobs_around(big, ""));
  check_parse_config(jobs_around(big, "h = <<EOT\n" + name_lines("x", 100) + "EOT\n"));
  check_parse_config(jobs_around(big, "/*\n" + name_lines("x", 100) + "*/\n"));
  check_parse_config(jobs_around(big, "s = \"${\n" + name_lines("x", 100) + "x}\"\n"));
  check_parse_config("first = 1\n" + jobs_around(big, "") + "first = 2\n");
  check_parse_config("broken = \n" + jobs_around(big, ""));
  check_parse_config(jobs_around(big, "") + "broken {\n");
  check_parse_config(jobs_around(big, "") + invalid_characters("l") + "x = [\n");
  check_parse_config(invalid_characters("e") + too_deep("deep") + jobs_around(big, "") +
                     too_deep("d"));
  check_parse_config(jobs_around(big, "# a comment\n"));
}

TEST_CASE(
    "two-part parse equals the one-part parse on the real-world corpus (HCLSPEC_CORPUS_DIR)") {
  const char* dir = std::getenv("HCLSPEC_CORPUS_DIR");
  if (dir == nullptr || !fs::is_directory(dir)) {
    MESSAGE("HCLSPEC_CORPUS_DIR not set: corpus splits not run");
    return;
  }
  SplitCounts total;
  std::string clean_files;  // the .tf files without diagnostics, one after another
  std::string all_files;
  for (const fs::path& file : hcl_files_below(dir)) {
    const std::string text = read_file(file);
    INFO(file.string());
    const auto expected = parsed_in_one_part(text);
    const SplitCounts counts = sweep_splits(text, *expected, 8);
    total.joined += counts.joined;
    total.continued += counts.continued;
    total.refused += counts.refused;
    // Terraform files hold blocks at the root, rarely attributes that other files set again.
    if (expected->diagnostics().empty() && file.extension() == ".tf") clean_files += text + "\n";
    all_files += text + "\n";
  }
  SplitCounts joined_counts;
  for (const std::string* joined : {&clean_files, &all_files}) {
    check_parse_config(*joined);
    const SplitCounts counts = sweep_splits(*joined, 16);
    joined_counts.joined += counts.joined;
    joined_counts.continued += counts.continued;
    joined_counts.refused += counts.refused;
  }
  MESSAGE(total.joined << " corpus splits joined, " << total.continued << " continued, "
                       << total.refused << " refused; concatenated inputs: " << joined_counts.joined
                       << " joined, " << joined_counts.continued << " continued, "
                       << joined_counts.refused << " refused");
  CHECK(total.joined > 1000);
  CHECK(joined_counts.joined >= 16);
}
