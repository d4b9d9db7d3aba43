// read_file: whole files of any size, pipes read to their end, and failures named.
#include <doctest/doctest.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "server/source_files.hpp"

namespace hclspec::server {
namespace {

namespace fs = std::filesystem;

// Bytes of every value, NUL included, in a pattern that shows a piece read twice or skipped.
std::string patterned(size_t size) {
  std::string text(size, '\0');
  for (size_t i = 0; i < size; ++i) text[i] = static_cast<char>((i * 131 + i / 4099) & 0xFF);
  return text;
}

struct TemporaryFile {
  fs::path path = fs::temp_directory_path() / ("hclspec-read-test-" + std::to_string(::getpid()));
  explicit TemporaryFile(const std::string& text) { std::ofstream(path, std::ios::binary) << text; }
  ~TemporaryFile() { fs::remove(path); }
};

TEST_CASE("a regular file is read whole, whatever its size") {
  // Empty, small, a whole number of 64 KiB (the end found by a read of nothing), and larger than
  // the 4 MiB from which the string is put in huge pages.
  for (const size_t size : {size_t{0}, size_t{1}, size_t{4095}, size_t{65536}, size_t{5} << 20}) {
    CAPTURE(size);
    const std::string text = patterned(size);
    const TemporaryFile file(text);
    std::string error;
    const std::optional<std::string> read = read_file(file.path.string(), error);
    REQUIRE(read.has_value());
    CHECK(error.empty());
    CHECK(read->size() == size);
    CHECK(*read == text);
  }
}

TEST_CASE("a pipe is read to its end, the string growing as it comes") {
  int ends[2];
  REQUIRE(::pipe(ends) == 0);
  const std::string text = patterned(300 * 1024);  // more than a pipe holds at once
  std::thread writer([&] {
    size_t written = 0;
    while (written < text.size()) {
      const ssize_t n = ::write(ends[1], text.data() + written, text.size() - written);
      if (n <= 0) break;
      written += static_cast<size_t>(n);
    }
    ::close(ends[1]);
  });
  std::string error;
  const std::optional<std::string> read =
      read_file("/proc/self/fd/" + std::to_string(ends[0]), error);
  writer.join();
  ::close(ends[0]);
  REQUIRE(read.has_value());
  CHECK(*read == text);
}

TEST_CASE("a file that cannot be read gives the system's reason") {
  std::string error;
  CHECK_FALSE(read_file("/nonexistent/hclspec/file.hcl", error).has_value());
  CHECK(error == std::strerror(ENOENT));
  error.clear();
  CHECK_FALSE(read_file(fs::temp_directory_path().string(), error).has_value());
  CHECK(error == std::strerror(EISDIR));
}

}  // namespace
}  // namespace hclspec::server
