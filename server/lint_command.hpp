// `hclspec lint`: syntax diagnostics for files and directory trees, for people and CI.
#pragma once

#include <string>
#include <vector>

namespace hclspec::server {

// Runs the command with the arguments after "lint". Returns the process exit status: 0 when
// no errors, 2 when any file has errors, 1 for usage or I/O errors.
int run_lint(const std::vector<std::string>& arguments);

}  // namespace hclspec::server
