// Value construction, access, cty's equality and cty's set order (go-cty 1.12.1: value_init.go,
// value_ops.go, set_internals.go, set/ops.go).
#include "types/value.hpp"

#include <algorithm>
#include <array>
#include <unordered_map>

#include "types/text.hpp"

namespace hclspec::types {

namespace {
const std::vector<Value> kNoElements;
const Entries kNoEntries;

// Sorts by key; of equal keys the last one given is kept (a Go map literal's rule).
void sort_entries(Entries& entries) {
  for (auto& entry : entries) entry.first = normalize_nfc(entry.first);
  std::stable_sort(entries.begin(), entries.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  Entries unique;
  unique.reserve(entries.size());
  for (auto& entry : entries) {
    if (!unique.empty() && unique.back().first == entry.first)
      unique.back() = std::move(entry);
    else
      unique.push_back(std::move(entry));
  }
  entries = std::move(unique);
}

// cty.ListVal, SetVal and MapVal take their element type from the first element whose type is
// not dynamic; null and unknown elements of the dynamic type then read back as nulls and
// unknowns of that element type.
Type element_type_of(const Type& given, const std::vector<const Value*>& elements) {
  if (!given.is_dynamic()) return given;
  for (const Value* e : elements)
    if (!e->type().is_dynamic()) return e->type();
  return given;
}

Value retyped(Value v, const Type& element) {
  if (v.type().is_dynamic() && !element.is_dynamic())
    return v.is_known() ? Value::null(element) : Value::unknown(element);
  return v;
}

}  // namespace

Value::Value() = default;

Value::~Value() {
  // Contents only this value holds are taken apart level by level: each nested value's own
  // contents are moved to the work list before its container is freed, so no destructor
  // recurses more than one level.
  std::vector<std::variant<Elements, SharedEntries>> pending;
  const auto take = [&pending](Value& v) {
    if (Elements* e = std::get_if<Elements>(&v.data_); e != nullptr && e->use_count() == 1)
      pending.emplace_back(std::move(*e));
    else if (SharedEntries* m = std::get_if<SharedEntries>(&v.data_);
             m != nullptr && m->use_count() == 1)
      pending.emplace_back(std::move(*m));
  };
  take(*this);
  while (!pending.empty()) {
    std::variant<Elements, SharedEntries> item = std::move(pending.back());
    pending.pop_back();
    if (Elements* e = std::get_if<Elements>(&item)) {
      for (Value& child : **e) take(child);
    } else {
      for (auto& entry : *std::get<SharedEntries>(item)) take(entry.second);
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

Value Value::list(Type element, std::vector<Value> elements) {
  std::vector<const Value*> all;
  for (const Value& e : elements) all.push_back(&e);
  const Type ety = element_type_of(element, all);
  for (Value& e : elements) e = retyped(std::move(e), ety);
  Value v(Type::list(ety), State::Known);
  v.data_ = std::make_shared<std::vector<Value>>(std::move(elements));
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
        append_hash_bytes(entry.second, out);
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
  explicit HashedSet(const std::vector<Value>& elements) {
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
  std::vector<const Value*> all;
  for (const Value& e : elements) all.push_back(&e);
  const Type ety = element_type_of(element, all);
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
  v.data_ = std::make_shared<std::vector<Value>>(std::move(ordered));
  return v;
}

Value Value::map(Type element, Entries entries) {
  sort_entries(entries);
  std::vector<const Value*> all;
  for (const auto& entry : entries) all.push_back(&entry.second);
  const Type ety = element_type_of(element, all);
  for (auto& entry : entries) entry.second = retyped(std::move(entry.second), ety);
  Value v(Type::map(ety), State::Known);
  v.data_ = std::make_shared<Entries>(std::move(entries));
  return v;
}

Value Value::tuple(std::vector<Value> elements) {
  std::vector<Type> types;
  types.reserve(elements.size());
  for (const Value& e : elements) types.push_back(e.type());
  Value v(Type::tuple(std::move(types)), State::Known);
  v.data_ = std::make_shared<std::vector<Value>>(std::move(elements));
  return v;
}

Value Value::object(Entries attributes) {
  sort_entries(attributes);
  std::vector<Attribute> types;
  types.reserve(attributes.size());
  for (const auto& [name, value] : attributes) types.push_back({name, value.type()});
  Value v(Type::object(std::move(types)), State::Known);
  v.data_ = std::make_shared<Entries>(std::move(attributes));
  return v;
}

const std::vector<Value>& Value::elements() const {
  const Elements* elements = std::get_if<Elements>(&data_);
  return elements != nullptr ? **elements : kNoElements;
}

const Entries& Value::entries() const {
  const SharedEntries* entries = std::get_if<SharedEntries>(&data_);
  return entries != nullptr ? **entries : kNoEntries;
}

const Value* Value::get(std::string_view key) const {
  const Entries& all = entries();
  const std::string normalized = normalize_nfc(key);
  auto it =
      std::lower_bound(all.begin(), all.end(), normalized,
                       [](const auto& entry, const std::string& k) { return entry.first < k; });
  return it != all.end() && it->first == normalized ? &it->second : nullptr;
}

size_t Value::length() const {
  return std::holds_alternative<Elements>(data_) ? elements().size() : entries().size();
}

bool Value::is_wholly_known() const {
  if (!is_known()) return false;
  for (const Value& e : elements())
    if (!e.is_wholly_known()) return false;
  for (const auto& entry : entries())
    if (!entry.second.is_wholly_known()) return false;
  return true;
}

bool Value::has_wholly_known_type() const {
  if (is_null()) return true;
  if (!is_known()) return !type_.has_dynamic();
  for (const Value& e : elements())
    if (!e.has_wholly_known_type()) return false;
  for (const auto& entry : entries())
    if (!entry.second.has_wholly_known_type()) return false;
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
    case TypeKind::Object:
      return std::equal(a.entries().begin(), a.entries().end(), b.entries().begin(),
                        b.entries().end(), [](const auto& x, const auto& y) {
                          return x.first == y.first && raw_equals(x.second, y.second);
                        });
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
