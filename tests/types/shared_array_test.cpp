// SharedArray and SharedMap: items moved in once, shared by copies, destroyed with the last owner.
#include <doctest/doctest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "types/shared_array.hpp"

namespace hclspec::types {
namespace {

// Counts the live instances, to see when the array destroys its items.
struct Counted {
  static inline int live = 0;
  std::string text;
  explicit Counted(std::string t) : text(std::move(t)) { ++live; }
  Counted(Counted&& other) noexcept : text(std::move(other.text)) { ++live; }
  Counted(const Counted&) = delete;
  ~Counted() { --live; }
};

TEST_CASE("a shared array holds the items it was given, shared by its copies") {
  std::vector<Counted> items;
  items.emplace_back("a");
  items.emplace_back("a string too long to be stored inside a std::string");
  SharedArray<Counted> array(std::move(items));
  items.clear();
  CHECK(Counted::live == 2);
  REQUIRE(array.items().size() == 2);
  CHECK(array.items()[0].text == "a");
  CHECK(array.items()[1].text == "a string too long to be stored inside a std::string");
  CHECK(array.solely_owned());
  CHECK(array.sole_items().size() == 2);
  {
    const SharedArray<Counted> copy = array;
    CHECK(copy.items().data() == array.items().data());
    CHECK_FALSE(array.solely_owned());
    CHECK(array.sole_items().empty());  // not to be taken apart while another owner reads it
  }
  CHECK(array.solely_owned());
  SharedArray<Counted> moved = std::move(array);
  CHECK(moved.items().size() == 2);
  CHECK(array.items().empty());  // NOLINT(bugprone-use-after-move): a moved-from array is empty
  moved = SharedArray<Counted>();
  CHECK(Counted::live == 0);
}

TEST_CASE("an empty shared array allocates nothing and owns nothing") {
  const SharedArray<int> none(std::vector<int>{});
  CHECK(none.items().empty());
  CHECK_FALSE(none.solely_owned());
  const SharedArray<int> default_made;
  CHECK(default_made.items().empty());
}

// Throws on the third move, to check that an array half made is undone.
struct Fragile {
  static inline int live = 0;
  int n;
  explicit Fragile(int v) : n(v) { ++live; }
  Fragile(Fragile&& other) : n(other.n) {
    if (n == 3) throw std::runtime_error("no");
    ++live;
  }
  ~Fragile() { --live; }
};

TEST_CASE("an item that throws while moved in leaves nothing behind") {
  {
    std::vector<Fragile> items;
    items.reserve(4);
    for (int i = 1; i <= 4; ++i) items.emplace_back(i);
    CHECK_THROWS_AS(SharedArray<Fragile>(std::move(items)), std::runtime_error);
    CHECK(Fragile::live == 4);  // the two moved in were destroyed; the vector's four remain
  }
  CHECK(Fragile::live == 0);
}

TEST_CASE("a shared array made in place makes its items in order, and undoes a failed one") {
  std::vector<size_t> asked;
  const SharedArray<Counted> array(3, [&](size_t i) {
    asked.push_back(i);
    return Counted(std::string(i + 1, 'x'));
  });
  CHECK(asked == std::vector<size_t>{0, 1, 2});
  REQUIRE(array.items().size() == 3);
  CHECK(array.items()[2].text == "xxx");
  CHECK(Counted::live == 3);
  CHECK(SharedArray<Counted>(0, [](size_t) -> Counted { throw std::logic_error("not asked"); })
            .items()
            .empty());
  CHECK_THROWS_AS(SharedArray<Counted>(4,
                                       [](size_t i) {
                                         if (i == 2) throw std::runtime_error("no");
                                         return Counted("made");
                                       }),
                  std::runtime_error);
  CHECK(Counted::live == 3);  // the two made before the failure were destroyed
}

TEST_CASE("a shared map packs its keys and keeps each value with its key") {
  std::vector<std::pair<std::string, Counted>> entries;
  entries.emplace_back("", Counted("empty key"));
  entries.emplace_back("b", Counted("one"));
  entries.emplace_back("a key longer than a std::string holds inside", Counted("long"));
  SharedMap<Counted> map(std::move(entries));
  entries.clear();
  CHECK(Counted::live == 3);
  REQUIRE(map.size() == 3);
  CHECK(map.key(0) == "");
  CHECK(map.key(1) == "b");
  CHECK(map.key(2) == "a key longer than a std::string holds inside");
  CHECK(map.values()[0].text == "empty key");
  CHECK(map.values()[1].text == "one");
  CHECK(map.values()[2].text == "long");
  {
    const SharedMap<Counted> copy = map;
    CHECK(copy.values().data() == map.values().data());
    CHECK(map.sole_values().empty());
  }
  CHECK(map.sole_values().size() == 3);
  map = SharedMap<Counted>();
  CHECK(map.size() == 0);
  CHECK(Counted::live == 0);
}

}  // namespace
}  // namespace hclspec::types
