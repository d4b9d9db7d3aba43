// Type construction and interning (equal types share one description) and cty's friendly names.
#include "types/type.hpp"

#include <algorithm>
#include <array>
#include <mutex>
#include <unordered_map>

#include "types/text.hpp"

namespace hclspec::types {

// The description of a list, set, map, object or tuple type.
struct Type::Data : TypeHeader {
  explicit Data(TypeKind of) : TypeHeader{of, true} {}
  Type element;                       // list, set, map
  std::vector<Type> elements;         // tuple
  std::vector<Attribute> attributes;  // object, sorted by name
  std::vector<std::string> optional;  // object, sorted
  bool has_dynamic = false;           // the dynamic pseudo-type appears inside
  bool has_optional = false;          // optional attribute markers appear inside
};

namespace {
const std::vector<Type> kNoTypes;
const std::vector<Attribute> kNoAttributes;
const std::vector<std::string> kNoNames;
constinit TypeHeader kString{TypeKind::String, false};
constinit TypeHeader kNumber{TypeKind::Number, false};
constinit TypeHeader kBool{TypeKind::Bool, false};

std::string_view name_of(const AttributeRef& a) {
  return a.name;
}
std::string_view name_of(const std::string& s) {
  return s;
}

size_t mix(size_t hash, size_t more) {
  return hash ^ (more + 0x9e3779b97f4a7c15ULL + (hash << 6) + (hash >> 2));
}

// Every description is found here by its content, so equal types share one. The table owns
// the descriptions, so a type made again and again (each decoded block's object type) is built
// once; those no type refers to any more are deleted when the table has grown to twice its size
// after the last sweep. Under the lock, a count of 0 stays 0: a type can only be made to refer
// to a description through the table.
struct InternTable {
  std::mutex mutex;
  std::unordered_multimap<size_t, std::unique_ptr<Type::Data>> entries;
  size_t sweep_at = 1024;
};

InternTable& intern_table() {
  static auto* table = new InternTable;  // never destroyed: static types outlive any order
  return *table;
}

}  // namespace

const Type::Data& Type::data() const {
  return *static_cast<const Data*>(data_);
}

template <typename Matches, typename Make>
Type Type::intern(size_t hash, Matches matches, Make make) {
  // Each thread remembers the types it was last given, by hash: the same few types are made
  // again and again (for each decoded block), and this way that takes no lock, which threads
  // decoding side by side would contend for. A remembered type is kept from being swept.
  thread_local std::array<Type, 64> recent;
  Type& remembered = recent[hash % recent.size()];
  if (remembered.data_->counted && matches(remembered.data())) return remembered;
  InternTable& table = intern_table();
  std::lock_guard<std::mutex> lock(table.mutex);
  const auto [first, last] = table.entries.equal_range(hash);
  for (auto it = first; it != last; ++it)
    if (matches(*it->second)) return remembered = Type(it->second.get());
  if (table.entries.size() >= table.sweep_at) {
    std::erase_if(table.entries, [](const auto& entry) {
      return entry.second->references.load(std::memory_order_acquire) == 0;
    });
    table.sweep_at = std::max<size_t>(1024, 2 * table.entries.size());
  }
  return remembered = Type(table.entries.emplace(hash, make())->second.get());
}

size_t Type::identity_hash() const {
  return std::hash<const void*>()(data_);
}

Type Type::string() {
  return Type(&kString);
}
Type Type::number() {
  return Type(&kNumber);
}
Type Type::boolean() {
  return Type(&kBool);
}

Type Type::collection(TypeKind kind, Type element) {
  const size_t hash = mix(static_cast<size_t>(kind), element.identity_hash());
  return intern(
      hash, [&](const Data& d) { return d.kind == kind && d.element == element; },
      [&] {
        auto d = std::make_unique<Data>(kind);
        d->element = element;
        d->has_dynamic = element.has_dynamic();
        d->has_optional = element.has_optional();
        return d;
      });
}

Type Type::list(Type element) {
  return collection(TypeKind::List, std::move(element));
}
Type Type::set(Type element) {
  return collection(TypeKind::Set, std::move(element));
}
Type Type::map(Type element) {
  return collection(TypeKind::Map, std::move(element));
}

Type Type::object(std::vector<Attribute> attributes, std::vector<std::string> optional) {
  // cty.ObjectWithOptionalAttrs stores names in NFC, so "é" composed or not is one attribute;
  // a name given twice keeps its last type, and optional names must be attributes.
  for (Attribute& a : attributes) normalize_nfc_in_place(a.name);
  std::stable_sort(attributes.begin(), attributes.end(),
                   [](const Attribute& a, const Attribute& b) { return a.name < b.name; });
  std::vector<AttributeRef> unique;
  unique.reserve(attributes.size());
  for (const Attribute& a : attributes) {
    if (!unique.empty() && unique.back().name == a.name)
      unique.back().type = &a.type;
    else
      unique.push_back({a.name, &a.type});
  }
  for (std::string& name : optional) normalize_nfc_in_place(name);
  std::sort(optional.begin(), optional.end());
  optional.erase(std::unique(optional.begin(), optional.end()), optional.end());
  const auto undeclared = [&](const std::string& name) {
    return !std::binary_search(
        unique.begin(), unique.end(), name,
        [](const auto& x, const auto& y) { return name_of(x) < name_of(y); });
  };
  optional.erase(std::remove_if(optional.begin(), optional.end(), undeclared), optional.end());
  return object_type(unique, optional);
}

Type Type::sorted_object(std::span<const AttributeRef> attributes) {
  return object_type(attributes, {});
}

Type Type::object_type(std::span<const AttributeRef> attributes,
                       const std::vector<std::string>& optional) {
  size_t hash = static_cast<size_t>(TypeKind::Object);
  for (const AttributeRef& a : attributes)
    hash = mix(mix(hash, std::hash<std::string_view>()(a.name)), a.type->identity_hash());
  for (const std::string& name : optional) hash = mix(hash, std::hash<std::string_view>()(name));
  const auto matches = [&](const Data& d) {
    if (d.kind != TypeKind::Object || d.attributes.size() != attributes.size() ||
        d.optional != optional)
      return false;
    for (size_t i = 0; i < attributes.size(); ++i)
      if (d.attributes[i].name != attributes[i].name ||
          !(d.attributes[i].type == *attributes[i].type))
        return false;
    return true;
  };
  const auto make = [&] {
    auto d = std::make_unique<Data>(TypeKind::Object);
    d->optional = optional;
    d->attributes.reserve(attributes.size());
    d->has_optional = !optional.empty();
    for (const AttributeRef& a : attributes) {
      d->attributes.push_back({std::string(a.name), *a.type});
      d->has_dynamic = d->has_dynamic || a.type->has_dynamic();
      d->has_optional = d->has_optional || a.type->has_optional();
    }
    return d;
  };
  return intern(hash, matches, make);
}

Type Type::tuple(std::span<const Type> elements) {
  size_t hash = static_cast<size_t>(TypeKind::Tuple);
  for (const Type& e : elements) hash = mix(hash, e.identity_hash());
  return intern(
      hash,
      [&](const Data& d) {
        return d.kind == TypeKind::Tuple &&
               std::equal(d.elements.begin(), d.elements.end(), elements.begin(), elements.end());
      },
      [&] {
        auto d = std::make_unique<Data>(TypeKind::Tuple);
        d->elements.assign(elements.begin(), elements.end());
        for (const Type& e : elements) {
          d->has_dynamic = d->has_dynamic || e.has_dynamic();
          d->has_optional = d->has_optional || e.has_optional();
        }
        return d;
      });
}

const Type& Type::element() const {
  static const Type dynamic;
  return is_collection() ? data().element : dynamic;
}

const std::vector<Type>& Type::tuple_elements() const {
  return is_tuple() ? data().elements : kNoTypes;
}

const std::vector<Attribute>& Type::attributes() const {
  return is_object() ? data().attributes : kNoAttributes;
}

const std::vector<std::string>& Type::optional_attributes() const {
  return is_object() ? data().optional : kNoNames;
}

std::optional<size_t> Type::attribute_index(std::string_view name) const {
  const std::vector<Attribute>& attrs = attributes();
  std::string storage;
  const std::string_view key = nfc_view(name, storage);
  auto it = std::lower_bound(attrs.begin(), attrs.end(), key,
                             [](const Attribute& a, std::string_view n) { return a.name < n; });
  if (it == attrs.end() || it->name != key) return std::nullopt;
  return static_cast<size_t>(it - attrs.begin());
}

const Type* Type::attribute(std::string_view name) const {
  const std::optional<size_t> at = attribute_index(name);
  return at ? &attributes()[*at].type : nullptr;
}

bool Type::is_optional(std::string_view name) const {
  const std::vector<std::string>& names = optional_attributes();
  if (names.empty()) return false;
  return std::binary_search(names.begin(), names.end(), normalize_nfc(name));
}

bool Type::has_dynamic() const {
  return is_dynamic() || (data_->counted && data().has_dynamic);
}

bool Type::has_optional() const {
  return data_->counted && data().has_optional;
}

Type Type::without_optional_attributes() const {
  if (!has_optional()) return *this;
  switch (kind()) {
    case TypeKind::List:
      return list(element().without_optional_attributes());
    case TypeKind::Set:
      return set(element().without_optional_attributes());
    case TypeKind::Map:
      return map(element().without_optional_attributes());
    case TypeKind::Tuple: {
      std::vector<Type> elems;
      for (const Type& t : tuple_elements()) elems.push_back(t.without_optional_attributes());
      return tuple(std::move(elems));
    }
    case TypeKind::Object: {
      std::vector<Attribute> attrs;
      for (const Attribute& a : attributes())
        attrs.push_back({a.name, a.type.without_optional_attributes()});
      return object(std::move(attrs));
    }
    default:
      return *this;
  }
}

std::string Type::friendly(bool constraint) const {
  switch (kind()) {
    case TypeKind::Dynamic:
      return constraint ? "any type" : "dynamic";
    case TypeKind::String:
      return "string";
    case TypeKind::Number:
      return "number";
    case TypeKind::Bool:
      return "bool";
    case TypeKind::List:
    case TypeKind::Set:
    case TypeKind::Map: {
      const char* prefix = is_list() ? "list of " : is_set() ? "set of " : "map of ";
      if (constraint && element().is_dynamic()) return std::string(prefix) + "any single type";
      return prefix + element().friendly(constraint);
    }
    case TypeKind::Object:
      return "object";
    case TypeKind::Tuple:
      return "tuple";
  }
  return "?";
}

std::string Type::friendly_name() const {
  return friendly(false);
}
std::string Type::friendly_name_for_constraint() const {
  return friendly(true);
}

}  // namespace hclspec::types
