// The capabilities negotiated in `initialize`.
#include "server/lsp/capabilities.hpp"

#include <algorithm>

#include "server/lsp/language_server.hpp"

namespace hclspec::server::lsp {

namespace {

bool offers(const std::vector<std::string>& list, std::string_view what) {
  return std::find(list.begin(), list.end(), what) != list.end();
}

}  // namespace

ClientOptions client_options_from(const protocol::ClientCapabilities& capabilities) {
  ClientOptions client;
  // UTF-8 only when offered: LSP's default, and what every client must support, is UTF-16.
  if (offers(capabilities.position_encodings, "utf-8")) client.encoding = PositionEncoding::Utf8;
  client.snippets = capabilities.completion_snippets;
  client.completion_markdown = offers(capabilities.completion_documentation_formats, "markdown");
  client.hover_markdown = offers(capabilities.hover_content_formats, "markdown");
  client.pull_configuration = capabilities.workspace_configuration;
  client.watch_files_dynamically = capabilities.watched_files_dynamic_registration;
  client.hierarchical_symbols = capabilities.hierarchical_document_symbols;
  client.line_folding_only = capabilities.line_folding_only;
  client.folding_range_limit = capabilities.folding_range_limit;
  client.create_files = capabilities.workspace_edit_document_changes &&
                        offers(capabilities.workspace_edit_resource_operations, "create");
  client.pull_diagnostics = capabilities.diagnostic_pull;
  client.diagnostic_refresh = capabilities.diagnostic_refresh;
  return client;
}

nlohmann::json initialize_result(const ClientOptions& client) {
  nlohmann::json result = {
      {"capabilities",
       {
           {"positionEncoding", encoding_name(client.encoding)},
           {"textDocumentSync",
            {{"openClose", true},
             {"change", 2 /* Incremental */},
             {"save", {{"includeText", false}}}}},
           // "=" opens a value (true/false, variables, functions). Not " ": clients that pop
           // up completion on trigger characters (company-mode) would do it after every space.
           {"completionProvider", {{"triggerCharacters", {"="}}, {"resolveProvider", false}}},
           {"hoverProvider", true},
           {"signatureHelpProvider", {{"triggerCharacters", {"(", ","}}}},
           {"documentFormattingProvider", true},
           {"documentRangeFormattingProvider", true},
           {"definitionProvider", true},
           {"referencesProvider", true},
           {"workspaceSymbolProvider", true},
           {"renameProvider", {{"prepareProvider", true}}},
           {"inlayHintProvider", true},
           {"codeActionProvider", {{"codeActionKinds", {"quickfix"}}}},
           {"documentLinkProvider", {{"resolveProvider", false}}},
           {"documentSymbolProvider", true},
           {"foldingRangeProvider", true},
           {"selectionRangeProvider", true},
           {"semanticTokensProvider",
            {{"legend",
              {{"tokenTypes", semantic_token_types()},
               {"tokenModifiers", semantic_token_modifiers()}}},
             {"range", true},
             {"full", {{"delta", true}}}}},
           {"workspace",
            {{"workspaceFolders", {{"supported", true}, {"changeNotifications", true}}}}},
       }},
      {"serverInfo", {{"name", "hclspec"}, {"version", HCLSPEC_VERSION}}},
  };
  // Only to clients that pull: the others get diagnostics pushed, and nothing to pull them with.
  // A spec file's edit changes the diagnostics of the files checked against it.
  if (client.pull_diagnostics)
    result["capabilities"]["diagnosticProvider"] = {
        {"identifier", "hclspec"}, {"interFileDependencies", true}, {"workspaceDiagnostics", true}};
  return result;
}

}  // namespace hclspec::server::lsp
