// Semantic tokens: what each name, literal, keyword, operator and comment of a document is.
#pragma once

#include <cstdint>
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
  Variable,       // the first name of a traversal, a `for` or `dynamic` iteration variable
  Property,       // a traversal's later names (`.name`)
  Function,       // a function call's name (with `::` namespaces)
  Keyword,        // for, in, if, else, endif, endfor, true, false, null
  String,         // literal text of strings and heredocs, their quotes and heredoc markers
  Escape,         // a backslash escape or `$${` / `%%{` in a quoted string
  Number,
  Operator,       // arithmetic, comparison and logic operators, `=`, `?` `:` `=>` `...`,
                  // and the `${` `%{` `}` that open and close template sequences
  Comment,
};
inline constexpr int kSemanticTypeCount = 12;

// Bit flags on a token. The server names them in its legend, bit by bit in this order.
namespace SemanticModifier {
inline constexpr uint32_t kDeclaration = 1;     // an attribute's or a for variable's definition
inline constexpr uint32_t kDefaultLibrary = 2;  // a function the spec language provides
inline constexpr uint32_t kUnsupported = 4;     // an attribute or block type the spec does not know
inline constexpr uint32_t kRequired = 8;        // an attribute or block type the spec requires
}  // namespace SemanticModifier
inline constexpr int kSemanticModifierCount = 4;

struct SemanticToken {
  uint32_t start = 0;   // byte offset
  uint32_t length = 0;  // bytes; never 0; may cross lines (heredoc text, block comments)
  SemanticType type = SemanticType::Comment;
  uint32_t modifiers = 0;
  friend bool operator==(const SemanticToken&, const SemanticToken&) = default;
};

// The document's semantic tokens in source order, never overlapping; with `range`, only those
// that overlap it. Punctuation (brackets, commas, dots) gets none. Works on broken text from the
// tree's intact parts; JSON documents give property names, strings, numbers and keywords.
std::vector<SemanticToken> semantic_tokens(const Snapshot& snapshot,
                                           std::optional<base::ByteRange> range = std::nullopt);

}  // namespace hclspec::features
