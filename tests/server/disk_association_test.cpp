// associate() and DiskFileAccess on real temporary folders with real symbolic links.
#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "server/spec_association.hpp"

namespace hclspec::server {
namespace {

namespace fs = std::filesystem;

// /tmp/hclspec-XXXXXX holding ws/ (the trust root) and a secret next to it; removed at the end.
struct TempTree {
  fs::path top;
  TempTree() {
    std::string pattern = (fs::temp_directory_path() / "hclspec-assoc-XXXXXX").string();
    REQUIRE(::mkdtemp(pattern.data()) != nullptr);
    top = fs::canonical(pattern);
    write("ws/specs/job.hcldec", "object {}\n");
    write("ws/jobs/web/app.hcl", "a = 1\n");
    write("secret.hcldec", "TOKEN=hunter2\n");
    write("ws/.hclspec.hcl",
          "rule {\n  files = [\"jobs/**/*.hcl\"]\n  spec = \"specs/job.hcldec\"\n}\n");
    fs::create_symlink("../../secret.hcldec", top / "ws/specs/leak.hcldec");
    fs::create_symlink("..", top / "ws/specs/up");
    fs::create_symlink(top / "ws", top / "ws-link");
  }
  ~TempTree() { fs::remove_all(top); }
  void write(const std::string& relative, const std::string& text) const {
    fs::create_directories((top / relative).parent_path());
    std::ofstream(top / relative) << text;
  }
  std::string path(const std::string& relative) const { return (top / relative).string(); }
};

TEST_CASE("real folders: modelines, rules and escapes through real symlinks") {
  const TempTree tree;
  DiskFileAccess files;
  AssociationContext context;
  context.trust_root = tree.path("ws");

  const Association by_rule =
      associate(tree.path("ws/jobs/web/app.hcl"), "a = 1\n", context, files);
  CHECK(by_rule.problem == "");
  CHECK(by_rule.spec_path == tree.path("ws/specs/job.hcldec"));
  CHECK(by_rule.chosen_by == "rule 1 in " + tree.path("ws/.hclspec.hcl"));

  // The same file reached through a link to the workspace is inside it too.
  const Association via_link =
      associate(tree.path("ws-link/jobs/web/app.hcl"), "a = 1\n", context, files);
  CHECK(via_link.problem == "");
  CHECK(via_link.spec_path == tree.path("ws/specs/job.hcldec"));

  const std::string app = tree.path("ws/app.hcl");
  CHECK(associate(app, "# hclspec: specs/up/specs/job.hcldec\n", context, files).problem == "");
  for (const char* escape : {"# hclspec: specs/leak.hcldec\n", "# hclspec: ../secret.hcldec\n",
                             "# hclspec: specs/up/../secret.hcldec\n"}) {
    CAPTURE(std::string(escape));
    const Association a = associate(app, escape, context, files);
    CHECK(a.problem.find("is outside the workspace folder, so it was not read") !=
          std::string::npos);
    CHECK(a.problem.find("hunter2") == std::string::npos);
  }
  const Association missing = associate(app, "# hclspec: specs/gone.hcldec\n", context, files);
  CHECK(missing.problem.find("does not exist") != std::string::npos);
}

TEST_CASE("DiskFileAccess reads whole regular files up to the bound") {
  const TempTree tree;
  DiskFileAccess files;
  CHECK(files.read(tree.path("ws/specs/job.hcldec")) == "object {}\n");
  CHECK(files.read(tree.path("ws/specs/leak.hcldec")) == "TOKEN=hunter2\n");  // links are followed
  CHECK_FALSE(files.read(tree.path("ws/specs")));                             // a folder
  CHECK_FALSE(files.read(tree.path("nothing")));
  fs::resize_file(tree.path("secret.hcldec"), kMaxReadBytes + 1);
  CHECK_FALSE(files.read(tree.path("secret.hcldec")));
  fs::resize_file(tree.path("secret.hcldec"), kMaxReadBytes);
  CHECK(files.read(tree.path("secret.hcldec"))->size() == kMaxReadBytes);

  CHECK(files.real_path(tree.path("ws/specs/up/specs/./job.hcldec")) ==
        tree.path("ws/specs/job.hcldec"));
  CHECK(files.real_path(tree.path("ws/specs/leak.hcldec")) == tree.path("secret.hcldec"));
  CHECK_FALSE(files.real_path(tree.path("ws/nothing")));
}

}  // namespace
}  // namespace hclspec::server
