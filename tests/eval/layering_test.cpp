// The eval layer includes only eval, types, syntax and base headers among the project's own.
#include "layering_check.hpp"

TEST_CASE("engine/eval includes only eval, types, syntax and base headers") {
  CHECK(hclspec::testing::check_layer_includes("eval", {"eval/", "types/", "syntax/", "base/"}) >=
        4);
}
