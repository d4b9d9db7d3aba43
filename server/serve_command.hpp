// `hclspec serve`: the language server's command line.
#pragma once

#include <string>
#include <vector>

namespace hclspec::server {

int run_serve(const std::vector<std::string>& arguments);

}  // namespace hclspec::server
