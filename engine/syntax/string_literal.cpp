// String literal decoding: the slicing of hclsyntax's scanStringLit, then escape handling.
#include "syntax/string_literal.hpp"

#include "base/unicode.hpp"

#include <cstdio>

namespace hclspec::syntax {

namespace {

bool is_hex(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// The first byte at or after `i` that may start an escape, or the end. A plain loop: the
// generic find_first_of calls memchr on the three-byte set once per byte of the text.
size_t next_special(std::string_view raw, size_t i) {
  while (i < raw.size() && raw[i] != '\\' && raw[i] != '$' && raw[i] != '%') ++i;
  return i;
}

size_t utf8_char_length(std::string_view s, size_t i) {
  const unsigned char c = static_cast<unsigned char>(s[i]);
  size_t n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
  return i + n <= s.size() ? n : s.size() - i;
}

}  // namespace

void decode_string_literal(std::string_view raw, uint32_t offset, bool quoted, std::string& out,
                           base::Diagnostics& diags) {
  auto error = [&](size_t from, size_t to, std::string detail) {
    diags.push_back({base::Severity::Error,
                     "Invalid escape sequence",
                     std::move(detail),
                     {offset + static_cast<uint32_t>(from), offset + static_cast<uint32_t>(to)},
                     std::nullopt});
  };
  out.reserve(out.size() + raw.size());
  size_t i = 0;
  while (i < raw.size()) {
    // Plain text up to the next byte that may start an escape is copied as a whole.
    const size_t plain = next_special(raw, i);
    out.append(raw.substr(i, plain - i));
    i = plain;
    if (i == raw.size()) break;
    const char c = raw[i];
    if (c == '\\' && quoted) {
      if (i + 1 >= raw.size()) {
        error(i, i + 1, "Backslash must be followed by an escape sequence selector character.");
        out += c;
        ++i;
        continue;
      }
      const char selector = raw[i + 1];
      if (selector == 'u' || selector == 'U') {
        const size_t max_digits = selector == 'u' ? 4 : 8;
        size_t end = i + 2;
        while (end < raw.size() && end - (i + 2) < max_digits && is_hex(raw[end])) ++end;
        if (end - (i + 2) != max_digits) {
          error(i, end,
                selector == 'u'
                    ? "The \\u escape sequence must be followed by four hexadecimal digits."
                    : "The \\U escape sequence must be followed by eight hexadecimal digits.");
          out.append(raw.substr(i, end - i));
          i = end;
          continue;
        }
        const uint32_t cp = static_cast<uint32_t>(
            std::stoul(std::string(raw.substr(i + 2, max_digits)), nullptr, 16));
        if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
          char buf[48];
          std::snprintf(buf, sizeof buf, "Cannot encode character U+%04x in UTF-8.", cp);
          error(i, end, buf);
          out.append(raw.substr(i, end - i));
        } else {
          base::append_utf8(out, cp);
        }
        i = end;
        continue;
      }
      const size_t length = 1 + utf8_char_length(raw, i + 1);
      switch (selector) {
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case '"':
          out += '"';
          break;
        case '\\':
          out += '\\';
          break;
        default: {
          const std::string_view symbol = raw.substr(i + 1, length - 1);
          error(
              i, i + length,
              "The symbol " + base::go_quote(symbol) + " is not a valid escape sequence selector.");
          out.append(symbol);
        }
      }
      i += length;
      continue;
    }
    if ((c == '$' || c == '%') && i + 2 < raw.size() && raw[i + 1] == c && raw[i + 2] == '{') {
      out += c;
      out += '{';
      i += 3;
      continue;
    }
    out += c;
    ++i;
  }
}

}  // namespace hclspec::syntax
