// Values: construction (NFC strings and keys, collection element types), cty's Equals and
// RawEquals, set de-duplication and order, set hash texts; expectations from go-cty 1.12.1.
#include <doctest/doctest.h>

#include <string>

#include "notation.hpp"
#include "types/text.hpp"
#include "types/value.hpp"

namespace hclspec::types {
namespace {

using testing::parse_value;
using testing::print_value;

TEST_CASE("values are built as cty builds them") {
  // Strings, object attribute names and map keys are normalized to NFC; sets lose duplicates
  // and take cty's order (known, then unknown, then null); a collection's null and unknown
  // elements of the dynamic type take the element type.
  struct Row {
    std::string value;
    std::string want;
  };
  const Row rows[] = {
      {R"~("e\u0301")~", R"~("é")~"},
      {R"~("\u00e9")~", R"~("é")~"},
      {R"~("A\u030a")~", R"~("Å")~"},
      {R"~("\u1e9b\u0323")~", R"~("ẛ̣")~"},
      {R"~("\ufb01")~", R"~("ﬁ")~"},
      {R"~("\xff\u0301e\u0301")~", R"~("\xff́é")~"},
      {R"~({"e\u0301"=1})~", R"~({"é"=1})~"},
      {R"~(map(number){"e\u0301"=1})~", R"~(map(number){"é"=1})~"},
      {R"~(list(string)[null,"a",?any])~", R"~(list(string)[null:string,"a",?string])~"},
      {R"~(list(any)[null,null])~", R"~(list(any)[null:any,null:any])~"},
      {R"~(list(any)[])~", R"~(list(any)[])~"},
      {R"~(set(string)["b","a","c","a"])~", R"~(set(string)["a","b","c"])~"},
      {R"~(set(string)["B","a","_","é","Z","10","9"])~",
       R"~(set(string)["10","9","B","Z","_","a","é"])~"},
      {R"~(set(number)[10,9,-1,1.5,100,-0,0,+Inf,-Inf])~",
       R"~(set(number)[-Inf,-1,-0,0,1.5,9,10,100,+Inf])~"},
      {R"~(set(number)[1,1.0,1e0,0.1,0.10])~", R"~(set(number)[0.1,1])~"},
      {R"~(set(bool)[true,false,true])~", R"~(set(bool)[false,true])~"},
      {R"~(set(string)[?string,"a",null:string,?string,"b"])~",
       R"~(set(string)["a","b",?string,?string,null:string])~"},
      {R"~(set(object({a=number}))[{a=10},{a=9},{a=100},{a=-1}])~",
       R"~(set(object({"a"=number}))[{"a"=-1},{"a"=100},{"a"=10},{"a"=9}])~"},
      {R"~(set(object({a=string,b=bool}))[{a="x",b=true},{a="x",b=false},{a="a",b=true}])~",
       R"~(set(object({"a"=string,"b"=bool}))[{"a"="a","b"=true},{"a"="x","b"=false},{"a"="x","b"=true}])~"},
      {R"~(set(tuple([string,number]))[["b",1],["a",2],["a",1]])~",
       R"~(set(tuple([string,number]))[["a",1],["a",2],["b",1]])~"},
      {R"~(set(list(string))[list(string)["b"],list(string)["a","b"],list(string)[],list(string)["a"]])~",
       R"~(set(list(string))[list(string)["a","b"],list(string)["a"],list(string)["b"],list(string)[]])~"},
      {R"~(set(map(number))[map(number){b=1},map(number){a=2},map(number){a=1,b=0}])~",
       R"~(set(map(number))[map(number){"a"=1,"b"=0},map(number){"a"=2},map(number){"b"=1}])~"},
      {R"~(set(object({a=number}))[{a=12345678901},{a=12345678902},{a=1.5}])~",
       R"~(set(object({"a"=number}))[{"a"=12345678901},{"a"=12345678902},{"a"=1.5}])~"},
      {R"~(set(list(number))[list(number)[?number],list(number)[?number],list(number)[1]])~",
       R"~(set(list(number))[list(number)[1],list(number)[?number],list(number)[?number]])~"},
      {R"~(set(string)["a\"b","a b","a\\b","a\u00e9"])~",
       R"~(set(string)["a b","a\"b","a\\b","aé"])~"},
      {R"~(set(number)[0.1,0.30000000000000000000000001,0.3])~",
       R"~(set(number)[0.1,0.3,0.30000000000000000000000001])~"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.value);
    CHECK(print_value(parse_value(row.value)) == row.want);
  }
}

TEST_CASE("composed and decomposed text is the same string") {
  const Value composed = Value::string("\u00e9");
  const Value decomposed = Value::string("e\u0301");
  CHECK(composed.as_string() == decomposed.as_string());
  CHECK(raw_equals(composed, decomposed));
  const Value object = Value::object({{"e\u0301", Value::number(1)}});
  CHECK(object.get("\u00e9") != nullptr);
  CHECK(object.get("e\u0301") != nullptr);
  CHECK(object.type().attribute("\u00e9") != nullptr);
  // A string given up by its caller is normalized the same way, ASCII or not.
  CHECK(raw_equals(Value::owned_string(std::string("e\u0301")), composed));
  CHECK(raw_equals(Value::owned_string("plain"), Value::string("plain")));
  CHECK(Value::owned_string("").as_string().empty());
}

TEST_CASE("an object built on a known shape is the object of the same pairs") {
  const Value name = Value::string("web");
  const Value count = Value::number(2);
  const Value by_pairs = Value::object({{"name", name}, {"count", count}});
  // The shape's type is kept when every value has its attribute's type.
  const Type shape = Type::object({{"count", Type::number()}, {"name", Type::string()}});
  const Value on_shape = Value::object(shape, {count, name});
  CHECK(on_shape.type() == shape);
  CHECK(raw_equals(on_shape, by_pairs));
  CHECK(on_shape.get("name")->as_string() == "web");
  // A dynamic attribute takes its value's type; optional markers are not a value's.
  const Type loose = Type::object({{"count", Type::dynamic()}, {"name", Type::string()}});
  CHECK(Value::object(loose, {count, name}).type() == by_pairs.type());
  CHECK(raw_equals(Value::object(loose, {count, name}), by_pairs));
  const Type optional =
      Type::object({{"count", Type::number()}, {"name", Type::string()}}, {"name"});
  CHECK(Value::object(optional, {count, name}).type() == by_pairs.type());
  CHECK(raw_equals(Value::object(optional, {count, Value::null(Type::string())}),
                   Value::object({{"count", count}, {"name", Value::null(Type::string())}})));
  CHECK(Value::object(Type::object({}), {}).type() == Value::object(Entries{}).type());
  // Values made in place: the same objects, and the array itself is the object's.
  SharedArray<Value> in_place(2, [&](size_t i) { return i == 0 ? count : name; });
  const Value* const made_at = in_place.items().data();
  const Value from_array = Value::object_of_array(shape, std::move(in_place));
  CHECK(raw_equals(from_array, by_pairs));
  CHECK(from_array.entries()[0].value.as_number() == count.as_number());
  CHECK(&from_array.entries()[0].value == made_at);
  CHECK(
      raw_equals(Value::object_of_array(
                     loose, SharedArray<Value>(2, [&](size_t i) { return i == 0 ? count : name; })),
                 by_pairs));
  CHECK(raw_equals(
      Value::tuple_of_array(SharedArray<Value>(2, [&](size_t i) { return i == 0 ? count : name; })),
      Value::tuple({count, name})));
}

TEST_CASE("Equals and RawEquals are cty's, nulls and unknowns included") {
  // Equals answers a bool, or an unknown bool when unknown values could decide it.
  struct Row {
    std::string a;
    std::string b;
    std::string want;
  };
  const Row equal_rows[] = {
      {R"~("é")~", R"~("e\u0301")~", R"~(true)~"},
      {R"~(1)~", R"~(1.0)~", R"~(true)~"},
      {R"~(1)~", R"~("1")~", R"~(false)~"},
      {R"~(0)~", R"~(-0)~", R"~(true)~"},
      {R"~(0.1)~", R"~(0.10000000000000000000000000001)~", R"~(false)~"},
      {R"~(null)~", R"~(null:string)~", R"~(true)~"},
      {R"~(null:string)~", R"~(null:number)~", R"~(true)~"},
      {R"~(null:list(string))~", R"~(null)~", R"~(true)~"},
      {R"~(null)~", R"~("a")~", R"~(false)~"},
      {R"~("a")~", R"~(null:string)~", R"~(false)~"},
      {R"~(?string)~", R"~("a")~", R"~(?bool)~"},
      {R"~("a")~", R"~(?string)~", R"~(?bool)~"},
      {R"~(?string)~", R"~(?string)~", R"~(?bool)~"},
      {R"~(?string)~", R"~(1)~", R"~(false)~"},
      {R"~(?any)~", R"~(1)~", R"~(?bool)~"},
      {R"~(null)~", R"~(?string)~", R"~(?bool)~"},
      {R"~(?string)~", R"~(null)~", R"~(?bool)~"},
      {R"~(?list(any))~", R"~(list(string)["a"])~", R"~(?bool)~"},
      {R"~(list(string)["a"])~", R"~(list(string)["a"])~", R"~(true)~"},
      {R"~(list(string)["a"])~", R"~(list(string)["a","b"])~", R"~(false)~"},
      {R"~(list(string)["a"])~", R"~(list(number)[1])~", R"~(false)~"},
      {R"~(list(string)[])~", R"~(list(number)[])~", R"~(false)~"},
      {R"~(list(string)[?string,"a"])~", R"~(list(string)["b","b"])~", R"~(?bool)~"},
      {R"~(list(string)["a",?string])~", R"~(list(string)["b","b"])~", R"~(false)~"},
      {R"~(["a",1])~", R"~(["a",1])~", R"~(true)~"},
      {R"~(["a",1])~", R"~(["a",2])~", R"~(false)~"},
      {R"~(["a",1])~", R"~(["a","1"])~", R"~(false)~"},
      {R"~([?string,1])~", R"~(["a",2])~", R"~(?bool)~"},
      {R"~({a=1,b="x"})~", R"~({a=1,b="x"})~", R"~(true)~"},
      {R"~({a=1,b="x"})~", R"~({a=1,c="x"})~", R"~(false)~"},
      {R"~({a=1})~", R"~({a=1,b=2})~", R"~(false)~"},
      {R"~(map(number){a=1})~", R"~(map(number){a=1})~", R"~(true)~"},
      {R"~(map(number){a=1})~", R"~(map(number){b=1})~", R"~(false)~"},
      {R"~(map(number){a=1,b=2})~", R"~(map(number){a=1,b=?number})~", R"~(?bool)~"},
      {R"~(set(string)["a","b"])~", R"~(set(string)["b","a"])~", R"~(true)~"},
      {R"~(set(string)["a"])~", R"~(set(string)["a","b"])~", R"~(false)~"},
      {R"~(set(string)["a",?string])~", R"~(set(string)["a","b"])~", R"~(?bool)~"},
      {R"~(set(list(string))[list(string)[?string]])~", R"~(set(list(string))[list(string)["a"]])~",
       R"~(false)~"},
      {R"~(list(any)[null])~", R"~(list(string)[null])~", R"~(true)~"},
      {R"~([?any])~", R"~(["a"])~", R"~(?bool)~"},
      {R"~([?any])~", R"~([1,2])~", R"~(false)~"},
      {R"~([?any,"a"])~", R"~(["b",1])~", R"~(false)~"},
      {R"~([?list(any)])~", R"~([list(string)["a"]])~", R"~(?bool)~"},
      {R"~([?tuple([any,string])])~", R"~([[1,2]])~", R"~(false)~"},
      {R"~({a=?any})~", R"~({b=1})~", R"~(false)~"},
      {R"~(null:any)~", R"~(?any)~", R"~(?bool)~"},
      {R"~(true)~", R"~(true)~", R"~(true)~"},
      {R"~(true)~", R"~(false)~", R"~(false)~"},
      {R"~(list(list(string))[list(string)["a"]])~", R"~(list(list(string))[list(string)["a"]])~",
       R"~(true)~"},
      {R"~(map(list(number)){a=list(number)[1,2]})~", R"~(map(list(number)){a=list(number)[1,2]})~",
       R"~(true)~"},
      {R"~(set(number)[0])~", R"~(set(number)[-0])~", R"~(false)~"},
  };
  for (const Row& row : equal_rows) {
    CAPTURE(row.a);
    CAPTURE(row.b);
    CHECK(print_value(equals(parse_value(row.a), parse_value(row.b))) == row.want);
  }
  const Row raw_rows[] = {
      {R"~(1)~", R"~(1.0)~", R"~(true)~"},
      {R"~(?string)~", R"~(?string)~", R"~(true)~"},
      {R"~(?string)~", R"~(?number)~", R"~(false)~"},
      {R"~(null:string)~", R"~(null:number)~", R"~(false)~"},
      {R"~(null)~", R"~(null)~", R"~(true)~"},
      {R"~(set(number)[0,-0])~", R"~(set(number)[-0,0])~", R"~(true)~"},
      {R"~(list(string)["a"])~", R"~(list(string)["a"])~", R"~(true)~"},
      {R"~({a=?string})~", R"~({a=?string})~", R"~(true)~"},
      {R"~("é")~", R"~("e\u0301")~", R"~(true)~"},
  };
  for (const Row& row : raw_rows) {
    CAPTURE(row.a);
    CAPTURE(row.b);
    CHECK((raw_equals(parse_value(row.a), parse_value(row.b)) ? "true" : "false") ==
          std::string(row.want));
  }
}

TEST_CASE("when an object has both an unknown and an unequal attribute, Equals says false") {
  // cty walks the attributes in Go's random map order and stops at the first unknown or
  // unequal one, so it answers either; this is the certain answer of the two.
  CHECK(print_value(equals(parse_value(R"({a = ?string, b = "x"})"),
                           parse_value(R"({a = "y", b = "z"})"))) == "false");
  CHECK(print_value(equals(parse_value(R"(map(string){a = ?string, b = "x"})"),
                           parse_value(R"(map(string){a = "y", b = "z"})"))) == "false");
  CHECK(print_value(equals(parse_value(R"({a = ?string, b = "x"})"),
                           parse_value(R"({a = "y", b = "x"})"))) == "?bool");
  // Lists and tuples go in order: an unknown first element decides.
  CHECK(print_value(equals(parse_value(R"([?string, "x"])"), parse_value(R"(["y", "z"])"))) ==
        "?bool");
}

TEST_CASE("set hash texts are cty's") {
  struct Row {
    std::string value;
    std::string want;  // Go-quoted
  };
  const Row rows[] = {
      {R"~("a\"b\n")~", R"~("\"a\\\"b\\n\"")~"},
      {R"~(1.5)~", R"~("1.5")~"},
      {R"~(12345678901)~", R"~("1.23456789e+10")~"},
      {R"~(0.30000000000000000000000001)~", R"~("0.3")~"},
      {R"~(-0)~", R"~("-0")~"},
      {R"~(+Inf)~", R"~("+Inf")~"},
      {R"~(true)~", R"~("T")~"},
      {R"~(null:string)~", R"~("~")~"},
      {R"~(?string)~", R"~("?")~"},
      {R"~(list(number)[1,2])~", R"~("[1;2;]")~"},
      {R"~(set(string)["b","a"])~", R"~("[\"a\";\"b\";]")~"},
      {R"~(map(bool){b=true,a=false})~", R"~("{\"a\":F;\"b\":T;}")~"},
      {R"~({b="x",a=1})~", R"~("<1;\"x\";>")~"},
      {R"~(["x",1,null:bool])~", R"~("<\"x\";1;~;>")~"},
      {R"~("é\u00a0\x01")~", R"~("\"é\\u00a0\\x01\"")~"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.value);
    CHECK(go_quote(set_hash_text(parse_value(row.value))) == row.want);
  }
}

TEST_CASE("known and nested-known values") {
  CHECK(parse_value("list(string)[\"a\"]").is_wholly_known());
  CHECK_FALSE(parse_value("list(string)[?string]").is_wholly_known());
  CHECK_FALSE(parse_value("{a = [1, ?number]}").is_wholly_known());
  CHECK(parse_value("null:string").is_wholly_known());
  CHECK(parse_value("?string").has_wholly_known_type());
  CHECK_FALSE(parse_value("?any").has_wholly_known_type());
  CHECK_FALSE(parse_value("?list(any)").has_wholly_known_type());
  CHECK_FALSE(parse_value("[1, ?any]").has_wholly_known_type());
  CHECK(parse_value("null").has_wholly_known_type());
}

TEST_CASE("a value nested many thousands deep is freed without deep recursion") {
  Value v = Value::string("x");
  for (int i = 0; i < 50000; ++i)
    v = i % 2 ? Value::tuple({v}) : Value::object({{"a", v}, {"b", Value::boolean(true)}});
  Value copy = v;
  v = Value();
  CHECK(copy.length() == 1);  // the outermost is a one-element tuple
}

}  // namespace
}  // namespace hclspec::types
