// The base layer includes nothing from the layers above it (see the architecture's layer table).
#include "layering_check.hpp"

TEST_CASE("engine/base includes only base headers among the project's own") {
  CHECK(hclspec::testing::check_layer_includes("base", {"base/"}) >= 8);
}
