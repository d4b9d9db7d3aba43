// replace_file: a temporary file beside the original, flushed, then renamed over it.
#include "server/replace_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

namespace hclspec::server {

std::string replace_file(const std::string& path, std::string_view content) {
  struct stat original {};
  if (::stat(path.c_str(), &original) != 0)
    return std::string("cannot be rewritten: ") + std::strerror(errno);
  const std::filesystem::path target(path);
  std::string temporary =
      (target.parent_path() / ("." + target.filename().string() + ".hclspec-fmt-XXXXXX")).string();
  const int fd = ::mkstemp(temporary.data());
  if (fd < 0)
    return std::string("cannot create a temporary file in its folder: ") + std::strerror(errno);
  const auto fail = [&](const char* step) {
    const int error = errno;
    ::close(fd);
    ::unlink(temporary.c_str());
    return std::string(step) + ": " + std::strerror(error);
  };
  for (size_t written = 0; written < content.size();) {
    const ssize_t n = ::write(fd, content.data() + written, content.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return fail("cannot write the new text");
    written += static_cast<size_t>(n);
  }
  if (::fchmod(fd, original.st_mode & 07777) != 0) return fail("cannot keep its permissions");
  // Only the owner's group or root can keep another owner; a file we own stays ours anyway.
  if (original.st_uid != ::geteuid() || original.st_gid != ::getegid())
    (void)!::fchown(fd, original.st_uid, original.st_gid);
  if (::fsync(fd) != 0) return fail("cannot flush the new text to the disk");
  if (::close(fd) != 0) {
    const int error = errno;
    ::unlink(temporary.c_str());
    return std::string("cannot write the new text: ") + std::strerror(error);
  }
  if (::rename(temporary.c_str(), path.c_str()) != 0) {
    const int error = errno;
    ::unlink(temporary.c_str());
    return std::string("cannot replace it: ") + std::strerror(error);
  }
  return "";
}

}  // namespace hclspec::server
