// Golden files of the model: fixtures/spec_model/<name>.hcldec (every body its spec expects) and
// <name>.chains (bodies along chains of blocks, in that spec or else in the meta-spec).
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "golden_files.hpp"
#include "model_support.hpp"
#include "spec/load.hpp"
#include "spec/meta_spec.hpp"
#include "syntax/parser.hpp"

#ifndef HCLSPEC_FIXTURES_DIR
#error "HCLSPEC_FIXTURES_DIR must name the fixtures directory"
#endif

using namespace hclspec;

namespace {

namespace fs = std::filesystem;

const fs::path kDir = fs::path(HCLSPEC_FIXTURES_DIR) / "spec_model";

std::vector<std::string> split_words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> words;
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

// Each line of a .chains file is a chain of block types; "." alone is the root body.
std::string chains_text(const fs::path& chains, const spec::ExpectedBody& root,
                        const spec::Spec* root_spec) {
  std::string out;
  std::istringstream lines(testing::read_file(chains.string()));
  for (std::string line; std::getline(lines, line);) {
    if (line.empty()) continue;
    std::vector<std::string> chain = split_words(line);
    if (chain == std::vector<std::string>{"."}) chain.clear();
    out += "== " + line + "\n";
    const std::optional<spec::ExpectedBody> body = spec::expected_body_for_chain(root, chain);
    if (!body) {
      out += "leaves the model\n\n";
      continue;
    }
    if (root_spec != nullptr)
      out += "spec: " + spec_summary(spec::body_spec_for_chain(*root_spec, chain)) + "\n";
    out += dump_body(*body) + "\n";
  }
  return out;
}

std::string golden_text(const std::string& stem) {
  const fs::path spec_path = kDir / (stem + ".hcldec");
  const fs::path chains = kDir / (stem + ".chains");
  if (!fs::exists(spec_path)) return chains_text(chains, spec::meta_spec_body(), nullptr);
  auto tree = syntax::parse_config(testing::read_file(spec_path.string()), "spec.hcldec");
  std::string out;
  for (const base::Diagnostic& d : tree->diagnostics()) out += "syntax: " + d.summary + "\n";
  base::Diagnostics diags;
  const spec::SpecFile file = spec::load_spec(std::move(tree), diags);
  for (const base::Diagnostic& d : diags) out += "load: " + d.summary + "\n";
  if (!file.root) return out + "no root spec\n";
  const spec::ExpectedBody root = spec::expected_body(*file.root);
  out += dump_bodies(root, *file.root);
  if (fs::exists(chains)) out += chains_text(chains, root, file.root.get());
  return out;
}

std::vector<std::string> fixture_stems() {
  std::set<std::string> stems;
  for (const auto& entry : fs::directory_iterator(kDir))
    if (entry.path().extension() == ".hcldec" || entry.path().extension() == ".chains")
      stems.insert(entry.path().stem().string());
  return {stems.begin(), stems.end()};
}

}  // namespace

TEST_CASE("every spec model fixture matches its golden file") {
  const std::vector<std::string> stems = fixture_stems();
  REQUIRE(stems.size() >= 4);  // the suite must not pass by finding nothing
  for (const std::string& stem : stems) {
    CAPTURE(stem);
    const fs::path golden = kDir / (stem + ".golden");
    const std::string actual = golden_text(stem);
    if (testing::update_goldens()) {
      testing::write_file(golden.string(), actual);
      MESSAGE("rewrote " << golden.filename().string());
      continue;
    }
    REQUIRE_MESSAGE(fs::exists(golden), "missing golden; run with HCLSPEC_UPDATE_GOLDEN=1");
    const std::string expected = testing::read_file(golden.string());
    const bool same = actual == expected;
    CHECK_MESSAGE(same, testing::first_difference(expected, actual));
  }
}

TEST_CASE("every spec model golden file has its fixture") {
  size_t goldens = 0;
  for (const auto& entry : fs::directory_iterator(kDir)) {
    if (entry.path().extension() != ".golden") continue;
    ++goldens;
    const std::string stem = entry.path().stem().string();
    CAPTURE(stem);
    CHECK((fs::exists(kDir / (stem + ".hcldec")) || fs::exists(kDir / (stem + ".chains"))));
  }
  CHECK(goldens >= 4);
}
