// Unification (cty's Unify and UnifyUnsafe) and the preference order behind it (sortTypes), with
// expectations from go-cty 1.12.1.
#include <doctest/doctest.h>

#include <string>

#include "notation.hpp"
#include "types/convert.hpp"

namespace hclspec::types {
namespace {

using testing::parse_types;
using testing::print_type;

TEST_CASE("unification finds cty's most general type") {
  // string is preferred to number and bool, lists to tuples and sets, maps to objects; objects
  // with the same attributes unify attribute by attribute, others as maps; tuples of one length
  // element by element, others as lists; "any" among structural types gives "any".
  struct Row {
    std::string mode;
    std::string types;  // separated by ';'
    std::string want;   // the type, or "none"
  };
  const Row rows[] = {
      {R"~(safe)~", R"~(string;number)~", R"~(string)~"},
      {R"~(unsafe)~", R"~(string;number)~", R"~(string)~"},
      {R"~(safe)~", R"~(number;bool)~", R"~(none)~"},
      {R"~(unsafe)~", R"~(number;bool)~", R"~(none)~"},
      {R"~(safe)~", R"~(string;bool;number)~", R"~(string)~"},
      {R"~(safe)~", R"~(number;number)~", R"~(number)~"},
      {R"~(safe)~", R"~(any;string)~", R"~(any)~"},
      {R"~(unsafe)~", R"~(any;string)~", R"~(string)~"},
      {R"~(safe)~", R"~(any;any)~", R"~(any)~"},
      {R"~(safe)~", R"~()~", R"~(none)~"},
      {R"~(safe)~", R"~(list(string);list(number))~", R"~(list(string))~"},
      {R"~(safe)~", R"~(list(string);tuple([number]))~", R"~(list(string))~"},
      {R"~(safe)~", R"~(list(string);tuple([number,bool]))~", R"~(list(string))~"},
      {R"~(safe)~", R"~(tuple([string]);tuple([number]))~", R"~(tuple([string]))~"},
      {R"~(safe)~", R"~(tuple([string]);tuple([number,bool]))~", R"~(list(string))~"},
      {R"~(safe)~", R"~(tuple([string,number]);tuple([number,number]))~",
       R"~(tuple([string,number]))~"},
      {R"~(safe)~", R"~(tuple([list(string)]);tuple([tuple([number])]))~",
       R"~(tuple([list(string)]))~"},
      {R"~(safe)~", R"~(tuple([]);tuple([]))~", R"~(tuple([]))~"},
      {R"~(safe)~", R"~(map(string);map(number))~", R"~(map(string))~"},
      {R"~(safe)~", R"~(map(string);object({a=number}))~", R"~(map(string))~"},
      {R"~(safe)~", R"~(map(string);object({a=list(string)}))~", R"~(none)~"},
      {R"~(safe)~", R"~(object({a=string});object({a=number}))~", R"~(object({"a"=string}))~"},
      {R"~(safe)~", R"~(object({a=string});object({b=number}))~", R"~(map(string))~"},
      {R"~(safe)~", R"~(object({a=string});object({a=string,b=number}))~", R"~(map(string))~"},
      {R"~(safe)~", R"~(object({a=string});object({a=list(string)}))~", R"~(none)~"},
      {R"~(safe)~", R"~(object({a=string,b=bool});object({a=number,b=bool}))~",
       R"~(object({"a"=string,"b"=bool}))~"},
      {R"~(safe)~", R"~(object({a=list(string)});object({a=tuple([number])}))~",
       R"~(object({"a"=list(string)}))~"},
      {R"~(safe)~", R"~(object({});object({}))~", R"~(object({}))~"},
      {R"~(safe)~", R"~(object({a=string});tuple([string]))~", R"~(none)~"},
      {R"~(safe)~", R"~(object({a=string});string)~", R"~(none)~"},
      {R"~(safe)~", R"~(set(string);set(number))~", R"~(set(string))~"},
      {R"~(safe)~", R"~(set(string);list(string))~", R"~(list(string))~"},
      {R"~(unsafe)~", R"~(set(string);list(string))~", R"~(list(string))~"},
      {R"~(safe)~", R"~(set(string);tuple([string]))~", R"~(set(string))~"},
      {R"~(unsafe)~", R"~(set(string);tuple([string]))~", R"~(set(string))~"},
      {R"~(safe)~", R"~(list(string);any)~", R"~(any)~"},
      {R"~(safe)~", R"~(map(string);any)~", R"~(any)~"},
      {R"~(safe)~", R"~(object({a=string});any)~", R"~(any)~"},
      {R"~(safe)~", R"~(tuple([string]);any)~", R"~(any)~"},
      {R"~(safe)~", R"~(set(string);any)~", R"~(any)~"},
      {R"~(safe)~", R"~(list(any);list(string))~", R"~(list(any))~"},
      {R"~(safe)~", R"~(list(any);list(any))~", R"~(list(any))~"},
      {R"~(safe)~", R"~(list(string);string)~", R"~(none)~"},
      {R"~(unsafe)~", R"~(list(string);string)~", R"~(none)~"},
      {R"~(safe)~", R"~(tuple([string]);list(any))~", R"~(list(any))~"},
      {R"~(safe)~", R"~(list(list(string));list(tuple([number])))~", R"~(list(list(string)))~"},
      {R"~(safe)~", R"~(map(list(string));object({a=tuple([number]),b=list(bool)}))~",
       R"~(map(list(string)))~"},
      {R"~(safe)~", R"~(object({a=number});map(string);object({b=bool}))~", R"~(map(string))~"},
      {R"~(unsafe)~", R"~(object({a=number,b=string});object({a=string,b=number}))~",
       R"~(object({"a"=string,"b"=string}))~"},
      {R"~(safe)~", R"~(object({a=number});object({a=any}))~", R"~(object({"a"=any}))~"},
      {R"~(safe)~", R"~(tuple([any]);tuple([string]))~", R"~(tuple([any]))~"},
      {R"~(safe)~", R"~(map(any);object({a=string}))~", R"~(map(any))~"},
      {R"~(safe)~", R"~(list(string);tuple([]))~", R"~(list(string))~"},
      {R"~(safe)~", R"~(object({a=optional(string)});object({a=string}))~",
       R"~(object({"a"=string}))~"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.mode);
    CAPTURE(row.types);
    const std::optional<Type> t = unify(parse_types(row.types), std::string(row.mode) == "unsafe");
    CHECK((t ? print_type(*t) : "none") == std::string(row.want));
  }
}

TEST_CASE("candidate types are tried in cty's order") {
  struct Row {
    std::string types;
    std::string want;  // indexes, as Go prints a slice
  };
  const Row rows[] = {
      {R"~(string;number)~", R"~([0 1])~"},
      {R"~(number;string)~", R"~([1 0])~"},
      {R"~(any;string)~", R"~([1 0])~"},
      {R"~(string;any)~", R"~([0 1])~"},
      {R"~(number;bool)~", R"~([0 1])~"},
      {R"~(bool;number;string)~", R"~([2 0 1])~"},
      {R"~(tuple([string]);list(string))~", R"~([1 0])~"},
      {R"~(list(string);tuple([string]))~", R"~([0 1])~"},
      {R"~(set(string);list(string))~", R"~([1 0])~"},
      {R"~(set(string);tuple([string]))~", R"~([1 0])~"},
      {R"~(object({a=string});map(string))~", R"~([1 0])~"},
      {R"~(map(string);object({a=string}))~", R"~([0 1])~"},
      {R"~(list(number);list(string))~", R"~([1 0])~"},
      {R"~(object({a=number,b=string});object({a=string,b=string}))~", R"~([1 0])~"},
      {R"~(object({a=number,b=string});object({a=string,b=number}))~", R"~([0 1])~"},
      {R"~(tuple([number,string]);tuple([string,string]))~", R"~([1 0])~"},
      {R"~(any;list(string);string;tuple([number]))~", R"~([1 2 3 0])~"},
      {R"~(map(number);map(string);map(bool))~", R"~([1 0 2])~"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.types);
    std::string got = "[";
    const std::vector<size_t> order = sort_types(parse_types(row.types));
    for (size_t i = 0; i < order.size(); ++i) got += (i ? " " : "") + std::to_string(order[i]);
    CHECK(got + "]" == row.want);
  }
}

}  // namespace
}  // namespace hclspec::types
