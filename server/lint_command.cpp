// lint: collect files, parse each, print diagnostics and a summary.
#include "server/lint_command.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <optional>

#include "engine/spec/load.hpp"
#include "engine/spec/validate.hpp"
#include "engine/syntax/json.hpp"
#include "engine/syntax/parser.hpp"
#include "server/diagnostic_text.hpp"
#include "server/source_files.hpp"

namespace hclspec::server {

namespace {

constexpr const char* kLintHelp =
    R"(Usage: hclspec lint [options] PATH...

Checks HCL files and prints every problem with its location and the source line. A directory is
searched recursively for *.hcl, *.tf, *.nomad, *.hcldec, *.pkr.hcl and *.tfvars files; a file
named on the command line is checked whatever its name (*.json files in HCL's JSON syntax).

Every file is checked for syntax errors; hcldec spec files (*.hcldec) are also checked as specs.
With --spec, the other files are also checked against that spec: unexpected or missing
arguments and blocks, wrong value types, block counts and labels, as `hclspec decode` reports
them, and still for the intact parts of files with syntax errors.

Options:
  -s, --spec FILE  check the files against this hcldec spec file
  --no-color     never color the output (default: color when stdout is a terminal and
                 NO_COLOR is unset)
  -q, --quiet    print only the diagnostics, not the summary line
  -h, --help     show this help

Exit status: 0 when no errors were found, 2 when any file has errors, 1 for usage errors or
files that cannot be read.
)";

// The spec files are checked against, loaded once.
struct LoadedSpec {
  std::shared_ptr<const syntax::SyntaxTree> tree;
  spec::SpecFile file;
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
std::optional<LoadedSpec> load_lint_spec(const std::string& path, const TextStyle& style) {
  std::string error;
  std::optional<std::string> text = read_file(path, error);
  if (!text) {
    std::cerr << "hclspec lint: spec file " << path << ": " << error << "\n";
    return std::nullopt;
  }
  LoadedSpec spec;
  spec.tree = syntax::parse_config(std::move(*text), path);
  base::Diagnostics diags = spec.tree->diagnostics();
  if (!base::has_errors(diags)) spec.file = spec::load_spec(spec.tree, diags);
  for (const base::Diagnostic& diag : diags)
    std::cerr << format_diagnostic(spec.tree.get(), diag, style);
  if (base::has_errors(diags) || !spec.file.root) {
    std::cerr << "hclspec lint: the spec file " << path
              << " has errors; no file was checked against it\n";
    return std::nullopt;
  }
  return spec;
}

// Syntax errors; for a spec file, the spec's own problems; with a spec, the problems the spec
// finds (also in the intact parts of a broken file).
CheckedFile check_file(const std::string& path, std::string text, const LoadedSpec* spec) {
  CheckedFile out;
  if (is_json_file_name(path)) {
    out.json = syntax::parse_json(std::move(text), path);
    out.diagnostics = spec ? spec::validate(out.json.get(), spec->file) : out.json->diagnostics();
    return out;
  }
  out.native = syntax::parse_config(std::move(text), path);
  if (path.ends_with(".hcldec")) {
    out.diagnostics = out.native->diagnostics();
    // As hcldec, a spec that does not parse is not read as a spec.
    if (!base::has_errors(out.diagnostics)) spec::load_spec(out.native, out.diagnostics);
    return out;
  }
  out.diagnostics = spec ? spec::validate(out.native.get(), spec->file) : out.native->diagnostics();
  return out;
}

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
  std::optional<LoadedSpec> spec;
  if (!spec_path.empty()) {
    spec = load_lint_spec(spec_path, style);
    if (!spec) return 1;
  }
  for (const std::string& path : files) {
    std::string error;
    std::optional<std::string> text = read_file(path, error);
    if (!text) {
      std::cerr << "hclspec lint: " << path << ": " << error << "\n";
      io_failure = true;
      continue;
    }
    const CheckedFile checked = check_file(path, std::move(*text), spec ? &*spec : nullptr);
    bool file_has_error = false;
    for (const base::Diagnostic& diag : checked.diagnostics) {
      // A transform's result is an expression of the spec file: its problems are shown there.
      const base::SourceFile* in = spec && !diag.file.empty() && diag.file == spec->tree->filename()
                                       ? spec->tree.get()
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
