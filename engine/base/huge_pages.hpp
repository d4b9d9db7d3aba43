// Transparent huge pages for the large arrays a parse fills (tokens, nodes, text).
#pragma once

#include <cstddef>

namespace hclspec::base {

// Asks the kernel to back the whole 2 MiB pages inside [data, data + bytes) with transparent huge
// pages, when it allows that on request (the "madvise" setting). On these machines a fresh 4 KiB
// page costs about 10 µs to fault in, most of the time of a large parse; a 2 MiB page is one
// fault. Arrays under 4 MiB are left alone (too small to gain, and a huge page may hold memory
// they never use). Call it before the memory is first written; it is only advice.
void advise_huge_pages(const void* data, size_t bytes);

// Gives back the whole pages of an advised array's capacity past its last used byte: the last
// huge page it touched brought them in with the used ones, up to 2 MiB the array will never
// write (a parse reserves its arrays for the most tokens a text can hold). That huge page is
// left in small pages, so that the kernel does not fill it again in the background.
void release_unused_pages(const void* data, size_t used_bytes, size_t capacity_bytes);

// Gives back the whole pages of [data, data + bytes): the start of an array that is read no
// more but not yet freed. Reading them again would find zeros.
void release_pages(const void* data, size_t bytes);

}  // namespace hclspec::base
