// Byte offsets to LSP positions and back, and the engine's feature results to LSP structs.
#include "server/lsp/convert.hpp"

#include <algorithm>
#include <cstring>

#include "engine/base/huge_pages.hpp"
#include "engine/base/unicode.hpp"

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

base::ByteRange to_byte_range(const base::LineIndex& lines, const protocol::Range& range,
                              PositionEncoding encoding) {
  const uint32_t start = to_offset(lines, range.start, encoding);
  const uint32_t end = to_offset(lines, range.end, encoding);
  return start <= end ? base::ByteRange{start, end} : base::ByteRange{end, start};
}

std::vector<protocol::Diagnostic> to_diagnostics(const base::LineIndex& lines,
                                                 const std::vector<features::DiagnosticItem>& items,
                                                 PositionEncoding encoding) {
  std::vector<protocol::Diagnostic> out;
  out.reserve(items.size());
  for (const features::DiagnosticItem& item : items) {
    protocol::Diagnostic& diagnostic = out.emplace_back();
    diagnostic.range = to_range(lines, item.range, encoding);
    diagnostic.severity = item.severity == base::Severity::Error
                              ? protocol::DiagnosticSeverity::Error
                              : protocol::DiagnosticSeverity::Warning;
    diagnostic.code = item.code;
    diagnostic.source = "hclspec";
    diagnostic.message = item.message();
  }
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

namespace {

protocol::SymbolKind symbol_kind(features::SymbolKind kind) {
  using Kind = protocol::SymbolKind;
  switch (kind) {
    case features::SymbolKind::Block:
      return Kind::Struct;
    case features::SymbolKind::Attribute:
      return Kind::Property;
    case features::SymbolKind::Object:
      return Kind::Object;
    case features::SymbolKind::Spec:
      return Kind::Class;
    case features::SymbolKind::Variables:
      return Kind::Namespace;
    case features::SymbolKind::Variable:
      return Kind::Variable;
    case features::SymbolKind::Function:
      return Kind::Function;
  }
  return Kind::Property;
}

bool flatten(const base::LineIndex& lines, const std::vector<features::DocumentSymbol>& symbols,
             const std::string& uri, PositionEncoding encoding, const std::string& container,
             const std::function<bool(std::string_view)>& keep, size_t limit,
             std::vector<protocol::SymbolInformation>& out) {
  for (const features::DocumentSymbol& symbol : symbols) {
    if (out.size() >= limit) return false;
    if (!keep || keep(symbol.name))
      out.push_back({symbol.name, symbol_kind(symbol.kind),
                     protocol::Location{uri, to_range(lines, symbol.range, encoding)}, container});
    if (!flatten(lines, symbol.children, uri, encoding, symbol.name, keep, limit, out))
      return false;
  }
  return out.size() < limit;
}

// Legend positions of the token types, by features::SemanticType.
constexpr uint32_t kTypeIndex[features::kSemanticTypeCount] = {
    0,   // BlockType: "type"
    1,   // BlockLabel: "enumMember"
    2,   // AttributeName: "property"
    3,   // Variable: "variable"
    2,   // Property: "property"
    4,   // Function: "function"
    5,   // Keyword: "keyword"
    6,   // String: "string"
    7,   // Escape: "escapeSequence"
    8,   // Number: "number"
    9,   // Operator: "operator"
    10,  // Comment: "comment"
};

}  // namespace

std::vector<protocol::DocumentSymbol> to_document_symbols(
    const base::LineIndex& lines, std::vector<features::DocumentSymbol>&& symbols,
    PositionEncoding encoding) {
  std::vector<protocol::DocumentSymbol> out;
  out.reserve(symbols.size());
  for (features::DocumentSymbol& symbol : symbols)
    out.push_back({std::move(symbol.name), std::move(symbol.detail), symbol_kind(symbol.kind),
                   to_range(lines, symbol.range, encoding),
                   to_range(lines, symbol.selection, encoding),
                   to_document_symbols(lines, std::move(symbol.children), encoding)});
  return out;
}

std::vector<protocol::SymbolInformation> to_symbol_information(
    const base::LineIndex& lines, const std::vector<features::DocumentSymbol>& symbols,
    const std::string& uri, PositionEncoding encoding) {
  std::vector<protocol::SymbolInformation> out;
  flatten(lines, symbols, uri, encoding, "", nullptr, SIZE_MAX, out);
  return out;
}

bool append_matching_symbols(const base::LineIndex& lines,
                             const std::vector<features::DocumentSymbol>& symbols,
                             const std::string& uri, PositionEncoding encoding,
                             const std::function<bool(std::string_view name)>& keep, size_t limit,
                             std::vector<protocol::SymbolInformation>& out) {
  return flatten(lines, symbols, uri, encoding, "", keep, limit, out);
}

std::optional<protocol::FoldingRange> to_folding_range(const base::LineIndex& lines,
                                                       const features::FoldingRange& range,
                                                       PositionEncoding encoding,
                                                       bool line_folding_only) {
  protocol::FoldingRange out;
  out.kind = range.kind == features::FoldingKind::Comment ? "comment" : "region";
  if (line_folding_only) {
    // Lines alone: no column is worked out.
    out.start_line = lines.line_of(range.range.start);
    out.end_line = lines.line_of(range.range.end);
    // A line starting with closing brackets (`}`, `])`) stays visible, as in every editor's own
    // folding of braces.
    const std::string_view last_line = lines.line_text(out.end_line);
    const size_t first_visible = last_line.find_first_not_of(" \t");
    if (range.kind == features::FoldingKind::Region && first_visible != std::string_view::npos &&
        std::string_view("}])").find(last_line[first_visible]) != std::string_view::npos &&
        out.end_line > 0)
      --out.end_line;
  } else {
    const protocol::Position start = to_position(lines, range.range.start, encoding);
    const protocol::Position end = to_position(lines, range.range.end, encoding);
    out.start_line = start.line;
    out.start_character = start.character;
    out.end_line = end.line;
    out.end_character = end.character;
  }
  if (out.end_line <= out.start_line) return std::nullopt;
  return out;
}

void keep_outer_folding_ranges(std::vector<protocol::FoldingRange>& ranges, size_t limit) {
  if (ranges.size() <= limit) return;
  // A range's level is how many ranges before it enclose it: those still open at its end line.
  std::vector<uint32_t> levels(ranges.size());
  std::vector<uint32_t> open_ends;
  std::vector<size_t> per_level;
  for (size_t i = 0; i < ranges.size(); ++i) {
    while (!open_ends.empty() && open_ends.back() < ranges[i].end_line) open_ends.pop_back();
    levels[i] = static_cast<uint32_t>(open_ends.size());
    open_ends.push_back(ranges[i].end_line);
    if (per_level.size() <= levels[i]) per_level.resize(levels[i] + 1);
    ++per_level[levels[i]];
  }
  uint32_t kept_levels = 0;
  size_t kept = 0;
  while (kept_levels < per_level.size() && kept + per_level[kept_levels] <= limit)
    kept += per_level[kept_levels++];
  // Not even the outermost level fits: its first ranges.
  kept_levels = std::max<uint32_t>(kept_levels, 1);
  size_t out = 0;
  for (size_t i = 0; i < ranges.size() && out < limit; ++i) {
    if (levels[i] >= kept_levels) continue;
    if (out != i) ranges[out] = std::move(ranges[i]);  // not onto itself: that empties a string
    ++out;
  }
  ranges.resize(out);
}

std::vector<std::string> semantic_token_types() {
  return {"type",   "enumMember",     "property", "variable", "function", "keyword",
          "string", "escapeSequence", "number",   "operator", "comment"};
}

std::vector<std::string> semantic_token_modifiers() {
  return {"declaration", "defaultLibrary", "unsupported", "required"};
}

std::vector<features::SemanticToken> semantic_token_pieces(
    const base::LineIndex& lines, std::vector<features::SemanticToken>&& tokens) {
  const std::string_view text = lines.text();
  const bool one_line_each =
      std::none_of(tokens.begin(), tokens.end(), [&](const features::SemanticToken& token) {
        return token.length > 1 && std::memchr(text.data() + token.start, '\n', token.length);
      });
  if (one_line_each) return std::move(tokens);
  std::vector<features::SemanticToken> pieces;
  pieces.reserve(tokens.size());
  base::advise_huge_pages(pieces.data(), pieces.capacity() * sizeof(features::SemanticToken));
  const uint32_t text_size = static_cast<uint32_t>(lines.text().size());
  const uint32_t line_count = lines.line_count();
  uint32_t line = 0;  // walked forward: the line of the last piece
  for (const features::SemanticToken& token : tokens) {
    uint32_t start = token.start;
    const uint32_t end = std::min<uint32_t>(token.start + token.length, text_size);
    while (start < end) {
      // Most tokens are a line or a few after the one before; farther ones are searched.
      for (int step = 0; step < 8 && line + 1 < line_count && lines.line_start(line + 1) <= start;
           ++step)
        ++line;
      if (line + 1 < line_count && lines.line_start(line + 1) <= start) line = lines.line_of(start);
      const uint32_t line_end =
          lines.line_start(line) + static_cast<uint32_t>(lines.line_text(line).size());
      const uint32_t piece_end = std::min(end, line_end);
      if (piece_end > start)
        pieces.push_back({start, piece_end - start, token.type, token.modifiers});
      if (end <= line_end || line + 1 >= line_count) break;
      start = lines.line_start(line + 1);
    }
  }
  return pieces;
}

protocol::Position encode_semantic_pieces(const base::LineIndex& lines,
                                          std::span<const features::SemanticToken> pieces,
                                          PositionEncoding encoding, protocol::Position previous,
                                          std::vector<uint32_t>& data) {
  const std::string_view text = lines.text();
  const uint32_t line_count = lines.line_count();
  // The current line, walked forward: where it starts, and whether columns are bytes on it
  // (UTF-8, or an ASCII line).
  uint32_t line = UINT32_MAX;
  uint32_t line_start = 0;
  bool bytes_are_units = true;
  uint32_t column = 0;         // of the piece before, on `line`
  uint32_t column_offset = 0;  // its byte
  for (const features::SemanticToken& piece : pieces) {
    if (line == UINT32_MAX ||
        (line + 1 < line_count && lines.line_start(line + 1) <= piece.start)) {
      uint32_t next = line == UINT32_MAX ? lines.line_of(piece.start) : line + 1;
      for (int step = 0;
           step < 8 && next + 1 < line_count && lines.line_start(next + 1) <= piece.start; ++step)
        ++next;
      if (next + 1 < line_count && lines.line_start(next + 1) <= piece.start)
        next = lines.line_of(piece.start);
      line = next;
      line_start = lines.line_start(line);
      bytes_are_units = encoding == PositionEncoding::Utf8 || lines.is_ascii(line);
      column = 0;
      column_offset = line_start;
    }
    const auto units = [&](uint32_t from, uint32_t to) {
      return bytes_are_units
                 ? to - from
                 : static_cast<uint32_t>(base::utf16_length(text.substr(from, to - from)));
    };
    column += units(column_offset, piece.start);
    column_offset = piece.start;
    data.push_back(line - previous.line);
    data.push_back(line == previous.line ? column - previous.character : column);
    data.push_back(units(piece.start, piece.start + piece.length));
    data.push_back(kTypeIndex[static_cast<size_t>(piece.type)]);
    data.push_back(piece.modifiers);
    previous = {line, column};
  }
  return previous;
}

}  // namespace hclspec::server::lsp
