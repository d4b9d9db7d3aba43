// A flag an analysis polls to stop early when its result is no longer wanted.
#pragma once

#include <atomic>

namespace hclspec::base {

// Set by whoever owns an analysis (the server, when the document changes), read by the analysis
// at cheap points. Relaxed order: the flag publishes no data, and a late look only costs a
// little more work.
class CancellationFlag {
 public:
  void cancel() { cancelled_.store(true, std::memory_order_relaxed); }
  bool cancelled() const { return cancelled_.load(std::memory_order_relaxed); }

 private:
  std::atomic<bool> cancelled_{false};
};

}  // namespace hclspec::base
