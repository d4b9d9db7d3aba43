// Type conversion and unification exactly as cty's convert package (go-cty 1.12.1) does them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "types/type.hpp"
#include "types/value.hpp"

namespace hclspec::types {

// A conversion result: the value, or cty's message saying why not ("a number is required").
struct Converted {
  Value value;
  std::string error;  // empty on success
  bool ok() const { return error.empty(); }
};

// Whether values of type `from` can be converted to `to`: safely (never fails for a known
// value), or with `unsafe` also conversions that may fail on some values (string to number,
// list to set, map to object). Equal types always convert.
bool conversion_exists(const Type& from, const Type& to, bool unsafe);

// cty's convert.Convert: the value as type `want` (unsafe conversions allowed), or why not.
// Unknown and null values convert to unknown and null values of the wanted type.
Converted convert(const Value& value, const Type& want);

// cty's MismatchMessage: why `got` does not conform to `want`, phrased for users.
std::string mismatch_message(const Type& got, const Type& want);

// cty's Unify (unsafe: UnifyUnsafe): the most general type every given type converts to, if
// one exists; nullopt also for an empty list.
std::optional<Type> unify(const std::vector<Type>& types, bool unsafe);

// The preference order unification tries result types in (cty's sortTypes): indexes into
// `types`, more general types first (string before number, list before tuple, dynamic last).
std::vector<size_t> sort_types(const std::vector<Type>& types);

namespace detail {
// cty's getConversion(in, out, unsafe) != nil, quirks included: it is false for a primitive
// type to itself (cty's callers check type equality first) and for a map to the same map type.
bool get_conversion_exists(const Type& in, const Type& out, bool unsafe);
}  // namespace detail

}  // namespace hclspec::types
