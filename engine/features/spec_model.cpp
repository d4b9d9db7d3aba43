// The model a snapshot's bodies are read against.
#include "features/spec_model.hpp"

#include "spec/meta_spec.hpp"

namespace hclspec::features {

std::optional<spec::ExpectedBody> expected_root(const Snapshot& snapshot) {
  if (snapshot.kind == DocumentKind::SpecFile) return spec::meta_spec_body();
  if (snapshot.binding.spec && snapshot.binding.spec->root)
    return spec::expected_body(*snapshot.binding.spec->root);
  return std::nullopt;
}

}  // namespace hclspec::features
