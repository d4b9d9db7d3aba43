// Golden files shared by the test executables: reading, comparing, rewriting on request.
#pragma once

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>

namespace hclspec::testing {

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream contents;
  contents << in.rdbuf();
  return contents.str();
}

inline void write_file(const std::string& path, const std::string& contents) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << contents;
  if (!out) throw std::runtime_error("cannot write " + path);
}

// Set by a test executable's --update-golden flag.
inline bool update_goldens_flag = false;

// True when golden files should be rewritten rather than compared (HCLSPEC_UPDATE_GOLDEN=1 or
// the --update-golden flag).
inline bool update_goldens() {
  if (update_goldens_flag) return true;
  const char* env = std::getenv("HCLSPEC_UPDATE_GOLDEN");
  return env != nullptr && std::string_view(env) == "1";
}

// Where two texts first differ, as "line N: expected ... / actual ...", to keep failures short.
inline std::string first_difference(const std::string& expected, const std::string& actual) {
  std::istringstream e(expected), a(actual);
  std::string el, al;
  for (int line = 1;; ++line) {
    const bool more_e = static_cast<bool>(std::getline(e, el));
    const bool more_a = static_cast<bool>(std::getline(a, al));
    if (!more_e && !more_a) return "identical";
    if (!more_e) el = "<end>";
    if (!more_a) al = "<end>";
    if (el != al || !more_e || !more_a)
      return "line " + std::to_string(line) + ":\n  expected: " + el + "\n  actual:   " + al;
  }
}

}  // namespace hclspec::testing
