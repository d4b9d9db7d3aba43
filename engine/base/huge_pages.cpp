// advise_huge_pages: madvise(MADV_HUGEPAGE) on the aligned part of a range (Linux only).
#include "base/huge_pages.hpp"

#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
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

void release_unused_pages(const void* data, size_t used_bytes, size_t capacity_bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  constexpr uintptr_t kHugePage = uintptr_t{2} << 20;
  constexpr uintptr_t kPage = 4096;
  if (data == nullptr || capacity_bytes < 2 * kHugePage) return;
  const auto begin = reinterpret_cast<uintptr_t>(data);
  const uintptr_t first = (begin + used_bytes + kPage - 1) & ~(kPage - 1);
  const uintptr_t last = (begin + capacity_bytes) & ~(kPage - 1);
  if (last > first)
    // NOLINTNEXTLINE(performance-no-int-to-ptr): the address is the array's own, rounded
    (void)::madvise(reinterpret_cast<void*>(first), last - first, MADV_DONTNEED);
#else
  (void)data;
  (void)used_bytes;
  (void)capacity_bytes;
#endif
}

}  // namespace hclspec::base
