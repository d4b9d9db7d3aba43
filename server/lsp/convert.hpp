// The one place where LSP positions meet the engine's byte offsets (UTF-16 or UTF-8 columns).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/line_index.hpp"
#include "engine/base/text_range.hpp"
#include "engine/features/completion.hpp"
#include "engine/features/diagnostics.hpp"
#include "engine/features/document_symbols.hpp"
#include "engine/features/folding_ranges.hpp"
#include "engine/features/hover.hpp"
#include "engine/features/semantic_tokens.hpp"
#include "protocol/lsp.hpp"

namespace hclspec::server::lsp {

// How the client counts characters in a line: LSP's default UTF-16 code units, or bytes when
// the client offers UTF-8 (`general.positionEncodings`).
enum class PositionEncoding { Utf16, Utf8 };

std::string_view encoding_name(PositionEncoding encoding);

protocol::Position to_position(const base::LineIndex& lines, uint32_t offset,
                               PositionEncoding encoding);
protocol::Range to_range(const base::LineIndex& lines, base::ByteRange range,
                         PositionEncoding encoding);
// The byte offset of a client position; a character past the line's end means its end, a line
// past the last means the end of the text (as LSP asks).
uint32_t to_offset(const base::LineIndex& lines, const protocol::Position& position,
                   PositionEncoding encoding);
// A client's range in byte offsets, its ends put in order (clients send them either way).
base::ByteRange to_byte_range(const base::LineIndex& lines, const protocol::Range& range,
                              PositionEncoding encoding);

// A document's diagnostics as LSP has them, pushed or pulled.
std::vector<protocol::Diagnostic> to_diagnostics(const base::LineIndex& lines,
                                                 const std::vector<features::DiagnosticItem>& items,
                                                 PositionEncoding encoding);
protocol::CompletionItem to_completion_item(const base::LineIndex& lines,
                                            const features::CompletionItem& item,
                                            PositionEncoding encoding, bool markdown);
protocol::Hover to_hover(const base::LineIndex& lines, const features::HoverResult& hover,
                         PositionEncoding encoding, bool markdown);

// The names and details move into the result.
std::vector<protocol::DocumentSymbol> to_document_symbols(
    const base::LineIndex& lines, std::vector<features::DocumentSymbol>&& symbols,
    PositionEncoding encoding);
// The flat form for clients without hierarchical symbols: each symbol in document order, named
// with the symbol that holds it.
std::vector<protocol::SymbolInformation> to_symbol_information(
    const base::LineIndex& lines, const std::vector<features::DocumentSymbol>& symbols,
    const std::string& uri, PositionEncoding encoding);
// The same for the symbols whose names `keep` accepts, appended to `out` until it holds `limit`;
// returns false once it does.
bool append_matching_symbols(const base::LineIndex& lines,
                             const std::vector<features::DocumentSymbol>& symbols,
                             const std::string& uri, PositionEncoding encoding,
                             const std::function<bool(std::string_view name)>& keep, size_t limit,
                             std::vector<protocol::SymbolInformation>& out);

// A folding range, or nothing when it does not fold on the client. For `line_folding_only`
// clients whole lines: the last line stays visible when it starts with a closing bracket, so the
// range must then span two lines or more before it.
std::optional<protocol::FoldingRange> to_folding_range(const base::LineIndex& lines,
                                                       const features::FoldingRange& range,
                                                       PositionEncoding encoding,
                                                       bool line_folding_only);

// Keeps at most `limit` of a document's folding ranges (in order of their start, enclosing ranges
// first), as a client that limits them would choose: the outermost levels that fit whole, else
// the first `limit` of the outermost level.
void keep_outer_folding_ranges(std::vector<protocol::FoldingRange>& ranges, size_t limit);

// The semantic token legend: token type names (indexed by semantic_type_index) and modifier
// names (bit i is modifier i, as features::SemanticModifier numbers them).
std::vector<std::string> semantic_token_types();
std::vector<std::string> semantic_token_modifiers();

// The tokens cut at each line break into pieces of one line each, what LSP's encoding sends
// (multi-line tokens are an opt-in of the client's, and every client takes pieces).
// Most tokens are on one line already: then the list is returned as it is, not copied.
std::vector<features::SemanticToken> semantic_token_pieces(
    const base::LineIndex& lines, std::vector<features::SemanticToken>&& tokens);

// Appends LSP's relative encoding of `pieces` (one-line tokens in order) to `data`: line delta,
// start delta, length, type, modifiers, five numbers each, the first relative to `previous` (the
// position of the piece before them, or 0:0). Returns the last piece's position.
protocol::Position encode_semantic_pieces(const base::LineIndex& lines,
                                          std::span<const features::SemanticToken> pieces,
                                          PositionEncoding encoding, protocol::Position previous,
                                          std::vector<uint32_t>& data);

}  // namespace hclspec::server::lsp
