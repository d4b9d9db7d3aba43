// replace_file and write_file: a temporary file beside the target, flushed, then renamed over it.
#include "server/replace_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>

namespace hclspec::server {

namespace {

// The text goes to a temporary file beside `path` and is renamed over it. With `original` (the
// file there now), the new file gets its owner, group and permissions; without, `mode`.
std::string install(const std::string& path, std::string_view content, const struct stat* original,
                    mode_t mode) {
  // A short name of our own: the file's name plus a suffix could exceed the longest name.
  const std::filesystem::path folder = std::filesystem::path(path).parent_path();
  std::string temporary = (folder / ".hclspec-new-XXXXXX").string();
  const int fd = ::mkstemp(temporary.data());
  if (fd < 0)
    return std::string("cannot create a temporary file in its folder: ") + std::strerror(errno);
  const auto fail = [&](const char* step, int error) {
    ::close(fd);
    ::unlink(temporary.c_str());
    return std::string(step) + ": " + std::strerror(error);
  };
  for (size_t written = 0; written < content.size();) {
    const ssize_t n = ::write(fd, content.data() + written, content.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return fail("cannot write the new text", n < 0 ? errno : EIO);
    written += static_cast<size_t>(n);
  }
  // The owner first: changing it clears the set-user-ID and set-group-ID bits, which the mode
  // then restores. A new file's group may differ from ours (a set-group-ID folder).
  if (original != nullptr) {
    struct stat created {};
    if (::fstat(fd, &created) != 0) return fail("cannot read the new file's owner", errno);
    if ((created.st_uid != original->st_uid || created.st_gid != original->st_gid) &&
        ::fchown(fd, original->st_uid, original->st_gid) != 0)
      return fail("cannot keep its owner and group", errno);
  }
  if (::fchmod(fd, original != nullptr ? original->st_mode & 07777 : mode) != 0)
    return fail(original != nullptr ? "cannot keep its permissions" : "cannot set its permissions",
                errno);
  if (::fsync(fd) != 0) return fail("cannot flush the new text to the disk", errno);
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

// The process's umask: from /proc (Linux 4.7 on), which reads it without changing it; else
// by setting it and setting it back, which races with other threads creating files.
mode_t current_umask() {
  if (FILE* status = std::fopen("/proc/self/status", "r")) {
    char line[256];
    unsigned mask = 0;
    bool found = false;
    while (!found && std::fgets(line, sizeof line, status))
      found = std::sscanf(line, "Umask: %o", &mask) == 1;
    std::fclose(status);
    if (found) return static_cast<mode_t>(mask);
  }
  const mode_t mask = ::umask(0);
  ::umask(mask);
  return mask;
}

}  // namespace

std::string replace_file(const std::string& path, std::string_view content) {
  struct stat original {};
  if (::stat(path.c_str(), &original) != 0)
    return std::string("cannot be rewritten: ") + std::strerror(errno);
  // Renaming over a file we could not write would replace it all the same (the folder is what
  // allows a rename): only files we may write are rewritten, as an in-place write would.
  if (::faccessat(AT_FDCWD, path.c_str(), W_OK, AT_EACCESS) != 0)
    return std::string("cannot be rewritten: ") + std::strerror(errno);
  // A rename gives the name a new file: the other names of a hard-linked file would keep the
  // old text.
  if (S_ISREG(original.st_mode) && original.st_nlink > 1)
    return "has " + std::to_string(original.st_nlink) +
           " hard links, which replacing it would separate; not rewritten";
  return install(path, content, &original, 0);
}

std::string write_file(const std::string& path, std::string_view content) {
  struct stat existing {};
  if (::stat(path.c_str(), &existing) == 0 || errno != ENOENT) return replace_file(path, content);
  return install(path, content, nullptr, 0666 & ~current_umask());
}

}  // namespace hclspec::server
