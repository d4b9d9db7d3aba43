// Giving pages back: whole 2 MiB pages of a range read as zeros afterwards, the bytes around them
// keep their values (a huge page is never given back in part), and a range holding no whole huge
// page is left alone.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <memory>

#include "base/huge_pages.hpp"

using namespace hclspec;

#if defined(__linux__)
namespace {

constexpr size_t kHuge = size_t{2} << 20;

struct FreeBytes {
  void operator()(char* bytes) const { std::free(bytes); }
};

// 8 MiB starting on a 2 MiB line, every byte 'x'.
std::unique_ptr<char, FreeBytes> huge_block() {
  std::unique_ptr<char, FreeBytes> block(static_cast<char*>(std::aligned_alloc(kHuge, 4 * kHuge)));
  std::fill(block.get(), block.get() + 4 * kHuge, 'x');
  return block;
}

bool all(const char* begin, const char* end, char c) {
  return std::all_of(begin, end, [c](char byte) { return byte == c; });
}

}  // namespace

TEST_CASE("release_pages gives back the whole huge pages of a range and nothing around them") {
  const auto block = huge_block();
  char* const data = block.get();
  // From the middle of the first huge page to the middle of the fourth: the two between.
  const void* end = base::release_pages(data + kHuge / 2, 3 * kHuge);
  CHECK(end == data + 3 * kHuge);
  CHECK(all(data, data + kHuge, 'x'));
  CHECK(all(data + kHuge, data + 3 * kHuge, '\0'));
  CHECK(all(data + 3 * kHuge, data + 4 * kHuge, 'x'));
}

TEST_CASE("release_pages leaves a range holding no whole huge page alone") {
  const auto block = huge_block();
  char* const data = block.get();
  // 3 MiB across a huge page's line, and almost a whole huge page: nothing is given back.
  CHECK(base::release_pages(data + kHuge / 4, kHuge * 3 / 2) == data + kHuge / 4);
  CHECK(base::release_pages(data + 2 * kHuge, kHuge - 1) == data + 2 * kHuge);
  CHECK(base::release_pages(nullptr, 4 * kHuge) == nullptr);
  CHECK(all(data, data + 4 * kHuge, 'x'));
}

TEST_CASE("release_unused_pages keeps the huge page holding the last used byte whole") {
  const auto block = huge_block();
  char* const data = block.get();
  // 2.5 MiB used of 8: the second huge page is kept, past the used end too; the rest is given
  // back.
  base::release_unused_pages(data, kHuge * 5 / 4, 4 * kHuge);
  CHECK(all(data, data + 2 * kHuge, 'x'));
  CHECK(all(data + 2 * kHuge, data + 4 * kHuge, '\0'));

  // Used up to a huge page's line: everything after it is given back.
  const auto lined = huge_block();
  base::release_unused_pages(lined.get(), kHuge, 4 * kHuge);
  CHECK(all(lined.get(), lined.get() + kHuge, 'x'));
  CHECK(all(lined.get() + kHuge, lined.get() + 4 * kHuge, '\0'));
}
#endif
