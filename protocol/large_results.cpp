// Large results written straight to JSON text.
#include "protocol/large_results.hpp"

#include <array>
#include <charconv>
#include <cstring>

namespace hclspec::protocol {
namespace {

// The length of the UTF-8 sequence starting at text[i] when it is valid, else 0.
size_t utf8_length(std::string_view text, size_t i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  size_t length = 0;
  uint32_t min = 0;
  uint32_t code = 0;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2, min = 0x80, code = lead & 0x1Fu;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3, min = 0x800, code = lead & 0x0Fu;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4, min = 0x10000, code = lead & 0x07u;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  for (size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    code = (code << 6) | (byte(i + k) & 0x3Fu);
  }
  if (code < min || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return 0;
  return length;
}

void append_number(std::string& out, uint32_t number) {
  char digits[10];
  const auto result = std::to_chars(digits, digits + sizeof digits, number);
  out.append(digits, result.ptr);
}

void append_position(std::string& out, const Position& position) {
  out += "{\"line\":";
  append_number(out, position.line);
  out += ",\"character\":";
  append_number(out, position.character);
  out += '}';
}

void append_range(std::string& out, const Range& range) {
  out += "{\"start\":";
  append_position(out, range.start);
  out += ",\"end\":";
  append_position(out, range.end);
  out += '}';
}

void append_symbols(std::string& out, const std::vector<DocumentSymbol>& symbols) {
  out += '[';
  for (size_t i = 0; i < symbols.size(); ++i) {
    const DocumentSymbol& symbol = symbols[i];
    if (i > 0) out += ',';
    out += "{\"name\":";
    append_json_string(out, symbol.name);
    if (!symbol.detail.empty()) {
      out += ",\"detail\":";
      append_json_string(out, symbol.detail);
    }
    out += ",\"kind\":";
    append_number(out, static_cast<uint32_t>(symbol.kind));
    out += ",\"range\":";
    append_range(out, symbol.range);
    out += ",\"selectionRange\":";
    append_range(out, symbol.selection_range);
    if (!symbol.children.empty()) {
      out += ",\"children\":";
      append_symbols(out, symbol.children);
    }
    out += '}';
  }
  out += ']';
}

void append_numbers(std::string& out, std::span<const uint32_t> numbers) {
  out += '[';
  append_comma_terminated(out, numbers);
  if (!numbers.empty()) out.pop_back();  // the last comma
  out += ']';
}

}  // namespace

void append_json_string(std::string& out, std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += '"';
  for (size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80) {
      const size_t length = utf8_length(text, i);
      if (length == 0) {
        out += "\xEF\xBF\xBD";  // U+FFFD
        ++i;
      } else {
        out.append(text.substr(i, length));
        i += length;
      }
      continue;
    }
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c < 0x20) {
      out += "\\u00";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
    ++i;
  }
  out += '"';
}

void append_document_symbols(std::string& out, const std::vector<DocumentSymbol>& symbols) {
  append_symbols(out, symbols);
}

void append_folding_ranges(std::string& out, const std::vector<FoldingRange>& ranges) {
  out += '[';
  for (size_t i = 0; i < ranges.size(); ++i) {
    const FoldingRange& range = ranges[i];
    if (i > 0) out += ',';
    out += "{\"startLine\":";
    append_number(out, range.start_line);
    if (range.start_character) {
      out += ",\"startCharacter\":";
      append_number(out, *range.start_character);
    }
    out += ",\"endLine\":";
    append_number(out, range.end_line);
    if (range.end_character) {
      out += ",\"endCharacter\":";
      append_number(out, *range.end_character);
    }
    if (!range.kind.empty()) {
      out += ",\"kind\":";
      append_json_string(out, range.kind);
    }
    out += '}';
  }
  out += ']';
}

void append_symbol_information(std::string& out, const std::vector<SymbolInformation>& symbols) {
  out += '[';
  for (size_t i = 0; i < symbols.size(); ++i) {
    const SymbolInformation& symbol = symbols[i];
    if (i > 0) out += ',';
    out += "{\"name\":";
    append_json_string(out, symbol.name);
    out += ",\"kind\":";
    append_number(out, static_cast<uint32_t>(symbol.kind));
    out += ",\"location\":{\"uri\":";
    append_json_string(out, symbol.location.uri);
    out += ",\"range\":";
    append_range(out, symbol.location.range);
    out += '}';
    if (!symbol.container_name.empty()) {
      out += ",\"containerName\":";
      append_json_string(out, symbol.container_name);
    }
    out += '}';
  }
  out += ']';
}

void append_semantic_tokens(std::string& out, std::string_view result_id,
                            std::span<const uint32_t> data) {
  out.reserve(out.size() + 32 + data.size() * 4);
  out += semantic_tokens_head(result_id);
  append_comma_terminated(out, data);
  if (!data.empty()) out.pop_back();  // the last comma
  out += kSemanticTokensTail;
}

std::string semantic_tokens_head(std::string_view result_id) {
  std::string head = "{\"resultId\":";
  append_json_string(head, result_id);
  head += ",\"data\":[";
  return head;
}

void append_semantic_tokens_delta(std::string& out, std::string_view result_id,
                                  const std::vector<SemanticTokensEdit>& edits) {
  out += "{\"resultId\":";
  append_json_string(out, result_id);
  out += ",\"edits\":[";
  for (size_t i = 0; i < edits.size(); ++i) {
    if (i > 0) out += ',';
    out += "{\"start\":";
    append_number(out, edits[i].start);
    out += ",\"deleteCount\":";
    append_number(out, edits[i].delete_count);
    out += ",\"data\":";
    append_numbers(out, edits[i].data);
    out += '}';
  }
  out += "]}";
}

}  // namespace hclspec::protocol
