// infer: a draft hcldec spec from existing HCL files.
#pragma once

#include <string>
#include <vector>

namespace hclspec::server {

// `hclspec infer [options] PATH...`; returns the exit status.
int run_infer(const std::vector<std::string>& arguments);

}  // namespace hclspec::server
