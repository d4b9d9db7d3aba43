// The progress line's thread: it waits a second, then redraws the line until the run ends.
#include "server/progress.hpp"

#include <chrono>
#include <iostream>

namespace hclspec::server {

Progress::Progress(bool enabled, std::string what, size_t total)
    : what_(std::move(what)), total_(total) {
  if (enabled && total > 1) thread_ = std::thread([this] { run(); });
}

Progress::~Progress() {
  {
    std::lock_guard lock(mutex_);
    finished_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void Progress::run() {
  std::unique_lock lock(mutex_);
  if (wake_.wait_for(lock, std::chrono::seconds(1), [this] { return finished_; })) return;
  do {
    std::cerr << "\r" << what_ << " " << done_count_.load(std::memory_order_relaxed) << " of "
              << total_ << " files" << std::flush;
  } while (!wake_.wait_for(lock, std::chrono::milliseconds(200), [this] { return finished_; }));
  std::cerr << "\r\x1b[K" << std::flush;
}

}  // namespace hclspec::server
