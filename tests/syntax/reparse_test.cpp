// Incremental reparse: random edits compared with fresh parses, and checks that it is used.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "base/line_index.hpp"
#include "syntax/parser.hpp"
#include "syntax/reparse.hpp"
#include "test_support.hpp"

namespace fs = std::filesystem;
using namespace hclspec::syntax;
using namespace hclspec::syntax::testing;

namespace {

// Pieces of HCL that typing and deleting produce, structural ones included on purpose.
const std::vector<std::string> kSnippets = {"a", "=", "\n", "{", "}", "\"", "x = 1\n", "${", "[",
                                            "]", " ", "#", "b {\n", "<<EOT\n", "EOT\n", ",", "(",
                                            ")", "%{ if x }", "~}", "\t", "é", "/*", "*/", "//",
                                            "\r\n", "c \"l\" {\n  d = 2\n}\n", "1.5", "...",
                                            // Characters never valid, reported up to a limit
                                            ";", "'", "`", "&", "\xff"};

// Whether the tree's line index is built, views its own text and equals a fresh one.
bool has_fresh_lines(const SyntaxTree& tree) {
  return tree.lines_built() && tree.lines().text().data() == tree.text().data() &&
         tree.lines() == hclspec::base::LineIndex(tree.text());
}

struct EditStats {
  int edits = 0;
  int incremental = 0;
};

// Applies `count` random edits to `text`, comparing reparse with a fresh parse after each;
// every tenth result becomes the base for the following edits, so edits also meet broken text.
void check_random_edits(const std::string& name, const std::string& text, int count,
                        std::mt19937& rng, EditStats& stats) {
  auto tree = parse_config(text, "edit.hcl");
  for (int i = 0; i < count; ++i) {
    const std::string& current = tree->text();
    const uint32_t size = static_cast<uint32_t>(current.size());
    const uint32_t start = size == 0 ? 0 : static_cast<uint32_t>(rng() % (size + 1));
    const uint32_t length = rng() % 4 == 0 ? static_cast<uint32_t>(rng() % 12) : 0;
    const uint32_t end = std::min(size, start + length);
    const std::string replacement = rng() % 3 == 0 ? "" : kSnippets[rng() % kSnippets.size()];
    const TextEdit edit{start, end, replacement};
    // Half the edits meet a tree whose line index an editor has asked for.
    if (i % 2 == 1) tree->lines();
    const bool parent_lines = tree->lines_built();
    auto incremental = reparse(*tree, edit);
    const bool reused = last_reparse_was_incremental();
    auto fresh = parse_config(apply_edit(current, edit), "edit.hcl");
    const std::string diff = tree_difference(*incremental, *fresh);
    INFO(name << ": edit [" << start << ", " << end << ") <- \"" << replacement << "\" on:\n"
              << current);
    REQUIRE(diff == "");
    if (parent_lines) REQUIRE(has_fresh_lines(*incremental));
    ++stats.edits;
    stats.incremental += reused ? 1 : 0;
    // Every tenth result becomes the base, half of them the reparsed one: what a reparse carries
    // forward (its diagnostics' order, the unclosed comment mark) meets the next edits.
    if (rng() % 10 == 0) tree = rng() % 2 == 0 ? std::move(fresh) : std::move(incremental);
  }
}

}  // namespace

TEST_CASE("reparse equals a fresh parse after random edits to the fixtures") {
  std::mt19937 rng(20261121);
  EditStats stats;
  const std::vector<fs::path> files = hcl_files_below(HCLSPEC_FIXTURES_DIR);
  REQUIRE(files.size() >= 5);
  for (const fs::path& file : files)
    check_random_edits(file.string(), read_file(file), 150, rng, stats);
  MESSAGE(stats.edits << " edits, " << stats.incremental << " reparsed incrementally");
  CHECK(stats.edits >= 3000);
  CHECK(stats.incremental > 0);
}

TEST_CASE("reparse equals a fresh parse on the real-world corpus (HCLSPEC_CORPUS_DIR)") {
  // The shared corpus lives outside the repository: CI points this at it when it is there.
  const char* dir = std::getenv("HCLSPEC_CORPUS_DIR");
  if (dir == nullptr || !fs::is_directory(dir)) {
    MESSAGE("HCLSPEC_CORPUS_DIR not set: corpus edits not run");
    return;
  }
  std::mt19937 rng(7);
  EditStats stats;
  const std::vector<fs::path> files = hcl_files_below(dir);
  for (size_t i = 0; i < files.size(); i += 4)
    check_random_edits(files[i].string(), read_file(files[i]), 40, rng, stats);
  MESSAGE(stats.edits << " corpus edits, " << stats.incremental << " reparsed incrementally");
  CHECK(stats.incremental > stats.edits / 20);
}

TEST_CASE("every corpus file prints back byte for byte (HCLSPEC_CORPUS_DIR)") {
  const char* dir = std::getenv("HCLSPEC_CORPUS_DIR");
  if (dir == nullptr || !fs::is_directory(dir)) {
    MESSAGE("HCLSPEC_CORPUS_DIR not set: corpus round trip not run");
    return;
  }
  size_t files = 0;
  for (const fs::path& file : hcl_files_below(dir)) {
    const std::string text = read_file(file);
    const auto tree = parse_config(text, file.string());
    INFO(file.string());
    REQUIRE(print_tree(*tree) == text);
    ++files;
  }
  MESSAGE(files << " corpus files printed back exactly");
  CHECK(files > 1000);
}

TEST_CASE("a \"/*\" without \"*/\" before the edited body is found, in small and large files") {
  // A large file is lexed in two parts on two cores; the unclosed "/*" lies in the later one.
  for (const size_t filler_lines : {size_t{0}, size_t{80000}}) {
    std::string text;
    for (size_t i = 0; i < filler_lines; ++i) text += "f" + std::to_string(i) + " = 1\n";
    text += "early {\n  c = 1\n}\n";
    const std::string tail = "job \"a\" {\n  b = 1\n}\n";
    CAPTURE(filler_lines);
    CHECK_FALSE(parse_config(text + tail, "job.hcl")->may_have_unclosed_comment());
    text += "x = 1 /* never closed\n";
    for (size_t i = 0; i < filler_lines / 2; ++i) text += "g" + std::to_string(i) + " = 2\n";
    text += tail;
    auto tree = parse_config(text, "job.hcl");
    CHECK(tree->may_have_unclosed_comment());
    // After the "/*", an edit might close it: the whole file is parsed again. Here the body
    // alone would parse clean, its "*/" in a line comment.
    const uint32_t after = static_cast<uint32_t>(text.find("b = 1"));
    const TextEdit closing{after, after, "# */\n  "};
    auto closed = reparse(*tree, closing);
    CHECK_FALSE(last_reparse_was_incremental());
    CHECK(tree_difference(*closed, *parse_config(apply_edit(text, closing), "job.hcl")) == "");
    // Before it, the body alone is, and the new tree keeps the mark.
    const uint32_t before = static_cast<uint32_t>(text.find("c = 1") + 4);
    auto typed = reparse(*tree, {before, before, "2"});
    CHECK(last_reparse_was_incremental());
    CHECK(typed->may_have_unclosed_comment());
    auto closed_later = reparse(*typed, {after + 1, after + 1, "# */\n  "});
    CHECK_FALSE(last_reparse_was_incremental());
  }
}

TEST_CASE("braces lexed inside a template make every edit parse the whole file") {
  // The parser's recovery may read "{ ... }" inside "${ }" as a block's body, which reparse
  // would lex again in the main mode, unlike the tokens after it: the file is parsed again.
  const std::string clean = "a = \"${x}\"\nc {\n  d = 1\n}\n";
  auto plain = parse_config(clean, "t.hcl");
  CHECK_FALSE(plain->may_have_braces_in_templates());
  const uint32_t in_body = static_cast<uint32_t>(clean.find("d = 1") + 4);
  auto typed = reparse(*plain, {in_body, in_body, "2"});
  CHECK(last_reparse_was_incremental());
  CHECK_FALSE(typed->may_have_braces_in_templates());
  // Typing a "{" inside an interpolation within a body marks the new tree.
  const uint32_t in_template = static_cast<uint32_t>(clean.find("d = 1") + 4);
  auto templated = reparse(*plain, {in_template, in_template + 1, "\"${ { } }\""});
  CHECK(last_reparse_was_incremental());
  CHECK(templated->may_have_braces_in_templates());
  auto after = reparse(*templated, {in_body - 4, in_body - 4, " "});
  CHECK_FALSE(last_reparse_was_incremental());
  for (const std::string& text :
       {std::string("a = \"${ x {\n  b = 1\n} }\"\nc {\n  d = 1\n}\n"),
        std::string("a = \"%{ if {} }y%{ endif }\"\nc {\n  d = 1\n}\n")}) {
    CAPTURE(text);
    auto tree = parse_config(text, "t.hcl");
    CHECK(tree->may_have_braces_in_templates());
    const uint32_t at = static_cast<uint32_t>(text.find("d = 1") + 4);
    const TextEdit edit{at, at + 1, "3"};
    auto edited = reparse(*tree, edit);
    CHECK_FALSE(last_reparse_was_incremental());
    CHECK(tree_difference(*edited, *parse_config(apply_edit(text, edit), "t.hcl")) == "");
  }
}

TEST_CASE("a large file parsed in two parts is marked for braces inside templates in either") {
  // Each part's lexer tells whether it met such a brace; the file is marked when either did.
  std::string filler;
  while (filler.size() < (size_t{3} << 20)) filler += "b {\n  c = 1\n}\n\n";
  const std::string braced = "a = \"${ { } }\"\n";
  CHECK_FALSE(parse_config(filler, "t.hcl")->may_have_braces_in_templates());
  CHECK(parse_config(braced + filler, "t.hcl")->may_have_braces_in_templates());
  CHECK(parse_config(filler + braced, "t.hcl")->may_have_braces_in_templates());
  // A "{" in a template before the middle and none after: still marked, and reparse falls back.
  auto tree = parse_config(braced + filler + "d = 1\n", "t.hcl");
  CHECK(tree->may_have_braces_in_templates());
  const uint32_t at = static_cast<uint32_t>(tree->text().size() - 2);
  const TextEdit edit{at, at + 1, "2"};
  auto edited = reparse(*tree, edit);
  CHECK_FALSE(last_reparse_was_incremental());
  CHECK(tree_difference(*edited, *parse_config(apply_edit(tree->text(), edit), "t.hcl")) == "");
}

TEST_CASE("edits inside a balanced block body reparse only that body") {
  const std::string text =
      "job \"web\" {\n"
      "  group \"cache\" {\n"
      "    count = 1\n"
      "    task \"redis\" {\n"
      "      driver = \"docker\"\n"
      "      resources {\n"
      "        cpu    = 500\n"
      "        memory = 256\n"
      "      }\n"
      "    }\n"
      "  }\n"
      "}\n"
      "other = 1\n";
  auto tree = parse_config(text, "job.hcl");
  const uint32_t at = static_cast<uint32_t>(text.find("500") + 3);

  SUBCASE("typing a digit") {
    auto next = reparse(*tree, {at, at, "1"});
    CHECK(last_reparse_was_incremental());
    CHECK(tree_difference(*next, *parse_config(apply_edit(text, {at, at, "1"}), "job.hcl")) == "");
  }
  SUBCASE("typing a whole attribute line, one character at a time") {
    const std::string line = "\n        disk = 1024";
    std::unique_ptr<SyntaxTree> current = parse_config(text, "job.hcl");
    int incremental = 0;
    for (size_t i = 0; i < line.size(); ++i) {
      const TextEdit edit{at + static_cast<uint32_t>(i), at + static_cast<uint32_t>(i),
                          line.substr(i, 1)};
      auto next = reparse(*current, edit);
      incremental += last_reparse_was_incremental() ? 1 : 0;
      CHECK(tree_difference(*next, *parse_config(apply_edit(current->text(), edit), "job.hcl")) ==
            "");
      current = std::move(next);
    }
    // Two keystrokes change whether the body holds an error ("disk" alone, then "disk = 1");
    // that state feeds the enclosing blocks, so those two reparse the whole file.
    CHECK(incremental == static_cast<int>(line.size()) - 2);
  }
  SUBCASE("an error inside the body moves with an edit before it") {
    const std::string broken = apply_edit(text, {at, at, " +"});
    auto base = parse_config(broken, "job.hcl");
    REQUIRE(base->diagnostics().size() == 1);
    const uint32_t before = static_cast<uint32_t>(broken.find("cpu"));
    auto next = reparse(*base, {before, before, "x"});
    CHECK(last_reparse_was_incremental());
    REQUIRE(next->diagnostics().size() == 1);
    CHECK(next->diagnostics()[0].summary == "Invalid expression");
    CHECK(next->diagnostics()[0].subject.start == base->diagnostics()[0].subject.start + 1);
    CHECK(tree_difference(
              *next, *parse_config(apply_edit(broken, {before, before, "x"}), "job.hcl")) == "");
  }
  SUBCASE("commenting out a closing brace falls back to a full parse") {
    const uint32_t brace = static_cast<uint32_t>(text.find("      }\n"));
    auto next = reparse(*tree, {brace, brace, "#"});
    CHECK_FALSE(last_reparse_was_incremental());
    CHECK(tree_difference(*next, *parse_config(apply_edit(text, {brace, brace, "#"}), "job.hcl")) ==
          "");
  }
  SUBCASE("the new tree derives its line index from its parent's, if that one was built") {
    const uint32_t brace = static_cast<uint32_t>(text.find("      }\n"));
    auto unasked = reparse(*tree, {at, at, "1"});
    CHECK_FALSE(unasked->lines_built());  // a clean file never needs one
    tree->lines();
    // A line split, joined, and a fall back to a full parse.
    auto split = reparse(*tree, {at, at, "\n        disk = 1"});
    CHECK(last_reparse_was_incremental());
    CHECK(has_fresh_lines(*split));
    split->lines();
    // "500\n        disk = 1" becomes "5001".
    auto joined = reparse(*split, {at - 3, at + 17, "5001"});
    CHECK(joined->text().find("cpu    = 5001\n") != std::string::npos);
    CHECK(last_reparse_was_incremental());
    CHECK(has_fresh_lines(*joined));
    auto full = reparse(*tree, {brace, brace, "#"});
    CHECK_FALSE(last_reparse_was_incremental());
    CHECK(has_fresh_lines(*full));
  }
  SUBCASE("an edit between top-level items parses the whole file") {
    const uint32_t end = static_cast<uint32_t>(text.size());
    reparse(*tree, {end, end, "more = 2\n"});
    CHECK_FALSE(last_reparse_was_incremental());
  }
}

namespace {

// `count` root blocks, each with a nested block, separated by comments and root attributes.
std::string many_root_items(int count) {
  std::string text = "# jobs\n";
  for (int i = 0; i < count; ++i) {
    const std::string n = std::to_string(i);
    text += "job \"j" + n + "\" {\n  a = " + n + "\n  inner {\n    b = \"x" + n + "\"\n  }\n}\n";
    if (i % 3 == 0) text += "// between\nroot" + n + " = [1, 2]\n\n";
  }
  return text;
}

// Where the body of job `index` has its "a = ", to edit inside it.
uint32_t inside_job(const std::string& text, int index) {
  const std::string name = "job \"j" + std::to_string(index) + "\" {\n  a = ";
  return static_cast<uint32_t>(text.find(name) + name.size());
}

bool shares_arrays(const TreeChunk& chunk, const SyntaxTree& tree) {
  return chunk.arrays == tree.share_flat_arrays();
}

}  // namespace

TEST_CASE("an edit copies the root item it touches and shares every other with the old tree") {
  const std::string text = many_root_items(40);
  auto parsed = parse_config(text, "jobs.hcl");
  REQUIRE(parsed->chunks().empty());

  auto once = reparse(*parsed, {inside_job(text, 20), inside_job(text, 20), "12"});
  REQUIRE(last_reparse_was_incremental());
  CHECK(tree_difference(*once, *parse_config(once->text(), "jobs.hcl")) == "");
  // Before job 20, job 20 again, after it: the outer two read the parsed tree's arrays.
  REQUIRE(once->chunks().size() == 3);
  CHECK(shares_arrays(once->chunks()[0], *parsed));
  CHECK_FALSE(shares_arrays(once->chunks()[1], *parsed));
  CHECK(shares_arrays(once->chunks()[2], *parsed));
  const std::string job20 = "job \"j20\" {\n  a = 12";
  CHECK(once->text().substr(once->token(once->chunks()[1].first_token).start(), job20.size()) ==
        job20);

  // A second edit, earlier in the text, splits the first chunk and moves every later one.
  const std::string& after_once = once->text();
  auto twice = reparse(*once, {inside_job(after_once, 5), inside_job(after_once, 5), "7"});
  REQUIRE(last_reparse_was_incremental());
  CHECK(tree_difference(*twice, *parse_config(twice->text(), "jobs.hcl")) == "");
  REQUIRE(twice->chunks().size() == 5);
  CHECK(shares_arrays(twice->chunks()[0], *parsed));
  CHECK(shares_arrays(twice->chunks()[2], *parsed));
  CHECK(twice->chunks()[3].arrays == once->chunks()[1].arrays);  // job 20, edited before
  CHECK(shares_arrays(twice->chunks()[4], *parsed));
}

TEST_CASE("a chain of edits, each on the last reparsed tree, equals a fresh parse") {
  std::mt19937 rng(20261126);
  // Shared, as a server's document is: an edit takes over the text and line index of a tree
  // nothing else holds, and copies them while an analysis (`held`) still reads it.
  std::shared_ptr<SyntaxTree> tree = parse_config(many_root_items(60), "jobs.hcl");
  int incremental = 0;
  int taken = 0;
  size_t most_chunks = 0;
  for (int i = 0; i < 600; ++i) {
    // Mostly what typing in a value does (a digit, a letter in a string, a new attribute line,
    // each inside one job), sometimes anything anywhere.
    const std::string& current = tree->text();
    const auto size = static_cast<uint32_t>(current.size());
    uint32_t start = static_cast<uint32_t>(rng() % (size + 1));
    uint32_t end = start;
    std::string replacement;
    const size_t job = current.find("job \"", start);
    const size_t value = job == std::string::npos ? job : current.find("a = ", job);
    switch (value == std::string::npos || rng() % 20 == 0 ? 3 : rng() % 3) {
      case 0:
        start = end = static_cast<uint32_t>(value + 4);
        replacement = std::to_string(rng() % 10);
        break;
      case 1:
        start = end = static_cast<uint32_t>(current.find("= \"", value) + 3);
        replacement = std::string(1, static_cast<char>('a' + rng() % 26));
        break;
      case 2:
        start = end = static_cast<uint32_t>(value);
        replacement = "c" + std::to_string(i) + " = true\n  ";
        break;
      default:
        end = std::min(size, start + (rng() % 3 == 0 ? static_cast<uint32_t>(rng() % 6) : 0));
        replacement = rng() % 3 == 0 ? "" : kSnippets[rng() % kSnippets.size()];
    }
    if (i % 3 != 0) tree->lines();
    const bool had_lines = tree->lines_built();
    const std::string expected = apply_edit(current, {start, end, replacement});
    std::shared_ptr<const SyntaxTree> held = i % 4 == 0 ? tree : nullptr;
    const std::string held_text = held ? held->text() : "";
    auto next = reparse(std::move(tree), {start, end, replacement});
    incremental += last_reparse_was_incremental() ? 1 : 0;
    INFO("edit " << i << " [" << start << ", " << end << ") <- \"" << replacement << "\"");
    REQUIRE(last_reparse_took_text() == (held == nullptr));
    taken += last_reparse_took_text() ? 1 : 0;
    REQUIRE(next->text() == expected);
    REQUIRE(tree_difference(*next, *parse_config(next->text(), "jobs.hcl")) == "");
    if (had_lines) REQUIRE(has_fresh_lines(*next));
    // What an analysis holds is left as it was.
    if (held) REQUIRE(held->text() == held_text);
    most_chunks = std::max(most_chunks, next->chunks().size());
    tree = std::move(next);
  }
  MESSAGE(incremental << " of 600 chained edits reparsed incrementally (" << taken
                      << " taking the text over), up to " << most_chunks << " chunks");
  // A structural edit may leave the rest of the file unparseable by body (an unclosed string at
  // the root), so not every later edit is incremental; the counts show the chain was long.
  CHECK(incremental > 150);
  CHECK(most_chunks > 20);
}

TEST_CASE("a tree whose edits would pass kMaxReparseChunks chunks is flattened") {
  const int jobs = static_cast<int>(kMaxReparseChunks / 2) + 20;
  const std::string text = many_root_items(jobs);
  std::unique_ptr<SyntaxTree> tree = parse_config(text, "jobs.hcl");
  // Edits from the last job to the first keep every earlier offset as it was.
  bool flattened = false;
  for (int i = jobs - 1; i >= 0; --i) {
    const uint32_t at = inside_job(text, i);
    auto next = reparse(*tree, {at, at, "9"});
    REQUIRE(last_reparse_was_incremental());
    REQUIRE(next->chunks().size() <= kMaxReparseChunks);
    flattened = flattened || (!tree->chunks().empty() && next->chunks().empty());
    tree = std::move(next);
  }
  CHECK(flattened);
  CHECK(tree_difference(*tree, *parse_config(tree->text(), "jobs.hcl")) == "");
}

TEST_CASE("two threads reading one chunked tree at once read what a fresh parse holds") {
  const std::string text = many_root_items(200);
  std::unique_ptr<SyntaxTree> tree = parse_config(text, "jobs.hcl");
  for (int i = 199; i >= 0; i -= 3) {
    const uint32_t at = inside_job(text, i);
    tree = reparse(*tree, {at, at, "5"});
  }
  REQUIRE(tree->chunks().size() > 100);
  const auto fresh = parse_config(tree->text(), "jobs.hcl");
  // Each thread reads in its own order through token() and node(), whose hints both move.
  auto mismatches = [&](bool backwards) {
    int found = 0;
    for (int round = 0; round < 20; ++round)
      for (uint32_t k = 0; k < tree->token_count(); ++k) {
        const uint32_t i = backwards ? tree->token_count() - 1 - k : k;
        found += tree->token(i) == fresh->token(i) ? 0 : 1;
        if (i < tree->node_count()) found += tree->node(i) == fresh->node(i) ? 0 : 1;
      }
    return found;
  };
  int other = -1;
  std::thread reader([&] { other = mismatches(true); });
  const int here = mismatches(false);
  reader.join();
  CHECK(here == 0);
  CHECK(other == 0);
}
