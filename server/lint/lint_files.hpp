// Which files `hclspec lint` looks at: the paths given, folders walked with the usual skips.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace hclspec::server::lint {

// A file to check and how it was found.
struct Candidate {
  std::string path;    // as shown: relative to the current directory when given so
  bool named = false;  // named on the command line (checked whatever its name)
  // Found in a folder walk under a *.json name: checked only when a rule associates it with a
  // spec (such folders hold package.json and friends).
  bool json_if_associated = false;
};

struct Discovery {
  std::vector<Candidate> files;      // each folder's files sorted, in the order of the paths given
  std::vector<std::string> missing;  // paths given that do not exist
  bool truncated = false;            // the walk stopped at `max_files`
};

// Expands each path: a file stays as it is; a folder gives the HCL files below it (*.hcl, *.tf,
// *.nomad, *.hcldec, *.tfvars, and .hclspec.hcl) and its *.json files, skipping hidden folders,
// .git, node_modules and .terraform unless that folder is the path given. A file or folder whose
// path (relative to the current directory, "/"-separated) matches an `excludes` glob is left out;
// a glob without "/" matches a file or folder name at any depth. Folder walks stop once
// `max_files` files were found or eight times as many names looked at (the language server's
// bound on a workspace it was not asked to check whole).
Discovery discover(const std::vector<std::string>& paths, const std::vector<std::string>& excludes,
                   size_t max_files = SIZE_MAX);

// Folders a walk does not enter: hidden ones (.git, .terraform) and node_modules.
bool skipped_folder(const std::string& name);

// `path` as lint shows it: lexically normal, without a leading "./".
std::string shown_path(const std::string& path);

}  // namespace hclspec::server::lint
