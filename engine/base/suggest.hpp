// "Did you mean ...?" suggestions by edit distance, as HCL's nameSuggestion chooses them.
#pragma once

#include <initializer_list>
#include <span>
#include <string_view>

namespace hclspec::base {

// Edit distance between two strings, counted in Unicode code points.
size_t levenshtein_distance(std::string_view a, std::string_view b);

// The first candidate within edit distance 2 of `given`, or an empty view.
std::string_view name_suggestion(std::string_view given,
                                 std::span<const std::string_view> candidates);
inline std::string_view name_suggestion(std::string_view given,
                                        std::initializer_list<std::string_view> candidates) {
  return name_suggestion(given, std::span(candidates.begin(), candidates.size()));
}

}  // namespace hclspec::base
