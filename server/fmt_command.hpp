// `hclspec fmt`: HCL files formatted as HashiCorp's formatter does, printed, checked or rewritten.
#pragma once

#include <string>
#include <vector>

namespace hclspec::server {

// Runs the command with the arguments after "fmt". Returns the process exit status: 0, 3 when
// --check found files to change, 2 when a file has syntax errors, 1 for usage or I/O errors.
int run_fmt(const std::vector<std::string>& arguments);

}  // namespace hclspec::server
