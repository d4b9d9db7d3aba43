// Loading spec files once per change, with concurrent callers waiting for the one load.
#include "server/spec_store.hpp"

#include <chrono>

#include "engine/spec/load.hpp"
#include "engine/syntax/parser.hpp"

namespace hclspec::server {

std::shared_ptr<const LoadedSpec> load_spec_text(std::string text, const std::string& name) {
  auto loaded = std::make_shared<LoadedSpec>();
  loaded->tree = syntax::parse_config(std::move(text), name);
  loaded->diagnostics = loaded->tree->diagnostics();
  if (!base::has_errors(loaded->diagnostics))
    loaded->file =
        std::make_shared<const spec::SpecFile>(spec::load_spec(loaded->tree, loaded->diagnostics));
  return loaded;
}

std::shared_ptr<const LoadedSpec> load_spec_file(const std::string& path, FileAccess& files) {
  std::optional<std::string> text = files.read(path);
  if (text) return load_spec_text(std::move(*text), path);
  auto unreadable = std::make_shared<LoadedSpec>();
  base::Diagnostic diag;
  diag.summary = "Cannot read spec file";
  diag.detail = "The spec file " + path +
                " cannot be read: it is missing, unreadable, a folder or larger than 16 MiB.";
  diag.file = path;
  unreadable->diagnostics.push_back(std::move(diag));
  return unreadable;
}

std::shared_ptr<const LoadedSpec> SpecStore::get(const std::string& real_path, FileAccess& files) {
  std::promise<std::shared_ptr<const LoadedSpec>> promise;
  std::shared_future<std::shared_ptr<const LoadedSpec>> result;
  bool load_here = false;
  {
    const std::lock_guard lock(mutex_);
    auto [entry, inserted] = loaded_.try_emplace(real_path);
    if (inserted) entry->second = promise.get_future().share();
    result = entry->second;
    load_here = inserted;
  }
  // Reading and loading happen outside the lock; other callers of this path wait on `result`.
  if (load_here) {
    try {
      promise.set_value(load_spec_file(real_path, files));
    } catch (...) {
      promise.set_exception(std::current_exception());
      invalidate(real_path);  // the next caller tries again
    }
  }
  return result.get();
}

std::shared_ptr<const LoadedSpec> SpecStore::loaded(const std::string& real_path) {
  const std::lock_guard lock(mutex_);
  const auto found = loaded_.find(real_path);
  if (found == loaded_.end() ||
      found->second.wait_for(std::chrono::seconds(0)) != std::future_status::ready)
    return nullptr;
  try {
    return found->second.get();
  } catch (...) {
    return nullptr;
  }
}

void SpecStore::invalidate(const std::string& real_path) {
  const std::lock_guard lock(mutex_);
  loaded_.erase(real_path);
}

}  // namespace hclspec::server
