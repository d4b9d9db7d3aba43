// Completion and hover through the protocol: snippets or plain text, markdown or plain text,
// and positions converted at the edge.
#include <doctest/doctest.h>

#include "session.hpp"

namespace hclspec::testing {

namespace {

const std::string kSpec = R"(object {
  # Where the service listens.
  attr "port" {
    type     = number
    required = true
  }
  attr "enabled" { type = bool }
  # A backend server.
  block_list "backend" {
    block_type = "backend"
    object {
      attr "address" {
        type     = string
        required = true
      }
    }
  }
}
)";

std::vector<std::string> labels(const json& result) {
  std::vector<std::string> out;
  const json& items = result.is_array() ? result : result["items"];
  for (const json& item : items) out.push_back(item["label"].get<std::string>());
  return out;
}

const json* item_named(const json& result, const std::string& label) {
  const json& items = result.is_array() ? result : result["items"];
  for (const json& item : items)
    if (item["label"] == label) return &item;
  return nullptr;
}

}  // namespace

TEST_CASE("completion offers what the spec expects, as snippets only when the client takes them") {
  TempFolder folder;
  folder.write("svc.hcldec", kSpec);
  const std::string uri = folder.uri_of("a.hcl");
  const std::string text = "# hclspec: svc.hcldec\nport = 80\n\n";
  const json params = {{"textDocument", {{"uri", uri}}}, {"position", position(2, 0)}};
  {
    Session session;
    session.initialize(
        {{"textDocument",
          {{"completion",
            {{"completionItem",
              {{"snippetSupport", true}, {"documentationFormat", {"markdown"}}}}}}}}},
        folder.uri());
    session.open(uri, text);
    const json result = session.request("textDocument/completion", params)["result"];
    const std::vector<std::string> names = labels(result);
    CHECK(std::find(names.begin(), names.end(), "backend") != names.end());
    CHECK(std::find(names.begin(), names.end(), "enabled") != names.end());
    CHECK(std::find(names.begin(), names.end(), "port") == names.end());  // set already
    const json* backend = item_named(result, "backend");
    REQUIRE(backend);
    CHECK((*backend)["insertTextFormat"] == 2);
    CHECK((*backend)["textEdit"]["newText"].get<std::string>().find("address") !=
          std::string::npos);
    CHECK((*backend)["documentation"]["kind"] == "markdown");
    CHECK((*backend)["textEdit"]["range"]["start"] == position(2, 0));
  }
  {
    Session session;
    session.initialize({}, folder.uri());
    session.open(uri, text);
    const json result = session.request("textDocument/completion", params)["result"];
    const json* backend = item_named(result, "backend");
    REQUIRE(backend);
    CHECK((*backend)["insertTextFormat"] == 1);
    CHECK((*backend)["textEdit"]["newText"].get<std::string>().find("$") == std::string::npos);
  }
}

TEST_CASE("completion of a partly typed name replaces it, in UTF-16 positions") {
  TempFolder folder;
  folder.write("svc.hcldec", kSpec);
  const std::string uri = folder.uri_of("a.hcl");
  Session session;
  session.initialize({}, folder.uri());
  // Before the name on its line, "é😀" is 6 bytes and 3 UTF-16 units: "ena" spans units 8 to 11
  // (bytes 11 to 14).
  session.open(uri, "# hclspec: svc.hcldec\nport = 80\n/*é😀*/ ena\n");
  const json result =
      session.request("textDocument/completion",
                      {{"textDocument", {{"uri", uri}}}, {"position", position(2, 11)}})["result"];
  const json* enabled = item_named(result, "enabled");
  REQUIRE(enabled);
  CHECK((*enabled)["textEdit"]["range"]["start"] == position(2, 8));
  CHECK((*enabled)["textEdit"]["range"]["end"] == position(2, 11));
}

TEST_CASE("hover gives the type, requiredness and description, in markdown when asked") {
  TempFolder folder;
  folder.write("svc.hcldec", kSpec);
  const std::string uri = folder.uri_of("a.hcl");
  const json params = {{"textDocument", {{"uri", uri}}}, {"position", position(1, 1)}};
  {
    Session session;
    session.initialize(
        {{"textDocument", {{"hover", {{"contentFormat", {"markdown", "plaintext"}}}}}}},
        folder.uri());
    session.open(uri, "# hclspec: svc.hcldec\nport = 80\n");
    const json hover = session.request("textDocument/hover", params)["result"];
    CHECK(hover["contents"]["kind"] == "markdown");
    const std::string text = hover["contents"]["value"].get<std::string>();
    CHECK(text.find("number") != std::string::npos);
    CHECK(text.find("Where the service listens.") != std::string::npos);
    CHECK(hover["range"]["start"] == position(1, 0));
    CHECK(hover["range"]["end"] == position(1, 4));
  }
  {
    Session session;
    session.initialize({}, folder.uri());
    session.open(uri, "# hclspec: svc.hcldec\nport = 80\n");
    const json hover = session.request("textDocument/hover", params)["result"];
    CHECK(hover["contents"]["kind"] == "plaintext");
  }
}

}  // namespace hclspec::testing

namespace hclspec::testing {

TEST_CASE("completion and hover in project files and spec files come from their built-in specs") {
  TempFolder folder;
  const std::string project = folder.uri_of(".hclspec.hcl");
  const std::string spec = folder.uri_of("svc.hcldec");
  Session session;
  session.initialize({}, folder.uri());
  session.open(project, "rule {\n  \n}\n");
  session.open(spec, "object {\n  \n}\n");
  const json in_rule = session.request(
      "textDocument/completion",
      {{"textDocument", {{"uri", project}}}, {"position", position(1, 2)}})["result"];
  CHECK(item_named(in_rule, "files") != nullptr);
  CHECK(item_named(in_rule, "spec") != nullptr);
  const json at_root = session.request(
      "textDocument/completion",
      {{"textDocument", {{"uri", project}}}, {"position", position(3, 0)}})["result"];
  CHECK(item_named(at_root, "rule") != nullptr);
  const json hover = session.request(
      "textDocument/hover", {{"textDocument", {{"uri", project}}}, {"position", position(0, 1)}});
  CHECK(hover["result"]["contents"]["value"].get<std::string>().find("rule") != std::string::npos);
  const json in_object =
      session.request("textDocument/completion",
                      {{"textDocument", {{"uri", spec}}}, {"position", position(1, 2)}})["result"];
  CHECK(item_named(in_object, "attr") != nullptr);
  CHECK(item_named(in_object, "block_list") != nullptr);
}

}  // namespace hclspec::testing

namespace hclspec::testing {

TEST_CASE("signature help names the active parameter of the spec's function at the cursor") {
  TempFolder folder;
  folder.write("svc.hcldec", kSpec +
                                 "\n# Joins words.\nfunction \"join\" {\n  params = [sep]\n"
                                 "  variadic_param = words\n  result = sep\n}\n");
  const std::string uri = folder.uri_of("a.hcl");
  // "é" before the call: the positions are UTF-16.
  const std::string text = "# hclspec: svc.hcldec\nport = \"é\" == join(\"-\", \"a\", )\n";
  Session session;
  const json capabilities = session.initialize({}, folder.uri())["result"]["capabilities"];
  CHECK(capabilities["signatureHelpProvider"]["triggerCharacters"] == json{"(", ","});
  session.open(uri, text);
  const auto help_at = [&](uint32_t character) {
    return session.request(
        "textDocument/signatureHelp",
        {{"textDocument", {{"uri", uri}}}, {"position", position(1, character)}})["result"];
  };
  const json first = help_at(19);  // after "join("
  REQUIRE(first.is_object());
  CHECK(first["signatures"][0]["label"] == "join(sep any, words... any) any");
  CHECK(first["signatures"][0]["parameters"] ==
        json::parse(R"([{"label": [5, 12]}, {"label": [14, 26]}])"));
  CHECK(first["signatures"][0]["documentation"] == "Joins words.");
  CHECK(first["activeParameter"] == 0);
  CHECK(help_at(29)["activeParameter"] == 1);  // the third argument: still the variadic one
  CHECK(help_at(5).is_null());                 // not in a call
}

}  // namespace hclspec::testing

namespace hclspec::testing {

TEST_CASE("inlay hints: computed values and label names in the range, each kind a setting") {
  TempFolder folder;
  folder.write("svc.hcldec", R"(object {
  attr "port" { type = number }
  block_map "site" {
    labels = ["host"]
    object {
      attr "path" { type = string }
    }
  }
}
variables {
  base = 8000
}
)");
  const std::string uri = folder.uri_of("a.hcl");
  const std::string text =
      "# hclspec: svc.hcldec\nport = base + 80\nsite \"é\" {\n  path = \"/${base}\"\n}\n";
  Session session;
  const json capabilities = session.initialize({}, folder.uri())["result"]["capabilities"];
  CHECK(capabilities["inlayHintProvider"] == true);
  session.open(uri, text);
  const auto hints = [&](uint32_t from_line, uint32_t to_line) {
    return session.request(
        "textDocument/inlayHint",
        {{"textDocument", {{"uri", uri}}},
         {"range", {{"start", position(from_line, 0)}, {"end", position(to_line, 0)}}}})["result"];
  };
  CHECK(hints(0, 5) == json::parse(R"([
    {"position": {"line": 1, "character": 16}, "label": "= 8080", "paddingLeft": true},
    {"position": {"line": 2, "character": 5}, "label": "host:", "paddingRight": true, "kind": 2},
    {"position": {"line": 3, "character": 19}, "label": "= \"/8000\"", "paddingLeft": true}])"));
  CHECK(hints(3, 4).size() == 1);
  session.notify("workspace/didChangeConfiguration",
                 {{"settings", {{"hclspec", {{"inlayHints", {{"values", false}}}}}}}});
  const json names_only = hints(0, 5);
  REQUIRE(names_only.size() == 1);
  CHECK(names_only[0]["label"] == "host:");
}

TEST_CASE("inlay hints: each workspace folder's pulled settings apply to its own files") {
  TempFolder values_off, names_off;
  const std::string spec =
      "object {\n  attr \"port\" { type = number }\n  block_map \"site\" {\n"
      "    labels = [\"host\"]\n    object {}\n  }\n}\n";
  const std::string text = "# hclspec: svc.hcldec\nport = 8000 + 80\nsite \"a\" {\n}\n";
  for (TempFolder* folder : {&values_off, &names_off}) folder->write("svc.hcldec", spec);
  Session session;
  const json ask = session.initialize_folders({values_off.uri(), names_off.uri()});
  session.send(
      {{"jsonrpc", "2.0"},
       {"id", ask["id"]},
       {"result",
        {{{"inlayHints", {{"values", false}}}}, {{"inlayHints", {{"labelNames", false}}}}}}});
  const auto labels = [&](const TempFolder& folder) {
    const std::string uri = folder.uri_of("a.hcl");
    session.open(uri, text);
    const json hints = session.request(
        "textDocument/inlayHint",
        {{"textDocument", {{"uri", uri}}},
         {"range", {{"start", position(0, 0)}, {"end", position(4, 0)}}}})["result"];
    std::vector<std::string> out;
    for (const json& hint : hints) out.push_back(hint["label"]);
    return out;
  };
  // The folder answered last decides nothing for the other.
  CHECK(labels(values_off) == std::vector<std::string>{"host:"});
  CHECK(labels(names_off) == std::vector<std::string>{"= 8080"});
}

}  // namespace hclspec::testing

namespace hclspec::testing {

TEST_CASE("code actions: quick fixes carry the diagnostics they fix, and applied they fix them") {
  TempFolder folder;
  folder.write("svc.hcldec", kSpec);
  const std::string uri = folder.uri_of("a.hcl");
  const std::string text = "# hclspec: svc.hcldec\nprot = 80\nenabled = true\n";
  Session session;
  const json capabilities = session.initialize({}, folder.uri())["result"]["capabilities"];
  CHECK(capabilities["codeActionProvider"]["codeActionKinds"] == json{"quickfix"});
  session.open(uri, text);
  session.settle();
  const json diagnostics = session.published(uri).back()["diagnostics"];
  REQUIRE(diagnostics.size() == 2);  // "prot" is not expected; "port" is missing
  const json unsupported =
      diagnostics[0]["code"] == "unsupported-argument" ? diagnostics[0] : diagnostics[1];
  const json actions = session.request("textDocument/codeAction",
                                       {{"textDocument", {{"uri", uri}}},
                                        {"range", unsupported["range"]},
                                        {"context", {{"diagnostics", diagnostics}}}})["result"];
  REQUIRE(actions.size() == 2);
  CHECK(actions[0]["title"] == "Change to `port`");
  CHECK(actions[0]["kind"] == "quickfix");
  CHECK(actions[0]["isPreferred"] == true);
  CHECK(actions[0]["diagnostics"] == json::array({unsupported}));
  CHECK(actions[0]["edit"]["changes"][uri] ==
        json::parse(R"([{"range": {"start": {"line": 1, "character": 0},
                                   "end": {"line": 1, "character": 4}}, "newText": "port"}])"));
  CHECK(actions[1]["title"] == "Remove `prot`");
  // Applied, both diagnostics are gone (the misspelled name was the missing one).
  session.change(uri, 2, json::array({range_change(1, 0, 1, 4, "port")}));
  session.settle();
  CHECK(session.published(uri).back()["diagnostics"].empty());
  // Only other kinds asked for: none.
  const json refactors = session.request(
      "textDocument/codeAction",
      {{"textDocument", {{"uri", uri}}},
       {"range", unsupported["range"]},
       {"context", {{"diagnostics", json::array()}, {"only", {"refactor"}}}}})["result"];
  CHECK(refactors.empty());
}

}  // namespace hclspec::testing

namespace hclspec::testing {

TEST_CASE("code actions on a file no spec applies to: a modeline for each spec of the folder") {
  TempFolder folder;
  folder.write("specs/svc.hcldec", kSpec);
  folder.write("specs/other.hcldec", "object {\n}\n");
  folder.write("jobs/a.hcl", "port = 80\n");
  const std::string uri = folder.uri_of("jobs/a.hcl");
  Session session;
  session.initialize({}, folder.uri());
  session.open(uri, "port = 80\n");
  const json actions = session.request(
      "textDocument/codeAction", {{"textDocument", {{"uri", uri}}},
                                  {"range", {{"start", position(0, 0)}, {"end", position(0, 0)}}},
                                  {"context", {{"diagnostics", json::array()}}}})["result"];
  REQUIRE(actions.size() == 2);
  CHECK(actions[0]["title"] == "Check this file against ../specs/other.hcldec (add a modeline)");
  CHECK(actions[1]["title"] == "Check this file against ../specs/svc.hcldec (add a modeline)");
  const json edits = actions[1]["edit"]["changes"][uri];
  CHECK(edits == json::parse(R"([{"range": {"start": {"line": 0, "character": 0},
                                           "end": {"line": 0, "character": 0}},
                                 "newText": "# hclspec: ../specs/svc.hcldec\n"}])"));
  // Applied, the file is checked against that spec.
  session.change(uri, 2,
                 json::array({range_change(0, 0, 0, 0, "# hclspec: ../specs/svc.hcldec\n")}));
  session.settle();
  const json hover = session.request(
      "textDocument/hover", {{"textDocument", {{"uri", uri}}}, {"position", position(1, 1)}});
  CHECK(hover["result"]["contents"]["value"].get<std::string>().find("required") !=
        std::string::npos);
}

TEST_CASE(
    "code actions on a file no spec applies to: a rule for each spec, in the nearest "
    ".hclspec.hcl or a new one") {
  TempFolder folder;
  folder.write("specs/svc.hcldec", kSpec);
  const std::string project =
      "rule {\n  files = [\"other/*.hcl\"]\n  spec  = \"specs/svc.hcldec\"\n}";
  folder.write(".hclspec.hcl", project);
  folder.write("jobs/a.svc.hcl", "port = 80\n");
  const std::string uri = folder.uri_of("jobs/a.svc.hcl");
  const json params = {{"textDocument", {{"uri", uri}}},
                       {"range", {{"start", position(0, 0)}, {"end", position(0, 0)}}},
                       {"context", {{"diagnostics", json::array()}}}};
  {
    Session session;
    session.initialize({}, folder.uri());
    session.open(uri, "port = 80\n");
    const json actions = session.request("textDocument/codeAction", params)["result"];
    REQUIRE(actions.size() == 2);
    CHECK(actions[1]["title"] ==
          "Check files jobs/*.svc.hcl against specs/svc.hcldec (add a rule to .hclspec.hcl)");
    const json edits = actions[1]["edit"]["changes"][folder.uri_of(".hclspec.hcl")];
    REQUIRE(edits.size() == 1);
    CHECK(edits[0]["range"]["start"] == position(3, 1));  // the end of the file
    const std::string rule = edits[0]["newText"].get<std::string>();
    CHECK(rule ==
          "\n\nrule {\n  files = [\"jobs/*.svc.hcl\"]\n  spec  = \"specs/svc.hcldec\"\n}\n");
    // Applied, the file is checked against that spec: reopened, it lacks nothing but is checked.
    folder.write(".hclspec.hcl", project + rule);
    session.notify("textDocument/didClose", {{"textDocument", {{"uri", uri}}}});
    session.open(uri, "enabled = true\n");
    session.settle();
    CHECK(session.published_codes(uri) == std::vector<std::string>{"missing-required-argument@0"});
  }
  // With no .hclspec.hcl, a client that creates files is offered a new one at the root.
  std::filesystem::remove(folder.path() + "/.hclspec.hcl");
  Session session;
  session.initialize(
      {{"workspace",
        {{"workspaceEdit", {{"documentChanges", true}, {"resourceOperations", {"create"}}}}}}},
      folder.uri());
  session.open(uri, "port = 80\n");
  const json actions = session.request("textDocument/codeAction", params)["result"];
  REQUIRE(actions.size() == 3);  // the modeline, the rule, a draft spec
  const json created = actions[1]["edit"]["documentChanges"];
  CHECK(created[0]["kind"] == "create");
  CHECK(created[0]["uri"] == folder.uri_of(".hclspec.hcl"));
  CHECK(created[1]["edits"][0]["newText"] ==
        "rule {\n  files = [\"jobs/*.svc.hcl\"]\n  spec  = \"specs/svc.hcldec\"\n}\n");
  CHECK(actions[2]["title"] == "Generate a spec from this file (a.hcldec)");

  // A folder name with a quote is quoted in the rule; one with a glob's characters gets none;
  // an untitled buffer gets no draft (it has no folder to put it in).
  const std::string quote_uri = folder.uri_of("a\"b/c.hcl");
  folder.write("a\"b/c.hcl", "port = 80\n");
  session.open(quote_uri, "port = 80\n");
  json quote_params = params;
  quote_params["textDocument"]["uri"] = quote_uri;
  const json quoted = session.request("textDocument/codeAction", quote_params)["result"];
  REQUIRE(quoted.size() == 3);
  CHECK(quoted[1]["edit"]["documentChanges"][1]["edits"][0]["newText"] ==
        "rule {\n  files = [\"a\\\"b/*.hcl\"]\n  spec  = \"specs/svc.hcldec\"\n}\n");
  const std::string glob_uri = folder.uri_of("x[1]/c.hcl");
  folder.write("x[1]/c.hcl", "port = 80\n");
  session.open(glob_uri, "port = 80\n");
  json glob_params = params;
  glob_params["textDocument"]["uri"] = glob_uri;
  const json globbed = session.request("textDocument/codeAction", glob_params)["result"];
  REQUIRE(globbed.size() == 2);  // the modeline and the draft
  CHECK(globbed[1]["title"] == "Generate a spec from this file (c.hcldec)");
  session.open("untitled:Untitled-1", "port = 80\n");
  json untitled_params = params;
  untitled_params["textDocument"]["uri"] = "untitled:Untitled-1";
  // Held whole: a loop over a member of the temporary reply would outlive it.
  const json untitled = session.request("textDocument/codeAction", untitled_params);
  for (const json& action : untitled["result"])
    CHECK(action["title"].get<std::string>().find("Generate") == std::string::npos);
}

TEST_CASE(
    "code actions on a file no spec applies to: a spec drafted from it, for clients that "
    "create files") {
  TempFolder folder;
  const std::string text =
      "name = \"web\"\nport = 8000 + var.offset\nservice \"api\" {\n  replicas = 2\n}\n";
  folder.write("jobs/web.nomad", text);
  const std::string uri = folder.uri_of("jobs/web.nomad");
  const json create = {
      {"workspace",
       {{"workspaceEdit", {{"documentChanges", true}, {"resourceOperations", {"create"}}}}}}};
  Session session;
  session.initialize(create, folder.uri());
  session.open(uri, text);
  const json params = {{"textDocument", {{"uri", uri}}},
                       {"range", {{"start", position(0, 0)}, {"end", position(0, 0)}}},
                       {"context", {{"diagnostics", json::array()}}}};
  const json actions = session.request("textDocument/codeAction", params)["result"];
  REQUIRE(actions.size() == 1);
  CHECK(actions[0]["title"] == "Generate a spec from this file (web.hcldec)");
  const json changes = actions[0]["edit"]["documentChanges"];
  REQUIRE(changes.size() == 3);
  const std::string draft_uri = folder.uri_of("jobs/web.hcldec");
  CHECK(changes[0] ==
        json({{"kind", "create"}, {"uri", draft_uri}, {"options", {{"ignoreIfExists", true}}}}));
  CHECK(changes[1]["textDocument"]["uri"] == draft_uri);
  CHECK(changes[2]["textDocument"] == json({{"uri", uri}, {"version", 1}}));
  CHECK(changes[2]["edits"][0]["newText"] == "# hclspec: web.hcldec\n");
  const std::string draft = changes[1]["edits"][0]["newText"].get<std::string>();
  CHECK(draft.find("block_map \"service\"") != std::string::npos);
  CHECK(draft.find("offset = 0") != std::string::npos);  // a placeholder for var.offset

  // Applied: the file is checked against the draft, which accepts it, and rejects another type.
  folder.write("jobs/web.hcldec", draft);
  session.change(uri, 2, json::array({range_change(0, 0, 0, 0, "# hclspec: web.hcldec\n")}));
  session.settle();
  CHECK(session.published_codes(uri).empty());
  session.change(uri, 3, json::array({range_change(2, 7, 2, 24, "\"web\"")}));
  session.settle();
  CHECK(session.published_codes(uri) ==
        std::vector<std::string>{"incorrect-attribute-value-type@2"});
  // With the draft there, and a spec to choose, the action is not offered again.
  const json after = session.request("textDocument/codeAction", params)["result"];
  CHECK(after.empty());
}

}  // namespace hclspec::testing

namespace hclspec::testing {

TEST_CASE("hclspec/decodedValue: the document decoded by its spec, or its errors") {
  TempFolder folder;
  folder.write("svc.hcldec", kSpec);
  const std::string uri = folder.uri_of("a.hcl");
  Session session;
  session.initialize({}, folder.uri());
  session.open(uri, "# hclspec: svc.hcldec\nport = 8000 + 80\nbackend {\n  address = \"a\"\n}\n");
  const json decoded =
      session.request("hclspec/decodedValue", {{"textDocument", {{"uri", uri}}}})["result"];
  CHECK(decoded["value"] == json::parse(R"({"port": 8080, "backend": [{"address": "a"}]})"));
  CHECK(decoded["type"] == json::parse(R"(["object", {"backend": ["list", ["object",
    {"address": "string"}]], "enabled": "bool", "port": "number"}])"));
  CHECK(decoded["diagnostics"].empty());
  session.change(uri, 2, json::array({range_change(1, 7, 1, 16, "\"many\"")}));
  const json failed =
      session.request("hclspec/decodedValue", {{"textDocument", {{"uri", uri}}}})["result"];
  CHECK(failed["value"].is_null());
  CHECK(failed["type"].is_null());
  REQUIRE(failed["diagnostics"].size() == 1);
  CHECK(failed["diagnostics"][0]["code"] == "incorrect-attribute-value-type");
  // A file without a spec: refused, saying why.
  const std::string loose = folder.uri_of("b.hcl");
  session.open(loose, "a = 1\n");
  CHECK(session.request("hclspec/decodedValue",
                        {{"textDocument", {{"uri", loose}}}})["error"]["code"] == -32803);
}

}  // namespace hclspec::testing
