// A FileAccess over an in-memory folder tree with symbolic links, recording what was read.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "server/file_access.hpp"

namespace hclspec::testing {

class FakeFiles final : public server::FileAccess {
 public:
  // Paths are absolute; a folder exists when a file or link lies below it.
  std::map<std::string, std::string> files;
  // A link: its path and the absolute path it points to.
  std::map<std::string, std::string> links;
  std::vector<std::string> reads;  // every path read, in order

  std::optional<std::string> read(const std::string& path) override {
    reads.push_back(path);
    const std::optional<std::string> real = real_path(path);
    if (!real) return std::nullopt;
    const auto found = files.find(*real);
    if (found == files.end() || found->second.size() > server::kMaxReadBytes) return std::nullopt;
    return found->second;
  }

  std::optional<std::string> real_path(const std::string& path) override {
    // Resolve component by component, as the kernel does: a link is replaced by its target
    // before the next component ("..") applies.
    std::filesystem::path resolved = "/";
    for (const auto& part : std::filesystem::path(path).relative_path()) {
      if (part == ".") continue;
      if (part == "..") {
        resolved = resolved.parent_path();
        continue;
      }
      resolved /= part;
      for (int hops = 0; hops < 8; ++hops) {
        const auto link = links.find(resolved.string());
        if (link == links.end()) break;
        resolved = std::filesystem::path(link->second).lexically_normal();
      }
      if (!exists(resolved.string())) return std::nullopt;
    }
    return resolved.string();
  }

 private:
  bool exists(const std::string& path) const {
    if (path == "/" || files.contains(path)) return true;
    const auto below = files.lower_bound(path + "/");
    if (below != files.end() && below->first.starts_with(path + "/")) return true;
    const auto link_below = links.lower_bound(path + "/");
    return link_below != links.end() && link_below->first.starts_with(path + "/");
  }
};

}  // namespace hclspec::testing
