// Body models: sorted name tables over the spec model's expected bodies.
#include "features/body_model.hpp"

#include "features/dynamic_blocks.hpp"
#include "features/spec_model.hpp"

namespace hclspec::features {

BodyModel::BodyModel(spec::ExpectedBody body) : body_(std::move(body)) {
  std::vector<std::pair<Name, uint32_t>> attributes;
  for (size_t i = 0; i < body_.attributes.size(); ++i)
    attributes.emplace_back(key(body_.attributes[i].name), static_cast<uint32_t>(i));
  attributes_ = base::FlatMap<Name, uint32_t>(attributes);
  std::vector<std::pair<Name, uint32_t>> blocks;
  for (const spec::ExpectedBlock& block : body_.blocks) {
    blocks.emplace_back(key(block.type_name), static_cast<uint32_t>(entries_.size()));
    entries_.push_back({&block});
  }
  blocks_ = base::FlatMap<Name, uint32_t>(blocks);
}

BodyModels::BodyModels(const Snapshot& snapshot) : snapshot_(snapshot) {
  std::optional<spec::ExpectedBody> root = expected_root(snapshot);
  if (root && !root->any_attribute) root_ = std::make_unique<BodyModel>(std::move(*root));
}

BodyModel* BodyModels::nested(BodyModel::BlockEntry& entry) {
  if (entry.looked_up) return entry.nested;
  entry.looked_up = true;
  const spec::ExpectedBlock& block = *entry.block;
  // The meta-spec's bodies are shared objects; a user spec's are read from its nested spec.
  const void* key = block.nested_body != nullptr ? static_cast<const void*>(block.nested_body)
                                                 : static_cast<const void*>(block.nested);
  if (key == nullptr) return nullptr;
  auto [slot, inserted] = by_body_.try_emplace(key);
  if (inserted) {
    spec::ExpectedBody body = spec::expected_body(block);
    if (!body.any_attribute) slot->second = std::make_unique<BodyModel>(std::move(body));
  }
  return entry.nested = slot->second.get();
}

BodyModel* BodyModels::dynamic_body(const BodyModel& model, syntax::NodeId block) {
  const spec::ExpectedBlock* generated = dynamic_block_target(snapshot_, model.body(), block);
  if (generated == nullptr) return nullptr;
  std::unique_ptr<BodyModel>& body = dynamic_bodies_[generated];
  if (!body) body = std::make_unique<BodyModel>(dynamic_block_body(*generated));
  return body.get();
}

}  // namespace hclspec::features
