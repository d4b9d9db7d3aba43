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
                           const base::CancellationFlag* cancel, DecodeOptions options) {
  base::Diagnostics diags = input.diagnostics();
  if (!spec.root) return diags;
  eval::Scope storage;
  decode(input, *spec.root, input_scope(spec.variables, spec.functions, storage), diags, cancel,
         options);
  return diags;
}

base::Diagnostics validate(InputFile input, const std::shared_ptr<const SpecFile>& spec,
                           const base::CancellationFlag* cancel, DecodeCache& cache,
                           DecodeOptions options) {
  base::Diagnostics diags = input.diagnostics();
  if (!spec->root) return diags;
  eval::Scope storage;
  DecodeCache produced(spec, options);
  const bool reusable = cache.spec_file() == spec && cache.options() == options;
  decode(input, *spec->root, input_scope(spec->variables, spec->functions, storage), diags, cancel,
         reusable ? &cache : nullptr, produced, options);
  if (cancel == nullptr || !cancel->cancelled()) cache = std::move(produced);
  return diags;
}

}  // namespace hclspec::spec
