// libFuzzer target: arbitrary bytes as a JSON-syntax input, parsed, evaluated and validated.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "eval/json_value.hpp"
#include "spec/load.hpp"
#include "spec/validate.hpp"
#include "syntax/json.hpp"
#include "syntax/parser.hpp"

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "json_fuzzer: invariant violated: %s\n", what);
  std::abort();
}

void check(bool ok, const char* what) {
  if (!ok) fail(what);
}

// A spec reading every kind of JSON body: attributes, blocks with and without labels, a
// block_attrs body; with a variable, so strings are templates.
const hclspec::spec::SpecFile& fuzz_spec() {
  static const hclspec::spec::SpecFile spec = [] {
    hclspec::base::Diagnostics diags;
    return hclspec::spec::load_spec(hclspec::syntax::parse_config(R"(variables {
  v = { a = [1, "x"] }
}
object {
  attr "name" { type = string }
  attr "n" { type = number }
  attr "any" { type = any }
  block_list "item" {
    object {
      attr "x" { type = list(string) }
    }
  }
  block_map "site" {
    labels = ["kind", "name"]
    object {
      attr "on" { type = bool }
    }
  }
  block_attrs "env" { element_type = string }
}
)",
                                                                  "fuzz.hcldec"),
                                    diags);
  }();
  return spec;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  const auto tree = hclspec::syntax::parse_json(input, "fuzz.json");
  const auto text_size = static_cast<uint32_t>(input.size());

  // The root is an object or an array, every node lies in the text (hcl points one byte past a
  // string that ends early, so a subject may end one past it).
  const auto root_kind = tree->node(tree->root()).kind;
  check(root_kind == hclspec::syntax::JsonKind::Object ||
            root_kind == hclspec::syntax::JsonKind::Array,
        "root is neither an object nor an array");
  for (const auto& diag : tree->diagnostics()) {
    check(diag.subject.start <= diag.subject.end, "diagnostic subject starts after its end");
    check(diag.subject.end <= text_size + 1, "diagnostic subject ends past the text");
    check(!diag.summary.empty(), "diagnostic without a summary");
    tree->lines().position(diag.subject.start);
  }

  // Evaluation with and without a scope, and validation against the spec, never fail.
  hclspec::base::Diagnostics diags;
  hclspec::eval::evaluate_json(*tree, tree->root(), nullptr, diags);
  const hclspec::spec::SpecFile& spec = fuzz_spec();
  check(spec.root != nullptr, "the fuzz spec does not load");
  hclspec::eval::Scope storage;
  hclspec::eval::evaluate_json(*tree, tree->root(),
                               hclspec::spec::input_scope(spec.variables, spec.functions, storage),
                               diags);
  for (const auto& diag : hclspec::spec::validate(tree.get(), spec))
    check(!diag.summary.empty(), "diagnostic without a summary");
  return 0;
}
