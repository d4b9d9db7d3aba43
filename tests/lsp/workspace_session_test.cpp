// Requests that read the whole workspace (find references, workspace symbols, a spec block's use
// count in hover): open documents and files only on disk, nothing outside the folder, answered
// from a worker thread, cancelled or made stale like any other request.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include "session.hpp"

namespace hclspec::testing {

namespace {

const std::string kServiceSpec = R"(object {
  attr "port" {
    type = number
  }
  block_list "backend" {
    object {
      attr "address" {
        type = string
      }
      attr "port" {
        type = number
      }
    }
  }
  attr "unused" {
    type = string
  }
}
)";

const std::string kOtherSpec = "object {\n  attr \"port\" {\n    type = number\n  }\n}\n";

// A workspace: a rule gives svc/*.hcl the service spec; other/c.hcl names another spec by its
// modeline; svc/outside.hcl links to a file outside the folder.
struct Workspace {
  Workspace() {
    folder.write("specs/svc.hcldec", kServiceSpec);
    folder.write("specs/other.hcldec", kOtherSpec);
    folder.write(".hclspec.hcl",
                 "rule {\n  files = [\"svc/*.hcl\"]\n  spec  = \"specs/svc.hcldec\"\n}\n");
    folder.write("svc/a.hcl",
                 "port = 1\nbackend {\n  address = \"x\"\n  port = 2\n}\n"
                 "backend {\n  address = \"y\"\n}\n");
    folder.write("svc/b.hcl", "# on disk, but open with other text\n");
    folder.write("other/c.hcl", "# hclspec: ../specs/other.hcldec\nport = 3\n");
    const std::string secret = outside.write("secret.hcl", "port = 4\n");
    std::filesystem::create_symlink(secret, folder.path() + "/svc/outside.hcl");
    session.initialize({}, folder.uri());
    session.open(b_uri, b_text);
    session.open(spec_uri, kServiceSpec);
    session.settle();
    session.take();
  }
  TempFolder folder;
  TempFolder outside;
  Session session;
  const std::string spec_uri = folder.uri_of("specs/svc.hcldec");
  const std::string b_uri = folder.uri_of("svc/b.hcl");
  const std::string b_text = "backend {\n  address = \"z\"\n}\nport = 5\n";
};

json at(const std::string& uri, uint32_t line, uint32_t character) {
  return {{"textDocument", {{"uri", uri}}}, {"position", position(line, character)}};
}

json references_params(const std::string& uri, uint32_t line, uint32_t character,
                       bool declaration) {
  json params = at(uri, line, character);
  params["context"] = {{"includeDeclaration", declaration}};
  return params;
}

// Locations as "file:line:character", relative to the folder, sorted.
std::set<std::string> places(const json& locations, const TempFolder& folder) {
  std::set<std::string> out;
  for (const json& location : locations) {
    std::string uri = location["uri"].get<std::string>();
    const std::string base = folder.uri() + "/";
    if (uri.starts_with(base)) uri = uri.substr(base.size());
    out.insert(uri + ":" + std::to_string(location["range"]["start"]["line"].get<int>()) + ":" +
               std::to_string(location["range"]["start"]["character"].get<int>()));
  }
  return out;
}

}  // namespace

TEST_CASE("initialize advertises references, rename and workspace symbols") {
  Session session;
  const json capabilities = session.initialize()["result"]["capabilities"];
  CHECK(capabilities["referencesProvider"] == true);
  CHECK(capabilities["workspaceSymbolProvider"] == true);
  CHECK(capabilities["renameProvider"] == json{{"prepareProvider", true}});
}

TEST_CASE("find references from a spec block: open documents and files on disk of that spec") {
  Workspace w;
  // On `attr "port"` at the top of the spec: the root's port only, not the backends' nor the
  // other spec's; b.hcl as the editor holds it; nothing from the file linked from outside.
  const json found = w.session.request("textDocument/references",
                                       references_params(w.spec_uri, 1, 3, true))["result"];
  CHECK(places(found, w.folder) ==
        std::set<std::string>{"specs/svc.hcldec:1:2", "svc/a.hcl:0:0", "svc/b.hcl:3:0"});
  // The backends' port, without the declaration.
  const json nested = w.session.request("textDocument/references",
                                        references_params(w.spec_uri, 9, 8, false))["result"];
  CHECK(places(nested, w.folder) == std::set<std::string>{"svc/a.hcl:3:2"});
  // The block type: every backend block.
  const json blocks = w.session.request("textDocument/references",
                                        references_params(w.spec_uri, 4, 5, false))["result"];
  CHECK(places(blocks, w.folder) ==
        std::set<std::string>{"svc/a.hcl:1:0", "svc/a.hcl:5:0", "svc/b.hcl:0:0"});
  // Not on a spec block: nothing.
  CHECK(
      w.session
          .request("textDocument/references", references_params(w.spec_uri, 2, 12, false))["result"]
          .is_null());
}

TEST_CASE("find references from an input attribute: its siblings of the same spec elsewhere") {
  Workspace w;
  const json found = w.session.request("textDocument/references",
                                       references_params(w.b_uri, 1, 3, true))["result"];
  CHECK(places(found, w.folder) == std::set<std::string>{"specs/svc.hcldec:6:6", "svc/a.hcl:2:2",
                                                         "svc/a.hcl:6:2", "svc/b.hcl:1:2"});
}

TEST_CASE("rename a spec block's name in the spec and in every file of that spec") {
  Workspace w;
  const json prepared =
      w.session.request("textDocument/prepareRename", at(w.spec_uri, 1, 9))["result"];
  CHECK(prepared == json{{"range", {{"start", position(1, 8)}, {"end", position(1, 12)}}},
                         {"placeholder", "port"}});
  json params = at(w.spec_uri, 1, 9);
  params["newName"] = "listen_port";
  const json edit = w.session.request("textDocument/rename", params)["result"];
  const json& changes = edit["changes"];
  CHECK(changes.size() == 3);  // the spec, a.hcl on disk, b.hcl open; not c.hcl, not outside
  const std::string a_uri = w.folder.uri_of("svc/a.hcl");
  REQUIRE(changes.contains(w.spec_uri));
  REQUIRE(changes.contains(a_uri));
  REQUIRE(changes.contains(w.b_uri));
  const std::string spec = apply_edits(kServiceSpec, changes[w.spec_uri]);
  CHECK(spec.starts_with("object {\n  attr \"listen_port\" {\n"));
  const std::string a = apply_edits(
      "port = 1\nbackend {\n  address = \"x\"\n  port = 2\n}\nbackend {\n  address = \"y\"\n}\n",
      changes[a_uri]);
  CHECK(a.starts_with("listen_port = 1\nbackend {\n  address = \"x\"\n  port = 2\n"));
  const std::string b = apply_edits(w.b_text, changes[w.b_uri]);
  CHECK(b.ends_with("listen_port = 5\n"));

  // Applied, every file still validates: no diagnostics for the open documents.
  w.folder.write("svc/a.hcl", a);
  w.session.change(w.spec_uri, 2, json::array({{{"text", spec}}}));
  w.session.change(w.b_uri, 2, json::array({{{"text", b}}}));
  w.session.settle();
  CHECK(w.session.published(w.spec_uri).back()["diagnostics"].empty());
  CHECK(w.session.published(w.b_uri).back()["diagnostics"].empty());
  // And the renamed name is found where it was.
  const json found = w.session.request("textDocument/references",
                                       references_params(w.b_uri, 3, 2, false))["result"];
  CHECK(places(found, w.folder) == std::set<std::string>{"svc/a.hcl:0:0", "svc/b.hcl:3:0"});
}

TEST_CASE("rename from a spec block's name argument; refused for a name taken or a broken file") {
  Workspace w;
  // The spec names the backends' address by an argument: the name is renamed there.
  std::string spec = kServiceSpec;
  const std::string label = "attr \"address\" {\n";
  spec.replace(spec.find(label), label.size(), "attr \"addr\" {\n        name = \"address\"\n");
  w.session.change(w.spec_uri, 2, json::array({{{"text", spec}}}));
  json params = at(w.spec_uri, 7, 17);  // on "address"
  params["newName"] = "host";
  const json edit = w.session.request("textDocument/rename", params)["result"];
  REQUIRE(edit.contains("changes"));
  CHECK(edit["changes"][w.spec_uri] ==
        json::parse(R"([{"range": {"start": {"line": 7, "character": 15},
    "end": {"line": 7, "character": 24}}, "newText": "\"host\""}])"));
  CHECK(edit["changes"][w.folder.uri_of("svc/a.hcl")].size() == 2);
  // A name the same body reads already.
  params["newName"] = "port";
  CHECK(w.session.request("textDocument/rename", params)["error"]["message"] ==
        "The spec already reads `port` in the same body; nothing was renamed.");
  // A file of the spec with syntax errors: its uses can't all be found.
  w.session.change(w.b_uri, 2, json::array({range_change(3, 0, 3, 0, "= broken\n")}));
  params["newName"] = "host";
  const json refused = w.session.request("textDocument/rename", params)["error"];
  CHECK(refused["code"] == -32803);
  CHECK(refused["message"].get<std::string>().find("svc/b.hcl is checked against this spec") !=
        std::string::npos);
}

TEST_CASE("a rename is stale once any document changes; a duplicate id is refused") {
  Workspace w;
  json params = at(w.spec_uri, 1, 9);
  params["newName"] = "listen_port";
  const json rename = {
      {"jsonrpc", "2.0"}, {"id", 950}, {"method", "textDocument/rename"}, {"params", params}};
  w.session.send(rename);
  // The same id again while the first is running: refused, and the first still answered.
  w.session.send(rename);
  CHECK(w.session.response(950)["error"]["code"] == -32600);
  // Another document is edited: the rename's edits would land in the wrong places.
  w.session.change(w.folder.uri_of("svc/b.hcl"), 3, json::array({range_change(0, 0, 0, 0, "\n")}));
  w.session.settle();
  CHECK(w.session.response(950)["error"]["code"] == -32801);
}

TEST_CASE("rename refuses, with a reason, what it cannot rename") {
  Workspace w;
  const auto rename_error = [&](const json& where, const std::string& name) {
    json params = where;
    params["newName"] = name;
    return w.session.request("textDocument/rename", params)["error"];
  };
  CHECK(rename_error(at(w.spec_uri, 1, 9), "1port")["code"] == -32803);
  CHECK(rename_error(at(w.spec_uri, 1, 9), "1port")["message"].get<std::string>().find(
            "not an HCL identifier") != std::string::npos);
  // On the root object, and on a value.
  CHECK(w.session.request("textDocument/prepareRename", at(w.spec_uri, 0, 2))["error"]["code"] ==
        -32803);
  CHECK(rename_error(at(w.b_uri, 1, 14), "x")["code"] == -32803);
  // A file no spec applies to.
  const std::string loose = w.folder.uri_of("loose.hcl");
  w.session.open(loose, "port = 1\n");
  CHECK(w.session.request("textDocument/prepareRename", at(loose, 0, 1))["error"]["message"] ==
        "No spec applies to this file, so nothing in it can be renamed.");
}

TEST_CASE("hover on a spec block counts the workspace files that use it") {
  Workspace w;
  const json port = w.session.request("textDocument/hover", at(w.spec_uri, 1, 3))["result"];
  CHECK(port["contents"]["value"].get<std::string>().ends_with(
      "\n\nUsed 2 times in 2 files of the workspace."));
  const json backend = w.session.request("textDocument/hover", at(w.spec_uri, 4, 5))["result"];
  CHECK(backend["contents"]["value"].get<std::string>().ends_with(
      "\n\nUsed 3 times in 2 files of the workspace."));
  const json unused = w.session.request("textDocument/hover", at(w.spec_uri, 14, 3))["result"];
  CHECK(unused["contents"]["value"].get<std::string>().ends_with(
      "\n\nNo file of the workspace uses it."));
  // An input file's hover says nothing of counts.
  const json input = w.session.request("textDocument/hover", at(w.b_uri, 3, 1))["result"];
  CHECK(input["contents"]["value"].get<std::string>().find("workspace") == std::string::npos);
}

TEST_CASE("workspace symbols: open documents, files a rule or modeline covers, spec files") {
  Workspace w;
  const auto symbols = [&](const std::string& query) {
    std::set<std::string> out;
    const json reply = w.session.request("workspace/symbol", {{"query", query}});
    for (const json& symbol : reply["result"]) {
      std::string uri = symbol["location"]["uri"].get<std::string>();
      uri = uri.substr(w.folder.uri().size() + 1);
      out.insert(symbol["name"].get<std::string>() + " @" + uri + ":" +
                 std::to_string(symbol["location"]["range"]["start"]["line"].get<int>()));
    }
    return out;
  };
  CHECK(symbols("addr") == std::set<std::string>{"address @svc/a.hcl:2", "address @svc/a.hcl:6",
                                                 "address @svc/b.hcl:1",
                                                 "attr \"address\" @specs/svc.hcldec:6"});
  // A subsequence, any case; the other spec's file and its input are covered too.
  CHECK(symbols("PRt") == std::set<std::string>{"port @svc/a.hcl:0", "port @svc/a.hcl:3",
                                                "port @svc/b.hcl:3", "port @other/c.hcl:1",
                                                "attr \"port\" @specs/svc.hcldec:1",
                                                "attr \"port\" @specs/svc.hcldec:9",
                                                "attr \"port\" @specs/other.hcldec:1"});
  CHECK(symbols("no such name").empty());
}

TEST_CASE("a workspace request cancelled or made stale is answered once, with its error") {
  Workspace w;
  // Cancelled while its work waits: -32800 at once, and nothing when the work is done.
  w.session.send({{"jsonrpc", "2.0"},
                  {"id", 900},
                  {"method", "textDocument/references"},
                  {"params", references_params(w.spec_uri, 1, 3, true)}});
  REQUIRE(w.session.host.background.size() == 1);
  // In the workspace's lane: the next keystroke's diagnostics do not wait behind the walk.
  CHECK(w.session.host.lanes.back() == server::lsp::Lane::Workspace);
  w.session.notify("$/cancelRequest", {{"id", 900}});
  CHECK(w.session.response(900)["error"]["code"] == -32800);
  w.session.settle();
  CHECK(w.session.take().empty());
  // Its document edited while the work runs: -32801.
  w.session.send({{"jsonrpc", "2.0"},
                  {"id", 901},
                  {"method", "textDocument/references"},
                  {"params", references_params(w.b_uri, 3, 1, false)}});
  w.session.change(w.b_uri, 2, json::array({range_change(3, 7, 3, 8, "6")}));
  CHECK(w.session.host.lanes.back() == server::lsp::Lane::Documents);
  w.session.settle();
  CHECK(w.session.response(901)["error"]["code"] == -32801);
  // A workspace symbol request reads no one document: its answer stands.
  const json symbols = w.session.request("workspace/symbol", {{"query", "address"}});
  CHECK(symbols["result"].size() == 4);
  // Bad params name the field.
  CHECK(w.session.request("workspace/symbol", json::object())["error"]["message"] ==
        "query: missing");
}

}  // namespace hclspec::testing
