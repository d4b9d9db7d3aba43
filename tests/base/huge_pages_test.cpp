// Giving pages back: the whole pages of a range read as zeros afterwards, the bytes around them
// keep their values, and a range holding no whole page is left alone.
#include <doctest/doctest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "base/huge_pages.hpp"

using namespace hclspec;

#if defined(__linux__)
TEST_CASE("release_pages gives back the whole pages of a range and nothing around them") {
  const size_t page = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
  std::vector<char> bytes(64 * page, 'x');  // large enough to be a mapping of its own
  char* const data = bytes.data();
  // From the middle of a page to the middle of the page three on: two whole pages between.
  const auto at = reinterpret_cast<uintptr_t>(data);
  const uintptr_t begin = at + page / 2, end = begin + 3 * page;
  base::release_pages(data + page / 2, 3 * page);
  const size_t first_whole = ((begin + page - 1) & ~(page - 1)) - at;
  const size_t end_whole = (end & ~(page - 1)) - at;
  REQUIRE(end_whole - first_whole >= 2 * page);
  CHECK(std::all_of(data + first_whole, data + end_whole, [](char c) { return c == 0; }));
  CHECK(std::all_of(data, data + first_whole, [](char c) { return c == 'x'; }));
  CHECK(std::all_of(data + end_whole, data + bytes.size(), [](char c) { return c == 'x'; }));

  // Less than a page, or no range at all: nothing changes.
  base::release_pages(data + 8 * page + 1, page - 2);
  base::release_pages(nullptr, 4 * page);
  CHECK(std::all_of(data + 8 * page, data + bytes.size(), [](char c) { return c == 'x'; }));
}
#endif
