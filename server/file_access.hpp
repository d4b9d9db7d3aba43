// Reading files for the association: an interface (open buffers first, fake disks) and the disk.
#pragma once

#include <cstddef>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

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

// The real file system for a run over many files of a tree that does not change meanwhile
// (lint): real paths are remembered, and a path is resolved from its folder's remembered real
// path and one lstat of its last name, rather than by realpath's readlink of every component
// (on 3,400 files, 106,000 readlink calls took most of the run). Safe from several threads.
class CachedDiskFileAccess final : public FileAccess {
 public:
  std::optional<std::string> read(const std::string& path) override { return disk_.read(path); }
  std::optional<std::string> real_path(const std::string& path) override;

 private:
  DiskFileAccess disk_;
  std::mutex mutex_;
  std::unordered_map<std::string, std::optional<std::string>> real_paths_;  // by absolute path
  std::string cwd_;  // the current directory, asked for once
};

}  // namespace hclspec::server
