// The decoded preview against `hclspec decode`'s own cases (fixtures/decode): for every case of
// one input and no option but --with-type, the same value and type, or none on errors.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "features/decoded_value.hpp"
#include "fixture_support.hpp"
#include "spec/load.hpp"
#include "syntax/parser.hpp"

using namespace hclspec;

namespace {

namespace fs = std::filesystem;

std::string read(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream all;
  all << in.rdbuf();
  return all.str();
}

// hcldec's standard output for the decoded document: the value (or `{"value":..,"type":..}`).
std::string printed(const features::DecodedValue& decoded, bool with_type) {
  if (!decoded.type) return "(no value)";
  if (!with_type) return decoded.value.value_or("null") + "\n";
  if (!decoded.value) return "{\"type\":" + *decoded.type + "}\n";
  return "{\"value\":" + *decoded.value + ",\"type\":" + *decoded.type + "}\n";
}

}  // namespace

TEST_CASE("the decoded preview prints what hclspec decode prints, case by case") {
  size_t cases = 0;
  for (const fs::directory_entry& entry :
       fs::directory_iterator(fs::path(HCLSPEC_FIXTURES_DIR) / "decode")) {
    const fs::path folder = entry.path();
    std::string args = read(folder / "args");
    while (!args.empty() && (args.back() == '\n' || args.back() == ' ')) args.pop_back();
    if (!args.empty() && args != "--with-type") continue;
    const bool json = fs::exists(folder / "input.json");
    if (!json && !fs::exists(folder / "input.hcl")) continue;
    CAPTURE(folder.filename().string());
    base::Diagnostics problems;
    const spec::SpecFile spec = spec::load_spec(
        syntax::parse_config(read(folder / "spec.hcldec"), "spec.hcldec"), problems);
    if (base::has_errors(problems)) continue;  // the spec's own errors: no document to preview
    const std::string name = json ? "input.json" : "input.hcl";
    const features::Snapshot snapshot = testing::snapshot_of(
        read(folder / name), name, std::make_shared<const spec::SpecFile>(spec));
    const std::optional<features::DecodedValue> decoded = features::decoded_value(snapshot);
    REQUIRE(decoded);
    // On errors hcldec prints no value (its output is then the diagnostics' layout).
    if (read(folder / "expected_exit").starts_with("0"))
      CHECK(printed(*decoded, args == "--with-type") == read(folder / "expected_stdout"));
    else
      CHECK_FALSE(decoded->type);
    ++cases;
  }
  CHECK(cases >= 6);
}

TEST_CASE("no decoded preview without a spec, for a spec file, or once cancelled") {
  CHECK_FALSE(features::decoded_value(testing::snapshot_of("a = 1\n", "a.hcl", nullptr)));
  CHECK_FALSE(features::decoded_value(testing::snapshot_of("object {\n}\n", "s.hcldec", nullptr)));
  base::CancellationFlag cancelled;
  cancelled.cancel();
  CHECK_FALSE(features::decoded_value(
      testing::snapshot_of("name = \"x\"\n", "a.hcl", testing::load_fixture_spec("job.hcldec")),
      &cancelled));
}
