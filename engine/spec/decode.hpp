// Decoding a body by a spec (hcldec.Decode): the value and every problem found.
#pragma once

#include <cstdint>
#include <vector>

#include "base/cancellation.hpp"
#include "base/diagnostic.hpp"
#include "eval/scope.hpp"
#include "eval/traversal.hpp"
#include "spec/decode_cache.hpp"
#include "spec/decode_options.hpp"
#include "spec/spec.hpp"
#include "syntax/json.hpp"
#include "syntax/tree.hpp"
#include "types/value.hpp"

namespace hclspec::spec {

// An input file in either of HCL's syntaxes: exactly one of the two is set.
struct InputFile {
  const syntax::SyntaxTree* native = nullptr;
  const syntax::JsonTree* json = nullptr;

  InputFile(const syntax::SyntaxTree* tree) : native(tree) {}  // NOLINT: either converts
  InputFile(const syntax::JsonTree* tree) : json(tree) {}      // NOLINT
  const base::SourceFile& source() const {
    return native ? static_cast<const base::SourceFile&>(*native) : *json;
  }
  // The root body: a native tree's Body node, or a JSON tree's root value.
  uint32_t root() const { return native ? native->root() : json->root(); }
  // The file's syntax errors.
  const base::Diagnostics& diagnostics() const {
    return native ? native->diagnostics() : json->diagnostics();
  }
};

// The root body's attributes (hcl's JustAttributes: a block there is an error) and their values
// in `scope`, as hcldec reads its --vars files.
eval::Variables attribute_values(InputFile input, const eval::Scope* scope,
                                 base::Diagnostics& diags);

// The variable references the expressions the spec reads make (hcldec.Variables).
std::vector<eval::Traversal> referenced_variables(InputFile input, const Spec& spec);

// A run of blocks read by one spec (block_list, block_set, block_map) whose bodies span this many
// bytes or more is decoded on two threads when the machine has two cores; the values and the
// diagnostics, in their order, are those of decoding on one.
inline constexpr uint64_t kParallelDecodeBytes = 256 * 1024;

// The value `spec` gives for the root body of `input`, evaluating expressions in `scope`.
// Problems (unsupported or missing items, conversion errors...) are appended to `diags`.
// A tree with syntax errors decodes too: whatever items are intact are checked. Once `cancel`
// is set, the bodies not yet decoded are skipped: the value and diagnostics are then partial,
// for a caller that no longer wants them.
types::Value decode(InputFile input, const Spec& spec, const eval::Scope* scope,
                    base::Diagnostics& diags, const base::CancellationFlag* cancel = nullptr,
                    DecodeOptions options = {});

// The same, reusing the bodies of blocks decoded before whose bytes are unchanged (`reuse`, may
// be null) and putting every block body this decode gives into `produced` (DecodeCache): the
// diagnostics are the same as without, at the cost of what changed. This is for validation: a
// block body's value, once decoded, is kept (and given to the spec holding it) only when a
// diagnostic outside the body may depend on it (a `transform`, or a block list, set or map whose
// elements may differ in type: `any`, or a `default` whose two specs give different types);
// otherwise an unknown value of its type stands in for it (null stays null), so a document's
// decoded values are freed as soon as they are checked.
types::Value decode(InputFile input, const Spec& spec, const eval::Scope* scope,
                    base::Diagnostics& diags, const base::CancellationFlag* cancel,
                    const DecodeCache* reuse, DecodeCache& produced, DecodeOptions options = {});

// Several inputs decoded as one body (hcl's MergeFiles): arguments may be set in any one of
// them ("Duplicate argument" otherwise), blocks are taken from all in order. Diagnostics about
// an input other than the first carry its file name in `Diagnostic::file`. `inputs` is not empty.
types::Value decode(const std::vector<InputFile>& inputs, const Spec& spec,
                    const eval::Scope* scope, base::Diagnostics& diags,
                    const base::CancellationFlag* cancel = nullptr, DecodeOptions options = {});

}  // namespace hclspec::spec
