// fmt: options, the files to format, and how results leave: stdout, a list, a diff, or files
// replaced safely.
#include "server/fmt_command.hpp"

#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <iostream>
#include <iterator>
#include <optional>
#include <set>

#include "engine/base/big_stack.hpp"
#include "engine/features/formatting.hpp"
#include "engine/syntax/parser.hpp"
#include "server/lint/lint_check.hpp"
#include "server/lint/lint_files.hpp"
#include "server/lint/lint_output.hpp"
#include "server/progress.hpp"
#include "server/replace_file.hpp"
#include "server/source_files.hpp"
#include "server/unified_diff.hpp"

namespace hclspec::server {

namespace {

constexpr const char* kFmtHelp =
    R"(Usage: hclspec fmt [options] [PATH...]

Formats HCL files in the canonical style, exactly as HashiCorp's formatter (hclwrite, as used by
terraform fmt, packer fmt and nomad fmt) does: indentation, spaces between tokens, "=" and
trailing comments aligned. Only spaces change: comments, heredocs, strings and line endings
(CRLF stays CRLF) are kept; a UTF-8 byte order mark is dropped, as hclwrite drops it. A file with syntax errors is not formatted: its errors are printed
as lint prints them, and the file is left as it was.

PATH is a file, a folder (searched as lint does: *.hcl, *.tf, *.nomad, *.hcldec, *.tfvars and
.hclspec.hcl files, hidden folders and node_modules skipped), or - for standard input. With no
PATH: standard input, or the current directory with --write or --check. Files in JSON syntax are
not formatted.

With no option the formatted text is printed to standard output.
Options:
  -w, --write         rewrite files that change, in place, and print their names; a file is
                      replaced only once its new text is safely on disk, keeping its owner and
                      permissions (a file that does not change is not touched; one we may not
                      write, or with several hard links, is refused)
      --check         print the names of files that would change, and exit 3 if any would
      --diff          print a unified diff of each change (with --write: of what was written)
      --exclude GLOB  leave out files and folders matching GLOB, as lint does; repeatable
  -h, --help          show this help

Exit status: 0 when done (or, with --check, nothing would change), 3 when --check found files
to change, 2 when a file has syntax errors, 1 for usage errors and files that cannot be read or
written.
)";

struct FmtOptions {
  std::vector<std::string> paths;
  std::vector<std::string> excludes;
  bool write = false;
  bool check = false;
  bool diff = false;
};

int usage_error(const std::string& message) {
  std::cerr << "hclspec fmt: " << message << "\nRun 'hclspec fmt --help' for usage.\n";
  return 1;
}

// Parses the arguments into `o`; a non-negative result is the exit status to stop with.
int parse_options(const std::vector<std::string>& arguments, FmtOptions& o) {
  bool options_done = false;
  for (size_t i = 0; i < arguments.size(); ++i) {
    const std::string& arg = arguments[i];
    if (options_done || arg == "-" || arg.empty() || arg[0] != '-') {
      o.paths.push_back(arg);
    } else if (arg == "--") {
      options_done = true;
    } else if (arg == "-h" || arg == "--help") {
      std::cout << kFmtHelp;
      return 0;
    } else if (arg == "-w" || arg == "--write") {
      o.write = true;
    } else if (arg == "--check") {
      o.check = true;
    } else if (arg == "--diff") {
      o.diff = true;
    } else if (arg == "--exclude" || arg.starts_with("--exclude=")) {
      if (arg.size() > 9) {
        o.excludes.push_back(arg.substr(10));
      } else if (i + 1 < arguments.size()) {
        o.excludes.push_back(arguments[++i]);
      } else {
        return usage_error("--exclude needs a value");
      }
    } else {
      return usage_error("unknown option " + arg);
    }
  }
  if (o.write && o.check)
    return usage_error("--check reports what would change and writes nothing; drop --write");
  if (o.paths.empty()) o.paths.push_back(o.write || o.check ? "." : "-");
  for (const std::string& path : o.paths)
    if (path == "-" && o.write) return usage_error("--write needs files, not standard input");
  return -1;
}

class FmtRun {
 public:
  explicit FmtRun(const FmtOptions& options) : o_(options), folder_(CommandFolder::current()) {}

  int run() {
    std::vector<std::string> files;
    for (const std::string& path : o_.paths) {
      if (path == "-") {
        files.push_back(path);
        continue;
      }
      lint::Discovery found = lint::discover({path}, o_.excludes);
      for (const std::string& missing : found.missing)
        failure(missing, "no such file or directory");
      for (const lint::Candidate& candidate : found.files) {
        if (candidate.json_if_associated) continue;  // a walk's *.json: not ours to format
        if (candidate.named && is_json_file_name(candidate.path)) {
          failure(candidate.path, "files in JSON syntax are not formatted");
          continue;
        }
        files.push_back(candidate.path);  // a file found twice is read once (seen_)
      }
    }
    {
      const bool shown = isatty(STDERR_FILENO) != 0 && std::getenv("CI") == nullptr;
      Progress progress(shown, "hclspec fmt: formatted", files.size());
      for (const std::string& file : files) {
        format_file(file);
        progress.advance();
      }
    }
    std::cout << std::flush;
    if (!std::cout) {
      std::cerr << "hclspec fmt: cannot write to standard output\n";
      io_failure_ = true;
    }
    if (broken_ > 0)
      std::cerr << "hclspec fmt: " << broken_ << (broken_ == 1 ? " file was" : " files were")
                << " not formatted because of syntax errors\n";
    if (io_failure_) return 1;
    if (broken_ > 0) return 2;
    return o_.check && changed_ > 0 ? 3 : 0;
  }

 private:
  void failure(const std::string& path, const std::string& message) {
    std::cerr << "hclspec fmt: " << path << ": " << message << "\n";
    io_failure_ = true;
  }

  // The text of `path` ("-": standard input) and where to write it back; nullopt after a
  // failure was reported.
  std::optional<std::string> read(const std::string& path, std::string& real_path) {
    if (path == "-")
      return std::string(std::istreambuf_iterator<char>(std::cin),
                         std::istreambuf_iterator<char>());
    std::string error;
    std::optional<std::string> resolved = resolve_inside(folder_, path, error);
    if (!resolved) {
      failure(path, error);
      return std::nullopt;
    }
    real_path = std::move(*resolved);
    if (!seen_.insert(real_path).second) return std::nullopt;  // "a.hcl ./a.hcl": once
    // The resolved path, as checked: the link cannot be changed to point elsewhere meanwhile.
    std::optional<std::string> text = read_file(real_path, error);
    if (!text) failure(path, error);
    return text;
  }

  void format_file(const std::string& path) {
    std::string real_path;
    std::optional<std::string> text = read(path, real_path);
    if (!text) return;
    const std::string shown = path == "-" ? "<stdin>" : path;
    // Formatting reads only the tokens: it is worked out on a thread of its own while the parse
    // makes the nodes that tell whether the file may be formatted, on the cores the parse
    // leaves idle at times (10 MB: about 5% less wall time).
    features::FormatChanges changes;
    std::optional<base::LargeStackTask> formatting;
    const std::shared_ptr<const syntax::SyntaxTree> tree = syntax::parse_config(
        std::move(*text), shown, [&](std::shared_ptr<const syntax::SyntaxTree> tokens_ready) {
          formatting.emplace([&changes, held = std::move(tokens_ready)] {
            changes = features::format_changes(*held);
          });
        });
    if (formatting) formatting->wait();
    if (base::has_errors(tree->diagnostics())) {
      report_syntax_errors(shown, tree);
      return;
    }
    if (!o_.write && !o_.diff && !o_.check) print_formatted(tree->text(), changes);
    if (changes.gaps.empty()) return;
    ++changed_;
    if (o_.check) std::cout << shown << "\n";
    if (!o_.write && !o_.diff) return;
    const std::string formatted = features::formatted_text(tree->text(), changes);
    if (o_.diff) std::cout << unified_diff(tree->text(), formatted, shown);
    if (!o_.write) return;
    if (const std::string problem = replace_file(real_path, formatted); !problem.empty()) {
      failure(path, problem + "; the file is unchanged");
      return;
    }
    if (!o_.diff) std::cout << shown << "\n";
  }

  // Prints `text` with `changes` made, through a buffer of its own (a piece is often a few
  // bytes).
  static void print_formatted(std::string_view text, const features::FormatChanges& changes) {
    constexpr size_t kBufferBytes = 64 * 1024;
    std::string buffer;
    buffer.reserve(kBufferBytes);
    features::for_each_formatted_piece(text, changes, [&](std::string_view piece) {
      if (buffer.size() + piece.size() > kBufferBytes) {
        std::cout.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
        buffer.clear();
      }
      if (piece.size() >= kBufferBytes)
        std::cout.write(piece.data(), static_cast<std::streamsize>(piece.size()));
      else
        buffer.append(piece);
    });
    std::cout.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
  }

  void report_syntax_errors(const std::string& shown,
                            const std::shared_ptr<const syntax::SyntaxTree>& tree) {
    ++broken_;
    lint::Report report;
    lint::LintedFile file;
    file.path = shown;
    file.findings = lint::findings_of(tree.get(), tree->diagnostics());
    file.source = tree;
    report.files.push_back(std::move(file));
    report.color = isatty(STDERR_FILENO) != 0 && std::getenv("NO_COLOR") == nullptr;
    std::cerr << lint::render(report, lint::Format::Text);
  }

  const FmtOptions& o_;
  const CommandFolder folder_;
  std::set<std::string> seen_;  // real paths of the files read
  size_t changed_ = 0;
  size_t broken_ = 0;
  bool io_failure_ = false;
};

}  // namespace

int run_fmt(const std::vector<std::string>& arguments) {
  FmtOptions options;
  if (const int status = parse_options(arguments, options); status >= 0) return status;
  return FmtRun(options).run();
}

}  // namespace hclspec::server
