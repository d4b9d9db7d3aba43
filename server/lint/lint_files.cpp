// File discovery for lint: std::filesystem walks with skipped folders and exclude globs.
#include "server/lint/lint_files.hpp"

#include <algorithm>
#include <filesystem>

#include "server/source_files.hpp"
#include "server/spec_association.hpp"

namespace hclspec::server::lint {

namespace fs = std::filesystem;

bool skipped_folder(const std::string& name) {
  return name.starts_with('.') || name == "node_modules";  // .git, .terraform and all hidden
}

namespace {

bool excluded(const std::vector<std::string>& excludes, const std::string& path) {
  const size_t slash = path.find_last_of('/');
  const std::string_view name = slash == std::string::npos
                                    ? std::string_view(path)
                                    : std::string_view(path).substr(slash + 1);
  for (const std::string& glob : excludes) {
    if (glob_matches(glob, path)) return true;
    if (glob.find('/') == std::string::npos && glob_matches(glob, name)) return true;
  }
  return false;
}

}  // namespace

std::string shown_path(const std::string& path) {
  std::string out = fs::path(path).lexically_normal().generic_string();
  while (out.starts_with("./")) out.erase(0, 2);
  if (out.size() > 1 && out.ends_with('/')) out.pop_back();
  return out.empty() ? "." : out;
}

Discovery discover(const std::vector<std::string>& paths, const std::vector<std::string>& excludes,
                   size_t max_files) {
  Discovery out;
  for (const std::string& argument : paths) {
    std::error_code ec;
    const fs::file_status status = fs::status(argument, ec);
    if (ec || !fs::exists(status)) {
      out.missing.push_back(argument);
      continue;
    }
    const std::string root = shown_path(argument);
    if (!fs::is_directory(status)) {
      if (!excluded(excludes, root)) out.files.push_back({root, true, false});
      continue;
    }
    std::vector<Candidate> found;
    // A bound on the names looked at too: a tree of a million other files is not walked whole.
    const size_t max_entries = max_files > SIZE_MAX / 8 ? SIZE_MAX : max_files * 8;
    size_t entries = 0;
    for (auto it = fs::recursive_directory_iterator(
             argument, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      if (out.files.size() + found.size() >= max_files || ++entries > max_entries) {
        out.truncated = true;
        break;
      }
      const std::string name = it->path().filename().string();
      const std::string path = shown_path(it->path().string());
      if (it->is_directory(ec)) {
        if (skipped_folder(name) || excluded(excludes, path)) it.disable_recursion_pending();
        continue;
      }
      if (!it->is_regular_file(ec) || excluded(excludes, path)) continue;
      if (is_hcl_file_name(name))  // also .hclspec.hcl
        found.push_back({path, false, false});
      else if (is_json_file_name(name))
        found.push_back({path, false, true});
    }
    std::sort(found.begin(), found.end(),
              [](const Candidate& a, const Candidate& b) { return a.path < b.path; });
    out.files.insert(out.files.end(), found.begin(), found.end());
  }
  return out;
}

}  // namespace hclspec::server::lint
