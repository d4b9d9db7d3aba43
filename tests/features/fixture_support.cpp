// Fixture documents of the feature tests, and the golden renderings of each feature's answers.
#include "fixture_support.hpp"

#include <doctest/doctest.h>

#include <map>
#include <set>
#include <sstream>

#include "golden_files.hpp"
#include "spec/load.hpp"
#include "syntax/json.hpp"
#include "syntax/parser.hpp"

#ifndef HCLSPEC_FIXTURES_DIR
#error "HCLSPEC_FIXTURES_DIR must name the fixtures directory"
#endif

namespace hclspec::testing {

namespace fs = std::filesystem;

namespace {

const fs::path kSpecs = fs::path(HCLSPEC_FIXTURES_DIR) / "features" / "specs";

// Text on one line: newlines and tabs shown as escapes.
std::string one_line(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '\n')
      out += "\\n";
    else if (c == '\t')
      out += "\\t";
    else
      out += c;
  }
  return out;
}

// Each line of `text` after `prefix`.
std::string indented(const std::string& text, const std::string& prefix) {
  std::string out;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) out += prefix + line + "\n";
  return out;
}

const char* kind_name(features::CompletionKind kind) {
  switch (kind) {
    case features::CompletionKind::Attribute:
      return "attribute";
    case features::CompletionKind::Block:
      return "block";
    case features::CompletionKind::Value:
      return "value";
    case features::CompletionKind::Variable:
      return "variable";
    case features::CompletionKind::Function:
      return "function";
    case features::CompletionKind::Keyword:
      return "keyword";
  }
  return "?";
}

}  // namespace

std::shared_ptr<const spec::SpecFile> load_fixture_spec(const std::string& name) {
  static std::map<std::string, std::shared_ptr<const spec::SpecFile>> loaded;
  auto& slot = loaded[name];
  if (slot) return slot;
  base::Diagnostics diags;
  std::shared_ptr<const syntax::SyntaxTree> tree =
      syntax::parse_config(read_file((kSpecs / name).string()), name);
  for (const base::Diagnostic& d : tree->diagnostics()) FAIL_CHECK(name << ": " << d.summary);
  spec::SpecFile file = spec::load_spec(tree, diags);
  for (const base::Diagnostic& d : diags) FAIL_CHECK(name << ": " << d.summary);
  slot = std::make_shared<const spec::SpecFile>(std::move(file));
  return slot;
}

features::Snapshot snapshot_of(std::string text, const std::string& filename,
                               std::shared_ptr<const spec::SpecFile> spec) {
  features::Snapshot snapshot;
  if (filename.ends_with(".json"))
    snapshot.json = syntax::parse_json(std::move(text), filename);
  else
    snapshot.tree = syntax::parse_config(std::move(text), filename);
  if (filename.ends_with(".hcldec")) snapshot.kind = features::DocumentKind::SpecFile;
  snapshot.binding.spec = std::move(spec);
  return snapshot;
}

FixtureDocument load_fixture(const fs::path& path) {
  FixtureDocument document;
  std::string text = read_file(path.string());
  for (size_t at; (at = text.find("$0")) != std::string::npos;) {
    text.erase(at, 2);
    document.cursors.push_back(static_cast<uint32_t>(at));
  }
  features::SpecBinding binding;
  std::string spec_name;
  std::istringstream lines(text);
  uint32_t line_start = 0;
  int line_number = 1;
  for (std::string line; std::getline(lines, line); ++line_number) {
    const auto value_after = [&](const std::string& prefix) -> std::optional<std::string> {
      if (!line.starts_with(prefix)) return std::nullopt;
      return line.substr(prefix.size());
    };
    if (auto name = value_after("# hclspec: ")) {
      spec_name = *name;
      binding.chosen_by = "modeline on line " + std::to_string(line_number);
      binding.modeline = base::ByteRange{line_start, line_start + uint32_t(line.size())};
    } else if (auto rule_spec = value_after("# fixture-spec: ")) {
      spec_name = *rule_spec;
      binding.chosen_by = "rule 1 in /w/.hclspec.hcl";
    } else if (auto problem = value_after("# fixture-problem: ")) {
      binding.problem = *problem;
    } else if (auto options = value_after("# fixture-options: ")) {
      document.options.snippets = options->find("no-snippets") == std::string::npos;
      document.options.markdown = options->find("plain-text") == std::string::npos;
      if (options->find("dynamic-blocks") != std::string::npos)
        binding.options.dynamic_blocks = spec::DynamicBlocks::Check;
    }
    line_start += static_cast<uint32_t>(line.size()) + 1;
  }
  const fs::path sidecar = path.string() + ".spec";
  if (fs::exists(sidecar)) {
    std::istringstream in(read_file(sidecar.string()));
    std::getline(in, spec_name);
    binding.chosen_by = "rule 1 in /w/.hclspec.hcl";
  }
  if (path.extension() == ".hcldec") binding.chosen_by = "its .hcldec extension";
  binding.spec_name = spec_name;
  std::shared_ptr<const spec::SpecFile> spec;
  if (!spec_name.empty() && binding.problem.empty()) spec = load_fixture_spec(spec_name);
  document.snapshot = snapshot_of(std::move(text), path.filename().string(), spec);
  binding.spec = document.snapshot.binding.spec;
  document.snapshot.binding = std::move(binding);
  return document;
}

std::unique_ptr<syntax::SyntaxTree> fixture_spec_tree(const FixtureDocument& document) {
  const std::string& name = document.snapshot.binding.spec_name;
  if (name.empty()) return nullptr;
  return syntax::parse_config(read_file((kSpecs / name).string()), name);
}

std::string position_text(const base::SourceFile& source, uint32_t offset) {
  const base::Position p = source.lines().position(offset);
  return std::to_string(p.line) + ":" + std::to_string(p.column);
}

std::string range_text(const base::SourceFile& source, base::ByteRange range) {
  return position_text(source, range.start) + "-" + position_text(source, range.end) + " `" +
         one_line(std::string(range.slice(source.text()))) + "`";
}

std::string render_diagnostics(const FixtureDocument& document) {
  const base::SourceFile& source = document.snapshot.source();
  std::string out;
  for (const features::DiagnosticItem& item : features::diagnostics(document.snapshot)) {
    out += std::string(item.severity == base::Severity::Error ? "error" : "warning") + " " +
           item.code + " at " + range_text(source, item.range) + "\n";
    out += indented(item.message(), "  | ");
  }
  return out.empty() ? "no diagnostics\n" : out;
}

std::string render_completion(const FixtureDocument& document) {
  const base::SourceFile& source = document.snapshot.source();
  std::string out;
  for (size_t i = 0; i < document.cursors.size(); ++i) {
    const uint32_t cursor = document.cursors[i];
    out += "== cursor " + std::to_string(i + 1) + " at " + position_text(source, cursor) + "\n";
    const std::vector<features::CompletionItem> items =
        features::complete(document.snapshot, cursor, document.options);
    if (items.empty()) out += "no completion\n";
    for (const features::CompletionItem& item : items) {
      out += item.label + " (" + kind_name(item.kind) + ") " + item.detail + " [sort " +
             item.sort_text + "]\n";
      out += "  " + std::string(item.is_snippet ? "snippet" : "text") + " at " +
             range_text(source, item.replace) + ": " + one_line(item.insert_text) + "\n";
      if (!item.documentation.empty()) out += indented(item.documentation, "  | ");
    }
    out += "\n";
  }
  return out;
}

std::string render_hover(const FixtureDocument& document) {
  const base::SourceFile& source = document.snapshot.source();
  std::string out;
  for (size_t i = 0; i < document.cursors.size(); ++i) {
    const uint32_t cursor = document.cursors[i];
    out += "== cursor " + std::to_string(i + 1) + " at " + position_text(source, cursor) + "\n";
    const std::optional<features::HoverResult> result =
        features::hover(document.snapshot, cursor, document.options.markdown);
    if (!result) {
      out += "no hover\n\n";
      continue;
    }
    out += "range " + range_text(source, result->range) + "\n";
    out += indented(result->contents, "  | ") + "\n";
  }
  return out;
}

bool is_document(const fs::path& path) {
  const std::string ext = path.extension().string();
  return ext == ".hcl" || ext == ".json" || ext == ".hcldec";
}

size_t check_goldens(const std::string& feature,
                     const std::function<std::string(const FixtureDocument&)>& render) {
  std::set<fs::path> documents;
  for (const auto& entry :
       fs::directory_iterator(fs::path(HCLSPEC_FIXTURES_DIR) / "features" / feature))
    if (is_document(entry.path())) documents.insert(entry.path());
  for (const fs::path& path : documents) {
    CAPTURE(path.filename().string());
    const FixtureDocument document = load_fixture(path);
    const std::string actual = render(document);
    const fs::path golden = path.string() + ".expected";
    if (update_goldens()) {
      write_file(golden.string(), actual);
      continue;
    }
    REQUIRE_MESSAGE(fs::exists(golden), "missing golden; run with HCLSPEC_UPDATE_GOLDEN=1");
    const std::string expected = read_file(golden.string());
    CHECK_MESSAGE(actual == expected, first_difference(expected, actual));
  }
  return documents.size();
}

std::string apply_edits(std::string_view text, const std::vector<features::TextEdit>& edits) {
  std::string out;
  size_t copied = 0;
  for (const features::TextEdit& edit : edits) {
    out.append(text.substr(copied, edit.range.start - copied));
    out += edit.new_text;
    copied = edit.range.end;
  }
  out.append(text.substr(copied));
  return out;
}

std::string render_formatting(const FixtureDocument& document) {
  std::optional<base::ByteRange> range;
  if (document.cursors.size() == 2)
    range = base::ByteRange{document.cursors[0], document.cursors[1]};
  const features::FormatResult result = features::format_document(document.snapshot, range);
  if (!result.refusal.empty()) return "not formatted: " + result.refusal + "\n";
  return apply_edits(document.snapshot.source().text(), result.edits);
}

}  // namespace hclspec::testing
