// Finding and reading the files a command works on.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace hclspec::server {

// File names lint looks at inside directories: HCL configuration in its common spellings.
bool is_hcl_file_name(const std::string& name);

// Files read in HCL's JSON syntax rather than the native one: those named *.json, as hcldec
// chooses.
bool is_json_file_name(const std::string& name);

// The file's bytes, or nullopt with `error` set.
std::optional<std::string> read_file(const std::string& path, std::string& error);

}  // namespace hclspec::server
