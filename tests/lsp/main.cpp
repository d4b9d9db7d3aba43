// lsp_tests: language server sessions in one thread (doctest's main).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
