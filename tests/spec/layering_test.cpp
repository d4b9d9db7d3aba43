// The spec layer includes only the engine layers below it (see the architecture's layer table).
#include "layering_check.hpp"

TEST_CASE("engine/spec includes only engine headers") {
  CHECK(hclspec::testing::check_layer_includes(
            "spec", {"spec/", "eval/", "types/", "syntax/", "base/"}) >= 6);
}
