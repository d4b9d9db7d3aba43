// An allocator whose vectors leave new elements default-initialized: sized ahead, unwritten.
#pragma once

#include <memory>
#include <type_traits>
#include <utility>

namespace hclspec::base {

// An allocator that leaves elements default-initialized on resize, so a buffer can be sized for
// the worst case without writing (and so committing) the memory it does not use.
template <typename T>
struct DefaultInitAllocator : std::allocator<T> {
  template <typename U>
  struct rebind {
    using other = DefaultInitAllocator<U>;
  };
  using std::allocator<T>::allocator;
  template <typename U>
  void construct(U* p) noexcept(std::is_nothrow_default_constructible_v<U>) {
    ::new (static_cast<void*>(p)) U;
  }
  template <typename U, typename... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};

}  // namespace hclspec::base
