// Reading files for the association: an interface (open buffers first, fake disks) and the disk.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace hclspec::server {

// Spec and project files larger than this are a problem, not a read: a repository is untrusted
// input, and a spec of that size is a mistake or an attack.
inline constexpr size_t kMaxReadBytes = 16 * 1024 * 1024;

class FileAccess {
 public:
  virtual ~FileAccess() = default;
  // The whole file; nullopt when it is missing, unreadable, a directory or over kMaxReadBytes.
  virtual std::optional<std::string> read(const std::string& path) = 0;
  // The absolute path after resolving ".." and symbolic links; nullopt when it does not exist.
  virtual std::optional<std::string> real_path(const std::string& path) = 0;
};

// The real file system.
class DiskFileAccess final : public FileAccess {
 public:
  std::optional<std::string> read(const std::string& path) override;
  std::optional<std::string> real_path(const std::string& path) override;
};

}  // namespace hclspec::server
