// lint: collect files, find each one's spec, parse and check each, print diagnostics and a summary.
#include "server/lint_command.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <set>

#include "engine/spec/load.hpp"
#include "engine/spec/validate.hpp"
#include "engine/syntax/json.hpp"
#include "engine/syntax/parser.hpp"
#include "server/diagnostic_text.hpp"
#include "server/file_access.hpp"
#include "server/source_files.hpp"
#include "server/spec_association.hpp"
#include "server/spec_store.hpp"

namespace hclspec::server {

namespace {

constexpr const char* kLintHelp =
    R"(Usage: hclspec lint [options] PATH...

Checks HCL files and prints every problem with its location and the source line. A directory is
searched recursively for *.hcl, *.tf, *.nomad, *.hcldec, *.pkr.hcl and *.tfvars files; a file
named on the command line is checked whatever its name (*.json files in HCL's JSON syntax).

Every file is checked for syntax errors; hcldec spec files (*.hcldec) are also checked as specs,
and .hclspec.hcl files against their built-in spec. A file that has a spec is also checked
against it: unexpected or missing arguments and blocks, wrong value types, block counts and
labels, as `hclspec decode` reports them, and still for the intact parts of files with syntax
errors. Which spec applies to a file:
  1. --spec FILE, for every file;
  2. else a modeline among the file's leading comment lines: `# hclspec: PATH` (or
     `// hclspec: PATH`), PATH relative to the file's folder; `# hclspec: none` checks
     syntax only;
  3. else the first matching `rule { files = [GLOB...]  spec = PATH }` of the nearest
     .hclspec.hcl in the file's folder or above (no higher than the current directory, for
     files inside it), globs and PATH relative to that file's folder;
  4. else none: syntax checks only.
Because a repository is untrusted input, a modeline may name only a spec inside the current
directory, and a .hclspec.hcl rule only one inside that .hclspec.hcl's folder, after resolving
".." and symbolic links; anything else is an error on the file and is not read. Likewise a
file inside the current directory that is a symbolic link to one outside it is not read. A
spec with errors has them printed once, and each file using it gets one error.

Options:
  -s, --spec FILE  check the files against this hcldec spec file (it may be anywhere)
  --no-color     never color the output (default: color when stdout is a terminal and
                 NO_COLOR is unset)
  -q, --quiet    print only the diagnostics, not the summary line
  -h, --help     show this help

Exit status: 0 when no errors were found, 2 when any file has errors, 1 for usage errors,
files that cannot be read or a --spec file with errors.
)";

// A loaded spec's source under the name lint shows for it (the store names it by real path).
class RenamedSource final : public base::SourceFile {
 public:
  RenamedSource(const base::SourceFile& source, std::string name)
      : SourceFile(source.text(), std::move(name)) {}
};

// A spec in use: loaded (shared with every file using it), shown under `name`.
struct SpecInUse {
  std::shared_ptr<const LoadedSpec> loaded;
  std::unique_ptr<RenamedSource> shown;  // null when it has no tree (it could not be read)
};

// A file parsed in its syntax, and every problem found in it.
struct CheckedFile {
  std::shared_ptr<const syntax::SyntaxTree> native;  // shared with a spec's functions
  std::unique_ptr<syntax::JsonTree> json;
  base::Diagnostics diagnostics;
  const base::SourceFile* source() const {
    if (native) return native.get();
    return json.get();
  }
};

// Loads the spec for --spec; prints its problems, and gives nothing when it cannot be used.
std::shared_ptr<const LoadedSpec> load_lint_spec(const std::string& path, FileAccess& files,
                                                 const TextStyle& style) {
  if (!files.real_path(path)) {
    std::cerr << "hclspec lint: spec file " << path << ": " << std::strerror(errno) << "\n";
    return nullptr;
  }
  std::optional<std::string> text = files.read(path);
  if (!text) {
    std::cerr << "hclspec lint: spec file " << path
              << ": cannot be read (unreadable, a folder, or larger than 16 MiB)\n";
    return nullptr;
  }
  std::shared_ptr<const LoadedSpec> spec = load_spec_text(std::move(*text), path);
  for (const base::Diagnostic& diag : spec->diagnostics)
    std::cerr << format_diagnostic(spec->tree.get(), diag, style);
  if (!spec->usable()) {
    std::cerr << "hclspec lint: the spec file " << path
              << " has errors; no file was checked against it\n";
    return nullptr;
  }
  return spec;
}

// Syntax errors; for a spec file, the spec's own problems; for a project file, its built-in
// spec's; with a spec, the problems the spec finds (also in the intact parts of a broken file).
CheckedFile check_file(const std::string& path, std::string text, Association::Kind kind,
                       const spec::SpecFile* spec) {
  CheckedFile out;
  if (kind == Association::Kind::ProjectFile) spec = &project_file_spec();
  if (is_json_file_name(path)) {
    out.json = syntax::parse_json(std::move(text), path);
    out.diagnostics = spec ? spec::validate(out.json.get(), *spec) : out.json->diagnostics();
    return out;
  }
  out.native = syntax::parse_config(std::move(text), path);
  if (kind == Association::Kind::MetaSpec) {
    out.diagnostics = out.native->diagnostics();
    // As hcldec, a spec that does not parse is not read as a spec.
    if (!base::has_errors(out.diagnostics)) spec::load_spec(out.native, out.diagnostics);
    return out;
  }
  out.diagnostics = spec ? spec::validate(out.native.get(), *spec) : out.native->diagnostics();
  return out;
}

// The modeline, or else the first line: where a problem with the file's spec is reported.
base::ByteRange spec_problem_range(const Association& association, std::string_view text) {
  if (association.modeline) return *association.modeline;
  const size_t end = text.find_first_of("\r\n");
  return {0, static_cast<uint32_t>(end == std::string_view::npos ? text.size() : end)};
}

// What lint knows across files: the trust root, the specs in use and which were printed.
class Linter {
 public:
  Linter(const TextStyle& style, std::set<std::string> linted_real_paths)
      : style_(style), linted_(std::move(linted_real_paths)) {
    std::error_code ec;
    const std::string cwd = std::filesystem::current_path(ec).string();
    context_.trust_root = files_.real_path(cwd).value_or(cwd);
    context_.trust_root_label = "the current directory";
    context_.confine_project_rules_to_their_folder = true;
  }

  // The spec for one file by association; `problem` set (with paths as lint shows them) when
  // it cannot be used.
  Association associate_file(const std::string& path, std::string_view text) {
    const std::string absolute = std::filesystem::absolute(path).lexically_normal().string();
    Association association = associate(absolute, text, context_, files_);
    if (!association.project_file.empty()) {
      const std::string shown = shown_path(association.project_file);
      replace_all(association.chosen_by, association.project_file, shown);
      replace_all(association.problem, association.project_file, shown);
    }
    return association;
  }

  // The loaded spec of an association without a problem, with its errors printed once when it
  // is broken (unless lint checks that file itself).
  const SpecInUse& spec_for(const Association& association) {
    auto [entry, inserted] = specs_.try_emplace(association.spec_path);
    SpecInUse& spec = entry->second;
    if (!inserted) return spec;
    spec.loaded = store_.get(association.spec_path, files_);
    if (spec.loaded->tree)
      spec.shown =
          std::make_unique<RenamedSource>(*spec.loaded->tree, shown_path(association.spec_path));
    if (!spec.loaded->usable() && !linted_.contains(association.spec_path))
      for (const base::Diagnostic& diag : spec.loaded->diagnostics)
        std::cout << format_diagnostic(spec.shown.get(), diag, style_);
    return spec;
  }

  // Whether `path` lies in the current directory but is a link to a file outside it: a
  // repository's link to a runner's secrets must not be printed as "syntax errors".
  bool escapes_by_link(const std::string& path) {
    const std::string absolute = std::filesystem::absolute(path).lexically_normal().string();
    const std::optional<std::string> real = files_.real_path(path);
    return real && inside(context_.trust_root, absolute) && !inside(context_.trust_root, *real);
  }

  std::string shown_path(const std::string& real_path) const {
    const std::string& root = context_.trust_root;
    if (inside(root, real_path) && real_path != root) return real_path.substr(root.size() + 1);
    return real_path;
  }

 private:
  static bool inside(const std::string& root, const std::string& path) {
    return path == root ||
           (path.size() > root.size() && path.starts_with(root) && path[root.size()] == '/' &&
            root != "/") ||
           (root == "/" && path.starts_with('/'));
  }

  static void replace_all(std::string& text, const std::string& from, const std::string& to) {
    for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
      text.replace(at, from.size(), to);
  }

  TextStyle style_;
  std::set<std::string> linted_;
  DiskFileAccess files_;
  AssociationContext context_;
  SpecStore store_;
  std::map<std::string, SpecInUse> specs_;
};

}  // namespace

int run_lint(const std::vector<std::string>& arguments) {
  std::vector<std::string> paths;
  bool color = isatty(STDOUT_FILENO) != 0 && std::getenv("NO_COLOR") == nullptr;
  bool quiet = false;
  bool options_done = false;
  std::string spec_path;
  bool expect_spec = false;
  for (const std::string& arg : arguments) {
    if (expect_spec) {
      spec_path = arg;
      expect_spec = false;
    } else if (!options_done && arg == "--") {
      options_done = true;
    } else if (!options_done && (arg == "-h" || arg == "--help")) {
      std::cout << kLintHelp;
      return 0;
    } else if (!options_done && arg == "--no-color") {
      color = false;
    } else if (!options_done && (arg == "-q" || arg == "--quiet")) {
      quiet = true;
    } else if (!options_done && (arg == "-s" || arg == "--spec")) {
      expect_spec = true;
    } else if (!options_done && arg.starts_with("--spec=")) {
      spec_path = arg.substr(7);
    } else if (!options_done && arg.size() > 1 && arg[0] == '-') {
      std::cerr << "hclspec lint: unknown option " << arg << "\n"
                << "Run 'hclspec lint --help' for usage.\n";
      return 1;
    } else {
      paths.push_back(arg);
    }
  }
  if (expect_spec) {
    std::cerr << "hclspec lint: --spec needs a file\n"
              << "Run 'hclspec lint --help' for usage.\n";
    return 1;
  }
  if (paths.empty()) {
    std::cerr << "hclspec lint: no files or directories given\n"
              << "Run 'hclspec lint --help' for usage.\n";
    return 1;
  }

  std::vector<std::string> missing;
  const std::vector<std::string> files = collect_files(paths, missing);
  bool io_failure = !missing.empty();
  for (const std::string& path : missing)
    std::cerr << "hclspec lint: " << path << ": no such file or directory\n";

  size_t errors = 0, warnings = 0, files_with_errors = 0;
  const TextStyle style{color, true};
  DiskFileAccess disk;
  std::set<std::string> linted_real_paths;
  for (const std::string& path : files)
    if (std::optional<std::string> real = disk.real_path(path)) linted_real_paths.insert(*real);
  Linter linter(style, std::move(linted_real_paths));
  std::shared_ptr<const LoadedSpec> explicit_spec;
  if (!spec_path.empty()) {
    explicit_spec = load_lint_spec(spec_path, disk, style);
    if (!explicit_spec) return 1;
  }
  for (const std::string& path : files) {
    if (linter.escapes_by_link(path)) {
      const base::Diagnostic escape{
          base::Severity::Error,
          "File not read",
          path + " is a symbolic link to a file outside the current directory; it was not read.",
          {},
          std::nullopt};
      std::cout << format_diagnostic(nullptr, escape, style);
      ++errors;
      ++files_with_errors;
      continue;
    }
    std::string error;
    std::optional<std::string> text = read_file(path, error);
    if (!text) {
      std::cerr << "hclspec lint: " << path << ": " << error << "\n";
      io_failure = true;
      continue;
    }
    Association::Kind kind = Association::Kind::Spec;
    const spec::SpecFile* spec = nullptr;
    const LoadedSpec* spec_loaded = nullptr;
    const base::SourceFile* spec_shown = nullptr;  // where the spec's own diagnostics are shown
    std::optional<base::Diagnostic> spec_problem;
    if (explicit_spec) {
      if (path.ends_with(".hcldec")) kind = Association::Kind::MetaSpec;
      spec_loaded = explicit_spec.get();
      spec_shown = explicit_spec->tree.get();
    } else {
      const Association association = linter.associate_file(path, *text);
      kind = association.kind;
      std::string summary, detail;
      if (!association.problem.empty()) {
        summary = "Spec file not usable";
        detail = association.problem;
      } else if (kind == Association::Kind::Spec) {
        const SpecInUse& in_use = linter.spec_for(association);
        spec_loaded = in_use.loaded.get();
        spec_shown = in_use.shown.get();
        if (!in_use.loaded->usable()) {
          summary = "Spec file has errors";
          detail = "The spec file " + linter.shown_path(association.spec_path) + " (" +
                   association.chosen_by +
                   ") has errors, reported in that file; this file was checked for syntax "
                   "errors only.";
          spec_loaded = nullptr;
        }
      }
      if (!summary.empty())
        spec_problem = base::Diagnostic{base::Severity::Error, summary, detail,
                                        spec_problem_range(association, *text), std::nullopt};
    }
    if (spec_loaded) spec = spec_loaded->file.get();
    CheckedFile checked = check_file(path, std::move(*text), kind, spec);
    if (spec_problem) checked.diagnostics.insert(checked.diagnostics.begin(), *spec_problem);
    bool file_has_error = false;
    for (const base::Diagnostic& diag : checked.diagnostics) {
      // A transform's result is an expression of the spec file: its problems are shown there.
      const base::SourceFile* in =
          spec_loaded && !diag.file.empty() && diag.file == spec_loaded->tree->filename()
              ? spec_shown
              : checked.source();
      std::cout << format_diagnostic(in, diag, style);
      if (diag.severity == base::Severity::Error) {
        ++errors;
        file_has_error = true;
      } else {
        ++warnings;
      }
    }
    files_with_errors += file_has_error ? 1 : 0;
  }
  if (!quiet)
    std::cerr << "Checked " << files.size() << (files.size() == 1 ? " file" : " files") << ": "
              << errors << (errors == 1 ? " error" : " errors") << " in " << files_with_errors
              << (files_with_errors == 1 ? " file" : " files") << ", " << warnings
              << (warnings == 1 ? " warning" : " warnings") << ".\n";
  if (io_failure) return 1;
  return errors > 0 ? 2 : 0;
}

}  // namespace hclspec::server
