// Types, values and function signatures written as a spec file writes them, for hover and
// completion.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/text_range.hpp"

#include "eval/function.hpp"
#include "spec/expected.hpp"
#include "types/type.hpp"
#include "types/value.hpp"

namespace hclspec::features {

// A type expression: `any`, `string`, `list(string)`, `map(object({a = number, b =
// optional(bool)}))`, `tuple([string, number])`.
std::string type_text(const types::Type& type);

// A value in JSON, cut to about `limit` bytes ("…" ends a cut text); "(not known yet)" when the
// value is unknown somewhere.
std::string value_text(const types::Value& value, size_t limit = 200);

// `name(a string, b number, rest... any) list(string)`: parameters with their types, then the
// result type for arguments of those types. With `parameters`, each parameter's place in the
// text (`a string`), the variadic one last.
std::string function_signature(std::string_view name, const eval::Function& function,
                               std::vector<base::ByteRange>* parameters = nullptr);

// A block type's kind as a spec writes it, with its limits: `block`, `block (required)`,
// `block_list (min 1, max 3)`, `block_map (labels: name, kind)`, `block_attrs of string`.
std::string block_kind_text(const spec::ExpectedBlock& block);

}  // namespace hclspec::features
