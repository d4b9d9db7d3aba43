// From an association and the spec it names to the binding the editor features read.
#include "server/spec_binding.hpp"

namespace hclspec::server {

features::DocumentKind document_kind(const Association& association) {
  return association.kind == Association::Kind::MetaSpec ? features::DocumentKind::SpecFile
                                                         : features::DocumentKind::Config;
}

features::SpecBinding spec_binding(const Association& association, const LoadedSpec* spec,
                                   const std::string& spec_name) {
  features::SpecBinding binding;
  binding.chosen_by = association.chosen_by;
  binding.modeline = association.modeline;
  binding.problem = association.problem;
  if (association.dynamic_blocks) binding.options.dynamic_blocks = spec::DynamicBlocks::Check;
  switch (association.kind) {
    case Association::Kind::ProjectFile:
      // A static spec: an aliasing pointer that owns nothing.
      binding.spec =
          std::shared_ptr<const spec::SpecFile>(std::shared_ptr<void>(), &project_file_spec());
      binding.spec_name = "the built-in spec of .hclspec.hcl files";
      break;
    case Association::Kind::Spec:
      binding.spec_name = spec_name;
      if (spec && spec->usable())
        binding.spec = spec->file;
      else if (spec && binding.problem.empty())
        binding.problem = "The spec file " + spec_name +
                          " has errors, so this file is checked for syntax only; fix the spec "
                          "file first.";
      break;
    default:
      break;
  }
  return binding;
}

}  // namespace hclspec::server
