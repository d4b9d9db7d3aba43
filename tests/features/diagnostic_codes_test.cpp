// The registry of diagnostic codes: its order, every fixture's diagnostics registered, each
// example giving its code, and docs/diagnostic-codes.md generated from it.
#include <doctest/doctest.h>

#include <filesystem>
#include <map>
#include <set>
#include <string>

#include "base/unicode.hpp"
#include "features/diagnostic_codes.hpp"
#include "features/diagnostics.hpp"
#include "fixture_support.hpp"
#include "golden_files.hpp"
#include "spec/load.hpp"
#include "syntax/parser.hpp"

using namespace hclspec;

namespace {

namespace fs = std::filesystem;

// A spec file's text loaded; null (and `errors` set) when it has errors.
std::shared_ptr<const spec::SpecFile> spec_from_text(std::string text, const std::string& name,
                                                     bool& errors) {
  std::shared_ptr<const syntax::SyntaxTree> tree = syntax::parse_config(std::move(text), name);
  base::Diagnostics diags = tree->diagnostics();
  spec::SpecFile file = spec::load_spec(tree, diags);
  errors = base::has_errors(diags);
  if (errors) return nullptr;
  return std::make_shared<const spec::SpecFile>(std::move(file));
}

bool is_document(const fs::path& path) {
  const std::string ext = path.extension().string();
  return ext == ".hcl" || ext == ".json" || ext == ".hcldec" || ext == ".tf" || ext == ".nomad" ||
         ext == ".tfvars";
}

// A fixture document as the features see it: a features fixture with the binding its comments
// ask for; any other document checked against the spec.hcldec beside it, if there is one (one
// that has errors makes the binding's problem, as the server does).
features::Snapshot snapshot_of_fixture(const fs::path& path) {
  const fs::path features_dir = fs::path(HCLSPEC_FIXTURES_DIR) / "features";
  if (path.parent_path().parent_path() == features_dir && path.parent_path().filename() != "specs")
    return testing::load_fixture(path).snapshot;
  std::shared_ptr<const spec::SpecFile> spec;
  std::string problem;
  const fs::path spec_path = path.parent_path() / "spec.hcldec";
  if (path.extension() != ".hcldec" && fs::exists(spec_path)) {
    bool errors = false;
    spec = spec_from_text(testing::read_file(spec_path.string()), "spec.hcldec", errors);
    if (errors) problem = "The spec file spec.hcldec has errors.";
  }
  features::Snapshot snapshot =
      testing::snapshot_of(testing::read_file(path.string()), path.filename().string(), spec);
  snapshot.binding.problem = problem;
  return snapshot;
}

// The name a spec of the examples gives itself on its first line ("# NAME: ...").
std::string spec_name(std::string_view spec) {
  if (!spec.starts_with("# ")) return "";
  const size_t colon = spec.find(':');
  return colon == std::string_view::npos ? "" : std::string(spec.substr(2, colon - 2));
}

// The markdown of docs/diagnostic-codes.md: the codes, then the specs their examples use.
std::string render_codes_markdown() {
  const auto fence = [](std::string_view text, const char* language) {
    std::string shown;
    // An example of a file that is not UTF-8 shows its other bytes as \xNN.
    const bool valid = base::is_valid_utf8(text);
    for (unsigned char c : text) {
      if (!valid && c >= 0x80) {
        const char* hex = "0123456789ABCDEF";
        shown += std::string("\\x") + hex[c >> 4] + hex[c & 15];
      } else {
        shown += static_cast<char>(c);
      }
    }
    if (!shown.ends_with('\n')) shown += '\n';
    return std::string("```") + language + "\n" + shown + "```\n";
  };
  const auto severity = [](base::Severity s) {
    return s == base::Severity::Error ? "error" : "warning";
  };
  std::string out =
      "<!-- Generated from engine/features/diagnostic_codes.cpp by features_tests: do not edit; "
      "regenerate with HCLSPEC_UPDATE_GOLDEN=1 build/tests/features/features_tests "
      "-tc='*diagnostic-codes.md*' -->\n"
      "# Diagnostic codes\n\n"
      "Every diagnostic hclspec reports, in `hclspec lint` and in the language server, has a "
      "code: a stable name for the kind of problem, whatever the message says about the names "
      "in your file. A code never changes once published; new ones may be added. The language "
      "server sends it as the diagnostic's `code`; `hclspec lint` prints it with each "
      "diagnostic.\n\n"
      "## Positions\n\n"
      "Lines and columns are 1-based. In the text, compact, JSON, GitHub, Checkstyle and JUnit "
      "outputs of `hclspec lint`, a column counts characters as HCL does: grapheme clusters, so "
      "a letter with a combining accent is one column, and so is a tab (in a JSON file a tab "
      "takes two columns, as HCL's JSON scanner counts). In SARIF output a column counts "
      "Unicode code points (SARIF's `unicodeCodePoints`). The language server sends LSP "
      "positions: 0-based, in UTF-16 code units unless the client accepts UTF-8.\n\n"
      "## Silencing diagnostics\n\n"
      "A comment silences diagnostics by code, in `hclspec lint` and in the language server "
      "alike:\n\n"
      "```hcl\n"
      "# hclspec-ignore: unsupported-argument\n"
      "legacy_flag = true\n"
      "port = \"eighty\" # hclspec-ignore: incorrect-attribute-value-type # words until v2\n"
      "\n"
      "# hclspec-ignore-file: missing-required-argument, too-many-blocks\n"
      "```\n\n"
      "- `hclspec-ignore: CODE, ...` silences the diagnostics of those codes that start on the "
      "comment's line and, when the comment has a line of its own, on the next line.\n"
      "- `hclspec-ignore-file: CODE, ...`, anywhere in the file, silences them in the whole "
      "file.\n"
      "- `all` stands for every code. Codes are separated by commas or spaces; text after a "
      "further `#` is a reason, for readers. The comment may be written with `#`, `//` or "
      "`/* */`, and must start with `hclspec-ignore`; a `#` inside a string or heredoc is no "
      "comment.\n"
      "- In a JSON file the same texts are values of `\"//\"` properties, which HCL treats as "
      "comments: `\"//\": \"hclspec-ignore-file: unsupported-argument\"`. An `hclspec-ignore` "
      "there covers its property's line, and the next line when the property comes first on "
      "its line.\n"
      "- Every code works the same, syntax errors and `spec-unusable` included. A code that does "
      "not exist gets an `unknown-ignore-code` warning.\n\n"
      "## Codes\n\n"
      "| code | severity | summary |\n|---|---|---|\n";
  for (const features::DiagnosticCodeInfo& info : features::diagnostic_codes()) {
    std::string summaries;
    for (std::string_view summary : info.summary_patterns())
      summaries += (summaries.empty() ? "" : ", ") + std::string(summary);
    out += "| [`" + std::string(info.code) + "`](#" + std::string(info.code) + ") | " +
           severity(info.severity) + " | " + summaries + " |\n";
  }
  for (const features::DiagnosticCodeInfo& info : features::diagnostic_codes()) {
    out += "\n### " + std::string(info.code) + "\n\n" + std::string(info.description) + "\n\n";
    out += "Reported as (" + std::string(severity(info.severity)) + "):";
    for (std::string_view summary : info.summary_patterns())
      out += " \"" + std::string(summary) + "\"";
    out += info.summary_patterns().size() == 1 &&
                   info.summary_patterns()[0].find('*') != std::string_view::npos
               ? ", where * is a name from the file.\n\n"
               : ".\n\n";
    switch (info.example_kind) {
      case features::ExampleKind::Config:
        out += "For example:\n\n" + fence(info.example, "hcl");
        break;
      case features::ExampleKind::Json:
        out += "For example, in a JSON file:\n\n" + fence(info.example, "json");
        break;
      case features::ExampleKind::SpecFile:
        out += "For example, in a spec file:\n\n" + fence(info.example, "hcl");
        break;
      case features::ExampleKind::Situation:
        out += "For example:\n\n" + fence(info.example, "");
        break;
    }
    if (!info.spec.empty()) {
      std::string anchor = spec_name(info.spec);
      std::erase(anchor, '.');
      out +=
          "\nchecked against the spec [" + spec_name(info.spec) + "](#" + anchor + ")" +
          (info.dynamic_blocks ? " with `dynamic` blocks expanded (`dynamic_blocks = true`)" : "") +
          ".\n";
    }
  }
  out += "\n## Specs of the examples\n";
  std::set<std::string_view> shown;
  for (const features::DiagnosticCodeInfo& info : features::diagnostic_codes())
    if (!info.spec.empty() && shown.insert(info.spec).second)
      out += "\n### " + spec_name(info.spec) + "\n\n" + fence(info.spec, "hcl");
  return out;
}

}  // namespace

TEST_CASE("the registry of codes is sorted, and each entry is complete") {
  const auto codes = features::diagnostic_codes();
  REQUIRE(codes.size() > 100);
  std::map<std::string, std::string_view> specs;  // by name: one text per name
  for (size_t i = 0; i < codes.size(); ++i) {
    const features::DiagnosticCodeInfo& info = codes[i];
    CAPTURE(info.code);
    if (i > 0) CHECK(codes[i - 1].code < info.code);
    for (char c : info.code) CHECK(((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'));
    CHECK_FALSE(info.summary_patterns().empty());
    CHECK(info.description.ends_with('.'));
    CHECK_FALSE(info.example.empty());
    if (!info.spec.empty()) {
      CHECK(spec_name(info.spec).ends_with(".hcldec"));
      CHECK(specs.emplace(spec_name(info.spec), info.spec).first->second == info.spec);
    }
    CHECK(features::find_diagnostic_code(info.code) == &info);
    // Each summary leads back to this entry, and to no other; a summary without names may also
    // fit another's pattern ("Missing dynamic content block", "Missing * block"): written out,
    // it is looked up first.
    for (std::string_view summary : info.summary_patterns()) {
      CHECK(features::find_diagnostic_summary(summary) == &info);
      const bool exact = summary.find('*') == std::string_view::npos;
      for (const features::DiagnosticCodeInfo& other : codes) {
        if (&other == &info) continue;
        if (!exact) CHECK_FALSE(other.matches(summary));
        for (std::string_view pattern : other.summary_patterns()) CHECK(pattern != summary);
      }
    }
  }
  CHECK(features::find_diagnostic_code("no-such-code") == nullptr);
  CHECK(features::find_diagnostic_summary("Missing task block")->code == "missing-block");
  CHECK(features::find_diagnostic_summary("Something else") == nullptr);
}

TEST_CASE("every diagnostic of every fixture document has a registered code") {
  std::set<std::string> seen;
  size_t documents = 0;
  for (const fs::path& root :
       {fs::path(HCLSPEC_FIXTURES_DIR), fs::path(HCLSPEC_SOURCE_DIR) / "fuzz" / "seeds",
        fs::path(HCLSPEC_SOURCE_DIR) / "fuzz" / "json_seeds"}) {
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
      // The command tests make and remove symbolic links among the fixtures while they run.
      std::error_code ec;
      if (entry.is_symlink(ec) || ec || !entry.is_regular_file(ec) || ec) continue;
      if (!is_document(entry.path())) continue;
      CAPTURE(entry.path().string());
      ++documents;
      for (const features::DiagnosticItem& item :
           features::diagnostics(snapshot_of_fixture(entry.path()))) {
        CAPTURE(item.summary);
        const features::DiagnosticCodeInfo* info = features::find_diagnostic_summary(item.summary);
        REQUIRE_MESSAGE(info != nullptr, "add the summary to engine/features/diagnostic_codes.cpp");
        CHECK(info->code == item.code);
        CHECK(info->severity == item.severity);
        seen.insert(item.code);
      }
    }
  }
  CHECK(documents > 100);
  CHECK(seen.size() > 20);
}

TEST_CASE("each registered code's example gives that code") {
  size_t run = 0;
  for (const features::DiagnosticCodeInfo& info : features::diagnostic_codes()) {
    CAPTURE(info.code);
    if (info.example_kind == features::ExampleKind::Situation) {
      // A situation beyond one document: the codes given where a spec file or the disk is read.
      CHECK(std::set<std::string_view>{"cannot-read-spec-file", "file-not-read", "file-too-large",
                                       "nesting-too-deep", "spec-unusable"}
                .contains(info.code));
      continue;
    }
    std::shared_ptr<const spec::SpecFile> spec;
    if (!info.spec.empty()) {
      bool errors = false;
      spec = spec_from_text(std::string(info.spec), spec_name(info.spec), errors);
      REQUIRE_FALSE(errors);
    }
    const char* name = info.example_kind == features::ExampleKind::Json       ? "example.json"
                       : info.example_kind == features::ExampleKind::SpecFile ? "example.hcldec"
                                                                              : "example.hcl";
    features::Snapshot snapshot = testing::snapshot_of(std::string(info.example), name, spec);
    if (info.dynamic_blocks) snapshot.binding.options.dynamic_blocks = spec::DynamicBlocks::Check;
    bool found = false;
    std::string codes;
    for (const features::DiagnosticItem& item : features::diagnostics(snapshot)) {
      // Under this code by the registry, not by a summary's slug that happens to equal it.
      found = found || (item.code == info.code && info.matches(item.summary));
      codes += " " + item.code;
    }
    CHECK_MESSAGE(found, "the example gives:" << codes);
    ++run;
  }
  CHECK(run > 100);
}

TEST_CASE("docs/diagnostic-codes.md is generated from the registry") {
  const std::string path = std::string(HCLSPEC_SOURCE_DIR) + "/docs/diagnostic-codes.md";
  const std::string actual = render_codes_markdown();
  if (testing::update_goldens()) {
    testing::write_file(path, actual);
    return;
  }
  REQUIRE_MESSAGE(fs::exists(path), "run with HCLSPEC_UPDATE_GOLDEN=1 to write " << path);
  const std::string expected = testing::read_file(path);
  const bool same = actual == expected;  // not in the check: it would print both whole texts
  CHECK_MESSAGE(same,
                "docs/diagnostic-codes.md differs from the registry; regenerate it with "
                "HCLSPEC_UPDATE_GOLDEN=1 build/tests/features/features_tests "
                "-tc='*diagnostic-codes.md*'\n"
                    << testing::first_difference(expected, actual));
}
