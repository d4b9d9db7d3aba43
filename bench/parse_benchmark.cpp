// Parses a file repeatedly and prints throughput (MB/s) and peak memory per source byte.
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

#include "syntax/parser.hpp"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: parse_benchmark FILE [RUNS]\n");
    return 1;
  }
  const int runs = argc > 2 ? std::max(1, std::atoi(argv[2])) : 5;
  std::ifstream in(argv[1], std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "parse_benchmark: cannot read %s\n", argv[1]);
    return 1;
  }
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  rusage before{};
  getrusage(RUSAGE_SELF, &before);

  double best = 1e9;
  size_t diagnostics = 0, tokens = 0, nodes = 0;
  for (int i = 0; i < runs; ++i) {
    std::string copy = text;
    const auto start = std::chrono::steady_clock::now();
    auto tree = hclspec::syntax::parse_config(std::move(copy), argv[1]);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    best = std::min(best, seconds);
    diagnostics = tree->diagnostics().size();
    tokens = tree->tokens().size();
    nodes = tree->nodes().size();
  }
  rusage after{};
  getrusage(RUSAGE_SELF, &after);
  const double mb = static_cast<double>(text.size()) / (1024.0 * 1024.0);
  // Peak RSS grows only by what one parse holds (its copy of the text, tokens, nodes) beyond
  // the baseline of the program and the original text.
  const double peak_delta = static_cast<double>(after.ru_maxrss - before.ru_maxrss) * 1024.0;
  std::printf("file: %s (%.2f MB), %zu tokens, %zu nodes, %zu diagnostics\n", argv[1], mb, tokens,
              nodes, diagnostics);
  std::printf("parse: best of %d runs %.1f ms, %.1f MB/s\n", runs, best * 1000, mb / best);
  std::printf("memory: peak RSS %.1f MB; parse added %.1f MB = %.2f bytes per source byte\n",
              static_cast<double>(after.ru_maxrss) / 1024.0, peak_delta / (1024.0 * 1024.0),
              peak_delta / static_cast<double>(text.size()));
  return 0;
}
