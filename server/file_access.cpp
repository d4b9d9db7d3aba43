// Bounded whole-file reads and real paths on the real file system.
#include "server/file_access.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <memory>

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

}  // namespace hclspec::server
