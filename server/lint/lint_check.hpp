// Checking one file for `hclspec lint`: the server's association and the editor's diagnostics.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "engine/base/diagnostic.hpp"
#include "engine/base/line_index.hpp"
#include "engine/base/source_file.hpp"
#include "engine/eval/scope.hpp"
#include "server/file_access.hpp"
#include "server/lint/lint_files.hpp"
#include "server/spec_association.hpp"
#include "server/spec_store.hpp"

namespace hclspec::server::lint {

// One problem, placed: positions are 1-based lines and columns counted in characters (grapheme
// clusters, as HCL counts them), plus the byte offset.
struct Finding {
  base::Severity severity = base::Severity::Error;
  std::string code;
  std::string summary;
  std::string detail;
  bool placed = false;  // false: no place in the file (e.g. a file that was not read)
  base::ByteRange range;
  base::Position start;
  base::Position end;
};

// A file's findings, ordered by position (ties keep the order found).
struct LintedFile {
  std::string path;                                // as shown
  std::shared_ptr<const base::SourceFile> source;  // set when there are placed findings
  std::vector<Finding> findings;
  std::string failure;  // non-empty: could not be read (an I/O failure, not a finding)
};

// A finding for each of `diags`, placed in `source` (unplaced without one), by position: for
// problems that are not the editor's diagnostics of a checked file (a spec's own problems, the
// syntax errors fmt reports).
std::vector<Finding> findings_of(const base::SourceFile* source, const base::Diagnostics& diags);

// What is the same for every file of a run.
struct LintSettings {
  std::shared_ptr<const LoadedSpec> spec;  // --spec: the spec of every file (usable)
  std::string spec_shown;                  // how --spec's file is named
  std::string config;                      // --config: the project file of every file
  eval::Variables variables;               // --vars: added to every spec's variables
  bool dynamic_blocks = false;             // --dynamic-blocks: for every file, whatever its rule
};

// Checks files; `check` may be called from several threads at once.
class Checker {
 public:
  explicit Checker(LintSettings settings);

  // The file's findings; nullopt when it is not to be linted after all (a *.json file found in
  // a walk that no rule associates with a spec). `text` is the file's content when it did not
  // come from the disk (--stdin-filename).
  std::optional<LintedFile> check(const Candidate& candidate,
                                  std::optional<std::string> text = std::nullopt);

  // After every check: the spec files that had errors when some file used them, each with its
  // own problems, except those in `linted` (paths as shown), which were checked themselves.
  std::vector<LintedFile> broken_specs(const std::set<std::string>& linted);

  // How lint shows a real path: relative to the current directory when inside it.
  std::string shown(const std::string& real_path) const;

 private:
  std::shared_ptr<const spec::SpecFile> with_variables(const std::shared_ptr<const LoadedSpec>&);
  bool escapes_by_link(const std::string& path, const std::string& absolute);

  LintSettings settings_;
  // The absolute, lexically normal form of a path as given (the current directory asked once).
  std::string absolute(const std::string& path) const;

  CachedDiskFileAccess files_;
  std::string cwd_;
  AssociationContext context_;
  SpecStore store_;
  std::mutex mutex_;  // guards the two maps below
  // Each spec with --vars' variables added, made once per spec.
  std::map<std::shared_ptr<const LoadedSpec>, std::shared_ptr<const spec::SpecFile>> extended_;
  // Specs with errors that some file was associated with, by real path.
  std::map<std::string, std::shared_ptr<const LoadedSpec>> broken_;
};

}  // namespace hclspec::server::lint
