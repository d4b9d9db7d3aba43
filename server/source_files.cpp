// File discovery with std::filesystem and whole-file reads.
#include "server/source_files.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "engine/base/huge_pages.hpp"
#include "server/spec_association.hpp"

namespace hclspec::server {

namespace fs = std::filesystem;

bool is_json_file_name(const std::string& name) {
  return name.ends_with(".json");
}

bool is_hcl_file_name(const std::string& name) {
  static const char* const kSuffixes[] = {".hcl", ".tf", ".nomad", ".hcldec", ".tfvars"};
  for (const char* suffix : kSuffixes) {
    const size_t n = std::strlen(suffix);
    if (name.size() > n && name.compare(name.size() - n, n, suffix) == 0) return true;
  }
  return false;
}

std::optional<std::string> read_file(const std::string& path, std::string& error) {
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (file == nullptr) {
    error = std::strerror(errno);
    return std::nullopt;
  }
  std::string data;
  // One allocation of the file's size (growing by appends copies it over and over).
  if (std::fseek(file, 0, SEEK_END) == 0) {
    const long size = std::ftell(file);
    if (size > 0) {
      data.reserve(static_cast<size_t>(size));
      base::advise_huge_pages(data.data(), data.capacity());
    }
    std::rewind(file);
  }
  char buffer[1 << 16];
  for (;;) {
    const size_t n = std::fread(buffer, 1, sizeof buffer, file);
    data.append(buffer, n);
    if (n < sizeof buffer) break;
  }
  const bool failed = std::ferror(file) != 0;
  std::fclose(file);
  if (failed) {
    error = "read failed";
    return std::nullopt;
  }
  return data;
}

std::unique_ptr<syntax::JsonTree> parse_inline_vars(const std::string& values, size_t index) {
  const size_t first = values.find_first_not_of(" \t\r\n\v\f");
  if (first == std::string::npos || values[first] != '{') return nullptr;
  return syntax::parse_json(values, "<vars argument " + std::to_string(index) + ">");
}

CommandFolder CommandFolder::current() {
  std::error_code ec;
  CommandFolder folder;
  folder.cwd = std::filesystem::current_path(ec).string();
  folder.trust_root = std::filesystem::weakly_canonical(folder.cwd, ec).string();
  return folder;
}

std::optional<std::string> resolve_inside(const CommandFolder& folder, const std::string& path,
                                          std::string& error) {
  std::error_code ec;
  std::string real_path = std::filesystem::canonical(path, ec).string();
  if (ec) {
    error = ec.message();
    return std::nullopt;
  }
  const std::string absolute =
      (std::filesystem::path(folder.cwd) / path).lexically_normal().string();
  if (links_out_of(folder.trust_root, absolute, real_path)) {
    error = "a symbolic link to a file outside the current directory; not read";
    return std::nullopt;
  }
  return real_path;
}

}  // namespace hclspec::server
