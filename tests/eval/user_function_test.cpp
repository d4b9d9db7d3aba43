// User functions: parameters, the variadic parameter, and errors in the result expression.
#include <doctest/doctest.h>

#include "eval/evaluate.hpp"
#include "eval/stdlib.hpp"
#include "eval/user_function.hpp"
#include "syntax/parser.hpp"
#include "types/json.hpp"

using namespace hclspec;

namespace {

// The result expressions live in a small "spec" file; `r1` and the others are its attributes.
std::shared_ptr<const syntax::SyntaxTree> spec_tree() {
  static const std::shared_ptr<const syntax::SyntaxTree> tree = syntax::parse_config(
      "r1 = \"${greeting}, ${upper(name)}\"\n"
      "r2 = length(rest) + first\n"
      "r3 = nope\n",
      "spec.hcldec");
  return tree;
}

syntax::NodeId result_of(size_t index) {
  return spec_tree()->children(spec_tree()->root())[index] - 1;
}

std::string call(const std::string& expression, std::string* error = nullptr) {
  static const eval::Scope spec_scope{nullptr, &eval::spec_definition_functions(), nullptr};
  static const eval::Functions functions = [] {
    eval::Functions f;
    f["greet"] = eval::make_user_function(spec_tree(), {"greeting", "name"}, std::nullopt,
                                          result_of(0), &spec_scope);
    f["count"] =
        eval::make_user_function(spec_tree(), {"first"}, "rest", result_of(1), &spec_scope);
    f["broken"] =
        eval::make_user_function(spec_tree(), {}, std::nullopt, result_of(2), &spec_scope);
    return f;
  }();
  auto input = syntax::parse_config("x = " + expression + "\n", "input.hcl");
  const eval::Scope scope{nullptr, &functions, nullptr};
  base::Diagnostics diags;
  const types::Value v =
      eval::evaluate(*input, input->children(input->root())[0] - 1, &scope, diags);
  if (!diags.empty()) {
    if (error != nullptr) *error = diags[0].summary + ": " + diags[0].detail;
    return "";
  }
  return types::value_to_json(v).json;
}

}  // namespace

TEST_CASE("user functions bind their parameters") {
  CHECK(call("greet(\"hi\", \"bob\")") == "\"hi, BOB\"");
  CHECK(call("count(10)") == "10");
  CHECK(call("count(10, \"a\", \"b\")") == "12");
  CHECK(call("count([1, 2, 3]...)") == "3");
}

TEST_CASE("user function errors are hcl's call errors") {
  std::string error;
  CHECK(call("greet(\"hi\")", &error).empty());
  CHECK(error ==
        "Not enough function arguments: Function \"greet\" expects 2 argument(s). Missing value "
        "for \"name\".");
  CHECK(call("broken()", &error).empty());
  CHECK(error ==
        "Error in function call: Call to function \"broken\" failed: spec.hcldec:3,6-10: "
        "Unknown variable; There is no variable named \"nope\"..");
}
