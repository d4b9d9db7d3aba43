// Levenshtein distance over code points, and the first-close-enough suggestion rule.
#include "base/suggest.hpp"

#include <algorithm>
#include <vector>

#include "base/unicode.hpp"

namespace hclspec::base {

namespace {

std::vector<uint32_t> code_points(std::string_view s) {
  std::vector<uint32_t> out;
  for (size_t pos = 0; pos < s.size();) {
    size_t length;
    out.push_back(decode_utf8(s, pos, length));
    pos += length;
  }
  return out;
}

}  // namespace

size_t levenshtein_distance(std::string_view a, std::string_view b) {
  const std::vector<uint32_t> x = code_points(a), y = code_points(b);
  std::vector<size_t> row(y.size() + 1);
  for (size_t j = 0; j <= y.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= x.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= y.size(); ++j) {
      const size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (x[i - 1] == y[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[y.size()];
}

std::string_view name_suggestion(std::string_view given,
                                 std::span<const std::string_view> candidates) {
  for (std::string_view candidate : candidates)
    if (levenshtein_distance(given, candidate) < 3) return candidate;
  return {};
}

}  // namespace hclspec::base
