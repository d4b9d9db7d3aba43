// Static traversals (a.b[0].c) read from the tree, and the index and attribute operations.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/diagnostic.hpp"
#include "syntax/tree.hpp"
#include "types/value.hpp"

namespace hclspec::eval {

// One step of a traversal: the root name, ".name", or "[key]" (a literal key, or a legacy
// ".0" index).
struct TraversalStep {
  enum class Kind : uint8_t { Root, Attribute, Index };
  Kind kind;
  std::string name;       // Root and Attribute
  types::Value key;       // Index
  base::ByteRange range;  // the step's source: "name", ".name" or "[key]"
};

using Traversal = std::vector<TraversalStep>;

// The steps written in a ScopeTraversal node (root first) or after the source of a
// RelativeTraversal node.
Traversal traversal_steps(const syntax::SyntaxTree& tree, syntax::NodeId node);

// hclsyntax's ParseTraversalAbs: `text`, placed at byte `offset` of its file, read as a static
// traversal (a name, then `.name`, `[number]` and `["string"]` steps; spaces, newlines and comments
// between tokens). Nothing when hcl would report an error: anything else, a bad escape, a stray
// character. The steps' ranges are `offset` plus their place in `text`.
std::optional<Traversal> parse_traversal(std::string_view text, uint32_t offset);

// hcl.Index and hcl.GetAttr: one step applied to a value, with HCL's diagnostics.
types::Value index_value(const types::Value& collection, const types::Value& key,
                         base::ByteRange range, base::Diagnostics& diags);
types::Value get_attribute(const types::Value& object, const std::string& name,
                           base::ByteRange range, base::Diagnostics& diags);

// Applies relative steps in order, stopping at the first error (hcl's TraverseRel).
types::Value traverse(types::Value value, const Traversal& steps, size_t first,
                      base::Diagnostics& diags);

// The variable references an expression makes (hcl's Variables()): each a root and the static
// steps after it, not counting names that for expressions bind locally.
std::vector<Traversal> referenced_variables(const syntax::SyntaxTree& tree,
                                            syntax::NodeId expression);

}  // namespace hclspec::eval
