// Runs a computation on a thread with a large stack, so deep recursion on nested input is safe.
#pragma once

#include <pthread.h>
#include <sched.h>

#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>

namespace hclspec::base {

// Recursive descent over deeply nested input needs more stack than a default thread has
// (especially under sanitizers). The stack is reserved, not committed: only touched pages cost.
inline constexpr size_t kLargeStackBytes = size_t{1} << 30;

// Calls `work` on a fresh thread with a stack of `stack_bytes` and waits for it. Exceptions
// thrown by `work` are rethrown in the caller. Falls back to calling it directly if no such
// thread can be created.
void call_with_large_stack(const std::function<void()>& work,
                           size_t stack_bytes = kLargeStackBytes);

// Where a LargeStackTask's thread starts. Linux sometimes queues a new thread on its creator's
// core even when another is idle; there it waits for the creator's time slice to end (3–4 ms, in
// 2 of 40 runs of a 10 MB lint). Work running beside its creator is started on another core.
enum class TaskStart {
  kBesideCaller,  // on a core other than the caller's, when the thread may run on another
  kAnywhere,      // where the kernel puts it: for a caller that only waits for it
};

namespace detail {
struct KeptThread;
}

// Work started on a thread of its own with a large stack, to be waited for: what lets an
// analysis use a second core. The destructor waits too, so the work never outlives its inputs.
// After keep_task_threads(), threads of the default stack size are kept when their work is done
// and handed the next task (see there).
class LargeStackTask {
 public:
  explicit LargeStackTask(std::function<void()> work, size_t stack_bytes = kLargeStackBytes,
                          TaskStart start = TaskStart::kBesideCaller);
  ~LargeStackTask();
  LargeStackTask(const LargeStackTask&) = delete;
  LargeStackTask& operator=(const LargeStackTask&) = delete;

  // Waits for the work to finish and rethrows what it threw. When no thread could be started,
  // the work runs here instead.
  void wait();

 private:
  friend struct detail::KeptThread;
  // A thread made for this task alone (a stack size other than the default's).
  static void* run(void* self);
  // Runs the work on the calling thread, keeping what it throws for wait().
  void run_here();
  // Tells wait() the work is done: the last the running thread does with the task.
  void finished();
  // Waits for the thread to finish the work.
  void join();

  std::function<void()> work_;
  // The cores the thread may run on, given back to it once it runs away from its creator's.
  cpu_set_t cores_{};
  bool restore_cores_ = false;
  std::exception_ptr error_;
  pthread_t thread_{};  // a thread made for this task alone, joined
  bool own_thread_ = false;
  bool started_ = false;
  bool joined_ = false;
  std::mutex mutex_;
  std::condition_variable done_changed_;
  bool done_ = false;
};

// From now on, a LargeStackTask's thread (of the default stack size) is kept when its work is
// done, its stack pages below the first MiB given back, and handed the next task; up to 8 wait.
// Starting a thread took 0.1-0.4 ms here (the mapping, the clone, the other core woken),
// handing a task to a kept one 0.01-0.02 ms. The server, which starts about one task per edit
// of a large document, calls this: its edits' median time to diagnostics went from 1.8-1.9 to
// 1.4-1.8 ms. A command-line run starts a few tasks, mostly at once, and gains nothing.
void keep_task_threads();

// Whether the machine has a second core, which work large enough is split across.
bool has_second_core();

// Whether the calling thread is one that call_with_large_stack or a LargeStackTask started, so
// recursive work can tell whether it needs to move to such a thread first.
bool on_large_stack();

// Calls `work` on a large stack: directly when the caller is already on one, else through
// call_with_large_stack. Entry points of recursive analyses call this, some once per
// expression, so the direct call wraps nothing in a std::function.
template <typename Work>
void run_on_large_stack(Work&& work) {
  if (on_large_stack())
    work();
  else
    call_with_large_stack(std::function<void()>(std::ref(work)));
}

}  // namespace hclspec::base
