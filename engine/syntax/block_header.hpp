// A block's header read from the tree: its type, its labels' values and where each part is.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "base/diagnostic.hpp"
#include "syntax/tree.hpp"

namespace hclspec::syntax {

struct BlockLabel {
  std::string value;      // a quoted label's escapes decoded
  base::ByteRange range;  // includes a quoted label's quotes, as hcl's LabelRanges
};

struct BlockHeader {
  base::ByteRange type_range;
  std::vector<BlockLabel> labels;
  base::ByteRange open_brace;  // empty at the header's end when the brace is missing
  base::ByteRange def_range;   // the type and labels (hcl's Block.DefRange)
  NodeId body = kNoNode;       // kNoNode when the header is broken
};

BlockHeader block_header(const SyntaxTree& tree, NodeId block);

// The error hcl's Body.Content gives a block of `type` whose labels do not match `label_names`
// ("Extraneous label for X" / "Missing <label> for X"), or nothing when they match.
std::optional<base::Diagnostic> label_count_problem(const BlockHeader& header,
                                                    const std::string& type,
                                                    const std::vector<std::string>& label_names);

}  // namespace hclspec::syntax
