// Semantic tokens: what each name, literal, keyword, operator and comment of a document is.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "base/text_range.hpp"
#include "features/snapshot.hpp"

namespace hclspec::features {

// What a piece of text is. The server names them in its legend, in this order.
enum class SemanticType : uint8_t {
  BlockType,      // `job` in `job "web" {`
  BlockLabel,     // `"web"`, quotes included
  AttributeName,  // `count` in `count = 2`, and an object's key written as a name
  Variable,       // the first name of a traversal; a `for` expression's or directive's variable
  Property,       // a traversal's later names (`.name`)
  Function,       // a function call's name; `provider::ns::f` gives one per name, none for `::`
  Keyword,        // for, in, if, else, endif, endfor, true, false, null
  String,         // literal text of strings and heredocs, their quotes and heredoc markers
  Escape,         // a backslash escape in a quoted string; `$${` / `%%{` in any template
  Number,
  // Arithmetic, comparison and logic operators, a splat's `*`, `=`, `?` `:` `=>` `...`, and the
  // `${` `%{` `}` that open and close template sequences.
  Operator,
  Comment,
};
inline constexpr int kSemanticTypeCount = 12;

// Bit flags on a token. The server names them in its legend, bit by bit in this order.
namespace SemanticModifier {
inline constexpr uint32_t kDeclaration = 1;  // an attribute's or a for variable's definition
// A function the spec language provides: hcldec's spec definition functions, called in a spec
// file (an input file calls only its spec's own `function` blocks).
inline constexpr uint32_t kDefaultLibrary = 2;
inline constexpr uint32_t kUnsupported = 4;  // an attribute or block type the spec does not know
inline constexpr uint32_t kRequired = 8;     // an attribute or block type the spec requires
}  // namespace SemanticModifier
inline constexpr int kSemanticModifierCount = 4;

struct SemanticToken {
  uint32_t start = 0;  // byte offset
  // Bytes; never 0; may cross lines (block comments), but no token ends with the line break of
  // a line comment, heredoc line or heredoc marker.
  uint32_t length = 0;
  SemanticType type = SemanticType::Comment;
  uint32_t modifiers = 0;
  friend bool operator==(const SemanticToken&, const SemanticToken&) = default;
};

// The document's semantic tokens in source order, never overlapping; with `range`, only those
// that overlap it (an empty range: those holding its offset), the same as the whole document's
// filtered. Punctuation (brackets, commas, dots, `::`) gets none. Works on broken text from the
// tree's intact parts, other tokens getting their kind's class; JSON documents give property
// names, strings, numbers and keywords.
std::vector<SemanticToken> semantic_tokens(const Snapshot& snapshot,
                                           std::optional<base::ByteRange> range = std::nullopt);

// Takes a run of semantic tokens; it may move them away.
using TokenWindowSink = std::function<void(std::vector<SemanticToken>&)>;

// The document's semantic tokens (what semantic_tokens(snapshot, range) gives) in one walk,
// handed to `take` a run at a time, so they never all exist at once: each run after the first
// starts at a body item's first token (at any depth), the runs starting `window_bytes` or more
// apart. A JSON document's are one run.
void semantic_tokens_by_window(const Snapshot& snapshot, uint32_t window_bytes,
                               const TokenWindowSink& take,
                               std::optional<base::ByteRange> range = std::nullopt);

// Where a native document's semantic tokens split into two runs of about equal work: the start
// of a body item (at any depth) near the middle of its lexical tokens. No semantic token
// crosses it, so the tokens of the ranges before and from it are the whole document's. Nothing
// for JSON, or when no item starts near the middle.
std::optional<uint32_t> semantic_tokens_midpoint(const Snapshot& snapshot);

}  // namespace hclspec::features
