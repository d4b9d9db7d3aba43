// file: URIs to paths and back: percent-encoding, unicode, Windows forms, rejected URIs.
#include "protocol/uri.hpp"

#include <doctest/doctest.h>

#include <string>

using hclspec::protocol::path_to_uri;
using hclspec::protocol::uri_to_path;

TEST_CASE("paths to URIs encode what RFC 3986 requires") {
  CHECK(path_to_uri("/home/u/main.hcl") == "file:///home/u/main.hcl");
  CHECK(path_to_uri("/a b/c d.hcl") == "file:///a%20b/c%20d.hcl");
  CHECK(path_to_uri("/100%/x") == "file:///100%25/x");
  CHECK(path_to_uri("/q?/h#/x\"<>\\^`{|}[]") ==
        "file:///q%3F/h%23/x%22%3C%3E%5C%5E%60%7B%7C%7D%5B%5D");
  CHECK(path_to_uri("/caf\xc3\xa9/\xe6\x97\xa5.hcl") == "file:///caf%C3%A9/%E6%97%A5.hcl");
  CHECK(path_to_uri("/tab\there/nl\n") == "file:///tab%09here/nl%0A");
  // Unreserved characters, sub-delims, ':' and '@' stay as they are.
  CHECK(path_to_uri("/a-b_c.d~e/!$&'()*+,;=:@") == "file:///a-b_c.d~e/!$&'()*+,;=:@");
  CHECK(path_to_uri("/") == "file:///");
}

TEST_CASE("URIs to paths decode") {
  CHECK(uri_to_path("file:///home/u/main.hcl") == "/home/u/main.hcl");
  CHECK(uri_to_path("file:///a%20b/c%2fd") == "/a b/c/d");
  CHECK(uri_to_path("file:///caf%c3%A9") == "/caf\xc3\xa9");
  CHECK(uri_to_path("file:///caf\xc3\xa9") == "/caf\xc3\xa9");  // some clients leave it raw
  CHECK(uri_to_path("FILE:///x") == "/x");
  CHECK(uri_to_path("file:/x/y") == "/x/y");
  CHECK(uri_to_path("file://localhost/etc/x") == "/etc/x");
  CHECK(uri_to_path("file:///x?query#fragment") == "/x");
  CHECK(uri_to_path("file:///x%23y") == "/x#y");
  CHECK(uri_to_path("file://") == "/");
}

TEST_CASE("URIs that are not file paths give nothing") {
  for (const char* uri :
       {"untitled:Untitled-1", "https://example.com/a.hcl", "file:relative/x", "fil", "",
        "file:///a%2", "file:///a%", "file:///a%zz", "file:///a%00b", "/just/a/path"}) {
    CAPTURE(uri);
    CHECK_FALSE(uri_to_path(uri));
  }
}

TEST_CASE("Windows forms") {
  CHECK(uri_to_path("file:///C:/Users/me/a.hcl") == "C:/Users/me/a.hcl");
  CHECK(uri_to_path("file:///c%3A/Users/me") == "c:/Users/me");  // VS Code's form
  CHECK(uri_to_path("file:///C:") == "C:");
  // A drive letter after the root slash reads as Windows, even from a POSIX path.
  CHECK(uri_to_path(path_to_uri("/C:")) == "C:");
  CHECK(uri_to_path("file://server/share/a.hcl") == "//server/share/a.hcl");
  CHECK(path_to_uri("C:\\Users\\me\\a b.hcl") == "file:///C:/Users/me/a%20b.hcl");
  CHECK(path_to_uri("C:/x") == "file:///C:/x");
  CHECK(path_to_uri("//server/share/a.hcl") == "file://server/share/a.hcl");
}

TEST_CASE("paths round-trip") {
  std::string every_byte = "/";
  for (int byte = 1; byte < 256; ++byte)
    if (byte != '/') every_byte += static_cast<char>(byte);
  for (const std::string& path :
       {std::string("/a b/c%20d/%/%%25"), std::string("/\xf0\x9f\x98\x80/\xe2\x82\xac x"),
        std::string("/x?y#z"), std::string("/w/.hclspec.hcl"), std::string("//server/share/x y"),
        std::string("C:/a b/c"), every_byte, every_byte + "/" + every_byte}) {
    CAPTURE(path);
    const std::string uri = path_to_uri(path);
    CHECK(uri.find(' ') == std::string::npos);
    CHECK(uri_to_path(uri) == path);
  }
}
