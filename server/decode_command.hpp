// `hclspec decode`: hcldec's command line, output and exit statuses.
#pragma once

#include <string>
#include <vector>

namespace hclspec::server {

// Runs the command with the arguments after "decode" (or after "hcldec" when the executable
// is invoked under that name). Exit status: 0, 2 on diagnostics, 1 on other failures.
int run_decode(const std::vector<std::string>& arguments);

}  // namespace hclspec::server
