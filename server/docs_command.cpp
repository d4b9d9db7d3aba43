// docs: read and load the spec, report its errors as lint does, write the engine's Markdown to
// stdout or safely to a file.
#include "server/docs_command.hpp"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>

#include "engine/features/spec_docs.hpp"
#include "server/lint/lint_check.hpp"
#include "server/lint/lint_output.hpp"
#include "server/replace_file.hpp"
#include "server/source_files.hpp"
#include "server/spec_store.hpp"

namespace hclspec::server {

namespace {

namespace fs = std::filesystem;

constexpr const char* kDocsHelp =
    R"(Usage: hclspec docs [options] SPEC

Writes Markdown documentation of the language the hcldec spec file SPEC defines, for the people
who write files checked against it: a section per block type (nested blocks as deeper headings)
with its labels and how many are allowed, a table of each body's attributes (name, type,
required, description), the spec's variables and functions with their signatures, and an
example file holding the required items, which the spec accepts. Descriptions are the comments
directly above the spec's blocks. Spec authors publish it next to their tool.

A spec with errors is not documented: its errors are printed as lint prints them.

Options:
  -o, --out FILE  write the documentation to FILE instead of standard output; FILE is replaced
                  only once the new text is safely on disk (an existing file keeps its owner
                  and permissions)
  -h, --help      show this help

Exit status: 0 when written, 2 when the spec has errors, 1 for usage errors and files that
cannot be read or written.
)";

struct DocsOptions {
  std::string spec;
  std::optional<std::string> out;
};

int usage_error(const std::string& message) {
  std::cerr << "hclspec docs: " << message << "\nRun 'hclspec docs --help' for usage.\n";
  return 1;
}

// Parses the arguments into `o`; a non-negative result is the exit status to stop with.
int parse_options(const std::vector<std::string>& arguments, DocsOptions& o) {
  std::vector<std::string> specs;
  bool options_done = false;
  for (size_t i = 0; i < arguments.size(); ++i) {
    const std::string& arg = arguments[i];
    if (options_done || arg.empty() || arg[0] != '-') {
      specs.push_back(arg);
    } else if (arg == "--") {
      options_done = true;
    } else if (arg == "-h" || arg == "--help") {
      std::cout << kDocsHelp;
      return 0;
    } else if (arg == "-o" || arg == "--out") {
      if (i + 1 >= arguments.size()) return usage_error(arg + " needs a file name");
      o.out = arguments[++i];
    } else if (arg.starts_with("--out=")) {
      o.out = arg.substr(6);
    } else {
      return usage_error("unknown option " + arg);
    }
  }
  if (specs.size() != 1)
    return usage_error(specs.empty() ? "no spec file given" : "one spec file at a time");
  if (o.out && o.out->empty()) return usage_error("--out needs a file name");
  o.spec = specs.front();
  return -1;
}

// The spec's problems on stderr, as lint prints them.
void report_spec_errors(const std::string& shown, const LoadedSpec& loaded) {
  lint::Report report;
  lint::LintedFile file;
  file.path = shown;
  file.findings = lint::findings_of(loaded.tree.get(), loaded.diagnostics);
  file.source = loaded.tree;
  report.files.push_back(std::move(file));
  report.color = isatty(STDERR_FILENO) != 0 && std::getenv("NO_COLOR") == nullptr;
  std::cerr << lint::render(report, lint::Format::Text);
}

int write_output(const DocsOptions& o, const std::string& markdown) {
  if (!o.out) {
    std::cout << markdown << std::flush;
    if (std::cout) return 0;
    std::cerr << "hclspec docs: cannot write to standard output\n";
    return 1;
  }
  std::error_code ec;
  // The real path: a symbolic link is followed, not replaced by a file.
  const std::string real = fs::weakly_canonical(*o.out, ec).string();
  if (ec) {
    std::cerr << "hclspec docs: " << *o.out << ": " << ec.message() << "\n";
    return 1;
  }
  if (fs::equivalent(real, o.spec, ec)) {
    std::cerr << "hclspec docs: " << *o.out << " is the spec file itself; not overwritten\n";
    return 1;
  }
  if (const std::string problem = write_file(real, markdown); !problem.empty()) {
    std::cerr << "hclspec docs: " << *o.out << ": " << problem << "\n";
    return 1;
  }
  return 0;
}

}  // namespace

int run_docs(const std::vector<std::string>& arguments) {
  DocsOptions o;
  if (const int status = parse_options(arguments, o); status >= 0) return status;
  std::string error;
  std::optional<std::string> text = read_file(o.spec, error);
  if (!text) {
    std::cerr << "hclspec docs: " << o.spec << ": " << error << "\n";
    return 1;
  }
  const std::shared_ptr<const LoadedSpec> loaded = load_spec_text(std::move(*text), o.spec);
  if (!loaded->usable()) {
    report_spec_errors(o.spec, *loaded);
    std::cerr << "hclspec docs: the spec file " << o.spec
              << " has errors; no documentation was written\n";
    return 2;
  }
  return write_output(o, features::spec_docs(*loaded->file, fs::path(o.spec).filename().string()));
}

}  // namespace hclspec::server
