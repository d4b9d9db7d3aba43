// file: URIs and paths: RFC 3986 percent-encoding of the path, and the Windows drive-letter forms.
#include "protocol/uri.hpp"

namespace hclspec::protocol {
namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool is_letter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// "C:" followed by the end or a separator.
bool starts_with_drive(std::string_view path) {
  return path.size() >= 2 && is_letter(path[0]) && path[1] == ':' &&
         (path.size() == 2 || path[2] == '/' || path[2] == '\\');
}

// RFC 3986 pchar without pct-encoded, plus '/': unreserved, sub-delims, ':' and '@'.
bool allowed_in_path(char c) {
  if (is_letter(c) || (c >= '0' && c <= '9')) return true;
  return std::string_view("-._~!$&'()*+,;=:@/").find(c) != std::string_view::npos;
}

std::optional<std::string> percent_decode(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') {
      out += text[i];
      continue;
    }
    if (text.size() - i < 3) return std::nullopt;
    const int high = hex_value(text[i + 1]);
    const int low = hex_value(text[i + 2]);
    if (high < 0 || low < 0 || (high == 0 && low == 0)) return std::nullopt;
    out += static_cast<char>(high * 16 + low);
    i += 2;
  }
  return out;
}

}  // namespace

std::optional<std::string> uri_to_path(std::string_view uri) {
  constexpr std::string_view kScheme = "file:";
  if (uri.size() < kScheme.size()) return std::nullopt;
  for (size_t i = 0; i < kScheme.size(); ++i)
    if ((uri[i] | 0x20) != kScheme[i]) return std::nullopt;  // schemes are case-insensitive
  std::string_view rest = uri.substr(kScheme.size());
  rest = rest.substr(0, rest.find_first_of("?#"));

  std::string_view authority;
  if (rest.starts_with("//")) {
    rest.remove_prefix(2);
    const size_t slash = rest.find('/');
    authority = rest.substr(0, slash);
    rest = slash == std::string_view::npos ? std::string_view("/") : rest.substr(slash);
  }
  if (!rest.starts_with('/')) return std::nullopt;
  std::optional<std::string> path = percent_decode(rest);
  if (!path) return std::nullopt;
  if (!authority.empty() && authority != "localhost") {
    const std::optional<std::string> host = percent_decode(authority);
    if (!host) return std::nullopt;
    return "//" + *host + *path;
  }
  if (starts_with_drive(std::string_view(*path).substr(1))) path->erase(0, 1);
  return path;
}

std::string path_to_uri(std::string_view path) {
  std::string out = "file://";
  const bool windows = starts_with_drive(path);
  if (windows) {
    out += '/';
  } else if (path.starts_with("//") && !path.starts_with("///")) {
    path.remove_prefix(2);  // a UNC path: its host becomes the authority
  }
  static constexpr char kHex[] = "0123456789ABCDEF";
  for (const char c : path) {
    if (windows && c == '\\') {
      out += '/';
    } else if (allowed_in_path(c)) {
      out += c;
    } else {
      const auto byte = static_cast<unsigned char>(c);
      out += '%';
      out += kHex[byte >> 4];
      out += kHex[byte & 0xf];
    }
  }
  return out;
}

}  // namespace hclspec::protocol
