// The model a snapshot's bodies are read against.
#include "features/spec_model.hpp"

#include <type_traits>
#include <variant>

#include "spec/meta_spec.hpp"

namespace hclspec::features {

std::optional<spec::ExpectedBody> expected_root(const Snapshot& snapshot) {
  if (snapshot.kind == DocumentKind::SpecFile) return spec::meta_spec_body();
  if (snapshot.binding.spec && snapshot.binding.spec->root)
    return spec::expected_body(*snapshot.binding.spec->root);
  return std::nullopt;
}

const spec::Spec* spec_at(const spec::Spec& spec, uint32_t start) {
  if (spec.range.start == start) return &spec;
  const spec::Spec* found = nullptr;
  const auto search = [&](const spec::SpecPtr& nested) {
    if (!found && nested) found = spec_at(*nested, start);
  };
  std::visit(
      [&](const auto& kind) {
        using Kind = std::decay_t<decltype(kind)>;
        if constexpr (std::is_same_v<Kind, spec::ObjectSpec>) {
          for (const auto& [name, nested] : kind.properties) search(nested);
        } else if constexpr (std::is_same_v<Kind, spec::TupleSpec>) {
          for (const spec::SpecPtr& nested : kind.elements) search(nested);
        } else if constexpr (std::is_same_v<Kind, spec::DefaultSpec>) {
          search(kind.primary);
          search(kind.fallback);
        } else if constexpr (std::is_same_v<Kind, spec::TransformSpec>) {
          search(kind.wrapped);
        } else if constexpr (std::is_same_v<Kind, spec::BlockSpec> ||
                             std::is_same_v<Kind, spec::BlockListSpec> ||
                             std::is_same_v<Kind, spec::BlockMapSpec>) {
          search(kind.nested);
        }
      },
      spec.kind);
  return found;
}

}  // namespace hclspec::features
