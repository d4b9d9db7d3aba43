// Specs loaded once and shared by every document that uses them, safe from several threads.
#pragma once

#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "engine/base/diagnostic.hpp"
#include "engine/spec/spec.hpp"
#include "engine/syntax/tree.hpp"
#include "server/file_access.hpp"

namespace hclspec::server {

// A spec file as loaded: its tree (null when it could not be read), the model and every problem
// found in it (syntax errors, or load_spec's; a read failure has no range).
struct LoadedSpec {
  std::shared_ptr<const syntax::SyntaxTree> tree;
  std::shared_ptr<const spec::SpecFile> file;
  base::Diagnostics diagnostics;
  // Whether documents can be checked against it: it loaded with no error.
  bool usable() const { return file && file->root && !base::has_errors(diagnostics); }
};

// Parses and loads a spec file's text, as hcldec does: a spec that does not parse is not read as
// a spec. `name` is the file name diagnostics and the tree carry.
std::shared_ptr<const LoadedSpec> load_spec_text(std::string text, const std::string& name);

// The spec file at `path` read through `files` and loaded (a read failure is a diagnostic).
std::shared_ptr<const LoadedSpec> load_spec_file(const std::string& path, FileAccess& files);

class SpecStore {
 public:
  // The spec at `real_path`, read through `files` and loaded on the first call; later calls
  // (from any thread) share that result until `invalidate`. Concurrent first calls load once.
  std::shared_ptr<const LoadedSpec> get(const std::string& real_path, FileAccess& files);
  // The spec at `real_path` if it is loaded already, else null; never loads (for readers that
  // must not put into the store what they read, which may be older than the store's truth).
  std::shared_ptr<const LoadedSpec> loaded(const std::string& real_path);
  // The file changed (on disk or in an open buffer): the next `get` loads it again. Callers
  // holding the old LoadedSpec keep it alive.
  void invalidate(const std::string& real_path);

 private:
  std::mutex mutex_;
  std::map<std::string, std::shared_future<std::shared_ptr<const LoadedSpec>>> loaded_;
};

}  // namespace hclspec::server
