// Unicode helpers implemented with ICU, with ASCII fast paths for the common case.
#include "base/unicode.hpp"

#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/utext.h>

#include <memory>

namespace hclspec::base {

uint32_t decode_utf8(std::string_view text, size_t pos, size_t& length) {
  const auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(pos);
  length = 1;
  if (lead < 0x80) return lead;
  size_t need;
  uint32_t cp;
  if (lead >= 0xC0 && lead <= 0xDF) {
    need = 1;
    cp = lead & 0x1Fu;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    need = 2;
    cp = lead & 0x0Fu;
  } else if (lead >= 0xF0 && lead <= 0xF7) {
    need = 3;
    cp = lead & 0x07u;
  } else {
    return kInvalidCodePoint;
  }
  if (pos + need >= text.size()) return kInvalidCodePoint;
  for (size_t i = 1; i <= need; ++i) {
    const unsigned char c = byte(pos + i);
    if ((c & 0xC0) != 0x80) return kInvalidCodePoint;
    cp = (cp << 6) | (c & 0x3Fu);
  }
  length = need + 1;
  return cp;
}

bool is_id_start(uint32_t cp) {
  if (cp < 0x80) return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z');
  return cp <= 0x10FFFF && u_hasBinaryProperty(static_cast<UChar32>(cp), UCHAR_ID_START);
}

bool is_id_continue(uint32_t cp) {
  if (cp < 0x80)
    return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || (cp >= '0' && cp <= '9') ||
           cp == '_';
  return cp <= 0x10FFFF && u_hasBinaryProperty(static_cast<UChar32>(cp), UCHAR_ID_CONTINUE);
}

namespace {

bool is_ascii(std::string_view text) {
  for (char c : text)
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  return true;
}

struct BreakIteratorDeleter {
  void operator()(UBreakIterator* it) const { ubrk_close(it); }
};

// One character break iterator per thread: opening one costs far more than using it.
UBreakIterator* grapheme_iterator() {
  thread_local std::unique_ptr<UBreakIterator, BreakIteratorDeleter> iterator = [] {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator* it = ubrk_open(UBRK_CHARACTER, "", nullptr, 0, &status);
    return std::unique_ptr<UBreakIterator, BreakIteratorDeleter>(U_SUCCESS(status) ? it : nullptr);
  }();
  return iterator.get();
}

}  // namespace

size_t count_graphemes(std::string_view text) {
  if (is_ascii(text)) {
    size_t count = text.size();
    for (size_t i = 0; i + 1 < text.size(); ++i)
      if (text[i] == '\r' && text[i + 1] == '\n') --count;
    return count;
  }
  UBreakIterator* it = grapheme_iterator();
  UErrorCode status = U_ZERO_ERROR;
  UText* ut = utext_openUTF8(nullptr, text.data(), static_cast<int64_t>(text.size()), &status);
  if (it == nullptr || U_FAILURE(status)) {
    utext_close(ut);
    return text.size();
  }
  ubrk_setUText(it, ut, &status);
  size_t count = 0;
  if (U_SUCCESS(status)) {
    ubrk_first(it);
    while (ubrk_next(it) != UBRK_DONE) ++count;
  }
  utext_close(ut);
  return count;
}

size_t utf16_length(std::string_view text) {
  size_t units = 0;
  for (size_t pos = 0; pos < text.size();) {
    size_t length;
    const uint32_t cp = decode_utf8(text, pos, length);
    units += (cp != kInvalidCodePoint && cp >= 0x10000) ? 2 : 1;
    pos += length;
  }
  return units;
}

size_t utf8_offset_of_utf16(std::string_view text, size_t units) {
  size_t pos = 0;
  while (pos < text.size() && units > 0) {
    size_t length;
    const uint32_t cp = decode_utf8(text, pos, length);
    const size_t width = (cp != kInvalidCodePoint && cp >= 0x10000) ? 2 : 1;
    if (width > units) break;
    units -= width;
    pos += length;
  }
  return pos;
}

}  // namespace hclspec::base
