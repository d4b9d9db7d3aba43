// cty's function.Call and ReturnTypeForValues: arity, nulls, dynamic and unknown arguments,
// type conformance, and what reaches the implementation.
#include "test_support.hpp"

using namespace hclspec::eval;
using namespace hclspec::eval::testing;

namespace {

Parameter make_param(std::string name, Type type, bool allow_null = false,
                     bool allow_unknown = false, bool allow_dynamic = false) {
  Parameter p;
  p.name = std::move(name);
  p.type = std::move(type);
  p.allow_null = allow_null;
  p.allow_unknown = allow_unknown;
  p.allow_dynamic = allow_dynamic;
  return p;
}

// A function that records how often its parts ran and returns its first argument (or a
// string when it has none), typed by the argument.
struct Probe {
  int type_calls = 0;
  int impl_calls = 0;
  Type seen_result;
  Function f;

  Probe(std::vector<Parameter> params, std::optional<Parameter> variadic) {
    f.params = std::move(params);
    f.variadic = std::move(variadic);
    f.return_type = [this](const std::vector<Value>& args) {
      ++type_calls;
      return CallResult::success(Value::null(args.empty() ? Type::string() : args[0].type()));
    };
    f.impl = [this](const std::vector<Value>& args, const Type& result) {
      ++impl_calls;
      seen_result = result;
      return CallResult::success(args.empty() ? Value::string("none") : args[0]);
    };
  }
};

}  // namespace

TEST_CASE("arity errors use cty's wording") {
  Probe fixed({make_param("a", Type::string()), make_param("b", Type::string())}, std::nullopt);
  check_error(call_function(fixed.f, {str("x")}),
              "wrong number of arguments (2 required; 1 given)");
  check_error(call_function(fixed.f, {str("x"), str("y"), str("z")}),
              "wrong number of arguments (2 required; 3 given)");
  check_error(call_function(fixed.f, {}), "wrong number of arguments (2 required; 0 given)");

  Probe variadic({make_param("a", Type::string())}, make_param("rest", Type::string()));
  check_error(call_function(variadic.f, {}),
              "wrong number of arguments (at least 1 required; 0 given)");
  check_value(call_function(variadic.f, {str("x")}), str("x"));
  check_value(call_function(variadic.f, {str("x"), str("y"), str("z")}), str("x"));

  Probe none({}, std::nullopt);
  check_error(call_function(none.f, {str("x")}), "wrong number of arguments (0 required; 1 given)");
  check_value(call_function(none.f, {}), str("none"));
  CHECK(none.impl_calls == 1);
}

TEST_CASE("null arguments are rejected unless the parameter allows them") {
  Probe p({make_param("a", Type::string()), make_param("b", Type::string(), true)},
          make_param("rest", Type::string()));
  check_error(call_function(p.f, {null(Type::string()), str("y")}), "argument must not be null", 0);
  check_value(call_function(p.f, {str("x"), null(Type::string())}), str("x"));
  // A variadic argument is reported at its real index.
  check_error(call_function(p.f, {str("x"), str("y"), str("z"), null(Type::string())}),
              "argument must not be null", 3);
  // HCL's untyped null is a null of the dynamic type: still a null.
  check_error(call_function(p.f, {Value(), str("y")}), "argument must not be null", 0);
  CHECK(p.type_calls == 1);  // only the call that got through the checks
  CHECK(p.impl_calls == 1);
}

TEST_CASE("a dynamic argument gives a dynamic result unless the parameter allows it") {
  Probe p({make_param("a", Type::string()), make_param("b", Type::string())}, std::nullopt);
  // DynamicVal: the return type rule is skipped and the result is DynamicVal.
  check_value(call_function(p.f, {dyn(), str("y")}), dyn());
  CHECK(p.type_calls == 0);
  CHECK(p.impl_calls == 0);
  // The first dynamic argument ends the checks: a later null is not reported.
  check_value(call_function(p.f, {dyn(), null(Type::string())}), dyn());
  // But an earlier null is.
  check_error(call_function(p.f, {null(Type::string()), dyn()}), "argument must not be null", 0);

  Probe allowed({make_param("a", Type::string(), false, false, true)}, std::nullopt);
  allowed.f.return_type = static_return_type(Type::number());
  // The return type rule runs; the unknown argument then gives an unknown of its result.
  check_value(call_function(allowed.f, {dyn()}), unknown(Type::number()));
  CHECK(allowed.impl_calls == 0);
}

TEST_CASE("a null of dynamic type reaches the implementation with a dynamic result type") {
  // cty before v1.13.1 still runs the implementation when only a dynamic null made the result
  // type dynamic; the implementation sees the dynamic type.
  Probe p({make_param("a", Type::string(), /*allow_null=*/true)}, std::nullopt);
  p.f.impl = [&p](const std::vector<Value>&, const Type& result) {
    ++p.impl_calls;
    p.seen_result = result;
    return CallResult::success(Value::null(Type::dynamic()));
  };
  check_value(call_function(p.f, {Value()}), Value());
  CHECK(p.type_calls == 0);
  CHECK(p.impl_calls == 1);
  CHECK(p.seen_result.is_dynamic());
}

TEST_CASE("unknown arguments give an unknown result unless the parameter allows them") {
  Probe p({make_param("a", Type::string()), make_param("b", Type::number(), false, true)},
          std::nullopt);
  check_value(call_function(p.f, {unknown(Type::string()), num(1)}), unknown(Type::string()));
  CHECK(p.type_calls == 1);  // the return type is still computed, from the unknown
  CHECK(p.impl_calls == 0);
  check_value(call_function(p.f, {str("x"), unknown(Type::number())}), str("x"));
  CHECK(p.impl_calls == 1);

  Probe variadic({}, make_param("rest", Type::string()));
  check_value(call_function(variadic.f, {str("x"), unknown(Type::string())}),
              unknown(Type::string()));
  CHECK(variadic.impl_calls == 0);
  // A known value with an unknown inside is known: only top-level unknowns count.
  Probe lists({make_param("l", Type::list(Type::string()))}, std::nullopt);
  const Value partly = list(Type::string(), {str("a"), unknown(Type::string())});
  check_value(call_function(lists.f, {partly}), partly);
}

TEST_CASE("arguments must conform to the parameter types") {
  Probe p({make_param("a", Type::string())}, std::nullopt);
  check_error(call_function(p.f, {num(1)}), "string required, but received number", 0);

  Probe lists({make_param("l", Type::list(Type::string()))}, std::nullopt);
  check_error(call_function(lists.f, {list(Type::number(), {})}),
              "string required, but received number", 0);
  check_error(call_function(lists.f, {tuple({})}), "list of string required, but received tuple",
              0);

  Probe any_list({make_param("l", Type::list(Type::dynamic()))}, std::nullopt);
  check_value(call_function(any_list.f, {list(Type::boolean(), {})}), list(Type::boolean(), {}));

  const Type want = Type::object({{"a", Type::string()}, {"b", Type::number()}});
  Probe objects({make_param("o", want)}, std::nullopt);
  check_error(call_function(objects.f, {object({{"a", str("x")}})}),
              "missing required attribute \"b\"", 0);
  check_error(
      call_function(objects.f, {object({{"a", str("x")}, {"b", num(1)}, {"c", boolean(true)}})}),
      "unsupported attribute \"c\"", 0);
  check_error(call_function(objects.f, {object({{"a", num(1)}, {"b", num(1)}})}),
              "string required, but received number", 0);

  Probe tuples({make_param("t", Type::tuple({Type::string(), Type::number()}))}, std::nullopt);
  check_error(call_function(tuples.f, {tuple({str("x")})}), "2 elements are required, but got 1",
              0);
  check_error(call_function(tuples.f, {tuple({str("x"), str("y")})}),
              "number required, but received string", 0);

  // cty reports a variadic argument's mismatch at its index among the variadic arguments.
  Probe variadic({make_param("a", Type::string())}, make_param("rest", Type::number()));
  check_error(call_function(variadic.f, {str("x"), num(1), str("y")}),
              "number required, but received string", 1);
  CHECK(p.type_calls + lists.type_calls + objects.type_calls + variadic.type_calls == 0);
}

TEST_CASE("conformance_error words mismatches as cty does") {
  CHECK_FALSE(conformance_error(Type::string(), Type::dynamic()));
  CHECK_FALSE(conformance_error(Type::list(Type::string()), Type::list(Type::dynamic())));
  CHECK(conformance_error(Type::map(Type::boolean()), Type::map(Type::string())) ==
        "string required, but received bool");
  CHECK(conformance_error(Type::set(Type::number()), Type::list(Type::number())) ==
        "list of number required, but received set of number");
  CHECK(conformance_error(Type::dynamic(), Type::string()) ==
        "string required, but received dynamic");
}

TEST_CASE("return type errors and implementation errors are passed on") {
  Probe p({make_param("a", Type::string())}, std::nullopt);
  p.f.return_type = [](const std::vector<Value>&) {
    return CallResult::failure("no good", size_t{0});
  };
  check_error(call_function(p.f, {str("x")}), "no good", 0);
  check_error(call_function(p.f, {unknown(Type::string())}), "no good", 0);
  CHECK(p.impl_calls == 0);

  Probe q({make_param("a", Type::string())}, std::nullopt);
  q.f.impl = [](const std::vector<Value>&, const Type&) { return CallResult::failure("broken"); };
  check_error(call_function(q.f, {str("x")}), "broken");

  // A result that does not conform to the declared type is an implementation bug.
  Probe r({make_param("a", Type::string())}, std::nullopt);
  r.f.return_type = static_return_type(Type::number());
  const CallResult bad = call_function(r.f, {str("x")});
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error->message.rfind("returned value does not conform", 0) == 0);
}

TEST_CASE("return_type_for_values checks and types without running the implementation") {
  Probe p({make_param("a", Type::string())}, std::nullopt);
  CallResult t = return_type_for_values(p.f, {str("x")});
  REQUIRE(t.ok());
  CHECK(t.value.is_null());
  CHECK(t.value.type() == Type::string());
  CHECK(p.impl_calls == 0);
  check_error(return_type_for_values(p.f, {}), "wrong number of arguments (1 required; 0 given)");
  check_error(return_type_for_values(p.f, {null(Type::string())}), "argument must not be null", 0);
  t = return_type_for_values(p.f, {dyn()});
  REQUIRE(t.ok());
  CHECK(t.value.type().is_dynamic());

  const CallResult s = static_return_type(Type::list(Type::number()))({});
  REQUIRE(s.ok());
  CHECK(s.value.type() == Type::list(Type::number()));
}
