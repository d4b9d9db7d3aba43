// What the golden Markdown (fixtures/docs) does not reach: code spans around names with backticks.
#include <doctest/doctest.h>

#include <string>

#include "features/spec_docs.hpp"
#include "spec/load.hpp"
#include "syntax/parser.hpp"

using namespace hclspec;

namespace {

spec::SpecFile loaded(const std::string& text) {
  base::Diagnostics problems;
  spec::SpecFile file = spec::load_spec(syntax::parse_config(text, "t.hcldec"), problems);
  REQUIRE(problems.empty());
  return file;
}

}  // namespace

TEST_CASE("names with backticks stay whole code spans") {
  const std::string docs = features::spec_docs(loaded(R"(object {
  attr "a`b" { type = string }
  block_map "m" {
    labels = ["`x`"]
    object {}
  }
})"),
                                               "t.hcldec");
  CHECK(docs.find("| ``a`b`` | `string` | no |  |") != std::string::npos);
  CHECK(docs.find("- Labels: `` `x` ``") != std::string::npos);
}
