// call_with_large_stack and LargeStackTask: work on a thread with a large stack, its exceptions
// rethrown, started beside its caller on another core, the thread kept for the next task.
#include <doctest/doctest.h>

#include <pthread.h>
#include <sched.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "base/big_stack.hpp"

namespace base = hclspec::base;

namespace {

// Recursion that needs far more than a default 8 MB stack: 40,000 frames of over 1 KB each.
// The frame is read after the call returns, so it lives across it: read before, the compiler
// may turn the recursion into a loop over one frame.
size_t deep(size_t depth) {
  volatile char frame[1024];
  frame[0] = static_cast<char>(depth);
  if (depth == 0) return frame[0];
  const size_t below = deep(depth - 1);
  return below + 1 + static_cast<size_t>(frame[0] & 0);
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

// Another thread keeps a core busy, so that no core is idle for the kernel to prefer. Only a
// caller that stayed on one core while making the task tells where it had to start.
void check_tasks_start_beside_their_caller() {
  cpu_set_t cores;
  REQUIRE(sched_getaffinity(0, sizeof cores, &cores) == 0);
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

TEST_CASE("a task beside its caller starts on another core and may then run on any of them") {
  check_tasks_start_beside_their_caller();
}

TEST_CASE("call_with_large_stack leaves the thread's cores to the kernel") {
  cpu_set_t cores, work_cores;
  REQUIRE(sched_getaffinity(0, sizeof cores, &cores) == 0);
  CPU_ZERO(&work_cores);
  base::call_with_large_stack(
      [&] { (void)pthread_getaffinity_np(pthread_self(), sizeof work_cores, &work_cores); });
  CHECK(CPU_EQUAL(&work_cores, &cores));
}

// How many tasks the calling thread has run: a thread of its own for each task would start at 0.
thread_local int tasks_on_this_thread = 0;

TEST_CASE("a task's thread is kept and runs the next task, unless that one starts meanwhile") {
  base::keep_task_threads();
  int first = 0, second = 0;
  base::LargeStackTask([&] { first = ++tasks_on_this_thread; }).wait();
  base::LargeStackTask([&] { second = ++tasks_on_this_thread; }).wait();
  CHECK(tasks_on_this_thread == 0);  // the caller ran none
  CHECK(second == first + 1);
  // A task started while another runs gets a thread of its own, which is kept too.
  std::thread::id busy_thread, beside_thread;
  {
    std::atomic<bool> release = false;
    base::LargeStackTask busy([&] {
      busy_thread = std::this_thread::get_id();
      ++tasks_on_this_thread;
      while (!release.load()) std::this_thread::yield();
    });
    base::LargeStackTask([&] {
      beside_thread = std::this_thread::get_id();
      ++tasks_on_this_thread;
    }).wait();
    release = true;
    busy.wait();
  }
  CHECK(beside_thread != busy_thread);
  int later = 0;
  std::thread::id later_thread;
  base::LargeStackTask([&] {
    later = ++tasks_on_this_thread;
    later_thread = std::this_thread::get_id();
  }).wait();
  CHECK(later >= 2);
  CHECK((later_thread == busy_thread || later_thread == beside_thread));
}

TEST_CASE("a kept thread gives back the stack pages a task's deep recursion touched") {
  base::keep_task_threads();
  char* low = nullptr;
  size_t size = 0;
  size_t result = 0;
  std::thread::id deep_thread;
  base::LargeStackTask([&] {
    pthread_attr_t attr;
    REQUIRE(pthread_getattr_np(pthread_self(), &attr) == 0);
    void* stack = nullptr;
    REQUIRE(pthread_attr_getstack(&attr, &stack, &size) == 0);
    pthread_attr_destroy(&attr);
    low = static_cast<char*>(stack);
    result = deep(40000);  // over 40 MB of frames
    deep_thread = std::this_thread::get_id();
  }).wait();
  REQUIRE(result == 40000);
  REQUIRE(size == base::kLargeStackBytes);
  // The pages are given back after the task is reported done, before the thread takes its next
  // task: the last thread listed, so this one.
  std::thread::id next_thread;
  base::LargeStackTask([&] { next_thread = std::this_thread::get_id(); }).wait();
  REQUIRE(next_thread == deep_thread);
  // The 40 MB below the stack's kept first MiB: none of it resident.
  const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  char* const deep_end = low + size - (size_t{1} << 20);
  char* const deep_start = deep_end - (size_t{40} << 20);
  std::vector<unsigned char> resident((deep_end - deep_start) / page);
  REQUIRE(mincore(deep_start, static_cast<size_t>(deep_end - deep_start), resident.data()) == 0);
  CHECK(std::count_if(resident.begin(), resident.end(), [](unsigned char r) { return r & 1; }) ==
        0);
}

TEST_CASE("a task may be left unwaited: the destructor waits, and drops what it threw") {
  base::keep_task_threads();
  std::atomic<int> runs = 0;
  for (int i = 0; i < 20; ++i) {
    base::LargeStackTask task([&] {
      ++runs;
      throw std::runtime_error("dropped");
    });
  }
  CHECK(runs == 20);
  bool ran = false;
  base::LargeStackTask([&] { ran = true; }).wait();
  CHECK(ran);
}

TEST_CASE("a kept thread handed a task beside its caller is moved to another core first") {
  base::keep_task_threads();
  check_tasks_start_beside_their_caller();
}

TEST_CASE("a kept thread runs only tasks of its creator's nice value") {
  base::keep_task_threads();
  const auto niceness = [] { return getpriority(PRIO_PROCESS, static_cast<id_t>(gettid())); };
  const int own = niceness();
  REQUIRE(own < 19);
  // A thread at nice 19 (as the server's workspace lane) starts a task, whose thread is kept.
  int low_priority_task = 0;
  std::thread lane([&] {
    REQUIRE(setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), 19) == 0);
    base::LargeStackTask([&] { low_priority_task = niceness(); }).wait();
  });
  lane.join();
  CHECK(low_priority_task == 19);
  // A task of this thread's is not handed to it.
  int task = -1;
  base::LargeStackTask([&] { task = niceness(); }).wait();
  CHECK(task == own);
}

TEST_CASE("more tasks at once than threads kept waiting all run, and the extra threads end") {
  base::keep_task_threads();
  constexpr int kTasks = 12;
  std::atomic<int> running = 0, done = 0;
  std::atomic<bool> all_at_once = false;
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  {
    std::vector<std::unique_ptr<base::LargeStackTask>> tasks;
    for (int i = 0; i < kTasks; ++i)
      tasks.push_back(std::make_unique<base::LargeStackTask>([&] {
        if (++running == kTasks) all_at_once = true;
        while (!all_at_once.load() && std::chrono::steady_clock::now() < give_up)
          std::this_thread::yield();
        ++done;
      }));
  }  // each destructor waits
  CHECK(done == kTasks);
  CHECK(all_at_once);  // none waited for another's thread
  // The threads still listed take new tasks.
  int after = 0;
  for (int i = 0; i < 20; ++i) base::LargeStackTask([&] { ++after; }).wait();
  CHECK(after == 20);
}
