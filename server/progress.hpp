// A progress line ("hclspec lint: checked 120 of 3400 files") for long runs over many files.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <string>
#include <thread>

namespace hclspec::server {

// Shown on stderr once a run has taken a second, refreshed five times a second, erased at the
// end. Callers enable it only when stderr is a terminal (and not in CI).
class Progress {
 public:
  // `what`: the line's start, e.g. "hclspec fmt: formatted".
  Progress(bool enabled, std::string what, size_t total);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // One more file done; safe from several threads.
  void advance() { done_count_.fetch_add(1, std::memory_order_relaxed); }

 private:
  void run();

  std::string what_;
  size_t total_;
  std::atomic<size_t> done_count_ = 0;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool finished_ = false;
  std::thread thread_;
};

}  // namespace hclspec::server
