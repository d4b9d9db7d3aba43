// Validation: syntax diagnostics, then the decoder's, on files that may be broken.
#include "spec/validate.hpp"

namespace hclspec::spec {

const eval::Scope* input_scope(const SpecFile& spec, eval::Scope& storage) {
  storage = eval::Scope{spec.variables.empty() ? nullptr : &spec.variables,
                        spec.functions.empty() ? nullptr : &spec.functions, nullptr};
  return storage.variables == nullptr && storage.functions == nullptr ? nullptr : &storage;
}

base::Diagnostics validate(InputFile input, const SpecFile& spec) {
  base::Diagnostics diags = input.native ? input.native->diagnostics() : input.json->diagnostics();
  if (!spec.root) return diags;
  eval::Scope storage;
  decode(input, *spec.root, input_scope(spec, storage), diags);
  return diags;
}

}  // namespace hclspec::spec
