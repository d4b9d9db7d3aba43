// The program's memory: operator new's large blocks start on a 2 MiB line, are advised into huge
// pages and unmapped when deleted, small ones are malloc's, a size no memory can hold throws
// std::bad_alloc; advise_thread_heap advises a thread's heap for a large decode. Sanitizer builds
// keep their own operator new and malloc and leave this file out.
#include <doctest/doctest.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "base/big_stack.hpp"
#include "base/huge_pages.hpp"

using namespace hclspec;

namespace {

constexpr uintptr_t kHugePage = uintptr_t{2} << 20;

bool on_huge_page_line(const void* p) {
  return reinterpret_cast<uintptr_t>(p) % kHugePage == 0;
}

// The VmFlags of the mapping holding `p`, from /proc/self/smaps ("" when not found).
std::string mapping_flags(uintptr_t at) {
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
std::string mapping_flags(const void* p) {
  return mapping_flags(reinterpret_cast<uintptr_t>(p));
}

}  // namespace

TEST_CASE("blocks of 2 MiB and more start on a 2 MiB line, and hold what is written") {
  for (const size_t bytes :
       {size_t{2} << 20, (size_t{2} << 20) + 1, size_t{3205198}, size_t{10491366}}) {
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

TEST_CASE("a large block is unmapped when deleted, also past the blocks listed at once") {
  constexpr size_t kMiB = size_t{1} << 20;
  std::unique_ptr<char[]> one(new char[6 * kMiB]);
  one[6 * kMiB - 1] = 'x';
  const auto at = reinterpret_cast<uintptr_t>(one.get());  // an address: the block goes
  REQUIRE(mapping_flags(at) != "");
  one.reset();
  CHECK(mapping_flags(at) == "");

  // operator new lists 256 blocks; those past it are aligned_alloc's, and delete frees them too.
  std::vector<std::unique_ptr<char[]>> many;
  for (int i = 0; i < 300; ++i) {
    many.emplace_back(new char[4 * kMiB]);
    many.back()[4 * kMiB - 1] = 'y';
    CHECK(on_huge_page_line(many.back().get()));
  }
  const auto first = reinterpret_cast<uintptr_t>(many.front().get());
  many.clear();
  CHECK(mapping_flags(first) == "");
  std::unique_ptr<char[]> again(new char[4 * kMiB]);  // a listed slot is free again
  CHECK(on_huge_page_line(again.get()));
}

TEST_CASE("use_huge_page_heaps: a thread about to work through 4 MiB advises its heap") {
  REQUIRE(base::use_huge_page_heaps());
  // The flags of the mapping of a block the thread makes, after advise_thread_heap(work).
  const auto heap_flags = [](uint64_t work) {
    std::string flags;
    base::LargeStackTask task([&] {
      base::advise_thread_heap(work);
      const auto value = std::make_unique<int>(7);  // from the thread's own heap
      flags = mapping_flags(value.get());
    });
    task.wait();
    return flags;
  };
  // Less work first: a heap advised once stays so, and a later thread may be given it.
  CHECK(heap_flags((uint64_t{4} << 20) - 1).find(" hg") == std::string::npos);
  CHECK(heap_flags(uint64_t{4} << 20).find(" hg") != std::string::npos);
}

TEST_CASE("smaller blocks are left where malloc puts them") {
  // malloc maps a block this large on a 4 KiB line plus its 16-byte header: never on a 2 MiB line.
  std::vector<char> below((size_t{2} << 20) - 64);
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
