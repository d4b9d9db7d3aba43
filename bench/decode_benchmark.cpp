// Decodes an input file by a spec repeatedly and prints parse and decode times and peak memory.
#include <malloc.h>
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iterator>
#include <memory>
#include <string>

#include "read_file.hpp"
#include "spec/decode.hpp"
#include "spec/load.hpp"
#include "syntax/parser.hpp"

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  using namespace hclspec;
  if (argc < 3) {
    std::fprintf(stderr, "usage: decode_benchmark SPEC INPUT [RUNS]\n");
    return 1;
  }
  const int runs = argc > 3 ? std::max(1, std::atoi(argv[3])) : 5;
  // Every run is to start as the first one in a fresh process does. glibc raises its threshold
  // for serving large blocks with mmap when such a block is freed, so without a fixed threshold
  // later runs would keep large buffers on the heap, where malloc_trim cannot return them all.
  mallopt(M_MMAP_THRESHOLD, 128 * 1024);
  std::string spec_text, text;
  if (!bench::read_file(argv[1], spec_text) || !bench::read_file(argv[2], text)) {
    std::fprintf(stderr, "decode_benchmark: cannot read %s or %s\n", argv[1], argv[2]);
    return 1;
  }
  base::Diagnostics spec_diags;
  const spec::SpecFile spec =
      spec::load_spec(syntax::parse_config(std::move(spec_text), argv[1]), spec_diags);
  if (!spec.root || base::has_errors(spec_diags)) {
    std::fprintf(stderr, "decode_benchmark: the spec has errors\n");
    return 1;
  }
  double best_parse = 1e9, best_decode = 1e9, best_total = 1e9;
  size_t diagnostics = 0;
  size_t bytes = 0;
  for (int i = 0; i < runs; ++i) {
    // Memory the previous run freed goes back to the system first (untimed), so each run's
    // peak is what one decode in a fresh process needs, not that plus the allocator's leftovers.
    malloc_trim(0);
    // Read anew for each run (untimed), so only the tree holds the text, as in hclspec decode.
    if (!bench::read_file(argv[2], text)) return 1;
    bytes = text.size();
    const auto start = std::chrono::steady_clock::now();
    auto tree = syntax::parse_config(std::move(text), argv[2]);
    const double parse = seconds_since(start);
    base::Diagnostics diags;
    const auto decode_start = std::chrono::steady_clock::now();
    const types::Value value = spec::decode(tree.get(), *spec.root, nullptr, diags);
    const double decode = seconds_since(decode_start);
    best_parse = std::min(best_parse, parse);
    best_decode = std::min(best_decode, decode);
    best_total = std::min(best_total, parse + decode);
    diagnostics = tree->diagnostics().size() + diags.size();
  }
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  const double megabytes = static_cast<double>(bytes) / 1e6;
  std::printf("input: %.2f MB, %zu diagnostics\n", megabytes, diagnostics);
  std::printf("best of %d: parse %.1f ms, decode %.1f ms, total %.1f ms (%.1f MB/s)\n", runs,
              best_parse * 1e3, best_decode * 1e3, best_total * 1e3, megabytes / best_total);
  std::printf("peak RSS: %.1f MB\n", static_cast<double>(usage.ru_maxrss) / 1024.0);
  return 0;
}
