// serve: options, then the LSP server on standard input and output.
#include "server/serve_command.hpp"

#include <iostream>

#include "server/lsp/stdio_loop.hpp"

namespace hclspec::server {

namespace {

constexpr const char* kServeHelp = R"(Usage: hclspec serve [--stdio] [--log-file FILE]

Runs the language server (LSP 3.17) on standard input and output: diagnostics for syntax errors
and everything the file's spec requires, completion and hover driven by the spec.

Which spec applies to a file: a modeline among its leading comment lines ("# hclspec: PATH" or
"# hclspec: none"), else the first matching rule of the nearest .hclspec.hcl, else the rules
the client sends (initializationOptions.rules or the "hclspec.rules" setting). See the README.

Options:
  --stdio          talk over standard input and output (the default; clients pass it)
  --log-file FILE  append the server's log lines to FILE as well (for troubleshooting)
  -h, --help       show this help

Exit status: 0 after shutdown and exit, 1 when the client exits without shutdown or the input
ends first.
)";

}  // namespace

int run_serve(const std::vector<std::string>& arguments) {
  lsp::StdioOptions options;
  for (size_t i = 0; i < arguments.size(); ++i) {
    const std::string& arg = arguments[i];
    if (arg == "-h" || arg == "--help") {
      std::cout << kServeHelp;
      return 0;
    }
    if (arg == "--stdio") continue;
    if (arg == "--log-file" && i + 1 < arguments.size()) {
      options.log_file = arguments[++i];
    } else if (arg.starts_with("--log-file=")) {
      options.log_file = arg.substr(11);
    } else {
      std::cerr << "hclspec serve: unknown option " << arg << "\n"
                << "Run 'hclspec serve --help' for usage.\n";
      return 1;
    }
  }
  return lsp::run_stdio_server(options);
}

}  // namespace hclspec::server
