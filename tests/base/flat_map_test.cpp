// FlatMap behaves as std::map for the operations it has: order, first emplace wins, lookups.
#include <doctest/doctest.h>

#include <map>
#include <string>
#include <string_view>

#include "base/flat_map.hpp"

namespace base = hclspec::base;

TEST_CASE("FlatMap keeps keys sorted and the first value emplaced, as std::map does") {
  base::FlatMap<std::string_view, int> flat;
  std::map<std::string_view, int> tree;
  const std::pair<std::string_view, int> inserts[] = {{"b", 1}, {"a", 2}, {"c", 3}, {"a", 4},
                                                      {"", 5},  {"b", 6}, {"ab", 7}};
  for (const auto& [key, value] : inserts) {
    const auto [flat_it, flat_added] = flat.emplace(key, value);
    const auto [tree_it, tree_added] = tree.emplace(key, value);
    CHECK(flat_added == tree_added);
    CHECK(flat_it->second == tree_it->second);
  }
  CHECK(std::vector<std::pair<std::string_view, int>>(flat.begin(), flat.end()) ==
        std::vector<std::pair<std::string_view, int>>(tree.begin(), tree.end()));
  CHECK(flat.find(std::string("ab"))->second == 7);
  CHECK(flat.find("zz") == flat.end());
  CHECK(flat.at(std::string("c")) == 3);
  CHECK_THROWS_AS(flat.at("d"), std::out_of_range);
  flat["d"] = 8;
  flat["a"] = 9;
  CHECK(flat.at("d") == 8);
  CHECK(flat.at("a") == 9);
  CHECK(flat.size() == 6);
}

TEST_CASE("FlatMap built from a list keeps the first of equal keys") {
  const base::FlatMap<std::string_view, int> flat(
      std::vector<std::pair<std::string_view, int>>{{"b", 1}, {"a", 2}, {"b", 3}, {"a", 4}});
  CHECK(flat.size() == 2);
  CHECK(flat.at("a") == 2);
  CHECK(flat.at("b") == 1);
  CHECK(flat.begin()->first == "a");
}
