// Finding and reading the files a command works on.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/syntax/json.hpp"

namespace hclspec::server {

// File names lint looks at inside directories: HCL configuration in its common spellings.
bool is_hcl_file_name(const std::string& name);

// Files read in HCL's JSON syntax rather than the native one: those named *.json, as hcldec
// chooses.
bool is_json_file_name(const std::string& name);

// The file's bytes, or nullopt with `error` set.
std::optional<std::string> read_file(const std::string& path, std::string& error);

// Where a command (fmt, infer) reads the files it is given: the current directory, as found at
// the start, and its real path, inside which files may not link out.
struct CommandFolder {
  std::string cwd;
  std::string trust_root;
  static CommandFolder current();
};

// Resolves `path` (relative to `folder.cwd`) to `real_path`; nullopt with `error` set when it
// does not exist, or when it lies inside the folder yet links outside it, which is not read (a
// repository is untrusted input, as lint says).
std::optional<std::string> resolve_inside(const CommandFolder& folder, const std::string& path,
                                          std::string& error);

// hcldec's --vars VALUES when given inline, a JSON object (its first non-space character is
// "{"), parsed as the JSON file "<vars argument INDEX>"; null when VALUES names a file instead.
std::unique_ptr<syntax::JsonTree> parse_inline_vars(const std::string& values, size_t index);

}  // namespace hclspec::server
