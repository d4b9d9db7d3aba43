// Which spec a document is checked against, through every route, and specs that change.
#include <doctest/doctest.h>

#include "session.hpp"

namespace hclspec::testing {

namespace {

const std::string kJobSpec = R"(object {
  # The job's name.
  attr "name" {
    type     = string
    required = true
  }
  attr "count" { type = number }
}
)";

bool mentions(const Session& session, const std::string& uri, const std::string& text) {
  const std::vector<json> published = session.published(uri);
  if (published.empty()) return false;
  for (const json& diagnostic : published.back()["diagnostics"])
    if (diagnostic["message"].get<std::string>().find(text) != std::string::npos) return true;
  return false;
}

json hover_at(Session& session, const std::string& uri, uint32_t line, uint32_t character) {
  return session.request("textDocument/hover", {{"textDocument", {{"uri", uri}}},
                                                {"position", position(line, character)}});
}

}  // namespace

TEST_CASE("a modeline chooses the spec; hover on it names the spec and the modeline") {
  TempFolder folder;
  folder.write("specs/job.hcldec", kJobSpec);
  const std::string text = "# hclspec: ../specs/job.hcldec\ncount = \"many\"\n";
  folder.write("jobs/a.hcl", text);
  const std::string uri = folder.uri_of("jobs/a.hcl");
  Session session;
  session.initialize({}, folder.uri());
  session.open(uri, text);
  session.settle();
  // The missing name is reported on the modeline, the bad number on its attribute.
  CHECK(session.published_codes(uri).size() == 2);
  CHECK(mentions(session, uri, "name"));
  const json hover = hover_at(session, uri, 0, 3);
  const std::string shown = hover["result"]["contents"]["value"].get<std::string>();
  CHECK(shown.find("job.hcldec") != std::string::npos);
  CHECK(shown.find("modeline") != std::string::npos);
  // The log says which spec was chosen when the document was opened.
  bool logged = false;
  for (const std::string& line : session.logged())
    logged = logged || line.find("job.hcldec") != std::string::npos;
  CHECK(logged);
}

TEST_CASE("'# hclspec: none' turns spec checks off") {
  TempFolder folder;
  folder.write("specs/job.hcldec", kJobSpec);
  folder.write(".hclspec.hcl",
               "rule {\n  files = [\"**/*.hcl\"]\n  spec  = \"specs/job.hcldec\"\n}\n");
  const std::string uri = folder.uri_of("a.hcl");
  Session session;
  session.initialize({}, folder.uri());
  session.open(uri, "# hclspec: none\nwhatever = 1\n");
  session.settle();
  CHECK(session.published_codes(uri).empty());
}

TEST_CASE("the nearest .hclspec.hcl's first matching rule chooses the spec") {
  TempFolder folder;
  folder.write("specs/job.hcldec", kJobSpec);
  folder.write(".hclspec.hcl",
               "rule {\n  files = [\"jobs/**/*.hcl\"]\n  spec  = \"specs/job.hcldec\"\n}\n");
  const std::string matched = folder.uri_of("jobs/deep/x.hcl");
  const std::string unmatched = folder.uri_of("other/y.hcl");
  Session session;
  session.initialize({}, folder.uri());
  session.open(matched, "name = \"x\"\nextra = 1\n");
  session.open(unmatched, "extra = 1\n");
  session.settle();
  CHECK(session.published_codes(matched).size() == 1);  // extra is not in the spec
  CHECK(session.published_codes(unmatched).empty());    // no rule: syntax only
  const json hover = hover_at(session, matched, 0, 1);
  CHECK(hover["result"]["contents"]["value"].get<std::string>().find("string") !=
        std::string::npos);
}

TEST_CASE("the project file itself is checked against the built-in spec") {
  TempFolder folder;
  const std::string uri = folder.uri_of(".hclspec.hcl");
  Session session;
  session.initialize({}, folder.uri());
  session.open(uri, "rule {\n  files = [\"*.hcl\"]\n}\nbogus = 1\n");
  session.settle();
  // A rule without its spec, and an argument the project file does not take.
  CHECK(session.published_codes(uri).size() == 2);
}

TEST_CASE("client rules: initializationOptions, pushed settings and pulled configuration") {
  TempFolder folder;
  folder.write("specs/job.hcldec", kJobSpec);
  const json rules = {{"rules", {{{"files", {"*.job.hcl"}}, {"spec", "specs/job.hcldec"}}}}};
  const std::string uri = folder.uri_of("a.job.hcl");
  SUBCASE("initializationOptions") {
    Session session;
    session.initialize({}, folder.uri(), rules);
    session.open(uri, "count = 1\n");
    session.settle();
    CHECK(session.published_codes(uri).size() == 1);  // name is missing
  }
  SUBCASE("workspace/didChangeConfiguration pushes settings") {
    Session session;
    session.initialize({}, folder.uri());
    session.open(uri, "count = 1\n");
    session.settle();
    CHECK(session.published_codes(uri).empty());
    session.take();
    session.notify("workspace/didChangeConfiguration", {{"settings", {{"hclspec", rules}}}});
    session.settle();
    CHECK(session.published_codes(uri).size() == 1);
  }
  SUBCASE("workspace/configuration is pulled when the client supports it") {
    Session session;
    session.initialize({{"workspace", {{"configuration", true}}}}, folder.uri());
    // The server asked for the hclspec section of the folder.
    const json ask = session.take_request("workspace/configuration");
    CHECK(ask["params"]["items"][0]["section"] == "hclspec");
    CHECK(ask["params"]["items"][0]["scopeUri"] == folder.uri());
    session.open(uri, "count = 1\n");
    session.send({{"jsonrpc", "2.0"}, {"id", ask["id"]}, {"result", json::array({rules})}});
    session.settle();
    CHECK(session.published_codes(uri).size() == 1);
    // Eglot pushes empty settings after `initialized`: the server pulls again.
    session.take();
    session.notify("workspace/didChangeConfiguration", {{"settings", json::object()}});
    CHECK(session.take_request("workspace/configuration")["params"]["items"][0]["section"] ==
          "hclspec");
  }
}

TEST_CASE("a modeline naming a file outside the workspace gets an error and the file is not read") {
  TempFolder outside;
  const std::string secret = outside.write("secrets.env", "AWS_SECRET=hunter2-very-secret\n");
  TempFolder folder;
  const std::string uri = folder.uri_of("a.hcl");
  Session session;
  session.initialize({}, folder.uri());
  session.open(uri, "# hclspec: " + secret + "\nname = 1\n");
  session.settle();
  REQUIRE(session.published_codes(uri).size() == 1);
  CHECK(session.published_codes(uri)[0].ends_with("@0"));
  for (const json& message : session.take())
    CHECK(message.dump().find("hunter2") == std::string::npos);
  // Through ".." too.
  session.open(uri,
               "# hclspec: ../" + std::filesystem::path(outside.path()).filename().string() +
                   "/secrets.env\nname = 1\n",
               2);
  session.settle();
  REQUIRE(session.published_codes(uri).size() == 1);
  for (const json& message : session.take())
    CHECK(message.dump().find("hunter2") == std::string::npos);
}

TEST_CASE("an open spec buffer edited re-validates the documents that use it") {
  TempFolder folder;
  folder.write("job.hcldec", kJobSpec);
  const std::string doc = folder.uri_of("a.hcl");
  const std::string spec = folder.uri_of("job.hcldec");
  Session session;
  session.initialize({}, folder.uri());
  session.open(doc, "# hclspec: job.hcldec\nname = \"x\"\nowner = \"me\"\n");
  session.open(spec, kJobSpec);
  session.settle();
  CHECK(session.published_codes(doc).size() == 1);  // owner is unexpected
  session.take();
  // Add `owner` to the spec in the editor, without saving.
  session.change(spec, 2,
                 json::array({range_change(7, 0, 7, 0, "  attr \"owner\" { type = string }\n")}));
  session.settle();
  CHECK(session.published_codes(doc).empty());
  CHECK(session.published_codes(spec).empty());
  session.take();
  // Break the spec: its own error in the spec, one clear diagnostic in the document.
  session.change(spec, 3, json::array({range_change(0, 0, 0, 0, "bogus {\n")}));
  session.settle();
  CHECK(!session.published_codes(spec).empty());
  REQUIRE(session.published_codes(doc).size() == 1);
  CHECK(session.published_codes(doc)[0].ends_with("@0"));
}

TEST_CASE("a spec changed on disk re-validates open documents (didChangeWatchedFiles)") {
  TempFolder folder;
  const std::string spec_path = folder.write("job.hcldec", kJobSpec);
  const std::string doc = folder.uri_of("a.hcl");
  Session session;
  const json init = session.initialize(
      {{"workspace", {{"didChangeWatchedFiles", {{"dynamicRegistration", true}}}}}}, folder.uri());
  bool registered = false;
  for (const json& message : session.take())
    registered = registered || message.value("method", "") == "client/registerCapability";
  CHECK(registered);
  session.open(doc, "# hclspec: job.hcldec\nname = \"x\"\nowner = \"me\"\n");
  session.settle();
  CHECK(session.published_codes(doc).size() == 1);
  session.take();
  folder.write(
      "job.hcldec",
      "object {\n  attr \"name\" { type = string }\n  attr \"owner\" { type = string }\n}\n");
  session.notify("workspace/didChangeWatchedFiles",
                 {{"changes", {{{"uri", folder.uri_of("job.hcldec")}, {"type", 2}}}}});
  session.settle();
  CHECK(session.published_codes(doc).empty());
  (void)spec_path;
}

}  // namespace hclspec::testing

namespace hclspec::testing {

TEST_CASE("client rules: an empty table for rules, a push after a pull, unchanged settings") {
  TempFolder folder;
  folder.write("specs/job.hcldec", kJobSpec);
  const json rules = {{"rules", {{{"files", {"*.job.hcl"}}, {"spec", "specs/job.hcldec"}}}}};
  const std::string uri = folder.uri_of("a.job.hcl");
  SUBCASE("Lua and Lisp encode an empty list as {} or null: no rules, not an error") {
    for (const json& empty : {json::object(), json()}) {
      Session session;
      const json result = session.initialize({}, folder.uri(), {{"rules", empty}});
      CHECK(result["result"].contains("capabilities"));
      session.open(uri, "count = 1\n");
      session.settle();
      CHECK(session.published_codes(uri).empty());
    }
  }
  SUBCASE("malformed initializationOptions rules are logged and ignored; the server starts") {
    Session session;
    const json result = session.initialize(
        {}, folder.uri(), {{"rules", {{{"files", "*.job.hcl"}, {"spec", "specs/job.hcldec"}}}}});
    CHECK(result["result"].contains("capabilities"));
    bool logged = false;
    for (const std::string& message : session.logged())
      logged = logged || message.find("rules[0].files") != std::string::npos;
    CHECK(logged);
    session.open(uri, "count = 1\n");
    session.settle();
    CHECK(session.published_codes(uri).empty());
  }
  SUBCASE("rules pushed after a pull answered take effect") {
    Session session;
    session.initialize({{"workspace", {{"configuration", true}}}}, folder.uri());
    const json ask = session.take_request("workspace/configuration");
    session.send({{"jsonrpc", "2.0"}, {"id", ask["id"]}, {"result", {json::object()}}});
    session.open(uri, "count = 1\n");
    session.settle();
    CHECK(session.published_codes(uri).empty());
    session.take();
    session.notify("workspace/didChangeConfiguration", {{"settings", {{"hclspec", rules}}}});
    session.settle();
    CHECK(session.published_codes(uri).size() == 1);  // name is missing
  }
  SUBCASE("settings pushed again unchanged analyse nothing again") {
    Session session;
    session.initialize({}, folder.uri(), rules);
    session.open(uri, "count = 1\n");
    session.settle();
    CHECK(session.published_codes(uri).size() == 1);
    session.take();
    session.notify("workspace/didChangeConfiguration", {{"settings", {{"hclspec", rules}}}});
    session.settle();
    CHECK(session.published(uri).empty());
  }
}

TEST_CASE("several workspace folders, each with its own pulled rules") {
  TempFolder first;
  TempFolder second;
  first.write("job.hcldec", kJobSpec);
  second.write("other.hcldec", "object {\n  attr \"owner\" { type = string }\n}\n");
  const std::string in_first = first.uri_of("a.hcl");
  const std::string in_second = second.uri_of("a.hcl");
  Session session;
  const json ask = session.initialize_folders({first.uri(), second.uri()});
  const json first_rules = {{"rules", {{{"files", {"*.hcl"}}, {"spec", "job.hcldec"}}}}};
  const json second_rules = {{"rules", {{{"files", {"*.hcl"}}, {"spec", "other.hcldec"}}}}};
  session.send({{"jsonrpc", "2.0"}, {"id", ask["id"]}, {"result", {first_rules, second_rules}}});
  const std::string text = "owner = \"me\"\n";
  session.open(in_first, text);
  session.open(in_second, text);
  session.settle();
  // In the first folder `owner` is unknown and `name` missing; in the second all is well.
  CHECK(session.published_codes(in_first).size() == 2);
  CHECK(session.published_codes(in_second).empty());
}

}  // namespace hclspec::testing
