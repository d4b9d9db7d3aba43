// libicuuc loaded the first time the engine calls ICU, and its functions called through
// pointers.
#include "base/icu.hpp"

#include <dlfcn.h>
#include <unicode/unorm2.h>
#include <unicode/uversion.h>

#include <climits>
#include <cstdio>
#include <cstdlib>

#include "base/unicode.hpp"

namespace hclspec::base::icu {

namespace {

// The name a function of the ICU headers has in the library: u_charType -> "u_charType_72"
// (ICU renames its symbols by version unless built not to).
#define HCLSPEC_ICU_SYMBOL_TEXT(name) #name
#define HCLSPEC_ICU_SYMBOL(name) HCLSPEC_ICU_SYMBOL_TEXT(name)

struct Functions {
  decltype(&u_charType) char_type;
  decltype(&u_isUWhiteSpace) is_white_space;
  decltype(&u_toupper) to_upper;
  decltype(&u_tolower) to_lower;
  decltype(&u_getIntPropertyValue) int_property;
  decltype(&u_hasBinaryProperty) binary_property;
  decltype(&unorm2_getNFCInstance) nfc_instance;
  decltype(&unorm2_normalize) normalize;
};

// ICU is a dependency of the package: without it the program cannot go on.
[[noreturn]] void cannot_load(const char* why) {
  std::fprintf(stderr, "hclspec: cannot load ICU (libicuuc.so.%s): %s\n", U_ICU_VERSION_SHORT, why);
  std::abort();
}

template <typename Function>
void bind(void* library, Function& function, const char* name) {
  function = reinterpret_cast<Function>(::dlsym(library, name));
  if (function == nullptr) cannot_load(name);
}

const Functions& functions() {
  // A function-local static: loaded once, by whichever thread calls first, the others waiting.
  static const Functions loaded = [] {
    void* library = ::dlopen("libicuuc.so." U_ICU_VERSION_SHORT, RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) cannot_load(::dlerror());
    Functions f{};
    bind(library, f.char_type, HCLSPEC_ICU_SYMBOL(u_charType));
    bind(library, f.is_white_space, HCLSPEC_ICU_SYMBOL(u_isUWhiteSpace));
    bind(library, f.to_upper, HCLSPEC_ICU_SYMBOL(u_toupper));
    bind(library, f.to_lower, HCLSPEC_ICU_SYMBOL(u_tolower));
    bind(library, f.int_property, HCLSPEC_ICU_SYMBOL(u_getIntPropertyValue));
    bind(library, f.binary_property, HCLSPEC_ICU_SYMBOL(u_hasBinaryProperty));
    bind(library, f.nfc_instance, HCLSPEC_ICU_SYMBOL(unorm2_getNFCInstance));
    bind(library, f.normalize, HCLSPEC_ICU_SYMBOL(unorm2_normalize));
    return f;
  }();
  return loaded;
}

std::u16string utf16_of(std::string_view text) {
  std::u16string out;
  out.reserve(text.size());
  for (size_t pos = 0; pos < text.size();) {
    size_t length = 0;
    const uint32_t cp = decode_rune(text, pos, length);
    pos += length;
    if (cp < 0x10000) {
      out += static_cast<char16_t>(cp);
    } else {
      out += static_cast<char16_t>(0xD800 + ((cp - 0x10000) >> 10));
      out += static_cast<char16_t>(0xDC00 + ((cp - 0x10000) & 0x3FF));
    }
  }
  return out;
}

void append_utf8_of(std::u16string_view text, std::string& out) {
  for (size_t i = 0; i < text.size(); ++i) {
    uint32_t cp = text[i];
    if (cp >= 0xD800 && cp < 0xDC00 && i + 1 < text.size() && text[i + 1] >= 0xDC00 &&
        text[i + 1] < 0xE000)
      cp = 0x10000 + ((cp - 0xD800) << 10) + (text[++i] - 0xDC00u);
    append_utf8(out, cp);
  }
}

}  // namespace

int8_t char_type(UChar32 c) {
  return functions().char_type(c);
}

bool is_white_space(UChar32 c) {
  return functions().is_white_space(c) != 0;
}

UChar32 to_upper(UChar32 c) {
  return functions().to_upper(c);
}

UChar32 to_lower(UChar32 c) {
  return functions().to_lower(c);
}

int32_t int_property(UChar32 c, UProperty property) {
  return functions().int_property(c, property);
}

bool binary_property(UChar32 c, UProperty property) {
  return functions().binary_property(c, property) != 0;
}

bool append_nfc(std::string_view text, std::string& out) {
  const Functions& f = functions();
  UErrorCode status = U_ZERO_ERROR;
  const UNormalizer2* nfc = f.nfc_instance(&status);
  const std::u16string source = utf16_of(text);
  if (U_FAILURE(status) || source.size() > INT32_MAX / 4) return false;
  // NFC is rarely longer than its source; when it is, ICU says how long, and is asked again.
  std::u16string normalized(source.size() + 8, u'\0');
  int32_t length = f.normalize(nfc, source.data(), static_cast<int32_t>(source.size()),
                               normalized.data(), static_cast<int32_t>(normalized.size()), &status);
  if (status == U_BUFFER_OVERFLOW_ERROR) {
    status = U_ZERO_ERROR;
    normalized.resize(static_cast<size_t>(length));
    length = f.normalize(nfc, source.data(), static_cast<int32_t>(source.size()), normalized.data(),
                         length, &status);
  }
  if (U_FAILURE(status)) return false;
  append_utf8_of(std::u16string_view(normalized).substr(0, static_cast<size_t>(length)), out);
  return true;
}

}  // namespace hclspec::base::icu
