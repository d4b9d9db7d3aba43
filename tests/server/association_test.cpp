// associate() on a fake disk: each route, their precedence, modelines, escapes and project files.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "engine/spec/expected.hpp"
#include "engine/spec/validate.hpp"
#include "engine/syntax/parser.hpp"
#include "server/fake_files.hpp"
#include "server/spec_association.hpp"
#include "server/spec_binding.hpp"

namespace hclspec::server {
namespace {

using Kind = Association::Kind;

constexpr const char* kSecret = "AWS_SECRET=hunter2";

// A workspace /w with a spec inside and a secret outside, trusted at /w.
struct Workspace {
  testing::FakeFiles files;
  AssociationContext context;
  Workspace() {
    files.files["/w/specs/job.hcldec"] = "object {}";
    files.files["/w/specs/other.hcldec"] = "object {}";
    files.files["/w/jobs/web.hcl"] = "a = 1\n";
    files.files["/secret/env.hcldec"] = kSecret;
    files.files["/etc/passwd"] = kSecret;
    context.trust_root = "/w";
  }
  Association run(const std::string& path, std::string_view text = "a = 1\n") {
    return associate(path, text, context, files);
  }
  bool was_read(std::string_view prefix) const {
    return std::any_of(files.reads.begin(), files.reads.end(),
                       [&](const std::string& read) { return read.starts_with(prefix); });
  }
};

TEST_CASE("spec files and project files are recognised by name, before any modeline") {
  Workspace w;
  const Association meta = w.run("/w/specs/x.hcldec", "# hclspec: none\nobject {}\n");
  CHECK(meta.kind == Kind::MetaSpec);
  CHECK(meta.chosen_by == "built-in meta-spec of .hcldec files");
  const Association project = w.run("/w/.hclspec.hcl", "# hclspec: specs/job.hcldec\n");
  CHECK(project.kind == Kind::ProjectFile);
  CHECK(project.chosen_by == "built-in spec of .hclspec.hcl files");
  CHECK(w.files.reads.empty());
}

TEST_CASE("a file nothing matches gets no spec") {
  Workspace w;
  const Association none = w.run("/w/app.hcl");
  CHECK(none.kind == Kind::None);
  CHECK(none.problem.empty());
  CHECK(none.chosen_by.empty());
  CHECK(none.project_file.empty());
}

TEST_CASE("a modeline names the spec relative to the file's folder") {
  Workspace w;
  const std::string text = "# hclspec: ../specs/job.hcldec\nname = 1\n";
  const Association a = w.run("/w/jobs/web.hcl", text);
  CHECK(a.kind == Kind::Spec);
  CHECK(a.problem == "");
  CHECK(a.spec_path == "/w/specs/job.hcldec");
  CHECK(a.spec_as_written == "../specs/job.hcldec");
  CHECK(a.chosen_by == "modeline on line 1");
  REQUIRE(a.modeline);
  CHECK(a.modeline->slice(text) == "# hclspec: ../specs/job.hcldec");
  CHECK_FALSE(w.was_read("/w/specs"));  // associating never reads the spec
}

TEST_CASE("a modeline may follow other leading comments, blank lines and block comments") {
  Workspace w;
  const std::string text =
      "\xEF\xBB\xBF# Copyright someone\n"
      "\n"
      "/* license\n"
      "   text */\n"
      "  //   hclspec:   specs/job.hcldec  \r\n"
      "a = 1\n";
  const Association a = w.run("/w/app.hcl", text);
  CHECK(a.kind == Kind::Spec);
  CHECK(a.spec_path == "/w/specs/job.hcldec");
  CHECK(a.chosen_by == "modeline on line 5");
  REQUIRE(a.modeline);
  CHECK(a.modeline->slice(text) == "//   hclspec:   specs/job.hcldec");
}

TEST_CASE("a modeline after the first non-comment line is ignored") {
  Workspace w;
  for (const char* text :
       {"a = 1\n# hclspec: specs/job.hcldec\n", "/* c */ a = 1\n# hclspec: specs/job.hcldec\n",
        "a = 1 # hclspec: specs/job.hcldec\n"}) {
    CAPTURE(text);
    const Association a = w.run("/w/app.hcl", text);
    CHECK(a.kind == Kind::None);
    CHECK_FALSE(a.modeline);
  }
}

TEST_CASE("'# hclspec: none' turns checking off, before any rule") {
  Workspace w;
  w.files.files["/w/.hclspec.hcl"] = R"(rule {
  files = ["*.hcl"]
  spec  = "specs/job.hcldec"
})";
  w.context.client_rules = {{{"**"}, "/w/specs/other.hcldec"}};
  w.context.client_rules_base = "/w";
  const Association a = w.run("/w/app.hcl", "# hclspec: none\n");
  CHECK(a.kind == Kind::Off);
  CHECK(a.chosen_by == "modeline on line 1");
  CHECK(a.modeline);
  CHECK_FALSE(w.was_read("/w/.hclspec.hcl"));
}

TEST_CASE("routes in order: modeline, then the nearest .hclspec.hcl, then client rules") {
  Workspace w;
  w.files.files["/w/.hclspec.hcl"] = R"(
rule {
  files = ["jobs/**/*.hcl"]
  spec  = "specs/job.hcldec"
}
rule {
  files = ["jobs/web.hcl", "*.job.hcl"]
  spec  = "specs/other.hcldec"
}
)";
  w.context.client_rules = {{{"*.tf"}, "specs/job.hcldec"}, {{"**/*.hcl"}, "/elsewhere/c.hcldec"}};
  w.context.client_rules_base = "/w";
  w.files.files["/elsewhere/c.hcldec"] = "object {}";

  SUBCASE("modeline first") {
    const Association a = w.run("/w/jobs/web.hcl", "# hclspec: ../specs/other.hcldec\n");
    CHECK(a.spec_path == "/w/specs/other.hcldec");
    CHECK(a.chosen_by == "modeline on line 1");
  }
  SUBCASE("the first matching rule wins") {
    const Association a = w.run("/w/jobs/web.hcl");
    CHECK(a.kind == Kind::Spec);
    CHECK(a.spec_path == "/w/specs/job.hcldec");
    CHECK(a.chosen_by == "rule 1 in /w/.hclspec.hcl");
    CHECK(a.project_file == "/w/.hclspec.hcl");
    CHECK_FALSE(a.modeline);
  }
  SUBCASE("a later rule when the first does not match") {
    const Association a = w.run("/w/api.job.hcl");
    CHECK(a.spec_path == "/w/specs/other.hcldec");
    CHECK(a.chosen_by == "rule 2 in /w/.hclspec.hcl");
  }
  SUBCASE("client rules when no project rule matches; they may point anywhere") {
    const Association a = w.run("/w/misc/app.hcl");
    CHECK(a.kind == Kind::Spec);
    CHECK(a.problem == "");
    CHECK(a.spec_path == "/elsewhere/c.hcldec");
    CHECK(a.chosen_by == "client setting hclspec.rules[1]");
    CHECK(a.project_file == "/w/.hclspec.hcl");  // consulted, so watched
  }
  SUBCASE("client rules' spec paths are relative to their base") {
    const Association a = w.run("/w/main.tf");
    CHECK(a.spec_path == "/w/specs/job.hcldec");
    CHECK(a.chosen_by == "client setting hclspec.rules[0]");
  }
  SUBCASE("a file outside the client rules' base matches none of them") {
    w.context.client_rules_base = "/w/jobs";
    CHECK(w.run("/w/main.tf").kind == Kind::None);
  }
}

TEST_CASE("only the nearest .hclspec.hcl counts, with globs relative to its folder") {
  Workspace w;
  w.files.files["/w/.hclspec.hcl"] = R"(rule {
  files = ["**"]
  spec  = "specs/job.hcldec"
})";
  w.files.files["/w/team/.hclspec.hcl"] = R"(rule {
  files = ["svc/*.hcl"]
  spec  = "../specs/other.hcldec"
})";
  const Association nearest = w.run("/w/team/svc/a.hcl");
  CHECK(nearest.spec_path == "/w/specs/other.hcldec");
  CHECK(nearest.chosen_by == "rule 1 in /w/team/.hclspec.hcl");
  // The nearest file has no rule for it: the one above is not consulted.
  const Association unmatched = w.run("/w/team/other.hcl");
  CHECK(unmatched.kind == Kind::None);
  CHECK(unmatched.project_file == "/w/team/.hclspec.hcl");
  CHECK(w.run("/w/top.hcl").chosen_by == "rule 1 in /w/.hclspec.hcl");
}

TEST_CASE("a rule's dynamic_blocks reaches the binding the features read, for its files only") {
  Workspace w;
  w.files.files["/w/.hclspec.hcl"] = R"(rule {
  files          = ["jobs/*.nomad"]
  spec           = "specs/job.hcldec"
  dynamic_blocks = true
}
rule {
  files = ["**"]
  spec  = "specs/job.hcldec"
})";
  const Association nomad = w.run("/w/jobs/web.nomad");
  CHECK(nomad.chosen_by == "rule 1 in /w/.hclspec.hcl");
  CHECK(nomad.dynamic_blocks);
  CHECK(spec_binding(nomad, nullptr, "job.hcldec").options.dynamic_blocks ==
        spec::DynamicBlocks::Check);
  const Association other = w.run("/w/jobs/web.hcl");
  CHECK(other.chosen_by == "rule 2 in /w/.hclspec.hcl");
  CHECK_FALSE(other.dynamic_blocks);
  CHECK(spec_binding(other, nullptr, "job.hcldec").options.dynamic_blocks ==
        spec::DynamicBlocks::Off);
}

TEST_CASE("the client's dynamic blocks setting adds to every route to a spec, and only a spec") {
  Workspace w;
  w.context.dynamic_blocks = true;
  w.files.files["/w/.hclspec.hcl"] = R"(rule {
  files          = ["jobs/*.nomad"]
  spec           = "specs/job.hcldec"
  dynamic_blocks = false
})";
  CHECK(w.run("/w/jobs/web.nomad").dynamic_blocks);
  CHECK(w.run("/w/a.hcl", "# hclspec: specs/job.hcldec\n").dynamic_blocks);
  CHECK_FALSE(w.run("/w/specs/job.hcldec").dynamic_blocks);
  CHECK_FALSE(w.run("/w/.hclspec.hcl").dynamic_blocks);
  CHECK_FALSE(w.run("/w/none.hcl").dynamic_blocks);  // no spec applies
}

TEST_CASE("the search for .hclspec.hcl stops at the trust root") {
  Workspace w;
  w.files.files["/.hclspec.hcl"] = R"(rule {
  files = ["**"]
  spec  = "w/specs/job.hcldec"
})";
  CHECK(w.run("/w/a/b.hcl").kind == Kind::None);
  CHECK_FALSE(w.was_read("/.hclspec.hcl"));
  // A file outside the trust root looks up to the file system's root, where what is found is
  // outside the trust root too: not read, and said so.
  w.files.files["/other/x.hcl"] = "";
  const Association outside = w.run("/other/x.hcl");
  CHECK(outside.project_file == "/.hclspec.hcl");
  CHECK(outside.problem ==
        "The project file /.hclspec.hcl is outside the workspace folder, so it was not read.");
  CHECK_FALSE(w.was_read("/.hclspec.hcl"));
  // With rules confined to their project file's folder (lint), the file there is used.
  w.context.confine_project_rules_to_their_folder = true;
  const Association confined = w.run("/other/x.hcl");
  CHECK(confined.chosen_by == "rule 1 in /.hclspec.hcl");
  CHECK(confined.problem == "");
  CHECK(confined.spec_path == "/w/specs/job.hcldec");
}

TEST_CASE("a modeline or rule may not name a spec outside the trust root") {
  Workspace w;
  w.files.links["/w/specs/link.hcldec"] = "/secret/env.hcldec";
  w.files.links["/w/specs/up"] = "/secret";
  struct Case {
    const char* name;
    const char* modeline;
  };
  for (const Case c : {Case{"..", "../../secret/env.hcldec"}, Case{"absolute", "/etc/passwd"},
                       Case{"symlink to a file", "../specs/link.hcldec"},
                       Case{"symlink to a folder", "../specs/up/env.hcldec"},
                       Case{"missing outside", "../../nothing/here.hcldec"}}) {
    CAPTURE(std::string(c.name));
    w.files.reads.clear();
    const std::string text = std::string("# hclspec: ") + c.modeline + "\n";
    const Association a = w.run("/w/jobs/web.hcl", text);
    CHECK(a.kind == Kind::Spec);
    CHECK(a.problem.find("is outside the workspace folder, so it was not read") !=
          std::string::npos);
    CHECK(a.problem.find(std::string("\"") + c.modeline + "\"") != std::string::npos);
    CHECK(a.problem.find("hunter2") == std::string::npos);
    CHECK(a.modeline);
    CHECK(w.files.reads.empty());
  }
}

TEST_CASE("'..' that stays inside the trust root is fine") {
  Workspace w;
  const Association a = w.run("/w/jobs/web.hcl", "# hclspec: ../jobs/../specs/./job.hcldec\n");
  CHECK(a.problem == "");
  CHECK(a.spec_path == "/w/specs/job.hcldec");
}

TEST_CASE("a missing spec or an empty modeline is a problem") {
  Workspace w;
  const Association missing = w.run("/w/a.hcl", "# hclspec: specs/nope.hcldec\n");
  CHECK(missing.kind == Kind::Spec);
  CHECK(missing.spec_path == "specs/nope.hcldec");
  CHECK(missing.problem ==
        "The spec file \"specs/nope.hcldec\" (modeline on line 1) does not exist.");
  const Association empty = w.run("/w/a.hcl", "# hclspec:\n");
  CHECK(empty.problem == "No spec file is named (modeline on line 1).");
}

TEST_CASE("project rules: trusted up to the trust root, or confined to their own folder") {
  Workspace w;
  w.files.files["/w/team/.hclspec.hcl"] = R"(
rule {
  files = ["a.hcl"]
  spec  = "../specs/job.hcldec"
}
rule {
  files = ["b.hcl"]
  spec  = "../../secret/env.hcldec"
}
)";
  CHECK(w.run("/w/team/a.hcl").problem == "");
  const Association escape = w.run("/w/team/b.hcl");
  CHECK(escape.chosen_by == "rule 2 in /w/team/.hclspec.hcl");
  CHECK(escape.problem.find("outside the workspace folder") != std::string::npos);
  CHECK_FALSE(w.was_read("/secret"));

  w.context.confine_project_rules_to_their_folder = true;
  const Association confined = w.run("/w/team/a.hcl");
  CHECK(confined.problem.find("outside the folder of /w/team/.hclspec.hcl") != std::string::npos);
}

TEST_CASE(
    "a project file with errors is reported to the files it governs, and checks as a config") {
  Workspace w;
  const std::string text = R"(rule {
  files = "*.hcl"
  spek  = "specs/job.hcldec"
}
)";
  w.files.files["/w/.hclspec.hcl"] = text;
  const Association a = w.run("/w/app.hcl");
  CHECK(a.kind == Kind::None);
  CHECK(a.project_file == "/w/.hclspec.hcl");
  CHECK(a.problem.starts_with("The project file /w/.hclspec.hcl has errors"));

  const auto tree = syntax::parse_config(text, "/w/.hclspec.hcl");
  const base::Diagnostics diags = spec::validate(tree.get(), project_file_spec());
  std::vector<std::string> summaries;
  for (const base::Diagnostic& diag : diags) summaries.push_back(diag.summary);
  CHECK(summaries == std::vector<std::string>{"Missing required argument", "Unsupported argument",
                                              "Incorrect attribute value type"});
}

TEST_CASE("an unreadable or escaping project file is a problem, not a read") {
  Workspace w;
  SUBCASE("too large") {
    w.files.files["/w/.hclspec.hcl"] = std::string(kMaxReadBytes + 1, '#');
    CHECK(w.run("/w/a.hcl").problem.find("larger than 16 MiB") != std::string::npos);
  }
  SUBCASE("a link out of the trust root") {
    w.files.links["/w/.hclspec.hcl"] = "/secret/env.hcldec";
    const Association a = w.run("/w/a.hcl");
    CHECK(a.problem ==
          "The project file /w/.hclspec.hcl is a link to a file outside the "
          "workspace folder, so it was not read.");
    CHECK(w.files.reads.empty());
  }
}

TEST_CASE("a matched JSON file is associated like any other") {
  Workspace w;
  w.context.client_rules = {{{"*.json"}, "specs/job.hcldec"}};
  w.context.client_rules_base = "/w";
  CHECK(w.run("/w/app.json", "{}").spec_path == "/w/specs/job.hcldec");
}

TEST_CASE("the built-in spec of .hclspec.hcl files describes its blocks and attributes") {
  const spec::ExpectedBody root = spec::expected_body(*project_file_spec().root);
  const spec::ExpectedBlock* rule = spec::find_block(root, "rule");
  REQUIRE(rule);
  CHECK(rule->kind == spec::ExpectedBlock::Kind::BlockList);
  CHECK(rule->description.starts_with("Says which spec checks which files."));
  const spec::ExpectedBody body = spec::expected_body(*rule);
  const spec::ExpectedAttribute* files = spec::find_attribute(body, "files");
  const spec::ExpectedAttribute* spec_path = spec::find_attribute(body, "spec");
  REQUIRE(files);
  REQUIRE(spec_path);
  CHECK(files->required);
  CHECK(files->description.starts_with("Globs of the files the rule applies to"));
  CHECK(spec_path->description.starts_with("The hcldec spec file"));
  CHECK(&project_file_spec() == &project_file_spec());
}

}  // namespace
}  // namespace hclspec::server
