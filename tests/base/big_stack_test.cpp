// call_with_large_stack and LargeStackTask: work on a thread with a large stack, its exceptions
// rethrown, started beside its caller on another core.
#include <doctest/doctest.h>

#include <pthread.h>
#include <sched.h>

#include <atomic>
#include <stdexcept>
#include <string>
#include <thread>

#include "base/big_stack.hpp"

namespace base = hclspec::base;

namespace {

// Recursion that needs far more than a default 8 MB stack: 40,000 frames of over 1 KB each.
size_t deep(size_t depth) {
  volatile char frame[1024];
  frame[0] = static_cast<char>(depth);
  if (depth == 0) return frame[0];
  return deep(depth - 1) + 1 + static_cast<size_t>(frame[0] & 0);
}

}  // namespace

TEST_CASE("call_with_large_stack runs the work on another thread and waits for it") {
  int calls = 0;
  std::thread::id worker;
  base::call_with_large_stack([&] {
    ++calls;
    worker = std::this_thread::get_id();
  });
  CHECK(calls == 1);
  CHECK(worker != std::thread::id());
  CHECK(worker != std::this_thread::get_id());
}

TEST_CASE("call_with_large_stack gives room for recursion a default stack cannot hold") {
  size_t result = 0;
  base::call_with_large_stack([&] { result = deep(40000); });
  CHECK(result == 40000);
}

TEST_CASE("call_with_large_stack honours a smaller stack size") {
  size_t result = 0;
  base::call_with_large_stack([&] { result = deep(10); }, size_t{1} << 20);
  CHECK(result == 10);
}

TEST_CASE("call_with_large_stack rethrows the work's exceptions in the caller") {
  CHECK_THROWS_WITH_AS(base::call_with_large_stack([] { throw std::runtime_error("boom"); }),
                       "boom", std::runtime_error);
  CHECK_THROWS_AS(base::call_with_large_stack([] { throw 42; }), int);
  // The caller can go on using it after a failure.
  bool ran = false;
  base::call_with_large_stack([&] { ran = true; });
  CHECK(ran);
}

TEST_CASE("run_on_large_stack moves to a large stack once and then runs in place") {
  const std::thread::id caller = std::this_thread::get_id();
  std::thread::id outer, inner;
  base::run_on_large_stack([&] {
    outer = std::this_thread::get_id();
    base::run_on_large_stack([&] { inner = std::this_thread::get_id(); });
  });
  CHECK(outer != caller);
  CHECK(inner == outer);
}

TEST_CASE("a task beside its caller starts on another core and may then run on any of them") {
  cpu_set_t cores;
  REQUIRE(sched_getaffinity(0, sizeof cores, &cores) == 0);
  // Another thread keeps a core busy, so that no core is idle for the kernel to prefer. Only a
  // caller that stayed on one core while making the task tells where it had to start.
  std::atomic<bool> done = false;
  std::thread busy([&] {
    while (!done.load(std::memory_order_relaxed)) {
    }
  });
  int observed = 0;
  for (int tries = 0; tries < 40; ++tries) {
    int task_core = -1;
    cpu_set_t task_cores;
    CPU_ZERO(&task_cores);
    const int before = sched_getcpu();
    base::LargeStackTask task([&] {
      task_core = sched_getcpu();
      (void)pthread_getaffinity_np(pthread_self(), sizeof task_cores, &task_cores);
    });
    const int after = sched_getcpu();
    task.wait();
    CHECK(CPU_EQUAL(&task_cores, &cores));
    if (before != after) continue;
    if (CPU_COUNT(&cores) >= 2) CHECK(task_core != before);
    ++observed;
  }
  done = true;
  busy.join();
  CHECK(observed > 0);
}

TEST_CASE("call_with_large_stack leaves the thread's cores to the kernel") {
  cpu_set_t cores, work_cores;
  REQUIRE(sched_getaffinity(0, sizeof cores, &cores) == 0);
  CPU_ZERO(&work_cores);
  base::call_with_large_stack(
      [&] { (void)pthread_getaffinity_np(pthread_self(), sizeof work_cores, &work_cores); });
  CHECK(CPU_EQUAL(&work_cores, &cores));
}
