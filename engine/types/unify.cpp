// Type unification (cty's Unify) and its preference order of candidate types, ported from
// go-cty 1.12.1's convert/unify.go, compare_types.go and sort_types.go.
#include <algorithm>

#include "types/convert.hpp"

namespace hclspec::types {

namespace {

using detail::get_conversion_exists;

// cty's compareTypes: -1 if a is preferred (more general), 1 if b is, 0 if neither. The dynamic
// pseudo-type is the least preferred of all: a result type only when nothing else works.
int compare_types(Type a, Type b) {
  if (a.is_dynamic() || b.is_dynamic()) {
    if (!a.is_dynamic()) return -1;
    if (!b.is_dynamic()) return 1;
    return 0;
  }
  if (a.is_primitive() && b.is_primitive()) {
    // Every primitive value can be written as a string.
    if (a.kind() == TypeKind::String || b.kind() == TypeKind::String) {
      if (a.kind() != TypeKind::String) return 1;
      if (b.kind() != TypeKind::String) return -1;
    }
    return 0;
  }
  if ((a.is_list() && b.is_list()) || (a.is_set() && b.is_set()) || (a.is_map() && b.is_map()))
    return compare_types(a.element(), b.element());
  int swap = 1;
  if ((a.is_tuple() && b.is_list()) || (a.is_object() && b.is_map()) ||
      (a.is_set() && b.is_tuple()) || (a.is_set() && b.is_list())) {
    std::swap(a, b);
    swap = -1;
  }
  if (b.is_set() && (a.is_tuple() || a.is_list())) return -1 * swap;
  if (a.is_list() && b.is_tuple()) return -1 * swap;
  if (a.is_map() && b.is_object()) return -1 * swap;
  const auto fold = [&](const std::vector<int>& cmps) {
    const bool a_super = std::find(cmps.begin(), cmps.end(), -1) != cmps.end();
    const bool b_super = std::find(cmps.begin(), cmps.end(), 1) != cmps.end();
    if (a_super && b_super) return 0;
    if (a_super) return -1 * swap;
    if (b_super) return 1 * swap;
    return 0;
  };
  if (a.is_object() && b.is_object()) {
    if (a.attributes().size() != b.attributes().size()) return 0;
    std::vector<int> cmps;
    for (const Attribute& attr : a.attributes()) {
      const Type* other = b.attribute(attr.name);
      if (other == nullptr) return 0;
      cmps.push_back(compare_types(attr.type, *other));
    }
    return fold(cmps);
  }
  if (a.is_tuple() && b.is_tuple()) {
    if (a.tuple_elements().size() != b.tuple_elements().size()) return 0;
    std::vector<int> cmps;
    for (size_t i = 0; i < a.tuple_elements().size(); ++i)
      cmps.push_back(compare_types(a.tuple_elements()[i], b.tuple_elements()[i]));
    return fold(cmps);
  }
  return 0;
}

// The result type, provided every given type converts to it.
std::optional<Type> if_all_convert(const std::vector<Type>& types, const Type& result,
                                   bool unsafe) {
  for (const Type& t : types)
    if (!(t == result) && !get_conversion_exists(t, result, unsafe)) return std::nullopt;
  return result;
}

std::optional<Type> unify_elements_as(const std::vector<Type>& elements, bool unsafe,
                                      Type (*collection)(Type), const std::vector<Type>& types) {
  const std::optional<Type> element = unify(elements, unsafe);
  if (!element) return std::nullopt;
  return if_all_convert(types, collection(*element), unsafe);
}

std::vector<Type> all_attribute_types(const std::vector<Type>& objects) {
  std::vector<Type> out;
  for (const Type& t : objects)
    for (const Attribute& a : t.attributes()) out.push_back(a.type);
  return out;
}

std::vector<Type> all_tuple_elements(const std::vector<Type>& tuples) {
  std::vector<Type> out;
  for (const Type& t : tuples)
    for (const Type& e : t.tuple_elements()) out.push_back(e);
  return out;
}

std::optional<Type> unify_objects(const std::vector<Type>& types, bool unsafe) {
  const std::vector<Attribute>& first = types[0].attributes();
  bool same_names = true;
  for (const Type& t : types) {
    if (t.attributes().size() != first.size()) same_names = false;
    for (size_t i = 0; same_names && i < first.size(); ++i)
      if (t.attributes()[i].name != first[i].name) same_names = false;
  }
  if (same_names) {
    std::vector<Attribute> attrs;
    for (size_t i = 0; i < first.size(); ++i) {
      std::vector<Type> across;
      for (const Type& t : types) across.push_back(t.attributes()[i].type);
      const std::optional<Type> unified = unify(across, unsafe);
      if (!unified) return std::nullopt;
      attrs.push_back({first[i].name, *unified});
    }
    if (auto result = if_all_convert(types, Type::object(std::move(attrs)), unsafe)) return result;
  }
  return unify_elements_as(all_attribute_types(types), unsafe, Type::map, types);
}

std::optional<Type> unify_tuples(const std::vector<Type>& types, bool unsafe) {
  const size_t size = types[0].tuple_elements().size();
  bool same_length = std::all_of(types.begin(), types.end(),
                                 [&](const Type& t) { return t.tuple_elements().size() == size; });
  if (same_length) {
    std::vector<Type> elems;
    for (size_t i = 0; i < size; ++i) {
      std::vector<Type> across;
      for (const Type& t : types) across.push_back(t.tuple_elements()[i]);
      const std::optional<Type> unified = unify(across, unsafe);
      if (!unified) return std::nullopt;
      elems.push_back(*unified);
    }
    if (auto result = if_all_convert(types, Type::tuple(std::move(elems)), unsafe)) return result;
  }
  return unify_elements_as(all_tuple_elements(types), unsafe, Type::list, types);
}

// Some of `types` are objects (tuples) that unify as a map (list); the others are retried with
// that collection type in their place (cty's unifyObjectsAsMaps and unifyTuplesAsList).
std::optional<Type> unify_structural_as_collection(const std::vector<Type>& types, bool unsafe,
                                                   bool objects_as_maps) {
  const auto structural_kind = [&](const Type& t) {
    return objects_as_maps ? t.is_object() : t.is_tuple();
  };
  std::vector<Type> structural;
  for (const Type& t : types)
    if (structural_kind(t)) structural.push_back(t);
  const std::optional<Type> as_collection =
      objects_as_maps
          ? unify_elements_as(all_attribute_types(structural), unsafe, Type::map, structural)
          : unify_elements_as(all_tuple_elements(structural), unsafe, Type::list, structural);
  if (!as_collection) return std::nullopt;
  std::vector<Type> replaced = types;
  for (Type& t : replaced)
    if (structural_kind(t)) t = *as_collection;
  std::optional<Type> result = unify(replaced, unsafe);
  if (!result || !(objects_as_maps ? result->is_map() : result->is_list())) return std::nullopt;
  return result;
}

}  // namespace

std::vector<size_t> sort_types(const std::vector<Type>& types) {
  const size_t n = types.size();
  std::vector<std::vector<size_t>> edges(n);  // i -> j: i is more general than j
  for (size_t i = 0; i + 1 < n; ++i)
    for (size_t j = i + 1; j < n; ++j) {
      const int cmp = compare_types(types[i], types[j]);
      if (cmp < 0) edges[i].push_back(j);
      if (cmp > 0) edges[j].push_back(i);
    }
  std::vector<size_t> in_degree(n, 0);
  for (const auto& outs : edges)
    for (size_t j : outs) ++in_degree[j];
  std::vector<size_t> order;
  for (size_t i = 0; i < n; ++i)
    if (in_degree[i] == 0) order.push_back(i);
  for (size_t next = 0; next < order.size(); ++next)
    for (size_t j : edges[order[next]])
      if (--in_degree[j] == 0) order.push_back(j);
  // cty's result slice always has one entry per type; places a cycle left unfilled stay 0.
  order.resize(n, 0);
  return order;
}

std::optional<Type> unify(const std::vector<Type>& types, bool unsafe) {
  if (types.empty()) return std::nullopt;
  // Equal types unify to themselves unless unification would rebuild them: dynamic parts make
  // cty answer dynamic, and rebuilt objects lose their optional attribute markers.
  if (!types[0].has_dynamic() && !types[0].has_optional() &&
      std::all_of(types.begin(), types.end(), [&](const Type& t) { return t == types[0]; }))
    return types[0];
  size_t maps = 0, lists = 0, sets = 0, objects = 0, tuples = 0, dynamics = 0;
  for (const Type& t : types) {
    maps += t.is_map();
    lists += t.is_list();
    sets += t.is_set();
    objects += t.is_object();
    tuples += t.is_tuple();
    dynamics += t.is_dynamic();
  }
  const size_t n = types.size();
  // With a dynamic type among structural ones the eventual path cannot be predicted: cty
  // conservatively unifies to dynamic.
  const auto collections = [&](Type (*collection)(Type)) -> std::optional<Type> {
    if (dynamics > 0) return Type::dynamic();
    std::vector<Type> elements;
    for (const Type& t : types) elements.push_back(t.element());
    return unify_elements_as(elements, unsafe, collection, types);
  };
  if (maps > 0 && maps + dynamics == n) return collections(Type::map);
  if (maps > 0 && maps + objects + dynamics == n) {
    if (auto t = unify_structural_as_collection(types, unsafe, true)) return t;
  } else if (lists > 0 && lists + dynamics == n) {
    return collections(Type::list);
  } else if (lists > 0 && lists + tuples + dynamics == n) {
    if (auto t = unify_structural_as_collection(types, unsafe, false)) return t;
  } else if (sets > 0 && sets + dynamics == n) {
    return collections(Type::set);
  } else if (objects > 0 && objects + dynamics == n) {
    if (dynamics > 0) return Type::dynamic();
    return unify_objects(types, unsafe);
  } else if (tuples > 0 && tuples + dynamics == n) {
    if (dynamics > 0) return Type::dynamic();
    return unify_tuples(types, unsafe);
  } else if (objects > 0 && tuples > 0) {
    return std::nullopt;
  }
  for (size_t want : sort_types(types))
    if (auto result = if_all_convert(types, types[want], unsafe)) return result;
  return std::nullopt;
}

}  // namespace hclspec::types
