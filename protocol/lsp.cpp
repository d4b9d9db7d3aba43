// The LSP structures' JSON: readers that name the field they reject, and writers.
#include "protocol/lsp.hpp"

#include <limits>
#include <string_view>
#include <utility>

#include "protocol/jsonrpc.hpp"

namespace hclspec::protocol {
namespace {

// A value in the params with the path to it, so an error can name the field.
class Node {
 public:
  explicit Node(const json& root) : value_(&root) {}

  // Missing: not there at all. Absent: missing or null (null counts as absent for optional
  // fields).
  bool missing() const { return value_ == nullptr; }
  bool absent() const { return value_ == nullptr || value_->is_null(); }
  const json& value() const { return *value_; }

  // The member `name`; missing when this node is absent. Fails when this node is not an object.
  Node field(std::string_view name) const {
    std::string path = path_.empty() ? std::string(name) : path_ + "." + std::string(name);
    if (absent()) return Node(nullptr, std::move(path));
    if (!value_->is_object()) fail("expected an object");
    const auto it = value_->find(name);
    return Node(it == value_->end() ? nullptr : &*it, std::move(path));
  }

  // Calls visit on each element of this array (none when absent). Fails when this node is not an
  // array.
  template <typename Visit>
  void for_each(Visit visit) const {
    if (absent()) return;
    if (!value_->is_array()) fail("expected an array");
    for (size_t i = 0; i < value_->size(); ++i)
      visit(Node(&(*value_)[i], path_ + "[" + std::to_string(i) + "]"));
  }

  // Throws InvalidParams "path: problem", or "path: missing" when the field is not there.
  [[noreturn]] void fail(std::string_view problem) const {
    throw InvalidParams((path_.empty() ? std::string("params") : path_) + ": " +
                        std::string(missing() ? "missing" : problem));
  }

  // Fails unless this node is present and its value passes `is`.
  const json& require(bool (json::*is)() const noexcept, std::string_view expected) const {
    if (missing() || !(value_->*is)()) fail(expected);
    return *value_;
  }

 private:
  Node(const json* value, std::string path) : value_(value), path_(std::move(path)) {}

  const json* value_;
  std::string path_;  // "" for the params themselves
};

std::string read_string(const Node& node) {
  return node.require(&json::is_string, "expected a string").get<std::string>();
}

std::optional<std::string> read_optional_string(const Node& node) {
  if (node.absent()) return std::nullopt;
  return read_string(node);
}

// An integer in [min, max]; the JSON parser stores non-negative integers as unsigned.
template <typename Int>
Int read_integer(const Node& node, std::string_view expected) {
  const json& value = node.require(&json::is_number_integer, expected);
  if (value.is_number_unsigned()) {
    const auto number = value.get<uint64_t>();
    if (number > static_cast<uint64_t>(std::numeric_limits<Int>::max())) node.fail(expected);
    return static_cast<Int>(number);
  }
  const auto number = value.get<int64_t>();
  if (number < static_cast<int64_t>(std::numeric_limits<Int>::min()) ||
      (number > 0 &&
       static_cast<uint64_t>(number) > static_cast<uint64_t>(std::numeric_limits<Int>::max())))
    node.fail(expected);
  return static_cast<Int>(number);
}

uint32_t read_uint32(const Node& node) {
  return read_integer<uint32_t>(node, "expected an unsigned 32-bit integer");
}

int32_t read_int32(const Node& node) {
  return read_integer<int32_t>(node, "expected a 32-bit integer");
}

bool read_optional_bool(const Node& node) {
  if (node.absent()) return false;
  return node.require(&json::is_boolean, "expected a boolean").get<bool>();
}

std::vector<std::string> read_optional_strings(const Node& node) {
  std::vector<std::string> strings;
  node.for_each([&](const Node& element) { strings.push_back(read_string(element)); });
  return strings;
}

// Fails unless the node is an object (a required structure).
void require_object(const Node& node) {
  node.require(&json::is_object, "expected an object");
}

void read(const Node& node, Position& value) {
  require_object(node);
  value.line = read_uint32(node.field("line"));
  value.character = read_uint32(node.field("character"));
}

void read(const Node& node, Range& value) {
  require_object(node);
  read(node.field("start"), value.start);
  read(node.field("end"), value.end);
}

void read(const Node& node, Location& value) {
  require_object(node);
  value.uri = read_string(node.field("uri"));
  read(node.field("range"), value.range);
}

void read(const Node& node, TextDocumentIdentifier& value) {
  require_object(node);
  value.uri = read_string(node.field("uri"));
}

void read(const Node& node, VersionedTextDocumentIdentifier& value) {
  require_object(node);
  value.uri = read_string(node.field("uri"));
  value.version = read_int32(node.field("version"));
}

void read(const Node& node, TextDocumentItem& value) {
  require_object(node);
  value.uri = read_string(node.field("uri"));
  value.language_id = read_string(node.field("languageId"));
  value.version = read_int32(node.field("version"));
  value.text = read_string(node.field("text"));
}

void read(const Node& node, TextDocumentContentChangeEvent& value) {
  require_object(node);
  value.range.reset();
  if (const Node range = node.field("range"); !range.absent()) read(range, value.range.emplace());
  value.text = read_string(node.field("text"));
}

void read(const Node& node, TextDocumentPositionParams& value) {
  require_object(node);
  read(node.field("textDocument"), value.text_document);
  read(node.field("position"), value.position);
}

void read(const Node& node, WorkspaceFolder& value) {
  require_object(node);
  value.uri = read_string(node.field("uri"));
  value.name = read_string(node.field("name"));
}

std::vector<WorkspaceFolder> read_folders(const Node& node) {
  std::vector<WorkspaceFolder> folders;
  node.for_each([&](const Node& element) { read(element, folders.emplace_back()); });
  return folders;
}

ClientCapabilities read_capabilities(const Node& node) {
  ClientCapabilities caps;
  caps.position_encodings = read_optional_strings(node.field("general").field("positionEncodings"));
  const Node text_document = node.field("textDocument");
  const Node completion_item = text_document.field("completion").field("completionItem");
  caps.completion_snippets = read_optional_bool(completion_item.field("snippetSupport"));
  caps.completion_documentation_formats =
      read_optional_strings(completion_item.field("documentationFormat"));
  caps.hover_content_formats =
      read_optional_strings(text_document.field("hover").field("contentFormat"));
  const Node workspace = node.field("workspace");
  caps.workspace_configuration = read_optional_bool(workspace.field("configuration"));
  caps.watched_files_dynamic_registration =
      read_optional_bool(workspace.field("didChangeWatchedFiles").field("dynamicRegistration"));
  caps.workspace_folders = read_optional_bool(workspace.field("workspaceFolders"));
  caps.workspace_edit_document_changes =
      read_optional_bool(workspace.field("workspaceEdit").field("documentChanges"));
  caps.workspace_edit_resource_operations =
      read_optional_strings(workspace.field("workspaceEdit").field("resourceOperations"));
  caps.work_done_progress = read_optional_bool(node.field("window").field("workDoneProgress"));
  caps.hierarchical_document_symbols = read_optional_bool(
      text_document.field("documentSymbol").field("hierarchicalDocumentSymbolSupport"));
  caps.line_folding_only =
      read_optional_bool(text_document.field("foldingRange").field("lineFoldingOnly"));
  if (const Node limit = text_document.field("foldingRange").field("rangeLimit"); !limit.absent())
    caps.folding_range_limit = read_uint32(limit);
  // Announcing the capability is what says the client pulls; its fields are all optional.
  const Node diagnostic = text_document.field("diagnostic");
  if (!diagnostic.absent()) require_object(diagnostic);
  caps.diagnostic_pull = !diagnostic.absent();
  caps.diagnostic_refresh =
      read_optional_bool(workspace.field("diagnostics").field("refreshSupport"));
  return caps;
}

void read(const Node& node, FileEvent& value) {
  require_object(node);
  value.uri = read_string(node.field("uri"));
  const Node type = node.field("type");
  const int32_t number = read_int32(type);
  if (number < 1 || number > 3) type.fail("expected 1, 2 or 3");
  value.type = static_cast<FileChangeType>(number);
}

const char* markup_kind_name(MarkupKind kind) {
  return kind == MarkupKind::Markdown ? "markdown" : "plaintext";
}

}  // namespace

void from_json(const json& j, Position& value) {
  read(Node(j), value);
}
void from_json(const json& j, Range& value) {
  read(Node(j), value);
}
void from_json(const json& j, Location& value) {
  read(Node(j), value);
}
void from_json(const json& j, TextDocumentIdentifier& value) {
  read(Node(j), value);
}
void from_json(const json& j, VersionedTextDocumentIdentifier& value) {
  read(Node(j), value);
}
void from_json(const json& j, TextDocumentItem& value) {
  read(Node(j), value);
}
void from_json(const json& j, TextDocumentContentChangeEvent& value) {
  read(Node(j), value);
}
void from_json(const json& j, TextDocumentPositionParams& value) {
  read(Node(j), value);
}
void from_json(const json& j, WorkspaceFolder& value) {
  read(Node(j), value);
}
void from_json(const json& j, FileEvent& value) {
  read(Node(j), value);
}

void from_json(const json& j, DidOpenTextDocumentParams& value) {
  const Node node(j);
  require_object(node);
  read(node.field("textDocument"), value.text_document);
}

void from_json(const json& j, DidChangeTextDocumentParams& value) {
  const Node node(j);
  require_object(node);
  read(node.field("textDocument"), value.text_document);
  const Node changes = node.field("contentChanges");
  changes.require(&json::is_array, "expected an array");
  value.content_changes.clear();
  changes.for_each(
      [&](const Node& element) { read(element, value.content_changes.emplace_back()); });
}

namespace {

// The string member `name` of `object`, moved out and left empty; "" when there is none (the
// reader then reports what is wrong with the params).
std::string take_member_string(json& object, const char* name) {
  if (!object.is_object()) return {};
  const auto found = object.find(name);
  if (found == object.end() || !found->is_string()) return {};
  return std::exchange(found->get_ref<std::string&>(), std::string());
}

}  // namespace

DidOpenTextDocumentParams take_did_open_params(json& params) {
  std::string text;
  if (params.is_object())
    if (const auto document = params.find("textDocument"); document != params.end())
      text = take_member_string(*document, "text");
  auto value = params.get<DidOpenTextDocumentParams>();
  value.text_document.text = std::move(text);
  return value;
}

DidChangeTextDocumentParams take_did_change_params(json& params) {
  std::vector<std::string> texts;
  if (params.is_object())
    if (const auto changes = params.find("contentChanges");
        changes != params.end() && changes->is_array())
      for (json& change : *changes) texts.push_back(take_member_string(change, "text"));
  auto value = params.get<DidChangeTextDocumentParams>();
  for (size_t i = 0; i < texts.size(); ++i) value.content_changes[i].text = std::move(texts[i]);
  return value;
}

void from_json(const json& j, DidCloseTextDocumentParams& value) {
  const Node node(j);
  require_object(node);
  read(node.field("textDocument"), value.text_document);
}

void from_json(const json& j, DidSaveTextDocumentParams& value) {
  const Node node(j);
  require_object(node);
  read(node.field("textDocument"), value.text_document);
  value.text = read_optional_string(node.field("text"));
}

void from_json(const json& j, CompletionParams& value) {
  const Node node(j);
  read(node, static_cast<TextDocumentPositionParams&>(value));
  value.context.reset();
  const Node context = node.field("context");
  if (context.absent()) return;
  require_object(context);
  CompletionContext& read_context = value.context.emplace();
  const Node kind = context.field("triggerKind");
  const int32_t number = read_int32(kind);
  if (number < 1 || number > 3) kind.fail("expected 1, 2 or 3");
  read_context.trigger_kind = static_cast<CompletionTriggerKind>(number);
  read_context.trigger_character = read_optional_string(context.field("triggerCharacter"));
}

void from_json(const json& j, ReferenceParams& value) {
  const Node node(j);
  read(node, static_cast<TextDocumentPositionParams&>(value));
  const Node context = node.field("context");
  require_object(context);
  value.include_declaration = context.field("includeDeclaration")
                                  .require(&json::is_boolean, "expected a boolean")
                                  .get<bool>();
}

void from_json(const json& j, CodeActionParams& value) {
  const Node node(j);
  require_object(node);
  read(node.field("textDocument"), value.text_document);
  read(node.field("range"), value.range);
  const Node context = node.field("context");
  require_object(context);
  context.field("diagnostics").require(&json::is_array, "expected an array");
  context.field("diagnostics").for_each([&](const Node& diagnostic) {
    require_object(diagnostic);
    value.diagnostics.push_back(diagnostic.value());
  });
  value.only = read_optional_strings(context.field("only"));
}

void from_json(const json& j, RenameParams& value) {
  const Node node(j);
  read(node, static_cast<TextDocumentPositionParams&>(value));
  value.new_name = read_string(node.field("newName"));
}

void from_json(const json& j, WorkspaceSymbolParams& value) {
  const Node node(j);
  require_object(node);
  value.query = read_string(node.field("query"));
}

void from_json(const json& j, DocumentDiagnosticParams& value) {
  const Node node(j);
  require_object(node);
  read(node.field("textDocument"), value.text_document);
  value.previous_result_id = read_optional_string(node.field("previousResultId"));
}

void from_json(const json& j, WorkspaceDiagnosticParams& value) {
  const Node node(j);
  require_object(node);
  const Node previous = node.field("previousResultIds");
  previous.require(&json::is_array, "expected an array");
  value.previous_result_ids.clear();
  previous.for_each([&](const Node& element) {
    require_object(element);
    value.previous_result_ids.push_back(
        {read_string(element.field("uri")), read_string(element.field("value"))});
  });
}

void from_json(const json& j, DocumentFormattingParams& value) {
  const Node node(j);
  require_object(node);
  read(node.field("textDocument"), value.text_document);
}

void from_json(const json& j, DocumentRangeFormattingParams& value) {
  const Node node(j);
  require_object(node);
  read(node.field("textDocument"), value.text_document);
  read(node.field("range"), value.range);
}

void from_json(const json& j, DocumentParams& value) {
  const Node node(j);
  require_object(node);
  read(node.field("textDocument"), value.text_document);
}

void from_json(const json& j, SelectionRangeParams& value) {
  const Node node(j);
  require_object(node);
  read(node.field("textDocument"), value.text_document);
  node.field("positions").require(&json::is_array, "expected an array");
  node.field("positions").for_each([&](const Node& element) {
    read(element, value.positions.emplace_back());
  });
}

void from_json(const json& j, SemanticTokensDeltaParams& value) {
  const Node node(j);
  require_object(node);
  read(node.field("textDocument"), value.text_document);
  value.previous_result_id = read_string(node.field("previousResultId"));
}

void from_json(const json& j, SemanticTokensRangeParams& value) {
  const Node node(j);
  require_object(node);
  read(node.field("textDocument"), value.text_document);
  read(node.field("range"), value.range);
}

void from_json(const json& j, CancelParams& value) {
  const Node node(j);
  require_object(node);
  const Node id = node.field("id");
  if (id.missing() || !(id.value().is_number_integer() || id.value().is_string()))
    id.fail("expected an integer or a string");
  value.id = id.value();
}

void from_json(const json& j, InitializeParams& value) {
  const Node node(j);
  require_object(node);
  const Node process_id = node.field("processId");
  value.process_id.reset();
  if (!process_id.absent())
    value.process_id = read_integer<int64_t>(process_id, "expected an integer or null");
  value.root_uri = read_optional_string(node.field("rootUri"));
  value.root_path = read_optional_string(node.field("rootPath"));
  value.workspace_folders = read_folders(node.field("workspaceFolders"));
  const Node options = node.field("initializationOptions");
  value.initialization_options = options.missing() ? json() : options.value();
  value.capabilities = read_capabilities(node.field("capabilities"));
  value.client_info.reset();
  if (const Node info = node.field("clientInfo"); !info.absent()) {
    require_object(info);
    value.client_info = ClientInfo{read_string(info.field("name")),
                                   read_optional_string(info.field("version")).value_or("")};
  }
}

void from_json(const json& j, DidChangeConfigurationParams& value) {
  const Node node(j);
  require_object(node);
  const Node settings = node.field("settings");
  value.settings = settings.missing() ? json() : settings.value();
}

void from_json(const json& j, DidChangeWatchedFilesParams& value) {
  const Node node(j);
  require_object(node);
  const Node changes = node.field("changes");
  changes.require(&json::is_array, "expected an array");
  value.changes.clear();
  changes.for_each([&](const Node& element) { read(element, value.changes.emplace_back()); });
}

void from_json(const json& j, DidChangeWorkspaceFoldersParams& value) {
  const Node node(j);
  require_object(node);
  const Node event = node.field("event");
  require_object(event);
  const Node added = event.field("added");
  const Node removed = event.field("removed");
  added.require(&json::is_array, "expected an array");
  removed.require(&json::is_array, "expected an array");
  value.event.added = read_folders(added);
  value.event.removed = read_folders(removed);
}

void to_json(json& j, const Position& value) {
  j = {{"line", value.line}, {"character", value.character}};
}

void to_json(json& j, const Range& value) {
  j = {{"start", value.start}, {"end", value.end}};
}

void to_json(json& j, const Location& value) {
  j = {{"uri", value.uri}, {"range", value.range}};
}

void to_json(json& j, const TextDocumentIdentifier& value) {
  j = {{"uri", value.uri}};
}

void to_json(json& j, const ConfigurationItem& value) {
  j = json::object();
  if (value.scope_uri) j["scopeUri"] = *value.scope_uri;
  if (value.section) j["section"] = *value.section;
}

void to_json(json& j, const ConfigurationParams& value) {
  j = {{"items", value.items}};
}

void to_json(json& j, const Registration& value) {
  j = {{"id", value.id}, {"method", value.method}};
  if (!value.register_options.is_null()) j["registerOptions"] = value.register_options;
}

void to_json(json& j, const RegistrationParams& value) {
  j = {{"registrations", value.registrations}};
}

void to_json(json& j, const FileSystemWatcher& value) {
  j = {{"globPattern", value.glob_pattern}, {"kind", value.kind}};
}

void to_json(json& j, const DidChangeWatchedFilesRegistrationOptions& value) {
  j = {{"watchers", value.watchers}};
}

void to_json(json& j, const Diagnostic& value) {
  j = {{"range", value.range},
       {"severity", static_cast<int>(value.severity)},
       {"message", value.message}};
  if (!value.code.empty()) j["code"] = value.code;
  if (!value.source.empty()) j["source"] = value.source;
}

void to_json(json& j, const PublishDiagnosticsParams& value) {
  j = {{"uri", value.uri}, {"diagnostics", value.diagnostics}};
  if (value.version) j["version"] = *value.version;
}

void to_json(json& j, const DocumentDiagnosticReport& value) {
  j = {{"kind", value.items ? "full" : "unchanged"}, {"resultId", value.result_id}};
  if (value.items) j["items"] = *value.items;
}

void to_json(json& j, const WorkspaceDocumentDiagnosticReport& value) {
  to_json(j, static_cast<const DocumentDiagnosticReport&>(value));
  j["uri"] = value.uri;
  j["version"] = value.version ? json(*value.version) : json(nullptr);
}

void to_json(json& j, const WorkspaceDiagnosticReport& value) {
  j = {{"items", value.items}};
}

void to_json(json& j, const MarkupContent& value) {
  j = {{"kind", markup_kind_name(value.kind)}, {"value", value.value}};
}

void to_json(json& j, const TextEdit& value) {
  j = {{"range", value.range}, {"newText", value.new_text}};
}

void to_json(json& j, const CompletionItem& value) {
  j = {{"label", value.label},
       {"kind", static_cast<int>(value.kind)},
       {"insertTextFormat", static_cast<int>(value.insert_text_format)}};
  if (!value.detail.empty()) j["detail"] = value.detail;
  if (!value.documentation.value.empty()) j["documentation"] = value.documentation;
  if (!value.sort_text.empty()) j["sortText"] = value.sort_text;
  if (!value.filter_text.empty()) j["filterText"] = value.filter_text;
  if (value.text_edit) j["textEdit"] = *value.text_edit;
  if (value.insert_text_mode) j["insertTextMode"] = static_cast<int>(*value.insert_text_mode);
}

void to_json(json& j, const CompletionList& value) {
  j = {{"isIncomplete", value.is_incomplete}, {"items", value.items}};
}

void to_json(json& j, const Hover& value) {
  j = {{"contents", value.contents}};
  if (value.range) j["range"] = *value.range;
}

void to_json(json& j, const LogMessageParams& value) {
  j = {{"type", static_cast<int>(value.type)}, {"message", value.message}};
}

void to_json(json& j, const ShowMessageParams& value) {
  j = {{"type", static_cast<int>(value.type)}, {"message", value.message}};
}

void to_json(json& j, const SelectionRange& value) {
  // Built from the outermost range inward, so no recursion is needed.
  j = nullptr;
  for (auto range = value.ranges.rbegin(); range != value.ranges.rend(); ++range) {
    json inner = {{"range", *range}};
    if (!j.is_null()) inner["parent"] = std::move(j);
    j = std::move(inner);
  }
}

}  // namespace hclspec::protocol
