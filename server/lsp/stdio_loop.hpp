// `hclspec serve`: the language server on standard input and output, with Boost.Asio.
#pragma once

#include <string>

namespace hclspec::server::lsp {

struct StdioOptions {
  int input_fd = 0;
  int output_fd = 1;
  std::string log_file;  // when set, log lines are appended there too
};

// Serves until `exit` (status 0 after `shutdown`, else 1) or until the input ends (status 1
// unless `shutdown` came first).
int run_stdio_server(const StdioOptions& options);

}  // namespace hclspec::server::lsp
