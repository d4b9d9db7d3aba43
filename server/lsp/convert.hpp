// The one place where LSP positions meet the engine's byte offsets (UTF-16 or UTF-8 columns).
#pragma once

#include <cstdint>
#include <string_view>

#include "engine/base/line_index.hpp"
#include "engine/base/text_range.hpp"
#include "engine/features/completion.hpp"
#include "engine/features/diagnostics.hpp"
#include "engine/features/hover.hpp"
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

protocol::Diagnostic to_diagnostic(const base::LineIndex& lines,
                                   const features::DiagnosticItem& item, PositionEncoding encoding);
protocol::CompletionItem to_completion_item(const base::LineIndex& lines,
                                            const features::CompletionItem& item,
                                            PositionEncoding encoding, bool markdown);
protocol::Hover to_hover(const base::LineIndex& lines, const features::HoverResult& hover,
                         PositionEncoding encoding, bool markdown);

}  // namespace hclspec::server::lsp
