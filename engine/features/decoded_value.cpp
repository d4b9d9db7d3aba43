// The decoded preview: the decoder run as `hclspec decode` runs it on one input.
#include "features/decoded_value.hpp"

#include "spec/decode.hpp"
#include "spec/validate.hpp"
#include "types/json.hpp"

namespace hclspec::features {

std::optional<DecodedValue> decoded_value(const Snapshot& snapshot,
                                          const base::CancellationFlag* cancel) {
  if (snapshot.kind != DocumentKind::Config || !snapshot.binding.spec ||
      !snapshot.binding.spec->root)
    return std::nullopt;
  const spec::SpecFile& spec = *snapshot.binding.spec;
  const spec::InputFile input =
      snapshot.tree ? spec::InputFile(snapshot.tree.get()) : spec::InputFile(snapshot.json.get());
  DecodedValue out;
  if (base::has_errors(input.diagnostics())) return out;
  eval::Scope storage;
  base::Diagnostics problems;
  const types::Value value =
      spec::decode(input, *spec.root, spec::input_scope(spec.variables, spec.functions, storage),
                   problems, cancel);
  if (cancel != nullptr && cancel->cancelled()) return std::nullopt;
  if (base::has_errors(problems)) return out;
  out.type = types::type_to_json(value.type());
  if (value.is_null()) return out;
  types::JsonText json = types::value_to_json(value, types::NullProperties::Omit);
  if (json.ok()) out.value = std::move(json.json);
  return out;
}

}  // namespace hclspec::features
