// The server's state: documents, folders, rules and specs, and snapshots of documents.
#include "server/lsp/workspace.hpp"

#include <algorithm>
#include <filesystem>
#include <stdexcept>
#include <string>

#include "engine/syntax/parser.hpp"
#include "protocol/uri.hpp"
#include "server/lsp/workspace_files.hpp"
#include "server/source_files.hpp"
#include "server/spec_binding.hpp"

namespace hclspec::server::lsp {

namespace {

// Where the leading comment and blank lines end: the only lines a modeline may be on.
uint32_t leading_comments_end(std::string_view text) {
  size_t at = 0;
  while (at < text.size()) {
    const size_t end = std::min(text.find('\n', at), text.size());
    const std::string_view line = text.substr(at, end - at);
    const size_t first = line.find_first_not_of(" \t\r");
    const std::string_view rest = first == std::string_view::npos ? "" : line.substr(first);
    if (!rest.empty() && !rest.starts_with('#') && !rest.starts_with("//")) break;
    at = end + 1;
  }
  return static_cast<uint32_t>(std::min(at, text.size()));
}

}  // namespace

const base::SourceFile& Document::source() const {
  if (tree) return *tree;
  return *json;
}

std::optional<std::string> OverlayFileAccess::read(const std::string& path) {
  for (const auto& [uri, document] : documents_)
    if (document.path == path) return document.text();
  return disk_.read(path);
}

std::optional<std::string> OverlayFileAccess::real_path(const std::string& path) {
  if (std::optional<std::string> real = disk_.real_path(path)) return real;
  // A buffer never saved yet still counts as a file where the client says it is.
  for (const auto& [uri, document] : documents_)
    if (document.path == path) return path;
  return std::nullopt;
}

std::string document_path(const std::string& uri) {
  if (std::optional<std::string> path = protocol::uri_to_path(uri)) return *path;
  // Keep the name's last segment so that its extension still says which syntax it is in.
  const size_t slash = uri.find_last_of("/:");
  return "/untitled/" + (slash == std::string::npos ? uri : uri.substr(slash + 1));
}

std::string folder_of(const std::string& path, FileAccess& files) {
  const std::string folder = std::filesystem::path(path).parent_path().string();
  return files.real_path(folder).value_or(folder);
}

WorkspaceFolder Workspace::folder(const std::string& uri) const {
  WorkspaceFolder folder;
  folder.uri = uri;
  folder.path = protocol::uri_to_path(uri).value_or("");
  folder.real_path = disk_.real_path(folder.path).value_or(folder.path);
  return folder;
}

void Workspace::set_folders(std::vector<WorkspaceFolder> folders) {
  folders_ = std::move(folders);
  reassociate_all();
}

void Workspace::add_folder(WorkspaceFolder folder) {
  remove_folder(folder.uri);
  folders_.push_back(std::move(folder));
  reassociate_all();
}

void Workspace::remove_folder(const std::string& uri) {
  std::erase_if(folders_, [&](const WorkspaceFolder& folder) { return folder.uri == uri; });
  reassociate_all();
}

bool Workspace::set_client_settings(ClientSettings settings) {
  bool changed = settings != client_settings_;
  for (WorkspaceFolder& folder : folders_) {
    changed = changed || (folder.settings && *folder.settings != settings);
    folder.settings.reset();
  }
  client_settings_ = std::move(settings);
  return changed;
}

bool Workspace::set_folder_settings(const std::string& folder_uri, ClientSettings settings) {
  bool changed = false;
  for (WorkspaceFolder& folder : folders_)
    if (folder.uri == folder_uri) {
      // Until a pull answers, the folder follows the client-wide settings.
      changed = folder.settings ? *folder.settings != settings : client_settings_ != settings;
      folder.settings = std::move(settings);
    }
  return changed;
}

namespace {

// The innermost folder holding the file at `path`, if any.
const WorkspaceFolder* innermost_folder(const std::vector<WorkspaceFolder>& folders,
                                        const std::string& path) {
  const WorkspaceFolder* best = nullptr;
  for (const WorkspaceFolder& folder : folders) {
    const bool inside = path_is_inside(folder.path, path) || path_is_inside(folder.real_path, path);
    if (inside && (!best || folder.real_path.size() > best->real_path.size())) best = &folder;
  }
  return best;
}

// The settings that apply in `folder` (null: no folder): its own once pulled, else the client's.
const ClientSettings& settings_in(const WorkspaceFolder* folder, const ClientSettings& client) {
  return folder && folder->settings ? *folder->settings : client;
}

}  // namespace

const ClientSettings& Workspace::settings_of(const std::string* folder_uri) const {
  const auto named = std::find_if(folders_.begin(), folders_.end(), [&](const auto& folder) {
    return folder_uri && folder.uri == *folder_uri;
  });
  return settings_in(named == folders_.end() ? nullptr : &*named, client_settings_);
}

const ClientSettings& Workspace::settings_for(const std::string& path) const {
  return settings_in(innermost_folder(folders_, path), client_settings_);
}

AssociationContext association_context(const std::vector<WorkspaceFolder>& folders,
                                       const ClientSettings& client_settings,
                                       const std::string& path, FileAccess& disk) {
  // The innermost folder holding the file decides; a file in no folder trusts only its own
  // folder, so a modeline cannot reach further up than the file itself.
  const WorkspaceFolder* best = innermost_folder(folders, path);
  const ClientSettings& settings = settings_in(best, client_settings);
  AssociationContext context;
  context.client_rules = settings.rules;
  context.dynamic_blocks = settings.dynamic_blocks;
  if (best) {
    context.trust_root = best->real_path;
    context.client_rules_base = best->real_path;
  } else {
    context.trust_root = folder_of(path, disk);
    context.client_rules_base = folders.empty() ? context.trust_root : folders.front().real_path;
  }
  return context;
}

AssociationContext Workspace::context_for(const std::string& path) const {
  return association_context(folders_, client_settings_, path, disk_);
}

void Workspace::associate(Document& document) {
  document.association =
      server::associate(document.path, document.text(), context_for(document.path), files_);
  std::shared_ptr<const LoadedSpec> spec;
  if (document.association.kind == Association::Kind::Spec && document.association.problem.empty())
    spec = specs_.get(document.association.spec_path, files_);
  // What was decoded by another spec is of no more use (and would keep that spec alive).
  if (spec != document.spec) forget_decoded(document);
  document.spec = std::move(spec);
}

bool Workspace::reassociate(Document& document) {
  const Association before = document.association;
  const std::shared_ptr<const LoadedSpec> spec_before = document.spec;
  associate(document);
  const Association& after = document.association;
  return before.kind != after.kind || before.spec_path != after.spec_path ||
         before.problem != after.problem || before.chosen_by != after.chosen_by ||
         before.dynamic_blocks != after.dynamic_blocks || spec_before != document.spec;
}

void Workspace::forget_decoded(Document& document) {
  document.decode_cache = nullptr;
  document.edited_since_cache = {};
}

Document& Workspace::open(const std::string& uri, int64_t version, std::string text) {
  Document& document = documents_[uri];
  document.uri = uri;
  document.path = document_path(uri);
  document.version = version;
  document.opened = ++openings_;
  document.tree = nullptr;
  document.json = nullptr;
  forget_decoded(document);
  if (is_json_file_name(document.path))
    document.json = syntax::parse_json(std::move(text), document.path);
  else
    document.tree = syntax::parse_config(std::move(text), document.path);
  associate(document);
  return document;
}

void Workspace::change(Document& document, std::optional<syntax::TextEdit> edit, std::string text) {
  if (document.json) {
    std::string next = edit ? syntax::apply_edit(document.text(), *edit) : std::move(text);
    document.json = syntax::parse_json(std::move(next), document.path);
  } else if (edit) {
    document.edited_since_cache.add(edit->start, edit->end,
                                    static_cast<uint32_t>(edit->replacement.size()));
    try {
      document.tree = syntax::reparse(std::move(document.tree), *edit);
    } catch (const std::exception& error) {
      // The old tree may have given its text to the reparse that failed (out of memory, say):
      // the document is left empty rather than without a tree, and the client is told.
      forget_decoded(document);
      document.tree = syntax::parse_config(std::string(), document.path);
      throw std::runtime_error("Applying an edit to " + document.uri + " failed (" + error.what() +
                               "); its text is lost here: close and reopen it");
    }
  } else {
    forget_decoded(document);
    document.tree = syntax::parse_config(std::move(text), document.path);
  }
  // Only the leading comment lines can hold a modeline; an edit below them leaves the choice
  // as it was (and spares a look at the project files on every keystroke).
  if (!edit || edit->start <= leading_comments_end(document.text())) associate(document);
}

void Workspace::close(const std::string& uri) {
  documents_.erase(uri);
}

Document* Workspace::find(const std::string& uri) {
  const auto found = documents_.find(uri);
  return found == documents_.end() ? nullptr : &found->second;
}

std::vector<std::string> Workspace::file_changed(const std::string& path) {
  std::optional<std::string> real = disk_.real_path(path);
  specs_.invalidate(path);
  if (real && *real != path) specs_.invalidate(*real);
  // Which documents a change concerns is cheap to over-approximate and costly to miss: a spec,
  // a project file or a folder's rules may all change what applies. Documents whose spec and
  // its origin come out the same are still analysed again when they use the changed spec.
  std::vector<std::string> affected;
  for (auto& [uri, document] : documents_)
    if (reassociate(document) || document.path == path || (real && document.path == *real))
      affected.push_back(uri);
  return affected;
}

bool Workspace::spec_in_use(const std::string& path) const {
  const std::string real = disk_.real_path(path).value_or(path);
  return std::any_of(documents_.begin(), documents_.end(), [&](const auto& entry) {
    const std::string& spec = entry.second.association.spec_path;
    return !spec.empty() && (spec == path || spec == real);
  });
}

std::vector<std::string> Workspace::reassociate_all() {
  std::vector<std::string> changed;
  for (auto& [uri, document] : documents_)
    if (reassociate(document)) changed.push_back(uri);
  return changed;
}

WorkspaceView Workspace::view() {
  WorkspaceView view;
  view.folders = folders_;
  view.client_settings = client_settings_;
  for (const auto& [uri, document] : documents_) {
    view.open_files.push_back({uri, document.path, document.association, snapshot(document)});
    if (document.association.kind == Association::Kind::MetaSpec ||
        document.association.kind == Association::Kind::ProjectFile)
      view.open_texts.emplace(document.path, document.text());
  }
  view.specs = &specs_;
  view.disk = &disk_;
  return view;
}

features::Snapshot Workspace::snapshot(const Document& document) const {
  features::Snapshot snapshot;
  snapshot.tree = document.tree;
  snapshot.json = document.json;
  snapshot.kind = document_kind(document.association);
  snapshot.binding =
      spec_binding(document.association, document.spec.get(), document.association.spec_path);
  return snapshot;
}

}  // namespace hclspec::server::lsp
