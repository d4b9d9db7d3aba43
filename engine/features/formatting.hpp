// Formatting: the whitespace between tokens made canonical exactly as hclwrite's Format does it.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/text_range.hpp"
#include "features/snapshot.hpp"
#include "syntax/tree.hpp"

namespace hclspec::features {

// Replace `range` of the text by `new_text`.
struct TextEdit {
  base::ByteRange range;
  std::string new_text;
  friend bool operator==(const TextEdit&, const TextEdit&) = default;
};

// The text of `tree` as hclwrite.Format (hcl 2.14.1) prints it: the file's tokens as
// HashiCorp's scanner delimits them, each line indented by two spaces per open bracket level,
// one or no space between tokens by its rules, the "=" of consecutive one-line attributes and
// trailing comments aligned. Only whitespace changes: token bytes (comments, heredocs,
// template text, CRLF newlines) are kept. Like hclwrite it ignores syntax errors; callers
// decide whether to format a broken file (`format_document` refuses to).
std::string formatted_text(const syntax::SyntaxTree& tree);

// The same text handed to `piece` in order, a run of unchanged bytes or of spaces at a time,
// so that a caller writing it out need not hold it whole; whether it differs from the tree's
// text.
bool for_each_formatted_piece(const syntax::SyntaxTree& tree,
                              const std::function<void(std::string_view)>& piece);

// The changes formatting makes, worked out ahead of writing the text: the gaps before tokens
// whose whitespace it replaces, in order and never overlapping, each with the number of spaces
// it becomes. Only the tree's text and tokens are read, so they may be worked out while the
// tree's nodes are still being made (see syntax::parse_config's `tokens_ready`), and the text
// written once the parse shows that the file may be formatted.
struct FormatChanges {
  std::vector<std::pair<base::ByteRange, uint32_t>> gaps;
};
FormatChanges format_changes(const syntax::SyntaxTree& tree);
// The formatted text of `text` (the tree's that `changes` were worked out from), as
// for_each_formatted_piece and formatted_text above give it.
bool for_each_formatted_piece(std::string_view text, const FormatChanges& changes,
                              const std::function<void(std::string_view)>& piece);
std::string formatted_text(std::string_view text, const FormatChanges& changes);

// The same change as edits of the whitespace before tokens, in source order, never
// overlapping: applying them to the text gives formatted_text.
std::vector<TextEdit> format_edits(const syntax::SyntaxTree& tree);

struct FormatResult {
  std::vector<TextEdit> edits;
  std::string refusal;  // non-empty: why the document is not formatted (then no edits)
};

// Formatting edits for the document of `snapshot`, or for the lines of `range` and of the
// top-level items (attributes and blocks of the root body) it touches, whole. Refused while the
// document has syntax errors, and for JSON documents.
FormatResult format_document(const Snapshot& snapshot,
                             std::optional<base::ByteRange> range = std::nullopt);

}  // namespace hclspec::features
