// The hclspec executable: dispatches to subcommands.
#include <iostream>
#include <string>
#include <vector>

#include "engine/base/huge_pages.hpp"
#include "server/decode_command.hpp"
#include "server/docs_command.hpp"
#include "server/fmt_command.hpp"
#include "server/infer_command.hpp"
#include "server/lint_command.hpp"
#include "server/serve_command.hpp"

namespace {

constexpr const char* kHelp = R"(Usage: hclspec <command> [arguments]

HCL tooling driven by hcldec spec files.

Commands:
  lint PATH...   check HCL files and directories for syntax errors
  fmt [PATH...]  format HCL files as HashiCorp's formatter does (print, --check, --write)
  decode         decode HCL files by an hcldec spec file and print JSON (as hcldec)
  infer PATH...  draft an hcldec spec that accepts the given HCL files
  docs SPEC      write Markdown documentation of the language an hcldec spec file defines
  serve          run the language server (LSP) on standard input and output

Options:
  -h, --help     show this help (also: hclspec <command> --help)
  -v, --version  print the version
)";

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  const std::string invoked = argc > 0 ? argv[0] : "";
  const size_t slash = invoked.find_last_of('/');
  const bool as_hcldec = invoked.substr(slash == std::string::npos ? 0 : slash + 1) == "hcldec";
  // Commands end with their work, so their heaps may be made large at once (and a large decode's
  // advised into huge pages); the server runs for hours and keeps to malloc's own sizes.
  if (as_hcldec || args.empty() || args.front() != "serve") hclspec::base::use_huge_page_heaps();
  if (as_hcldec) return hclspec::server::run_decode(args);
  if (args.empty()) {
    std::cerr << kHelp;
    return 1;
  }
  const std::string command = args.front();
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (command == "-h" || command == "--help" || command == "help") {
    std::cout << kHelp;
    return 0;
  }
  if (command == "-v" || command == "--version") {
    std::cout << "hclspec " << HCLSPEC_VERSION << "\n";
    return 0;
  }
  if (command == "lint") return hclspec::server::run_lint(rest);
  if (command == "fmt") return hclspec::server::run_fmt(rest);
  if (command == "decode") return hclspec::server::run_decode(rest);
  if (command == "infer") return hclspec::server::run_infer(rest);
  if (command == "docs") return hclspec::server::run_docs(rest);
  if (command == "serve") return hclspec::server::run_serve(rest);
  std::cerr << "hclspec: unknown command '" << command << "'\n"
            << "Run 'hclspec --help' for the list of commands.\n";
  return 1;
}
