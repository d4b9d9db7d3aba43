// Results too large for a json tree: document symbols, folding ranges, semantic tokens and their
// edits written straight to JSON text.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/lsp.hpp"

namespace hclspec::protocol {

// Appends `text` as a JSON string: quotes, escapes, and U+FFFD for bytes that are not UTF-8
// (as the json writer replaces them).
void append_json_string(std::string& out, std::string_view text);

// Each appends a result's JSON to `out` (after a response_head, or alone).

// A documentSymbol result (DocumentSymbol[]), children nested.
void append_document_symbols(std::string& out, const std::vector<DocumentSymbol>& symbols);

// A foldingRange result (FoldingRange[]): a large file holds tens of thousands.
void append_folding_ranges(std::string& out, const std::vector<FoldingRange>& ranges);

// The flat form (SymbolInformation[]) for clients without hierarchical symbols.
void append_symbol_information(std::string& out, const std::vector<SymbolInformation>& symbols);

// SemanticTokens: {"resultId": ..., "data": [...]}.
void append_semantic_tokens(std::string& out, std::string_view result_id,
                            std::span<const uint32_t> data);

// The same in parts, for numbers held as text: the head (up to the data's "["), the numbers each
// followed by a comma (the result takes all but the last comma), and the tail.
std::string semantic_tokens_head(std::string_view result_id);
void append_comma_terminated(std::string& out, std::span<const uint32_t> numbers);
inline constexpr std::string_view kSemanticTokensTail = "]}";

struct SemanticTokensEdit {
  uint32_t start = 0;
  uint32_t delete_count = 0;
  std::vector<uint32_t> data;
  friend bool operator==(const SemanticTokensEdit&, const SemanticTokensEdit&) = default;
};

// SemanticTokensDelta: {"resultId": ..., "edits": [{"start", "deleteCount", "data"}...]}.
void append_semantic_tokens_delta(std::string& out, std::string_view result_id,
                                  const std::vector<SemanticTokensEdit>& edits);

}  // namespace hclspec::protocol
