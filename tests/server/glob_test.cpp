// The globs of association rules: `*` and `?` within a name, `**` across folders, classes, "./".
#include <doctest/doctest.h>

#include "server/spec_association.hpp"

namespace hclspec::server {
namespace {

struct GlobCase {
  const char* glob;
  const char* path;
  bool matches;
};

TEST_CASE("glob_matches") {
  const GlobCase cases[] = {
      {"*.hcl", "a.hcl", true},
      {"*.hcl", ".hcl", true},
      {"*.hcl", "jobs/a.hcl", false},  // `*` does not cross '/'
      {"*.job.hcl", "api.job.hcl", true},
      {"*.job.hcl", "api.hcl", false},
      {"jobs/*", "jobs/a.hcl", true},
      {"jobs/*", "jobs/x/a.hcl", false},
      {"jobs/**/*.hcl", "jobs/a.hcl", true},  // `**/` also matches no folder
      {"jobs/**/*.hcl", "jobs/x/a.hcl", true},
      {"jobs/**/*.hcl", "jobs/x/y/z/a.hcl", true},
      {"jobs/**/*.hcl", "jobsx/a.hcl", false},
      {"jobs/**/*.hcl", "other/jobs/a.hcl", false},  // anchored at the base folder
      {"**/*.hcl", "a.hcl", true},
      {"**/*.hcl", "a/b/c.hcl", true},
      {"**/*.hcl", "a/b/c.tf", false},
      {"jobs/**", "jobs/a/b.hcl", true},
      {"jobs/**", "jobs", false},
      {"**", "a/b/c", true},
      {"a**b", "axxb", true},  // `**` inside a name is a plain `*`
      {"a**b", "ax/xb", false},
      {"?.hcl", "a.hcl", true},
      {"?.hcl", "ab.hcl", false},
      {"a?b", "a/b", false},  // `?` does not match '/'
      {"[abc].hcl", "b.hcl", true},
      {"[abc].hcl", "d.hcl", false},
      {"[a-c]x", "cx", true},
      {"[a-c]x", "dx", false},
      {"[!a-c]x", "dx", true},
      {"[^a-c]x", "ax", false},
      {"[]]x", "]x", true},
      {"a[/]b", "a/b", false},
      {"[ab", "[ab", true},  // an unclosed bracket is literal
      {"./jobs/*.hcl", "jobs/a.hcl", true},
      {"./././*.hcl", "a.hcl", true},
      {"jobs/*.hcl", "./jobs/a.hcl", true},
      {"", "", true},
      {"", "a", false},
      {"a.hcl", "a.hcl", true},
      {"a.hcl", "a.hclx", false},
  };
  for (const GlobCase& c : cases) {
    CAPTURE(c.glob);
    CAPTURE(c.path);
    CHECK(glob_matches(c.glob, c.path) == c.matches);
  }
}

TEST_CASE("many stars match in time proportional to the glob times the path") {
  const std::string path(2000, 'a');
  std::string glob;
  for (int i = 0; i < 200; ++i) glob += "*a";
  CHECK(glob_matches(glob + "b", path) == false);
  CHECK(glob_matches(glob, path) == true);
}

}  // namespace
}  // namespace hclspec::server
