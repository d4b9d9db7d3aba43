// Dynamic blocks where the decode fixtures cannot go: unknown for_each values, checking a file
// (DynamicBlocks::Check) and the decode cache.
#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "decode_support.hpp"
#include "spec/decode.hpp"
#include "spec/load.hpp"
#include "spec/validate.hpp"
#include "syntax/parser.hpp"

using namespace hclspec;

namespace {

// Ports (at least one) and named checks: the block specs dynamic blocks stand in for.
const char* const kSpec = R"(object {
  block_list "port" {
    min_items = 1
    object {
      attr "to" {
        type     = number
        required = true
      }
    }
  }
  block_map "check" {
    labels = ["name"]
    attr {
      name = "path"
      type = string
    }
  }
}
)";

// Each diagnostic as "Summary @start..end".
std::vector<std::string> located(const base::Diagnostics& diags) {
  std::vector<std::string> out;
  for (const base::Diagnostic& d : diags)
    out.push_back(d.summary + " @" + std::to_string(d.subject.start) + ".." +
                  std::to_string(d.subject.end));
  return out;
}

struct Decoded {
  types::Value value;
  std::vector<std::string> errors;
};

Decoded decode(const std::string& input_text, const eval::Variables& variables,
               spec::DynamicBlocks mode) {
  const auto spec = testing::load_clean_spec(kSpec);
  const auto input = syntax::parse_config(input_text, "input.hcl");
  REQUIRE(input->diagnostics().empty());
  eval::Scope storage;
  base::Diagnostics diags;
  Decoded out;
  out.value =
      spec::decode(input.get(), *spec->root, spec::input_scope(variables, spec->functions, storage),
                   diags, nullptr, {.dynamic_blocks = mode});
  out.errors = located(diags);
  return out;
}

}  // namespace

TEST_CASE("an unknown for_each gives one block whose body is unknown, as dynblock does") {
  const eval::Variables variables{
      {"ports", types::Value::unknown(types::Type::list(types::Type::number()))},
      {"checks", types::Value::unknown(types::Type::map(types::Type::string()))}};
  const std::string input = R"(dynamic "port" {
  for_each = ports
  content {
    to   = no_such_variable
    mode = "host"
  }
}
port {
  to = "not a number"
}
dynamic "check" {
  for_each = checks
  labels   = ["fixed"]
  content {
    path = 1
    size = 2
  }
}
)";
  const Decoded d = decode(input, variables, spec::DynamicBlocks::Expand);
  // The content is checked (mode is reported) but not evaluated (no unknown variable), the list
  // is unknown without counting its blocks, and the blocks after the unknown one are not read:
  // neither the static port's wrong value nor, in the map, the unknown block's body.
  CHECK(d.errors == std::vector<std::string>{"Unsupported argument @80..84"});
  REQUIRE(d.value.get("port") != nullptr);
  CHECK_FALSE(d.value.get("port")->is_known());
  CHECK(d.value.get("port")->type() ==
        types::Type::list(types::Type::object({{"to", types::Type::number()}})));
  REQUIRE(d.value.get("check") != nullptr);
  CHECK_FALSE(d.value.get("check")->is_known());
  CHECK(d.value.get("check")->type() == types::Type::map(types::Type::string()));
}

TEST_CASE("a known for_each generates one block per element, each with its iterator") {
  const eval::Variables variables{
      {"ports", types::Value::list(types::Type::number(),
                                   {types::Value::number(80), types::Value::number(443)})}};
  const Decoded d = decode(
      "dynamic \"port\" {\n  for_each = ports\n  content {\n    to = port.value + port.key\n  "
      "}\n}\n",
      variables, spec::DynamicBlocks::Expand);
  CHECK(d.errors.empty());
  const types::Value* ports = d.value.get("port");
  REQUIRE(ports != nullptr);
  REQUIRE(ports->length() == 2);
  CHECK(ports->elements()[1].get("to")->as_number().to_string() == "444");
}

TEST_CASE("checking a file, a problem in every generated block is one finding") {
  const eval::Variables variables{
      {"ports", types::Value::list(types::Type::string(),
                                   {types::Value::string("a"), types::Value::string("b")})}};
  const std::string input =
      "dynamic \"port\" {\n  for_each = ports\n  content {\n    to   = \"x${port.value}\"\n"
      "    mode = 1\n  }\n}\n";
  const std::vector<std::string> once{"Unsupported argument @80..84",
                                      "Incorrect attribute value type @59..75"};
  // Decoding, as hcldec with dynblock: once per element.
  std::vector<std::string> twice = once;
  twice.insert(twice.end(), once.begin(), once.end());
  CHECK(decode(input, variables, spec::DynamicBlocks::Expand).errors == twice);
  CHECK(decode(input, variables, spec::DynamicBlocks::Check).errors == once);
}

TEST_CASE("checking a file, a for_each that cannot be evaluated stands for one or more blocks") {
  const std::string input = R"(dynamic "port" {
  for_each = local.ports
  content {
    to   = port.value
    mode = "host"
  }
}
port {
  to = "not a number"
}
dynamic "check" {
  for_each = local.checks
  labels   = [check.key]
  content {
    size = 2
  }
}
)";
  // The expansion's problems come first, as the body's content is read. hcldec's way drops both
  // blocks after the errors in for_each: nothing inside them is checked.
  CHECK(decode(input, {}, spec::DynamicBlocks::Expand).errors ==
        std::vector<std::string>{"Variables not allowed @30..35", "Variables not allowed @162..167",
                                 "Incorrect attribute value type @114..128"});
  // Checking, the for_each errors stay, the bodies are checked (and every block after them),
  // the unknown labels are no error and the ports count as enough.
  CHECK(decode(input, {}, spec::DynamicBlocks::Check).errors ==
        std::vector<std::string>{"Variables not allowed @30..35", "Variables not allowed @162..167",
                                 "Unsupported argument @80..84",
                                 "Incorrect attribute value type @114..128",
                                 "Unsupported argument @216..220"});
  // Without the static port, the dropped block leaves too few; the checked one is enough.
  const std::string alone = input.substr(0, input.find("port {"));
  CHECK(
      decode(alone, {}, spec::DynamicBlocks::Expand).errors ==
      std::vector<std::string>{"Variables not allowed @30..35", "Insufficient port blocks @0..0"});
  CHECK(decode(alone, {}, spec::DynamicBlocks::Check).errors ==
        std::vector<std::string>{"Variables not allowed @30..35", "Unsupported argument @80..84"});
  // A label that is no string is reported all the same, and its block left out.
  const std::string object_label =
      "dynamic \"check\" {\n  for_each = local.checks\n  labels   = [{ a = 1 }]\n  content {\n"
      "    size = 2\n  }\n}\n";
  CHECK(decode(object_label, {}, spec::DynamicBlocks::Check).errors ==
        std::vector<std::string>{"Variables not allowed @31..36",
                                 "Invalid dynamic block label @58..67",
                                 "Insufficient port blocks @0..0"});
}

TEST_CASE("validating with a decode cache gives what validating without one gives") {
  // A content body large enough to be cached, decoded once per element with other errors.
  const std::string padding(600, ' ');
  const std::string input = "dynamic \"port\" {\n  for_each = [\"a\", 1, \"b\"]\n  content {\n" +
                            padding + "\n    to = port.value\n  }\n}\n";
  const auto spec = testing::load_clean_spec(kSpec);
  const std::shared_ptr<const syntax::SyntaxTree> tree = syntax::parse_config(input, "in.hcl");
  for (const spec::DynamicBlocks mode :
       {spec::DynamicBlocks::Off, spec::DynamicBlocks::Expand, spec::DynamicBlocks::Check}) {
    CAPTURE(static_cast<int>(mode));
    const base::Diagnostics fresh = spec::validate(tree.get(), *spec, nullptr, {mode});
    spec::DecodeCache cache;
    // Twice: the second validation may reuse what the first left in the cache.
    CHECK(located(spec::validate(tree.get(), spec, nullptr, cache, {mode})) == located(fresh));
    CHECK(located(spec::validate(tree.get(), spec, nullptr, cache, {mode})) == located(fresh));
  }
  // A cache made with other options is not used.
  spec::DecodeCache cache;
  spec::validate(tree.get(), spec, nullptr, cache, {spec::DynamicBlocks::Off});
  CHECK(located(spec::validate(tree.get(), spec, nullptr, cache, {spec::DynamicBlocks::Check})) ==
        located(spec::validate(tree.get(), *spec, nullptr, {spec::DynamicBlocks::Check})));
  // "a" and "b" are no number: one finding, at the one place.
  CHECK(located(spec::validate(tree.get(), *spec, nullptr, {spec::DynamicBlocks::Check})).size() ==
        1);
}

TEST_CASE("nested dynamic blocks stop at the iteration budget of the decode") {
  // 120 × 120 × 120 = 1.7 million blocks from one short file: past the 1 million budget.
  const char* const nested_spec = R"(block_list {
  block_type = "a"
  block_list {
    block_type = "b"
    block_list {
      block_type = "c"
      attr {
        name = "v"
        type = number
      }
    }
  }
}
)";
  std::string elements = "[";
  for (int i = 0; i < 120; ++i) elements += (i ? "," : "") + std::to_string(i);
  elements += "]";
  const std::string input =
      "dynamic \"a\" {\n  for_each = " + elements +
      "\n  content {\n    dynamic \"b\" {\n      for_each = " + elements +
      "\n      content {\n        dynamic \"c\" {\n          for_each = " + elements +
      "\n          content { v = 1 }\n        }\n      }\n    }\n"
      "  }\n}\n";
  const auto spec = testing::load_clean_spec(nested_spec);
  const auto tree = syntax::parse_config(input, "input.hcl");
  REQUIRE(tree->diagnostics().empty());
  base::Diagnostics diags;
  (void)spec::decode(tree.get(), *spec->root, nullptr, diags, nullptr,
                     {.dynamic_blocks = spec::DynamicBlocks::Expand});
  REQUIRE_FALSE(diags.empty());
  CHECK(diags.front().summary == "Too many dynamic blocks");
  // Reported once per dynamic "c" block met after the budget ran out, never more than those.
  CHECK(diags.size() <= 120 * 120);
}
