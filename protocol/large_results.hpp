// Results too large for a json tree: document symbols, folding ranges, semantic tokens and their
// edits written straight to JSON text.
#pragma once

#include <array>
#include <charconv>
#include <cstdint>
#include <cstring>
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
inline constexpr std::string_view kSemanticTokensTail = "]}";

namespace detail {
// "00" to "99": most numbers of semantic tokens are below 100 (deltas, lengths, types), and
// writing them from a table is several times faster than the general conversion.
inline constexpr std::array<char, 200> kTwoDigits = [] {
  std::array<char, 200> digits{};
  for (int i = 0; i < 100; ++i) {
    digits[static_cast<size_t>(2 * i)] = static_cast<char>('0' + i / 10);
    digits[static_cast<size_t>(2 * i + 1)] = static_cast<char>('0' + i % 10);
  }
  return digits;
}();
}  // namespace detail

// Appends each number followed by a comma to `out`: a std::string, or anything with
// append(const char* first, const char* last).
template <typename Out>
void append_comma_terminated(Out& out, std::span<const uint32_t> numbers) {
  // Written through a buffer on the stack: one append per few thousand numbers, not two each.
  char buffer[16384];
  char* at = buffer;
  char* const flush_at = buffer + sizeof buffer - 12;  // room for "4294967295,"
  for (const uint32_t number : numbers) {
    if (number < 10) {
      *at++ = static_cast<char>('0' + number);
    } else if (number < 100) {
      std::memcpy(at, &detail::kTwoDigits[2 * number], 2);
      at += 2;
    } else {
      at = std::to_chars(at, at + 10, number).ptr;
    }
    *at++ = ',';
    if (at >= flush_at) {
      out.append(static_cast<const char*>(buffer), static_cast<const char*>(at));
      at = buffer;
    }
  }
  out.append(static_cast<const char*>(buffer), static_cast<const char*>(at));
}

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
