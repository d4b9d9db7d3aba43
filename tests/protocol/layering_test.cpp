// protocol/ knows only itself, the standard library and nlohmann_json: no engine, server or Boost.
#include <doctest/doctest.h>

#include <string_view>

#include "layering_check.hpp"

namespace {

// Whether an #include line of a protocol/ file names an allowed header: "protocol/...",
// <nlohmann/...>, or a standard header (a bare name such as <string>; Boost's, ICU's and the
// engine's all have a folder).
bool allowed_include(std::string_view target) {
  if (target.starts_with('"')) return target.starts_with("\"protocol/");
  if (!target.starts_with('<')) return false;
  const std::string_view name = target.substr(1, target.find('>') - 1);
  if (name.starts_with("nlohmann/")) return true;
  return name.find('/') == std::string_view::npos && name.find('.') == std::string_view::npos;
}

}  // namespace

TEST_CASE("the include rule itself") {
  CHECK(allowed_include("\"protocol/framing.hpp\""));
  CHECK(allowed_include("<nlohmann/json.hpp>"));
  CHECK(allowed_include("<string_view>"));
  CHECK_FALSE(allowed_include("\"engine/base/unicode.hpp\""));
  CHECK_FALSE(allowed_include("\"base/unicode.hpp\""));
  CHECK_FALSE(allowed_include("\"server/lint_command.hpp\""));
  CHECK_FALSE(allowed_include("<boost/asio.hpp>"));
  CHECK_FALSE(allowed_include("<unicode/uchar.h>"));
  CHECK_FALSE(allowed_include("<stdio.h>"));
}

TEST_CASE("protocol/ includes only protocol/, the standard library and nlohmann_json") {
  CHECK(hclspec::testing::for_each_include(
            "protocol", [](std::string_view target) { CHECK(allowed_include(target)); }) >= 8);
}
