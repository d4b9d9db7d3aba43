// The spec model of a document's bodies as name lookups, built once per body spec per request.
#pragma once

#include <memory>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "base/flat_map.hpp"
#include "features/snapshot.hpp"
#include "spec/expected.hpp"

namespace hclspec::features {

// What the model says of one body's items, looked up by name in sorted tables built once per
// body spec. Held by pointer and never moved: the tables view the names in the body.
class BodyModel {
 public:
  struct BlockEntry {
    const spec::ExpectedBlock* block;
    BodyModel* nested = nullptr;  // the model of a block's body, once looked up
    bool looked_up = false;
  };

  explicit BodyModel(spec::ExpectedBody body);
  BodyModel(const BodyModel&) = delete;
  BodyModel& operator=(const BodyModel&) = delete;

  // What the body is expected to hold.
  const spec::ExpectedBody& body() const { return body_; }
  // The attribute `name`, or null when the body does not expect it.
  const spec::ExpectedAttribute* attribute(std::string_view name) const {
    const auto found = attributes_.find(key(name));
    return found == attributes_.end() ? nullptr : &body_.attributes[found->second];
  }
  // The entry of block type `name`, or null when the body does not expect it.
  BlockEntry* block(std::string_view name) {
    const auto found = blocks_.find(key(name));
    return found == blocks_.end() ? nullptr : &entries_[found->second];
  }

 private:
  // Names ordered by length first: most comparisons of a lookup end without reading the text.
  using Name = std::pair<size_t, std::string_view>;
  static Name key(std::string_view name) { return {name.size(), name}; }

  spec::ExpectedBody body_;
  base::FlatMap<Name, uint32_t> attributes_;  // index in body_.attributes
  base::FlatMap<Name, uint32_t> blocks_;      // index in entries_
  std::vector<BlockEntry> entries_;
};

// The models of the bodies a document reaches, made on first use and shared by every block of
// the same body spec, so each is asked of the spec model once per request.
class BodyModels {
 public:
  explicit BodyModels(const Snapshot& snapshot);

  // Null when no spec applies (or the root takes attributes of any name).
  BodyModel* root() { return root_.get(); }

  // The model of the body inside a block of `entry`'s type; null where the model describes no
  // names (a block_attrs body, or any other body taking attributes of any name).
  BodyModel* nested(BodyModel::BlockEntry& entry);

  // The model of the body inside `block` when it is a `dynamic "T"` block the document reads as
  // one in a body of `model` (dynamic_blocks.hpp); null when it is none.
  BodyModel* dynamic_body(const BodyModel& model, syntax::NodeId block);

 private:
  const Snapshot& snapshot_;
  std::unique_ptr<BodyModel> root_;
  std::unordered_map<const void*, std::unique_ptr<BodyModel>> by_body_;
  std::unordered_map<const spec::ExpectedBlock*, std::unique_ptr<BodyModel>> dynamic_bodies_;
};

}  // namespace hclspec::features
