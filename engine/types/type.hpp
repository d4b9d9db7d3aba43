// HCL's types (cty's): primitives, collections, structural types and the dynamic pseudo-type.
#pragma once

#include <atomic>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hclspec::types {

enum class TypeKind : uint8_t { Dynamic, String, Number, Bool, List, Set, Map, Object, Tuple };

class Type;

struct Attribute;

// A name and type of an object attribute, viewed where they are kept (a value's entries).
struct AttributeRef {
  std::string_view name;
  const Type* type;
};

// What every type description starts with: its kind and how many types refer to it. The
// descriptions of the primitive types and of the dynamic pseudo-type are static and not counted.
struct TypeHeader {
  TypeKind kind;
  bool counted;
  mutable std::atomic<uint32_t> references{0};
};

namespace detail {
inline constinit TypeHeader kDynamicType{TypeKind::Dynamic, false};
}  // namespace detail

// A type is an immutable value, one pointer wide. Descriptions are interned: structurally equal
// types share one, so comparison is by identity, and values of one type hold no copies of its
// description. Only the interning table frees descriptions (those no type refers to any more),
// so releasing a deeply nested type never recurses.
class Type {
 public:
  Type() noexcept : data_(&detail::kDynamicType) {}  // the dynamic pseudo-type ("any")
  Type(const Type& other) noexcept : data_(other.data_) { retain(); }
  Type(Type&& other) noexcept : data_(std::exchange(other.data_, &detail::kDynamicType)) {}
  Type& operator=(Type other) noexcept {
    std::swap(data_, other.data_);
    return *this;
  }
  ~Type() {
    if (data_->counted) data_->references.fetch_sub(1, std::memory_order_release);
  }
  static Type dynamic() { return Type(); }
  static Type string();
  static Type number();
  static Type boolean();
  static Type list(Type element);
  static Type set(Type element);
  static Type map(Type element);
  // Attributes are kept sorted by name; `optional` names attributes that may be absent.
  static Type object(std::vector<Attribute> attributes, std::vector<std::string> optional = {});
  static Type tuple(std::span<const Type> elements);
  static Type tuple(std::initializer_list<Type> elements) {
    return tuple(std::span<const Type>(elements.begin(), elements.size()));
  }
  // The object type of attributes already sorted by name, unique and in NFC, as a value's
  // entries are: nothing is copied when the type exists already.
  static Type sorted_object(std::span<const AttributeRef> attributes);

  TypeKind kind() const { return data_->kind; }
  bool is_dynamic() const { return kind() == TypeKind::Dynamic; }
  bool is_primitive() const {
    return kind() == TypeKind::String || kind() == TypeKind::Number || kind() == TypeKind::Bool;
  }
  bool is_list() const { return kind() == TypeKind::List; }
  bool is_set() const { return kind() == TypeKind::Set; }
  bool is_map() const { return kind() == TypeKind::Map; }
  bool is_object() const { return kind() == TypeKind::Object; }
  bool is_tuple() const { return kind() == TypeKind::Tuple; }
  bool is_collection() const { return is_list() || is_set() || is_map(); }

  const Type& element() const;                       // list, set, map
  const std::vector<Type>& tuple_elements() const;   // tuple
  const std::vector<Attribute>& attributes() const;  // object, sorted by name
  const Type* attribute(std::string_view name) const;
  // The place of the attribute named `name` (in any normal form) in attributes(), if any.
  std::optional<size_t> attribute_index(std::string_view name) const;
  bool is_optional(std::string_view name) const;
  const std::vector<std::string>& optional_attributes() const;  // sorted

  // Whether the dynamic pseudo-type appears anywhere inside.
  bool has_dynamic() const;
  // Whether an object type with optional attributes appears anywhere inside.
  bool has_optional() const;
  // The same type without optional attribute markers, at every depth.
  Type without_optional_attributes() const;

  // cty's FriendlyName ("list of string", "object", "dynamic") and FriendlyNameForConstraint
  // ("any type", "list of any single type"), as error messages show types.
  std::string friendly_name() const;
  std::string friendly_name_for_constraint() const;

  friend bool operator==(const Type& a, const Type& b) { return a.data_ == b.data_; }

  struct Data;  // public so that type.cpp's interning table can name it

 private:
  explicit Type(const TypeHeader* data) noexcept : data_(data) { retain(); }
  template <typename Matches, typename Make>
  static Type intern(size_t hash, Matches matches, Make make);
  void retain() const {
    if (data_->counted) data_->references.fetch_add(1, std::memory_order_relaxed);
  }
  const Data& data() const;
  std::string friendly(bool constraint) const;
  // Hashes the identity: equal types have one description (interning).
  size_t identity_hash() const;
  static Type collection(TypeKind kind, Type element);
  static Type object_type(std::span<const AttributeRef> attributes,
                          const std::vector<std::string>& optional);

  // The interned description: element(s) or attributes, never changed once built.
  const TypeHeader* data_;
};

struct Attribute {
  std::string name;
  Type type;
  friend bool operator==(const Attribute&, const Attribute&) = default;
};

}  // namespace hclspec::types
