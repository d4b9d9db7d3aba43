// Association actions: spec files found by a bounded walk, edits as LSP workspace edits.
#include "server/lsp/association_actions.hpp"

#include <algorithm>
#include <filesystem>
#include <vector>

#include "engine/base/line_index.hpp"
#include "engine/features/infer_spec.hpp"
#include "engine/features/placeholder.hpp"
#include "protocol/lsp.hpp"
#include "protocol/uri.hpp"
#include "server/file_access.hpp"
#include "server/lint/lint_files.hpp"
#include "server/spec_association.hpp"

namespace hclspec::server::lsp {

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

// The spec files (*.hcldec) under `root` that resolve inside it, in path order: at most ten,
// among at most 50,000 names, in the folders lint enters; fewer once `cancel` is set.
std::vector<std::string> spec_files_under(const std::string& root,
                                          const base::CancellationFlag& cancel) {
  constexpr size_t kMaxOffered = 10;
  constexpr size_t kMaxNames = 50000;
  std::vector<std::string> found;
  DiskFileAccess disk;
  std::error_code error;
  size_t names = 0;
  for (auto it = fs::recursive_directory_iterator(
           root, fs::directory_options::skip_permission_denied, error);
       !error && it != fs::recursive_directory_iterator(); it.increment(error)) {
    if (cancel.cancelled() || ++names > kMaxNames || found.size() == kMaxOffered) break;
    const std::string name = it->path().filename().string();
    if (it->is_directory(error)) {
      if (lint::skipped_folder(name)) it.disable_recursion_pending();
      continue;
    }
    if (!name.ends_with(".hcldec") || !it->is_regular_file(error)) continue;
    const std::string path = it->path().lexically_normal().string();
    const std::optional<std::string> real = disk.real_path(path);
    if (real && path_is_inside(root, *real)) found.push_back(path);
  }
  std::sort(found.begin(), found.end());
  return found;
}

json insertion(const protocol::Position& at, const std::string& text) {
  return json(protocol::TextEdit{{at, at}, text});
}

json quick_fix(const std::string& title, json edit) {
  return {{"title", title}, {"kind", "quickfix"}, {"edit", std::move(edit)}};
}

// Edits of a file the workspace edit creates first.
json created_file(const std::string& uri, const std::string& text) {
  return json::array({{{"kind", "create"}, {"uri", uri}, {"options", {{"ignoreIfExists", true}}}},
                      {{"textDocument", {{"uri", uri}, {"version", nullptr}}},
                       {"edits", json::array({insertion({0, 0}, text)})}}});
}

// The glob a rule in `project_folder` needs for the files of `folder` named like `file_name`:
// `jobs/*.nomad` (the name's extensions from its first dot; the name itself when it has none).
// Nothing when a name holds a glob's own characters, which a glob cannot match as themselves.
std::optional<std::string> glob_for(const std::string& project_folder, const std::string& folder,
                                    const std::string& file_name) {
  const size_t dot = file_name.find('.', 1);
  const std::string extensions = dot == std::string::npos ? "" : file_name.substr(dot);
  const std::string relative = fs::path(folder).lexically_relative(project_folder).generic_string();
  const std::string literal = (relative == "." ? "" : relative) + extensions;
  if (literal.find_first_of("*?[]{}\\") != std::string::npos ||
      (extensions.empty() && file_name.find_first_of("*?[]{}\\") != std::string::npos))
    return std::nullopt;
  const std::string pattern = extensions.empty() ? file_name : "*" + extensions;
  return relative.empty() || relative == "." ? pattern : relative + "/" + pattern;
}

// A `rule` block giving `spec` to the files `glob` matches, written after `text` (which it
// follows with a blank line).
std::string rule_text(const std::string& text, const std::string& glob, const std::string& spec) {
  std::string out = text.empty() || text.ends_with("\n\n") ? ""
                    : text.ends_with('\n')                 ? "\n"
                                                           : "\n\n";
  return out + "rule {\n  files = [" + features::hcl_quoted(glob) +
         "]\n  spec  = " + features::hcl_quoted(spec) + "\n}\n";
}

}  // namespace

std::optional<std::string> nearest_project_file(const std::string& folder,
                                                const std::string& root) {
  std::error_code error;
  for (fs::path dir = folder; path_is_inside(root, dir.string()); dir = dir.parent_path()) {
    const fs::path candidate = dir / ".hclspec.hcl";
    if (fs::is_regular_file(candidate, error)) return candidate.string();
    if (dir == dir.parent_path()) break;
  }
  return std::nullopt;
}

json association_actions(const UnassociatedFile& file, const base::CancellationFlag& cancel) {
  json actions = json::array();
  const std::string file_name = fs::path(file.tree->filename()).filename().string();
  const std::vector<std::string> specs = spec_files_under(file.root, cancel);

  for (const std::string& spec : specs) {
    const std::string relative = fs::path(spec).lexically_relative(file.folder).generic_string();
    actions.push_back(quick_fix(
        "Check this file against " + relative + " (add a modeline)",
        {{"changes",
          {{file.uri, json::array({insertion({0, 0}, "# hclspec: " + relative + "\n")})}}}}));
  }

  // A rule at the end of the nearest .hclspec.hcl (read whole, when it resolves inside the
  // workspace folder and is not too large), or in a new one at the folder's root.
  std::optional<std::string> project_text = file.open_project_text;
  if (file.project_file && !project_text) {
    DiskFileAccess disk;
    const std::optional<std::string> real = disk.real_path(*file.project_file);
    if (real && path_is_inside(file.root, *real)) project_text = disk.read(*real);
  }
  const std::string project_path =
      file.project_file ? *file.project_file : (fs::path(file.root) / ".hclspec.hcl").string();
  const std::string project_folder = fs::path(project_path).parent_path().string();
  const std::optional<std::string> glob = glob_for(project_folder, file.folder, file_name);
  const bool can_add_rule =
      glob && (project_text.has_value() || (!file.project_file && file.create_files));
  for (const std::string& spec : can_add_rule ? specs : std::vector<std::string>{}) {
    const std::string relative = fs::path(spec).lexically_relative(project_folder).generic_string();
    const std::string title =
        "Check files " + *glob + " against " + relative + " (add a rule to " +
        fs::path(project_path).lexically_relative(file.root).generic_string() + ")";
    const std::string uri = protocol::path_to_uri(project_path);
    if (!project_text) {
      actions.push_back(quick_fix(
          title, {{"documentChanges", created_file(uri, rule_text("", *glob, relative))}}));
      continue;
    }
    const base::LineIndex lines(*project_text);
    const protocol::Position end =
        to_position(lines, static_cast<uint32_t>(project_text->size()), file.encoding);
    actions.push_back(quick_fix(
        title,
        {{"changes",
          {{uri, json::array({insertion(end, rule_text(*project_text, *glob, relative))})}}}}));
  }

  std::error_code error;
  if (!file.draft_path || fs::exists(*file.draft_path, error) || error || cancel.cancelled())
    return actions;
  const std::string draft_name = fs::path(*file.draft_path).filename().string();
  const features::InferredSpec draft = features::infer_spec(
      {file.tree}, "A draft spec inferred by hclspec from " + file_name + ".", &cancel);
  if (cancel.cancelled()) return actions;
  json changes = created_file(protocol::path_to_uri(*file.draft_path), draft.text);
  changes.push_back(
      {{"textDocument", {{"uri", file.uri}, {"version", file.version}}},
       {"edits", json::array({insertion({0, 0}, "# hclspec: " + draft_name + "\n")})}});
  actions.push_back(quick_fix("Generate a spec from this file (" + draft_name + ")",
                              {{"documentChanges", std::move(changes)}}));
  return actions;
}

}  // namespace hclspec::server::lsp
