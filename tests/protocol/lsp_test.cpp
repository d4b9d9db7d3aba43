// The LSP readers (defaults, unknown fields, errors naming the field) and writers.
#include "protocol/lsp.hpp"

#include <doctest/doctest.h>

#include <string>

#include "protocol/jsonrpc.hpp"

namespace {

using namespace hclspec::protocol;

// The message of the InvalidParams that reading `params` as T throws.
template <typename T>
std::string read_error(const json& params) {
  try {
    (void)params.get<T>();
  } catch (const InvalidParams& error) {
    return error.what();
  }
  return "(no error)";
}

const json kDocument = {{"uri", "file:///w/a.hcl"}};

}  // namespace

TEST_CASE("didOpen, didClose and didSave") {
  const auto open = json::parse(R"({"textDocument":{"uri":"file:///w/a.hcl","languageId":"hcl",
      "version":3,"text":"a = 1\n","extra":{}}})")
                        .get<DidOpenTextDocumentParams>();
  CHECK(open.text_document.uri == "file:///w/a.hcl");
  CHECK(open.text_document.language_id == "hcl");
  CHECK(open.text_document.version == 3);
  CHECK(open.text_document.text == "a = 1\n");

  CHECK(json{{"textDocument", kDocument}}.get<DidCloseTextDocumentParams>().text_document.uri ==
        "file:///w/a.hcl");
  CHECK_FALSE(json{{"textDocument", kDocument}}.get<DidSaveTextDocumentParams>().text);
  CHECK(json{{"textDocument", kDocument}, {"text", "x"}}.get<DidSaveTextDocumentParams>().text ==
        "x");

  CHECK(read_error<DidOpenTextDocumentParams>(json::object()) == "textDocument: missing");
  CHECK(read_error<DidOpenTextDocumentParams>({{"textDocument", "x"}}) ==
        "textDocument: expected an object");
  CHECK(read_error<DidOpenTextDocumentParams>(
            {{"textDocument", {{"uri", "u"}, {"languageId", "hcl"}, {"text", ""}}}}) ==
        "textDocument.version: missing");
  CHECK(read_error<DidOpenTextDocumentParams>(
            {{"textDocument", {{"uri", "u"}, {"languageId", 1}, {"version", 1}, {"text", ""}}}}) ==
        "textDocument.languageId: expected a string");
  CHECK(read_error<DidOpenTextDocumentParams>(json::array()) == "params: expected an object");
  CHECK(read_error<DidCloseTextDocumentParams>(nullptr) == "params: expected an object");
  CHECK(read_error<DidSaveTextDocumentParams>({{"textDocument", kDocument}, {"text", 1}}) ==
        "text: expected a string");
}

TEST_CASE("didChange: ranged and whole-document changes, in order") {
  const auto change = json::parse(R"({"textDocument":{"uri":"u","version":7},"contentChanges":[
      {"range":{"start":{"line":1,"character":2},"end":{"line":1,"character":4}},"rangeLength":2,
       "text":"xy"},
      {"text":"whole"},
      {"range":null,"text":""}]})")
                          .get<DidChangeTextDocumentParams>();
  CHECK(change.text_document.version == 7);
  REQUIRE(change.content_changes.size() == 3);
  CHECK(change.content_changes[0].range == Range{{1, 2}, {1, 4}});
  CHECK(change.content_changes[0].text == "xy");
  CHECK_FALSE(change.content_changes[1].range);
  CHECK(change.content_changes[1].text == "whole");
  CHECK_FALSE(change.content_changes[2].range);

  const json document = {{"uri", "u"}, {"version", 1}};
  CHECK(read_error<DidChangeTextDocumentParams>({{"textDocument", document}}) ==
        "contentChanges: missing");
  CHECK(read_error<DidChangeTextDocumentParams>(
            {{"textDocument", document}, {"contentChanges", {{"text", "a"}}}}) ==
        "contentChanges: expected an array");
  CHECK(read_error<DidChangeTextDocumentParams>(
            {{"textDocument", document},
             {"contentChanges",
              json::array(
                  {{{"text", "a"}},
                   {{"range", {{"start", {{"line", 0}, {"character", 0}}}, {"end", {{"line", 0}}}}},
                    {"text", ""}}})}}) == "contentChanges[1].range.end.character: missing");
  CHECK(read_error<DidChangeTextDocumentParams>({{"textDocument", {{"uri", "u"}, {"version", "1"}}},
                                                 {"contentChanges", json::array()}}) ==
        "textDocument.version: expected a 32-bit integer");
  CHECK(read_error<DidChangeTextDocumentParams>(
            {{"textDocument", {{"uri", "u"}, {"version", 2147483648LL}}},
             {"contentChanges", json::array()}}) ==
        "textDocument.version: expected a 32-bit integer");
  CHECK(
      read_error<DidChangeTextDocumentParams>(
          {{"textDocument", document}, {"contentChanges", json::array({{{"range", nullptr}}})}}) ==
      "contentChanges[0].text: missing");
}

TEST_CASE("didOpen and didChange texts are taken out of the params, with the same checks") {
  json open = json::parse(R"({"textDocument":{"uri":"u","languageId":"hcl","version":3,
      "text":"a = 1\n"}})");
  const DidOpenTextDocumentParams opened = take_did_open_params(open);
  CHECK(opened.text_document.uri == "u");
  CHECK(opened.text_document.version == 3);
  CHECK(opened.text_document.text == "a = 1\n");
  CHECK(open["textDocument"]["text"] == "");

  json change = json::parse(R"({"textDocument":{"uri":"u","version":7},"contentChanges":[
      {"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":1}},"text":"xy"},
      {"text":"whole"}]})");
  const DidChangeTextDocumentParams changed = take_did_change_params(change);
  REQUIRE(changed.content_changes.size() == 2);
  CHECK(changed.content_changes[0].range == Range{{0, 0}, {0, 1}});
  CHECK(changed.content_changes[0].text == "xy");
  CHECK_FALSE(changed.content_changes[1].range);
  CHECK(changed.content_changes[1].text == "whole");
  CHECK(change["contentChanges"][1]["text"] == "");

  // What is wrong is reported as params.get<T>() reports it.
  json no_text = {{"textDocument", {{"uri", "u"}, {"languageId", "hcl"}, {"version", 1}}}};
  CHECK_THROWS_WITH_AS(take_did_open_params(no_text), "textDocument.text: missing", InvalidParams);
  json number_text = {{"textDocument", {{"uri", "u"}, {"version", 1}}},
                      {"contentChanges", json::array({{{"text", 1}}})}};
  CHECK_THROWS_WITH_AS(take_did_change_params(number_text),
                       "contentChanges[0].text: expected a string", InvalidParams);
  json not_object = json::array();
  CHECK_THROWS_WITH_AS(take_did_change_params(not_object), "params: expected an object",
                       InvalidParams);
}

TEST_CASE("positions are unsigned 32-bit integers") {
  const auto position = [](const json& line) {
    return json{{"textDocument", kDocument}, {"position", {{"line", line}, {"character", 0}}}};
  };
  CHECK(position(0).get<TextDocumentPositionParams>().position == Position{0, 0});
  CHECK(position(4294967295U).get<TextDocumentPositionParams>().position.line == 4294967295U);
  // Parsed JSON stores non-negative integers as unsigned; built JSON as signed: both are read.
  CHECK(json::parse(R"({"line":3,"character":9})").get<Position>() == Position{3, 9});
  const std::string expected = "position.line: expected an unsigned 32-bit integer";
  CHECK(read_error<TextDocumentPositionParams>(position(-1)) == expected);
  CHECK(read_error<TextDocumentPositionParams>(position(4294967296LL)) == expected);
  CHECK(read_error<TextDocumentPositionParams>(position(1.5)) == expected);
  CHECK(read_error<TextDocumentPositionParams>(position("1")) == expected);
  CHECK(read_error<TextDocumentPositionParams>(position(nullptr)) == expected);
  CHECK(read_error<TextDocumentPositionParams>({{"textDocument", kDocument}}) ==
        "position: missing");
  CHECK(read_error<TextDocumentPositionParams>(
            {{"textDocument", json::object()}, {"position", {{"line", 0}, {"character", 0}}}}) ==
        "textDocument.uri: missing");
}

TEST_CASE("completion and hover params") {
  json params = {{"textDocument", kDocument}, {"position", {{"line", 2}, {"character", 5}}}};
  const auto hover = params.get<HoverParams>();
  CHECK(hover.text_document.uri == "file:///w/a.hcl");
  CHECK(hover.position == Position{2, 5});

  CHECK_FALSE(params.get<CompletionParams>().context);
  params["context"] = {{"triggerKind", 2}, {"triggerCharacter", "."}};
  const auto completion = params.get<CompletionParams>();
  CHECK(completion.position == Position{2, 5});
  REQUIRE(completion.context);
  CHECK(completion.context->trigger_kind == CompletionTriggerKind::TriggerCharacter);
  CHECK(completion.context->trigger_character == ".");
  params["context"] = {{"triggerKind", 1}};
  CHECK_FALSE(params.get<CompletionParams>().context->trigger_character);
  params["context"] = {{"triggerKind", 4}};
  CHECK(read_error<CompletionParams>(params) == "context.triggerKind: expected 1, 2 or 3");
  params["context"] = json::object();
  CHECK(read_error<CompletionParams>(params) == "context.triggerKind: missing");
  params["context"] = 1;
  CHECK(read_error<CompletionParams>(params) == "context: expected an object");
}

TEST_CASE("references, rename and workspace symbol params") {
  json params = {{"textDocument", kDocument},
                 {"position", {{"line", 1}, {"character", 3}}},
                 {"context", {{"includeDeclaration", true}}}};
  const auto references = params.get<ReferenceParams>();
  CHECK(references.position == Position{1, 3});
  CHECK(references.include_declaration);
  params["context"]["includeDeclaration"] = false;
  CHECK_FALSE(params.get<ReferenceParams>().include_declaration);
  params["context"] = json::object();
  CHECK(read_error<ReferenceParams>(params) == "context.includeDeclaration: missing");
  params.erase("context");
  CHECK(read_error<ReferenceParams>(params) == "context: missing");

  json rename = {{"textDocument", kDocument}, {"position", {{"line", 1}, {"character", 3}}}};
  CHECK(read_error<RenameParams>(rename) == "newName: missing");
  rename["newName"] = "listen_port";
  CHECK(rename.get<RenameParams>().new_name == "listen_port");

  CHECK(json{{"query", "web"}}.get<WorkspaceSymbolParams>().query == "web");
  CHECK(read_error<WorkspaceSymbolParams>(json::object()) == "query: missing");
  CHECK(read_error<WorkspaceSymbolParams>({{"query", 3}}) == "query: expected a string");
}

TEST_CASE("document and workspace diagnostic params") {
  json document = {{"textDocument", kDocument}, {"identifier", "hclspec"}};
  CHECK(document.get<DocumentDiagnosticParams>().text_document.uri == "file:///w/a.hcl");
  CHECK_FALSE(document.get<DocumentDiagnosticParams>().previous_result_id);
  document["previousResultId"] = "7";
  CHECK(document.get<DocumentDiagnosticParams>().previous_result_id == "7");
  document["previousResultId"] = 7;
  CHECK(read_error<DocumentDiagnosticParams>(document) == "previousResultId: expected a string");
  CHECK(read_error<DocumentDiagnosticParams>(json::object()) == "textDocument: missing");

  const auto workspace = json::parse(R"({"identifier": "hclspec", "partialResultToken": 1,
      "previousResultIds": [{"uri": "file:///w/a.hcl", "value": "1"},
                            {"uri": "file:///w/b.hcl", "value": "2"}]})")
                             .get<WorkspaceDiagnosticParams>();
  REQUIRE(workspace.previous_result_ids.size() == 2);
  CHECK(workspace.previous_result_ids[1].uri == "file:///w/b.hcl");
  CHECK(workspace.previous_result_ids[1].value == "2");
  CHECK(read_error<WorkspaceDiagnosticParams>(json::object()) == "previousResultIds: missing");
  CHECK(read_error<WorkspaceDiagnosticParams>(
            json::parse(R"({"previousResultIds": [{"uri": "file:///w/a.hcl"}]})")) ==
        "previousResultIds[0].value: missing");
  CHECK(read_error<WorkspaceDiagnosticParams>(json::parse(R"({"previousResultIds": [3]})")) ==
        "previousResultIds[0]: expected an object");
}

TEST_CASE("code action params") {
  json params = {
      {"textDocument", kDocument},
      {"range",
       {{"start", {{"line", 0}, {"character", 0}}}, {"end", {{"line", 0}, {"character", 4}}}}},
      {"context", {{"diagnostics", json::array({{{"code", "x"}}})}}}};
  const auto actions = params.get<CodeActionParams>();
  CHECK(actions.diagnostics.size() == 1);
  CHECK(actions.only.empty());
  params["context"]["only"] = {"quickfix"};
  CHECK(params.get<CodeActionParams>().only == std::vector<std::string>{"quickfix"});
  params["context"]["diagnostics"] = json::array({1});
  CHECK(read_error<CodeActionParams>(params) == "context.diagnostics[0]: expected an object");
  params.erase("context");
  CHECK(read_error<CodeActionParams>(params) == "context: missing");
}

TEST_CASE("$/cancelRequest") {
  CHECK(json{{"id", 4}}.get<CancelParams>().id == 4);
  CHECK(json{{"id", "a"}}.get<CancelParams>().id == "a");
  CHECK(read_error<CancelParams>({{"id", true}}) == "id: expected an integer or a string");
  CHECK(read_error<CancelParams>(json::object()) == "id: missing");
}

TEST_CASE("initialize: the capabilities the server uses") {
  const auto params = json::parse(R"({
    "processId": 1234, "rootUri": "file:///w", "rootPath": "/w",
    "clientInfo": {"name": "Visual Studio Code", "version": "1.90"},
    "initializationOptions": {"rules": [{"files": ["*.hcl"], "spec": "a.hcldec"}]},
    "workspaceFolders": [{"uri": "file:///w", "name": "w"}, {"uri": "file:///v", "name": "v"}],
    "trace": "off",
    "capabilities": {
      "general": {"positionEncodings": ["utf-8", "utf-16"]},
      "textDocument": {
        "completion": {"completionItem": {"snippetSupport": true,
                                          "documentationFormat": ["markdown", "plaintext"]}},
        "hover": {"contentFormat": ["plaintext"]},
        "foldingRange": {"rangeLimit": 5000, "lineFoldingOnly": true},
        "synchronization": {"didSave": true},
        "diagnostic": {}},
      "workspace": {"configuration": true, "workspaceFolders": true,
                    "didChangeWatchedFiles": {"dynamicRegistration": true},
                    "diagnostics": {"refreshSupport": true}},
      "window": {"workDoneProgress": true}}})")
                          .get<InitializeParams>();
  CHECK(params.process_id == 1234);
  CHECK(params.root_uri == "file:///w");
  CHECK(params.root_path == "/w");
  REQUIRE(params.client_info);
  CHECK(params.client_info->name == "Visual Studio Code");
  CHECK(params.client_info->version == "1.90");
  CHECK(params.initialization_options["rules"][0]["spec"] == "a.hcldec");
  REQUIRE(params.workspace_folders.size() == 2);
  CHECK(params.workspace_folders[1].uri == "file:///v");
  CHECK(params.workspace_folders[1].name == "v");
  const ClientCapabilities& caps = params.capabilities;
  CHECK(caps.position_encodings == std::vector<std::string>{"utf-8", "utf-16"});
  CHECK(caps.completion_snippets);
  CHECK(caps.completion_documentation_formats == std::vector<std::string>{"markdown", "plaintext"});
  CHECK(caps.hover_content_formats == std::vector<std::string>{"plaintext"});
  CHECK(caps.line_folding_only);
  CHECK(caps.folding_range_limit == 5000u);
  CHECK(caps.workspace_configuration);
  CHECK(caps.watched_files_dynamic_registration);
  CHECK(caps.workspace_folders);
  CHECK(caps.work_done_progress);
  CHECK(caps.diagnostic_pull);  // announced, even with no field of its own
  CHECK(caps.diagnostic_refresh);
}

TEST_CASE("initialize: absent and null fields get their defaults") {
  for (const char* text : {
           "{}",
           R"({"processId":null,"rootUri":null,"rootPath":null,"workspaceFolders":null,
               "capabilities":{"textDocument":null,"workspace":{"didChangeWatchedFiles":{}}}})",
       }) {
    CAPTURE(text);
    const auto params = json::parse(text).get<InitializeParams>();
    CHECK_FALSE(params.process_id);
    CHECK_FALSE(params.root_uri);
    CHECK_FALSE(params.root_path);
    CHECK(params.workspace_folders.empty());
    CHECK(params.initialization_options.is_null());
    CHECK_FALSE(params.client_info);
    CHECK(params.capabilities.position_encodings.empty());
    CHECK_FALSE(params.capabilities.completion_snippets);
    CHECK_FALSE(params.capabilities.watched_files_dynamic_registration);
    CHECK_FALSE(params.capabilities.work_done_progress);
    CHECK_FALSE(params.capabilities.diagnostic_pull);
    CHECK_FALSE(params.capabilities.diagnostic_refresh);
    CHECK_FALSE(params.capabilities.folding_range_limit);
  }
}

TEST_CASE("initialize: wrong fields are named") {
  const auto error = [](const char* text) {
    return read_error<InitializeParams>(json::parse(text));
  };
  CHECK(error(R"({"processId":"1"})") == "processId: expected an integer or null");
  CHECK(error(R"({"rootUri":1})") == "rootUri: expected a string");
  CHECK(error(R"({"workspaceFolders":{}})") == "workspaceFolders: expected an array");
  CHECK(error(R"({"workspaceFolders":[{"uri":"u"}]})") == "workspaceFolders[0].name: missing");
  CHECK(error(R"({"capabilities":[]})") == "capabilities: expected an object");
  CHECK(error(R"({"capabilities":{"general":{"positionEncodings":"utf-8"}}})") ==
        "capabilities.general.positionEncodings: expected an array");
  CHECK(error(R"({"capabilities":{"general":{"positionEncodings":["utf-8",8]}}})") ==
        "capabilities.general.positionEncodings[1]: expected a string");
  CHECK(error(R"({"capabilities":{"textDocument":{"completion":{"completionItem":
                 {"snippetSupport":"yes"}}}}})") ==
        "capabilities.textDocument.completion.completionItem.snippetSupport: expected a boolean");
  CHECK(error(R"({"capabilities":{"window":5}})") == "capabilities.window: expected an object");
  CHECK(error(R"({"capabilities":{"textDocument":{"foldingRange":{"rangeLimit":-1}}}})") ==
        "capabilities.textDocument.foldingRange.rangeLimit: expected an unsigned 32-bit integer");
  CHECK(error(R"({"capabilities":{"textDocument":{"diagnostic":true}}})") ==
        "capabilities.textDocument.diagnostic: expected an object");
  CHECK(error(R"({"capabilities":{"workspace":{"diagnostics":{"refreshSupport":1}}}})") ==
        "capabilities.workspace.diagnostics.refreshSupport: expected a boolean");
  CHECK(error(R"({"clientInfo":{"version":"1"}})") == "clientInfo.name: missing");
}

TEST_CASE("workspace notifications") {
  const auto settings =
      json::parse(R"({"settings":{"hclspec":{"rules":[]}}})").get<DidChangeConfigurationParams>();
  CHECK(settings.settings == json{{"hclspec", {{"rules", json::array()}}}});
  CHECK(json::object().get<DidChangeConfigurationParams>().settings.is_null());

  const auto files = json::parse(R"({"changes":[{"uri":"file:///a","type":1},
      {"uri":"file:///b","type":2},{"uri":"file:///c","type":3}]})")
                         .get<DidChangeWatchedFilesParams>();
  REQUIRE(files.changes.size() == 3);
  CHECK(files.changes[0].uri == "file:///a");
  CHECK(files.changes[0].type == FileChangeType::Created);
  CHECK(files.changes[1].type == FileChangeType::Changed);
  CHECK(files.changes[2].type == FileChangeType::Deleted);
  CHECK(read_error<DidChangeWatchedFilesParams>(
            json::parse(R"({"changes":[{"uri":"u","type":1},{"uri":"u","type":4}]})")) ==
        "changes[1].type: expected 1, 2 or 3");
  CHECK(read_error<DidChangeWatchedFilesParams>(json::object()) == "changes: missing");

  const auto folders = json::parse(R"({"event":{"added":[{"uri":"file:///n","name":"n"}],
      "removed":[]}})")
                           .get<DidChangeWorkspaceFoldersParams>();
  REQUIRE(folders.event.added.size() == 1);
  CHECK(folders.event.added[0].name == "n");
  CHECK(folders.event.removed.empty());
  CHECK(read_error<DidChangeWorkspaceFoldersParams>(json::parse(R"({"event":{"added":[]}})")) ==
        "event.removed: missing");
}

TEST_CASE("shared structures read back what they write") {
  const Location location{"file:///a%20b", {{1, 2}, {3, 4}}};
  const json written = location;
  CHECK(written == json::parse(R"({"uri":"file:///a%20b","range":{"start":{"line":1,
      "character":2},"end":{"line":3,"character":4}}})"));
  CHECK(written.get<Location>() == location);
  CHECK(json(TextDocumentIdentifier{"u"}) == json{{"uri", "u"}});
  CHECK(read_error<Range>(json::parse(R"({"start":{"line":0,"character":0}})")) == "end: missing");
}

TEST_CASE("diagnostics") {
  PublishDiagnosticsParams params{"file:///a", 4, {}};
  params.diagnostics.push_back(
      {{{0, 1}, {0, 3}}, DiagnosticSeverity::Warning, "unsupported-argument", "hclspec", "msg"});
  params.diagnostics.push_back({{{2, 0}, {2, 0}}, DiagnosticSeverity::Error, "", "", "other"});
  CHECK(json(params) == json::parse(R"({"uri":"file:///a","version":4,"diagnostics":[
      {"range":{"start":{"line":0,"character":1},"end":{"line":0,"character":3}},"severity":2,
       "code":"unsupported-argument","source":"hclspec","message":"msg"},
      {"range":{"start":{"line":2,"character":0},"end":{"line":2,"character":0}},"severity":1,
       "message":"other"}]})"));
  params.version.reset();
  params.diagnostics.clear();
  CHECK(json(params) == json::parse(R"({"uri":"file:///a","diagnostics":[]})"));
}

TEST_CASE("pulled diagnostics: full and unchanged reports, of a document or the workspace") {
  const Diagnostic error{{{2, 0}, {2, 1}}, DiagnosticSeverity::Error, "", "", "bad"};
  CHECK(json(DocumentDiagnosticReport{"4", std::vector<Diagnostic>{error}}) ==
        json::parse(R"({"kind":"full","resultId":"4","items":[
      {"range":{"start":{"line":2,"character":0},"end":{"line":2,"character":1}},"severity":1,
       "message":"bad"}]})"));
  CHECK(json(DocumentDiagnosticReport{"4", std::vector<Diagnostic>{}}) ==
        json::parse(R"({"kind":"full","resultId":"4","items":[]})"));
  CHECK(json(DocumentDiagnosticReport{"4", std::nullopt}) ==
        json::parse(R"({"kind":"unchanged","resultId":"4"})"));
  WorkspaceDiagnosticReport workspace;
  workspace.items.push_back({{"5", std::vector<Diagnostic>{}}, "file:///a", 3});
  workspace.items.push_back({{"6", std::nullopt}, "file:///b", std::nullopt});
  CHECK(json(workspace) == json::parse(R"({"items":[
      {"kind":"full","resultId":"5","items":[],"uri":"file:///a","version":3},
      {"kind":"unchanged","resultId":"6","uri":"file:///b","version":null}]})"));
}

TEST_CASE("completion items and lists") {
  CompletionItem full;
  full.label = "name";
  full.kind = CompletionItemKind::Property;
  full.detail = "string";
  full.documentation = {MarkupKind::Markdown, "The **name**."};
  full.sort_text = "0001";
  full.filter_text = "name";
  full.insert_text_format = InsertTextFormat::Snippet;
  full.text_edit = TextEdit{{{1, 0}, {1, 2}}, "name = \"$1\""};
  full.insert_text_mode = InsertTextMode::AsIs;
  CompletionItem minimal;
  minimal.label = "block";
  CHECK(json(CompletionList{true, {full, minimal}}) == json::parse(R"({"isIncomplete":true,
      "items":[{"label":"name","kind":10,"detail":"string",
                "documentation":{"kind":"markdown","value":"The **name**."},"sortText":"0001",
                "filterText":"name","insertTextFormat":2,
                "textEdit":{"range":{"start":{"line":1,"character":0},
                                     "end":{"line":1,"character":2}},"newText":"name = \"$1\""},
                "insertTextMode":1},
               {"label":"block","kind":1,"insertTextFormat":1}]})"));
}

TEST_CASE("hover, messages, configuration and registration") {
  CHECK(json(Hover{{MarkupKind::PlainText, "text"}, std::nullopt}) ==
        json::parse(R"({"contents":{"kind":"plaintext","value":"text"}})"));
  CHECK(json(Hover{{MarkupKind::Markdown, "*m*"}, Range{{0, 0}, {0, 1}}}) ==
        json::parse(R"({"contents":{"kind":"markdown","value":"*m*"},
            "range":{"start":{"line":0,"character":0},"end":{"line":0,"character":1}}})"));
  CHECK(json(LogMessageParams{MessageType::Log, "log"}) == json{{"type", 4}, {"message", "log"}});
  CHECK(json(ShowMessageParams{MessageType::Error, "bad"}) ==
        json{{"type", 1}, {"message", "bad"}});
  CHECK(json(ConfigurationParams{{{std::nullopt, "hclspec"},
                                  {"file:///w", std::nullopt},
                                  {std::nullopt, std::nullopt}}}) ==
        json::parse(R"({"items":[{"section":"hclspec"},{"scopeUri":"file:///w"},{}]})"));
  const DidChangeWatchedFilesRegistrationOptions watch{
      {{"**/.hclspec.hcl"}, {"**/*.hcldec", kWatchChange | kWatchDelete}}};
  CHECK(json(RegistrationParams{{{"w1", "workspace/didChangeWatchedFiles", watch},
                                 {"c1", "workspace/didChangeConfiguration", nullptr}}}) ==
        json::parse(R"({"registrations":[
            {"id":"w1","method":"workspace/didChangeWatchedFiles",
             "registerOptions":{"watchers":[{"globPattern":"**/.hclspec.hcl","kind":7},
                                            {"globPattern":"**/*.hcldec","kind":6}]}},
            {"id":"c1","method":"workspace/didChangeConfiguration"}]})"));
}
