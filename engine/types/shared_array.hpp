// SharedArray and SharedMap: immutable arrays shared by their copies, with their count of owners
// in one allocation.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <span>
#include <string>
#include <string_view>
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

// A map's entries as SharedArray holds items: keys and values in one allocation, the keys'
// text packed together ([count][size][key ends][key bytes][values]), as a map's keys are mostly
// short and a std::string per key took 32 bytes.
template <typename V>
class SharedMap {
 public:
  SharedMap() = default;
  // Takes the entries over, in their order.
  explicit SharedMap(std::vector<std::pair<std::string, V>>&& entries) {
    if (entries.empty()) return;
    size_t text = 0;
    for (const auto& entry : entries) text += entry.first.size();
    const size_t n = entries.size();
    const size_t values_at = values_offset(n, text);
    void* memory = ::operator new(values_at + n * sizeof(V));
    block_ = ::new (memory) Header{{1}, static_cast<uint32_t>(n), values_at};
    uint32_t* ends = key_ends();
    char* out = key_text();
    size_t end = 0;
    for (size_t i = 0; i < n; ++i) {
      entries[i].first.copy(out + end, entries[i].first.size());
      end += entries[i].first.size();
      ends[i] = static_cast<uint32_t>(end);
    }
    V* values = begin_values();
    size_t made = 0;
    try {
      for (; made < n; ++made) ::new (values + made) V(std::move(entries[made].second));
    } catch (...) {
      std::destroy_n(values, made);
      ::operator delete(memory);
      block_ = nullptr;
      throw;
    }
  }
  SharedMap(const SharedMap& other) noexcept : block_(other.block_) {
    if (block_) block_->owners.fetch_add(1, std::memory_order_relaxed);
  }
  SharedMap(SharedMap&& other) noexcept : block_(std::exchange(other.block_, nullptr)) {}
  SharedMap& operator=(SharedMap other) noexcept {
    std::swap(block_, other.block_);
    return *this;
  }
  ~SharedMap() {
    if (block_ && block_->owners.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      std::destroy_n(begin_values(), block_->size);
      block_->~Header();
      ::operator delete(static_cast<void*>(block_));
    }
  }

  size_t size() const { return block_ ? block_->size : 0; }
  std::string_view key(size_t i) const {
    const uint32_t* ends = key_ends();
    const uint32_t start = i == 0 ? 0 : ends[i - 1];
    return {key_text() + start, ends[i] - start};
  }
  std::span<const V> values() const {
    return block_ ? std::span<const V>(begin_values(), block_->size) : std::span<const V>();
  }
  // The values of a map this is the only owner of (see SharedArray::sole_items).
  std::span<V> sole_values() {
    if (!solely_owned()) return {};
    return {begin_values(), block_->size};
  }
  bool solely_owned() const {
    return block_ && block_->owners.load(std::memory_order_acquire) == 1;
  }

 private:
  struct Header {
    std::atomic<uint32_t> owners;
    uint32_t size;
    size_t values_at;  // offset of the values
  };
  static size_t values_offset(size_t n, size_t text) {
    static_assert(alignof(V) <= __STDCPP_DEFAULT_NEW_ALIGNMENT__);
    const size_t keys_end = sizeof(Header) + n * sizeof(uint32_t) + text;
    return (keys_end + alignof(V) - 1) / alignof(V) * alignof(V);
  }
  uint32_t* key_ends() const {
    return reinterpret_cast<uint32_t*>(reinterpret_cast<unsigned char*>(block_) + sizeof(Header));
  }
  char* key_text() const { return reinterpret_cast<char*>(key_ends() + block_->size); }
  V* begin_values() const {
    return std::launder(
        reinterpret_cast<V*>(reinterpret_cast<unsigned char*>(block_) + block_->values_at));
  }

  Header* block_ = nullptr;
};

}  // namespace hclspec::types
