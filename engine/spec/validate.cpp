// Validation: syntax diagnostics, then the decoder's, on files that may be broken.
#include "spec/validate.hpp"

namespace hclspec::spec {

const eval::Scope* input_scope(const eval::Variables& variables, const eval::Functions& functions,
                               eval::Scope& storage) {
  storage = eval::Scope{variables.empty() ? nullptr : &variables,
                        functions.empty() ? nullptr : &functions, nullptr};
  return storage.variables == nullptr && storage.functions == nullptr ? nullptr : &storage;
}

base::Diagnostics validate(InputFile input, const SpecFile& spec,
                           const base::CancellationFlag* cancel) {
  base::Diagnostics diags = input.diagnostics();
  if (!spec.root) return diags;
  eval::Scope storage;
  decode(input, *spec.root, input_scope(spec.variables, spec.functions, storage), diags, cancel);
  return diags;
}

base::Diagnostics validate(InputFile input, const std::shared_ptr<const SpecFile>& spec,
                           const base::CancellationFlag* cancel, DecodeCache& cache) {
  base::Diagnostics diags = input.diagnostics();
  if (!spec->root) return diags;
  eval::Scope storage;
  DecodeCache produced(spec);
  decode(input, *spec->root, input_scope(spec->variables, spec->functions, storage), diags, cancel,
         cache.spec_file() == spec ? &cache : nullptr, produced);
  if (cancel == nullptr || !cancel->cancelled()) cache = std::move(produced);
  return diags;
}

}  // namespace hclspec::spec
