// Conversions ported from go-cty 1.12.1's convert package: getConversion decides from the types
// whether a conversion exists; the conversion itself then walks the value.
#include "types/convert.hpp"

#include <algorithm>

#include "types/text.hpp"

namespace hclspec::types {

using detail::get_conversion_exists;

namespace {

Converted failure(std::string message) {
  return {Value(), std::move(message)};
}
Converted success(Value value) {
  return {std::move(value), {}};
}

std::vector<Type> attribute_types(const Type& object) {
  std::vector<Type> out;
  for (const Attribute& a : object.attributes()) out.push_back(a.type);
  return out;
}

// conversionTupleToList/ToSet: the element type a tuple's elements convert to, or nullopt when
// the conversion does not exist. A dynamic wanted element type is resolved by unification.
std::optional<Type> tuple_sequence_element(const Type& tuple, const Type& wanted, bool unsafe) {
  const std::vector<Type>& etys = tuple.tuple_elements();
  Type ety = wanted;
  if (ety.is_dynamic()) {
    const std::optional<Type> unified = unify(etys, unsafe);
    if (!unified) return std::nullopt;
    // Still dynamic after unification: only a tuple of dynamic values makes a valid list.
    if (unified->is_dynamic() &&
        !std::all_of(etys.begin(), etys.end(), [](const Type& t) { return t.is_dynamic(); }))
      return std::nullopt;
    ety = *unified;
  }
  for (const Type& e : etys)
    if (!(e == ety) && !get_conversion_exists(e, ety, unsafe)) return std::nullopt;
  return ety;
}

// conversionObjectToMap: the same for an object's attributes (without the dynamic check).
std::optional<Type> object_map_element(const Type& object, const Type& wanted, bool unsafe) {
  Type ety = wanted;
  if (ety.is_dynamic()) {
    const std::optional<Type> unified = unify(attribute_types(object), unsafe);
    if (!unified) return std::nullopt;
    ety = *unified;
  }
  for (const Attribute& a : object.attributes())
    if (!(a.type == ety) && !get_conversion_exists(a.type, ety, unsafe)) return std::nullopt;
  return ety;
}

}  // namespace

bool detail::get_conversion_exists(const Type& in, const Type& out, bool unsafe) {
  if (out.is_dynamic()) return true;
  if (unsafe && in.is_dynamic()) return true;
  if (in.is_primitive() && out.is_primitive()) {
    if (out.kind() == TypeKind::String) return in.kind() != TypeKind::String;
    return unsafe && in.kind() == TypeKind::String && out.kind() != TypeKind::String;
  }
  if (out.is_object() && in.is_object()) {
    for (const Attribute& want : out.attributes()) {
      const Type* have = in.attribute(want.name);
      if (have == nullptr) {
        if (out.is_optional(want.name)) continue;
        return false;
      }
      if (!(*have == want.type) && !get_conversion_exists(*have, want.type, unsafe)) return false;
    }
    return true;
  }
  if (out.is_tuple() && in.is_tuple()) {
    const std::vector<Type>& from = in.tuple_elements();
    const std::vector<Type>& to = out.tuple_elements();
    if (from.size() != to.size()) return false;
    for (size_t i = 0; i < to.size(); ++i)
      if (!(from[i] == to[i]) && !get_conversion_exists(from[i], to[i], unsafe)) return false;
    return true;
  }
  if (out.is_list() && (in.is_list() || in.is_set()))
    return in.element() == out.element() ||
           get_conversion_exists(in.element(), out.element(), unsafe);
  if (out.is_set() && (in.is_list() || in.is_set())) {
    if (in.is_list() && !unsafe) return false;  // loses order and duplicates
    return in.element() == out.element() ||
           get_conversion_exists(in.element(), out.element(), unsafe);
  }
  // No shortcut for equal element types here, as in cty.
  if (out.is_map() && in.is_map())
    return get_conversion_exists(in.element(), out.element(), unsafe);
  if ((out.is_list() || out.is_set()) && in.is_tuple())
    return in.tuple_elements().empty() ||
           tuple_sequence_element(in, out.element(), unsafe).has_value();
  if (out.is_map() && in.is_object())
    return in.attributes().empty() || object_map_element(in, out.element(), unsafe).has_value();
  if (out.is_object() && in.is_map()) {
    if (!unsafe) return false;  // the map's keys may not be the object's attributes
    for (const Attribute& want : out.attributes()) {
      if (want.type == in.element() || get_conversion_exists(in.element(), want.type, unsafe))
        continue;
      // An optional attribute may be missing from the map, so only a present key can fail.
      if (out.is_optional(want.name)) continue;
      return false;
    }
    return true;
  }
  return false;
}

bool conversion_exists(const Type& from, const Type& to, bool unsafe) {
  return from == to || get_conversion_exists(from, to, unsafe);
}

namespace {

Converted run(const Value& value, const Type& out, bool unsafe);

// dynamicReplace: `out` with its dynamic parts replaced by the matching parts of `in`, the type
// a null or unknown value keeps when converted to a type constraint with "any" in it.
Type dynamic_replace(const Type& in, const Type& out) {
  if (in.is_dynamic()) return out;
  switch (out.kind()) {
    case TypeKind::Dynamic:
      return in;
    case TypeKind::String:
    case TypeKind::Number:
    case TypeKind::Bool:
      return out;
    case TypeKind::Map: {
      Type element;
      if (in.is_map()) element = dynamic_replace(in.element(), out.element());
      if (in.is_object()) {
        const std::optional<Type> unified = unify(attribute_types(in), true);
        element = dynamic_replace(unified ? *unified : Type(), out.element());
      }
      return Type::map(element);
    }
    case TypeKind::Object: {
      std::vector<Attribute> attrs;
      for (const Attribute& a : out.attributes()) {
        if (in.is_map()) {
          attrs.push_back({a.name, dynamic_replace(in.element(), a.type)});
        } else if (in.is_object()) {
          const Type* have = in.attribute(a.name);
          attrs.push_back({a.name, have != nullptr ? dynamic_replace(*have, a.type) : a.type});
        }
      }
      return Type::object(std::move(attrs));  // optional markers dropped, as cty.Object does
    }
    case TypeKind::Set:
    case TypeKind::List: {
      Type element;
      if (in.is_set() || in.is_list()) element = dynamic_replace(in.element(), out.element());
      if (in.is_tuple()) {
        const std::optional<Type> unified = unify(in.tuple_elements(), true);
        element = dynamic_replace(unified ? *unified : Type(), out.element());
      }
      return out.is_set() ? Type::set(element) : Type::list(element);
    }
    case TypeKind::Tuple: {
      std::vector<Type> elements;
      for (size_t i = 0; i < out.tuple_elements().size(); ++i)
        elements.push_back(
            dynamic_replace(i < in.tuple_elements().size() ? in.tuple_elements()[i] : Type(),
                            out.tuple_elements()[i]));
      return Type::tuple(std::move(elements));
    }
  }
  return out;
}

// A null element keeps no optional attribute markers in its type.
Value strip_null(Value v) {
  if (v.is_null()) return Value::null(v.type().without_optional_attributes());
  return v;
}

const Value& itself(const Value& v) {
  return v;
}
const Value& entry_value(const std::pair<std::string, Value>& entry) {
  return entry.second;
}

// cty.CanListVal, CanSetVal, CanMapVal: all element types equal, dynamic ones aside.
template <typename Range, typename ValueOf>
bool same_element_types(const Range& elements, ValueOf value_of) {
  const Type* first = nullptr;
  for (const auto& element : elements) {
    const Value& e = value_of(element);
    if (first == nullptr || first->is_dynamic()) {
      first = &e.type();
    } else if (!e.type().is_dynamic() && !(e.type() == *first)) {
      return false;
    }
  }
  return true;
}

// The element type cty.ListVal and friends infer: the first one that is not dynamic.
template <typename Range, typename ValueOf>
Type inferred_element_type(const Range& elements, ValueOf value_of) {
  for (const auto& element : elements)
    if (!value_of(element).type().is_dynamic()) return value_of(element).type();
  return Type::dynamic();
}

// conversionUnifyListElements and conversionUnifyCollectionElements: after converting to an
// element type with dynamic parts, elements may still differ (list(string), list(number)), so
// they are unified once more.
std::string unify_values(std::vector<Value*> values, bool unsafe) {
  std::vector<Type> types;
  for (const Value* v : values) types.push_back(v->type());
  const std::optional<Type> unified = unify(types, unsafe);
  if (!unified) return "cannot find a common base type for all elements";
  for (Value* v : values) {
    if (v->type() == *unified) continue;
    Converted c = run(*v, *unified, unsafe);
    if (!c.ok()) return c.error;
    *v = std::move(c.value);
  }
  return "";
}

// A set whose unknown elements might equal other elements has no known length (Value.Length).
bool length_known(const Value& v) {
  return !v.type().is_set() || v.length() == 1 || v.is_wholly_known();
}

Converted primitive(const Value& value, const Type& out) {
  const TypeKind from = value.type().kind();
  if (out.kind() == TypeKind::String) {
    if (from == TypeKind::Number)
      return success(Value::owned_string(value.as_number().to_string()));
    return success(Value::string(value.as_bool() ? "true" : "false"));
  }
  const std::string& text = value.as_string();
  if (out.kind() == TypeKind::Number) {
    std::optional<Number> n = Number::parse(text);
    if (!n) return failure("a number is required");
    return success(Value::number(std::move(*n)));
  }
  if (text == "true" || text == "1") return success(Value::boolean(true));
  if (text == "false" || text == "0") return success(Value::boolean(false));
  // strings.ToLower, as cty uses to spot a capitalized "True".
  const std::string lower = to_lower(text);
  if (lower == "true" || lower == "false")
    return failure("a bool is required; to convert from string, use lowercase \"" + lower + "\"");
  return failure("a bool is required");
}

// conversionObjectToObject: attributes `out` does not have are dropped, missing optional ones
// become nulls.
Converted object_to_object(const Value& value, const Type& out, bool unsafe) {
  Entries attrs;
  for (const auto& [name, attr] : value.entries()) {
    const Type* want = out.attribute(name);
    if (want == nullptr) continue;
    Value converted = attr;
    if (!(attr.type() == *want)) {
      Converted c = run(attr, *want, unsafe);
      if (!c.ok()) return c;
      converted = std::move(c.value);
    }
    attrs.emplace_back(name, strip_null(std::move(converted)));
  }
  for (const std::string& name : out.optional_attributes())
    if (value.get(name) == nullptr)
      attrs.emplace_back(name, Value::null(out.attribute(name)->without_optional_attributes()));
  return success(Value::object(std::move(attrs)));
}

Converted tuple_to_tuple(const Value& value, const Type& out, bool unsafe) {
  std::vector<Value> elements;
  for (size_t i = 0; i < value.elements().size(); ++i) {
    const Value& e = value.elements()[i];
    const Type& want = out.tuple_elements()[i];
    if (e.type() == want) {
      elements.push_back(e);
      continue;
    }
    Converted c = run(e, want, unsafe);
    if (!c.ok()) return c;
    elements.push_back(std::move(c.value));
  }
  return success(Value::tuple(std::move(elements)));
}

// The tail cty's map conversions share: unify structured elements (when `unify`), then all
// elements must have one type, which the map takes.
Converted finish_map(Entries entries, bool unify, bool unsafe, const char* mismatch) {
  if (unify) {
    std::vector<Value*> values;
    for (auto& entry : entries) values.push_back(&entry.second);
    std::string error = unify_values(values, unsafe);
    if (!error.empty()) return failure(std::move(error));
  }
  if (!same_element_types(entries, entry_value)) return failure(mismatch);
  const Type element = inferred_element_type(entries, entry_value);
  return success(Value::map(element, std::move(entries)));
}

// The tail of the list and set conversions: all elements must have one type.
Converted finish_sequence(std::vector<Value> elements, bool to_list) {
  if (!same_element_types(elements, itself))
    return failure(to_list ? "element types must all match for conversion to list"
                           : "element types must all match for conversion to set");
  const Type element = inferred_element_type(elements, itself);
  return success(to_list ? Value::list(element, std::move(elements))
                         : Value::set(element, std::move(elements)));
}

// conversionCollectionToList and conversionCollectionToSet: from a list or a set.
Converted collection_to_sequence(const Value& value, const Type& out, bool unsafe) {
  const bool to_list = out.is_list();
  const Type& ety = out.element();
  const Type& in_ety = value.type().element();
  // cty answers with the input's element type here, even when it differs from the wanted one.
  if (to_list && !length_known(value)) return success(Value::unknown(Type::list(in_ety)));
  const bool needs_conversion = !(in_ety == ety);
  std::vector<Value> elements;
  for (const Value& e : value.elements()) {
    Value converted = e;
    if (needs_conversion) {
      Converted c = run(e, ety, unsafe);
      if (!c.ok()) return c;
      converted = std::move(c.value);
    }
    elements.push_back(strip_null(std::move(converted)));
  }
  if (elements.empty()) {
    // Prefer the input's concrete element type to a dynamic one.
    const Type empty = ety.is_dynamic() ? in_ety : ety.without_optional_attributes();
    return success(to_list ? Value::list(empty, {}) : Value::set(empty, {}));
  }
  return finish_sequence(std::move(elements), to_list);
}

// conversionCollectionToMap: from a map.
Converted map_to_map(const Value& value, const Type& out, bool unsafe) {
  const Type& ety = out.element();
  Entries entries;
  for (const auto& [key, e] : value.entries()) {
    Converted c = run(e, ety, unsafe);
    if (!c.ok()) return c;
    entries.emplace_back(key, std::move(c.value));
  }
  if (entries.empty())
    return success(Value::map(ety.is_dynamic() ? value.type().element() : ety, {}));
  // cty unifies these safely whatever the conversion's mode.
  return finish_map(std::move(entries), ety.is_collection() || ety.is_object(), false,
                    "element types must all match for conversion to map");
}

// conversionTupleToList and conversionTupleToSet.
Converted tuple_to_sequence(const Value& value, const Type& out, bool unsafe) {
  const bool to_list = out.is_list();
  if (value.elements().empty()) {
    const Type empty = out.element().without_optional_attributes();
    return success(to_list ? Value::list(empty, {}) : Value::set(empty, {}));
  }
  const Type ety = *tuple_sequence_element(value.type(), out.element(), unsafe);
  // Elements that all have the element type already (["a", "b"] as a list of strings) need
  // no conversion, no unification and keep their nulls' types.
  if (!ety.has_dynamic() && !ety.has_optional() &&
      std::all_of(value.elements().begin(), value.elements().end(),
                  [&](const Value& e) { return e.type() == ety; }))
    return success(to_list ? Value::list_of_tuple(ety, value)
                           : Value::set(ety, {value.elements().begin(), value.elements().end()}));
  std::vector<Value> elements;
  elements.reserve(value.elements().size());
  for (const Value& e : value.elements()) {
    Value converted = e;
    if (!(e.type() == ety)) {
      Converted c = run(e, ety, unsafe);
      if (!c.ok()) return c;
      converted = std::move(c.value);
    }
    elements.push_back(to_list ? std::move(converted) : strip_null(std::move(converted)));
  }
  // Converted to a type without dynamic parts or optional attributes, the elements all have that
  // type already.
  if (to_list && (ety.has_dynamic() || ety.has_optional())) {
    std::vector<Value*> values;
    for (Value& e : elements) values.push_back(&e);
    std::string error = unify_values(values, unsafe);
    if (!error.empty()) return failure(std::move(error));
  }
  return finish_sequence(std::move(elements), to_list);
}

// conversionObjectToMap.
Converted object_to_map(const Value& value, const Type& out, bool unsafe) {
  if (value.entries().empty())
    return success(Value::map(out.element().without_optional_attributes(), {}));
  const Type ety = *object_map_element(value.type(), out.element(), unsafe);
  Entries entries;
  for (const auto& [name, e] : value.entries()) {
    Value converted = e;
    if (!(e.type() == ety)) {
      Converted c = run(e, ety, unsafe);
      if (!c.ok()) return c;
      converted = std::move(c.value);
    }
    entries.emplace_back(name, std::move(converted));
  }
  return finish_map(std::move(entries), ety.is_collection() || ety.is_object(), unsafe,
                    "attribute types must all match for conversion to map");
}

// conversionMapToObject: keys that are not attributes are dropped; a missing optional attribute
// becomes null, a missing required one is an error.
Converted map_to_object(const Value& value, const Type& out, bool unsafe) {
  const Type& ety = value.type().element();
  Entries attrs;
  for (const auto& [key, e] : value.entries()) {
    const Type* want = out.attribute(key);
    if (want == nullptr) continue;
    Value converted = e;
    if (!(*want == ety)) {
      if (!get_conversion_exists(ety, *want, unsafe))
        return failure("map element type is incompatible with attribute " + go_quote(key) + ": " +
                       mismatch_message(e.type(), *want));
      Converted c = run(e, *want, unsafe);
      if (!c.ok()) return c;
      converted = std::move(c.value);
    }
    attrs.emplace_back(key, strip_null(std::move(converted)));
  }
  for (const Attribute& a : out.attributes()) {
    if (value.get(a.name) != nullptr) continue;
    if (!out.is_optional(a.name))
      return failure("map has no element for required attribute " + go_quote(a.name));
    attrs.emplace_back(a.name, Value::null(a.type));
  }
  return success(Value::object(std::move(attrs)));
}

// getConversionKnown's conversion for a known, non-null value; the conversion must exist.
Converted run_known(const Value& value, const Type& out, bool unsafe) {
  const Type& in = value.type();
  if (out.is_dynamic()) return success(value);
  if (unsafe && in.is_dynamic()) return convert(value, out);  // dynamicFixup
  if (in.is_primitive() && out.is_primitive()) return primitive(value, out);
  if (out.is_object() && in.is_object()) return object_to_object(value, out, unsafe);
  if (out.is_tuple() && in.is_tuple()) return tuple_to_tuple(value, out, unsafe);
  if ((out.is_list() || out.is_set()) && (in.is_list() || in.is_set()))
    return collection_to_sequence(value, out, unsafe);
  if (out.is_map() && in.is_map()) return map_to_map(value, out, unsafe);
  if ((out.is_list() || out.is_set()) && in.is_tuple())
    return tuple_to_sequence(value, out, unsafe);
  if (out.is_map() && in.is_object()) return object_to_map(value, out, unsafe);
  if (out.is_object() && in.is_map()) return map_to_object(value, out, unsafe);
  return failure(mismatch_message(in, out));
}

// getConversion's wrapper: unknown and null values become unknown and null values of the
// wanted type (without optional markers, with dynamic parts filled from the value's type).
Converted run(const Value& value, const Type& out, bool unsafe) {
  if (out.is_dynamic()) return success(value);
  if (!value.is_known() || value.is_null()) {
    const Type type = dynamic_replace(value.type(), out.without_optional_attributes());
    return success(value.is_known() ? Value::null(type) : Value::unknown(type));
  }
  return run_known(value, out, unsafe);
}

}  // namespace

Converted convert(const Value& value, const Type& want) {
  if (value.type() == want.without_optional_attributes()) return success(value);
  if (!get_conversion_exists(value.type(), want, true))
    return failure(mismatch_message(value.type(), want));
  return run(value, want, true);
}

std::string mismatch_message(const Type& got, const Type& want) {
  // Where cty walks a Go map (attributes), names are taken in sorted order here.
  if (got.is_object() && want.is_object()) {
    std::vector<std::string> missing;
    std::string unsafe_mismatch, safe_mismatch;
    for (const Attribute& w : want.attributes()) {
      const Type* g = got.attribute(w.name);
      if (g == nullptr) {
        if (!want.is_optional(w.name)) missing.push_back(w.name);
        continue;
      }
      if (*g == w.type) continue;
      if (!unsafe_mismatch.empty()) continue;
      if (!get_conversion_exists(*g, w.type, true))
        unsafe_mismatch = "attribute " + go_quote(w.name) + ": " + mismatch_message(*g, w.type);
      if (!safe_mismatch.empty()) continue;
      if (!get_conversion_exists(*g, w.type, false))
        safe_mismatch = "attribute " + go_quote(w.name) + ": " + mismatch_message(*g, w.type);
    }
    if (missing.size() == 1) return "attribute " + go_quote(missing[0]) + " is required";
    if (missing.size() == 2)
      return "attributes " + go_quote(missing[0]) + " and " + go_quote(missing[1]) +
             " are required";
    if (missing.size() > 2) {
      std::string list;
      for (size_t i = 0; i + 1 < missing.size(); ++i) list += go_quote(missing[i]) + ", ";
      return "attributes " + list + "and " + go_quote(missing.back()) + " are required";
    }
    if (!unsafe_mismatch.empty()) return unsafe_mismatch;
    if (!safe_mismatch.empty()) return safe_mismatch;
    return "incorrect object attributes";
  }
  if (got.is_tuple() && want.is_list() && want.element().is_dynamic())
    return "all list elements must have the same type";
  if (got.is_tuple() && want.is_set() && want.element().is_dynamic())
    return "all set elements must have the same type";
  if (got.is_object() && want.is_map() && want.element().is_dynamic())
    return "all map elements must have the same type";
  const std::string required = want.friendly_name_for_constraint() + " required";
  if ((got.is_tuple() || got.is_object()) && want.is_collection()) {
    if ((want.is_list() || want.is_set()) && !got.is_tuple()) return required;
    if (want.is_map() && !got.is_object()) return required;
    const Type& wanted = want.element();
    if (got.is_tuple()) {
      for (size_t i = 0; i < got.tuple_elements().size(); ++i) {
        const Type& e = got.tuple_elements()[i];
        if (e == wanted || get_conversion_exists(e, wanted, true)) continue;
        return "element " + std::to_string(i) + ": " + mismatch_message(e, wanted);
      }
    } else {
      for (const Attribute& a : got.attributes()) {
        if (a.type == wanted || get_conversion_exists(a.type, wanted, true)) continue;
        return "element " + go_quote(a.name) + ": " + mismatch_message(a.type, wanted);
      }
    }
    return "all elements must be " + wanted.friendly_name_for_constraint();
  }
  if (got.is_collection() && want.is_collection()) {
    if ((want.is_list() || want.is_set()) && !(got.is_list() || got.is_set())) return required;
    if (want.is_map() && !got.is_map()) return required;
    const char* noun = want.is_list()  ? "list element type"
                       : want.is_set() ? "set element type"
                                       : "map element type";
    return std::string("incorrect ") + noun + ": " +
           mismatch_message(got.element(), want.element());
  }
  return required;
}

}  // namespace hclspec::types
