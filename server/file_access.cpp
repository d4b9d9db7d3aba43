// Bounded whole-file reads and real paths on the real file system.
#include "server/file_access.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <memory>
#include <string_view>

namespace hclspec::server {

namespace {

struct FdCloser {
  int fd;
  ~FdCloser() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

std::optional<std::string> DiskFileAccess::read(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  const FdCloser closer{fd};
  struct stat info {};
  if (::fstat(fd, &info) != 0 || S_ISDIR(info.st_mode)) return std::nullopt;
  if (S_ISREG(info.st_mode) && static_cast<size_t>(info.st_size) > kMaxReadBytes)
    return std::nullopt;
  // Pipes and devices have no size up front (`--spec <(...)` is a pipe): read up to the bound.
  std::string data;
  char buffer[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return std::nullopt;
    if (n == 0) break;
    if (data.size() + static_cast<size_t>(n) > kMaxReadBytes) return std::nullopt;
    data.append(buffer, static_cast<size_t>(n));
  }
  return data;
}

std::optional<std::string> DiskFileAccess::real_path(const std::string& path) {
  const std::unique_ptr<char, decltype(&std::free)> resolved(::realpath(path.c_str(), nullptr),
                                                             &std::free);
  if (!resolved) return std::nullopt;
  return std::string(resolved.get());
}

std::optional<std::string> CachedDiskFileAccess::real_path(const std::string& path) {
  if (path.empty()) return std::nullopt;
  std::string absolute = path;
  if (path[0] != '/') {
    {
      std::lock_guard lock(mutex_);
      if (cwd_.empty()) {
        char buffer[PATH_MAX];
        if (::getcwd(buffer, sizeof buffer) == nullptr) return disk_.real_path(path);
        cwd_ = buffer;
      }
      // getcwd gives a real path, so ".." at the start of a relative path is its parent.
      std::string_view rest = path;
      std::string folder = cwd_;
      while (rest.starts_with("../") && folder != "/") {
        rest.remove_prefix(3);
        folder.erase(std::max<size_t>(folder.find_last_of('/'), 1));
      }
      absolute = (folder == "/" ? "" : folder) + "/" + std::string(rest);
    }
  }
  // Only plain paths take the short way: ".", ".." and "//" are resolved by the system, as a
  // ".." after a link leaves the link's target and not its folder.
  const bool plain = absolute.find("/./") == std::string::npos &&
                     absolute.find("/../") == std::string::npos &&
                     absolute.find("//") == std::string::npos && !absolute.ends_with("/.") &&
                     !absolute.ends_with("/..") && (absolute.size() == 1 || absolute.back() != '/');
  if (!plain) return disk_.real_path(path);
  {
    std::lock_guard lock(mutex_);
    if (const auto found = real_paths_.find(absolute); found != real_paths_.end())
      return found->second;
  }
  std::optional<std::string> real;
  const size_t slash = absolute.find_last_of('/');
  if (absolute == "/") {
    real = "/";
  } else {
    const std::optional<std::string> folder =
        real_path(slash == 0 ? std::string("/") : absolute.substr(0, slash));
    struct stat info {};
    if (folder && ::lstat(absolute.c_str(), &info) == 0) {
      if (S_ISLNK(info.st_mode))
        real = disk_.real_path(absolute);
      else
        real = (*folder == "/" ? "" : *folder) + absolute.substr(slash);
    }
  }
  std::lock_guard lock(mutex_);
  real_paths_.emplace(absolute, real);
  return real;
}

}  // namespace hclspec::server
