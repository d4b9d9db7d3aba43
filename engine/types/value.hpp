// HCL's values (cty's): known, null or unknown, each with its type; immutable and cheap to copy.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "types/number.hpp"
#include "types/shared_array.hpp"
#include "types/type.hpp"

namespace hclspec::types {

class Value;
using Entries = std::vector<std::pair<std::string, Value>>;  // map entries, object attributes

// A map entry or an object attribute as read: its key and its value.
struct EntryRef {
  std::string_view key;
  const Value& value;
};

// The entries of a map or the attributes of an object, sorted by key. An object keeps only its
// attributes' values; their names are its type's.
class EntryRange {
 public:
  class iterator {
   public:
    iterator(const EntryRange* range, size_t index) : range_(range), index_(index) {}
    EntryRef operator*() const { return (*range_)[index_]; }
    iterator& operator++() {
      ++index_;
      return *this;
    }
    friend bool operator==(const iterator&, const iterator&) = default;

   private:
    const EntryRange* range_;
    size_t index_;
  };

  EntryRange() = default;
  explicit EntryRange(const SharedMap<Value>& entries);
  EntryRange(const std::vector<Attribute>& attributes, std::span<const Value> values);

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  EntryRef operator[](size_t i) const;
  iterator begin() const { return {this, 0}; }
  iterator end() const { return {this, size_}; }

 private:
  const SharedMap<Value>* entries_ = nullptr;           // a map's
  const std::vector<Attribute>* attributes_ = nullptr;  // an object's type's, with ...
  const Value* values_ = nullptr;                       // ... the values in their order
  size_t size_ = 0;
};

class Value {
 public:
  Value();  // null of the dynamic pseudo-type: what `null` means in HCL
  // Copies share the contents. Destruction is iterative, so values nested thousands deep
  // (from deeply nested input) are released without deep recursion.
  Value(const Value&) = default;
  Value(Value&&) noexcept = default;
  Value& operator=(const Value&) = default;
  Value& operator=(Value&&) noexcept = default;
  ~Value() {
    // Leaves need only their members' destructors; only containers may need taking apart.
    if (std::holds_alternative<Elements>(data_) || std::holds_alternative<SharedEntries>(data_) ||
        std::holds_alternative<AttributeValues>(data_))
      release_contents();
  }
  static Value null(Type type);
  static Value unknown(Type type);
  static Value boolean(bool value);
  static Value number(Number value);
  static Value number(int64_t value);
  // Strings are normalized to NFC, so equal text compares equal however it was composed.
  static Value string(std::string_view text);
  // The same for text the caller gives up: ASCII text (NFC already) keeps its buffer, so building
  // a string the caller has just composed costs no copy.
  static Value owned_string(std::string text);
  // Collections take their element type (needed when empty); elements must have it, except
  // that nulls and unknowns of the dynamic type become nulls and unknowns of it. Given the
  // dynamic type, the first element whose type is not dynamic sets it, as in cty.ListVal.
  static Value list(Type element, std::vector<Value> elements);
  // The list of a tuple's elements, which must all have the type `element` (one without
  // dynamic parts): it shares the tuple's elements instead of copying them, as converting a
  // tuple literal to a list of its elements' type does.
  static Value list_of_tuple(Type element, const Value& tuple);
  // Equal elements collapse into one (the first); elements are kept in cty's set order.
  static Value set(Type element, std::vector<Value> elements);
  // Keys are normalized to NFC and sorted; for a repeated key the last entry wins.
  static Value map(Type element, Entries entries);
  static Value tuple(std::vector<Value> elements);
  // The same for elements made in place (see SharedArray's constructors).
  static Value tuple_of_array(SharedArray<Value> elements);
  // Attribute names are normalized to NFC and sorted; for a repeated name the last one wins.
  static Value object(Entries attributes);
  // The object with the attribute names of the object type `shape` (sorted, unique, NFC) and
  // `values`, one per attribute in that order (the sizes must match): what object() gives for
  // the same pairs, without sorting or normalizing names. Its type is `shape` itself when `shape`
  // has no optional attributes and every value has its attribute's type, as values decoded by a
  // spec usually have its implied type; otherwise it is made from the values' types.
  static Value object(const Type& shape, std::vector<Value> values);
  // The same for values made in place, of which this must be the only owner.
  static Value object_of_array(const Type& shape, SharedArray<Value> values);

  const Type& type() const { return type_; }
  bool is_null() const { return state_ == State::Null; }
  bool is_known() const { return state_ != State::Unknown; }
  // Known all the way down: no unknown value nested inside.
  bool is_wholly_known() const;
  // cty's HasWhollyKnownType: no unknown value of a type with dynamic parts inside, so the type
  // cannot change once unknowns become known.
  bool has_wholly_known_type() const;

  bool as_bool() const { return std::get<bool>(data_); }
  const Number& as_number() const { return std::get<Number>(data_); }
  const std::string& as_string() const { return std::get<std::string>(data_); }
  // Elements of a list, set or tuple.
  std::span<const Value> elements() const;
  // Entries of a map or attributes of an object, sorted by key.
  EntryRange entries() const;
  // The attribute of an object or the entry of a map with this key, or nullptr.
  const Value* get(std::string_view key) const;
  // Number of elements, entries or attributes.
  size_t length() const;

 private:
  enum class State : uint8_t { Known, Null, Unknown };
  // Never changed once built; not const so that the destructor may take nested values apart.
  using Elements = SharedArray<Value>;
  using SharedEntries = SharedMap<Value>;
  // An object's attribute values in its type's order (the names are the type's, not repeated).
  struct AttributeValues {
    Elements values;
  };

  Value(Type type, State state) : type_(std::move(type)), state_(state) {}
  // The destructor's work for a list, set, tuple, map or object value.
  void release_contents();

  Type type_;
  // The state is placed in the contents' tail padding (a value is 48 bytes, not 56).
  [[no_unique_address]] std::variant<std::monostate, bool, Number, std::string, Elements,
                                     SharedEntries, AttributeValues>
      data_;
  State state_ = State::Null;
};

// cty's Equals: a known bool, or an unknown bool when unknown values could decide it. Nulls are
// equal to each other whatever their types.
Value equals(const Value& a, const Value& b);

// Identical: same type, same state, same content (unknowns equal unknowns of the same type).
bool raw_equals(const Value& a, const Value& b);

// cty's setRules.Less, the order a set iterates in: strings bytewise, numbers by value, false
// before true, other values by their hash text (set_hash_text); known values before unknown
// ones before the null.
bool set_order_less(const Value& a, const Value& b);

// cty's set hash text of a value (appendSetHashBytes): "?" unknown, "~" null, numbers as %.10g,
// strings Go-quoted, "[e;e;]" lists and sets, "{k:v;}" maps, "<v;v;>" objects and tuples.
std::string set_hash_text(const Value& value);

// Values are the bulk of a decoded file's memory; their size is a decision, not an accident.
static_assert(sizeof(Value) == 48);

// Defined once Value is complete.
inline EntryRange::EntryRange(const SharedMap<Value>& entries)
    : entries_(&entries), size_(entries.size()) {}
inline EntryRange::EntryRange(const std::vector<Attribute>& attributes,
                              std::span<const Value> values)
    : attributes_(&attributes), values_(values.data()), size_(values.size()) {}

inline EntryRef EntryRange::operator[](size_t i) const {
  if (entries_) return {entries_->key(i), entries_->values()[i]};
  return {(*attributes_)[i].name, values_[i]};
}

}  // namespace hclspec::types
