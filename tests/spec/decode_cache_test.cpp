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

namespace {

// Jobs of tasks, each task's image of the type `image_type`, and `extra` in each job's body.
std::string job_spec(const std::string& image_type, const std::string& extra = "") {
  return "object {\n  block_list \"job\" {\n    object {\n      attr \"name\" { type = string }\n" +
         extra + "      block_list \"task\" {\n        object {\n" +
         "          attr \"driver\" { type = string }\n          attr \"image\" { type = " +
         image_type + " }\n        }\n      }\n    }\n  }\n}\n";
}

// `count` jobs of twelve tasks each, large enough to be remembered.
std::string jobs_of_tasks(size_t count) {
  std::string text;
  for (size_t j = 0; j < count; ++j) {
    text += "job {\n  name = \"j" + std::to_string(j) + "\"\n";
    for (size_t t = 0; t < 12; ++t)
      text += "  task {\n    driver = \"docker\"\n    image = 1\n  }\n";
    text += "}\n";
  }
  return text;
}

// Whether the cache entry of the first job's body holds its decoded value, not a stand-in.
bool keeps_job_value(const std::string& spec_text) {
  const std::shared_ptr<const spec::SpecFile> spec = testing::load_clean_spec(spec_text);
  auto tree = syntax::parse_config(jobs_of_tasks(2), "input.hcl");
  spec::DecodeCache cache;
  CHECK(spec::validate(tree.get(), spec, nullptr, cache) == spec::validate(tree.get(), *spec));
  const syntax::NodeId job = tree->children(tree->root()).front();
  const spec::Spec& body_spec =
      *spec::body_spec_for_chain(*spec->root, std::vector<std::string>{"job"});
  const auto entry = cache.find(tree->range(tree->children(job).back()), body_spec);
  REQUIRE(entry != nullptr);
  return entry->value.is_known();
}

}  // namespace

TEST_CASE("a validation keeps a body's value only when a diagnostic outside the body may read it") {
  // Nothing reads a job body's value: an unknown value of its type stands in for it.
  CHECK_FALSE(keeps_job_value(job_spec("number")));
  // A block list whose element type has `any` in it unifies its elements' values.
  CHECK(keeps_job_value(job_spec("any")));
  // A transform's result expression reads the value of what it wraps.
  CHECK(keeps_job_value(job_spec("number",
                                 "      block \"meta\" {\n        transform {\n"
                                 "          attr {\n            name = \"x\"\n"
                                 "            type = number\n          }\n"
                                 "          result = nested + 1\n        }\n      }\n")));
}

TEST_CASE("a block list whose bodies' values differ in type (a default's two specs) keeps them") {
  // A `default` gives its fallback's type when its primary is null: the items' values are then
  // unified as list(number), and the set of strings fails to convert, value by value.
  const std::shared_ptr<const spec::SpecFile> spec = testing::load_clean_spec(R"(
object {
  block_list "item" {
    object {
      default "v" {
        attr {
          name = "x"
          type = set(string)
        }
        attr {
          name = "y"
          type = list(number)
        }
      }
    }
  }
}
)");
  // The first item is large enough to be remembered; the second is not.
  const std::string text =
      "item {\n  x = [\"abc\"]\n  # " + std::string(600, 'p') + "\n}\nitem {\n  y = [1]\n}\n";
  auto tree = syntax::parse_config(text, "input.hcl");
  const base::Diagnostics fresh = spec::validate(tree.get(), *spec);
  REQUIRE(fresh.size() == 1);
  CHECK(fresh[0].summary == "Unconsistent argument types in item blocks");
  spec::DecodeCache cache;
  CHECK(spec::validate(tree.get(), spec, nullptr, cache) == fresh);
  CHECK(cache.size() == 1);
  // And again, from the cache.
  CHECK(spec::validate(tree.get(), spec, nullptr, cache) == fresh);
}

TEST_CASE(
    "with element types that have `any` in them, the cache gives a fresh validation's "
    "diagnostics through random edits") {
  // Images that are numbers, strings, lists or objects: the tasks' values unify, or fail to and
  // report "Unconsistent argument types", value by value.
  const std::shared_ptr<const spec::SpecFile> spec = testing::load_clean_spec(job_spec("any"));
  std::shared_ptr<const syntax::SyntaxTree> tree =
      syntax::parse_config(jobs_of_tasks(8), "input.hcl");
  spec::DecodeCache cache;
  const std::vector<std::string> snippets = {"[1, 2]", "\"x\"", "true", "{a = 1}", "3", "x"};
  std::mt19937 random(13);
  int inconsistent = 0;
  for (int step = 0; step < 200; ++step) {
    const std::string& text = tree->text();
    // Into a value of `image`: right after its "= ".
    size_t at = text.find("image = ", random() % text.size());
    if (at == std::string::npos) at = text.find("image = ");
    const auto start = static_cast<uint32_t>(at + 8);
    const syntax::TextEdit edit{start, start, snippets[random() % snippets.size()]};
    spec::DecodeCache reused =
        cache.edited(start, start, start + static_cast<uint32_t>(edit.replacement.size()));
    tree = syntax::reparse(*tree, edit);
    const base::Diagnostics with_cache = spec::validate(tree.get(), spec, nullptr, reused);
    CAPTURE(step);
    REQUIRE(with_cache == spec::validate(tree.get(), *spec));
    for (const base::Diagnostic& d : with_cache)
      inconsistent += d.summary.starts_with("Unconsistent argument types") ? 1 : 0;
    cache = std::move(reused);
  }
  CHECK(inconsistent > 0);
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
