// The syntax layer includes only itself and base (see the architecture's layer table).
#include "layering_check.hpp"

TEST_CASE("engine/syntax includes only syntax and base headers among the project's own") {
  CHECK(hclspec::testing::check_layer_includes("syntax", {"syntax/", "base/"}) >= 10);
}
