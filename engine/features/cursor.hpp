// What a cursor is in, read from the tree and its tokens: the first step of completion and hover.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/text_range.hpp"
#include "syntax/tree.hpp"

namespace hclspec::features {

struct CursorPlace {
  enum class Kind {
    None,   // a comment, a string's text, a block's labels, past a one-line block's brace, ...
    Name,   // where a body's item is named: an empty line, a partly typed name, a name
    Value,  // inside an attribute's value, where an expression may stand
  };
  Kind kind = Kind::None;
  // The blocks around the cursor: an item of the root body, then one of its body, ..., down to
  // the block whose body is `body`.
  std::vector<syntax::NodeId> blocks;
  syntax::NodeId body = syntax::kNoNode;
  // Name: the attribute or block whose name is at the cursor (kNoNode for a name not yet an
  // item); Value: the attribute whose value holds the cursor.
  syntax::NodeId item = syntax::kNoNode;
  // The name or identifier at the cursor, or an empty range at the cursor.
  base::ByteRange word;
  // Value: the innermost expression holding the cursor, and whether it is the attribute's whole
  // value (where a keyword like `true` fits the attribute's type).
  syntax::NodeId expression = syntax::kNoNode;
  bool whole_value = false;
  // Value: the word at the cursor follows a "." (a step into what precedes it, `port.va`).
  bool after_dot = false;
};

CursorPlace locate(const syntax::SyntaxTree& tree, uint32_t offset);

// The attributes and blocks whose range holds `offset` (its end included), from an item of the
// root body inward: each an item of the body of the block before it.
std::vector<syntax::NodeId> items_at(const syntax::SyntaxTree& tree, uint32_t offset);

// In a value, the first token of the expression at the cursor (a function's or a variable's
// name) when the cursor is on it; nothing elsewhere.
std::optional<base::ByteRange> expression_head(const syntax::SyntaxTree& tree,
                                               const CursorPlace& place, uint32_t offset);

}  // namespace hclspec::features
