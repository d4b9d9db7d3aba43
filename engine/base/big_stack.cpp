// Threads with a large stack: call_with_large_stack and LargeStackTask, and the threads kept
// between tasks.
#include "base/big_stack.hpp"

#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <exception>
#include <iterator>
#include <thread>
#include <utility>
#include <vector>

namespace hclspec::base {

namespace {

thread_local bool large_stack_thread = false;
std::atomic<bool> keeping_threads{false};

// The stack a kept thread holds on to between tasks; pages a task's recursion touched deeper
// than this are given back, or one deeply nested file would keep them for the process's life.
constexpr size_t kKeptStackBytes = size_t{1} << 20;
// Threads kept waiting at most: as many as the most tasks ever run at once, up to this.
constexpr size_t kMostWaiting = 8;

// Starts `body(argument)` on a new thread with a stack of `stack_bytes`, placed on `cores` when
// not null (where it cannot be, wherever the kernel puts it); joinable into `*joinable`, or
// detached when that is null. False when no thread could be made.
bool start_thread(void* (*body)(void*), void* argument, size_t stack_bytes, const cpu_set_t* cores,
                  pthread_t* joinable) {
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) != 0) return false;
  if (cores != nullptr) (void)pthread_attr_setaffinity_np(&attr, sizeof *cores, cores);
  pthread_t made{};
  const bool started =
      pthread_attr_setstacksize(&attr, stack_bytes) == 0 &&
      (joinable != nullptr || pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED) == 0) &&
      pthread_create(joinable != nullptr ? joinable : &made, &attr, body, argument) == 0;
  pthread_attr_destroy(&attr);
  return started;
}

}  // namespace

namespace detail {

// A thread with a stack of kLargeStackBytes that runs task after task, waiting in between.
struct KeptThread {
  std::mutex mutex;
  std::condition_variable handed_changed;
  LargeStackTask* handed = nullptr;  // the next task, not yet taken
  pthread_t thread{};                // its own, set before it is first listed as waiting
  // Its nice value, its creator's: a task goes only to a thread of its caller's, since a thread
  // a lane at nice 19 made must not run the analyses of the file being typed (and an
  // unprivileged process cannot lower the value again).
  int niceness = 0;

  // Hands `task` to a waiting thread, or to a new one, placed on `cores` when not null; false
  // when no thread could be made.
  static bool start(LargeStackTask& task, const cpu_set_t* cores);

 private:
  static void* serve(void* self);
};

namespace {

// Threads waiting for a task. Never destroyed: they wait on it past static destruction. (A
// process that forks after keep_task_threads() would hand its child threads it does not have;
// none does.)
struct Waiting {
  Waiting() { threads.reserve(kMostWaiting); }  // listing a thread never allocates
  std::mutex mutex;
  std::vector<KeptThread*> threads;
};

Waiting& waiting() {
  static Waiting* const threads = new Waiting;
  return *threads;
}

// The calling thread's nice value (Linux: per thread).
int own_niceness() {
  errno = 0;
  const int niceness = ::getpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()));
  return errno == 0 ? niceness : 0;
}

// Gives back the pages of the calling thread's stack below its kept part (the stack grows
// down, from stack_low + stack_size).
void release_deep_stack(char* stack_low, size_t stack_size) {
  if (stack_low == nullptr || stack_size <= kKeptStackBytes) return;
  (void)madvise(stack_low, stack_size - kKeptStackBytes, MADV_DONTNEED);
}

}  // namespace

bool KeptThread::start(LargeStackTask& task, const cpu_set_t* cores) {
  const int niceness = own_niceness();
  KeptThread* thread = nullptr;
  {
    std::lock_guard lock(waiting().mutex);
    std::vector<KeptThread*>& threads = waiting().threads;
    // The last listed of the caller's nice value: its stack is likeliest still in cache.
    const auto found = std::find_if(threads.rbegin(), threads.rend(),
                                    [&](const KeptThread* t) { return t->niceness == niceness; });
    if (found != threads.rend()) {
      thread = *found;
      threads.erase(std::next(found).base());
    }
  }
  if (thread != nullptr) {
    if (cores != nullptr) (void)pthread_setaffinity_np(thread->thread, sizeof *cores, cores);
    std::lock_guard lock(thread->mutex);
    thread->handed = &task;
    thread->handed_changed.notify_one();
    return true;
  }
  thread = new KeptThread;
  thread->handed = &task;
  thread->niceness = niceness;  // a new thread takes its creator's
  const bool started = start_thread(&KeptThread::serve, thread, kLargeStackBytes, cores, nullptr);
  if (!started) delete thread;
  return started;
}

void* KeptThread::serve(void* self_pointer) {
  auto* self = static_cast<KeptThread*>(self_pointer);
  large_stack_thread = true;
  char* stack_low = nullptr;
  size_t stack_size = 0;
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) == 0) {
    void* low = nullptr;
    if (pthread_attr_getstack(&attr, &low, &stack_size) == 0) stack_low = static_cast<char*>(low);
    pthread_attr_destroy(&attr);
  }
  self->thread = pthread_self();  // read only by whoever takes it off the waiting list
  for (;;) {
    LargeStackTask* task = nullptr;
    {
      std::unique_lock lock(self->mutex);
      self->handed_changed.wait(lock, [&] { return self->handed != nullptr; });
      task = std::exchange(self->handed, nullptr);
    }
    task->run_here();
    bool kept = false;
    {
      std::lock_guard lock(waiting().mutex);
      kept = waiting().threads.size() < kMostWaiting;
      if (kept) waiting().threads.push_back(self);
    }
    // Waiting already: a task may be handed over before this one is reported done.
    task->finished();
    if (!kept) {
      delete self;
      return nullptr;
    }
    // After the task is reported done: its caller does not wait for this.
    release_deep_stack(stack_low, stack_size);
  }
}

}  // namespace detail

void keep_task_threads() {
  keeping_threads.store(true, std::memory_order_relaxed);
}

bool has_second_core() {
  static const bool second = std::thread::hardware_concurrency() >= 2;
  return second;
}

bool on_large_stack() {
  return large_stack_thread;
}

void* LargeStackTask::run(void* self) {
  large_stack_thread = true;
  static_cast<LargeStackTask*>(self)->run_here();
  return nullptr;
}

void LargeStackTask::run_here() {
  if (restore_cores_) (void)pthread_setaffinity_np(pthread_self(), sizeof cores_, &cores_);
  try {
    work_();
  } catch (...) {
    error_ = std::current_exception();
  }
}

void LargeStackTask::finished() {
  // Notified under the lock: once wait() sees done_, the task and this mutex may be gone.
  std::lock_guard lock(mutex_);
  done_ = true;
  done_changed_.notify_one();
}

LargeStackTask::LargeStackTask(std::function<void()> work, size_t stack_bytes, TaskStart start)
    : work_(std::move(work)) {
  cpu_set_t elsewhere{};
  if (start == TaskStart::kBesideCaller && sched_getaffinity(0, sizeof cores_, &cores_) == 0) {
    const int here = sched_getcpu();
    if (here >= 0 && here < CPU_SETSIZE && CPU_ISSET(here, &cores_) && CPU_COUNT(&cores_) >= 2) {
      elsewhere = cores_;
      CPU_CLR(here, &elsewhere);
      restore_cores_ = true;
    }
  }
  if (stack_bytes == kLargeStackBytes && keeping_threads.load(std::memory_order_relaxed)) {
    started_ = detail::KeptThread::start(*this, restore_cores_ ? &elsewhere : nullptr);
    return;
  }
  started_ = own_thread_ = start_thread(&LargeStackTask::run, this, stack_bytes,
                                        restore_cores_ ? &elsewhere : nullptr, &thread_);
}

LargeStackTask::~LargeStackTask() {
  if (started_ && !joined_) join();
}

void LargeStackTask::join() {
  joined_ = true;
  if (own_thread_) {
    pthread_join(thread_, nullptr);
    return;
  }
  std::unique_lock lock(mutex_);
  done_changed_.wait(lock, [&] { return done_; });
}

void LargeStackTask::wait() {
  if (joined_) return;
  if (started_) {
    join();
  } else {
    joined_ = true;
    work_();  // no thread could be made: the work runs here, on the caller's stack
  }
  if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
}

void call_with_large_stack(const std::function<void()>& work, size_t stack_bytes) {
  LargeStackTask task([&work] { work(); }, stack_bytes, TaskStart::kAnywhere);
  task.wait();
}

}  // namespace hclspec::base
