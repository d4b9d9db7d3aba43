// The LSP 3.17 structures the server reads and writes, with their JSON conversions.
//
// Readers are `from_json(const nlohmann::json&, T&)` (so `params.get<T>()` works) and throw
// InvalidParams naming the field ("contentChanges[1].range.start.line: missing"). Unknown fields
// are ignored; an optional field that is absent or null gets the default written here.
// Writers are `to_json(nlohmann::json&, const T&)` (so `nlohmann::json j = value;` works) and
// leave out optional fields that are empty.
// Positions are LSP's: line and character in the negotiated encoding; converting them to byte
// offsets is the server's business.
#pragma once

#include <compare>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace hclspec::protocol {

using nlohmann::json;

// ---- Shared structures (read and written) ----

struct Position {
  uint32_t line = 0;
  uint32_t character = 0;
  auto operator<=>(const Position&) const = default;  // line first, then character
};

struct Range {
  Position start;
  Position end;
  bool operator==(const Range&) const = default;
};

struct Location {
  std::string uri;
  Range range;
  bool operator==(const Location&) const = default;
};

struct TextDocumentIdentifier {
  std::string uri;
};

void from_json(const json& j, Position& value);
void from_json(const json& j, Range& value);
void from_json(const json& j, Location& value);
void from_json(const json& j, TextDocumentIdentifier& value);
void to_json(json& j, const Position& value);
void to_json(json& j, const Range& value);
void to_json(json& j, const Location& value);
void to_json(json& j, const TextDocumentIdentifier& value);

// ---- Read: what the client sends ----

struct VersionedTextDocumentIdentifier {
  std::string uri;
  int32_t version = 0;
};

struct TextDocumentItem {
  std::string uri;
  std::string language_id;
  int32_t version = 0;
  std::string text;
};

// With a range: replace it by text; without: text is the whole document.
struct TextDocumentContentChangeEvent {
  std::optional<Range> range;
  std::string text;
};

struct DidOpenTextDocumentParams {
  TextDocumentItem text_document;
};

struct DidChangeTextDocumentParams {
  VersionedTextDocumentIdentifier text_document;
  std::vector<TextDocumentContentChangeEvent> content_changes;  // applied in order
};

struct DidCloseTextDocumentParams {
  TextDocumentIdentifier text_document;
};

struct DidSaveTextDocumentParams {
  TextDocumentIdentifier text_document;
  std::optional<std::string> text;  // when the server asked for it
};

struct TextDocumentPositionParams {
  TextDocumentIdentifier text_document;
  Position position;
};

using HoverParams = TextDocumentPositionParams;

// textDocument/formatting. The options (tabSize, insertSpaces) are not read: HCL's canonical
// layout is two spaces whatever the editor's settings.
struct DocumentFormattingParams {
  TextDocumentIdentifier text_document;
};

// textDocument/rangeFormatting
struct DocumentRangeFormattingParams {
  TextDocumentIdentifier text_document;
  Range range;
};

// textDocument/documentSymbol, textDocument/foldingRange, textDocument/semanticTokens/full
struct DocumentParams {
  TextDocumentIdentifier text_document;
};

// textDocument/selectionRange
struct SelectionRangeParams {
  TextDocumentIdentifier text_document;
  std::vector<Position> positions;
};

// textDocument/semanticTokens/full/delta
struct SemanticTokensDeltaParams {
  TextDocumentIdentifier text_document;
  std::string previous_result_id;
};

// textDocument/semanticTokens/range
struct SemanticTokensRangeParams {
  TextDocumentIdentifier text_document;
  Range range;
};

// textDocument/codeAction
struct CodeActionParams {
  TextDocumentIdentifier text_document;
  Range range;
  std::vector<json> diagnostics;  // context.diagnostics, as the client sent them
  std::vector<std::string> only;  // context.only: the kinds wanted; empty for all
};

// textDocument/inlayHint: the same two fields.
using InlayHintParams = SemanticTokensRangeParams;

enum class CompletionTriggerKind : int {
  Invoked = 1,
  TriggerCharacter = 2,
  TriggerForIncompleteCompletions = 3,
};

struct CompletionContext {
  CompletionTriggerKind trigger_kind = CompletionTriggerKind::Invoked;
  std::optional<std::string> trigger_character;
};

struct CompletionParams : TextDocumentPositionParams {
  std::optional<CompletionContext> context;
};

// textDocument/references
struct ReferenceParams : TextDocumentPositionParams {
  bool include_declaration = false;  // context.includeDeclaration
};

// textDocument/rename (textDocument/prepareRename takes TextDocumentPositionParams)
struct RenameParams : TextDocumentPositionParams {
  std::string new_name;
};

// workspace/symbol
struct WorkspaceSymbolParams {
  std::string query;
};

// textDocument/diagnostic. `identifier` is not read: the server registers one provider.
struct DocumentDiagnosticParams {
  TextDocumentIdentifier text_document;
  std::optional<std::string> previous_result_id;
};

// The result id the client holds for a document.
struct PreviousResultId {
  std::string uri;
  std::string value;
};

// workspace/diagnostic. No partial results are streamed (partialResultToken is not read): the
// whole report is the answer.
struct WorkspaceDiagnosticParams {
  std::vector<PreviousResultId> previous_result_ids;
};

struct CancelParams {
  json id;  // integer or string, as Message::id
};

struct WorkspaceFolder {
  std::string uri;
  std::string name;
};

// The client capabilities the server looks at, flattened; absent ones are false or empty.
struct ClientCapabilities {
  // general.positionEncodings
  std::vector<std::string> position_encodings;
  // textDocument.completion.completionItem.snippetSupport
  bool completion_snippets = false;
  // textDocument.completion.completionItem.documentationFormat
  std::vector<std::string> completion_documentation_formats;
  // textDocument.hover.contentFormat
  std::vector<std::string> hover_content_formats;
  // workspace.configuration
  bool workspace_configuration = false;
  // workspace.didChangeWatchedFiles.dynamicRegistration
  bool watched_files_dynamic_registration = false;
  // workspace.workspaceFolders
  bool workspace_folders = false;
  // window.workDoneProgress
  bool work_done_progress = false;
  // textDocument.documentSymbol.hierarchicalDocumentSymbolSupport
  bool hierarchical_document_symbols = false;
  // textDocument.foldingRange.lineFoldingOnly
  bool line_folding_only = false;
  // textDocument.foldingRange.rangeLimit: how many ranges the client keeps of a document
  std::optional<uint32_t> folding_range_limit;
  // workspace.workspaceEdit.documentChanges
  bool workspace_edit_document_changes = false;
  // workspace.workspaceEdit.resourceOperations
  std::vector<std::string> workspace_edit_resource_operations;
  // textDocument.diagnostic: present when the client pulls diagnostics
  bool diagnostic_pull = false;
  // workspace.diagnostics.refreshSupport
  bool diagnostic_refresh = false;
};

struct ClientInfo {
  std::string name;
  std::string version;  // "" when not sent
};

// processId, rootUri and capabilities are required by the specification but read as optional:
// minimal clients leave them out.
struct InitializeParams {
  std::optional<int64_t> process_id;
  std::optional<std::string> root_uri;
  std::optional<std::string> root_path;
  std::vector<WorkspaceFolder> workspace_folders;  // empty when absent or null
  json initialization_options;                     // as sent; null when absent
  ClientCapabilities capabilities;
  std::optional<ClientInfo> client_info;
};

struct DidChangeConfigurationParams {
  json settings;  // as sent
};

enum class FileChangeType : int { Created = 1, Changed = 2, Deleted = 3 };

struct FileEvent {
  std::string uri;
  FileChangeType type = FileChangeType::Changed;
};

struct DidChangeWatchedFilesParams {
  std::vector<FileEvent> changes;
};

struct WorkspaceFoldersChangeEvent {
  std::vector<WorkspaceFolder> added;
  std::vector<WorkspaceFolder> removed;
};

struct DidChangeWorkspaceFoldersParams {
  WorkspaceFoldersChangeEvent event;
};

void from_json(const json& j, VersionedTextDocumentIdentifier& value);
void from_json(const json& j, TextDocumentItem& value);
void from_json(const json& j, TextDocumentContentChangeEvent& value);
void from_json(const json& j, DidOpenTextDocumentParams& value);
void from_json(const json& j, DidChangeTextDocumentParams& value);
// The same as params.get<T>() for the two notifications carrying whole texts, but the texts are
// moved out of `params` (left empty there) rather than copied: a document can be megabytes.
DidOpenTextDocumentParams take_did_open_params(json& params);
DidChangeTextDocumentParams take_did_change_params(json& params);
void from_json(const json& j, DidCloseTextDocumentParams& value);
void from_json(const json& j, DidSaveTextDocumentParams& value);
void from_json(const json& j, TextDocumentPositionParams& value);
void from_json(const json& j, CompletionParams& value);
void from_json(const json& j, ReferenceParams& value);
void from_json(const json& j, WorkspaceSymbolParams& value);
void from_json(const json& j, DocumentDiagnosticParams& value);
void from_json(const json& j, WorkspaceDiagnosticParams& value);
void from_json(const json& j, RenameParams& value);
void from_json(const json& j, CodeActionParams& value);
void from_json(const json& j, DocumentFormattingParams& value);
void from_json(const json& j, DocumentRangeFormattingParams& value);
void from_json(const json& j, CancelParams& value);
void from_json(const json& j, DocumentParams& value);
void from_json(const json& j, SelectionRangeParams& value);
void from_json(const json& j, SemanticTokensDeltaParams& value);
void from_json(const json& j, SemanticTokensRangeParams& value);
void from_json(const json& j, WorkspaceFolder& value);
void from_json(const json& j, InitializeParams& value);
void from_json(const json& j, DidChangeConfigurationParams& value);
void from_json(const json& j, FileEvent& value);
void from_json(const json& j, DidChangeWatchedFilesParams& value);
void from_json(const json& j, DidChangeWorkspaceFoldersParams& value);

// ---- Written: what the server sends ----

// workspace/configuration
struct ConfigurationItem {
  std::optional<std::string> scope_uri;
  std::optional<std::string> section;
};

struct ConfigurationParams {
  std::vector<ConfigurationItem> items;
};

// client/registerCapability
struct Registration {
  std::string id;
  std::string method;
  json register_options;  // left out when null
};

struct RegistrationParams {
  std::vector<Registration> registrations;
};

// The register options of workspace/didChangeWatchedFiles.
enum WatchKind : uint32_t { kWatchCreate = 1, kWatchChange = 2, kWatchDelete = 4 };

struct FileSystemWatcher {
  std::string glob_pattern;
  uint32_t kind = kWatchCreate | kWatchChange | kWatchDelete;
};

struct DidChangeWatchedFilesRegistrationOptions {
  std::vector<FileSystemWatcher> watchers;
};

enum class DiagnosticSeverity : int { Error = 1, Warning = 2, Information = 3, Hint = 4 };

struct Diagnostic {
  Range range;
  DiagnosticSeverity severity = DiagnosticSeverity::Error;
  std::string code;    // left out when empty
  std::string source;  // left out when empty
  std::string message;
};

// textDocument/publishDiagnostics
struct PublishDiagnosticsParams {
  std::string uri;
  std::optional<int32_t> version;
  std::vector<Diagnostic> diagnostics;
};

// textDocument/diagnostic's answer: "full" with the diagnostics, or "unchanged" when the client
// holds the result `result_id` names already.
struct DocumentDiagnosticReport {
  std::string result_id;
  std::optional<std::vector<Diagnostic>> items;  // nullopt: "unchanged"
};

// One document of workspace/diagnostic's answer.
struct WorkspaceDocumentDiagnosticReport : DocumentDiagnosticReport {
  std::string uri;
  std::optional<int32_t> version;  // written as null for a file that is not open
};

struct WorkspaceDiagnosticReport {
  std::vector<WorkspaceDocumentDiagnosticReport> items;
};

enum class MarkupKind { PlainText, Markdown };  // "plaintext", "markdown"

struct MarkupContent {
  MarkupKind kind = MarkupKind::PlainText;
  std::string value;
};

enum class CompletionItemKind : int {
  Text = 1,
  Method,
  Function,
  Constructor,
  Field,
  Variable,
  Class,
  Interface,
  Module,
  Property,
  Unit,
  Value,
  Enum,
  Keyword,
  Snippet,
  Color,
  File,
  Reference,
  Folder,
  EnumMember,
  Constant,
  Struct,
  Event,
  Operator,
  TypeParameter,
};

enum class InsertTextFormat : int { PlainText = 1, Snippet = 2 };
// Whether the client adjusts the inserted lines' indentation (AdjustIndentation) or not.
enum class InsertTextMode : int { AsIs = 1, AdjustIndentation = 2 };

struct TextEdit {
  Range range;
  std::string new_text;
};

struct CompletionItem {
  std::string label;
  CompletionItemKind kind = CompletionItemKind::Text;
  std::string detail;           // left out when empty
  MarkupContent documentation;  // left out when its value is empty
  std::string sort_text;        // left out when empty
  std::string filter_text;      // left out when empty
  InsertTextFormat insert_text_format = InsertTextFormat::PlainText;
  std::optional<TextEdit> text_edit;
  std::optional<InsertTextMode> insert_text_mode;  // left out when not set
};

struct CompletionList {
  bool is_incomplete = false;
  std::vector<CompletionItem> items;
};

struct Hover {
  MarkupContent contents;
  std::optional<Range> range;
};

enum class SymbolKind : int {
  File = 1,
  Module,
  Namespace,
  Package,
  Class,
  Method,
  Property,
  Field,
  Constructor,
  Enum,
  Interface,
  Function,
  Variable,
  Constant,
  String,
  Number,
  Boolean,
  Array,
  Object,
  Key,
  Null,
  EnumMember,
  Struct,
  Event,
  Operator,
  TypeParameter,
};

// One entry of a documentSymbol result; written by write_document_symbols (result_writer.hpp).
struct DocumentSymbol {
  std::string name;
  std::string detail;  // left out when empty
  SymbolKind kind = SymbolKind::Property;
  Range range;
  Range selection_range;
  std::vector<DocumentSymbol> children;
};

// The flat form, for clients without hierarchicalDocumentSymbolSupport.
struct SymbolInformation {
  std::string name;
  SymbolKind kind = SymbolKind::Property;
  Location location;
  std::string container_name;  // left out when empty
};

struct FoldingRange {
  uint32_t start_line = 0;
  std::optional<uint32_t> start_character;  // left out for whole lines
  uint32_t end_line = 0;
  std::optional<uint32_t> end_character;
  std::string kind;  // "comment", "region", or "" (left out)
};

// A selectionRange answer for one position: innermost first, each range's parent the next.
struct SelectionRange {
  std::vector<Range> ranges;  // written as nested {range, parent}
};

enum class MessageType : int { Error = 1, Warning = 2, Info = 3, Log = 4 };

// window/logMessage
struct LogMessageParams {
  MessageType type = MessageType::Log;
  std::string message;
};

// window/showMessage
struct ShowMessageParams {
  MessageType type = MessageType::Info;
  std::string message;
};

void to_json(json& j, const ConfigurationItem& value);
void to_json(json& j, const ConfigurationParams& value);
void to_json(json& j, const Registration& value);
void to_json(json& j, const RegistrationParams& value);
void to_json(json& j, const FileSystemWatcher& value);
void to_json(json& j, const DidChangeWatchedFilesRegistrationOptions& value);
void to_json(json& j, const Diagnostic& value);
void to_json(json& j, const PublishDiagnosticsParams& value);
void to_json(json& j, const DocumentDiagnosticReport& value);
void to_json(json& j, const WorkspaceDocumentDiagnosticReport& value);
void to_json(json& j, const WorkspaceDiagnosticReport& value);
void to_json(json& j, const MarkupContent& value);
void to_json(json& j, const TextEdit& value);
void to_json(json& j, const CompletionItem& value);
void to_json(json& j, const CompletionList& value);
void to_json(json& j, const Hover& value);
void to_json(json& j, const LogMessageParams& value);
void to_json(json& j, const ShowMessageParams& value);
void to_json(json& j, const SelectionRange& value);

}  // namespace hclspec::protocol
