// The doctest entry point of the test executables with golden files; it also accepts
// --update-golden.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <string_view>
#include <vector>

#include "golden_files.hpp"

int main(int argc, char** argv) {
  // Our own flag is taken out before doctest sees the command line, which it would reject.
  std::vector<char*> args;
  for (int i = 0; i < argc; ++i) {
    if (std::string_view(argv[i]) == "--update-golden")
      hclspec::testing::update_goldens_flag = true;
    else
      args.push_back(argv[i]);
  }
  doctest::Context context;
  context.applyCommandLine(static_cast<int>(args.size()), args.data());
  return context.run();
}
