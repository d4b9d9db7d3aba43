// Parses a file repeatedly and prints throughput (MB/s), peak memory per source byte and what
// its line index costs, built or derived through an edit.
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

#include "base/line_index.hpp"
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

  // What reparse does after a keystroke once an editor has asked for positions: one character
  // typed mid-file, the index derived from the old one rather than built from the new text.
  auto best_of = [runs](auto&& run) {
    double fastest = 1e9;
    for (int i = 0; i < runs; ++i) {
      const auto start = std::chrono::steady_clock::now();
      run();
      fastest = std::min(
          fastest, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    return fastest;
  };
  const uint32_t middle = static_cast<uint32_t>(text.size() / 2);
  const std::string edited = text.substr(0, middle) + "x" + text.substr(middle);
  const hclspec::base::LineIndex old_index(text);
  uint32_t lines = 0;
  const double build = best_of([&] { lines = hclspec::base::LineIndex(edited).line_count(); });
  const double derive =
      best_of([&] { lines = old_index.edited(edited, middle, middle, middle + 1).line_count(); });
  std::printf("line index (%u lines): build %.3f ms, derive through an edit %.3f ms\n", lines,
              build * 1000, derive * 1000);
  return 0;
}
