// The type of the value each spec gives (hcldec's ImpliedType), and the spec files' scope.
#include <type_traits>

#include "eval/evaluate.hpp"
#include "eval/stdlib.hpp"
#include "spec/spec.hpp"

namespace hclspec::spec {

const eval::Scope& spec_definition_scope() {
  static const eval::Scope scope{nullptr, &eval::spec_definition_functions(), nullptr};
  return scope;
}

types::Type implied_type(const TransformSpec& transform) {
  // The type the result has for an unknown value of the wrapped spec's type.
  eval::Variables nested{{"nested", types::Value::unknown(implied_type(*transform.wrapped))}};
  const eval::Scope scope{&nested, nullptr, &spec_definition_scope()};
  base::Diagnostics ignored;
  return eval::evaluate(*transform.tree, transform.result, &scope, ignored).type();
}

types::Type implied_type(const Spec& spec) {
  return std::visit(
      [](const auto& kind) -> types::Type {
        using Kind = std::decay_t<decltype(kind)>;
        if constexpr (std::is_same_v<Kind, ObjectSpec>) {
          std::vector<types::Attribute> attributes;
          for (const auto& [name, nested] : kind.properties)
            attributes.push_back({name, implied_type(*nested)});
          return types::Type::object(std::move(attributes));
        } else if constexpr (std::is_same_v<Kind, AttrSpec>) {
          return kind.type;
        } else if constexpr (std::is_same_v<Kind, LiteralSpec>) {
          return kind.value.type();
        } else if constexpr (std::is_same_v<Kind, BlockSpec>) {
          return implied_type(*kind.nested);
        } else if constexpr (std::is_same_v<Kind, BlockListSpec>) {
          const types::Type element = implied_type(*kind.nested);
          return kind.is_set ? types::Type::set(element) : types::Type::list(element);
        } else if constexpr (std::is_same_v<Kind, BlockAttrsSpec>) {
          return types::Type::map(kind.element_type);
        } else if constexpr (std::is_same_v<Kind, TupleSpec>) {
          std::vector<types::Type> elements;
          for (const SpecPtr& element : kind.elements) elements.push_back(implied_type(*element));
          return types::Type::tuple(std::move(elements));
        } else if constexpr (std::is_same_v<Kind, DefaultSpec>) {
          return implied_type(*kind.primary);
        } else if constexpr (std::is_same_v<Kind, TransformSpec>) {
          return implied_type(kind);
        } else {
          static_assert(std::is_same_v<Kind, BlockMapSpec>);
          types::Type type = implied_type(*kind.nested);
          for (size_t i = 0; i < kind.label_names.size(); ++i) type = types::Type::map(type);
          return type;
        }
      },
      spec.kind);
}

}  // namespace hclspec::spec
