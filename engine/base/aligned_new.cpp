// The program's global operator new and delete: blocks of 2 MiB and more in 2 MiB pages.
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
// (arrays, nothrow) call these. delete unmaps the large blocks it made and frees the rest.
// Sanitizer builds keep their own operator new, which checks new/delete pairing.
#include <array>
#include <cstdint>
#include <cstdlib>
#include <mutex>
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
// From one huge page on: a 3.5 MB didOpen message and its 3.2 MB text are huge pages too (the
// server's open of such a document took 1,500 faults fewer), at most 1 MiB of them unused.
constexpr std::size_t kAlignedFrom = kHugePage;

#if defined(__linux__) && defined(MADV_HUGEPAGE)
// Large blocks are mappings of their own, made here rather than by malloc: malloc would carve
// them out of a thread's heap when its free top is large enough (see use_huge_page_heaps), and
// pages given back from an array there (release_pages) would leave the heap in small pages.
// The blocks are listed so that delete knows them; a block that finds the list full is
// aligned_alloc's instead, and free() takes it back.
struct LargeBlock {
  void* start = nullptr;
  std::size_t length = 0;
};
constexpr std::size_t kListedBlocks = 256;
std::mutex listed_mutex;
std::array<LargeBlock, kListedBlocks> listed;

// A mapping of `length` bytes (a multiple of kHugePage) starting on a 2 MiB line, or nullptr.
void* map_aligned(std::size_t length) {
  if (length > SIZE_MAX - kHugePage) return nullptr;
  const std::size_t span = length + kHugePage;
  void* const mapped =
      ::mmap(nullptr, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapped == MAP_FAILED) return nullptr;
  const auto at = reinterpret_cast<std::uintptr_t>(mapped);
  const std::uintptr_t start = (at + kHugePage - 1) & ~(kHugePage - 1);
  // The slack before and after the aligned block goes back at once.
  if (start > at) ::munmap(mapped, start - at);
  if (at + span > start + length)
    ::munmap(reinterpret_cast<void*>(start + length), at + span - start - length);
  return reinterpret_cast<void*>(start);
}

bool list_block(void* start, std::size_t length) {
  const std::lock_guard lock(listed_mutex);
  for (LargeBlock& slot : listed)
    if (slot.start == nullptr) {
      slot = {start, length};
      return true;
    }
  return false;
}

// Unmaps `p` if it is a listed block; false if it is not one.
bool unmap_listed(void* p) {
  if (reinterpret_cast<std::uintptr_t>(p) % kHugePage != 0) return false;
  std::size_t length = 0;
  {
    const std::lock_guard lock(listed_mutex);
    for (LargeBlock& slot : listed)
      if (slot.start == p) {
        length = slot.length;
        slot = {};
        break;
      }
  }
  if (length == 0) return false;
  ::munmap(p, length);
  return true;
}
#endif

void* allocate_large(std::size_t bytes) {
  // Whole huge pages; what is past `bytes` is never touched unless advised below.
  const std::size_t rounded = (bytes + kHugePage - 1) & ~(kHugePage - 1);
  if (rounded < bytes) return nullptr;  // `bytes` so near SIZE_MAX that rounding wrapped
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  void* block = map_aligned(rounded);
  if (block != nullptr && !list_block(block, rounded)) {
    ::munmap(block, rounded);
    block = std::aligned_alloc(kHugePage, rounded);
  }
  const std::size_t partial = bytes % kHugePage;
  const std::size_t advised = partial >= kHugePage / 2 ? rounded : bytes - partial;
  if (block != nullptr) (void)::madvise(block, advised, MADV_HUGEPAGE);
  return block;
#else
  return std::aligned_alloc(kHugePage, rounded);
#endif
}

void* allocate(std::size_t bytes) {
  if (bytes >= kAlignedFrom) return allocate_large(bytes);
  return std::malloc(bytes == 0 ? 1 : bytes);
}

void release(void* p) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (unmap_listed(p)) return;
#endif
  std::free(p);
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
  release(p);
}
void operator delete(void* p, std::size_t) noexcept {
  release(p);
}

#endif
