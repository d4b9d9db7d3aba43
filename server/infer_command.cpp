// infer: options, the files read (as lint finds them), and where the draft spec goes.
#include "server/infer_command.hpp"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <set>

#include "engine/base/big_stack.hpp"
#include "engine/features/infer_spec.hpp"
#include "engine/syntax/parser.hpp"
#include "server/lint/lint_files.hpp"
#include "server/progress.hpp"
#include "server/replace_file.hpp"
#include "server/source_files.hpp"

namespace hclspec::server {

namespace {

namespace fs = std::filesystem;

constexpr const char* kInferHelp =
    R"(Usage: hclspec infer [options] PATH...

Drafts an hcldec spec that accepts every given HCL file, from what the files hold: each body's
attributes with the narrowest type all their values convert to (number, string, bool,
list(...), map(...), object({...}), or any), required when every instance of the body has
them; blocks as block (at most one per body), block_list (repeated) or block_map (labelled;
label names are guesses), required when every instance of the body has one. The variables and
functions the files refer to become placeholders in the spec (a variables block and function
stubs), so that the draft validates the files as they are. Review the draft: it says what the
files have in common, not what your tool means.

PATH is a file or a folder, searched as lint does (*.hcl, *.tf, *.nomad, *.tfvars; hidden
folders and node_modules skipped; spec files, .hclspec.hcl and JSON files left out). Files
with syntax errors are left out, with a note. The spec is written formatted, with a comment
saying where it came from; check it with: hclspec lint --spec SPEC PATH...

Options:
  -o, --output FILE   write the spec to FILE (replaced safely when it exists) instead of
                      standard output
      --exclude GLOB  leave out files and folders matching GLOB, as lint does; repeatable
  -h, --help          show this help

Exit status: 0 when the spec was written, 1 for usage errors, files that cannot be read or
written, and when no file could be read.
)";

struct InferOptions {
  std::vector<std::string> paths;
  std::vector<std::string> excludes;
  std::string output;
};

int usage_error(const std::string& message) {
  std::cerr << "hclspec infer: " << message << "\nRun 'hclspec infer --help' for usage.\n";
  return 1;
}

// Parses the arguments into `o`; a non-negative result is the exit status to stop with.
int parse_options(const std::vector<std::string>& arguments, InferOptions& o) {
  bool options_done = false;
  const auto value = [&](size_t& i, const std::string& arg, const std::string& flag,
                         std::string& out) {
    if (arg.starts_with(flag + "=")) {
      out = arg.substr(flag.size() + 1);
      return true;
    }
    if (i + 1 >= arguments.size()) return false;
    out = arguments[++i];
    return true;
  };
  for (size_t i = 0; i < arguments.size(); ++i) {
    const std::string& arg = arguments[i];
    if (options_done || arg.empty() || arg[0] != '-') {
      o.paths.push_back(arg);
    } else if (arg == "--") {
      options_done = true;
    } else if (arg == "-h" || arg == "--help") {
      std::cout << kInferHelp;
      return 0;
    } else if (arg == "-o" || arg == "--output" || arg.starts_with("--output=")) {
      if (!value(i, arg, "--output", o.output) || o.output.empty())
        return usage_error(arg + " needs a file name");
    } else if (arg == "--exclude" || arg.starts_with("--exclude=")) {
      std::string glob;
      if (!value(i, arg, "--exclude", glob)) return usage_error("--exclude needs a value");
      o.excludes.push_back(glob);
    } else {
      return usage_error("unknown option " + arg);
    }
  }
  if (o.paths.empty()) return usage_error("name the files or folders to infer a spec from");
  return -1;
}

// Found in a folder walk, yet not an input: specs, the association file, JSON files.
bool left_out_of_walk(const lint::Candidate& candidate) {
  const std::string name = fs::path(candidate.path).filename().string();
  return candidate.json_if_associated || name.ends_with(".hcldec") || name == ".hclspec.hcl";
}

class InferRun {
 public:
  explicit InferRun(const InferOptions& options) : o_(options), folder_(CommandFolder::current()) {}

  int run() {
    std::vector<std::string> files;
    for (const std::string& path : o_.paths) {
      lint::Discovery found = lint::discover({path}, o_.excludes);
      for (const std::string& missing : found.missing)
        failure(missing, "no such file or directory");
      for (const lint::Candidate& candidate : found.files) {
        if (!candidate.named && left_out_of_walk(candidate)) continue;
        if (is_json_file_name(candidate.path)) {
          note(candidate.path, "left out: files in JSON syntax are not read by infer");
          continue;
        }
        files.push_back(candidate.path);
      }
    }
    std::vector<std::shared_ptr<const syntax::SyntaxTree>> trees;
    {
      const bool shown = isatty(STDERR_FILENO) != 0 && std::getenv("CI") == nullptr;
      Progress progress(shown, "hclspec infer: read", files.size());
      for (const std::string& file : files) {
        if (std::shared_ptr<const syntax::SyntaxTree> tree = read(file))
          trees.push_back(std::move(tree));
        progress.advance();
      }
    }
    if (trees.empty()) {
      std::cerr << "hclspec infer: no file to infer a spec from\n";
      return 1;
    }
    std::string from;
    for (const std::string& path : o_.paths) from += " " + path;
    const features::InferredSpec spec = features::infer_spec(
        trees, "A draft spec inferred by `hclspec infer` from " + std::to_string(trees.size()) +
                   (trees.size() == 1 ? " file:" : " files:") + from);
    for (const std::string& warning : spec.warnings)
      std::cerr << "hclspec infer: warning: " << warning << "\n";
    if (!spec.rejected.empty()) {
      std::cerr << "hclspec infer: the draft does not accept " << spec.rejected.size() << " of "
                << trees.size() << " files as they are (the warnings above say why):";
      for (size_t i = 0; i < spec.rejected.size() && i < 10; ++i)
        std::cerr << (i > 0 ? ", " : " ") << spec.rejected[i];
      std::cerr << (spec.rejected.size() > 10 ? ", ...\n" : "\n");
    }
    if (o_.output.empty()) {
      std::cout << spec.text << std::flush;
      if (!std::cout) failure("standard output", "cannot be written");
    } else if (const std::string problem = write_file(o_.output, spec.text); !problem.empty()) {
      failure(o_.output, problem);
    }
    return failed_ ? 1 : 0;
  }

 private:
  void failure(const std::string& path, const std::string& message) {
    std::cerr << "hclspec infer: " << path << ": " << message << "\n";
    failed_ = true;
  }
  static void note(const std::string& path, const std::string& message) {
    std::cerr << "hclspec infer: " << path << ": " << message << "\n";
  }

  // The parsed file, or null after a note or failure was printed.
  std::unique_ptr<syntax::SyntaxTree> read(const std::string& path) {
    std::string error;
    const std::optional<std::string> real_path = resolve_inside(folder_, path, error);
    if (!real_path) {
      failure(path, error);
      return nullptr;
    }
    if (!seen_.insert(*real_path).second) return nullptr;  // "a.hcl ./a.hcl": once
    std::optional<std::string> text = read_file(*real_path, error);
    if (!text) {
      failure(path, error);
      return nullptr;
    }
    std::unique_ptr<syntax::SyntaxTree> tree = syntax::parse_config(std::move(*text), path);
    if (base::has_errors(tree->diagnostics())) {
      note(path, "left out: it has syntax errors (hclspec lint " + path + " shows them)");
      return nullptr;
    }
    return tree;
  }

  const InferOptions& o_;
  const CommandFolder folder_;
  std::set<std::string> seen_;  // real paths of the files read
  bool failed_ = false;
};

}  // namespace

int run_infer(const std::vector<std::string>& arguments) {
  InferOptions options;
  if (const int status = parse_options(arguments, options); status >= 0) return status;
  // One large stack for the whole run: evaluating deep expressions needs one, and each
  // evaluation would otherwise start a thread for it.
  int status = 1;
  base::call_with_large_stack([&] { status = InferRun(options).run(); });
  return status;
}

}  // namespace hclspec::server
