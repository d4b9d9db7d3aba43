// advise_huge_pages: madvise(MADV_HUGEPAGE) on the aligned part of a range (Linux only).
#include "base/huge_pages.hpp"

#include <algorithm>
#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace hclspec::base {

void advise_huge_pages(const void* data, size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  constexpr uintptr_t kHugePage = uintptr_t{2} << 20;
  if (data == nullptr || bytes < 2 * kHugePage) return;
  const auto begin = reinterpret_cast<uintptr_t>(data);
  const uintptr_t first = (begin + kHugePage - 1) & ~(kHugePage - 1);
  const uintptr_t last = (begin + bytes) & ~(kHugePage - 1);
  if (last > first)
    // NOLINTNEXTLINE(performance-no-int-to-ptr): the address is the array's own, rounded
    (void)::madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
#else
  (void)data;
  (void)bytes;
#endif
}

#if defined(__linux__) && defined(MADV_HUGEPAGE)
namespace {

// The kernel's page, which madvise rounds lengths up to: 64 KiB on some machines.
uintptr_t page_size() {
  static const auto page = static_cast<uintptr_t>(::sysconf(_SC_PAGESIZE));
  return page;
}

// Gives back the pages of [first, last), page-aligned, once [split, last) is split from huge
// pages: the kernel's background collapsing must not fill them again.
void give_back(uintptr_t split, uintptr_t first, uintptr_t last) {
  // NOLINTBEGIN(performance-no-int-to-ptr): the addresses are the array's own, rounded
  (void)::madvise(reinterpret_cast<void*>(split), last - split, MADV_NOHUGEPAGE);
  (void)::madvise(reinterpret_cast<void*>(first), last - first, MADV_DONTNEED);
  // NOLINTEND(performance-no-int-to-ptr)
}

}  // namespace
#endif

void release_unused_pages(const void* data, size_t used_bytes, size_t capacity_bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  constexpr uintptr_t kHugePage = uintptr_t{2} << 20;
  if (data == nullptr || capacity_bytes < 2 * kHugePage) return;
  const uintptr_t page = page_size();
  const auto begin = reinterpret_cast<uintptr_t>(data);
  const uintptr_t first = (begin + used_bytes + page - 1) & ~(page - 1);
  const uintptr_t last = (begin + capacity_bytes) & ~(page - 1);
  if (last <= first) return;
  // The whole huge page holding the array's end is split, not only what is given back of it.
  give_back(std::max((begin + page - 1) & ~(page - 1), first & ~(kHugePage - 1)), first, last);
#else
  (void)data;
  (void)used_bytes;
  (void)capacity_bytes;
#endif
}

void release_pages(const void* data, size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  const uintptr_t page = page_size();
  const auto begin = reinterpret_cast<uintptr_t>(data);
  const uintptr_t first = (begin + page - 1) & ~(page - 1);
  const uintptr_t last = (begin + bytes) & ~(page - 1);
  if (data != nullptr && last > first) give_back(first, first, last);
#else
  (void)data;
  (void)bytes;
#endif
}

}  // namespace hclspec::base
