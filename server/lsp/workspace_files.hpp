// The workspace's files, open or only on disk, walked away from the server's thread: what find
// references, workspace symbols and a spec block's use count in hover read.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/base/cancellation.hpp"
#include "engine/features/snapshot.hpp"
#include "server/file_access.hpp"
#include "server/lsp/workspace.hpp"
#include "server/spec_association.hpp"
#include "server/spec_store.hpp"

namespace hclspec::server::lsp {

// One file of the walk: an open document (its text in the editor) or a file read from disk.
struct WorkspaceFile {
  std::string uri;
  std::string path;
  Association association;
  features::Snapshot snapshot;
};

// What a walk needs of the server's state, copied on the server's thread so that the walk runs
// on another. Specs come from the server's store (safe from any thread), read through the open
// spec files' texts first.
struct WorkspaceView {
  std::vector<WorkspaceFolder> folders;
  ClientSettings client_settings;  // for the folders that have none of their own
  std::vector<WorkspaceFile> open_files;
  std::map<std::string, std::string> open_texts;  // by path: open spec and project files
  SpecStore* specs = nullptr;
  FileAccess* disk = nullptr;
};

// A repository is untrusted input: a walk reads at most this many files and bytes (the files a
// workspace's folders hold, found as `hclspec lint` finds them).
struct WalkLimits {
  size_t max_files = 20000;
  uint64_t max_bytes = uint64_t{512} << 20;
};

struct WalkReport {
  size_t files_read = 0;  // from disk
  bool complete = true;   // false: a limit or the cancellation stopped the walk early
};

// Calls `visit` with the open documents, then the files under the workspace folders that are not
// open (read, associated and parsed and bound to their spec), in path order, that `wanted`
// accepts, until `visit` returns false. `wanted` sees each file's association (and whether it is
// open) before it is parsed: a file it refuses costs a read only. A file whose real path lies
// outside its folder is not read.
// The file at `path` (absolute, lexically normal) as a walk gives it, read from disk, associated,
// parsed and bound; nullopt when it cannot be read or its real path lies in no workspace folder.
std::optional<WorkspaceFile> read_workspace_file(const WorkspaceView& view,
                                                 const std::string& path);

WalkReport walk_workspace_files(const WorkspaceView& view, const base::CancellationFlag& cancel,
                                const std::function<bool(const Association&, bool open)>& wanted,
                                const std::function<bool(const WorkspaceFile&)>& visit,
                                const WalkLimits& limits = {});

}  // namespace hclspec::server::lsp
