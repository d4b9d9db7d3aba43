// call_with_large_stack: a pthread with an explicit stack size, joined before returning.
#include "base/big_stack.hpp"

#include <pthread.h>

#include <exception>

namespace hclspec::base {

namespace {

thread_local bool large_stack_thread = false;

struct Job {
  const std::function<void()>* work;
  std::exception_ptr error;
};

void* run_job(void* arg) {
  auto* job = static_cast<Job*>(arg);
  large_stack_thread = true;
  try {
    (*job->work)();
  } catch (...) {
    job->error = std::current_exception();
  }
  return nullptr;
}

}  // namespace

bool on_large_stack() {
  return large_stack_thread;
}

void call_with_large_stack(const std::function<void()>& work, size_t stack_bytes) {
  Job job{&work, nullptr};
  pthread_attr_t attr;
  bool started = false;
  pthread_t thread;
  if (pthread_attr_init(&attr) == 0) {
    if (pthread_attr_setstacksize(&attr, stack_bytes) == 0)
      started = pthread_create(&thread, &attr, run_job, &job) == 0;
    pthread_attr_destroy(&attr);
  }
  if (!started) {
    work();
    return;
  }
  pthread_join(thread, nullptr);
  if (job.error) std::rethrow_exception(job.error);
}

}  // namespace hclspec::base
