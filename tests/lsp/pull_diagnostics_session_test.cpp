// Pulled diagnostics: a client that announces textDocument.diagnostic is pushed nothing and asks
// for each document's diagnostics (result ids, unchanged reports) and the workspace's; a change of
// the specs asks it to pull again. Clients that do not pull are pushed diagnostics as before.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <map>

#include "protocol/uri.hpp"
#include "session.hpp"

namespace hclspec::testing {

namespace {

const std::string kJobSpec = "object {\n  attr \"name\" { type = string }\n}\n";

const json kPullCapabilities = {
    {"textDocument", {{"diagnostic", {{"dynamicRegistration", false}}}}},
    {"workspace", {{"diagnostics", {{"refreshSupport", true}}}}}};

// A pulling client that also watches files for the server, as VS Code does.
const json kWatchingPullCapabilities = {
    {"textDocument", {{"diagnostic", {{"dynamicRegistration", false}}}}},
    {"workspace",
     {{"diagnostics", {{"refreshSupport", true}}},
      {"didChangeWatchedFiles", {{"dynamicRegistration", true}}}}}};

json diagnostic_params(const std::string& uri, const json& previous = nullptr) {
  json params = {{"textDocument", {{"uri", uri}}}, {"identifier", "hclspec"}};
  if (!previous.is_null()) params["previousResultId"] = previous;
  return params;
}

// Diagnostics as "code@line", sorted.
std::vector<std::string> codes(const json& items) {
  std::vector<std::string> out;
  for (const json& item : items)
    out.push_back(item["code"].get<std::string>() + "@" +
                  std::to_string(item["range"]["start"]["line"].get<int>()));
  std::sort(out.begin(), out.end());
  return out;
}

// How many of `messages` are `method` (notifications or requests).
size_t count(const std::vector<json>& messages, const std::string& method) {
  size_t found = 0;
  for (const json& message : messages) found += message.value("method", "") == method ? 1 : 0;
  return found;
}

// Whether `messages` hold the answer to request `id`.
bool answered(const std::vector<json>& messages, int id) {
  return std::any_of(messages.begin(), messages.end(), [&](const json& message) {
    return message.contains("id") && message["id"] == id && !message.contains("method");
  });
}

json reply_to(const json& request) {
  return {{"jsonrpc", "2.0"}, {"id", request["id"]}, {"result", nullptr}};
}

}  // namespace

TEST_CASE("the diagnostic provider is advertised only to clients that pull") {
  Session push;
  CHECK_FALSE(push.initialize()["result"]["capabilities"].contains("diagnosticProvider"));
  Session pull;
  CHECK(pull.initialize(kPullCapabilities)["result"]["capabilities"]["diagnosticProvider"] ==
        json{{"identifier", "hclspec"},
             {"interFileDependencies", true},
             {"workspaceDiagnostics", true}});
}

TEST_CASE("a pulling client is pushed nothing and pulls what push gives, unchanged until an edit") {
  TempFolder folder;
  folder.write("job.hcldec", kJobSpec);
  const std::string uri = folder.uri_of("a.hcl");
  const std::string text = "# hclspec: job.hcldec\nname = {}\nowner = \"me\"\n";
  Session push;
  push.initialize({}, folder.uri());
  push.open(uri, text);
  push.settle();
  Session pull;
  pull.initialize(kPullCapabilities, folder.uri());
  pull.open(uri, text, 3);
  pull.settle();
  CHECK(count(pull.take(), "textDocument/publishDiagnostics") == 0);

  const json first = pull.request("textDocument/diagnostic", diagnostic_params(uri))["result"];
  CHECK(pull.host.lanes.back() == server::lsp::Lane::Documents);
  CHECK(first["kind"] == "full");
  CHECK(codes(first["items"]) ==
        std::vector<std::string>{"incorrect-attribute-value-type@1", "unsupported-argument@2"});
  CHECK(first["items"] == push.published(uri).back()["diagnostics"]);
  const json id = first["resultId"];
  REQUIRE(id.is_string());
  // The same id: unchanged, answered without validating again.
  const size_t jobs = pull.host.lanes.size();
  CHECK(pull.request("textDocument/diagnostic", diagnostic_params(uri, id))["result"] ==
        json{{"kind", "unchanged"}, {"resultId", id}});
  CHECK(pull.host.lanes.size() == jobs);
  // Another id (an older result, or none the server gave): the full report again.
  const json other =
      pull.request("textDocument/diagnostic", diagnostic_params(uri, "another-id"))["result"];
  CHECK(other["kind"] == "full");
  CHECK(other["resultId"] == id);

  // An edit: a full report of the new text, under a new id; the same as push gives.
  const json remove_owner = json::array({range_change(2, 0, 3, 0, "")});
  pull.change(uri, 4, remove_owner);
  push.change(uri, 2, remove_owner);
  push.settle();
  const json edited = pull.request("textDocument/diagnostic", diagnostic_params(uri, id))["result"];
  CHECK(edited["kind"] == "full");
  CHECK(edited["resultId"] != id);
  CHECK(codes(edited["items"]) == std::vector<std::string>{"incorrect-attribute-value-type@1"});
  CHECK(edited["items"] == push.published(uri).back()["diagnostics"]);
  CHECK(pull.request("textDocument/diagnostic",
                     diagnostic_params(uri, edited["resultId"]))["result"]["kind"] == "unchanged");

  // Closed: nothing published (the client drops them); pulled again (VS Code does), what a
  // workspace pull says of the file on disk, unchanged under the same id.
  pull.notify("textDocument/didClose", {{"textDocument", {{"uri", uri}}}});
  pull.settle();
  CHECK(count(pull.take(), "textDocument/publishDiagnostics") == 0);
  folder.write("a.hcl", text);
  const json closed = pull.request("textDocument/diagnostic", diagnostic_params(uri))["result"];
  CHECK(pull.host.lanes.back() == server::lsp::Lane::Workspace);
  CHECK(codes(closed["items"]) ==
        std::vector<std::string>{"incorrect-attribute-value-type@1", "unsupported-argument@2"});
  CHECK(pull.request("textDocument/diagnostic",
                     diagnostic_params(uri, closed["resultId"]))["result"]["kind"] == "unchanged");
  // A file no spec applies to, or outside the workspace: nothing, whatever it holds.
  TempFolder outside;
  outside.write("b.hcl", "x = {\n");
  for (const std::string& file : {folder.write("b.hcl", "x = {\n"), outside.path() + "/b.hcl"}) {
    const json nothing = pull.request("textDocument/diagnostic",
                                      diagnostic_params(protocol::path_to_uri(file)))["result"];
    CHECK(nothing["kind"] == "full");
    CHECK(nothing["items"] == json::array());
  }
  // Opened again at the same version, with other text: the old id is not this text's.
  pull.open(uri, text, 4);
  CHECK(pull.request("textDocument/diagnostic",
                     diagnostic_params(uri, edited["resultId"]))["result"]["kind"] == "full");
}

TEST_CASE("pulled diagnostics of a large document follow its edits as a fresh validation does") {
  // Block bodies of 512 bytes and more are kept by the decode cache between validations.
  TempFolder folder;
  folder.write("task.hcldec",
               "object {\n  block_list \"task\" {\n    object {\n      attr \"name\" { type = "
               "string }\n    }\n  }\n}\n");
  const std::string uri = folder.uri_of("a.hcl");
  // Four blocks of four lines each after the modeline: the first's name on line 2, the third's
  // comment on line 11.
  const auto document = [](const std::string& first_name, const std::string& third_extra) {
    std::string text = "# hclspec: task.hcldec\n";
    for (int i = 0; i < 4; ++i)
      text += "task {\n  name = " + (i == 0 ? first_name : "\"t" + std::to_string(i) + "\"") +
              "\n" + (i == 2 ? third_extra : "") + "  " + std::string(600, '#') + "\n}\n";
    return text;
  };
  Session session;
  session.initialize(kPullCapabilities, folder.uri());
  session.open(uri, document("\"t0\"", ""));
  CHECK(session.request("textDocument/diagnostic", diagnostic_params(uri))["result"]["items"] ==
        json::array());
  // An unexpected argument in the third block, then a type error in the first.
  session.change(uri, 2, json::array({range_change(11, 0, 11, 0, "  size = 1\n")}));
  session.request("textDocument/diagnostic", diagnostic_params(uri));
  session.change(uri, 3, json::array({range_change(2, 9, 2, 13, "{}")}));
  const json pulled = session.request("textDocument/diagnostic", diagnostic_params(uri))["result"];
  CHECK(codes(pulled["items"]) ==
        std::vector<std::string>{"incorrect-attribute-value-type@2", "unsupported-argument@11"});
  // A fresh session, given the final text at once, says the same.
  Session fresh;
  fresh.initialize(kPullCapabilities, folder.uri());
  fresh.open(uri, document("{}", "  size = 1\n"));
  CHECK(fresh.request("textDocument/diagnostic", diagnostic_params(uri))["result"]["items"] ==
        pulled["items"]);
}

TEST_CASE("a spec edited in the editor asks a pulling client to refresh, one request at a time") {
  TempFolder folder;
  folder.write("job.hcldec", kJobSpec);
  const std::string doc = folder.uri_of("a.hcl");
  const std::string spec = folder.uri_of("job.hcldec");
  const std::string text = "# hclspec: job.hcldec\nname = \"x\"\nowner = \"me\"\n";
  const json add_owner =
      json::array({range_change(2, 0, 2, 0, "  attr \"owner\" { type = string }\n")});
  SUBCASE("a client that pulls") {
    Session session;
    session.initialize(kPullCapabilities, folder.uri());
    session.open(doc, text);
    session.open(spec, kJobSpec);
    session.settle();
    // The spec's open buffer now overrides the disk: the client is asked to pull again.
    session.send(reply_to(session.take_request("workspace/diagnostic/refresh")));
    const json before =
        session.request("textDocument/diagnostic", diagnostic_params(doc))["result"];
    CHECK(codes(before["items"]) == std::vector<std::string>{"unsupported-argument@2"});

    session.change(spec, 2, add_owner);
    session.settle();
    const std::vector<json> sent = session.take();
    CHECK(count(sent, "textDocument/publishDiagnostics") == 0);
    REQUIRE(count(sent, "workspace/diagnostic/refresh") == 1);
    json refresh;
    for (const json& message : sent)
      if (message.value("method", "") == "workspace/diagnostic/refresh") refresh = message;
    CHECK(refresh.contains("id"));
    CHECK_FALSE(refresh.contains("params"));
    // The document's text did not change, its diagnostics did: not unchanged.
    const json after = session.request("textDocument/diagnostic",
                                       diagnostic_params(doc, before["resultId"]))["result"];
    CHECK(after["kind"] == "full");
    CHECK(after["items"] == json::array());

    // Until the client answers, further spec edits ask nothing more...
    session.change(spec, 3, json::array({range_change(0, 0, 0, 0, "# A job.\n")}));
    session.notify("textDocument/didSave", {{"textDocument", {{"uri", spec}}}});
    session.settle();
    CHECK(count(session.take(), "workspace/diagnostic/refresh") == 0);
    // ...and once it answers, one request for them all.
    session.send(reply_to(refresh));
    const json again = session.take_request("workspace/diagnostic/refresh");
    CHECK(again["id"] != refresh["id"]);
    // Answered with nothing new since: nothing more. An error answer is logged.
    session.send({{"jsonrpc", "2.0"},
                  {"id", again["id"]},
                  {"error", {{"code", -32601}, {"message", "no"}}}});
    const std::vector<std::string> logged = session.logged();
    REQUIRE(logged.size() == 1);
    CHECK(logged[0].starts_with("The client refused workspace/diagnostic/refresh"));
    CHECK(count(session.take(), "workspace/diagnostic/refresh") == 0);

    // Settings that change the rules may change what applies: a refresh, and full reports.
    const json id =
        session.request("textDocument/diagnostic", diagnostic_params(doc))["result"]["resultId"];
    session.notify(
        "workspace/didChangeConfiguration",
        {{"settings",
          {{"hclspec", {{"rules", {{{"files", {"*.hcl"}}, {"spec", "job.hcldec"}}}}}}}}});
    session.settle();
    CHECK(count(session.take(), "workspace/diagnostic/refresh") == 1);
    CHECK(session.request("textDocument/diagnostic",
                          diagnostic_params(doc, id))["result"]["kind"] == "full");
  }
  SUBCASE("a client that pulls without refresh support is asked nothing") {
    Session session;
    session.initialize({{"textDocument", {{"diagnostic", json::object()}}}}, folder.uri());
    session.open(doc, text);
    session.open(spec, kJobSpec);
    session.settle();
    const json before =
        session.request("textDocument/diagnostic", diagnostic_params(doc))["result"];
    session.change(spec, 2, add_owner);
    session.settle();
    const std::vector<json> sent = session.take();
    CHECK(count(sent, "workspace/diagnostic/refresh") == 0);
    CHECK(count(sent, "textDocument/publishDiagnostics") == 0);
    CHECK(session.request("textDocument/diagnostic",
                          diagnostic_params(doc, before["resultId"]))["result"]["items"] ==
          json::array());
  }
  SUBCASE("a client that does not pull is pushed the documents' new diagnostics, as before") {
    Session session;
    session.initialize({{"workspace", {{"diagnostics", {{"refreshSupport", true}}}}}},
                       folder.uri());
    session.open(doc, text);
    session.open(spec, kJobSpec);
    session.settle();
    CHECK(session.published_codes(doc) == std::vector<std::string>{"unsupported-argument@2"});
    session.take();
    session.change(spec, 2, add_owner);
    session.settle();
    CHECK(session.published_codes(doc).empty());
    CHECK(count(session.take(), "workspace/diagnostic/refresh") == 0);
    session.notify("textDocument/didClose", {{"textDocument", {{"uri", doc}}}});
    CHECK(session.published(doc).size() == 1);  // cleared
  }
}

TEST_CASE("a pulled document request is stale after an edit, cancellable, and checks its params") {
  TempFolder folder;
  const std::string uri = folder.uri_of("a.hcl");
  Session session;
  session.initialize(kPullCapabilities, folder.uri());
  session.open(uri, "a = 1\n");
  session.settle();
  session.take();
  const auto diagnostic_request = [&](int64_t id, const json& params) {
    return json{
        {"jsonrpc", "2.0"}, {"id", id}, {"method", "textDocument/diagnostic"}, {"params", params}};
  };
  const auto change = [&](int64_t version) {
    return json{{"jsonrpc", "2.0"},
                {"method", "textDocument/didChange"},
                {"params",
                 {{"textDocument", {{"uri", uri}, {"version", version}}},
                  {"contentChanges", json::array({range_change(0, 4, 0, 5, "2")})}}}};
  };
  // An edit queued behind it: stale before it is answered.
  session.batch({diagnostic_request(50, diagnostic_params(uri)), change(2)});
  session.settle();
  CHECK(session.response(50)["error"]["code"] == -32801);
  // An edit while its validation waits for the worker: stale too.
  session.send(diagnostic_request(51, diagnostic_params(uri)));
  REQUIRE(session.host.background.size() == 1);
  session.send(change(3));
  session.settle();
  CHECK(session.response(51)["error"]["code"] == -32801);
  // Cancelled: -32800, once.
  session.send(diagnostic_request(52, diagnostic_params(uri)));
  session.notify("$/cancelRequest", {{"id", 52}});
  CHECK(session.response(52)["error"]["code"] == -32800);
  session.settle();
  CHECK(session.take().empty());
  // Bad params name the field.
  const auto error = [&](const std::string& method, const json& params) {
    const json reply = session.request(method, params);
    CHECK(reply["error"]["code"] == -32602);
    return reply["error"]["message"].get<std::string>();
  };
  CHECK(error("textDocument/diagnostic", json::object()) == "textDocument: missing");
  CHECK(error("textDocument/diagnostic", diagnostic_params(uri, 5)) ==
        "previousResultId: expected a string");
  CHECK(error("workspace/diagnostic", json::object()) == "previousResultIds: missing");
  CHECK(error("workspace/diagnostic", {{"previousResultIds", {{{"uri", uri}}}}}) ==
        "previousResultIds[0].value: missing");
}

namespace {

// A workspace: a rule gives svc/*.hcl the spec, other/c.hcl names it by its modeline, loose/d.hcl
// has no spec, svc/outside.hcl links to a file outside the folder; svc/e.hcl is open.
struct PullWorkspace {
  PullWorkspace() {
    folder.write("specs/svc.hcldec", "object {\n  attr \"port\" { type = number }\n}\n");
    folder.write(".hclspec.hcl",
                 "rule {\n  files = [\"svc/*.hcl\"]\n  spec  = \"specs/svc.hcldec\"\n}\n");
    folder.write("svc/good.hcl", "port = 1\n");
    folder.write("svc/bad.hcl", "port = 1\nhost = \"x\"\n");
    folder.write("svc/e.hcl", "port = 1\n");
    folder.write("other/c.hcl", "# hclspec: ../specs/svc.hcldec\nextra = 1\n");
    folder.write("loose/d.hcl", "anything = 1\n");
    const std::string secret = outside.write("secret.hcl", "secret = 1\n");
    std::filesystem::create_symlink(secret, folder.path() + "/svc/outside.hcl");
    session.initialize(kWatchingPullCapabilities, folder.uri());
    session.open(open_uri, "port = 2\nwhat = 1\n", 7);
    session.settle();
    session.take();
  }

  // The workspace's report as relative path → its item.
  std::map<std::string, json> report(const json& previous = json::array()) {
    return items(session.request("workspace/diagnostic", {{"previousResultIds", previous}}),
                 folder);
  }

  // A reply's items by their paths in `folder`.
  static std::map<std::string, json> items(const json& reply, const TempFolder& folder) {
    std::map<std::string, json> out;
    for (const json& item : reply["result"]["items"])
      out[item["uri"].get<std::string>().substr(folder.uri().size() + 1)] = item;
    return out;
  }

  // The result ids of a report, as the client sends them back.
  static json ids(const std::map<std::string, json>& report) {
    json out = json::array();
    for (const auto& [path, item] : report)
      out.push_back({{"uri", item["uri"]}, {"value", item["resultId"]}});
    return out;
  }

  TempFolder folder;
  TempFolder outside;
  Session session;
  const std::string open_uri = folder.uri_of("svc/e.hcl");
};

}  // namespace

TEST_CASE("workspace diagnostics: open documents and the files a rule or modeline covers") {
  PullWorkspace w;
  const std::map<std::string, json> first = w.report();
  CHECK(w.session.host.lanes.back() == server::lsp::Lane::Workspace);
  REQUIRE(first.size() == 4);  // not loose/d.hcl, the spec or project file, nor the link outside
  REQUIRE(first.contains("svc/good.hcl"));
  REQUIRE(first.contains("svc/bad.hcl"));
  REQUIRE(first.contains("other/c.hcl"));
  REQUIRE(first.contains("svc/e.hcl"));
  for (const auto& [path, item] : first) {
    CAPTURE(path);
    CHECK(item["kind"] == "full");
    CHECK(item["resultId"].is_string());
  }
  CHECK(first.at("svc/good.hcl")["items"] == json::array());
  CHECK(first.at("svc/good.hcl")["version"].is_null());
  CHECK(codes(first.at("svc/bad.hcl")["items"]) ==
        std::vector<std::string>{"unsupported-argument@1"});
  CHECK(codes(first.at("other/c.hcl")["items"]) ==
        std::vector<std::string>{"unsupported-argument@1"});
  // The open document as the editor holds it, with its version and its textDocument/diagnostic
  // result id.
  const json& open = first.at("svc/e.hcl");
  CHECK(open["version"] == 7);
  CHECK(codes(open["items"]) == std::vector<std::string>{"unsupported-argument@1"});
  const json pulled =
      w.session.request("textDocument/diagnostic", diagnostic_params(w.open_uri))["result"];
  CHECK(pulled["resultId"] == open["resultId"]);
  CHECK(pulled["items"] == open["items"]);

  // The ids held and nothing changed: the request waits (VS Code pulls again two seconds after
  // each answer, and every pull would walk the workspace) ...
  const size_t walks = w.session.host.lanes.size();
  w.session.send({{"jsonrpc", "2.0"},
                  {"id", 90},
                  {"method", "workspace/diagnostic"},
                  {"params", {{"previousResultIds", PullWorkspace::ids(first)}}}});
  w.session.settle();
  CHECK(w.session.host.lanes.size() == walks);
  CHECK_FALSE(answered(w.session.take(), 90));
  // ... while the open document is edited (its own pull reports it) ...
  w.session.change(w.open_uri, 8, json::array({range_change(1, 0, 2, 0, "")}));
  w.session.settle();
  CHECK_FALSE(answered(w.session.take(), 90));
  // ... until a file changes on disk: then the two that changed are full again.
  w.folder.write("svc/bad.hcl", "port = 1\n");
  w.session.notify("workspace/didChangeWatchedFiles",
                   {{"changes", {{{"uri", w.folder.uri_of("svc/bad.hcl")}, {"type", 2}}}}});
  w.session.settle();
  const std::map<std::string, json> third = PullWorkspace::items(w.session.response(90), w.folder);
  CHECK(third.at("svc/bad.hcl")["kind"] == "full");
  CHECK(third.at("svc/bad.hcl")["items"] == json::array());
  CHECK(third.at("svc/e.hcl")["kind"] == "full");
  CHECK(third.at("svc/e.hcl")["version"] == 8);
  CHECK(third.at("svc/good.hcl")["kind"] == "unchanged");
  CHECK(third.at("other/c.hcl")["kind"] == "unchanged");

  // The spec changed on disk: every report full again, and the client asked to refresh.
  w.folder.write("specs/svc.hcldec",
                 "object {\n  attr \"port\" { type = number }\n  attr \"extra\" { type = number "
                 "}\n}\n");
  w.session.notify("workspace/didChangeWatchedFiles",
                   {{"changes", {{{"uri", w.folder.uri_of("specs/svc.hcldec")}, {"type", 2}}}}});
  w.session.settle();
  CHECK(count(w.session.take(), "workspace/diagnostic/refresh") == 1);
  const std::map<std::string, json> fourth = w.report(PullWorkspace::ids(third));
  for (const auto& [path, item] : fourth) {
    CAPTURE(path);
    CHECK(item["kind"] == "full");
  }
  CHECK(fourth.at("other/c.hcl")["items"] == json::array());
}

TEST_CASE("a workspace diagnostic request can be cancelled") {
  PullWorkspace w;
  w.session.send({{"jsonrpc", "2.0"},
                  {"id", 70},
                  {"method", "workspace/diagnostic"},
                  {"params", {{"previousResultIds", json::array()}}}});
  REQUIRE(w.session.host.background.size() == 1);
  w.session.notify("$/cancelRequest", {{"id", 70}});
  CHECK(w.session.response(70)["error"]["code"] == -32800);
  w.session.settle();
  CHECK(w.session.take().empty());

  // A request held until something changes is answered once when cancelled, or at shutdown.
  const json held = PullWorkspace::ids(w.report());
  for (const int id : {71, 72})
    w.session.send({{"jsonrpc", "2.0"},
                    {"id", id},
                    {"method", "workspace/diagnostic"},
                    {"params", {{"previousResultIds", held}}}});
  w.session.settle();
  CHECK_FALSE(answered(w.session.take(), 71));
  w.session.notify("$/cancelRequest", {{"id", 71}});
  CHECK(w.session.response(71)["error"]["code"] == -32800);
  CHECK(w.session.request("shutdown", nullptr)["result"].is_null());
  CHECK(w.session.response(72)["error"]["code"] == -32800);
  w.session.settle();
  CHECK_FALSE(answered(w.session.take(), 71));
}

TEST_CASE(
    "a workspace pull is held only when the client could tell of a change, after a report "
    "it received") {
  // Cancelled while walking: the client holds no newer report, so the next pull walks.
  {
    PullWorkspace w;
    const json held = PullWorkspace::ids(w.report());
    w.session.notify("workspace/didChangeWatchedFiles",
                     {{"changes", {{{"uri", w.folder.uri_of("svc/good.hcl")}, {"type", 2}}}}});
    w.session.send({{"jsonrpc", "2.0"},
                    {"id", 80},
                    {"method", "workspace/diagnostic"},
                    {"params", {{"previousResultIds", held}}}});
    w.session.notify("$/cancelRequest", {{"id", 80}});
    w.session.settle();
    CHECK(w.session.response(80)["error"]["code"] == -32800);
    CHECK(w.report(held).size() == 4);  // answered at once, not held
  }
  // A client that does not watch files for the server is never held: nothing would wake it.
  TempFolder folder;
  folder.write("specs/svc.hcldec", "object {\n  attr \"port\" { type = number }\n}\n");
  folder.write(".hclspec.hcl",
               "rule {\n  files = [\"*.hcl\"]\n  spec  = \"specs/svc.hcldec\"\n}\n");
  folder.write("a.hcl", "port = 1\n");
  Session session;
  session.initialize(kPullCapabilities, folder.uri());
  const json first =
      session.request("workspace/diagnostic", {{"previousResultIds", json::array()}});
  const json ids = json::array({{{"uri", first["result"]["items"][0]["uri"]},
                                 {"value", first["result"]["items"][0]["resultId"]}}});
  const json again = session.request("workspace/diagnostic", {{"previousResultIds", ids}});
  CHECK(again["result"]["items"][0]["kind"] == "unchanged");
}

}  // namespace hclspec::testing
