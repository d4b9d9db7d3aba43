// Transparent huge pages for large arrays (tokens, nodes, text) and command-line runs' heaps.
#pragma once

#include <cstddef>
#include <cstdint>

namespace hclspec::base {

// Asks the kernel to back the whole 2 MiB pages inside [data, data + bytes) with transparent huge
// pages, when it allows that on request (the "madvise" setting). On these machines a fresh 4 KiB
// page costs about 10 µs to fault in, most of the time of a large parse; a 2 MiB page is one
// fault. Arrays under 4 MiB are left alone (too small to gain, and a huge page may hold memory
// they never use). Call it before the memory is first written; it is only advice.
void advise_huge_pages(const void* data, size_t bytes);

// Huge pages are given back whole or not at all. Splitting one into 4 KiB pages (giving back
// part of it) makes each of its pages cost a trap the next time it is read, on machines whose
// MMU is paravirtualized: about 6 µs a page, 3 ms a huge page, where a 10 MB parse takes 40 ms.

// Gives back an advised array's capacity past its last used byte, from the first 2 MiB line
// after it (a parse reserves its arrays for the most tokens a text can hold). The huge page
// holding the last used byte is kept whole: at most 2 MiB the array will never write.
void release_unused_pages(const void* data, size_t used_bytes, size_t capacity_bytes);

// Gives back the whole 2 MiB pages inside [data, data + bytes): the start of an array that is
// read no more but not yet freed. Reading them again would find zeros. Returns the end of what
// was given back (from there on the range is as it was), or `data` when nothing was: then the
// kernel was not called, so calling this often over a growing range costs nothing.
const void* release_pages(const void* data, size_t bytes);

// For a run that ends soon after its work (a command, not the server): every malloc heap is
// made 64 MiB at once, so that advise_thread_heap can advise a thread's heap whole. A heap then
// keeps up to 64 MiB it no longer uses, which only a long-running process would mind. Call it
// before starting threads. Whether it took effect (not under a sanitizer's malloc).
bool use_huge_page_heaps();

// Advises the calling thread's malloc heap into huge pages, if use_huge_page_heaps took effect
// and the thread is about to work through at least 4 MiB of input (`work_bytes`): then the many
// small blocks it makes (a decode's values, strings and lists) are not faulted in one 4 KiB page
// at a time. Smaller work is left alone: its first huge page would cost more than it saves.
void advise_thread_heap(uint64_t work_bytes);

}  // namespace hclspec::base
