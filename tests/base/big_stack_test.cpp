// call_with_large_stack: runs the work on a thread with a large stack and rethrows its exceptions.
#include <doctest/doctest.h>

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
