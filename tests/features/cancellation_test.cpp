// Cancellation: a set flag stops validation at the next block body; an unset one changes nothing.
#include <doctest/doctest.h>

#include "base/cancellation.hpp"
#include "features/diagnostics.hpp"
#include "fixture_support.hpp"
#include "spec/load.hpp"
#include "spec/validate.hpp"
#include "syntax/parser.hpp"
#include "types/value.hpp"

using namespace hclspec;

namespace {

constexpr const char* kSpec = R"(
block_list {
  block_type = "item"
  object {
    attr "v" {
      type = number
    }
    attr "w" {
      type = number
    }
  }
}
)";

// Three blocks, each with a type error in `w`; the second's `v` calls `stop()`.
constexpr const char* kInput = R"(item {
  w = "one"
}
item {
  v = stop()
  w = "two"
}
item {
  w = "three"
}
oops = = 1
)";

// The spec, plus a function `stop` that sets `flag` when the decoder evaluates a call to it.
spec::SpecFile spec_stopping(base::CancellationFlag& flag) {
  base::Diagnostics diags;
  spec::SpecFile file = spec::load_spec(syntax::parse_config(kSpec, "spec.hcldec"), diags);
  REQUIRE(diags.empty());
  eval::Function stop;
  stop.return_type = eval::static_return_type(types::Type::number());
  stop.impl = [&flag](const std::vector<types::Value>&, const types::Type&) {
    flag.cancel();
    return eval::CallResult::success(types::Value::number(int64_t{1}));
  };
  file.functions["stop"] = std::move(stop);
  return file;
}

size_t count_summary(const base::Diagnostics& diags, const std::string& summary) {
  size_t n = 0;
  for (const base::Diagnostic& d : diags) n += d.summary == summary;
  return n;
}

}  // namespace

TEST_CASE("a flag nobody sets leaves validation as it is") {
  base::CancellationFlag never;
  base::CancellationFlag unused;
  const spec::SpecFile file = spec_stopping(unused);
  const auto tree = syntax::parse_config(kInput, "input.hcl");
  const base::Diagnostics plain = spec::validate(tree.get(), file);
  const base::Diagnostics watched = spec::validate(tree.get(), file, &never);
  CHECK(plain == watched);
  CHECK(count_summary(plain, "Incorrect attribute value type") == 3);
}

TEST_CASE("a flag set during validation skips the block bodies not yet decoded") {
  base::CancellationFlag flag;
  const spec::SpecFile file = spec_stopping(flag);
  const auto tree = syntax::parse_config(kInput, "input.hcl");
  const base::Diagnostics diags = spec::validate(tree.get(), file, &flag);
  CHECK(flag.cancelled());
  // The second block was being read when the flag was set: it finishes; the third is skipped.
  CHECK(count_summary(diags, "Incorrect attribute value type") == 2);
}

TEST_CASE("a flag set before validation leaves only the syntax errors") {
  base::CancellationFlag flag;
  const spec::SpecFile file = spec_stopping(flag);
  flag.cancel();
  const auto tree = syntax::parse_config(kInput, "input.hcl");
  const base::Diagnostics diags = spec::validate(tree.get(), file, &flag);
  CHECK(diags == tree->diagnostics());
  CHECK_FALSE(diags.empty());
}

TEST_CASE("diagnostics of a cancelled analysis are empty, and complete otherwise") {
  base::CancellationFlag flag;
  auto file = std::make_shared<const spec::SpecFile>(spec_stopping(flag));
  const features::Snapshot snapshot = testing::snapshot_of(kInput, "input.hcl", file);
  base::CancellationFlag untouched;
  // 3 type errors, the syntax error and its unsupported argument.
  CHECK(features::diagnostics(snapshot, &untouched).size() == 5);
  untouched.cancel();
  CHECK(features::diagnostics(snapshot, &untouched).empty());
}
