// A test helper shared by the layer tests: which project headers the files of a folder include.
#pragma once

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <string>
#include <string_view>

#ifndef HCLSPEC_SOURCE_DIR
#error "HCLSPEC_SOURCE_DIR must name the source tree"
#endif

namespace hclspec::testing {

// Calls `check(line)` for every "#include" line of the .hpp and .cpp files in `folder` (relative
// to the source tree), with the file and the line captured for failure messages; returns how many
// files were read.
template <typename Check>
size_t for_each_include(std::string_view folder, Check check) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(HCLSPEC_SOURCE_DIR) / folder;
  REQUIRE(fs::is_directory(dir));
  size_t files = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string ext = entry.path().extension().string();
    if (ext != ".hpp" && ext != ".cpp") continue;
    ++files;
    std::ifstream in(entry.path());
    for (std::string line; std::getline(in, line);) {
      if (!line.starts_with("#include ")) continue;
      CAPTURE(entry.path().filename().string());
      CAPTURE(line);
      check(std::string_view(line).substr(9));
    }
  }
  return files;
}

// Checks that every project include ("...") in engine/<layer> names one of `allowed` folders
// (e.g. "base/"), and that no system include brings in what only the protocol and server layers
// may use (JSON, Asio), and returns how many source files were read.
inline size_t check_layer_includes(std::string_view layer,
                                   std::initializer_list<std::string_view> allowed) {
  return for_each_include("engine/" + std::string(layer), [&](std::string_view target) {
    CHECK_FALSE(target.starts_with("<nlohmann/"));
    CHECK_FALSE(target.starts_with("<boost/asio"));
    if (!target.starts_with('"')) return;
    bool ok = false;
    for (std::string_view folder : allowed) ok = ok || target.substr(1).starts_with(folder);
    CHECK(ok);
  });
}

}  // namespace hclspec::testing
