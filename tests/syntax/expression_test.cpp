// Expression tree shapes: precedence, associativity, traversals, splats, calls, collections, fors.
#include <doctest/doctest.h>

#include <string>

#include "test_support.hpp"

using namespace hclspec::syntax;
using namespace hclspec::syntax::testing;

TEST_CASE("binary operators: precedence levels and left associativity") {
  check_shapes({
      {"a - b - c", "(- (- a b) c)"},
      {"a / b / c", "(/ (/ a b) c)"},
      {"a + b - c + d", "(+ (- (+ a b) c) d)"},
      {"a + b * c", "(+ a (* b c))"},
      {"a * b + c", "(+ (* a b) c)"},
      {"a * b % c / d", "(/ (% (* a b) c) d)"},
      {"a || b && c == d < e + f * g", "(|| a (&& b (== c (< d (+ e (* f g))))))"},
      {"g * f + e < d == c && b || a", "(|| (&& (== (< (+ (* g f) e) d) c) b) a)"},
      {"a == b != c", "(!= (== a b) c)"},
      {"a < b >= c", "(>= (< a b) c)"},
      {"a <= b > c", "(> (<= a b) c)"},
      {"a || b || c", "(|| (|| a b) c)"},
      {"a && b && c", "(&& (&& a b) c)"},
      {"a && b || c && d", "(|| (&& a b) (&& c d))"},
      {"a == b && c != d", "(&& (== a b) (!= c d))"},
      {"a - (b - c)", "(- a (paren (- b c)))"},
      {"(a + b) * c", "(* (paren (+ a b)) c)"},
      {"((a))", "(paren (paren a))"},
      {"1+2*3", "(+ 1 (* 2 3))"},
      {"\"a\" == \"b\"", "(== (template \"a\") (template \"b\"))"},
  });
}

TEST_CASE("unary operators bind tighter than binary ones, looser than traversals") {
  check_shapes({
      {"-a", "(- a)"},
      {"!a", "(! a)"},
      {"!!a", "(! (! a))"},
      {"--1", "(- (- 1))"},
      {"-a + b", "(+ (- a) b)"},
      {"-46+5", "(+ (- 46) 5)"},
      {"-a * b", "(* (- a) b)"},
      {"a - -b", "(- a (- b))"},
      {"!a && b", "(&& (! a) b)"},
      {"!a == b", "(== (! a) b)"},
      {"-a.b[0]", "(- a.b[0])"},
      {"-f(x)", "(- (call f x))"},
      {"!(a || b)", "(! (paren (|| a b)))"},
      {"-x[*].y", "(- (splat[] x (rel [*] .y)))"},
  });
}

TEST_CASE("conditionals: the false branch is right-associative, the middle is a full expression") {
  check_shapes({
      {"a ? b : c", "(? a b c)"},
      {"a ? b : c ? d : e", "(? a b (? c d e))"},
      {"a ? b : c ? d : e ? f : g", "(? a b (? c d (? e f g)))"},
      {"a ? b ? c : d : e", "(? a (? b c d) e)"},
      {"a || b ? c + 1 : d * 2", "(? (|| a b) (+ c 1) (* d 2))"},
      {"(a ? b : c) ? d : e", "(? (paren (? a b c)) d e)"},
      {"a ? [b] : {c = d}", "(? a (tuple b) (object c=d))"},
      {"a ? b : c || d", "(? a b (|| c d))"},
      {"!a ? -b : c", "(? (! a) (- b) c)"},
      {"[a ? b : c]", "(tuple (? a b c))"},
      {"f(a ? b : c, d)", "(call f (? a b c) d)"},
  });
}

TEST_CASE("literals and templates as values") {
  check_shapes({
      {"1", "1"},
      {"1.5e3", "1.5e3"},
      {"true", "true"},
      {"false", "false"},
      {"null", "null"},
      {"\"s\"", "(template \"s\")"},
      {"\"\"", "(template)"},
      {"\"a${b}c\"", "(template \"a\" ${b} \"c\")"},
  });
}

TEST_CASE("traversals: attributes, literal indexes and legacy indexes stay one traversal") {
  check_shapes({
      {"a", "a"},
      {"a.b.c", "a.b.c"},
      {"a[0]", "a[0]"},
      {"a[\"k\"]", "a[\"k\"]"},
      {"a[true]", "a[true]"},
      {"a.0.b", "a.0.b"},
      {"a.b[0].c[\"d\"]", "a.b[0].c[\"d\"]"},
      {"a[\n0\n]", "a[0]"},  // newlines are allowed inside brackets
      // A key that is not a literal makes an Index node.
      {"a[b]", "(index a b)"},
      {"a[b].c", "(rel (index a b) .c)"},
      {"a[b][c]", "(index (index a b) c)"},
      {"a[1+1]", "(index a (+ 1 1))"},
      {"a[-1]", "(index a (- 1))"},
      {"a[\"${b}\"]", "(index a (template ${b}))"},
      {"a.b[c.d]", "(index a.b c.d)"},
      // Traversals after other expressions are relative.
      {"f(x).y", "(rel (call f x) .y)"},
      {"(a).b", "(rel (paren a) .b)"},
      {"[1, 2][0]", "(rel (tuple 1 2) [0])"},
      {"{a = 1}.a", "(rel (object a=1) .a)"},
      {"\"s\"[0]", "(rel (template \"s\") [0])"},
      {"f(x)[y]", "(index (call f x) y)"},
  });
}

TEST_CASE("splats: attribute-only and full, chained and nested") {
  check_shapes({
      {"a.*", "(splat. a .*)"},
      {"a.*.b", "(splat. a (rel .* .b))"},
      {"a.*.b.c", "(splat. a (rel .* .b.c))"},
      {"a.*.0", "(splat. a (rel .* .0))"},
      {"a[*]", "(splat[] a [*])"},
      {"a[*].b", "(splat[] a (rel [*] .b))"},
      {"a[*].b[0]", "(splat[] a (rel [*] .b[0]))"},
      {"a[*].b[c]", "(splat[] a (index (rel [*] .b) c))"},
      {"x.y[*].z", "(splat[] x.y (rel [*] .z))"},
      // A full splat takes every step after it; an attribute-only one only names.
      {"a[*][*]", "(splat[] a (splat[] [*] [*]))"},
      {"a[*].*.b", "(splat[] a (splat. [*] (rel .* .b)))"},
      {"a.*.b[*].c", "(splat[] (splat. a (rel .* .b)) (rel [*] .c))"},
      {"a.*.b[0]", "(rel (splat. a (rel .* .b)) [0])"},
      {"f(x)[*].id", "(splat[] (call f x) (rel [*] .id))"},
  });
}

TEST_CASE("function calls: arguments, trailing commas, newlines, expansion, namespaces") {
  check_shapes({
      {"f()", "(call f)"},
      {"f(1)", "(call f 1)"},
      {"f(1, 2)", "(call f 1 2)"},
      {"f(1, 2,)", "(call f 1 2)"},
      {"f(\n  1,\n  2\n)", "(call f 1 2)"},
      {"f(\n  1,\n  2,\n)", "(call f 1 2)"},
      {"f(a...)", "(call f a ...)"},
      {"f(1, [2]...)", "(call f 1 (tuple 2) ...)"},
      {"f(g(h()))", "(call f (call g (call h)))"},
      {"provider::aws::arn(x)", "(call provider::aws::arn x)"},
      {"core::max(1, 2)", "(call core::max 1 2)"},
      {"f (1)", "(call f 1)"},
  });
}

TEST_CASE("tuples and objects: separators, trailing commas, newlines and key forms") {
  check_shapes({
      {"[]", "(tuple)"},
      {"[1]", "(tuple 1)"},
      {"[1, 2,]", "(tuple 1 2)"},
      {"[\n  1,\n  2\n]", "(tuple 1 2)"},
      {"[\n  1, # one\n  2, // two\n]", "(tuple 1 2)"},
      {"[[], [[]]]", "(tuple (tuple) (tuple (tuple)))"},
      {"{}", "(object)"},
      {"{a = 1}", "(object a=1)"},
      {"{a = 1, b = 2}", "(object a=1 b=2)"},
      {"{a = 1, b = 2,}", "(object a=1 b=2)"},
      {"{a: 1, \"b\": 2}", "(object a=1 (template \"b\")=2)"},
      {"{\n  a = 1\n  b = 2\n}", "(object a=1 b=2)"},
      {"{\n  a = 1,\n  b = 2,\n}", "(object a=1 b=2)"},
      {"{\n  a = 1 # one\n  b = 2 // two\n}", "(object a=1 b=2)"},
      {"{\n\n  a = 1\n\n}", "(object a=1)"},
      {"{(k) = v}", "(object (paren k)=v)"},
      {"{(k.x): v}", "(object (paren k.x)=v)"},
      {"{\"${k}\" = v}", "(object (template ${k})=v)"},
      {"{a.b = 1}", "(object a.b=1)"},
      {"{a = {b = [1]}}", "(object a=(object b=(tuple 1)))"},
  });
}

TEST_CASE("for expressions: tuple and object forms, key and value variables, if, grouping") {
  check_shapes({
      {"[for v in l : v]", "(for[] v l : v)"},
      {"[for v in l: v]", "(for[] v l : v)"},
      {"[for i, v in l : v if i > 0]", "(for[] i,v l : v if (> i 0))"},
      {"{for k, v in m : k => v}", "(for{} k,v m : k => v)"},
      {"{for k, v in m : v => k...}", "(for{} k,v m : v => k ...)"},
      {"{for k, v in m : v => k... if k != \"\"}",
       "(for{} k,v m : v => k ... if (!= k (template)))"},
      {"[for v in [1, 2] : v * 2]", "(for[] v (tuple 1 2) : (* v 2))"},
      {"[\n  for v in l :\n  v\n]", "(for[] v l : v)"},
      {"{\n  for k in l :\n  k => 1\n}", "(for{} k l : k => 1)"},
      {"[for v in l : [for w in v : w]]", "(for[] v l : (for[] w v : w))"},
      {"[for v in f(l) : v.id if v.ok]", "(for[] v (call f l) : v.id if v.ok)"},
      {"[for v in l : v ? 1 : 2]", "(for[] v l : (? v 1 2))"},
  });
}

TEST_CASE("node flags record splat, expansion and for details") {
  const auto tree =
      parse("a = x.*.y\nb = x[*].y\nc = f(l...)\nd = {for k, v in m : k => v... if v}\n");
  REQUIRE(diagnostic_lines(*tree).empty());
  std::vector<uint8_t> splat_flags, call_flags, for_flags;
  for (const Node& n : tree->nodes()) {
    if (n.kind == NodeKind::Splat) splat_flags.push_back(n.flags);
    if (n.kind == NodeKind::FunctionCall) call_flags.push_back(n.flags);
    if (n.kind == NodeKind::For) for_flags.push_back(n.flags);
  }
  CHECK(splat_flags == std::vector<uint8_t>{NodeFlags::kAttributeOnlySplat, 0});
  CHECK(call_flags == std::vector<uint8_t>{NodeFlags::kExpandFinal});
  CHECK(for_flags == std::vector<uint8_t>{NodeFlags::kForObject | NodeFlags::kForHasKey |
                                          NodeFlags::kForGrouped | NodeFlags::kForHasCondition |
                                          NodeFlags::kForHasKeyVariable});
}
