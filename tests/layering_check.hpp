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

// Checks that every project include ("...") in engine/<layer> names one of `allowed` folders
// (e.g. "base/"), and that no system include brings in what only the protocol and server layers
// may use (JSON, Asio), and returns how many source files were read.
inline size_t check_layer_includes(std::string_view layer,
                                   std::initializer_list<std::string_view> allowed) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(HCLSPEC_SOURCE_DIR) / "engine" / layer;
  REQUIRE(fs::is_directory(dir));
  size_t files = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string ext = entry.path().extension().string();
    if (ext != ".hpp" && ext != ".cpp") continue;
    ++files;
    std::ifstream in(entry.path());
    for (std::string line; std::getline(in, line);) {
      for (std::string_view forbidden : {"#include <nlohmann/", "#include <boost/asio"}) {
        CAPTURE(entry.path().filename().string());
        CAPTURE(line);
        CHECK(line.rfind(forbidden, 0) != 0);
      }
      const std::string_view prefix = "#include \"";
      if (line.rfind(prefix, 0) != 0) continue;
      const std::string_view target = std::string_view(line).substr(prefix.size());
      bool ok = false;
      for (std::string_view folder : allowed) ok = ok || target.rfind(folder, 0) == 0;
      CAPTURE(entry.path().filename().string());
      CAPTURE(line);
      CHECK(ok);
    }
  }
  return files;
}

}  // namespace hclspec::testing
