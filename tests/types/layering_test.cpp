// The types layer includes only itself and the base layer (see the architecture's layer table).
#include "layering_check.hpp"

TEST_CASE("engine/types includes only types and base headers among the project's own") {
  CHECK(hclspec::testing::check_layer_includes("types", {"types/", "base/"}) >= 13);
}
