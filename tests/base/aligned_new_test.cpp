// The program's operator new: large blocks start on a 2 MiB line and are advised into huge pages,
// small ones are malloc's, and a size no memory can hold throws std::bad_alloc. Sanitizer builds
// keep their own operator new and leave this file out.
#include <doctest/doctest.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <new>
#include <string>
#include <vector>

namespace {

constexpr uintptr_t kHugePage = uintptr_t{2} << 20;

bool on_huge_page_line(const void* p) {
  return reinterpret_cast<uintptr_t>(p) % kHugePage == 0;
}

// The VmFlags of the mapping holding `p`, from /proc/self/smaps ("" when not found).
std::string mapping_flags(const void* p) {
  const auto at = reinterpret_cast<uintptr_t>(p);
  std::ifstream smaps("/proc/self/smaps");
  bool inside = false;
  for (std::string line; std::getline(smaps, line);) {
    uintptr_t begin = 0, end = 0;
    if (std::sscanf(line.c_str(), "%lx-%lx ", &begin, &end) == 2)
      inside = begin <= at && at < end;
    else if (inside && line.rfind("VmFlags:", 0) == 0)
      return line;
  }
  return "";
}

}  // namespace

TEST_CASE("blocks of 4 MiB and more start on a 2 MiB line, and hold what is written") {
  for (const size_t bytes : {size_t{4} << 20, (size_t{4} << 20) + 1, size_t{10491366}}) {
    CAPTURE(bytes);
    std::string text;
    text.reserve(bytes);  // the way a file's text is read
    CHECK(on_huge_page_line(text.data()));
    text.assign(bytes, 'h');
    CHECK(text[0] == 'h');
    CHECK(text[bytes - 1] == 'h');

    std::vector<uint64_t> array(bytes / sizeof(uint64_t) + 1, 7);
    CHECK(on_huge_page_line(array.data()));
    CHECK(array.back() == 7);
    std::unique_ptr<char[]> block(new char[bytes]);  // operator new[] comes here too
    CHECK(on_huge_page_line(block.get()));
  }
}

TEST_CASE("large blocks are advised into huge pages, a last page at least half theirs too") {
  if (!std::filesystem::exists("/sys/kernel/mm/transparent_hugepage")) return;  // no such pages
  constexpr size_t kMiB = size_t{1} << 20;
  // Two whole huge pages and a partial one of 1.5 MiB: all three are advised.
  std::unique_ptr<char[]> most(new char[5 * kMiB + kMiB / 2]);
  CHECK(mapping_flags(most.get()).find(" hg") != std::string::npos);
  CHECK(mapping_flags(most.get() + 5 * kMiB).find(" hg") != std::string::npos);
  // A partial page of 0.5 MiB is left in small pages: a huge one would be three-quarters unused.
  std::unique_ptr<char[]> less(new char[4 * kMiB + kMiB / 2]);
  CHECK(mapping_flags(less.get()).find(" hg") != std::string::npos);
  CHECK(mapping_flags(less.get() + 4 * kMiB).find(" hg") == std::string::npos);
}

TEST_CASE("smaller blocks are left where malloc puts them") {
  // malloc maps a block this large on a 4 KiB line plus its 16-byte header: never on a 2 MiB line.
  std::vector<char> below((size_t{4} << 20) - 64);
  CHECK_FALSE(on_huge_page_line(below.data()));
  auto one = std::make_unique<int>(42);
  CHECK(*one == 42);
  void* const empty = ::operator new(0);  // a pointer of its own, as the standard asks
  CHECK(empty != nullptr);
  ::operator delete(empty);
}

TEST_CASE("a size no memory can hold throws std::bad_alloc") {
  // SIZE_MAX wraps when rounded up to 2 MiB; one huge page less does not, and cannot be had.
  // Read through a volatile, or the compiler refuses the constant sizes outright.
  volatile size_t largest = SIZE_MAX;
  CHECK_THROWS_AS(::operator delete(::operator new(largest)), std::bad_alloc);
  largest = SIZE_MAX - kHugePage;
  CHECK_THROWS_AS(::operator delete(::operator new(largest)), std::bad_alloc);
}
