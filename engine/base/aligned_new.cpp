// The program's global operator new and delete: blocks of 4 MiB and more in 2 MiB pages.
//
// Linked into executables (not into the engine's libraries), it replaces the standard library's
// operator new for every large block: a file's text, token and node arrays, output strings as
// they grow. glibc maps such a block at a 4 KiB line plus its header, so the part before the
// first 2 MiB line could never be a transparent huge page: up to 511 pages of 4 KiB, each its own
// fault. On these machines a fault costs about 11 µs (a whole 2 MiB page about 60 µs), and those
// heads cost a 10 MB lint 570 of its 1,350 faults, a tenth of its CPU time. So a large block
// starts on a 2 MiB line and is advised into huge pages (madvise: the kernel's "madvise" mode),
// its last partial huge page too when at least half of it is the block's, so that the memory a
// block may never touch stays under 1 MiB. Smaller blocks are malloc's as before.
//
// Only `operator new(size_t)` and the two plain deletes are replaced: libstdc++'s other forms
// (arrays, nothrow) call these, and free() releases what aligned_alloc gave.
// Sanitizer builds keep their own operator new, which checks new/delete pairing.
#include <cstdlib>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HCLSPEC_SANITIZED_NEW 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define HCLSPEC_SANITIZED_NEW 1
#endif

#if !defined(HCLSPEC_SANITIZED_NEW)

namespace {

constexpr std::size_t kHugePage = std::size_t{2} << 20;
constexpr std::size_t kAlignedFrom = 2 * kHugePage;  // as advise_huge_pages' smallest array

void* allocate_large(std::size_t bytes) {
  // aligned_alloc wants a multiple of the alignment; what is past `bytes` is never touched.
  const std::size_t rounded = (bytes + kHugePage - 1) & ~(kHugePage - 1);
  if (rounded < bytes) return nullptr;  // `bytes` so near SIZE_MAX that rounding wrapped
  void* const block = std::aligned_alloc(kHugePage, rounded);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  const std::size_t partial = bytes % kHugePage;
  const std::size_t advised = partial >= kHugePage / 2 ? rounded : bytes - partial;
  if (block != nullptr) (void)::madvise(block, advised, MADV_HUGEPAGE);
#endif
  return block;
}

void* allocate(std::size_t bytes) {
  if (bytes >= kAlignedFrom) return allocate_large(bytes);
  return std::malloc(bytes == 0 ? 1 : bytes);
}

}  // namespace

void* operator new(std::size_t bytes) {
  for (;;) {
    if (void* p = allocate(bytes)) return p;
    std::new_handler handler = std::get_new_handler();
    if (handler == nullptr) throw std::bad_alloc();
    handler();
  }
}

void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}

#endif
