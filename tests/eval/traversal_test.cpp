// Static traversals read from text, as hclsyntax's ParseTraversalAbs reads them (a JSON
// `iterator`).
#include <doctest/doctest.h>

#include <string>

#include "eval/traversal.hpp"
#include "types/json.hpp"

using namespace hclspec;

namespace {

// The steps of `text` placed at byte 100, one a line: kind, name or key, range; or "(error)".
std::string steps_of(std::string_view text) {
  const std::optional<eval::Traversal> traversal = eval::parse_traversal(text, 100);
  if (!traversal) return "(error)";
  std::string out;
  for (const eval::TraversalStep& step : *traversal) {
    const char* kind = step.kind == eval::TraversalStep::Kind::Root        ? "root "
                       : step.kind == eval::TraversalStep::Kind::Attribute ? "attr "
                                                                           : "index ";
    out += kind +
           (step.kind == eval::TraversalStep::Kind::Index ? types::value_to_json(step.key).json
                                                          : step.name) +
           " " + std::to_string(step.range.start) + "-" + std::to_string(step.range.end) + "\n";
  }
  return out;
}

}  // namespace

TEST_CASE("a traversal read from text: names, attributes and literal indexes, at their places") {
  CHECK(steps_of("p") == "root p 100-101\n");
  CHECK(steps_of(" p ") == "root p 101-102\n");
  CHECK(steps_of("a.b[0][\"c\\n\"]") ==
        "root a 100-101\nattr b 101-103\nindex 0 103-106\nindex \"c\\n\" 106-113\n");
  // Between the tokens: spaces, newlines and comments; a byte order mark before.
  CHECK(steps_of("\n a /* x */ . b # y\n") == "root a 102-103\nattr b 112-115\n");
  CHECK(steps_of("\xEF\xBB\xBFp") == "root p 103-104\n");
  CHECK(steps_of("with-dash") == "root with-dash 100-109\n");
  // hcl's keywords are names here.
  CHECK(steps_of("null") == "root null 100-104\n");
}

TEST_CASE("text that is no traversal, or has hcl errors, gives none") {
  for (const char* text :
       {"",      "1",    "a b",   "a.",    "a.0",         "a.*",        "a[*]",
        "a[",    "a[0",  "a[-1]", "a[b]",  "a[\"${b}\"]", "a[\"\\q\"]", "a[\"b]",
        "\"a\"", "${a}", "a;",    "a & b", "(a)",         "a()",        "a\t.b\x01"}) {
    CAPTURE(text);
    CHECK(steps_of(text) == "(error)");
  }
}
