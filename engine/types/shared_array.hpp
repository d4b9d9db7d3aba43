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

namespace detail {

// The header every shared block starts with.
struct SharedHeader {
  std::atomic<uint32_t> owners;
  uint32_t size;
};

// The counting SharedArray and SharedMap share: one pointer to a block that starts with a
// SharedHeader (or a struct that begins with one), freed by `Owner::destroy_items` and
// operator delete when its last owner goes. Counting is atomic: copies may be released on
// different threads.
template <typename Owner, typename Header>
class SharedBlock {
 public:
  size_t size() const { return block_ ? block_->size : 0; }
  bool solely_owned() const {
    return block_ && block_->owners.load(std::memory_order_acquire) == 1;
  }

 protected:
  SharedBlock() = default;
  SharedBlock(const SharedBlock& other) noexcept : block_(other.block_) {
    if (block_) block_->owners.fetch_add(1, std::memory_order_relaxed);
  }
  SharedBlock(SharedBlock&& other) noexcept : block_(std::exchange(other.block_, nullptr)) {}
  SharedBlock& operator=(const SharedBlock& other) noexcept {
    SharedBlock copy(other);
    std::swap(block_, copy.block_);
    return *this;
  }
  SharedBlock& operator=(SharedBlock&& other) noexcept {
    SharedBlock taken(std::move(other));
    std::swap(block_, taken.block_);
    return *this;
  }
  ~SharedBlock() {
    if (block_ && block_->owners.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      Owner::destroy_items(block_);
      block_->~Header();
      ::operator delete(static_cast<void*>(block_));
    }
  }

  // Constructs items into a fresh block (moving them from `from`, one by one); should one
  // throw, those made are destroyed and the block freed.
  template <typename Item, typename Source>
  static void make_items(void* memory, Item* out, size_t count, Source&& from) {
    size_t made = 0;
    try {
      for (; made < count; ++made) ::new (out + made) Item(from(made));
    } catch (...) {
      std::destroy_n(out, made);
      ::operator delete(memory);
      throw;
    }
  }

  static unsigned char* bytes(Header* block) { return reinterpret_cast<unsigned char*>(block); }

  // The items that `begin` finds in the block, read-only, or writable when this is their only
  // owner (empty otherwise).
  template <typename Item>
  std::span<const Item> view(Item* (*begin)(Header*)) const {
    return block_ ? std::span<const Item>(begin(block_), size()) : std::span<const Item>();
  }
  template <typename Item>
  std::span<Item> sole(Item* (*begin)(Header*)) {
    return solely_owned() ? std::span<Item>(begin(block_), size()) : std::span<Item>();
  }

  Header* block_ = nullptr;
};

// Where items of type T may start after `offset` bytes.
template <typename T>
constexpr size_t aligned_for(size_t offset) {
  static_assert(alignof(T) <= __STDCPP_DEFAULT_NEW_ALIGNMENT__);
  return (offset + alignof(T) - 1) / alignof(T) * alignof(T);
}

}  // namespace detail

// What a shared_ptr<std::vector<T>> gives a value's contents, in one allocation instead of two
// and one pointer instead of two: a decoded file is mostly small collections, and their control
// blocks and vector headers were a fifth of its memory.
template <typename T>
class SharedArray : public detail::SharedBlock<SharedArray<T>, detail::SharedHeader> {
  using Base = detail::SharedBlock<SharedArray<T>, detail::SharedHeader>;
  friend Base;

 public:
  SharedArray() = default;
  // Takes the items over (moving each one).
  explicit SharedArray(std::vector<T>&& items)
      : SharedArray(items.size(), [&](size_t i) -> T&& { return std::move(items[i]); }) {}

  // `count` items made in place by `make(i)`, in order: no list of them exists beforehand.
  template <typename Make>
  SharedArray(size_t count, Make make) {
    if (count == 0) return;
    void* memory = ::operator new(items_offset() + count * sizeof(T));
    auto* block = ::new (memory) detail::SharedHeader{{1}, static_cast<uint32_t>(count)};
    Base::make_items(memory, begin_items(block), count, make);
    this->block_ = block;
  }

  std::span<const T> items() const { return this->view(&begin_items); }
  // The items of an array this is the only owner of, for taking nested values apart before
  // the array goes; empty when the array is shared.
  std::span<T> sole_items() { return this->sole(&begin_items); }

 private:
  // A function, not a constant: T may be incomplete where the class is named (a Value holds
  // arrays of Values).
  static constexpr size_t items_offset() {
    return detail::aligned_for<T>(sizeof(detail::SharedHeader));
  }
  static T* begin_items(detail::SharedHeader* block) {
    return std::launder(reinterpret_cast<T*>(Base::bytes(block) + items_offset()));
  }
  static void destroy_items(detail::SharedHeader* block) {
    std::destroy_n(begin_items(block), block->size);
  }
};

namespace detail {
struct SharedMapHeader : SharedHeader {
  size_t values_at;  // offset of the values
};
}  // namespace detail

// A map's entries as SharedArray holds items: keys and values in one allocation, the keys'
// text packed together ([count][size][key ends][key bytes][values]), as a map's keys are mostly
// short and a std::string per key took 32 bytes.
template <typename V>
class SharedMap : public detail::SharedBlock<SharedMap<V>, detail::SharedMapHeader> {
  using Base = detail::SharedBlock<SharedMap<V>, detail::SharedMapHeader>;
  friend Base;

 public:
  SharedMap() = default;
  // Takes the entries over, in their order.
  explicit SharedMap(std::vector<std::pair<std::string, V>>&& entries) {
    if (entries.empty()) return;
    size_t text = 0;
    for (const auto& entry : entries) text += entry.first.size();
    const size_t n = entries.size();
    const size_t values_at =
        detail::aligned_for<V>(sizeof(detail::SharedMapHeader) + n * sizeof(uint32_t) + text);
    void* memory = ::operator new(values_at + n * sizeof(V));
    auto* block =
        ::new (memory) detail::SharedMapHeader{{{1}, static_cast<uint32_t>(n)}, values_at};
    uint32_t* ends = key_ends(block);
    char* out = key_text(block);
    size_t end = 0;
    for (size_t i = 0; i < n; ++i) {
      entries[i].first.copy(out + end, entries[i].first.size());
      end += entries[i].first.size();
      ends[i] = static_cast<uint32_t>(end);
    }
    Base::make_items(memory, begin_values(block), n,
                     [&](size_t i) -> V&& { return std::move(entries[i].second); });
    this->block_ = block;
  }

  std::string_view key(size_t i) const {
    const uint32_t* ends = key_ends(this->block_);
    const uint32_t start = i == 0 ? 0 : ends[i - 1];
    return {key_text(this->block_) + start, ends[i] - start};
  }
  std::span<const V> values() const { return this->view(&begin_values); }
  // The values of a map this is the only owner of (see SharedArray::sole_items).
  std::span<V> sole_values() { return this->sole(&begin_values); }

 private:
  static uint32_t* key_ends(detail::SharedMapHeader* block) {
    return reinterpret_cast<uint32_t*>(Base::bytes(block) + sizeof(detail::SharedMapHeader));
  }
  static char* key_text(detail::SharedMapHeader* block) {
    return reinterpret_cast<char*>(key_ends(block) + block->size);
  }
  static V* begin_values(detail::SharedMapHeader* block) {
    return std::launder(reinterpret_cast<V*>(Base::bytes(block) + block->values_at));
  }
  static void destroy_items(detail::SharedMapHeader* block) {
    std::destroy_n(begin_values(block), block->size);
  }
};

}  // namespace hclspec::types
