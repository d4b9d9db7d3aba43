// Parsing on two cores: parse_config and the two-part parse must equal the one-part parse exactly.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
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
// parse; a refused split must leave the tree fresh, ready for the one-part parse. Returns
// whether the split was accepted.
bool two_parts_agree(const std::string& text, uint32_t near, const SyntaxTree& expected) {
  auto tree = std::make_unique<SyntaxTree>(text, kFileName);
  const bool accepted = detail::parse_in_two_parts(*tree, near);
  INFO("split near " << near << " of " << text.size() << " bytes");
  if (accepted) {
    REQUIRE(tree_difference(*tree, expected) == "");
  } else {
    REQUIRE(tree->tokens().empty());
    REQUIRE(tree->nodes().empty());
    REQUIRE(tree->diagnostics().empty());
    detail::parse_in_one_part(*tree);
    REQUIRE(tree_difference(*tree, expected) == "");
  }
  return accepted;
}

struct SplitCounts {
  int accepted = 0;
  int refused = 0;
};

// Tries splits near `count` offsets spread over the text.
SplitCounts sweep_splits(const std::string& text, const SyntaxTree& expected, int count) {
  SplitCounts counts;
  for (int i = 0; i < count; ++i) {
    const uint32_t near =
        static_cast<uint32_t>(text.size() * static_cast<size_t>(i) / static_cast<size_t>(count));
    (two_parts_agree(text, near, expected) ? counts.accepted : counts.refused)++;
  }
  return counts;
}

SplitCounts sweep_splits(const std::string& text, int count) {
  return sweep_splits(text, *parsed_in_one_part(text), count);
}

// parse_config on a text over the two-part threshold, against the one-part parse.
void check_parse_config(const std::string& text) {
  REQUIRE(text.size() >= detail::kTwoPartMinBytes);
  CHECK(tree_difference(*parse_config(text, kFileName), *parsed_in_one_part(text)) == "");
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

}  // namespace

TEST_CASE("two-part parse equals the one-part parse on valid input, and accepts it") {
  const std::string text = jobs_around(40000, "top_level = 1\nanother = \"x\"\n");
  REQUIRE(parsed_in_one_part(text)->diagnostics().empty());
  const SplitCounts counts = sweep_splits(text, 60);
  CHECK(counts.accepted > 50);
  const std::string crlf_bom = [&] {
    std::string out = "\xEF\xBB\xBF";
    for (char c : text) out += c == '\n' ? std::string("\r\n") : std::string(1, c);
    return out;
  }();
  CHECK(sweep_splits(crlf_bom, 60).accepted > 50);
  CHECK(sweep_splits(name_lines("a", 2000), 60).accepted == 60);
}

TEST_CASE("two-part parse is refused where the text around the split matters") {
  const std::string lines = name_lines("line", 200);
  const std::string before = name_lines("p", 200), after = name_lines("q", 200);
  std::string elements;  // lines that start with a name inside brackets
  for (int i = 0; i < 200; ++i) elements += "x" + std::to_string(i) + ",\n";
  struct Shape {
    const char* name;
    std::string middle;
    bool valid;  // whether the one-part parse has no diagnostics: the lexer's state refuses
  };
  const std::vector<Shape> shapes = {
      {"heredoc", "h = <<EOT\n" + lines + "EOT\n", true},
      {"indented heredoc", "h = <<-EOT\n" + lines + "  EOT\n", true},
      {"block comment", "/*\n" + lines + "*/\n", true},
      {"interpolation over lines", "s = \"${concat([\n" + elements + "])}\"\n", true},
      {"directive over lines", "s = \"%{ for v in [\n" + elements + "] }${v}%{ endfor }\"\n", true},
      {"quoted string over lines", "s = \"\n" + lines + "\"\n", false},
      {"object over lines", "o = {\n" + lines + "}\n", true},
      {"tuple over lines", "t = [\n" + elements + "]\n", true},
      {"unclosed block comment", "x = 1 /* never closed\n" + lines, false},
      {"syntax error", before + "broken = = 1\n" + after, false},
      {"attribute set twice", "twice = 1\n" + lines + "twice = 2\n", false},
      {"invalid character", before + "bad = 1;\n" + after, false},
      {"comment lines", name_lines("c", 200, "# note\n") + name_lines("d", 200, "// note\n"), true},
      {"unclosed block", "open {\n" + lines, false},
  };
  for (const Shape& shape : shapes) {
    INFO(shape.name);
    const std::string text = jobs_around(20000, shape.middle);
    const auto expected = parsed_in_one_part(text);
    CHECK(expected->diagnostics().empty() == shape.valid);
    // Right inside the middle text, where the split is unsafe or the parts not clean.
    const uint32_t inside =
        static_cast<uint32_t>(text.find(shape.middle) + shape.middle.size() / 2);
    CHECK_FALSE(two_parts_agree(text, inside, *expected));
    sweep_splits(text, *expected, 40);
  }
  // An attribute of either part set again in the other: its message names the earlier one.
  const std::string twice = "dup = 1\n" + name_lines("a", 500) + "dup = 2\n";
  const auto expected = parsed_in_one_part(twice);
  REQUIRE(expected->diagnostics().size() == 1);
  CHECK_FALSE(two_parts_agree(twice, static_cast<uint32_t>(twice.size() / 2), *expected));
  // A comment line right before the split: the part before ends in a comment, not a newline.
  const std::string commented = name_lines("a", 100) + "# note\n" + name_lines("b", 100);
  CHECK_FALSE(two_parts_agree(commented, static_cast<uint32_t>(commented.find("# note") + 1),
                              *parsed_in_one_part(commented)));
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
    total.accepted += counts.accepted;
    total.refused += counts.refused;
    // Terraform files hold blocks at the root, rarely attributes that other files set again.
    if (expected->diagnostics().empty() && file.extension() == ".tf") clean_files += text + "\n";
    all_files += text + "\n";
  }
  SplitCounts joined_counts;
  for (const std::string* joined : {&clean_files, &all_files}) {
    check_parse_config(*joined);
    const SplitCounts counts = sweep_splits(*joined, 16);
    joined_counts.accepted += counts.accepted;
    joined_counts.refused += counts.refused;
  }
  MESSAGE(total.accepted << " corpus splits accepted, " << total.refused << " refused; joined "
                         << "inputs: " << joined_counts.accepted << " accepted, "
                         << joined_counts.refused << " refused");
  CHECK(total.accepted > 1000);
  CHECK(joined_counts.accepted >= 8);
}
