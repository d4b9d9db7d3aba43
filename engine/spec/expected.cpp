// What a body is expected to hold, collected from the specs that read it.
#include "spec/expected.hpp"

#include <type_traits>
#include <unordered_map>

namespace hclspec::spec {

namespace {

class Collector {
 public:
  explicit Collector(ExpectedBody& body) : body_(body) {}

  // `inherited` is the description of the nearest default or transform wrapping `spec`, which
  // describes what it wraps when that has no description of its own.
  void visit(const Spec& spec, const std::string& inherited) {
    const std::string& description = spec.description.empty() ? inherited : spec.description;
    std::visit(
        [&](const auto& kind) {
          using Kind = std::decay_t<decltype(kind)>;
          if constexpr (std::is_same_v<Kind, ObjectSpec>) {
            for (const auto& [name, nested] : kind.properties) visit(*nested, "");
          } else if constexpr (std::is_same_v<Kind, TupleSpec>) {
            for (const SpecPtr& element : kind.elements) visit(*element, "");
          } else if constexpr (std::is_same_v<Kind, DefaultSpec>) {
            visit(*kind.primary, description);
            visit(*kind.fallback, description);
          } else if constexpr (std::is_same_v<Kind, TransformSpec>) {
            visit(*kind.wrapped, description);
          } else if constexpr (std::is_same_v<Kind, AttrSpec>) {
            attribute(kind.name, {kind.name, kind.type, kind.required, description, &spec});
          } else if constexpr (std::is_same_v<Kind, BlockSpec>) {
            block(spec, kind.type_name, ExpectedBlock::Kind::Block, {}, kind.required ? 1 : 0, 1,
                  description, kind.nested.get());
          } else if constexpr (std::is_same_v<Kind, BlockListSpec>) {
            block(spec, kind.type_name,
                  kind.is_set ? ExpectedBlock::Kind::BlockSet : ExpectedBlock::Kind::BlockList, {},
                  kind.min_items, kind.max_items, description, kind.nested.get());
          } else if constexpr (std::is_same_v<Kind, BlockMapSpec>) {
            block(spec, kind.type_name, ExpectedBlock::Kind::BlockMap, kind.label_names, 0, 0,
                  description, kind.nested.get());
          } else if constexpr (std::is_same_v<Kind, BlockAttrsSpec>) {
            if (ExpectedBlock* added = block(spec, kind.type_name, ExpectedBlock::Kind::BlockAttrs,
                                             {}, kind.required ? 1 : 0, 1, description, nullptr))
              added->element_type = kind.element_type;
          } else {
            static_assert(std::is_same_v<Kind, LiteralSpec>);  // reads nothing
          }
        },
        spec.kind);
  }

 private:
  // `name` is the spec's own string, which outlives the collector.
  void attribute(std::string_view name, ExpectedAttribute attribute) {
    const auto [found, added] =
        attribute_positions_.try_emplace(name, static_cast<uint32_t>(body_.attributes.size()));
    if (added) {
      body_.attributes.push_back(std::move(attribute));
      return;
    }
    ExpectedAttribute& first = body_.attributes[found->second];
    first.required = first.required || attribute.required;
    if (first.description.empty()) first.description = std::move(attribute.description);
  }

  // Adds a block type unless an earlier spec reads it; returns the new entry.
  ExpectedBlock* block(const Spec& spec, const std::string& type_name, ExpectedBlock::Kind kind,
                       std::vector<std::string> label_names, int64_t min_items, int64_t max_items,
                       const std::string& description, const Spec* nested) {
    const auto [found, is_new] =
        block_positions_.try_emplace(type_name, static_cast<uint32_t>(body_.blocks.size()));
    if (!is_new) {
      body_.block_type_read_twice = true;
      ExpectedBlock& first = body_.blocks[found->second];
      if (first.description.empty()) first.description = description;
      return nullptr;
    }
    ExpectedBlock& added = body_.blocks.emplace_back();
    added.type_name = type_name;
    added.kind = kind;
    added.label_names = std::move(label_names);
    added.min_items = min_items;
    added.max_items = max_items;
    added.required = min_items > 0;
    added.description = description;
    added.nested = nested;
    added.spec = &spec;
    return &added;
  }

  ExpectedBody& body_;
  // Where each name went in body_'s lists: a spec may read thousands of items from one body.
  std::unordered_map<std::string_view, uint32_t> attribute_positions_;
  std::unordered_map<std::string_view, uint32_t> block_positions_;
};

}  // namespace

ExpectedBody expected_body(const Spec& body_spec) {
  ExpectedBody body;
  Collector(body).visit(body_spec, "");
  return body;
}

ExpectedBody expected_body(const ExpectedBlock& block) {
  if (block.nested_body != nullptr) return *block.nested_body;
  if (block.nested != nullptr) return expected_body(*block.nested);
  ExpectedBody body;
  if (block.kind == ExpectedBlock::Kind::BlockAttrs)
    body.any_attribute = AnyAttribute{block.element_type, block.description};
  return body;
}

const ExpectedAttribute* find_attribute(const ExpectedBody& body, std::string_view name) {
  for (const ExpectedAttribute& attribute : body.attributes)
    if (attribute.name == name) return &attribute;
  return nullptr;
}

const ExpectedBlock* find_block(const ExpectedBody& body, std::string_view type_name) {
  for (const ExpectedBlock& block : body.blocks)
    if (block.type_name == type_name) return &block;
  return nullptr;
}

std::optional<ExpectedBody> expected_body_for_chain(const ExpectedBody& root,
                                                    std::span<const std::string> block_types) {
  ExpectedBody body = root;
  for (const std::string& type : block_types) {
    const ExpectedBlock* block = find_block(body, type);
    if (block == nullptr) return std::nullopt;
    body = expected_body(*block);
  }
  return body;
}

const Spec* body_spec_for_chain(const Spec& root, std::span<const std::string> block_types) {
  const Spec* spec = &root;
  for (const std::string& type : block_types) {
    const ExpectedBody body = expected_body(*spec);
    const ExpectedBlock* block = find_block(body, type);
    if (block == nullptr) return nullptr;
    spec = block->nested;
    if (spec == nullptr) return nullptr;
  }
  return spec;
}

}  // namespace hclspec::spec
