// SpecStore: loads once, shared between threads, reloads after invalidate, reports broken specs.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "server/fake_files.hpp"
#include "server/spec_store.hpp"

namespace hclspec::server {
namespace {

// Counts reads and makes each one slow, so two threads asking at once overlap.
class CountingFiles final : public FileAccess {
 public:
  testing::FakeFiles disk;
  std::atomic<int> reads{0};
  std::optional<std::string> read(const std::string& path) override {
    ++reads;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    return disk.read(path);
  }
  std::optional<std::string> real_path(const std::string& path) override {
    return disk.real_path(path);
  }
};

TEST_CASE("a spec is read and loaded once, and again after invalidate") {
  CountingFiles files;
  files.disk.files["/w/job.hcldec"] = "object {\n  attr \"name\" { type = string }\n}\n";
  SpecStore store;
  const auto first = store.get("/w/job.hcldec", files);
  REQUIRE(first->usable());
  CHECK(first->tree->filename() == "/w/job.hcldec");
  CHECK(store.get("/w/job.hcldec", files) == first);
  CHECK(files.reads == 1);

  files.disk.files["/w/job.hcldec"] = "object {\n  attr \"name\" { type = number }\n}\n";
  CHECK(store.get("/w/job.hcldec", files) == first);  // not yet told
  store.invalidate("/w/job.hcldec");
  const auto second = store.get("/w/job.hcldec", files);
  CHECK(second != first);
  CHECK(files.reads == 2);
  CHECK(second->tree->text() == "object {\n  attr \"name\" { type = number }\n}\n");
  CHECK(first->tree->text() ==
        "object {\n  attr \"name\" { type = string }\n}\n");  // still alive for its users
}

TEST_CASE("two threads asking for the same spec at once share one load") {
  CountingFiles files;
  files.disk.files["/w/job.hcldec"] = "object {\n  attr \"name\" { type = string }\n}\n";
  SpecStore store;
  std::shared_ptr<const LoadedSpec> a, b;
  std::thread other([&] { a = store.get("/w/job.hcldec", files); });
  b = store.get("/w/job.hcldec", files);
  other.join();
  CHECK(a == b);
  CHECK(files.reads == 1);
}

TEST_CASE("a broken or unreadable spec is not usable and says why") {
  CountingFiles files;
  files.disk.files["/w/syntax.hcldec"] = "object {";
  files.disk.files["/w/model.hcldec"] = "object {\n  atr \"x\" {}\n}\n";
  files.disk.files["/w/huge.hcldec"] = std::string(kMaxReadBytes + 1, ' ');
  SpecStore store;
  const auto syntax = store.get("/w/syntax.hcldec", files);
  CHECK_FALSE(syntax->usable());
  REQUIRE_FALSE(syntax->diagnostics.empty());
  CHECK(syntax->diagnostics[0].summary == "Unclosed configuration block");
  CHECK_FALSE(syntax->file);  // as hcldec: a spec that does not parse is not read as one

  const auto model = store.get("/w/model.hcldec", files);
  CHECK_FALSE(model->usable());
  REQUIRE(model->diagnostics.size() == 1);
  CHECK(model->diagnostics[0].summary == "Unsupported block type");

  for (const char* path : {"/w/huge.hcldec", "/w/missing.hcldec"}) {
    const auto unreadable = store.get(path, files);
    CHECK_FALSE(unreadable->usable());
    CHECK_FALSE(unreadable->tree);
    REQUIRE(unreadable->diagnostics.size() == 1);
    CHECK(unreadable->diagnostics[0].summary == "Cannot read spec file");
  }
}

}  // namespace
}  // namespace hclspec::server
