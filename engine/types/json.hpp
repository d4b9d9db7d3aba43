// JSON for values and types in cty's shapes (go-cty 1.12.1's json package under Go 1.19's
// encoding/json): what hcldec prints, jsonencode writes and jsondecode reads.
#pragma once

#include <string>
#include <string_view>

#include "types/type.hpp"
#include "types/value.hpp"

namespace hclspec::types {

// A JSON text, or why the value has none.
struct JsonText {
  std::string json;
  std::string error;  // empty on success
  bool ok() const { return error.empty(); }
};

// What becomes of null object attributes and map elements.
enum class NullProperties {
  Keep,  // "null", as cty writes them
  Omit,  // left out at every depth, as hcldec prints results unless given --keep-nulls (it
         // strips them from cty's JSON text: arrays and their order stay as they are)
};

// cty's json.Marshal of a value by its own type: compact, object keys sorted, strings escaped as
// Go does. Unknown values ("value is not known") and infinities ("cannot serialize infinity as
// JSON") have no JSON; on error `json` is empty. Nulls elsewhere than in properties are "null".
// `expected_bytes`: room made for the text at once (address space, touched as it is written),
// rather than grown by copies.
JsonText value_to_json(const Value& value, NullProperties nulls = NullProperties::Keep,
                       size_t expected_bytes = 0);

// cty's json.Marshal with the dynamic pseudo-type, as `hcldec --with-type` prints a result:
// {"value":...,"type":...}. cty ignores an error inside the value here, so on error `json`
// holds what it prints anyway: the value's JSON cut off where the error arose (hcldec prints
// {"value":{"v":,"type":...} for an infinite v), and `error` says what went wrong.
JsonText value_to_json_with_type(const Value& value);

// cty's type JSON: "string", ["list","string"], ["tuple",["number"]], "dynamic",
// ["object",{"a":"number"}] and ["object",{"a":"number"},["a"]] with optional attributes.
std::string type_to_json(const Type& type);

// A JSON string literal for `text`, escaped as Go's encoding/json does: \" \\ \n \r \t, other
// control characters and <, >, & as \u00XX, U+2028 and U+2029 as \u2028 and \u2029, and each
// byte that is not valid UTF-8 as \ufffd.
std::string json_quote(std::string_view text);
// The same, appended to `out`.
void append_json_quoted(std::string& out, std::string_view text);

// cty's jsondecode: the value of a JSON text with the type JSON implies (json.ImpliedType, then
// json.Unmarshal): objects, tuples, strings, bools, numbers at full precision (parsed as cty
// parses numbers) and nulls of the dynamic type. Errors are Go's words, e.g. "invalid character
// 'x' looking for beginning of value", "unexpected EOF" for cut-off input, "EOF" for empty
// input, "extraneous data after JSON object".
struct ParsedJson {
  Value value;
  std::string error;  // empty on success
  bool ok() const { return error.empty(); }
};
ParsedJson value_from_json(std::string_view json);

}  // namespace hclspec::types
