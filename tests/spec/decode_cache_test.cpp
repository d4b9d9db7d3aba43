// The decode cache: reusing unchanged block bodies gives exactly the diagnostics of a fresh
// validation, through random edits; entries move with the text and die with the bytes they cover.
#include <doctest/doctest.h>

#include <random>
#include <string>

#include "decode_support.hpp"
#include "spec/decode_cache.hpp"
#include "spec/expected.hpp"
#include "spec/load.hpp"
#include "spec/validate.hpp"
#include "syntax/parser.hpp"
#include "syntax/reparse.hpp"

namespace hclspec::testing {

namespace {

constexpr const char* kSpec = R"(
variables {
  region = "eu"
}
object {
  block_map "job" {
    labels = ["name"]
    object {
      attr "datacenters" {
        type     = list(string)
        required = true
      }
      attr "priority" { type = number }
      block_map "group" {
        labels = ["name"]
        object {
          attr "count" { type = number }
          block_list "task" {
            min_items = 1
            object {
              attr "driver" {
                type     = string
                required = true
              }
              attr "image" { type = string }
            }
          }
        }
      }
    }
  }
}
)";

// Jobs large enough to be remembered (DecodeCache::kMinBodyBytes), with a mistake here and there.
std::string input(size_t jobs) {
  std::string text;
  for (size_t j = 0; j < jobs; ++j) {
    text += "job \"job-" + std::to_string(j) + "\" {\n";
    text += j % 3 == 0 ? "  priority = \"high\"\n" : "  datacenters = [\"dc1\"]\n";
    for (size_t g = 0; g < 6; ++g) {
      text += "  group \"g" + std::to_string(g) + "\" {\n    count = " + std::to_string(g) + "\n";
      text += "    task {\n      driver = \"docker\"\n      image = \"app:${region}\"\n    }\n";
      if ((j + g) % 4 == 0) text += "    task {\n      image = 3\n      extra = true\n    }\n";
      text += "  }\n";
    }
    text += "}\n";
  }
  return text;
}

}  // namespace

TEST_CASE("validating with the cache gives a fresh validation's diagnostics through random edits") {
  const std::shared_ptr<const spec::SpecFile> spec = testing::load_clean_spec(kSpec);
  std::shared_ptr<const syntax::SyntaxTree> tree = syntax::parse_config(input(24), "input.hcl");
  spec::DecodeCache cache;
  CHECK(spec::validate(tree.get(), spec, nullptr, cache) == spec::validate(tree.get(), *spec));
  CHECK(cache.size() == 24);  // the jobs (their groups are too small to be remembered)

  const std::vector<std::string> snippets = {"x",
                                             "\"",
                                             "{",
                                             "}",
                                             "\n",
                                             "  count = \"a\"\n",
                                             "task {\n driver = 1\n}\n",
                                             "#",
                                             "/*",
                                             "*/",
                                             "job \"job-1\" {\n}\n",
                                             "=",
                                             "${",
                                             ""};
  std::mt19937 random(7);
  spec::EditedRegion edited;
  for (int step = 0; step < 300; ++step) {
    const std::string& text = tree->text();
    const uint32_t start = static_cast<uint32_t>(random() % (text.size() + 1));
    const uint32_t removed = static_cast<uint32_t>(
        std::min<size_t>(random() % 3 == 0 ? random() % 40 : 0, text.size() - start));
    const syntax::TextEdit edit{start, start + removed, snippets[random() % snippets.size()]};
    edited.add(edit.start, edit.end, static_cast<uint32_t>(edit.replacement.size()));
    tree = syntax::reparse(*tree, edit);
    // Validations are skipped now and then, so the cache must follow several edits at once.
    if (random() % 3 == 0) continue;
    spec::DecodeCache reused = cache.edited(edited.start, edited.old_end, edited.new_end);
    const base::Diagnostics with_cache = spec::validate(tree.get(), spec, nullptr, reused);
    const base::Diagnostics fresh = spec::validate(tree.get(), *spec);
    CAPTURE(step);
    REQUIRE(with_cache == fresh);
    cache = std::move(reused);
    edited = {};
  }
}

TEST_CASE("a cache made for another spec file is not used, and a cancelled validation keeps it") {
  const std::shared_ptr<const spec::SpecFile> spec = testing::load_clean_spec(kSpec);
  const std::shared_ptr<const spec::SpecFile> other = testing::load_clean_spec(kSpec);
  auto tree = syntax::parse_config(input(4), "input.hcl");
  spec::DecodeCache cache;
  spec::validate(tree.get(), spec, nullptr, cache);
  REQUIRE(cache.spec_file() == spec);
  const size_t entries = cache.size();
  // Decoded by another (equal) spec file, the entries would name specs it does not own.
  CHECK(spec::validate(tree.get(), other, nullptr, cache) == spec::validate(tree.get(), *other));
  CHECK(cache.spec_file() == other);
  base::CancellationFlag cancelled;
  cancelled.cancel();
  spec::validate(tree.get(), spec, &cancelled, cache);
  CHECK(cache.spec_file() == other);
  CHECK(cache.size() == entries);
}

TEST_CASE("edited(): entries touching the edit are dropped, later ones move by its length") {
  const std::shared_ptr<const spec::SpecFile> spec = testing::load_clean_spec(kSpec);
  auto tree = syntax::parse_config(input(3), "input.hcl");
  spec::DecodeCache cache;
  spec::validate(tree.get(), spec, nullptr, cache);
  // The three job bodies, and where each starts.
  std::vector<base::ByteRange> jobs;
  for (syntax::NodeId item : tree->children(tree->root()))
    jobs.push_back(tree->range(tree->children(item).back()));
  REQUIRE(jobs.size() == 3);
  const spec::Spec& job_spec =
      *spec::body_spec_for_chain(*spec->root, std::vector<std::string>{"job"});
  for (const base::ByteRange& job : jobs) CHECK(cache.find(job, job_spec) != nullptr);
  // Five bytes typed inside the second job's body.
  const uint32_t at = jobs[1].start + 3;
  const spec::DecodeCache moved = cache.edited(at, at, at + 5);
  CHECK(moved.find(jobs[0], job_spec) != nullptr);
  CHECK(moved.find(jobs[1], job_spec) == nullptr);
  CHECK(moved.find({jobs[2].start + 5, jobs[2].end + 5}, job_spec) != nullptr);
  CHECK(moved.find(jobs[2], job_spec) == nullptr);
  // A body is also dropped when the edit only touches its closing brace from outside.
  CHECK(cache.edited(jobs[0].end, jobs[0].end, jobs[0].end + 1).find(jobs[0], job_spec) == nullptr);
}

TEST_CASE("EditedRegion covers every byte a run of edits changed") {
  std::mt19937 random(11);
  for (int run = 0; run < 200; ++run) {
    std::string text(200, 'a');
    for (size_t i = 0; i < text.size(); ++i) text[i] = static_cast<char>('a' + i % 26);
    const std::string before = text;
    spec::EditedRegion region;
    const int edits = 1 + static_cast<int>(random() % 5);
    for (int e = 0; e < edits; ++e) {
      const uint32_t start = static_cast<uint32_t>(random() % (text.size() + 1));
      const uint32_t end = start + static_cast<uint32_t>(random() % (text.size() - start + 1) % 12);
      const std::string inserted(random() % 8, '#');
      text = text.substr(0, start) + inserted + text.substr(end);
      region.add(start, end, static_cast<uint32_t>(inserted.size()));
    }
    CAPTURE(run);
    REQUIRE(region.any);
    // Outside the region the texts agree: same prefix, same suffix.
    CHECK(before.substr(0, region.start) == text.substr(0, region.start));
    CHECK(before.substr(region.old_end) == text.substr(region.new_end));
  }
}

}  // namespace hclspec::testing
