// Golden files: fixtures/syntax/<name>.hcl parsed, dumped with diagnostics, compared with .golden.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "test_support.hpp"

using namespace hclspec::syntax;
using namespace hclspec::syntax::testing;

namespace {

namespace fs = std::filesystem;

std::vector<fs::path> fixture_inputs() {
  std::vector<fs::path> out;
  for (const auto& entry : fs::directory_iterator(fixtures_dir()))
    if (entry.path().extension() == ".hcl") out.push_back(entry.path());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("every fixture's tree and diagnostics match its golden file") {
  const std::vector<fs::path> inputs = fixture_inputs();
  // The suite must not pass by finding nothing.
  REQUIRE(inputs.size() >= 15);
  for (const fs::path& input : inputs) {
    fs::path golden = input;
    golden.replace_extension(".golden");
    CAPTURE(input.filename().string());
    const auto tree = parse(read_file(input.string()));
    const std::string actual = golden_text(*tree);
    if (update_goldens()) {
      write_file(golden.string(), actual);
      MESSAGE("rewrote " << golden.filename().string());
      continue;
    }
    REQUIRE_MESSAGE(fs::exists(golden), "missing golden; run with HCLSPEC_UPDATE_GOLDEN=1");
    const std::string expected = read_file(golden.string());
    // Compared as a flag so that a failure prints the first differing line, not both files.
    const bool same = actual == expected;
    CHECK_MESSAGE(same, hclspec::testing::first_difference(expected, actual));
  }
}

TEST_CASE("every golden file has its fixture") {
  size_t goldens = 0;
  for (const auto& entry : fs::directory_iterator(fixtures_dir())) {
    if (entry.path().extension() != ".golden") continue;
    ++goldens;
    fs::path input = entry.path();
    input.replace_extension(".hcl");
    CAPTURE(entry.path().filename().string());
    CHECK(fs::exists(input));
  }
  CHECK(goldens >= 15);
}

TEST_CASE("every fixture prints back byte for byte and passes the tree validator") {
  const std::vector<fs::path> inputs = fixture_inputs();
  REQUIRE(inputs.size() >= 15);
  for (const fs::path& input : inputs) {
    CAPTURE(input.filename().string());
    const std::string text = read_file(input.string());
    const auto tree = parse(text);
    const std::string printed = print_tree(*tree);
    const std::string problem = validate_tree(*tree);
    CHECK(printed == text);
    CHECK(problem == "");
  }
}
