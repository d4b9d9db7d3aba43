// Byte offsets to LSP positions and back, and the engine's feature results to LSP structs.
#include "server/lsp/convert.hpp"

#include <algorithm>

namespace hclspec::server::lsp {

std::string_view encoding_name(PositionEncoding encoding) {
  return encoding == PositionEncoding::Utf8 ? "utf-8" : "utf-16";
}

protocol::Position to_position(const base::LineIndex& lines, uint32_t offset,
                               PositionEncoding encoding) {
  if (encoding == PositionEncoding::Utf16) {
    const base::Utf16Position position = lines.utf16_position(offset);
    return {position.line, position.character};
  }
  const uint32_t line = lines.line_of(offset);
  return {line, offset - lines.line_start(line)};
}

protocol::Range to_range(const base::LineIndex& lines, base::ByteRange range,
                         PositionEncoding encoding) {
  return {to_position(lines, range.start, encoding), to_position(lines, range.end, encoding)};
}

uint32_t to_offset(const base::LineIndex& lines, const protocol::Position& position,
                   PositionEncoding encoding) {
  if (encoding == PositionEncoding::Utf16)
    return lines.offset_of(base::Utf16Position{position.line, position.character});
  if (position.line >= lines.line_count()) {
    const uint32_t last = lines.line_count() - 1;
    return lines.line_start(last) + static_cast<uint32_t>(lines.line_text(last).size());
  }
  const uint32_t length = static_cast<uint32_t>(lines.line_text(position.line).size());
  return lines.line_start(position.line) + std::min(position.character, length);
}

protocol::Diagnostic to_diagnostic(const base::LineIndex& lines,
                                   const features::DiagnosticItem& item,
                                   PositionEncoding encoding) {
  protocol::Diagnostic out;
  out.range = to_range(lines, item.range, encoding);
  out.severity = item.severity == base::Severity::Error ? protocol::DiagnosticSeverity::Error
                                                        : protocol::DiagnosticSeverity::Warning;
  out.code = item.code;
  out.source = "hclspec";
  out.message = item.message();
  return out;
}

namespace {

protocol::CompletionItemKind completion_kind(features::CompletionKind kind) {
  using Kind = protocol::CompletionItemKind;
  switch (kind) {
    case features::CompletionKind::Attribute:
      return Kind::Property;
    case features::CompletionKind::Block:
      return Kind::Struct;
    case features::CompletionKind::Value:
      return Kind::Value;
    case features::CompletionKind::Variable:
      return Kind::Variable;
    case features::CompletionKind::Function:
      return Kind::Function;
    case features::CompletionKind::Keyword:
      return Kind::Keyword;
  }
  return Kind::Text;
}

protocol::MarkupContent markup(std::string value, bool markdown) {
  return {markdown ? protocol::MarkupKind::Markdown : protocol::MarkupKind::PlainText,
          std::move(value)};
}

}  // namespace

protocol::CompletionItem to_completion_item(const base::LineIndex& lines,
                                            const features::CompletionItem& item,
                                            PositionEncoding encoding, bool markdown) {
  protocol::CompletionItem out;
  out.label = item.label;
  out.kind = completion_kind(item.kind);
  out.detail = item.detail;
  if (!item.documentation.empty()) out.documentation = markup(item.documentation, markdown);
  out.sort_text = item.sort_text;
  out.insert_text_format =
      item.is_snippet ? protocol::InsertTextFormat::Snippet : protocol::InsertTextFormat::PlainText;
  // Snippets carry the line's indentation already: the client must not add its own.
  out.insert_text_mode = protocol::InsertTextMode::AsIs;
  out.text_edit = protocol::TextEdit{to_range(lines, item.replace, encoding), item.insert_text};
  return out;
}

protocol::Hover to_hover(const base::LineIndex& lines, const features::HoverResult& hover,
                         PositionEncoding encoding, bool markdown) {
  protocol::Hover out;
  out.contents = markup(hover.contents, markdown);
  out.range = to_range(lines, hover.range, encoding);
  return out;
}

}  // namespace hclspec::server::lsp
