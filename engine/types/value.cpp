// Value construction, access, cty's equality and cty's set order (go-cty 1.12.1: value_init.go,
// value_ops.go, set_internals.go, set/ops.go).
#include "types/value.hpp"

#include <algorithm>
#include <array>
#include <boost/container/small_vector.hpp>
#include <cassert>
#include <unordered_map>

#include "base/small_sort.hpp"
#include "types/text.hpp"

namespace hclspec::types {

namespace {

// Sorts by key; of equal keys the last one given is kept (a Go map literal's rule). Keys that
// are ASCII and in strictly increasing order already, as decoded objects' are, stay as they are.
void sort_entries(Entries& entries) {
  bool sorted = true;
  for (size_t i = 0; i < entries.size() && sorted; ++i)
    sorted = is_ascii(entries[i].first) && (i == 0 || entries[i - 1].first < entries[i].first);
  if (sorted) return;
  for (auto& entry : entries) normalize_nfc_in_place(entry.first);
  base::stable_sort_by_first(entries);
  size_t kept = 0;
  for (size_t i = 0; i < entries.size(); ++i) {
    if (kept > 0 && entries[kept - 1].first == entries[i].first)
      entries[kept - 1] = std::move(entries[i]);
    else if (kept++ != i)
      entries[kept - 1] = std::move(entries[i]);
  }
  entries.erase(entries.begin() + static_cast<std::ptrdiff_t>(kept), entries.end());
}

// cty.ListVal, SetVal and MapVal take their element type from the first element whose type is
// not dynamic; null and unknown elements of the dynamic type then read back as nulls and
// unknowns of that element type.
template <typename Range, typename ValueOf>
Type element_type_of(const Type& given, const Range& elements, ValueOf value_of) {
  if (!given.is_dynamic()) return given;
  for (const auto& e : elements)
    if (!value_of(e).type().is_dynamic()) return value_of(e).type();
  return given;
}

const Value& itself(const Value& v) {
  return v;
}
const Value& entry_value(const std::pair<std::string, Value>& entry) {
  return entry.second;
}

Value retyped(Value v, const Type& element) {
  if (v.type().is_dynamic() && !element.is_dynamic())
    return v.is_known() ? Value::null(element) : Value::unknown(element);
  return v;
}

}  // namespace

Value::Value() = default;

void Value::release_contents() {
  // Contents only this value holds are taken apart level by level: each nested value's own
  // contents are moved to the work list before its container is freed, so no destructor
  // recurses more than one level. A few pending containers (the usual depth) need no allocation.
  boost::container::small_vector<std::variant<Elements, SharedEntries>, 8> pending;
  const auto take = [&pending](Value& v) {
    if (Elements* e = std::get_if<Elements>(&v.data_); e != nullptr && e->solely_owned())
      pending.emplace_back(std::move(*e));
    else if (AttributeValues* a = std::get_if<AttributeValues>(&v.data_);
             a != nullptr && a->values.solely_owned())
      pending.emplace_back(std::move(a->values));
    else if (SharedEntries* m = std::get_if<SharedEntries>(&v.data_);
             m != nullptr && m->solely_owned())
      pending.emplace_back(std::move(*m));
  };
  take(*this);
  while (!pending.empty()) {
    std::variant<Elements, SharedEntries> item = std::move(pending.back());
    pending.pop_back();
    if (Elements* e = std::get_if<Elements>(&item)) {
      for (Value& child : e->sole_items()) take(child);
    } else {
      for (Value& child : std::get<SharedEntries>(item).sole_values()) take(child);
    }
  }
}

Value Value::null(Type type) {
  return Value(std::move(type), State::Null);
}
Value Value::unknown(Type type) {
  return Value(std::move(type), State::Unknown);
}

Value Value::boolean(bool value) {
  Value v(Type::boolean(), State::Known);
  v.data_ = value;
  return v;
}

Value Value::number(Number value) {
  Value v(Type::number(), State::Known);
  v.data_ = std::move(value);
  return v;
}

Value Value::number(int64_t value) {
  return number(Number::from_int(value));
}

Value Value::string(std::string_view text) {
  Value v(Type::string(), State::Known);
  v.data_ = normalize_nfc(text);
  return v;
}

Value Value::owned_string(std::string text) {
  Value v(Type::string(), State::Known);
  normalize_nfc_in_place(text);
  v.data_ = std::move(text);
  return v;
}

Value Value::list(Type element, std::vector<Value> elements) {
  const Type ety = element_type_of(element, elements, itself);
  if (!ety.is_dynamic())
    for (Value& e : elements)
      if (e.type().is_dynamic()) e = retyped(std::move(e), ety);
  Value v(Type::list(ety), State::Known);
  v.data_ = Elements(std::move(elements));
  return v;
}

Value Value::list_of_tuple(Type element, const Value& tuple) {
  assert(tuple.type().is_tuple() && !element.has_dynamic());
  Value v(Type::list(std::move(element)), State::Known);
  if (const Elements* elements = std::get_if<Elements>(&tuple.data_)) v.data_ = *elements;
  return v;
}

namespace {

// crc32.ChecksumIEEE, which picks the hash bucket a set element lands in.
uint32_t crc32_ieee(std::string_view bytes) {
  static const std::array<uint32_t, 256> table = [] {
    std::array<uint32_t, 256> t{};
    for (uint32_t i = 0; i < 256; ++i) {
      uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[i] = c;
    }
    return t;
  }();
  uint32_t crc = 0xFFFFFFFFu;
  for (char ch : bytes) crc = table[(crc ^ static_cast<unsigned char>(ch)) & 0xFF] ^ (crc >> 8);
  return crc ^ 0xFFFFFFFFu;
}

// cty's appendSetHashBytes: the text a set element is hashed by, which also orders elements
// that are neither strings, numbers nor bools. Numbers are written as big.Float.String()
// (%.10g), strings and map keys Go-quoted, object attributes by sorted name.
void append_hash_bytes(const Value& v, std::string& out) {
  if (!v.is_known()) {
    out += '?';
    return;
  }
  if (v.is_null()) {
    out += '~';
    return;
  }
  switch (v.type().kind()) {
    case TypeKind::Number:
      out += v.as_number().to_string_g10();
      return;
    case TypeKind::Bool:
      out += v.as_bool() ? 'T' : 'F';
      return;
    case TypeKind::String:
      out += go_quote(v.as_string());
      return;
    case TypeKind::Map:
      out += '{';
      for (const auto& [key, value] : v.entries()) {
        out += go_quote(key);
        out += ':';
        append_hash_bytes(value, out);
        out += ';';
      }
      out += '}';
      return;
    case TypeKind::List:
    case TypeKind::Set:
      out += '[';
      for (const Value& e : v.elements()) {
        append_hash_bytes(e, out);
        out += ';';
      }
      out += ']';
      return;
    case TypeKind::Object:
      out += '<';
      for (const auto& entry : v.entries()) {
        append_hash_bytes(entry.value, out);
        out += ';';
      }
      out += '>';
      return;
    case TypeKind::Tuple:
      out += '<';
      for (const Value& e : v.elements()) {
        append_hash_bytes(e, out);
        out += ';';
      }
      out += '>';
      return;
    case TypeKind::Dynamic:
      return;  // a known value never has the dynamic type
  }
}

std::string hash_bytes(const Value& v) {
  std::string out;
  append_hash_bytes(v, out);
  return out;
}

bool equals_true(const Value& a, const Value& b) {
  const Value eq = equals(a, b);
  return eq.is_known() && !eq.is_null() && eq.as_bool();
}

// Go's set.Set: elements live in buckets by hash; Add and Has compare only within a bucket.
class HashedSet {
 public:
  explicit HashedSet(std::span<const Value> elements) {
    for (size_t i = 0; i < elements.size(); ++i)
      buckets_[crc32_ieee(hash_bytes(elements[i]))].push_back(&elements[i]);
  }
  bool has(const Value& v) const {
    auto it = buckets_.find(crc32_ieee(hash_bytes(v)));
    if (it == buckets_.end()) return false;
    return std::any_of(it->second.begin(), it->second.end(),
                       [&](const Value* e) { return equals_true(v, *e); });
  }

 private:
  std::unordered_map<uint32_t, std::vector<const Value*>> buckets_;
};

}  // namespace

Value Value::set(Type element, std::vector<Value> elements) {
  const Type ety = element_type_of(element, elements, itself);
  // Known strings are ordered bytewise and compare by content, so the general rules come down
  // to sorting them and dropping repeats.
  if (ety.kind() == TypeKind::String &&
      std::all_of(elements.begin(), elements.end(),
                  [](const Value& e) { return e.is_known() && !e.is_null(); })) {
    const auto text = [](const Value& e) -> const std::string& { return e.as_string(); };
    std::sort(elements.begin(), elements.end(),
              [&](const Value& a, const Value& b) { return text(a) < text(b); });
    elements.erase(std::unique(elements.begin(), elements.end(),
                               [&](const Value& a, const Value& b) { return text(a) == text(b); }),
                   elements.end());
    Value v(Type::set(ety), State::Known);
    v.data_ = Elements(std::move(elements));
    return v;
  }
  // Set.Add keeps the first of equal elements (in its hash bucket); unknown values are equal
  // to nothing, so each one stays.
  std::unordered_map<uint32_t, std::vector<size_t>> buckets;
  std::vector<std::pair<uint32_t, Value>> unique;  // with the hash bucket each one lands in
  unique.reserve(elements.size());
  for (Value& e : elements) {
    e = retyped(std::move(e), ety);
    const uint32_t hash = crc32_ieee(hash_bytes(e));
    std::vector<size_t>& bucket = buckets[hash];
    const bool duplicate = std::any_of(bucket.begin(), bucket.end(),
                                       [&](size_t i) { return equals_true(e, unique[i].second); });
    if (duplicate) continue;
    bucket.push_back(unique.size());
    unique.emplace_back(hash, std::move(e));
  }
  // Set.Values lists the buckets by hash, each in insertion order, then stable-sorts that by
  // setRules.Less; what Less cannot tell apart (0 and -0, unknowns) keeps the bucket order.
  std::stable_sort(unique.begin(), unique.end(),
                   [](const auto& x, const auto& y) { return x.first < y.first; });
  std::stable_sort(unique.begin(), unique.end(),
                   [](const auto& x, const auto& y) { return set_order_less(x.second, y.second); });
  std::vector<Value> ordered;
  ordered.reserve(unique.size());
  for (auto& entry : unique) ordered.push_back(std::move(entry.second));
  Value v(Type::set(ety), State::Known);
  v.data_ = Elements(std::move(ordered));
  return v;
}

Value Value::map(Type element, Entries entries) {
  sort_entries(entries);
  const Type ety = element_type_of(element, entries, entry_value);
  if (!ety.is_dynamic())
    for (auto& entry : entries)
      if (entry.second.type().is_dynamic()) entry.second = retyped(std::move(entry.second), ety);
  Value v(Type::map(ety), State::Known);
  v.data_ = SharedEntries(std::move(entries));
  return v;
}

Value Value::tuple(std::vector<Value> elements) {
  return tuple_of_array(Elements(std::move(elements)));
}

Value Value::tuple_of_array(Elements elements) {
  // Reused between calls, as object's list is: the type is looked up, and copied only when new.
  thread_local std::vector<Type> types;
  types.clear();
  for (const Value& e : elements.items()) types.push_back(e.type());
  Value v(Type::tuple(types), State::Known);
  types.clear();  // no type held past the call
  v.data_ = std::move(elements);
  return v;
}

Value Value::object(Entries attributes) {
  sort_entries(attributes);
  // Reused between calls: building an object's type needs a list of its attributes, and objects
  // are built often.
  thread_local std::vector<AttributeRef> refs;
  refs.clear();
  for (const auto& [name, value] : attributes) refs.push_back({name, &value.type()});
  Value v(Type::sorted_object(refs), State::Known);
  std::vector<Value> values;
  values.reserve(attributes.size());
  for (auto& attribute : attributes) values.push_back(std::move(attribute.second));
  v.data_ = AttributeValues{Elements(std::move(values))};
  return v;
}

Value Value::object(const Type& shape, std::vector<Value> values) {
  return object_of_array(shape, Elements(std::move(values)));
}

Value Value::object_of_array(const Type& shape, Elements values) {
  const std::vector<Attribute>& attributes = shape.attributes();
  const std::span<Value> items = values.sole_items();
  assert(items.size() == attributes.size());
  bool same_types = shape.optional_attributes().empty();
  for (size_t i = 0; i < attributes.size() && same_types; ++i)
    same_types = items[i].type() == attributes[i].type;
  if (!same_types) {
    Entries entries;
    entries.reserve(attributes.size());
    for (size_t i = 0; i < attributes.size(); ++i)
      entries.emplace_back(attributes[i].name, std::move(items[i]));
    return object(std::move(entries));
  }
  Value v(shape, State::Known);
  v.data_ = AttributeValues{std::move(values)};
  return v;
}

std::span<const Value> Value::elements() const {
  const Elements* elements = std::get_if<Elements>(&data_);
  return elements != nullptr ? elements->items() : std::span<const Value>();
}

EntryRange Value::entries() const {
  if (const SharedEntries* entries = std::get_if<SharedEntries>(&data_))
    return EntryRange(*entries);
  if (const AttributeValues* object = std::get_if<AttributeValues>(&data_))
    return EntryRange(type_.attributes(), object->values.items());
  return EntryRange();
}

const Value* Value::get(std::string_view key) const {
  if (const AttributeValues* object = std::get_if<AttributeValues>(&data_)) {
    const std::optional<size_t> at = type_.attribute_index(key);
    return at ? &object->values.items()[*at] : nullptr;
  }
  if (const SharedEntries* entries = std::get_if<SharedEntries>(&data_)) {
    std::string storage;
    const std::string_view wanted = nfc_view(key, storage);
    size_t low = 0, high = entries->size();  // keys are sorted: the first one not below `wanted`
    while (low < high) {
      const size_t middle = low + (high - low) / 2;
      if (entries->key(middle) < wanted)
        low = middle + 1;
      else
        high = middle;
    }
    return low < entries->size() && entries->key(low) == wanted ? &entries->values()[low] : nullptr;
  }
  return nullptr;
}

size_t Value::length() const {
  return std::holds_alternative<Elements>(data_) ? elements().size() : entries().size();
}

bool Value::is_wholly_known() const {
  if (!is_known()) return false;
  for (const Value& e : elements())
    if (!e.is_wholly_known()) return false;
  for (const auto& entry : entries())
    if (!entry.value.is_wholly_known()) return false;
  return true;
}

bool Value::has_wholly_known_type() const {
  if (is_null()) return true;
  if (!is_known()) return !type_.has_dynamic();
  for (const Value& e : elements())
    if (!e.has_wholly_known_type()) return false;
  for (const auto& entry : entries())
    if (!entry.value.has_wholly_known_type()) return false;
  return true;
}

namespace {

// Type.TestConformance(want) reporting no errors: `given` fits `want` once the dynamic parts of
// `want` are filled in.
bool conforms(const Type& given, const Type& want) {
  if (want.is_dynamic() || given == want) return true;
  if (given.kind() != want.kind()) return false;
  switch (given.kind()) {
    case TypeKind::Object: {
      const auto& g = given.attributes();
      const auto& w = want.attributes();
      if (g.size() != w.size()) return false;
      for (size_t i = 0; i < g.size(); ++i)
        if (g[i].name != w[i].name || !conforms(g[i].type, w[i].type)) return false;
      return true;
    }
    case TypeKind::Tuple: {
      const auto& g = given.tuple_elements();
      const auto& w = want.tuple_elements();
      if (g.size() != w.size()) return false;
      for (size_t i = 0; i < g.size(); ++i)
        if (!conforms(g[i], w[i])) return false;
      return true;
    }
    case TypeKind::List:
    case TypeKind::Map:
    case TypeKind::Set:
      return conforms(given.element(), want.element());
    default:
      return false;
  }
}

}  // namespace

Value equals(const Value& a, const Value& b) {
  const Value unknown = Value::unknown(Type::boolean());
  if (!a.is_known() && !b.is_known()) return unknown;
  if (a.is_known() != b.is_known()) {
    const Value& known = a.is_known() ? a : b;
    const Value& other = a.is_known() ? b : a;
    // A null is equal to a null of any type, so it waits for the unknown value.
    if (known.is_null() || other.type().has_dynamic()) return unknown;
    if (!(known.type() == other.type())) return Value::boolean(false);
    return unknown;
  }
  if (a.is_null() || b.is_null()) return Value::boolean(a.is_null() && b.is_null());
  if (!a.has_wholly_known_type() || !b.has_wholly_known_type()) {
    if (!conforms(a.type(), b.type()) && !conforms(b.type(), a.type()))
      return Value::boolean(false);
    return unknown;
  }
  if (!(a.type() == b.type())) return Value::boolean(false);
  switch (a.type().kind()) {
    case TypeKind::Number:
      return Value::boolean(a.as_number() == b.as_number());
    case TypeKind::Bool:
      return Value::boolean(a.as_bool() == b.as_bool());
    case TypeKind::String:
      return Value::boolean(a.as_string() == b.as_string());
    case TypeKind::List:
    case TypeKind::Tuple:
      // Element by element: the first unknown comparison or the first difference decides.
      if (a.length() != b.length()) return Value::boolean(false);
      for (size_t i = 0; i < a.length(); ++i) {
        const Value eq = equals(a.elements()[i], b.elements()[i]);
        if (!eq.is_known()) return unknown;
        if (!eq.as_bool()) return Value::boolean(false);
      }
      return Value::boolean(true);
    case TypeKind::Map:
    case TypeKind::Object: {
      // cty walks a Go map here and stops at the first unknown or unequal element, so when
      // both occur its answer depends on the random iteration order. Of its possible answers
      // this takes the one that is certain: any difference means false.
      if (a.length() != b.length()) return Value::boolean(false);
      bool maybe = false;
      for (const auto& [key, x] : a.entries()) {
        const Value* y = b.get(key);
        if (y == nullptr) return Value::boolean(false);
        const Value eq = equals(x, *y);
        if (!eq.is_known())
          maybe = true;
        else if (!eq.as_bool())
          return Value::boolean(false);
      }
      return maybe ? unknown : Value::boolean(true);
    }
    case TypeKind::Set: {
      // Membership both ways; an unknown element anywhere makes the answer unknown, while an
      // element with unknowns nested inside matches nothing.
      const HashedSet set_a(a.elements()), set_b(b.elements());
      bool equal = true;
      for (const Value& x : a.elements()) {
        if (!x.is_known()) return unknown;
        if (!set_b.has(x)) equal = false;
      }
      for (const Value& y : b.elements()) {
        if (!y.is_known()) return unknown;
        if (!set_a.has(y)) equal = false;
      }
      return Value::boolean(equal);
    }
    case TypeKind::Dynamic:
      return unknown;
  }
  return unknown;
}

bool raw_equals(const Value& a, const Value& b) {
  if (!(a.type() == b.type())) return false;
  if (!a.is_known() || !b.is_known()) return !a.is_known() && !b.is_known();
  if (a.is_null() || b.is_null()) return a.is_null() && b.is_null();
  switch (a.type().kind()) {
    case TypeKind::Number:
      return a.as_number() == b.as_number();
    case TypeKind::Bool:
      return a.as_bool() == b.as_bool();
    case TypeKind::String:
      return a.as_string() == b.as_string();
    case TypeKind::List:
    case TypeKind::Set:  // sets compare element by element in their order
    case TypeKind::Tuple:
      return std::equal(a.elements().begin(), a.elements().end(), b.elements().begin(),
                        b.elements().end(), raw_equals);
    case TypeKind::Map:
    case TypeKind::Object: {
      const EntryRange x = a.entries(), y = b.entries();
      if (x.size() != y.size()) return false;
      for (size_t i = 0; i < x.size(); ++i)
        if (x[i].key != y[i].key || !raw_equals(x[i].value, y[i].value)) return false;
      return true;
    }
    case TypeKind::Dynamic:
      return true;
  }
  return false;
}

bool set_order_less(const Value& a, const Value& b) {
  if (raw_equals(a, b)) return false;
  // Known values first, then unknown ones, then the null.
  if (b.is_null() && !a.is_null()) return true;
  if (a.is_null()) return false;
  if (a.is_known() && !b.is_known()) return true;
  if (!a.is_known()) return false;
  if (a.type() == b.type()) {
    switch (a.type().kind()) {
      case TypeKind::String:
        return a.as_string() < b.as_string();
      case TypeKind::Bool:
        return b.as_bool() || !a.as_bool();
      case TypeKind::Number:
        return Number::compare(a.as_number(), b.as_number()) < 0;
      default:
        break;
    }
  }
  return hash_bytes(a) < hash_bytes(b);
}

std::string set_hash_text(const Value& value) {
  return hash_bytes(value);
}

}  // namespace hclspec::types
