// Unified diffs (as `diff -u` and `git diff` print them) of a file and its formatted text.
#pragma once

#include <string>
#include <string_view>

namespace hclspec::server {

// The diff from `before` to `after`, headed "--- a/PATH" and "+++ b/PATH" (so `git apply` and
// `patch -p1` take it), hunks with three lines of context; "" when the texts are equal. Lines
// are paired by number, which is exact when both texts have the same lines (formatting changes
// only spaces within lines); otherwise everything from the first difference on is one hunk.
std::string unified_diff(std::string_view before, std::string_view after, const std::string& path);

}  // namespace hclspec::server
