// The doctest entry point of syntax_tests, which also accepts --update-golden.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <string_view>
#include <vector>

#include "test_support.hpp"

int main(int argc, char** argv) {
  // Our own flag is taken out before doctest sees the command line, which it would reject.
  std::vector<char*> args;
  for (int i = 0; i < argc; ++i) {
    if (std::string_view(argv[i]) == "--update-golden")
      hclspec::syntax::testing::set_update_goldens(true);
    else
      args.push_back(argv[i]);
  }
  doctest::Context context;
  context.applyCommandLine(static_cast<int>(args.size()), args.data());
  return context.run();
}
