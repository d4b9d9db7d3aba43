// Walking the workspace: lint's file discovery, the association, one file in memory at a time.
#include "server/lsp/workspace_files.hpp"

#include <filesystem>
#include <set>

#include "engine/syntax/json.hpp"
#include "engine/syntax/parser.hpp"
#include "protocol/uri.hpp"
#include "server/lint/lint_files.hpp"
#include "server/source_files.hpp"
#include "server/spec_binding.hpp"

namespace hclspec::server::lsp {

namespace {

// The open spec and project files' texts over the disk, as the server's own overlay.
class TextsOverDisk final : public FileAccess {
 public:
  TextsOverDisk(const std::map<std::string, std::string>& texts, FileAccess& disk)
      : texts_(texts), disk_(disk) {}
  std::optional<std::string> read(const std::string& path) override {
    const auto found = texts_.find(path);
    if (found != texts_.end()) return found->second;
    return disk_.read(path);
  }
  std::optional<std::string> real_path(const std::string& path) override {
    if (std::optional<std::string> real = disk_.real_path(path)) return real;
    if (texts_.contains(path)) return path;
    return std::nullopt;
  }

 private:
  const std::map<std::string, std::string>& texts_;
  FileAccess& disk_;
};

}  // namespace

WalkReport walk_workspace_files(const WorkspaceView& view, const base::CancellationFlag& cancel,
                                const std::function<bool(const Association&)>& wanted,
                                const std::function<bool(const WorkspaceFile&)>& visit,
                                const WalkLimits& limits) {
  WalkReport report;
  std::set<std::string> seen;  // real paths: open documents, and files in two folders
  for (const WorkspaceFile& file : view.open_files) {
    if (cancel.cancelled()) return {report.files_read, false};
    seen.insert(view.disk->real_path(file.path).value_or(file.path));
    if (wanted(file.association) && !visit(file)) return {report.files_read, false};
  }
  TextsOverDisk files(view.open_texts, *view.disk);
  uint64_t bytes = 0;
  for (const WorkspaceFolder& folder : view.folders) {
    const lint::Discovery found =
        lint::discover({folder.path}, {}, limits.max_files - report.files_read);
    if (found.truncated) report.complete = false;
    for (const lint::Candidate& candidate : found.files) {
      if (cancel.cancelled()) return {report.files_read, false};
      if (report.files_read >= limits.max_files || bytes >= limits.max_bytes)
        return {report.files_read, false};
      std::string path = std::filesystem::absolute(candidate.path).lexically_normal().string();
      const std::optional<std::string> real = view.disk->real_path(path);
      // Nothing outside the folder, and a file seen once (in an open buffer, or another folder).
      if (!real || !path_is_inside(folder.real_path, *real) || !seen.insert(*real).second) continue;
      std::optional<std::string> text = view.disk->read(path);
      ++report.files_read;
      if (!text) continue;
      bytes += text->size();
      WorkspaceFile file;
      file.association = associate(
          path, *text, association_context(view.folders, view.client_rules, path, files), files);
      if (candidate.json_if_associated && file.association.kind != Association::Kind::Spec)
        continue;
      if (!wanted(file.association)) continue;
      std::shared_ptr<const LoadedSpec> spec;
      if (file.association.kind == Association::Kind::Spec && file.association.problem.empty())
        spec = view.specs->get(file.association.spec_path, files);
      if (is_json_file_name(path))
        file.snapshot.json = syntax::parse_json(std::move(*text), path);
      else
        file.snapshot.tree = syntax::parse_config(std::move(*text), path);
      file.snapshot.kind = document_kind(file.association);
      file.snapshot.binding =
          spec_binding(file.association, spec.get(), file.association.spec_path);
      file.uri = protocol::path_to_uri(path);
      file.path = std::move(path);
      if (!visit(file)) return {report.files_read, false};
    }
  }
  return report;
}

}  // namespace hclspec::server::lsp
