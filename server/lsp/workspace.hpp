// What the server knows now: open documents, workspace folders, the client's rules and the
// loaded specs; and the immutable snapshot an analysis of one document reads.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/features/inlay_hints.hpp"
#include "engine/features/snapshot.hpp"
#include "engine/spec/decode_cache.hpp"
#include "engine/syntax/json.hpp"
#include "engine/syntax/reparse.hpp"
#include "engine/syntax/tree.hpp"
#include "server/file_access.hpp"
#include "server/spec_association.hpp"
#include "server/spec_store.hpp"

namespace hclspec::server::lsp {

struct WorkspaceView;

// An open document: the client's text (as a tree of its syntax) and which spec applies.
struct Document {
  std::string uri;
  std::string path;  // the file's path; a made-up one for URIs that are not files
  int64_t version = 0;
  // Which opening this is (each didOpen a new number): a pulled result id of an earlier opening,
  // at the same version, is not this text's.
  uint64_t opened = 0;
  // Native syntax (not const: an edit takes over the text of a tree no analysis holds), or
  std::shared_ptr<syntax::SyntaxTree> tree;
  std::shared_ptr<const syntax::JsonTree> json;  // JSON syntax (a *.json file)
  Association association;
  std::shared_ptr<const LoadedSpec> spec;  // the spec in use (association Kind::Spec)
  // What the last published validation decoded, and how the text changed since: the next
  // validation decodes again only the block bodies the edits touched.
  std::shared_ptr<const spec::DecodeCache> decode_cache;
  spec::EditedRegion edited_since_cache;

  const base::SourceFile& source() const;
  const std::string& text() const { return source().text(); }
};

// The client's settings for the files of a folder (or all of them): the rules that decide what a
// file is checked against, whether every file checked against a spec reads `dynamic` blocks
// (AssociationContext::dynamic_blocks), and which inlay hints are shown.
struct ClientSettings {
  std::vector<AssociationRule> rules;
  bool dynamic_blocks = false;
  features::InlayHintOptions inlay_hints;  // inlayHints.values, inlayHints.labelNames

  friend bool operator==(const ClientSettings&, const ClientSettings&) = default;
};

struct WorkspaceFolder {
  std::string uri;
  std::string path;                        // as the client named it
  std::string real_path;                   // after symbolic links: the trust root
  std::optional<ClientSettings> settings;  // pulled for this folder (workspace/configuration)
};

// The disk, except that the text of an open document wins over the file: a spec edited in the
// editor applies before it is saved.
class OverlayFileAccess final : public FileAccess {
 public:
  explicit OverlayFileAccess(const std::map<std::string, Document>& documents_by_uri,
                             FileAccess& disk)
      : documents_(documents_by_uri), disk_(disk) {}
  std::optional<std::string> read(const std::string& path) override;
  std::optional<std::string> real_path(const std::string& path) override;

 private:
  const std::map<std::string, Document>& documents_;
  FileAccess& disk_;
};

class Workspace {
 public:
  explicit Workspace(FileAccess& disk) : disk_(disk), files_(documents_, disk) {}

  // A folder the client names, with its real path (the trust root for modelines and rules).
  WorkspaceFolder folder(const std::string& uri) const;
  void set_folders(std::vector<WorkspaceFolder> folders);
  void add_folder(WorkspaceFolder folder);
  void remove_folder(const std::string& uri);
  const std::vector<WorkspaceFolder>& folders() const { return folders_; }
  // Settings from `initializationOptions` or pushed ones: for every folder that has none of
  // its own.
  // Each returns whether the settings that apply changed. Settings pushed by the client replace
  // what was pulled for every folder: the push is the newer word (a pull may follow and refine
  // it).
  bool set_client_settings(ClientSettings settings);
  bool set_folder_settings(const std::string& folder_uri, ClientSettings settings);
  // The settings that apply in the folder (what was pulled for it, else the client's), or the
  // client's when `folder_uri` is null or names no folder.
  const ClientSettings& settings_of(const std::string* folder_uri) const;
  // The settings that apply to the file at `path`: its innermost folder's, else the client's.
  const ClientSettings& settings_for(const std::string& path) const;

  // Opens or replaces a document; its spec is chosen (and loaded) at once.
  Document& open(const std::string& uri, int64_t version, std::string text);
  // Applies one change: a range edit (byte offsets) or, without a range, the whole new text.
  void change(Document& document, std::optional<syntax::TextEdit> edit, std::string text);
  void close(const std::string& uri);
  Document* find(const std::string& uri);
  const std::map<std::string, Document>& documents() const { return documents_; }

  // A file changed on disk or in an open buffer: drops what was loaded from it and chooses the
  // spec again for every open document it may concern. Returns those documents' URIs.
  std::vector<std::string> file_changed(const std::string& path);
  // Whether an open document is checked against the spec at `path` (whatever its name).
  bool spec_in_use(const std::string& path) const;
  // Chooses the spec of every open document again (new folders or settings). Returns the URIs
  // of the documents whose spec, its origin or its options changed.
  std::vector<std::string> reassociate_all();

  // What analyses of the document read: its tree and the spec that applies.
  features::Snapshot snapshot(const Document& document) const;
  // The folders, rules and trust root that decide the spec of the file at `path`.
  AssociationContext context_for(const std::string& path) const;
  // `path` after symbolic links, or as it is when it does not exist.
  std::string real_path(const std::string& path) const {
    return disk_.real_path(path).value_or(path);
  }
  // What a walk over the workspace's files reads, for another thread (workspace_files.hpp).
  WorkspaceView view();

 private:
  void associate(Document& document);
  // associate(), and whether what an analysis reads of the choice changed.
  bool reassociate(Document& document);
  static void forget_decoded(Document& document);

  FileAccess& disk_;
  std::map<std::string, Document> documents_;
  OverlayFileAccess files_;
  SpecStore specs_;
  std::vector<WorkspaceFolder> folders_;
  ClientSettings client_settings_;
  uint64_t openings_ = 0;
};

// The folders, settings and trust root that decide the spec of the file at `path`: those of the
// innermost workspace folder holding it, or of its own folder when none does.
AssociationContext association_context(const std::vector<WorkspaceFolder>& folders,
                                       const ClientSettings& client_settings,
                                       const std::string& path, FileAccess& disk);

// The file path a URI stands for: the path of a file: URI, else a stable made-up name under
// "/untitled/" (never inside a workspace folder, so no modeline of it is trusted).
std::string document_path(const std::string& uri);

// The real path of the folder holding `path` (the folder as written when it does not exist).
std::string folder_of(const std::string& path, FileAccess& files);

}  // namespace hclspec::server::lsp
