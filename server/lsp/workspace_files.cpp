// Walking the workspace: lint's file discovery, the association, one file in memory at a time.
#include "server/lsp/workspace_files.hpp"

#include <filesystem>
#include <set>
#include <unordered_map>

#include "engine/syntax/json.hpp"
#include "engine/syntax/parser.hpp"
#include "protocol/uri.hpp"
#include "server/lint/lint_files.hpp"
#include "server/source_files.hpp"
#include "server/spec_binding.hpp"

namespace hclspec::server::lsp {

namespace {

// The open spec and project files' texts over the disk, as the server's own overlay; and what
// the association asks again for every file (the real paths of the folders above it, their
// project files) asked of the disk once a walk.
class WalkFiles final : public FileAccess {
 public:
  WalkFiles(const std::map<std::string, std::string>& texts, FileAccess& disk)
      : texts_(texts), disk_(disk) {}
  std::optional<std::string> read(const std::string& path) override {
    if (const auto found = texts_.find(path); found != texts_.end()) return found->second;
    if (!path.ends_with(kProjectFileName)) return disk_.read(path);
    auto [slot, inserted] = project_files_.try_emplace(path);
    if (inserted) slot->second = disk_.read(path);
    return slot->second;
  }
  std::optional<std::string> real_path(const std::string& path) override {
    auto [slot, inserted] = real_paths_.try_emplace(path);
    if (inserted) {
      slot->second = disk_.real_path(path);
      if (!slot->second && texts_.contains(path)) slot->second = path;
    }
    return slot->second;
  }

 private:
  const std::map<std::string, std::string>& texts_;
  FileAccess& disk_;
  std::unordered_map<std::string, std::optional<std::string>> project_files_;
  std::unordered_map<std::string, std::optional<std::string>> real_paths_;
};

// `path` after symbolic links: its folder's real path (asked once a folder) and its name, unless
// the file itself is a link.
std::optional<std::string> file_real_path(const std::string& path, FileAccess& files) {
  const std::filesystem::path file(path);
  std::error_code error;
  if (std::filesystem::is_symlink(file, error) || error) return files.real_path(path);
  const std::optional<std::string> folder = files.real_path(file.parent_path().string());
  if (!folder) return std::nullopt;
  return (std::filesystem::path(*folder) / file.filename()).string();
}

// The file at `path` (read as `text`) associated and, when `wanted` takes its association,
// parsed and bound to its spec; nullopt when not wanted (or a *.json file of a walk that no rule
// gives a spec). Specs come from the store, else are loaded for the walk (`walk_specs`).
std::optional<WorkspaceFile> bind_file(
    const WorkspaceView& view, WalkFiles& files,
    std::map<std::string, std::shared_ptr<const LoadedSpec>>& walk_specs, std::string path,
    std::string text, bool json_if_associated,
    const std::function<bool(const Association&, bool open)>& wanted) {
  WorkspaceFile file;
  file.association = associate(
      path, text, association_context(view.folders, view.client_settings, path, files), files);
  if (json_if_associated && file.association.kind != Association::Kind::Spec) return std::nullopt;
  if (!wanted(file.association, false)) return std::nullopt;
  std::shared_ptr<const LoadedSpec> spec;
  if (file.association.kind == Association::Kind::Spec && file.association.problem.empty()) {
    // The store's spec when it has one; else loaded for this walk only: the view's texts may
    // be older than the store's truth, and must not become it.
    spec = view.specs->loaded(file.association.spec_path);
    if (!spec) {
      std::shared_ptr<const LoadedSpec>& own = walk_specs[file.association.spec_path];
      if (!own) own = load_spec_file(file.association.spec_path, files);
      spec = own;
    }
  }
  if (is_json_file_name(path))
    file.snapshot.json = syntax::parse_json(std::move(text), path);
  else
    file.snapshot.tree = syntax::parse_config(std::move(text), path);
  file.snapshot.kind = document_kind(file.association);
  file.snapshot.binding = spec_binding(file.association, spec.get(), file.association.spec_path);
  file.uri = protocol::path_to_uri(path);
  file.path = std::move(path);
  return file;
}

}  // namespace

WalkReport walk_workspace_files(const WorkspaceView& view, const base::CancellationFlag& cancel,
                                const std::function<bool(const Association&, bool open)>& wanted,
                                const std::function<bool(const WorkspaceFile&)>& visit,
                                const WalkLimits& limits) {
  WalkReport report;
  std::set<std::string> seen;  // real paths: open documents, and files in two folders
  for (const WorkspaceFile& file : view.open_files) {
    if (cancel.cancelled()) return {report.files_read, false};
    seen.insert(view.disk->real_path(file.path).value_or(file.path));
    if (wanted(file.association, true) && !visit(file)) return {report.files_read, false};
  }
  WalkFiles files(view.open_texts, *view.disk);
  uint64_t bytes = 0;
  std::map<std::string, std::shared_ptr<const LoadedSpec>> walk_specs;
  for (const WorkspaceFolder& folder : view.folders) {
    const lint::Discovery found =
        lint::discover({folder.path}, {}, limits.max_files - report.files_read);
    if (found.truncated) report.complete = false;
    for (const lint::Candidate& candidate : found.files) {
      if (cancel.cancelled()) return {report.files_read, false};
      if (report.files_read >= limits.max_files || bytes >= limits.max_bytes)
        return {report.files_read, false};
      std::string path = std::filesystem::absolute(candidate.path).lexically_normal().string();
      const std::optional<std::string> real = file_real_path(path, files);
      // Nothing outside the folder, and a file seen once (in an open buffer, or another folder).
      if (!real || !path_is_inside(folder.real_path, *real) || !seen.insert(*real).second) continue;
      std::optional<std::string> text = view.disk->read(path);
      ++report.files_read;
      if (!text) continue;
      bytes += text->size();
      std::optional<WorkspaceFile> file =
          bind_file(view, files, walk_specs, std::move(path), std::move(*text),
                    candidate.json_if_associated, wanted);
      if (!file) continue;
      if (!visit(*file)) return {report.files_read, false};
    }
  }
  return report;
}

std::optional<WorkspaceFile> read_workspace_file(const WorkspaceView& view,
                                                 const std::string& path) {
  WalkFiles files(view.open_texts, *view.disk);
  const std::optional<std::string> real = file_real_path(path, files);
  if (!real) return std::nullopt;
  for (const WorkspaceFolder& folder : view.folders) {
    if (!path_is_inside(folder.real_path, *real)) continue;
    std::optional<std::string> text = view.disk->read(path);
    if (!text) return std::nullopt;
    std::map<std::string, std::shared_ptr<const LoadedSpec>> specs;
    return bind_file(view, files, specs, path, std::move(*text), false,
                     [](const Association&, bool) { return true; });
  }
  return std::nullopt;
}

}  // namespace hclspec::server::lsp
