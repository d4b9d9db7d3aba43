// lint: collect files, parse each, print diagnostics and a summary.
#include "server/lint_command.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "engine/syntax/parser.hpp"
#include "server/diagnostic_text.hpp"
#include "server/source_files.hpp"

namespace hclspec::server {

namespace {

constexpr const char* kLintHelp =
    R"(Usage: hclspec lint [options] PATH...

Checks HCL files for syntax errors and prints every problem with its location and the source
line. A directory is searched recursively for *.hcl, *.tf, *.nomad, *.hcldec, *.pkr.hcl and
*.tfvars files; a file named on the command line is checked whatever its name.

Options:
  --no-color     never color the output (default: color when stdout is a terminal and
                 NO_COLOR is unset)
  -q, --quiet    print only the diagnostics, not the summary line
  -h, --help     show this help

Exit status: 0 when no errors were found, 2 when any file has errors, 1 for usage errors or
files that cannot be read.
)";

}  // namespace

int run_lint(const std::vector<std::string>& arguments) {
  std::vector<std::string> paths;
  bool color = isatty(STDOUT_FILENO) != 0 && std::getenv("NO_COLOR") == nullptr;
  bool quiet = false;
  bool options_done = false;
  for (const std::string& arg : arguments) {
    if (!options_done && arg == "--") {
      options_done = true;
    } else if (!options_done && (arg == "-h" || arg == "--help")) {
      std::cout << kLintHelp;
      return 0;
    } else if (!options_done && arg == "--no-color") {
      color = false;
    } else if (!options_done && (arg == "-q" || arg == "--quiet")) {
      quiet = true;
    } else if (!options_done && arg.size() > 1 && arg[0] == '-') {
      std::cerr << "hclspec lint: unknown option " << arg << "\n"
                << "Run 'hclspec lint --help' for usage.\n";
      return 1;
    } else {
      paths.push_back(arg);
    }
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
  for (const std::string& path : files) {
    std::string error;
    std::optional<std::string> text = read_file(path, error);
    if (!text) {
      std::cerr << "hclspec lint: " << path << ": " << error << "\n";
      io_failure = true;
      continue;
    }
    const auto tree = syntax::parse_config(std::move(*text), path);
    bool file_has_error = false;
    for (const base::Diagnostic& diag : tree->diagnostics()) {
      std::cout << format_diagnostic(tree.get(), diag, style);
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
