// `hclspec docs`: Markdown documentation of the language an hcldec spec file defines.
#pragma once

#include <string>
#include <vector>

namespace hclspec::server {

// Runs the command with the arguments after "docs". Returns the process exit status: 0, 2 when
// the spec has errors, 1 for usage errors and files that cannot be read or written.
int run_docs(const std::vector<std::string>& arguments);

}  // namespace hclspec::server
