// Threads with a large stack: call_with_large_stack and LargeStackTask.
#include "base/big_stack.hpp"

#include <exception>
#include <thread>
#include <utility>

namespace hclspec::base {

namespace {

thread_local bool large_stack_thread = false;

}  // namespace

bool has_second_core() {
  static const bool second = std::thread::hardware_concurrency() >= 2;
  return second;
}

bool on_large_stack() {
  return large_stack_thread;
}

void* LargeStackTask::run(void* self) {
  auto* task = static_cast<LargeStackTask*>(self);
  large_stack_thread = true;
  if (task->restore_cores_)
    (void)pthread_setaffinity_np(pthread_self(), sizeof task->cores_, &task->cores_);
  try {
    task->work_();
  } catch (...) {
    task->error_ = std::current_exception();
  }
  return nullptr;
}

LargeStackTask::LargeStackTask(std::function<void()> work, size_t stack_bytes, TaskStart start)
    : work_(std::move(work)) {
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) != 0) return;
  if (start == TaskStart::kBesideCaller && sched_getaffinity(0, sizeof cores_, &cores_) == 0) {
    const int here = sched_getcpu();
    if (here >= 0 && here < CPU_SETSIZE && CPU_ISSET(here, &cores_) && CPU_COUNT(&cores_) >= 2) {
      cpu_set_t elsewhere = cores_;
      CPU_CLR(here, &elsewhere);
      restore_cores_ = pthread_attr_setaffinity_np(&attr, sizeof elsewhere, &elsewhere) == 0;
    }
  }
  if (pthread_attr_setstacksize(&attr, stack_bytes) == 0)
    started_ = pthread_create(&thread_, &attr, &LargeStackTask::run, this) == 0;
  pthread_attr_destroy(&attr);
}

LargeStackTask::~LargeStackTask() {
  if (started_ && !joined_) pthread_join(thread_, nullptr);
}

void LargeStackTask::wait() {
  if (joined_) return;
  joined_ = true;
  if (started_)
    pthread_join(thread_, nullptr);
  else
    work_();  // no thread could be made: the work runs here, on the caller's stack
  if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
}

void call_with_large_stack(const std::function<void()>& work, size_t stack_bytes) {
  LargeStackTask task([&work] { work(); }, stack_bytes, TaskStart::kAnywhere);
  task.wait();
}

}  // namespace hclspec::base
