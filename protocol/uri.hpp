// file: URIs and paths, both ways.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace hclspec::protocol {

// The path of a file: URI ("file:///a%20b" → "/a b"), percent-decoded; nullopt for another
// scheme, a bad %-escape or an encoded NUL. A query or fragment is dropped. "file:///C:/x" and
// "file:///c%3A/x" give "C:/x" and "c:/x"; "file://host/share/x" gives "//host/share/x".
std::optional<std::string> uri_to_path(std::string_view uri);

// The file: URI of an absolute path, percent-encoding every byte RFC 3986 does not allow in a
// path (a space, '%', '?', '#', non-ASCII...): uri_to_path gives the path back. A Windows path
// ("C:/x" or "C:\x") gives "file:///C:/x"; "//host/share" gives "file://host/share".
std::string path_to_uri(std::string_view path);

}  // namespace hclspec::protocol
