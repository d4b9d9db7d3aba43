// levenshtein_distance over code points and name_suggestion's first-within-two rule.
#include <doctest/doctest.h>

#include <string_view>

#include "base/suggest.hpp"

namespace base = hclspec::base;

TEST_CASE("levenshtein_distance counts insertions, deletions and substitutions") {
  struct Row {
    std::string_view a, b;
    size_t distance;
  };
  const Row rows[] = {
      {"", "", 0},
      {"abc", "", 3},
      {"", "abc", 3},
      {"same", "same", 0},
      {"kitten", "sitting", 3},
      {"flaw", "lawn", 2},
      {"iff", "if", 1},
      {"endfi", "endif", 2},  // a transposition costs two
      {"fro", "for", 2},
      {"ab", "ba", 2},
      // Code points, not bytes: each of these differs by one character of several bytes.
      {"\xC3\xA9", "e", 1},
      {"caf\xC3\xA9", "cafe", 1},
      {"\xE6\x97\xA5\xE6\x9C\xAC", "\xE6\x97\xA5", 1},
      {"\xF0\x9F\x98\x80", "\xF0\x9F\x98\x81", 1},
  };
  for (const Row& row : rows) {
    CAPTURE(row.a);
    CAPTURE(row.b);
    CHECK(base::levenshtein_distance(row.a, row.b) == row.distance);
    CHECK(base::levenshtein_distance(row.b, row.a) == row.distance);
  }
}

TEST_CASE("name_suggestion returns the first candidate within distance two") {
  const auto keywords = [](std::string_view given) {
    return base::name_suggestion(given, {"if", "for", "else", "endif", "endfor"});
  };
  CHECK(keywords("iff") == "if");
  CHECK(keywords("fo") == "if");  // "if" comes first and is close enough, though "for" is closer
  CHECK(keywords("fore") == "for");
  CHECK(keywords("els") == "else");
  CHECK(keywords("endfi") == "endif");
  CHECK(keywords("endfo") == "endif");  // "endfor" is closer but comes later
  CHECK(keywords("elseif") == "else");
  CHECK(keywords("forr") == "for");
  CHECK(keywords("while").empty());
  CHECK(keywords("switch").empty());
  CHECK(base::name_suggestion("x", {}).empty());
  CHECK(base::name_suggestion("", {"ab", "abc"}) == "ab");
}
