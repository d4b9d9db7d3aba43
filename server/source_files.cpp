// File discovery with std::filesystem and whole-file reads.
#include "server/source_files.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
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
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error = std::strerror(errno);
    return std::nullopt;
  }
  // A regular file is read straight into a string of its size, in as few calls as the kernel
  // allows: through a 64 KiB buffer, 10 MB took 160 calls and a copy more (2.7-3.4 against
  // 2.1-2.3 ms). Anything else (a pipe, a device) and a file that grows meanwhile are read on
  // until their end, the string growing as they do.
  std::string data;
  struct stat info {};
  const bool sized = ::fstat(fd, &info) == 0 && S_ISREG(info.st_mode) && info.st_size > 0;
  // + 1: the read that finds the end has room to look.
  data.reserve(sized ? static_cast<size_t>(info.st_size) + 1 : 64 * 1024);
  base::advise_huge_pages(data.data(), data.capacity());
  size_t length = 0;
  int failure = 0;
  for (;;) {
    if (length == data.capacity()) data.reserve(length * 2);
    data.resize(data.capacity());
    const ssize_t n = ::read(fd, data.data() + length, data.size() - length);
    if (n > 0) {
      length += static_cast<size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) failure = errno;
    break;
  }
  ::close(fd);
  if (failure != 0) {
    error = std::strerror(failure);
    return std::nullopt;
  }
  data.resize(length);
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
