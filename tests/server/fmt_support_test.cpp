// What fmt and docs rely on besides the engine: unified diffs, and writing a file safely.
#include <doctest/doctest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "server/replace_file.hpp"
#include "server/unified_diff.hpp"

namespace hclspec::server {
namespace {

namespace fs = std::filesystem;

std::string numbered_lines(int count, int changed = 0) {
  std::string out;
  for (int i = 1; i <= count; ++i)
    out += "line" + std::to_string(i) + (i == changed ? "  " : "") + "\n";
  return out;
}

std::string read(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream out;
  out << in.rdbuf();
  return out.str();
}

// A fresh folder under the temporary directory, removed at the end.
struct Folder {
  fs::path path = fs::temp_directory_path() / ("hclspec-fmt-test-" + std::to_string(::getpid()));
  Folder() {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~Folder() {
    fs::permissions(path, fs::perms::owner_all);
    fs::remove_all(path);
  }
  fs::path write(const std::string& name, const std::string& text) const {
    std::ofstream(path / name, std::ios::binary) << text;
    return path / name;
  }
  size_t entries() const {
    return static_cast<size_t>(std::distance(fs::directory_iterator(path), {}));
  }
};

// Runs replace_file(file, "new text\n") in a child process, as the unprivileged user "nobody"
// when we are root (root may write anywhere); true when it failed saying `problem`.
bool replace_file_as_unprivileged(const fs::path& file, const std::string& problem) {
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    if (::geteuid() == 0 && (::setgid(65534) != 0 || ::setuid(65534) != 0)) ::_exit(2);
    const std::string said = replace_file(file.string(), "new text\n");
    ::_exit(said.find(problem) != std::string::npos ? 0 : 1);
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

}  // namespace

TEST_CASE("unified_diff: hunks of changed lines with three lines of context") {
  CHECK(unified_diff("a\n", "a\n", "f.hcl").empty());
  CHECK(unified_diff(numbered_lines(9), numbered_lines(9, 5), "f.hcl") ==
        "--- a/f.hcl\n+++ b/f.hcl\n@@ -2,7 +2,7 @@\n line2\n line3\n line4\n-line5\n+line5  \n"
        " line6\n line7\n line8\n");
  // Changes far apart are two hunks; at the start the context is shorter.
  std::string changed = numbered_lines(20);
  changed.replace(0, 5, "line1 ");
  changed.replace(changed.find("line20"), 6, "line20 ");
  CHECK(unified_diff(numbered_lines(20), changed, "f.hcl") ==
        "--- a/f.hcl\n+++ b/f.hcl\n@@ -1,4 +1,4 @@\n-line1\n+line1 \n line2\n line3\n line4\n"
        "@@ -17,4 +17,4 @@\n line17\n line18\n line19\n-line20\n+line20 \n");
  // Changes up to six lines apart share a hunk.
  changed = numbered_lines(20);
  changed.replace(changed.find("line4"), 5, "line4 ");
  changed.replace(changed.find("line11"), 6, "line11 ");
  const std::string diff = unified_diff(numbered_lines(20), changed, "f.hcl");
  CHECK(diff.find("@@ -1,14 +1,14 @@\n") != std::string::npos);
  CHECK(diff.find("\n@@ -") == diff.rfind("\n@@ -"));  // one hunk
  // A last line without a newline says so.
  CHECK(unified_diff("a\nb", "a\nb ", "f.hcl") ==
        "--- a/f.hcl\n+++ b/f.hcl\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b \n"
        "\\ No newline at end of file\n");
  // Texts of different line counts (not from formatting) still give a diff that applies.
  CHECK(unified_diff("a\nb\n", "a\n", "f.hcl") ==
        "--- a/f.hcl\n+++ b/f.hcl\n@@ -1,2 +1 @@\n a\n-b\n");
}

TEST_CASE("replace_file replaces the content and keeps the permissions, leaving nothing behind") {
  Folder folder;
  const fs::path file = folder.write("a.hcl", "old text\n");
  ::chmod(file.c_str(), 0640);
  CHECK(replace_file(file.string(), "new text\n").empty());
  CHECK(read(file) == "new text\n");
  struct stat after {};
  REQUIRE(::stat(file.c_str(), &after) == 0);
  CHECK((after.st_mode & 07777) == 0640);
  CHECK(folder.entries() == 1);  // no temporary file left
}

TEST_CASE("write_file makes a new file with a new file's permissions, or replaces one") {
  Folder folder;
  const mode_t mask = ::umask(022);
  CHECK(write_file((folder.path / "new.md").string(), "docs\n").empty());
  ::umask(mask);
  CHECK(read(folder.path / "new.md") == "docs\n");
  struct stat made {};
  REQUIRE(::stat((folder.path / "new.md").c_str(), &made) == 0);
  CHECK((made.st_mode & 07777) == 0644);
  CHECK(folder.entries() == 1);  // no temporary file left

  // A file there is replaced as replace_file does it, keeping its permissions.
  ::chmod((folder.path / "new.md").c_str(), 0600);
  CHECK(write_file((folder.path / "new.md").string(), "more docs\n").empty());
  CHECK(read(folder.path / "new.md") == "more docs\n");
  REQUIRE(::stat((folder.path / "new.md").c_str(), &made) == 0);
  CHECK((made.st_mode & 07777) == 0600);

  // A folder that does not exist: an error, and nothing is made.
  CHECK(write_file((folder.path / "missing" / "a.md").string(), "x\n")
            .find("cannot create a temporary file") != std::string::npos);
  CHECK(folder.entries() == 1);
}

TEST_CASE("replace_file keeps set-ID bits and the owner, takes long names, refuses hard links") {
  Folder folder;
  const fs::path file = folder.write("s.hcl", "old\n");
  ::chmod(file.c_str(), 06755);
  CHECK(replace_file(file.string(), "new\n").empty());
  struct stat after {};
  REQUIRE(::stat(file.c_str(), &after) == 0);
  CHECK((after.st_mode & 07777) == 06755);  // changing the owner first would have cleared them

  const fs::path long_name = folder.write(std::string(250, 'n') + ".hcl", "old\n");
  CHECK(replace_file(long_name.string(), "new\n").empty());
  CHECK(read(long_name) == "new\n");

  const fs::path linked = folder.write("linked.hcl", "old\n");
  fs::create_hard_link(linked, folder.path / "other.hcl");
  CHECK(replace_file(linked.string(), "new\n").find("hard links") != std::string::npos);
  CHECK(read(folder.path / "other.hcl") == "old\n");
  CHECK(read(linked) == "old\n");
}

TEST_CASE("replace_file fails cleanly when the file vanished or cannot be replaced") {
  Folder folder;
  // The file is gone by the time it is written: an error, and nothing is created.
  const std::string message = replace_file((folder.path / "gone.hcl").string(), "text\n");
  CHECK(message.find("No such file") != std::string::npos);
  CHECK(folder.entries() == 0);

  // The rename fails (a folder is in the way): the folder stays, the temporary file is removed.
  fs::create_directory(folder.path / "dir.hcl");
  CHECK(replace_file((folder.path / "dir.hcl").string(), "text\n").find("cannot replace it") !=
        std::string::npos);
  CHECK(fs::is_directory(folder.path / "dir.hcl"));
  CHECK(folder.entries() == 1);
}

TEST_CASE("replace_file in a folder it may not write leaves the file as it was") {
  Folder folder;
  const fs::path file = folder.write("a.hcl", "old text\n");
  ::chmod(file.c_str(), 0666);  // the file may be written; its folder may not
  ::chmod(folder.path.c_str(), 0555);
  CHECK(replace_file_as_unprivileged(file, "cannot create a temporary file"));
  CHECK(read(file) == "old text\n");
  CHECK(folder.entries() == 1);
}

TEST_CASE("replace_file refuses a file it may not write, though its folder allows the rename") {
  Folder folder;
  ::chmod(folder.path.c_str(), 0777);
  const fs::path file = folder.write("a.hcl", "old text\n");
  ::chmod(file.c_str(), 0444);
  CHECK(replace_file_as_unprivileged(file, "cannot be rewritten"));
  CHECK(read(file) == "old text\n");
  CHECK(folder.entries() == 1);
}

}  // namespace hclspec::server
