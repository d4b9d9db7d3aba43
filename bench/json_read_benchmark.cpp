// Times reading the textDocument/didOpen message of a file: nlohmann::json::parse, read_json of a
// view and of a buffer it takes over, and parse_message, each the minimum and median of several
// runs.
#include <malloc.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "protocol/json_reader.hpp"
#include "protocol/jsonrpc.hpp"
#include "read_file.hpp"

namespace {

using nlohmann::json;

// Runs `read` `runs` times (given the run's number) and prints the minimum and median
// milliseconds.
void time_runs(const char* name, int runs, const std::function<void(int)>& read) {
  std::vector<double> milliseconds;
  for (int run = 0; run < runs; ++run) {
    const auto start = std::chrono::steady_clock::now();
    read(run);
    milliseconds.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
            .count());
  }
  std::sort(milliseconds.begin(), milliseconds.end());
  std::printf("%-24s min %7.2f ms   median %7.2f ms\n", name, milliseconds.front(),
              milliseconds[milliseconds.size() / 2]);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace hclspec::protocol;
  if (argc < 2) {
    std::fprintf(stderr, "usage: json_read_benchmark FILE [RUNS] [--fresh-memory]\n");
    return 1;
  }
  const int runs = argc > 2 ? std::max(1, std::atoi(argv[2])) : 20;
  // With --fresh-memory every large block is a new mapping, so each run pays for fresh pages as
  // the first message of a new server does; without it glibc soon keeps them on the heap.
  if (argc > 3 && std::strcmp(argv[3], "--fresh-memory") == 0)
    mallopt(M_MMAP_THRESHOLD, 128 * 1024);
  std::string text;
  if (!hclspec::bench::read_file(argv[1], text)) {
    std::fprintf(stderr, "json_read_benchmark: cannot read %s\n", argv[1]);
    return 1;
  }
  const std::string body =
      notification("textDocument/didOpen", {{"textDocument",
                                             {{"uri", std::string("file://") + argv[1]},
                                              {"languageId", "hcl"},
                                              {"version", 1},
                                              {"text", std::move(text)}}}});
  const auto read = read_json(body, kMaxJsonDepth);
  if (!std::holds_alternative<json>(read) || !same_json(std::get<json>(read), json::parse(body))) {
    std::fprintf(stderr, "json_read_benchmark: read_json and nlohmann disagree\n");
    return 1;
  }
  std::printf("didOpen message of %s: %zu bytes, %d runs\n", argv[1], body.size(), runs);
  time_runs("nlohmann::json::parse", runs,
            [&](int) { [[maybe_unused]] const json value = json::parse(body); });
  time_runs("read_json of a view", runs, [&](int) { (void)read_json(body, kMaxJsonDepth); });
  // The server's way: the message's buffer is taken over (copies made before the timing).
  std::vector<std::string> bodies(static_cast<size_t>(runs), body);
  time_runs("read_json of a buffer", runs, [&](int run) {
    (void)read_json(std::move(bodies[static_cast<size_t>(run)]), kMaxJsonDepth);
  });
  bodies.assign(static_cast<size_t>(runs), body);
  time_runs("parse_message", runs,
            [&](int run) { (void)parse_message(std::move(bodies[static_cast<size_t>(run)])); });
}
