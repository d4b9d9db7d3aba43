// The expression evaluator: each expression form's value and type, and each error's message
// and range, in tables of "x = <expression>" evaluated in a small scope.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "eval/evaluate.hpp"
#include "eval/stdlib.hpp"
#include "syntax/parser.hpp"
#include "types/json.hpp"

using namespace hclspec;
using types::Type;
using types::Value;

namespace {

struct Outcome {
  std::string value;                // {"value":...,"type":...}, or empty when an error is expected
  std::vector<std::string> errors;  // "Summary @start..end"
};

// Variables: a number, a string, a list, a map, an object, null, an unknown.
const eval::Variables& test_variables() {
  static const eval::Variables vars = [] {
    eval::Variables v;
    v["n"] = Value::number(3);
    v["s"] = Value::string("hello");
    v["list"] = Value::list(Type::string(), {Value::string("a"), Value::string("b")});
    v["map"] = Value::map(Type::number(), {{"one", Value::number(1)}, {"two", Value::number(2)}});
    v["obj"] = Value::object({{"id", Value::string("i-1")}, {"tags", Value::tuple({})}});
    v["objs"] = Value::tuple(
        {Value::object({{"id", Value::string("x")}}), Value::object({{"id", Value::string("y")}})});
    v["nothing"] = Value::null(Type::string());
    v["later"] = Value::unknown(Type::string());
    return v;
  }();
  return vars;
}

Outcome evaluate(const std::string& expression, bool with_scope = true) {
  const std::string text = "x = " + expression + "\n";
  auto tree = syntax::parse_config(text, "t.hcl");
  REQUIRE_MESSAGE(tree->diagnostics().empty(), text);
  const syntax::NodeId attribute = tree->children(tree->root()).front();
  const eval::Scope scope{&test_variables(), &eval::spec_definition_functions(), nullptr};
  base::Diagnostics diags;
  const Value value = eval::evaluate(*tree, attribute - 1, with_scope ? &scope : nullptr, diags);
  Outcome out;
  for (const base::Diagnostic& d : diags)
    out.errors.push_back(d.summary + " @" + std::to_string(d.subject.start - 4) + ".." +
                         std::to_string(d.subject.end - 4));
  if (diags.empty()) {
    const types::JsonText json = types::value_to_json(value);
    out.value =
        (json.ok() ? json.json : "<" + json.error + ">") + " " + types::type_to_json(value.type());
  }
  return out;
}

void check_values(std::initializer_list<std::pair<std::string, std::string>> rows) {
  for (const auto& [expression, expected] : rows) {
    CAPTURE(expression);
    const Outcome got = evaluate(expression);
    CHECK(got.errors == std::vector<std::string>{});
    CHECK(got.value == expected);
  }
}

void check_errors(std::initializer_list<std::pair<std::string, std::vector<std::string>>> rows) {
  for (const auto& [expression, expected] : rows) {
    CAPTURE(expression);
    CHECK(evaluate(expression).errors == expected);
  }
}

}  // namespace

TEST_CASE("literals, collections and operators") {
  check_values({
      {"1", R"(1 "number")"},
      {"true", R"(true "bool")"},
      {"null", R"(null "dynamic")"},
      {"\"a\"", R"("a" "string")"},
      {"[1, \"a\"]", R"([1,"a"] ["tuple",["number","string"]])"},
      {"{a = 1, \"b\" = true}", R"({"a":1,"b":true} ["object",{"a":"number","b":"bool"}])"},
      {"{(s) = 1}", R"({"hello":1} ["object",{"hello":"number"}])"},
      {"{a = 1, a = 2}", R"({"a":2} ["object",{"a":"number"}])"},
      {"1 + 2 * 3", R"(7 "number")"},
      {"0.1 + 0.2", R"(0.3 "number")"},
      {"10 % 3", R"(1 "number")"},
      {"-n", R"(-3 "number")"},
      {"!true", R"(false "bool")"},
      {"\"1\" + 1", R"(2 "number")"},
      {"1 == 1.0", R"(true "bool")"},
      {"\"a\" != \"b\"", R"(true "bool")"},
      {"n > 2 && n < 4", R"(true "bool")"},
      {"false || true", R"(true "bool")"},
      {"later == \"x\"", R"(<value is not known> "bool")"},
      // Arithmetic on two known numbers, and on anything else.
      {"8000 + 0", R"(8000 "number")"},
      {"5 - 7", R"(-2 "number")"},
      {"-1 + 1", R"(0 "number")"},
      {"2 * 3.5", R"(7 "number")"},
      {"1 + later", R"(<value is not known> "number")"},
  });
}

TEST_CASE("conditionals unify their results") {
  check_values({
      {"true ? 1 : 2", R"(1 "number")"},
      {"false ? 1 : \"two\"", R"("two" "string")"},
      {"true ? 1 : \"two\"", R"("1" "string")"},
      {"true ? null : 1", R"(null "number")"},
      {"true ? [1] : [\"a\"]", R"(["1"] ["tuple",["string"]])"},
  });
  check_errors({
      {"true ? {a = 1} : {b = 1}", {}},
      {"null ? 1 : 2", {"Null condition @0..4"}},
      {"\"x\" ? 1 : 2", {"Incorrect condition type @0..3"}},
      {"true ? [1] : {a = 1}", {"Inconsistent conditional result types @7..20"}},
  });
}

TEST_CASE("variables, traversals, indexes and splats") {
  check_values({
      {"n", R"(3 "number")"},
      {"list[1]", R"("b" "string")"},
      {"list[\"0\"]", R"("a" "string")"},
      {"map.two", R"(2 "number")"},
      {"map[\"one\"]", R"(1 "number")"},
      {"obj.id", R"("i-1" "string")"},
      {"objs[*].id", R"(["x","y"] ["tuple",["string","string"]])"},
      {"objs.*.id", R"(["x","y"] ["tuple",["string","string"]])"},
      {"obj[*].id", R"(["i-1"] ["tuple",["string"]])"},
      {"nothing[*]", R"([] ["tuple",[]])"},
      {"list.0", R"("a" "string")"},
      {"[1, 2][n - 2]", R"(2 "number")"},
  });
  check_errors({
      {"nope", {"Unknown variable @0..4"}},
      {"lst", {"Unknown variable @0..3"}},
      {"obj.nope", {"Unsupported attribute @3..8"}},
      {"map.three", {"Missing map element @3..9"}},
      {"list[5]", {"Invalid index @4..7"}},
      {"list[-1]", {"Invalid index @4..8"}},
      {"list[0.5]", {"Invalid index @4..9"}},
      {"s.x", {"Unsupported attribute @1..3"}},
      {"nothing.x", {"Attempt to get attribute from null value @7..9"}},
  });
  CHECK(evaluate("n", false).errors == std::vector<std::string>{"Variables not allowed @0..1"});
}

TEST_CASE("for expressions") {
  check_values({
      {"[for v in list : upper(v)]", R"(["A","B"] ["tuple",["string","string"]])"},
      {"[for i, v in list : i]", R"([0,1] ["tuple",["number","number"]])"},
      {"{for k, v in map : v => k}",
       R"({"1":"one","2":"two"} ["object",{"1":"string","2":"string"}])"},
      {"[for v in [1, 2, 3] : v if v != 2]", R"([1,3] ["tuple",["number","number"]])"},
      {"{for v in [\"a\", \"a\", \"b\"] : v => v...}",
       R"({"a":["a","a"],"b":["b"]} ["object",{"a":["tuple",["string","string"]],"b":["tuple",["string"]]}])"},
  });
  check_errors({
      {"{for v in [\"a\", \"a\"] : v => 1}", {"Duplicate object key @23..24"}},
      {"[for v in 1 : v]", {"Iteration over non-iterable value @10..11"}},
      {"[for v in nothing : v]", {"Iteration over null value @10..17"}},
      {"[for v in [1] : v if 1]", {"Invalid 'for' condition @21..22"}},
      {"[for v in [1] : v if \"x\"]", {"Invalid 'for' condition @21..24"}},
  });
}

TEST_CASE("templates: interpolation, directives, strip markers, heredocs") {
  check_values({
      {"\"a${s}b\"", R"("ahellob" "string")"},
      {"\"${n}\"", R"(3 "number")"},
      {"\"${n}${\"\"}\"", R"("3" "string")"},
      {"\"%{ if n > 1 }big%{ else }small%{ endif }\"", R"("big" "string")"},
      {"\"%{ for v in list }${v},%{ endfor }\"", R"("a,b," "string")"},
      {"\"a  ${~ s ~}  b\"", R"("ahellob" "string")"},
      // Unicode's White_Space is stripped, up to the first other character, whatever its length.
      {"\"a\u3000\u00a0 ${~ s ~}\u2003\u0085b\"", R"("ahellob" "string")"},
      {"\"\u00e9 ${~ s ~} \u00e9\"", "\"\u00e9hello\u00e9\" \"string\""},
      {"\"\U0001F600\t${~ s ~}\u205f\u4e00\"", "\"\U0001F600hello\u4e00\" \"string\""},
      {"\"$${x} %%{y}\"", R"("${x} %{y}" "string")"},
      {"\"\\u00e9\\n\"", R"("é\n" "string")"},
      // Plain literal text, and text with what could start an escape or is not ASCII.
      {"\"docker\"", R"("docker" "string")"},
      {"\"a$b 100%\"", R"("a$b 100%" "string")"},
      {"\"e\u0301\"", "\"\u00e9\" \"string\""},
      {"<<EOT\n  a\n   b\nEOT", R"("  a\n   b\n" "string")"},
      {"<<-EOT\n  a\n   b\n  EOT", R"("a\n b\n" "string")"},
  });
  check_errors({
      {"\"a${nothing}\"", {"Invalid template interpolation value @4..11"}},
      {"\"x${[1]}\"", {"Invalid template interpolation value @4..7"}},
  });
}

TEST_CASE("function calls") {
  check_values({
      {"upper(s)", R"("HELLO" "string")"},
      {"max(1, 5, 3)", R"(5 "number")"},
      {"max([1, 5]...)", R"(5 "number")"},
      {"length(list)", R"(2 "number")"},
  });
  check_errors({
      {"uper(s)", {"Call to unknown function @0..4"}},
      {"upper()", {"Not enough function arguments @6..7"}},
      {"upper(s, s)", {"Too many function arguments @9..10"}},
      {"upper([])", {"Invalid function argument @6..7"}},
      {"max(1...)", {"Invalid expanding argument value @4..5"}},
  });
  CHECK(evaluate("upper(\"a\")", false).errors ==
        std::vector<std::string>{"Function calls not allowed @0..10"});
}

TEST_CASE(
    "nested loops stop at the iteration budget, with an error on the loop that would pass it") {
  // 200 × 200 × 200 = 8 million iterations from a few hundred bytes: past the 1 million budget.
  std::string elements = "[";
  for (int i = 0; i < 200; ++i) elements += (i ? "," : "") + std::to_string(i);
  elements += "]";
  const std::string nested =
      "[for a in " + elements + " : [for b in " + elements + " : [for c in " + elements + " : c]]]";
  const Outcome loops = evaluate(nested);
  REQUIRE_FALSE(loops.errors.empty());
  CHECK(loops.errors.front().starts_with("Too many iterations @"));
  // Template directives count against the same budget.
  const std::string directives = "\"%{for a in " + elements + "}%{for b in " + elements +
                                 "}%{for c in " + elements + "}x%{endfor}%{endfor}%{endfor}\"";
  const Outcome text = evaluate(directives);
  REQUIRE_FALSE(text.errors.empty());
  CHECK(text.errors.front().starts_with("Too many iterations @"));
  // Within the budget nothing changes: 200 × 200 = 40,000 iterations.
  const Outcome two =
      evaluate("length([for a in " + elements + " : [for b in " + elements + " : b]])");
  CHECK(two.errors.empty());
  CHECK(two.value == "200 \"number\"");
}
