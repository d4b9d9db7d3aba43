// Reading a benchmark's input file whole.
#pragma once

#include <fstream>
#include <string>

namespace hclspec::bench {

// The whole file in one allocation of its size (growing a string as it is read would leave
// twice the memory touched).
inline bool read_file(const char* path, std::string& text) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) return false;
  text.resize(static_cast<size_t>(in.tellg()));
  in.seekg(0);
  return static_cast<bool>(in.read(text.data(), static_cast<std::streamsize>(text.size())));
}

}  // namespace hclspec::bench
