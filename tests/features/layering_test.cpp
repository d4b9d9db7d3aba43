// The features layer includes only engine headers (see the architecture's layer table): no
// protocol, server, JSON library or I/O.
#include <filesystem>
#include <fstream>
#include <string>

#include "layering_check.hpp"

TEST_CASE("engine/features includes only engine headers") {
  CHECK(hclspec::testing::check_layer_includes(
            "features", {"features/", "spec/", "eval/", "types/", "syntax/", "base/"}) >= 8);
}

TEST_CASE("engine/features uses no I/O, threads or protocol libraries") {
  namespace fs = std::filesystem;
  size_t files = 0;
  for (const auto& entry :
       fs::directory_iterator(fs::path(HCLSPEC_SOURCE_DIR) / "engine" / "features")) {
    ++files;
    std::ifstream in(entry.path());
    for (std::string line; std::getline(in, line);) {
      if (!line.starts_with("#include <")) continue;
      CAPTURE(entry.path().filename().string());
      CAPTURE(line);
      for (const char* forbidden : {"<fstream>", "<iostream>", "<thread>", "<filesystem>",
                                    "<nlohmann/", "<boost/asio", "<cstdio>"})
        CHECK(line.find(forbidden) == std::string::npos);
    }
  }
  CHECK(files >= 8);
}
