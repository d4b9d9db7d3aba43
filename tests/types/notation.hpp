// A compact text notation for types and values in tests, shared with the Go oracle
// (oracle/oracle.go), so test tables read like cty and compare as strings.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "types/type.hpp"
#include "types/value.hpp"

namespace hclspec::types::testing {

// Types: string, number, bool, any (dynamic), list(T), set(T), map(T), tuple([T, T]),
// object({a = T, "b c" = optional(T)}).
//
// Values: null (dynamic), null:T, ?T (unknown), true, false, numbers as cty parses them (1.5,
// -3e10, +Inf, -Inf), "strings" with Go escapes (\n, \u00e9, \xff for a raw byte), tuples
// [v, v], objects {a = v, "b" = v}, list(T)[v, v], set(T)[v, v], map(T){a = v}.
//
// Printing gives one canonical form: nulls always with their type, strings and keys Go-quoted,
// no spaces, sets in their order: list(string)["a","b"], {"a"=1,"b"=null:any}.
Type parse_type(std::string_view text);
Value parse_value(std::string_view text);
std::string print_type(const Type& type);
std::string print_value(const Value& value);

// A Go-quoted string's text (strconv.Unquote), not normalized.
std::string unquote(std::string_view quoted);

// Types separated by ';' (for unification).
std::vector<Type> parse_types(std::string_view text);

// Round trip helpers for tables: the canonical form of a value or type written by hand.
inline std::string canonical_value(std::string_view text) {
  return print_value(parse_value(text));
}
inline std::string canonical_type(std::string_view text) {
  return print_type(parse_type(text));
}

}  // namespace hclspec::types::testing
