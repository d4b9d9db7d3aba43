// Type construction, structural equality and cty's friendly names.
#include "types/type.hpp"

#include <algorithm>

#include "types/text.hpp"

namespace hclspec::types {

struct Type::Data {
  Type element;                       // list, set, map
  std::vector<Type> elements;         // tuple
  std::vector<Attribute> attributes;  // object, sorted by name
  std::vector<std::string> optional;  // object, sorted
};

namespace {
const std::vector<Type> kNoTypes;
const std::string& name_of(const Attribute& a) {
  return a.name;
}
const std::string& name_of(const std::string& s) {
  return s;
}
const std::vector<Attribute> kNoAttributes;
const std::vector<std::string> kNoNames;
}  // namespace

Type::Type() = default;

Type::~Type() {
  // Descriptions only this type holds are freed level by level (see Value::~Value).
  std::vector<std::shared_ptr<Data>> pending;
  const auto take = [&pending](Type& t) {
    if (t.data_ != nullptr && t.data_.use_count() == 1) pending.push_back(std::move(t.data_));
  };
  take(*this);
  while (!pending.empty()) {
    std::shared_ptr<Data> data = std::move(pending.back());
    pending.pop_back();
    take(data->element);
    for (Type& e : data->elements) take(e);
    for (Attribute& a : data->attributes) take(a.type);
  }
}

Type Type::string() {
  return Type(TypeKind::String);
}
Type Type::number() {
  return Type(TypeKind::Number);
}
Type Type::boolean() {
  return Type(TypeKind::Bool);
}

Type Type::list(Type element) {
  return Type(TypeKind::List, std::make_shared<Data>(Data{std::move(element), {}, {}, {}}));
}
Type Type::set(Type element) {
  return Type(TypeKind::Set, std::make_shared<Data>(Data{std::move(element), {}, {}, {}}));
}
Type Type::map(Type element) {
  return Type(TypeKind::Map, std::make_shared<Data>(Data{std::move(element), {}, {}, {}}));
}

Type Type::object(std::vector<Attribute> attributes, std::vector<std::string> optional) {
  // cty.ObjectWithOptionalAttrs stores names in NFC, so "é" composed or not is one attribute;
  // a name given twice keeps its last type, and optional names must be attributes.
  for (Attribute& a : attributes) a.name = normalize_nfc(a.name);
  std::stable_sort(attributes.begin(), attributes.end(),
                   [](const Attribute& a, const Attribute& b) { return a.name < b.name; });
  std::vector<Attribute> unique;
  unique.reserve(attributes.size());
  for (Attribute& a : attributes) {
    if (!unique.empty() && unique.back().name == a.name)
      unique.back() = std::move(a);
    else
      unique.push_back(std::move(a));
  }
  for (std::string& name : optional) name = normalize_nfc(name);
  std::sort(optional.begin(), optional.end());
  optional.erase(std::unique(optional.begin(), optional.end()), optional.end());
  const auto undeclared = [&](const std::string& name) {
    return !std::binary_search(
        unique.begin(), unique.end(), name,
        [](const auto& x, const auto& y) { return name_of(x) < name_of(y); });
  };
  optional.erase(std::remove_if(optional.begin(), optional.end(), undeclared), optional.end());
  return Type(TypeKind::Object,
              std::make_shared<Data>(Data{Type(), {}, std::move(unique), std::move(optional)}));
}

Type Type::tuple(std::vector<Type> elements) {
  return Type(TypeKind::Tuple, std::make_shared<Data>(Data{Type(), std::move(elements), {}, {}}));
}

const Type& Type::element() const {
  static const Type dynamic;
  return data_ && is_collection() ? data_->element : dynamic;
}

const std::vector<Type>& Type::tuple_elements() const {
  return data_ && is_tuple() ? data_->elements : kNoTypes;
}

const std::vector<Attribute>& Type::attributes() const {
  return data_ && is_object() ? data_->attributes : kNoAttributes;
}

const std::vector<std::string>& Type::optional_attributes() const {
  return data_ && is_object() ? data_->optional : kNoNames;
}

const Type* Type::attribute(std::string_view name) const {
  const std::vector<Attribute>& attrs = attributes();
  const std::string key = normalize_nfc(name);
  auto it = std::lower_bound(attrs.begin(), attrs.end(), key,
                             [](const Attribute& a, const std::string& n) { return a.name < n; });
  return it != attrs.end() && it->name == key ? &it->type : nullptr;
}

bool Type::is_optional(std::string_view name) const {
  const std::vector<std::string>& names = optional_attributes();
  return std::binary_search(names.begin(), names.end(), normalize_nfc(name));
}

bool Type::has_dynamic() const {
  switch (kind_) {
    case TypeKind::Dynamic:
      return true;
    case TypeKind::List:
    case TypeKind::Set:
    case TypeKind::Map:
      return element().has_dynamic();
    case TypeKind::Tuple:
      return std::any_of(tuple_elements().begin(), tuple_elements().end(),
                         [](const Type& t) { return t.has_dynamic(); });
    case TypeKind::Object:
      return std::any_of(attributes().begin(), attributes().end(),
                         [](const Attribute& a) { return a.type.has_dynamic(); });
    default:
      return false;
  }
}

Type Type::without_optional_attributes() const {
  switch (kind_) {
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

bool operator==(const Type& a, const Type& b) {
  if (a.kind_ != b.kind_) return false;
  if (a.data_ == b.data_) return true;
  switch (a.kind_) {
    case TypeKind::List:
    case TypeKind::Set:
    case TypeKind::Map:
      return a.element() == b.element();
    case TypeKind::Tuple:
      return a.tuple_elements() == b.tuple_elements();
    case TypeKind::Object:
      return a.attributes() == b.attributes() && a.optional_attributes() == b.optional_attributes();
    default:
      return true;
  }
}

std::string Type::friendly(bool constraint) const {
  switch (kind_) {
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
