// HCL's JSON syntax: a tree of JSON values with their source ranges (hcl's json package).
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "base/diagnostic.hpp"
#include "base/source_file.hpp"

namespace hclspec::syntax {

using JsonId = uint32_t;

enum class JsonKind : uint8_t { Object, Array, String, Number, Bool, Null, Invalid };

struct JsonNode {
  JsonKind kind = JsonKind::Invalid;
  bool boolean = false;      // a Bool's value
  base::ByteRange range;     // the whole value (hcl's SrcRange)
  base::ByteRange open;      // "{" or "[", or the whole of a scalar (hcl's StartRange)
  base::ByteRange close;     // an object's "}"
  uint32_t first = 0;        // an object's properties or an array's elements start here ...
  uint32_t count = 0;        // ... and number this many
  std::string string_value;  // a String's decoded value
};

// One property of an object, in source order (duplicates are kept: bodies report them).
struct JsonProperty {
  std::string name;
  base::ByteRange name_range;  // the quoted name
  JsonId value;
};

class JsonTree : public base::SourceFile {
 public:
  JsonTree(std::string text, std::string filename)
      : SourceFile(std::move(text), std::move(filename), base::ColumnRule::Json) {}

  // The root value: an object or an array (anything else was reported and is an empty object).
  JsonId root() const { return root_; }
  const JsonNode& node(JsonId id) const { return nodes_[id]; }
  std::span<const JsonProperty> properties(JsonId object) const {
    const JsonNode& n = nodes_[object];
    return std::span(properties_).subspan(n.first, n.count);
  }
  std::span<const JsonId> elements(JsonId array) const {
    const JsonNode& n = nodes_[array];
    return std::span(elements_).subspan(n.first, n.count);
  }
  const base::Diagnostics& diagnostics() const { return diagnostics_; }

 private:
  friend class JsonParser;
  JsonId root_ = 0;
  std::vector<JsonNode> nodes_;
  std::vector<JsonProperty> properties_;
  std::vector<JsonId> elements_;
  base::Diagnostics diagnostics_;
};

// Parses HCL's JSON syntax with hcl's diagnostics. Never fails: a value that does not parse is
// an Invalid node, and a broken root is an empty object.
std::unique_ptr<JsonTree> parse_json(std::string text, std::string filename);

}  // namespace hclspec::syntax
