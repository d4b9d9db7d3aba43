// lint's check of one file: read it, find its spec as the server does, take the editor's
// diagnostics of it and place them.
#include "server/lint/lint_check.hpp"

#include <algorithm>
#include <filesystem>

#include "engine/features/diagnostics.hpp"
#include "engine/syntax/json.hpp"
#include "engine/syntax/parser.hpp"
#include "server/source_files.hpp"
#include "server/spec_binding.hpp"

namespace hclspec::server::lint {

namespace {

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  if (from.empty() || from == to) return;
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
}

Finding placed_finding(const base::SourceFile& source, base::ByteRange range,
                       base::Severity severity, std::string code, std::string summary,
                       std::string detail) {
  Finding finding{severity, std::move(code), std::move(summary), std::move(detail), true, range, {},
                  {}};
  finding.start = source.lines().position(range.start);
  finding.end = source.lines().position(range.end);
  return finding;
}

void sort_by_position(std::vector<Finding>& findings) {
  std::stable_sort(findings.begin(), findings.end(), [](const Finding& a, const Finding& b) {
    if (a.placed != b.placed) return !a.placed;
    return a.range.start < b.range.start;
  });
}

}  // namespace

std::vector<Finding> findings_of(const base::SourceFile* source, const base::Diagnostics& diags) {
  std::vector<Finding> out;
  for (const base::Diagnostic& diag : diags) {
    std::string code = features::diagnostic_code(diag.summary);
    if (source)
      out.push_back(placed_finding(*source, diag.subject, diag.severity, std::move(code),
                                   diag.summary, diag.detail));
    else
      out.push_back({diag.severity, std::move(code), diag.summary, diag.detail, false, {}, {}, {}});
  }
  sort_by_position(out);
  return out;
}

Checker::Checker(LintSettings settings) : settings_(std::move(settings)) {
  std::error_code ec;
  cwd_ = std::filesystem::current_path(ec).string();
  context_.trust_root = files_.real_path(cwd_).value_or(cwd_);
  context_.trust_root_label = "the current directory";
  context_.confine_project_rules_to_their_folder = true;
  context_.project_file = settings_.config;
}

std::string Checker::shown(const std::string& real_path) const {
  const std::string& root = context_.trust_root;
  if (path_is_inside(root, real_path) && real_path != root)
    return real_path.substr(root == "/" ? 1 : root.size() + 1);
  return real_path;
}

std::string Checker::absolute(const std::string& path) const {
  const std::filesystem::path given(path);
  return (given.is_absolute() ? given : std::filesystem::path(cwd_) / given)
      .lexically_normal()
      .string();
}

bool Checker::escapes_by_link(const std::string& path, const std::string& absolute) {
  const std::optional<std::string> real = files_.real_path(path);
  return real && links_out_of(context_.trust_root, absolute, *real);
}

std::shared_ptr<const spec::SpecFile> Checker::with_variables(
    const std::shared_ptr<const LoadedSpec>& loaded) {
  if (settings_.variables.empty()) return loaded->file;
  std::lock_guard lock(mutex_);
  std::shared_ptr<const spec::SpecFile>& extended = extended_[loaded];
  if (!extended) {
    auto copy = std::make_shared<spec::SpecFile>(*loaded->file);
    for (const auto& [name, value] : settings_.variables) copy->variables[name] = value;
    extended = std::move(copy);
  }
  return extended;
}

std::optional<LintedFile> Checker::check(const Candidate& candidate,
                                         std::optional<std::string> text) {
  LintedFile out;
  out.path = candidate.path;
  const std::string absolute = this->absolute(candidate.path);
  if (!text && escapes_by_link(candidate.path, absolute)) {
    out.findings.push_back({base::Severity::Error,
                            "file-not-read",
                            "File not read",
                            candidate.path +
                                " is a symbolic link to a file outside the current directory; "
                                "it was not read.",
                            false,
                            {},
                            {},
                            {}});
    return out;
  }

  // Which spec applies: --spec for every file, else the association, as in the editor.
  Association association;
  std::shared_ptr<const LoadedSpec> loaded;
  std::string spec_name;
  if (settings_.spec) {
    if (candidate.path.ends_with(".hcldec")) {
      association.kind = Association::Kind::MetaSpec;
    } else {
      association.kind = Association::Kind::Spec;
      association.chosen_by = "--spec";
      loaded = settings_.spec;
      spec_name = settings_.spec_shown;
    }
  } else if (!text && candidate.json_if_associated) {
    // No modeline in JSON: only a rule can make a walk's *.json file a document, and which
    // one is known before it is read.
    association = associate(absolute, "", context_, files_);
    if (association.kind != Association::Kind::Spec) return std::nullopt;
  }

  if (!text) {
    std::string error;
    text = read_file(candidate.path, error);
    if (!text) {
      out.failure = error;
      return out;
    }
  }
  if (!settings_.spec) {
    if (!candidate.json_if_associated) association = associate(absolute, *text, context_, files_);
    if (!association.project_file.empty()) {
      const std::string project = shown(association.project_file);
      replace_all(association.chosen_by, association.project_file, project);
      replace_all(association.problem, association.project_file, project);
    }
    if (association.kind == Association::Kind::Spec && association.problem.empty()) {
      loaded = store_.get(association.spec_path, files_);
      spec_name = shown(association.spec_path);
      if (!loaded->usable()) {
        std::lock_guard lock(mutex_);
        broken_.emplace(association.spec_path, loaded);
      }
    }
  }

  features::Snapshot snapshot;
  std::shared_ptr<const base::SourceFile> source;
  if (is_json_file_name(candidate.path)) {
    snapshot.json = syntax::parse_json(std::move(*text), candidate.path);
    source = snapshot.json;
  } else {
    snapshot.tree = syntax::parse_config(std::move(*text), candidate.path);
    source = snapshot.tree;
  }
  snapshot.kind = document_kind(association);
  association.dynamic_blocks = association.dynamic_blocks || settings_.dynamic_blocks;
  snapshot.binding = spec_binding(association, loaded.get(), spec_name);
  if (snapshot.binding.spec && loaded && snapshot.binding.spec == loaded->file)
    snapshot.binding.spec = with_variables(loaded);

  for (features::DiagnosticItem& item : features::diagnostics(snapshot))
    out.findings.push_back(placed_finding(*source, item.range, item.severity, std::move(item.code),
                                          std::move(item.summary), std::move(item.detail)));
  sort_by_position(out.findings);
  if (!out.findings.empty()) out.source = std::move(source);
  return out;
}

std::vector<LintedFile> Checker::broken_specs(const std::set<std::string>& linted) {
  std::vector<LintedFile> out;
  std::lock_guard lock(mutex_);
  for (const auto& [real_path, loaded] : broken_) {
    LintedFile file;
    file.path = shown(real_path);
    if (linted.contains(file.path)) continue;
    if (loaded->tree) {
      // The store names the tree by the real path; findings only read its text and lines.
      file.source = loaded->tree;
      file.findings = findings_of(loaded->tree.get(), loaded->diagnostics);
    } else {
      file.findings = findings_of(nullptr, loaded->diagnostics);
    }
    out.push_back(std::move(file));
  }
  return out;
}

}  // namespace hclspec::server::lint
