// Selection ranges: from the token at a cursor outward to the whole file (smart select).
#pragma once

#include <cstdint>
#include <vector>

#include "base/text_range.hpp"
#include "features/snapshot.hpp"

namespace hclspec::features {

// The ranges a "grow selection" visits from byte `offset`, innermost first: the token at the
// cursor, each enclosing expression, the attribute, a block's body inside its braces, the
// braces, the block, and so on up to the whole file. Each range strictly contains the one
// before it. At least the whole file (an empty text gives one empty range).
//
// The token is a name, number, string or heredoc text, or comment (without a line comment's
// line break) that holds or touches the offset; at the boundary of two tokens the left one if
// it is such a word (the cursor right after a name is on it), else the right one. Punctuation
// is no range of its own: the chain starts at the innermost node holding it. Amid spaces or on
// a line break, it starts at the innermost node holding the tokens on both sides. The insides
// of brackets and quotes come before the brackets and quotes: the contents of a block body,
// object, tuple, `for` expression or call's parentheses from their first token to their last,
// leaving out the line breaks and indentation around them; a quoted string's text between the
// quotes; a heredoc's lines without the last line break. An object's `key = value` item comes
// before the object's contents, a block label's text before the quoted label. JSON: a
// string's text, the string, the property (name and value), the object's properties, the
// object (or an array's elements, the array), and so on up to the root value. An offset past
// the end is the end.
std::vector<base::ByteRange> selection_ranges(const Snapshot& snapshot, uint32_t offset);

}  // namespace hclspec::features
