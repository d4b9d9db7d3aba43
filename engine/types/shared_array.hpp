// SharedArray: an immutable array shared by its copies, with its count of owners in one allocation.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <span>
#include <utility>
#include <vector>

namespace hclspec::types {

// What a shared_ptr<std::vector<T>> gives a value's contents, in one allocation instead of two
// and one pointer instead of two: a decoded file is mostly small collections, and their control
// blocks and vector headers were a fifth of its memory. Counting is atomic, as copies may be
// released on different threads.
template <typename T>
class SharedArray {
 public:
  SharedArray() = default;
  // Takes the items over (moving each one).
  explicit SharedArray(std::vector<T>&& items) {
    if (items.empty()) return;
    void* memory = ::operator new(items_offset() + items.size() * sizeof(T));
    block_ = ::new (memory) Header{{1}, static_cast<uint32_t>(items.size())};
    T* out = begin_items();
    size_t made = 0;
    try {
      for (; made < items.size(); ++made) ::new (out + made) T(std::move(items[made]));
    } catch (...) {
      std::destroy_n(out, made);
      ::operator delete(memory);
      block_ = nullptr;
      throw;
    }
  }
  SharedArray(const SharedArray& other) noexcept : block_(other.block_) {
    if (block_) block_->owners.fetch_add(1, std::memory_order_relaxed);
  }
  SharedArray(SharedArray&& other) noexcept : block_(std::exchange(other.block_, nullptr)) {}
  SharedArray& operator=(SharedArray other) noexcept {
    std::swap(block_, other.block_);
    return *this;
  }
  ~SharedArray() {
    if (block_ && block_->owners.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      std::destroy_n(begin_items(), block_->size);
      block_->~Header();
      ::operator delete(static_cast<void*>(block_));
    }
  }

  std::span<const T> items() const {
    return block_ ? std::span<const T>(begin_items(), block_->size) : std::span<const T>();
  }
  // The items of an array this is the only owner of, for taking nested values apart before
  // the array goes; empty when the array is shared.
  std::span<T> sole_items() {
    if (!block_ || block_->owners.load(std::memory_order_acquire) != 1) return {};
    return {begin_items(), block_->size};
  }
  bool solely_owned() const {
    return block_ && block_->owners.load(std::memory_order_acquire) == 1;
  }

 private:
  struct Header {
    std::atomic<uint32_t> owners;
    uint32_t size;
  };
  // A function, not a constant: T may be incomplete where the class is named (a Value holds
  // arrays of Values).
  static constexpr size_t items_offset() {
    static_assert(alignof(T) <= __STDCPP_DEFAULT_NEW_ALIGNMENT__);
    return (sizeof(Header) + alignof(T) - 1) / alignof(T) * alignof(T);
  }

  T* begin_items() const {
    return std::launder(
        reinterpret_cast<T*>(reinterpret_cast<unsigned char*>(block_) + items_offset()));
  }

  Header* block_ = nullptr;
};

}  // namespace hclspec::types
