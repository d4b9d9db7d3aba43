// JSON: cty's encoding of values (json.Marshal, as jsonencode and hcldec print them) and of
// types, Go's string escaping, and jsondecode (json.ImpliedType then json.Unmarshal) with Go's
// error messages; expectations from go-cty 1.12.1 built with Go 1.19.
#include <doctest/doctest.h>

#include <string>

#include "notation.hpp"
#include "types/json.hpp"

namespace hclspec::types {
namespace {

using testing::parse_type;
using testing::parse_value;
using testing::print_value;
using testing::unquote;

TEST_CASE("values encode as cty encodes them") {
  // Keys sorted, strings escaped as Go escapes them (<, >, & and U+2028 too, broken bytes as
  // \ufffd), numbers at full precision; unknowns and infinities have no JSON.
  struct Row {
    std::string value;
    std::string want;  // the JSON, or "error: " and the reason
  };
  const Row rows[] = {
      {R"~("<a href=\"x\">&amp;</a>")~", R"~("\u003ca href=\"x\"\u003e\u0026amp;\u003c/a\u003e")~"},
      {R"~("line\u2028sep\u2029para")~", R"~("line\u2028sep\u2029para")~"},
      {R"~("\x00\x01\x07\x08\t\n\x0b\x0c\r\x1f\x7f")~",
       R"~("\u0000\u0001\u0007\u0008\t\n\u000b\u000c\r\u001f")~"},
      {R"~("bad\xffutf8\xc3(")~", R"~("bad\ufffdutf8\ufffd(")~"},
      {R"~("é😀")~", R"~("é😀")~"},
      {R"~("quote\"back\\slash/")~", R"~("quote\"back\\slash/")~"},
      {R"~(1e3)~", R"~(1000)~"},
      {R"~(-0)~", R"~(-0)~"},
      {R"~(0.1)~", R"~(0.1)~"},
      {R"~(123456789012345678901234567890.5)~", R"~(123456789012345678901234567890.5)~"},
      {R"~(+Inf)~", R"~(error: cannot serialize infinity as JSON)~"},
      {R"~(-Inf)~", R"~(error: cannot serialize infinity as JSON)~"},
      {R"~(?string)~", R"~(error: value is not known)~"},
      {R"~(null)~", R"~(null)~"},
      {R"~(null:list(string))~", R"~(null)~"},
      {R"~(true)~", R"~(true)~"},
      {R"~([1,"a",null,true])~", R"~([1,"a",null,true])~"},
      {R"~({b=1,a=2,"A"=3,"é"=4,"<"=5})~", R"~({"\u003c":5,"A":3,"a":2,"b":1,"é":4})~"},
      {R"~(map(string){z="1",a="2"})~", R"~({"a":"2","z":"1"})~"},
      {R"~(list(string)[])~", R"~([])~"},
      {R"~(set(number)[3,1,2])~", R"~([1,2,3])~"},
      {R"~({a=[1,{b=?number}]})~", R"~(error: value is not known)~"},
      {R"~({a=[1,{b=+Inf}]})~", R"~(error: cannot serialize infinity as JSON)~"},
      {R"~(list(object({a=any}))[{a=null}])~", R"~([{"a":null}])~"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.value);
    const JsonText j = value_to_json(parse_value(row.value));
    CHECK((j.ok() ? j.json : "error: " + j.error) == row.want);
    if (!j.ok()) CHECK(j.json.empty());
  }
}

TEST_CASE("numbers too long to spell out are an error, not broken JSON") {
  // Go prints all 40,001 digits of 1e40000; Number stops spelling out at about 10^39456.
  const JsonText j = value_to_json(parse_value("1e40000"));
  CHECK_FALSE(j.ok());
  CHECK(j.error == "number is too large or too small to print as JSON");
  CHECK(value_to_json(parse_value("1e39000")).json.size() == 39001);
}

TEST_CASE("values with their type, as hcldec --with-type prints them") {
  // cty ignores an error inside the value here and prints what it had written.
  struct Row {
    std::string value;
    std::string want;
  };
  const Row rows[] = {
      {R"~({v=+Inf})~", R"~({"value":{"v":,"type":["object",{"v":"number"}]})~"},
      {R"~({v="x",w=?string})~",
       R"~({"value":{"v":"x","w":,"type":["object",{"v":"string","w":"string"}]})~"},
      {R"~({v=list(string)["a"]})~",
       R"~({"value":{"v":["a"]},"type":["object",{"v":["list","string"]}]})~"},
      {R"~(null)~", R"~(null)~"},
      {R"~(?any)~", R"~(error: value is not known)~"},
      {R"~(null:string)~", R"~({"value":null,"type":"string"})~"},
      {R"~("<x>")~", R"~({"value":"\u003cx\u003e","type":"string"})~"},
      {R"~({"a<"=1})~", R"~({"value":{"a\u003c":1},"type":["object",{"a\u003c":"number"}]})~"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.value);
    const JsonText j = value_to_json_with_type(parse_value(row.value));
    CHECK((j.json.empty() ? "error: " + j.error : j.json) == row.want);
  }
  const JsonText partial = value_to_json_with_type(parse_value("{v = +Inf}"));
  CHECK(partial.error == "cannot serialize infinity as JSON");
}

TEST_CASE("types encode as cty encodes them") {
  struct Row {
    std::string type;
    std::string want;
  };
  const Row rows[] = {
      {R"~(string)~", R"~("string")~"},
      {R"~(any)~", R"~("dynamic")~"},
      {R"~(list(map(set(bool))))~", R"~(["list",["map",["set","bool"]]])~"},
      {R"~(tuple([string,number]))~", R"~(["tuple",["string","number"]])~"},
      {R"~(tuple([]))~", R"~(["tuple",[]])~"},
      {R"~(object({}))~", R"~(["object",{}])~"},
      {R"~(object({b=string,a=number}))~", R"~(["object",{"a":"number","b":"string"}])~"},
      {R"~(object({b=optional(string),a=number,c=optional(list(any))}))~",
       R"~(["object",{"a":"number","b":"string","c":["list","dynamic"]},["b","c"]])~"},
      {R"~(object({"<&>"=string}))~", R"~(["object",{"\u003c\u0026\u003e":"string"}])~"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.type);
    CHECK(type_to_json(parse_type(row.type)) == row.want);
  }
}

TEST_CASE("JSON string escaping is Go's") {
  struct Row {
    std::string text;  // Go-quoted
    std::string want;
  };
  const Row rows[] = {
      {R"~("\x00\x1f\x7f\u2028\u2029<>&\"\\é\xff")~",
       R"~("\u0000\u001f\u2028\u2029\u003c\u003e\u0026\"\\é\ufffd")~"},
      {R"~("<>&\u2028")~", R"~("\u003c\u003e\u0026\u2028")~"},
      {R"~("\b\f")~", R"~("\u0008\u000c")~"},  // Go 1.19; Go 1.22 writes \b and \f
      {R"~("")~", R"~("")~"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.text);
    CHECK(json_quote(unquote(row.text)) == row.want);
  }
}

TEST_CASE("jsondecode: implied types, exact numbers, Go's syntax errors") {
  // Errors are encoding/json's Decoder errors: "EOF" for no input, "unexpected EOF" for input
  // cut off inside a value, never json.Unmarshal's "unexpected end of JSON input". Like cty 1.12,
  // repeated keys are accepted: the last one's type is the attribute's, so earlier values must
  // convert to it. Text after the top-level value is tolerated when it starts with ] or }.
  struct Row {
    std::string json;  // Go-quoted
    std::string want;  // the value, or "error: " and Go's message
  };
  const Row rows[] = {
      {R"~("{\"a\": 1, \"b\": [true, null, \"x\"]}")~", R"~({"a"=1,"b"=[true,null:any,"x"]})~"},
      {R"~("123456789012345678901234567890.5")~", R"~(123456789012345678901234567890.5)~"},
      {R"~("1e400")~",
       R"~(10000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000)~"},
      {R"~("-0")~", R"~(-0)~"},
      {R"~("0.1")~", R"~(0.1)~"},
      {R"~("[]")~", R"~([])~"},
      {R"~("{}")~", R"~({})~"},
      {R"~("null")~", R"~(null:any)~"},
      {R"~("\"e\\u0301\"")~", R"~("é")~"},
      {R"~("\"\\ud83d\\ude00\"")~", R"~("😀")~"},
      {R"~("\"\\ud83d\"")~", R"~("�")~"},
      {R"~("\"\\ud83dx\"")~", R"~("�x")~"},
      {R"~("\"\\udc00\\ud83d\"")~", R"~("��")~"},
      {R"~("\"\xff\"")~", R"~("�")~"},
      {R"~("  [1 , 2 ]  ")~", R"~([1,2])~"},
      {R"~("{\"a\":1,\"a\":2}")~", R"~({"a"=2})~"},
      {R"~("{\"a\":1,\"a\":\"x\"}")~", R"~({"a"="x"})~"},
      {R"~("{\"a\":\"x\",\"a\":1}")~", R"~(error: a number is required)~"},
      {R"~("{\"a\":\"1\",\"a\":1}")~", R"~({"a"=1})~"},
      {R"~("{\"a\":true,\"a\":\"x\"}")~", R"~({"a"="x"})~"},
      {R"~("{\"a\":\"true\",\"a\":true}")~", R"~({"a"=true})~"},
      {R"~("{\"a\":1,\"a\":true}")~", R"~(error: bool is required)~"},
      {R"~("{\"a\":{\"x\":1},\"a\":{\"y\":2}}")~", R"~(error: unsupported attribute "x")~"},
      {R"~("{\"a\":[1],\"a\":[1,2]}")~", R"~(error: not enough tuple elements (need 2))~"},
      {R"~("{\"a\":[1,2],\"a\":[1]}")~", R"~(error: too many tuple elements (need 1))~"},
      {R"~("{\"a\":1,\"a\":null}")~", R"~(error: missing expected {)~"},
      {R"~("{\"a\":{\"b\":1},\"a\":null}")~",
       R"~(error: invalid key "b" in dynamically-typed value)~"},
      {R"~("{\"a\":null,\"a\":1}")~", R"~({"a"=1})~"},
      {R"~("{\"e\\u0301\":1}")~", R"~(error: unsupported attribute "é")~"},
      {R"~("")~", R"~(error: EOF)~"},
      {R"~("   ")~", R"~(error: EOF)~"},
      {R"~("x")~", R"~(error: invalid character 'x' looking for beginning of value)~"},
      {R"~("tru")~", R"~(error: unexpected EOF)~"},
      {R"~("trux")~", R"~(error: invalid character 'x' in literal true (expecting 'e'))~"},
      {R"~("nul")~", R"~(error: unexpected EOF)~"},
      {R"~("[1,")~", R"~(error: EOF)~"},
      {R"~("[1")~", R"~(error: EOF)~"},
      {R"~("[1,]")~", R"~(error: invalid character ']' looking for beginning of value)~"},
      {R"~("[1 2]")~", R"~(error: invalid character '2' after array element)~"},
      {R"~("{\"a\" 1}")~", R"~(error: invalid character '1' after object key)~"},
      {R"~("{\"a\":1 \"b\":2}")~", R"~(error: invalid character '"' after object key:value pair)~"},
      {R"~("{1:2}")~", R"~(error: invalid character '1')~"},
      {R"~("{\"a\":}")~", R"~(error: invalid character '}' looking for beginning of value)~"},
      {R"~("{\"a\"")~", R"~(error: EOF)~"},
      {R"~("{")~", R"~(error: EOF)~"},
      {R"~("}")~", R"~(error: invalid character '}' looking for beginning of value)~"},
      {R"~("]")~", R"~(error: invalid character ']' looking for beginning of value)~"},
      {R"~(":")~", R"~(error: invalid character ':' looking for beginning of value)~"},
      {R"~(",")~", R"~(error: invalid character ',' looking for beginning of value)~"},
      {R"~("1}")~", R"~(1)~"},
      {R"~("1]")~", R"~(1)~"},
      {R"~("[1]]")~", R"~([1])~"},
      {R"~("{}}")~", R"~({})~"},
      {R"~("1 2")~", R"~(error: extraneous data after JSON object)~"},
      {R"~("1 x")~", R"~(error: extraneous data after JSON object)~"},
      {R"~("[1]x")~", R"~(error: extraneous data after JSON object)~"},
      {R"~("01")~", R"~(error: extraneous data after JSON object)~"},
      {R"~("1.")~", R"~(error: unexpected EOF)~"},
      {R"~("1.e3")~", R"~(error: invalid character 'e' after decimal point in numeric literal)~"},
      {R"~("-")~", R"~(error: unexpected EOF)~"},
      {R"~("-a")~", R"~(error: invalid character 'a' in numeric literal)~"},
      {R"~("1e")~", R"~(error: unexpected EOF)~"},
      {R"~("1e+")~", R"~(error: unexpected EOF)~"},
      {R"~(".5")~", R"~(error: invalid character '.' looking for beginning of value)~"},
      {R"~("+1")~", R"~(error: invalid character '+' looking for beginning of value)~"},
      {R"~("\"abc")~", R"~(error: unexpected EOF)~"},
      {R"~("\"a\nb\"")~", R"~(error: invalid character '\n' in string literal)~"},
      {R"~("\"a\\qb\"")~", R"~(error: invalid character 'q' in string escape code)~"},
      {R"~("\"\\u12x4\"")~",
       R"~(error: invalid character 'x' in \u hexadecimal character escape)~"},
      {R"~("'a'")~", R"~(error: invalid character '\'' looking for beginning of value)~"},
      {R"~("\"\x01\"")~", R"~(error: invalid character '\x01' in string literal)~"},
      {R"~("\xff")~", R"~(error: invalid character 'ÿ' looking for beginning of value)~"},
      {R"~("\xc3\xa9")~", R"~(error: invalid character 'Ã' looking for beginning of value)~"},
      {R"~("NaN")~", R"~(error: invalid character 'N' looking for beginning of value)~"},
      {R"~("Infinity")~", R"~(error: invalid character 'I' looking for beginning of value)~"},
      {R"~("[\"a\",{\"b\":[null,{}]}]")~", R"~(["a",{"b"=[null:any,{}]}])~"},
      {R"~("{\"a\":[1,2}")~", R"~(error: invalid character '}' after array element)~"},
      {R"~("[1,2}")~", R"~(error: invalid character '}' after array element)~"},
      {R"~("{\"a\":1]")~", R"~(error: invalid character ']' after object key:value pair)~"},
      {R"~("[[[[[[[[[[1]]]]]]]]]]")~", R"~([[[[[[[[[[1]]]]]]]]]])~"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.json);
    const ParsedJson p = value_from_json(unquote(row.json));
    CHECK((p.ok() ? print_value(p.value) : "error: " + p.error) == row.want);
  }
}

TEST_CASE("jsondecode round-trips long numbers and nests deeply") {
  const ParsedJson n = value_from_json("123456789012345678901234567890.5");
  REQUIRE(n.ok());
  CHECK(value_to_json(n.value).json == "123456789012345678901234567890.5");
  // Go's scanner allows 10000 levels inside the value cty reads as one piece.
  const auto nested = [](int depth) {
    return std::string(static_cast<size_t>(depth), '[') + "1" +
           std::string(static_cast<size_t>(depth), ']');
  };
  const ParsedJson deep = value_from_json(nested(10001));
  CHECK(deep.ok());
  CHECK(value_to_json(deep.value).json == nested(10001));
  CHECK(value_from_json(nested(10002)).error ==
        "failed to read tuple value: invalid character '[' exceeded max depth");
}

TEST_CASE("null properties are left out at every depth when asked, and nothing else changes") {
  const Value v = parse_value(
      R"({a = null:string, b = map(any){k = null:number, l = 1}, c = [null, {d = null:bool}],)"
      R"( e = set(object({x = string, y = string}))[{x = null:string, y = "0"}, {x = "z", y = "1"}]})");
  CHECK(value_to_json(v).json == R"({"a":null,"b":{"k":null,"l":1},"c":[null,{"d":null}],)"
                                 R"("e":[{"x":"z","y":"1"},{"x":null,"y":"0"}]})");
  // Arrays keep their nulls and their order: the set is not put in the order it would have
  // without the null attribute, as hcldec strips nulls from cty's JSON text.
  CHECK(value_to_json(v, NullProperties::Omit).json ==
        R"({"b":{"l":1},"c":[null,{}],"e":[{"x":"z","y":"1"},{"y":"0"}]})");
  CHECK(value_to_json(parse_value("null:string"), NullProperties::Omit).json == "null");
}

TEST_CASE("a text expected to be long is written in two halves at once, as in one go") {
  // Expecting a megabyte, the first container of two entries or more, down through containers
  // of one, has its later entries written on a second thread: the text, and the first error
  // in its order, must be those of writing it in one go.
  const char* const values[] = {
      "[1,2]",
      "[1,2,3,4,5]",
      R"({a = [[{k = map(any){x = null:string, y = 1, z = null:number}}]]})",
      R"({a = {b = {c = 1, d = null:string, e = [null, 2]}}})",
      R"({a = null:string, b = null:string, c = null:string, d = 1})",
      R"({a = 1, b = null:string, c = null:string, d = null:string})",
      R"({a = null:string, b = 2, c = null:string, d = null:string})",
      R"({only = null:string})",
      R"({only = {}})",
      "[[]]",
      R"(set(string)["c","a","b"])",
      "[1, +Inf, ?number]",
      "[?number, 1, +Inf]",
      R"({a = 1, b = 2, c = [+Inf], d = ?string})",
      R"({x = {a = ?string, b = 1, c = +Inf}})",
      "\"a string\"",
      "null",
  };
  for (const char* text : values) {
    CAPTURE(text);
    const Value v = parse_value(text);
    for (const NullProperties nulls : {NullProperties::Keep, NullProperties::Omit}) {
      const JsonText one_go = value_to_json(v, nulls);
      const JsonText halves = value_to_json(v, nulls, size_t{1} << 20);
      CHECK(halves.json == one_go.json);
      CHECK(halves.error == one_go.error);
    }
  }
  // Many entries, each a container of its own.
  std::string many = "[";
  for (int i = 0; i < 1000; ++i)
    many += (i ? ", " : "") + std::string("{n = ") + std::to_string(i) + "}";
  const Value v = parse_value(many + "]");
  CHECK(value_to_json(v, NullProperties::Omit, size_t{1} << 20).json ==
        value_to_json(v, NullProperties::Omit).json);
}

}  // namespace
}  // namespace hclspec::types
