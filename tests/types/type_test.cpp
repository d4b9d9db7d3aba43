// Types: construction (NFC attribute names, optional attributes), structural equality, interning
// (shared descriptions, sweeping, threads) and cty's friendly names, checked against go-cty 1.12.1.
#include <doctest/doctest.h>

#include <string>
#include <thread>

#include "notation.hpp"
#include "types/type.hpp"

namespace hclspec::types {
namespace {

using testing::parse_type;
using testing::print_type;

TEST_CASE("friendly names and constraint names are cty's") {
  struct Row {
    std::string type;
    std::string want;  // "FriendlyName | FriendlyNameForConstraint"
  };
  const Row rows[] = {
      {R"~(string)~", R"~(string | string)~"},
      {R"~(number)~", R"~(number | number)~"},
      {R"~(bool)~", R"~(bool | bool)~"},
      {R"~(any)~", R"~(dynamic | any type)~"},
      {R"~(list(string))~", R"~(list of string | list of string)~"},
      {R"~(list(any))~", R"~(list of dynamic | list of any single type)~"},
      {R"~(set(any))~", R"~(set of dynamic | set of any single type)~"},
      {R"~(map(any))~", R"~(map of dynamic | map of any single type)~"},
      {R"~(map(list(any)))~", R"~(map of list of dynamic | map of list of any single type)~"},
      {R"~(list(list(number)))~", R"~(list of list of number | list of list of number)~"},
      {R"~(set(map(bool)))~", R"~(set of map of bool | set of map of bool)~"},
      {R"~(object({}))~", R"~(object | object)~"},
      {R"~(object({a=string}))~", R"~(object | object)~"},
      {R"~(tuple([]))~", R"~(tuple | tuple)~"},
      {R"~(tuple([string,any]))~", R"~(tuple | tuple)~"},
      {R"~(list(object({a=any})))~", R"~(list of object | list of object)~"},
      {R"~(map(tuple([any])))~", R"~(map of tuple | map of tuple)~"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.type);
    const Type t = parse_type(row.type);
    CHECK(t.friendly_name() + " | " + t.friendly_name_for_constraint() == row.want);
  }
}

TEST_CASE("types compare structurally") {
  struct Row {
    std::string a;
    std::string b;
    bool equal;
  };
  const Row rows[] = {
      {"string", "string", true},
      {"string", "number", false},
      {"any", "any", true},
      {"any", "string", false},
      {"list(string)", "list(string)", true},
      {"list(string)", "set(string)", false},
      {"list(string)", "list(any)", false},
      {"map(list(number))", "map(list(number))", true},
      {"tuple([string, number])", "tuple([string, number])", true},
      {"tuple([string, number])", "tuple([number, string])", false},
      {"tuple([])", "tuple([])", true},
      {"tuple([])", "list(any)", false},
      {"object({a = string, b = number})", "object({b = number, a = string})", true},
      {"object({a = string})", "object({a = string, b = number})", false},
      {"object({a = string})", "object({b = string})", false},
      {"object({a = string})", "object({a = optional(string)})", false},
      {"object({a = optional(string)})", "object({a = optional(string)})", true},
      {R"(object({"é" = string}))", R"(object({"e\u0301" = string}))", true},
      {"object({})", "object({})", true},
      {"object({})", "map(any)", false},
  };
  for (const Row& row : rows) {
    CAPTURE(row.a);
    CAPTURE(row.b);
    CHECK((parse_type(row.a) == parse_type(row.b)) == row.equal);
    CHECK((parse_type(row.b) == parse_type(row.a)) == row.equal);
  }
}

TEST_CASE("object types keep attributes sorted and in NFC, optional names only if declared") {
  const Type t = Type::object({{"b", Type::number()},
                               {"e\u0301", Type::string()},
                               {"a", Type::boolean()},
                               {"b", Type::string()}},
                              {"e\u0301", "zz", "b", "b"});
  // A repeated name keeps its last type; "zz" is not an attribute, so it is not optional.
  CHECK(print_type(t) == R"(object({"a"=bool,"b"=optional(string),"é"=optional(string)}))");
  REQUIRE(t.attributes().size() == 3);
  CHECK(t.optional_attributes() == std::vector<std::string>{"b", "\u00e9"});
  // Lookups normalize too.
  CHECK(t.attribute("\u00e9") != nullptr);
  CHECK(t.attribute("e\u0301") != nullptr);
  CHECK(t.is_optional("e\u0301"));
  CHECK_FALSE(t.is_optional("a"));
  CHECK(t.attribute("zz") == nullptr);
}

TEST_CASE("dynamic parts and optional markers are found at every depth") {
  struct Row {
    std::string type;
    bool dynamic;
    std::string without_optional;
  };
  const Row rows[] = {
      {"string", false, "string"},
      {"any", true, "any"},
      {"list(any)", true, "list(any)"},
      {"map(set(number))", false, "map(set(number))"},
      {"tuple([string, any])", true, "tuple([string,any])"},
      {"object({a = optional(list(object({b = optional(any)})))})", true,
       R"(object({"a"=list(object({"b"=any}))}))"},
      {"list(object({a = optional(string), b = number}))", false,
       R"(list(object({"a"=string,"b"=number})))"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.type);
    const Type t = parse_type(row.type);
    CHECK(t.has_dynamic() == row.dynamic);
    CHECK(print_type(t.without_optional_attributes()) == row.without_optional);
  }
}

TEST_CASE("accessors of the wrong kind answer empty") {
  const Type s = Type::string();
  CHECK(s.element().is_dynamic());
  CHECK(s.tuple_elements().empty());
  CHECK(s.attributes().empty());
  CHECK(s.attribute("a") == nullptr);
  CHECK(Type::list(Type::number()).element() == Type::number());
  CHECK(Type() == Type::dynamic());
}

TEST_CASE("a type nested many thousands deep is freed without deep recursion") {
  Type t = Type::string();
  for (int i = 0; i < 50000; ++i) t = i % 2 ? Type::list(t) : Type::tuple({t});
  const Type copy = t;
  CHECK(copy == t);  // shared descriptions compare without walking them
  t = Type::number();
  CHECK(copy.is_list());
}

TEST_CASE("equal types share a description while unreferenced ones are dropped") {
  const Type kept = Type::object({{"kept", Type::string()}});
  // Many short-lived distinct types make the interning table sweep several times.
  for (int round = 0; round < 3; ++round)
    for (int i = 0; i < 5000; ++i) {
      const std::string name = "a" + std::to_string(i);
      const Type t = Type::object({{name, Type::list(Type::number())}});
      CHECK(t == Type::object({{name, Type::list(Type::number())}}));
      CHECK(t.attributes()[0].name == name);
    }
  CHECK(kept == Type::object({{"kept", Type::string()}}));
  CHECK(kept.attributes()[0].name == "kept");
}

TEST_CASE("types are made and released from several threads at once") {
  const auto work = [](int seed) {
    bool all_equal = true;
    for (int i = 0; i < 3000; ++i) {
      const std::string name = "t" + std::to_string((i * 7 + seed) % 500);
      const Type a = Type::map(Type::object({{name, Type::string()}}));
      const Type b = Type::map(Type::object({{name, Type::string()}}));
      all_equal = all_equal && a == b && a.element().attributes()[0].name == name;
    }
    return all_equal;
  };
  bool first = false;
  std::thread other([&] { first = work(1); });
  const bool second = work(2);
  other.join();
  CHECK(first);
  CHECK(second);
}

}  // namespace
}  // namespace hclspec::types
