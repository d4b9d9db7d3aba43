// Checking one file against a spec, as the editor and `hclspec lint` do.
#pragma once

#include "base/cancellation.hpp"
#include "base/diagnostic.hpp"
#include "eval/scope.hpp"
#include "spec/decode.hpp"
#include "spec/decode_cache.hpp"
#include "spec/spec.hpp"

namespace hclspec::spec {

// The scope hcldec gives the input's expressions: `variables` (the spec file's, maybe with more
// given to the command) and the spec file's `functions`; nullptr when both are empty, so that
// references are "not allowed" rather than unknown. `storage` is filled and must outlive the
// scope's use, as must the two tables.
const eval::Scope* input_scope(const eval::Variables& variables, const eval::Functions& functions,
                               eval::Scope& storage);

// Every problem decoding `input` by `spec` finds, after the file's own syntax errors. Unlike
// hcldec, which stops at syntax errors, the intact items of a broken file are still checked:
// a broken item is left out of its body (or evaluates to an unknown value), so it neither
// passes nor fails a check on its own. Once `cancel` is set the decoder stops at the next block
// body, and the diagnostics are partial (for a caller that discards them).
base::Diagnostics validate(InputFile input, const SpecFile& spec,
                           const base::CancellationFlag* cancel = nullptr,
                           DecodeOptions options = {});

// The same, reusing the block bodies `cache` holds when it was made for this spec file (see
// DecodeCache), and leaving in it this validation's: the diagnostics are those the validation
// without a cache gives. Once `cancel` is set, the cache is left as it was.
base::Diagnostics validate(InputFile input, const std::shared_ptr<const SpecFile>& spec,
                           const base::CancellationFlag* cancel, DecodeCache& cache,
                           DecodeOptions options = {});

}  // namespace hclspec::spec
