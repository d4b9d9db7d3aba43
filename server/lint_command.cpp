// lint: options, files found and checked in parallel, the report in the chosen format, the exit
// status CI reads.
#include "server/lint_command.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <memory>
#include <optional>
#include <set>
#include <thread>

#include "engine/base/big_stack.hpp"
#include "engine/features/diagnostic_codes.hpp"
#include "engine/spec/decode.hpp"
#include "engine/syntax/json.hpp"
#include "engine/syntax/parser.hpp"
#include "server/diagnostic_text.hpp"
#include "server/file_access.hpp"
#include "server/lint/lint_check.hpp"
#include "server/lint/lint_files.hpp"
#include "server/lint/lint_output.hpp"
#include "server/progress.hpp"
#include "server/source_files.hpp"

namespace hclspec::server {

namespace {

constexpr const char* kLintHelp =
    R"(Usage: hclspec lint [options] [PATH...]

Checks HCL files (default: the current directory) and reports every problem with its location.
A folder is searched recursively for *.hcl, *.tf, *.nomad, *.hcldec, *.tfvars and .hclspec.hcl
files, and for *.json files that a .hclspec.hcl rule names (read in HCL's JSON syntax); hidden
folders (.git, .terraform, ...) and node_modules are skipped unless given as PATH. A file given
as PATH is checked whatever its name.

Every file is checked for syntax errors; hcldec spec files (*.hcldec) also as specs, and
.hclspec.hcl files against their built-in spec. A file that has a spec is checked against it as
the language server checks it: unexpected or missing arguments and blocks, value types, block
counts and labels, also in the intact parts of a file with syntax errors. Which spec applies:
  1. --spec FILE, for every file;
  2. else a modeline among the file's leading comment lines: `# hclspec: PATH` (or
     `// hclspec: PATH`), PATH relative to the file's folder; `# hclspec: none` checks
     syntax only;
  3. else the first matching `rule { files = [GLOB...]  spec = PATH }` of the nearest
     .hclspec.hcl in the file's folder or above (no higher than the current directory, for
     files inside it), or of --config FILE; globs and PATH relative to that file's folder.
  4. else none: syntax checks only.
A repository is untrusted input: a modeline may name only a spec inside the current directory,
a rule only one inside its .hclspec.hcl's folder, after resolving ".." and symbolic links;
anything else is an error on the file, and the spec is not read. A file in the current
directory that links outside it is not read either.

Silence a problem with a comment naming its code (hclspec lint --list-codes), on the line
before it or at the end of its line: `# hclspec-ignore: CODE[, CODE]` (or `all`); for a whole
file: `# hclspec-ignore-file: CODE`, in JSON files `"//": "hclspec-ignore-file: CODE"`.

Options:
  -s, --spec FILE          check every file against this hcldec spec (it may be anywhere)
  -c, --config FILE        use this .hclspec.hcl's rules for every file
  -V, --vars VALUES        variables for expressions, as in decode: a JSON object, or a file
                           of attributes (repeatable)
      --dynamic-blocks     expand `dynamic "T"` blocks into blocks of type T, as Terraform and
                           Nomad do, in every file (a rule's dynamic_blocks = true does it for
                           the files of that rule)
      --stdin-filename NAME  check standard input, reported and associated as file NAME
      --exclude GLOB       leave out files and folders matching GLOB (relative to the current
                           directory; without "/" it matches a name at any depth); repeatable
  -f, --format FORMAT      text (default), compact, json, sarif, github, checkstyle or junit
      --color WHEN         auto (default: when stdout is a terminal and NO_COLOR is unset),
                           always or never; --no-color is --color never
      --min-severity SEV   error (default) or warning: what makes the exit status 2
      --no-fail            report, but exit 0 whatever was found
  -j, --jobs N             check N files at a time (default: one per core)
  -q, --quiet              no summary line or progress on stderr
      --list-codes         print every diagnostic code with its description
  -h, --help               show this help

Columns are 1-based and count characters (SARIF: Unicode code points).

Exit status: 0 when nothing at or above --min-severity was found, 2 when something was, 1 for
usage errors, files or folders that cannot be read, and --spec, --config or --vars problems.
)";

struct LintOptions {
  std::vector<std::string> paths;
  std::string spec;
  std::string config;
  std::vector<std::string> vars;
  std::optional<std::string> stdin_filename;
  std::vector<std::string> excludes;
  lint::Format format = lint::Format::Text;
  std::string color = "auto";
  base::Severity min_severity = base::Severity::Error;
  bool no_fail = false;
  bool dynamic_blocks = false;
  bool quiet = false;
  bool list_codes = false;
  unsigned jobs = 0;
};

int usage_error(const std::string& message) {
  std::cerr << "hclspec lint: " << message << "\nRun 'hclspec lint --help' for usage.\n";
  return 1;
}

// Parses the arguments into `o`; a non-negative result is the exit status to stop with.
int parse_options(const std::vector<std::string>& arguments, LintOptions& o) {
  // Options that take a value: as "--name VALUE" or "--name=VALUE" (short ones: "-x VALUE" or
  // "-xVALUE").
  static const char* const kValued[][2] = {
      {"-s", "--spec"},         {"-c", "--config"},     {"-V", "--vars"},
      {"", "--stdin-filename"}, {"", "--exclude"},      {"-f", "--format"},
      {"", "--color"},          {"", "--min-severity"}, {"-j", "--jobs"}};
  bool options_done = false;
  for (size_t i = 0; i < arguments.size(); ++i) {
    const std::string& arg = arguments[i];
    if (options_done || arg == "-" || arg.empty() || arg[0] != '-') {
      o.paths.push_back(arg);
      continue;
    }
    if (arg == "--") {
      options_done = true;
      continue;
    }
    if (arg == "-h" || arg == "--help") {
      std::cout << kLintHelp;
      return 0;
    }
    if (arg == "--no-color") {
      o.color = "never";
      continue;
    }
    if (arg == "--no-fail") {
      o.no_fail = true;
      continue;
    }
    if (arg == "--dynamic-blocks") {
      o.dynamic_blocks = true;
      continue;
    }
    if (arg == "-q" || arg == "--quiet") {
      o.quiet = true;
      continue;
    }
    if (arg == "--list-codes") {
      o.list_codes = true;
      continue;
    }
    std::string name = arg, value;
    bool has_value = false;
    if (const size_t eq = arg.find('='); arg.starts_with("--") && eq != std::string::npos) {
      name = arg.substr(0, eq);
      value = arg.substr(eq + 1);
      has_value = true;
    } else if (!arg.starts_with("--") && arg.size() > 2) {
      name = arg.substr(0, 2);  // "-j4", "-fjson": the value attached to a short option
      value = arg.substr(2);
      has_value = true;
    }
    std::string option;  // the long name
    for (const auto& [short_name, long_name] : kValued)
      if (name == long_name || (*short_name != '\0' && name == short_name)) option = long_name;
    if (option.empty()) return usage_error("unknown option " + arg);
    if (!has_value) {
      if (i + 1 == arguments.size()) return usage_error(option + " needs a value");
      value = arguments[++i];
    }
    if (option == "--spec") {
      o.spec = value;
    } else if (option == "--config") {
      o.config = value;
    } else if (option == "--vars") {
      o.vars.push_back(value);
    } else if (option == "--stdin-filename") {
      o.stdin_filename = value;
    } else if (option == "--exclude") {
      o.excludes.push_back(value);
    } else if (option == "--format") {
      if (!lint::parse_format(value, o.format))
        return usage_error("unknown format \"" + value +
                           "\" (text, compact, json, sarif, github, checkstyle, junit)");
    } else if (option == "--color") {
      if (value != "auto" && value != "always" && value != "never")
        return usage_error("--color takes auto, always or never, not \"" + value + "\"");
      o.color = value;
    } else if (option == "--min-severity") {
      if (value == "error")
        o.min_severity = base::Severity::Error;
      else if (value == "warning")
        o.min_severity = base::Severity::Warning;
      else
        return usage_error("--min-severity takes error or warning, not \"" + value + "\"");
    } else if (option == "--jobs") {
      char* end = nullptr;
      const unsigned long jobs = std::strtoul(value.c_str(), &end, 10);
      if (value.empty() || *end != '\0' || jobs == 0 || jobs > 1024)
        return usage_error("--jobs takes a number from 1 to 1024, not \"" + value + "\"");
      o.jobs = static_cast<unsigned>(jobs);
    }
  }
  if (o.stdin_filename && !o.paths.empty())
    return usage_error("--stdin-filename checks standard input; give no PATH with it");
  if (o.paths.empty()) o.paths.push_back(".");
  return -1;
}

// Loads the spec for --spec; prints its problems, and gives nothing when it cannot be used.
std::shared_ptr<const LoadedSpec> load_explicit_spec(const std::string& path) {
  DiskFileAccess disk;
  if (!disk.real_path(path)) {
    std::cerr << "hclspec lint: spec file " << path << ": " << std::strerror(errno) << "\n";
    return nullptr;
  }
  std::optional<std::string> text = disk.read(path);
  if (!text) {
    std::cerr << "hclspec lint: spec file " << path
              << ": cannot be read (unreadable, a folder, or larger than 16 MiB)\n";
    return nullptr;
  }
  std::shared_ptr<const LoadedSpec> spec = load_spec_text(std::move(*text), path);
  for (const base::Diagnostic& diag : spec->diagnostics)
    std::cerr << format_diagnostic(spec->tree.get(), diag, TextStyle{false, true});
  if (!spec->usable()) {
    std::cerr << "hclspec lint: the spec file " << path
              << " has errors; no file was checked against it\n";
    return nullptr;
  }
  return spec;
}

// hcldec's --vars: a JSON object given inline, or a file of attributes (JSON or native syntax
// by its name), evaluated without variables. False (with the problems printed) on errors.
bool load_variables(const std::vector<std::string>& sources, eval::Variables& variables) {
  bool ok = true;
  for (size_t i = 0; i < sources.size(); ++i) {
    const std::string& source = sources[i];
    std::unique_ptr<syntax::JsonTree> json = parse_inline_vars(source, i);
    std::unique_ptr<syntax::SyntaxTree> native;
    if (!json) {
      std::string error;
      std::optional<std::string> text = read_file(source, error);
      if (!text) {
        std::cerr << "hclspec lint: vars file " << source << ": " << error << "\n";
        ok = false;
        continue;
      }
      if (is_json_file_name(source))
        json = syntax::parse_json(std::move(*text), source);
      else
        native = syntax::parse_config(std::move(*text), source);
    }
    const spec::InputFile input =
        json ? spec::InputFile(json.get()) : spec::InputFile(native.get());
    base::Diagnostics diags = input.diagnostics();
    for (auto& [name, value] : spec::attribute_values(input, nullptr, diags))
      variables[name] = std::move(value);
    for (const base::Diagnostic& diag : diags)
      std::cerr << format_diagnostic(&input.source(), diag, TextStyle{false, true});
    if (base::has_errors(diags)) ok = false;
  }
  return ok;
}

int list_codes() {
  size_t width = 0;
  for (const features::DiagnosticCodeInfo& info : features::diagnostic_codes())
    width = std::max(width, info.code.size());
  for (const features::DiagnosticCodeInfo& info : features::diagnostic_codes())
    std::cout << info.code << std::string(width + 2 - info.code.size(), ' ') << info.description
              << "\n";
  return 0;
}

}  // namespace

int run_lint(const std::vector<std::string>& arguments) {
  LintOptions o;
  if (const int status = parse_options(arguments, o); status >= 0) return status;
  if (o.list_codes) return list_codes();

  lint::LintSettings settings;
  if (!o.spec.empty()) {
    settings.spec = load_explicit_spec(o.spec);
    if (!settings.spec) return 1;
    settings.spec_shown = lint::shown_path(o.spec);
  }
  if (!o.config.empty()) {
    DiskFileAccess disk;
    const std::optional<std::string> real = disk.real_path(o.config);
    if (!real || std::filesystem::is_directory(*real)) {
      std::cerr << "hclspec lint: config file " << o.config << ": no such file\n";
      return 1;
    }
    settings.config = *real;
  }
  if (!load_variables(o.vars, settings.variables)) return 1;
  settings.dynamic_blocks = o.dynamic_blocks;

  std::vector<lint::Candidate> candidates;
  std::optional<std::string> stdin_text;
  bool io_failure = false;
  if (o.stdin_filename) {
    stdin_text.emplace(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    candidates.push_back({lint::shown_path(*o.stdin_filename), true, false});
  } else {
    lint::Discovery found = lint::discover(o.paths, o.excludes);
    for (const std::string& path : found.missing)
      std::cerr << "hclspec lint: " << path << ": no such file or directory\n";
    io_failure = !found.missing.empty();
    // A file reached twice (named and inside a folder given) is checked once.
    std::set<std::string> seen;
    for (lint::Candidate& candidate : found.files)
      if (seen.insert(candidate.path).second) candidates.push_back(std::move(candidate));
  }

  lint::Checker checker(std::move(settings));
  std::vector<std::optional<lint::LintedFile>> checked(candidates.size());
  {
    const bool progress_shown =
        !o.quiet && isatty(STDERR_FILENO) != 0 && std::getenv("CI") == nullptr;
    Progress progress(progress_shown, "hclspec lint: checked", candidates.size());
    std::atomic<size_t> next = 0;
    const auto work = [&] {
      for (size_t i; (i = next.fetch_add(1)) < candidates.size();) {
        checked[i] = checker.check(candidates[i], i == 0 ? std::move(stdin_text) : std::nullopt);
        progress.advance();
      }
    };
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    const size_t workers = std::min<size_t>(o.jobs ? o.jobs : cores, candidates.size());
    // Workers with large stacks: the parser and decoder would otherwise start such a thread
    // for every file (a 1 GiB reservation, mapped and unmapped each time). This thread only
    // waits for them, so they may start on its core.
    std::vector<std::unique_ptr<base::LargeStackTask>> tasks;
    for (size_t t = 0; t < workers; ++t)
      tasks.push_back(std::make_unique<base::LargeStackTask>(work, base::kLargeStackBytes,
                                                             base::TaskStart::kAnywhere));
    for (const auto& task : tasks) task->wait();
  }

  lint::Report report;
  std::set<std::string> linted;
  for (std::optional<lint::LintedFile>& file : checked) {
    if (!file) continue;
    if (!file->failure.empty()) {
      std::cerr << "hclspec lint: " << file->path << ": " << file->failure << "\n";
      io_failure = true;
      continue;
    }
    linted.insert(file->path);
    report.files.push_back(std::move(*file));
  }
  report.files_checked = report.files.size();
  for (lint::LintedFile& spec : checker.broken_specs(linted))
    report.files.push_back(std::move(spec));
  std::stable_sort(
      report.files.begin(), report.files.end(),
      [](const lint::LintedFile& a, const lint::LintedFile& b) { return a.path < b.path; });
  report.min_severity = o.min_severity;
  report.color = o.color == "always" || (o.color == "auto" && isatty(STDOUT_FILENO) != 0 &&
                                         std::getenv("NO_COLOR") == nullptr);
  lint::count(report);
  std::cout << lint::render(report, o.format) << std::flush;
  if (!o.quiet && o.format == lint::Format::Text) std::cerr << lint::summary_line(report);

  if (io_failure) return 1;
  if (o.no_fail) return 0;
  const bool failed =
      report.errors > 0 || (o.min_severity == base::Severity::Warning && report.warnings > 0);
  return failed ? 2 : 0;
}

}  // namespace hclspec::server
