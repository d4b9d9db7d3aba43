// ByteRange, range_between and has_errors: the small value types every layer shares.
#include <doctest/doctest.h>

#include <string_view>

#include "base/diagnostic.hpp"
#include "base/text_range.hpp"

namespace base = hclspec::base;

TEST_CASE("ByteRange is half-open") {
  const base::ByteRange r{2, 5};
  CHECK(r.size() == 3);
  CHECK_FALSE(r.empty());
  CHECK_FALSE(r.contains(1));
  CHECK(r.contains(2));
  CHECK(r.contains(4));
  CHECK_FALSE(r.contains(5));
  CHECK(r.slice("abcdefg") == "cde");
  const base::ByteRange empty{3, 3};
  CHECK(empty.empty());
  CHECK_FALSE(empty.contains(3));
  CHECK(empty.slice("abcdefg").empty());
}

TEST_CASE("range_between covers both ranges whatever their order") {
  CHECK(base::range_between({2, 4}, {6, 9}) == base::ByteRange{2, 9});
  CHECK(base::range_between({6, 9}, {2, 4}) == base::ByteRange{2, 9});
  CHECK(base::range_between({2, 9}, {3, 4}) == base::ByteRange{2, 9});
  CHECK(base::range_between({5, 5}, {5, 5}) == base::ByteRange{5, 5});
}

TEST_CASE("has_errors ignores warnings") {
  base::Diagnostics diags;
  CHECK_FALSE(base::has_errors(diags));
  diags.push_back({base::Severity::Warning, "Deprecated", "Use the other one.", {0, 1}, {}});
  CHECK_FALSE(base::has_errors(diags));
  diags.push_back({base::Severity::Error, "Broken", "Fix it.", {1, 2}, base::ByteRange{0, 3}});
  CHECK(base::has_errors(diags));
}
