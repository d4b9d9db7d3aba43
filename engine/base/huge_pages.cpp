// Huge-page advice for arrays and thread heaps, and pages given back (madvise; Linux only).
#include "base/huge_pages.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <utility>

#if defined(__linux__)
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace hclspec::base {

#if defined(__linux__) && defined(MADV_HUGEPAGE)
namespace {

constexpr uintptr_t kHugePage = uintptr_t{2} << 20;

uintptr_t huge_line_at_or_after(uintptr_t address) {
  return (address + kHugePage - 1) & ~(kHugePage - 1);
}

// The whole huge pages inside [begin, begin + bytes): [first, last), empty when last <= first.
struct HugePages {
  uintptr_t first, last;
};
HugePages whole_huge_pages(uintptr_t begin, size_t bytes) {
  return {huge_line_at_or_after(begin), (begin + bytes) & ~(kHugePage - 1)};
}

void give_back(uintptr_t first, uintptr_t last) {
  // NOLINTNEXTLINE(performance-no-int-to-ptr): the addresses are the array's own, rounded
  (void)::madvise(reinterpret_cast<void*>(first), last - first, MADV_DONTNEED);
}

}  // namespace
#endif

void advise_huge_pages(const void* data, size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (data == nullptr || bytes < 2 * kHugePage) return;
  const auto [first, last] = whole_huge_pages(reinterpret_cast<uintptr_t>(data), bytes);
  if (last > first)
    // NOLINTNEXTLINE(performance-no-int-to-ptr): the address is the array's own, rounded
    (void)::madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
#else
  (void)data;
  (void)bytes;
#endif
}

void release_unused_pages(const void* data, size_t used_bytes, size_t capacity_bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (data == nullptr || capacity_bytes < 2 * kHugePage) return;
  const auto begin = reinterpret_cast<uintptr_t>(data);
  const uintptr_t first = huge_line_at_or_after(begin + used_bytes);
  // The capacity's end, down to the kernel's page (which madvise rounds lengths up to: 64 KiB
  // on some machines). Past the used end nothing was touched, so no huge page is split there.
  static const auto page = static_cast<uintptr_t>(::sysconf(_SC_PAGESIZE));
  const uintptr_t last = (begin + capacity_bytes) & ~(page - 1);
  if (last > first) give_back(first, last);
#else
  (void)data;
  (void)used_bytes;
  (void)capacity_bytes;
#endif
}

const void* release_pages(const void* data, size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  const auto [first, last] = whole_huge_pages(reinterpret_cast<uintptr_t>(data), bytes);
  if (data == nullptr || last <= first) return data;
  give_back(first, last);
  // NOLINTNEXTLINE(performance-no-int-to-ptr): inside the caller's range
  return reinterpret_cast<const void*>(last);
#else
  (void)bytes;
  return data;
#endif
}

namespace {

std::atomic<bool> huge_page_heaps{false};

#if defined(__linux__) && defined(MADV_HUGEPAGE) && defined(M_TOP_PAD)
// A thread's heap reaches at most 64 MiB (glibc's HEAP_MAX_SIZE on 64-bit machines); a pad this
// large makes the whole of it accessible when the heap is made, as one mapping. Grown a few pages
// at a time instead, the heap's end would split a huge page between two mappings.
constexpr int kHeapPad = 64 << 20;
constexpr uint64_t kHugeHeapWork = uint64_t{4} << 20;

// The range of the heap whose mapping in /proc/self/maps holds `address`: that mapping and the
// inaccessible one right after it, which glibc reserves for the heap to grow into. {0, 0} if the
// address is in no mapping.
std::pair<uintptr_t, uintptr_t> heap_range(uintptr_t address) {
  std::FILE* maps = std::fopen("/proc/self/maps", "r");
  if (maps == nullptr) return {0, 0};
  std::pair<uintptr_t, uintptr_t> found{0, 0};
  char line[512];
  while (std::fgets(line, sizeof line, maps) != nullptr) {
    unsigned long begin = 0, end = 0;
    char permissions[5] = {};
    if (std::sscanf(line, "%lx-%lx %4s", &begin, &end, permissions) != 3) continue;
    if (found.second == 0) {
      if (begin <= address && address < end) found = {begin, end};
    } else {
      if (begin == found.second && std::string_view(permissions) == "---p") found.second = end;
      break;
    }
  }
  std::fclose(maps);
  return found;
}
#endif

}  // namespace

bool use_huge_page_heaps() {
#if defined(__linux__) && defined(MADV_HUGEPAGE) && defined(M_TOP_PAD)
  // glibc makes and grows a heap by the request plus this pad. (A sanitizer's malloc ignores it.)
  if (::mallopt(M_TOP_PAD, kHeapPad) == 1) huge_page_heaps.store(true);
#endif
  return huge_page_heaps.load();
}

void advise_thread_heap(uint64_t work_bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE) && defined(M_TOP_PAD)
  if (!huge_page_heaps.load() || work_bytes < kHugeHeapWork) return;
  // A block the thread asks for comes from its heap (its own, or one a finished thread left).
  void* const probe = std::malloc(1);
  const auto [begin, end] = heap_range(reinterpret_cast<uintptr_t>(probe));
  std::free(probe);
  // NOLINTNEXTLINE(performance-no-int-to-ptr): the heap's own address
  advise_huge_pages(reinterpret_cast<const void*>(begin), end - begin);
#else
  (void)work_bytes;
#endif
}

}  // namespace hclspec::base
