// Code actions that give a file no spec applies to one: a modeline, a .hclspec.hcl rule, a draft.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/base/cancellation.hpp"
#include "engine/syntax/tree.hpp"
#include "server/lsp/convert.hpp"

namespace hclspec::server::lsp {

// What the actions need of the file, gathered on the server's thread.
struct UnassociatedFile {
  std::string uri;
  int64_t version = 0;
  std::string folder;  // its folder's real path: modelines are relative to it
  std::string root;    // the real path of its workspace folder: nothing outside is offered
  std::shared_ptr<const syntax::SyntaxTree> tree;  // native syntax
  // The nearest .hclspec.hcl in its folder or above (inside `root`), and that file's text
  // when it is open in the editor (the disk's otherwise): a rule is added at its end. When
  // there is none, one is created in `root` for clients that create files.
  std::optional<std::string> project_file;
  std::optional<std::string> open_project_text;
  // Where a draft spec may be created (beside the file, no such file open), for clients that
  // create files and a file without syntax errors.
  std::optional<std::string> draft_path;
  bool create_files = false;
  PositionEncoding encoding = PositionEncoding::Utf16;
};

// The CodeAction[] for such a file, for each spec file of its workspace folder (at most ten,
// found by a bounded walk of names): a modeline naming it, and a .hclspec.hcl rule giving it to
// the files of the folder with the same extension; then "Generate a spec from this file", a
// draft inferred from the file (features::infer_spec). Fewer once `cancel` is set.
nlohmann::json association_actions(const UnassociatedFile& file,
                                   const base::CancellationFlag& cancel);

// The nearest .hclspec.hcl in `folder` or its parents, not above `root` (both real paths).
std::optional<std::string> nearest_project_file(const std::string& folder, const std::string& root);

}  // namespace hclspec::server::lsp
