// The method table, one small function per LSP method, and analyses scheduled on snapshots.
#include "server/lsp/language_server.hpp"

#include <algorithm>
#include <exception>
#include <filesystem>

#include "engine/base/huge_pages.hpp"
#include "engine/base/unicode.hpp"
#include "engine/features/code_actions.hpp"
#include "engine/features/completion.hpp"
#include "engine/features/decoded_value.hpp"
#include "engine/features/definition.hpp"
#include "engine/features/diagnostics.hpp"
#include "engine/features/document_symbols.hpp"
#include "engine/features/folding_ranges.hpp"
#include "engine/features/formatting.hpp"
#include "engine/features/hover.hpp"
#include "engine/features/inlay_hints.hpp"
#include "engine/features/references.hpp"
#include "engine/features/rename.hpp"
#include "engine/features/selection_ranges.hpp"
#include "engine/features/semantic_tokens.hpp"
#include "engine/features/signature_help.hpp"
#include "engine/spec/load.hpp"
#include "protocol/large_results.hpp"
#include "protocol/lsp.hpp"
#include "protocol/uri.hpp"
#include "server/lsp/association_actions.hpp"
#include "server/lsp/capabilities.hpp"
#include "server/lsp/document_links.hpp"
#include "server/lsp/workspace_files.hpp"

namespace hclspec::server::lsp {

using nlohmann::json;
using protocol::ErrorCode;

namespace {

constexpr protocol::MessageType kLogError = protocol::MessageType::Error;
constexpr protocol::MessageType kLogWarning = protocol::MessageType::Warning;
constexpr protocol::MessageType kLogInfo = protocol::MessageType::Info;

// `{"rules": [{"files": [...], "spec": "..."}]}`: the client's association rules.
std::vector<AssociationRule> rules_from(const json& section) {
  std::vector<AssociationRule> rules;
  if (!section.is_object() || !section.contains("rules")) return rules;
  const json& list = section["rules"];
  // An empty Lua table (Neovim) or Emacs Lisp list is encoded as {} or null: no rules.
  if (list.is_null() || (list.is_object() && list.empty())) return rules;
  if (!list.is_array()) throw protocol::InvalidParams("rules: expected an array");
  for (size_t i = 0; i < list.size(); ++i) {
    const std::string at = "rules[" + std::to_string(i) + "]";
    const json& item = list[i];
    if (!item.is_object()) throw protocol::InvalidParams(at + ": expected an object");
    AssociationRule rule;
    const json* files = item.contains("files") ? &item["files"] : nullptr;
    if (!files || !files->is_array())
      throw protocol::InvalidParams(at + ".files: expected an array of globs");
    for (const json& glob : *files) {
      if (!glob.is_string()) throw protocol::InvalidParams(at + ".files: expected strings");
      rule.files.push_back(glob.get<std::string>());
    }
    if (!item.contains("spec") || !item["spec"].is_string())
      throw protocol::InvalidParams(at + ".spec: expected a path");
    rule.spec = item["spec"].get<std::string>();
    rules.push_back(std::move(rule));
  }
  return rules;
}

// `{"dynamicBlocks": true}`: every file checked against a spec reads `dynamic` blocks (off unless
// the client says so).
bool dynamic_blocks_from(const json& section) {
  if (!section.is_object()) return false;
  const auto found = section.find("dynamicBlocks");
  return found != section.end() && found->is_boolean() && found->get<bool>();
}

// Answers that read the workspace's files stop at these many items: a client lists them all.
constexpr size_t kMaxReferences = 10000;
constexpr size_t kMaxWorkspaceSymbols = 1000;

// Whether a file is checked against the spec at `spec_path` (a real path).
bool uses_spec(const Association& association, const std::string& spec_path) {
  return association.kind == Association::Kind::Spec && association.problem.empty() &&
         association.spec_path == spec_path;
}

// Whether `name` holds the characters of `query` in order, ignoring ASCII case (how editors
// filter symbols: "jw" finds `job "web"`).
bool fuzzy_matches(std::string_view query, std::string_view name) {
  size_t at = 0;
  const auto lower = [](char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  };
  for (const char c : name)
    if (at < query.size() && lower(query[at]) == lower(c)) ++at;
  return at == query.size();
}

// `{"inlayHints": {"values": false, "labelNames": true}}`: each kind of hint is shown unless the
// user turns it off.
features::InlayHintOptions inlay_hint_options_from(const json& section) {
  features::InlayHintOptions options;
  const json hints = section.is_object() ? section.value("inlayHints", json()) : json();
  if (!hints.is_object()) return options;
  if (const auto values = hints.find("values"); values != hints.end() && values->is_boolean())
    options.values = values->get<bool>();
  if (const auto names = hints.find("labelNames"); names != hints.end() && names->is_boolean())
    options.label_names = names->get<bool>();
  return options;
}

// A validation of a document, for its pushed or pulled diagnostics: captured on the server's
// thread, run on a worker. It starts from the decode cache of the document's last validation,
// followed through the edits since.
struct Validation {
  Validation(const Workspace& workspace, const Document& document, PositionEncoding client)
      : snapshot(std::make_shared<const features::Snapshot>(workspace.snapshot(document))),
        decoded(document.decode_cache),
        edited(document.edited_since_cache),
        encoding(client) {}

  // The diagnostics as LSP has them; `cache` receives what the next validation starts from.
  // Nothing once `cancel` is set: a cancelled validation's result and cache are partial.
  std::vector<protocol::Diagnostic> run(const base::CancellationFlag& cancel,
                                        std::shared_ptr<spec::DecodeCache>& cache) const {
    cache = std::make_shared<spec::DecodeCache>(
        !decoded     ? spec::DecodeCache()
        : edited.any ? decoded->edited(edited.start, edited.old_end, edited.new_end)
                     : *decoded);
    const std::vector<features::DiagnosticItem> items =
        features::diagnostics(*snapshot, &cancel, cache.get());
    if (cancel.cancelled() || items.empty()) return {};
    return to_diagnostics(snapshot->source().lines(), items, encoding);
  }

  std::shared_ptr<const features::Snapshot> snapshot;
  std::shared_ptr<const spec::DecodeCache> decoded;
  spec::EditedRegion edited;
  PositionEncoding encoding;
};

// The pulled result id of a file that is not open: its text and the specs' generation decide its
// diagnostics. (An open document's is LanguageServer::result_id.)
std::string file_result_id(std::string_view text, uint64_t specs_generation) {
  return "file:" + std::to_string(std::hash<std::string_view>{}(text)) + ":" +
         std::to_string(specs_generation);
}

// How many symbols an outline holds, nested ones included.
size_t count_symbols(const std::vector<protocol::DocumentSymbol>& symbols) {
  size_t count = symbols.size();
  for (const protocol::DocumentSymbol& symbol : symbols) count += count_symbols(symbol.children);
  return count;
}

}  // namespace

LanguageServer::LanguageServer(Host& host, FileAccess& disk,
                               std::function<void(std::string_view)> log_sink)
    : host_(host), workspace_(disk), log_sink_(std::move(log_sink)) {
  requests_ = {
      {"initialize", {&LanguageServer::initialize, false}},
      {"shutdown", {&LanguageServer::shutdown, false}},
      {"textDocument/completion", {&LanguageServer::completion, true}},
      {"textDocument/hover", {&LanguageServer::hover, true}},
      {"textDocument/signatureHelp", {&LanguageServer::signature_help, true}},
      {"textDocument/inlayHint", {&LanguageServer::inlay_hint, true}},
      {"textDocument/codeAction", {&LanguageServer::code_action, true}},
      {"hclspec/decodedValue", {&LanguageServer::decoded_value, true}},
      {"textDocument/formatting", {&LanguageServer::formatting, true}},
      {"textDocument/rangeFormatting", {&LanguageServer::range_formatting, true}},
      {"textDocument/definition", {&LanguageServer::definition, true}},
      {"textDocument/references", {&LanguageServer::references, true}},
      {"textDocument/prepareRename", {&LanguageServer::prepare_rename, true}},
      {"textDocument/rename", {&LanguageServer::rename, true}},
      {"workspace/symbol", {&LanguageServer::workspace_symbol, false}},
      {"textDocument/diagnostic", {&LanguageServer::document_diagnostic, true}},
      {"workspace/diagnostic", {&LanguageServer::workspace_diagnostic, false}},
      {"textDocument/documentLink", {&LanguageServer::document_link, true}},
      {"textDocument/documentSymbol", {&LanguageServer::document_symbol, true}},
      {"textDocument/foldingRange", {&LanguageServer::folding_range, true}},
      {"textDocument/selectionRange", {&LanguageServer::selection_range, true}},
      {"textDocument/semanticTokens/full", {&LanguageServer::semantic_tokens_full, true}},
      {"textDocument/semanticTokens/full/delta", {&LanguageServer::semantic_tokens_delta, true}},
      {"textDocument/semanticTokens/range", {&LanguageServer::semantic_tokens_range, true}},
  };
  notifications_ = {
      {"initialized", &LanguageServer::initialized},
      {"exit", &LanguageServer::exit},
      {"$/cancelRequest", &LanguageServer::cancel_request},
      {"textDocument/didOpen", &LanguageServer::did_open},
      {"textDocument/didChange", &LanguageServer::did_change},
      {"textDocument/didClose", &LanguageServer::did_close},
      {"textDocument/didSave", &LanguageServer::did_save},
      {"workspace/didChangeConfiguration", &LanguageServer::did_change_configuration},
      {"workspace/didChangeWatchedFiles", &LanguageServer::did_change_watched_files},
      {"workspace/didChangeWorkspaceFolders", &LanguageServer::did_change_workspace_folders},
  };
}

void LanguageServer::handle(std::string body) {
  std::variant<protocol::Message, protocol::MessageError> parsed =
      protocol::parse_message(std::move(body));
  if (auto* error = std::get_if<protocol::MessageError>(&parsed)) {
    send_error(error->id, error->code, error->message);
    return;
  }
  protocol::Message& message = std::get<protocol::Message>(parsed);
  switch (message.kind) {
    case protocol::Message::Kind::Request:
      handle_request(message);
      break;
    case protocol::Message::Kind::Notification:
      handle_notification(message);
      break;
    case protocol::Message::Kind::Response:
      handle_response(message);
      break;
  }
}

void LanguageServer::framing_error(std::string_view what) {
  log(kLogError, "Skipped a message: " + std::string(what));
}

void LanguageServer::handle_request(const protocol::Message& message) {
  const auto found = requests_.find(message.method);
  if (found == requests_.end()) {
    send_error(message.id, ErrorCode::MethodNotFound, "Unknown method " + message.method);
    return;
  }
  if (state_ == State::Starting && message.method != "initialize") {
    send_error(message.id, ErrorCode::ServerNotInitialized,
               "The server is not initialized yet: send initialize first");
    return;
  }
  if (state_ == State::Running && message.method == "initialize") {
    send_error(message.id, ErrorCode::InvalidRequest, "The server is already initialized");
    return;
  }
  if (state_ == State::ShuttingDown) {
    send_error(message.id, ErrorCode::InvalidRequest, "The server is shutting down");
    return;
  }
  if (!found->second.reads_document) {
    answer(message.id, found->second.handler, message.params);
    return;
  }
  // Answered once the messages queued behind it are handled: an edit among them makes the
  // answer stale (ContentModified) rather than wrong.
  DeferredRequest deferred{message.id, found->second.handler, message.params, "", 0};
  if (message.params.is_object() && message.params.contains("textDocument") &&
      message.params["textDocument"].is_object()) {
    const json& uri = message.params["textDocument"].value("uri", json());
    if (uri.is_string()) deferred.uri = uri.get<std::string>();
    if (const Document* document = workspace_.find(deferred.uri))
      deferred.version = document->version;
  }
  deferred_.push_back(std::move(deferred));
}

namespace {

// The response to request `id` carrying `reply`'s result (not work for later).
SharedBody response_body(const json& id, Reply&& reply) {
  SharedBody body;
  if (reply.shared) {
    body = std::move(*reply.shared);
    body.head.insert(0, protocol::response_head(id));
    body.tail += '}';
    return body;
  }
  if (!reply.write) {
    body.head = protocol::response(id, reply.value);
    return body;
  }
  // Written in place: a result of many megabytes is not copied into the message.
  body.head = protocol::response_head(id);
  body.head.reserve(body.head.size() + reply.size + 1);
  base::advise_huge_pages(body.head.data(), body.head.capacity());
  reply.write(body.head);
  body.head += '}';
  return body;
}

SharedBody whole_body(std::string text) {
  SharedBody body;
  body.head = std::move(text);
  return body;
}

// The response to request `id` from `produce`: its reply, or the error its throw stands for.
// An unexpected throw sets `internal_error` (logged by the caller, on the server's thread).
template <typename Produce>
SharedBody response_from(const json& id, Produce produce, std::string& internal_error) {
  try {
    return response_body(id, produce());
  } catch (const protocol::InvalidParams& error) {
    return whole_body(protocol::error_response(id, ErrorCode::InvalidParams, error.what()));
  } catch (const protocol::RequestFailed& error) {
    return whole_body(protocol::error_response(id, ErrorCode::RequestFailed, error.what()));
  } catch (const std::exception& error) {
    internal_error = std::string("Internal error: ") + error.what();
    return whole_body(protocol::error_response(id, ErrorCode::InternalError, internal_error));
  }
}

}  // namespace

void LanguageServer::answer(const json& id, RequestHandler handler, const json& params,
                            const std::string& uri, int64_t version) {
  std::string internal_error;
  bool later = false;
  SharedBody body = response_from(
      id,
      [&]() -> Reply {
        Reply reply = (this->*handler)(params);
        if (reply.held) {
          held_requests_.push_back({id, handler, params, uri, version});
          later = true;
        } else if (reply.background) {
          start_background(id, std::move(reply), uri, version);
          later = true;
        }
        return reply.background || reply.held ? Reply(nullptr) : std::move(reply);
      },
      internal_error);
  if (!internal_error.empty()) log(kLogError, internal_error);
  if (!later) host_.send_shared(std::move(body));
}

void LanguageServer::start_background(const json& id, Reply&& reply, const std::string& uri,
                                      int64_t version) {
  const std::string key = id.dump();
  if (running_.contains(key)) {
    // Two requests of one id could not both be answered: the second is refused.
    send_error(id, ErrorCode::InvalidRequest, "A request with this id is still being answered");
    return;
  }
  auto cancel = std::make_shared<base::CancellationFlag>();
  running_[key] = {cancel, uri, version, reply.stale_on_any_edit};
  host_.run_in_background(
      [this, id, key, cancel, work = std::move(reply.background)] {
        std::string internal_error;
        SharedBody body;
        if (!cancel->cancelled())
          body = response_from(
              id, [&] { return work(*cancel); }, internal_error);
        host_.post([this, id, key, cancel, body = std::move(body), internal_error]() mutable {
          // Answered already when cancelled by the client ($/cancelRequest).
          const auto found = running_.find(key);
          if (found == running_.end() || found->second.cancel != cancel) return;
          const RunningRequest request = std::move(found->second);
          running_.erase(found);
          if (!internal_error.empty()) log(kLogError, internal_error);
          const Document* document = request.uri.empty() ? nullptr : workspace_.find(request.uri);
          if (request.stale || (document && document->version != request.version))
            send_error(id, ErrorCode::ContentModified,
                       "The document changed before the request was answered");
          else if (cancel->cancelled())
            send_error(id, ErrorCode::RequestCancelled, "The request was cancelled");
          else
            host_.send_shared(std::move(body));
        });
      },
      reply.lane);
}

void LanguageServer::handle_notification(protocol::Message& message) {
  const auto found = notifications_.find(message.method);
  // Unknown notifications, `$/` ones included, are ignored as the protocol asks.
  if (found == notifications_.end()) return;
  // Before initialize only `exit` counts; after shutdown only `exit` does.
  if (message.method != "exit" && state_ != State::Running) return;
  try {
    (this->*found->second)(message.params);
  } catch (const std::exception& error) {
    log(kLogError, "Ignored " + message.method + ": " + error.what());
  }
}

void LanguageServer::handle_response(const protocol::Message& message) {
  if (!message.id.is_number_integer()) return;
  const auto found = awaiting_.find(message.id.get<int64_t>());
  if (found == awaiting_.end()) return;
  const std::function<void(const protocol::Message&)> callback = std::move(found->second);
  awaiting_.erase(found);
  try {
    callback(message);
  } catch (const std::exception& error) {
    log(kLogError, std::string("Ignored a response from the client: ") + error.what());
  }
}

void LanguageServer::send_error(const json& id, ErrorCode code, std::string_view message) {
  host_.send(protocol::error_response(id, code, message));
}

void LanguageServer::send_request(std::string_view method, const json& params,
                                  std::function<void(const protocol::Message&)> on_response) {
  const int64_t id = next_request_id_++;
  awaiting_[id] = std::move(on_response);
  host_.send(protocol::request(id, method, params));
}

void LanguageServer::log(protocol::MessageType type, std::string_view message) {
  if (log_sink_) log_sink_(message);
  host_.send(protocol::notification("window/logMessage",
                                    json(protocol::LogMessageParams{type, std::string(message)})));
}

void LanguageServer::end_of_batch() {
  std::vector<DeferredRequest> deferred = std::move(deferred_);
  deferred_.clear();
  for (DeferredRequest& request : deferred) {
    const Document* document = workspace_.find(request.uri);
    if (document && document->version != request.version) {
      send_error(request.id, ErrorCode::ContentModified,
                 "The document changed before the request was answered");
      continue;
    }
    answer(request.id, request.handler, request.params, request.uri, request.version);
  }
  if (!held_requests_.empty() && reported_files_epoch_ != files_epoch_) {
    std::vector<DeferredRequest> held = std::move(held_requests_);
    held_requests_.clear();
    for (DeferredRequest& request : held)
      answer(request.id, request.handler, request.params, request.uri, request.version);
  }
  const std::set<std::string> changed = std::move(changed_);
  changed_.clear();
  // A client that pulls asks for each document's diagnostics itself; what changed beyond the
  // documents it edited (the specs) it is told by a refresh.
  if (client_.pull_diagnostics) {
    refresh_diagnostics();
    return;
  }
  for (const std::string& uri : changed)
    if (const Document* document = workspace_.find(uri)) analyse(*document);
}

void LanguageServer::specs_changed() {
  ++specs_generation_;
  ++files_epoch_;
  refresh_wanted_ = client_.pull_diagnostics && client_.diagnostic_refresh;
}

void LanguageServer::refresh_diagnostics() {
  // While the client has not answered the last refresh, changes since wait for its answer: a
  // spec edited key by key asks for one pull at a time.
  if (!refresh_wanted_ || refresh_awaited_) return;
  refresh_wanted_ = false;
  refresh_awaited_ = true;
  send_request("workspace/diagnostic/refresh", nullptr, [this](const protocol::Message& response) {
    refresh_awaited_ = false;
    if (response.error)
      log(kLogWarning,
          "The client refused workspace/diagnostic/refresh: " + response.error->dump());
    refresh_diagnostics();
  });
}

std::string LanguageServer::result_id(const Document& document) const {
  return std::to_string(document.opened) + ":" + std::to_string(document.version) + ":" +
         std::to_string(specs_generation_);
}

void LanguageServer::analyse(const Document& document) {
  Analysis& analysis = analyses_[document.uri];
  if (analysis.cancel) analysis.cancel->cancel();
  analysis.cancel = std::make_shared<base::CancellationFlag>();
  const uint64_t generation = ++analysis.generation;
  auto cancel = analysis.cancel;
  const std::string uri = document.uri;
  const auto version = static_cast<int32_t>(document.version);
  host_.run_in_background(
      [this, validation = Validation(workspace_, document, client_.encoding), cancel, uri, version,
       generation] {
        if (cancel->cancelled()) return;
        std::shared_ptr<spec::DecodeCache> cache;
        protocol::PublishDiagnosticsParams params{uri, version, validation.run(*cancel, cache)};
        if (cancel->cancelled()) return;
        std::string body = protocol::notification("textDocument/publishDiagnostics", json(params));
        host_.post([this, uri, generation, body = std::move(body), cache]() mutable {
          // Only the newest analysis of a document still open is published: a result for an older
          // version never follows a newer one. Being the newest, it saw every edit made so far.
          const auto found = analyses_.find(uri);
          if (found == analyses_.end() || found->second.generation != generation) return;
          found->second.cancel = nullptr;
          if (Document* current = workspace_.find(uri)) {
            current->decode_cache = std::move(cache);
            current->edited_since_cache = {};
          }
          host_.send(std::move(body));
        });
        // The line index every position needs (1.3 ms for 3 MB), made once the diagnostics are
        // on their way rather than before them when none needed it.
        (void)validation.snapshot->source().lines();
      },
      Lane::Documents);
}

// ---- Lifecycle ----

Reply LanguageServer::initialize(const json& params) {
  const protocol::InitializeParams init = params.get<protocol::InitializeParams>();
  client_ = client_options_from(init.capabilities);
  std::vector<WorkspaceFolder> folders;
  for (const protocol::WorkspaceFolder& folder : init.workspace_folders)
    folders.push_back(workspace_.folder(folder.uri));
  if (folders.empty() && init.root_uri && !init.root_uri->empty())
    folders.push_back(workspace_.folder(*init.root_uri));
  if (folders.empty() && init.root_path && !init.root_path->empty())
    folders.push_back(workspace_.folder(protocol::path_to_uri(*init.root_path)));
  workspace_.set_folders(std::move(folders));
  if (init.initialization_options.is_object()) {
    // A mistake in the rules must not keep the server from starting: it is logged, as a mistake
    // in pushed or pulled settings is, and the documents get what the other routes give.
    workspace_.set_client_settings(
        client_settings_from(init.initialization_options, nullptr, "initializationOptions"));
  }
  state_ = State::Running;
  return initialize_result(client_);
}

void LanguageServer::initialized(json&) {
  if (client_.watch_files_dynamically) {
    // Spec files and project files decide what documents are checked against.
    protocol::DidChangeWatchedFilesRegistrationOptions options;
    for (const char* glob : {"**/*.hcldec", "**/.hclspec.hcl"}) options.watchers.push_back({glob});
    // A client that pulls the workspace's diagnostics is told of its input files too: a held
    // workspace pull is answered when one changes on disk.
    if (client_.pull_diagnostics)
      for (const char* glob : {"**/*.hcl", "**/*.tf", "**/*.nomad", "**/*.tfvars", "**/*.json"})
        options.watchers.push_back({glob});
    protocol::RegistrationParams registration;
    registration.registrations.push_back(
        {"hclspec-watch-specs", "workspace/didChangeWatchedFiles", json(options)});
    send_request("client/registerCapability", json(registration), [](const protocol::Message&) {});
  }
  pull_configuration();
}

Reply LanguageServer::shutdown(const json&) {
  state_ = State::ShuttingDown;
  for (auto& [uri, analysis] : analyses_)
    if (analysis.cancel) analysis.cancel->cancel();
  for (auto& [id, request] : running_) request.cancel->cancel();
  // Held requests get their one answer now: nothing will change any more.
  for (const DeferredRequest& request : held_requests_)
    send_error(request.id, ErrorCode::RequestCancelled, "The server is shutting down");
  held_requests_.clear();
  return nullptr;
}

void LanguageServer::exit(json&) {
  host_.exit(state_ == State::ShuttingDown ? 0 : 1);
}

void LanguageServer::cancel_request(json& params) {
  const protocol::CancelParams cancel = params.get<protocol::CancelParams>();
  if (const auto running = running_.find(cancel.id.dump()); running != running_.end()) {
    running->second.cancel->cancel();
    running_.erase(running);
    send_error(cancel.id, ErrorCode::RequestCancelled, "The request was cancelled");
    return;
  }
  for (std::vector<DeferredRequest>* waiting : {&deferred_, &held_requests_}) {
    const auto found =
        std::find_if(waiting->begin(), waiting->end(),
                     [&](const DeferredRequest& request) { return request.id == cancel.id; });
    if (found == waiting->end()) continue;
    send_error(found->id, ErrorCode::RequestCancelled, "The request was cancelled");
    waiting->erase(found);
    return;
  }  // answered already
}

// ---- Configuration ----

void LanguageServer::pull_configuration() {
  if (!client_.pull_configuration) return;
  protocol::ConfigurationParams ask;
  std::vector<std::string> folder_uris;
  for (const WorkspaceFolder& folder : workspace_.folders()) {
    ask.items.push_back({folder.uri, "hclspec"});
    folder_uris.push_back(folder.uri);
  }
  if (ask.items.empty()) ask.items.push_back({std::nullopt, "hclspec"});
  send_request("workspace/configuration", json(ask),
               [this, folder_uris](const protocol::Message& response) {
                 if (response.error || !response.result.is_array()) return;
                 for (size_t i = 0; i < response.result.size(); ++i) {
                   const json& section = response.result[i];
                   if (!section.is_object()) continue;
                   apply_settings(section, i < folder_uris.size() ? &folder_uris[i] : nullptr);
                 }
               });
}

ClientSettings LanguageServer::client_settings_from(const json& section,
                                                    const std::string* folder_uri,
                                                    const std::string& origin) {
  ClientSettings settings;
  settings.dynamic_blocks = dynamic_blocks_from(section);
  settings.inlay_hints = inlay_hint_options_from(section);
  try {
    settings.rules = rules_from(section);
  } catch (const protocol::InvalidParams& error) {
    // Rules that cannot be read are replaced by those that apply now: the folder's for a pull,
    // the client-wide ones for a push (which replaces every folder's).
    log(kLogWarning, "Ignored the " + origin + " rules: " + error.what());
    settings.rules = workspace_.settings_of(folder_uri).rules;
  }
  return settings;
}

void LanguageServer::apply_settings(const json& section, const std::string* folder_uri) {
  ClientSettings settings = client_settings_from(section, folder_uri, "hclspec settings'");
  const bool changed = folder_uri ? workspace_.set_folder_settings(*folder_uri, std::move(settings))
                                  : workspace_.set_client_settings(std::move(settings));
  // Clients repeat unchanged settings (at start, on every save of a settings file): the
  // documents' specs stay as they are, and nothing is analysed again.
  if (!changed) return;
  specs_changed();
  // Only the documents whose spec, its origin or its options changed (a folder's settings
  // concern only the documents inside it).
  for (const std::string& uri : workspace_.reassociate_all()) mark_changed(uri);
}

void LanguageServer::did_change_configuration(json& params) {
  const json settings = params.is_object() ? params.value("settings", json()) : json();
  if (settings.is_object() && settings.contains("hclspec")) {
    apply_settings(settings["hclspec"], nullptr);
    return;
  }
  // Clients that push nothing useful (eglot sends `{}`) expect the server to pull.
  pull_configuration();
}

void LanguageServer::did_change_workspace_folders(json& params) {
  const protocol::DidChangeWorkspaceFoldersParams change =
      params.get<protocol::DidChangeWorkspaceFoldersParams>();
  for (const protocol::WorkspaceFolder& folder : change.event.removed)
    workspace_.remove_folder(folder.uri);
  for (const protocol::WorkspaceFolder& folder : change.event.added)
    workspace_.add_folder(workspace_.folder(folder.uri));
  specs_changed();
  for (const auto& [uri, document] : workspace_.documents()) mark_changed(uri);
  pull_configuration();
}

void LanguageServer::did_change_watched_files(json& params) {
  const protocol::DidChangeWatchedFilesParams change =
      params.get<protocol::DidChangeWatchedFilesParams>();
  for (const protocol::FileEvent& event : change.changes) {
    const std::optional<std::string> path = protocol::uri_to_path(event.uri);
    if (!path) continue;
    ++files_epoch_;
    const std::string name = std::filesystem::path(*path).filename().string();
    if (name.ends_with(".hcldec") || name == ".hclspec.hcl" || workspace_.spec_in_use(*path))
      spec_source_changed(*path);
  }
}

void LanguageServer::spec_source_changed(const std::string& path) {
  specs_changed();
  for (const std::string& uri : workspace_.file_changed(path)) mark_changed(uri);
}

// ---- Documents ----

void LanguageServer::log_association(const Document& document) {
  const Association& association = document.association;
  std::string line = document.path + ": ";
  switch (association.kind) {
    case Association::Kind::None:
      line += "no spec applies (syntax checks only)";
      break;
    case Association::Kind::Off:
      line += "spec checks turned off by " + association.chosen_by;
      break;
    case Association::Kind::MetaSpec:
      line += "an hcldec spec file, checked as a spec";
      break;
    case Association::Kind::ProjectFile:
      line += "an hclspec project file, checked by the built-in spec";
      break;
    case Association::Kind::Spec:
      line += "checked against " + association.spec_path + " (" + association.chosen_by + ")";
      break;
  }
  if (!association.problem.empty()) line += "; " + association.problem;
  log(association.problem.empty() ? kLogInfo : kLogWarning, line);
}

void LanguageServer::did_open(json& params) {
  protocol::DidOpenTextDocumentParams open = protocol::take_did_open_params(params);
  // A document opened again starts over: tokens held for its old text say nothing of the new.
  semantic_tokens_.erase(open.text_document.uri);
  // The text moves on into the tree: a large document is copied once less.
  const Document& document = workspace_.open(open.text_document.uri, open.text_document.version,
                                             std::move(open.text_document.text));
  log_association(document);
  mark_changed(document.uri);
  ++files_epoch_;  // a workspace pull reports it as open now
  // An open spec or project file now overrides the disk for every document that uses it.
  if (document.association.kind == Association::Kind::MetaSpec ||
      document.association.kind == Association::Kind::ProjectFile)
    spec_source_changed(document.path);
}

void LanguageServer::did_change(json& params) {
  protocol::DidChangeTextDocumentParams change = protocol::take_did_change_params(params);
  Document* document = workspace_.find(change.text_document.uri);
  if (!document) {
    log(kLogWarning,
        "Ignored a change to a document that is not open: " + change.text_document.uri);
    return;
  }
  const auto held_tokens = semantic_tokens_.find(document->uri);
  SemanticTokensState* tokens =
      held_tokens == semantic_tokens_.end() ? nullptr : &held_tokens->second;
  for (protocol::TextDocumentContentChangeEvent& event : change.content_changes) {
    if (!event.range) {
      if (tokens) tokens->replaced();
      workspace_.change(*document, std::nullopt, std::move(event.text));
      continue;
    }
    const base::LineIndex& lines = document->source().lines();
    uint32_t start = to_offset(lines, event.range->start, client_.encoding);
    uint32_t end = to_offset(lines, event.range->end, client_.encoding);
    if (end < start) std::swap(start, end);
    if (tokens) tokens->edited(start, end, static_cast<uint32_t>(event.text.size()));
    workspace_.change(*document, syntax::TextEdit{start, end, std::move(event.text)}, {});
  }
  document->version = change.text_document.version;
  mark_changed(document->uri);
  // Work reading the old text stops; its request is answered ContentModified.
  for (auto& [id, request] : running_)
    if (request.uri == document->uri || request.stale_on_any_edit) {
      request.cancel->cancel();
      request.stale = true;
    }
  if (document->association.kind == Association::Kind::MetaSpec ||
      document->association.kind == Association::Kind::ProjectFile)
    spec_source_changed(document->path);
}

void LanguageServer::did_close(json& params) {
  const protocol::DidCloseTextDocumentParams close =
      params.get<protocol::DidCloseTextDocumentParams>();
  const Document* document = workspace_.find(close.text_document.uri);
  if (!document) return;
  const std::string path = document->path;
  const bool was_spec_source = document->association.kind == Association::Kind::MetaSpec ||
                               document->association.kind == Association::Kind::ProjectFile;
  workspace_.close(close.text_document.uri);
  ++files_epoch_;
  if (auto found = analyses_.find(close.text_document.uri); found != analyses_.end()) {
    if (found->second.cancel) found->second.cancel->cancel();
    analyses_.erase(found);
  }
  changed_.erase(close.text_document.uri);
  semantic_tokens_.erase(close.text_document.uri);
  // A client that pulls drops a closed document's diagnostics itself.
  if (!client_.pull_diagnostics) {
    protocol::PublishDiagnosticsParams cleared;
    cleared.uri = close.text_document.uri;
    host_.send(protocol::notification("textDocument/publishDiagnostics", json(cleared)));
  }
  // The disk's version of a closed spec buffer applies again.
  if (was_spec_source) spec_source_changed(path);
}

void LanguageServer::did_save(json& params) {
  const protocol::DidSaveTextDocumentParams save =
      params.get<protocol::DidSaveTextDocumentParams>();
  if (const Document* document = workspace_.find(save.text_document.uri))
    if (document->association.kind == Association::Kind::MetaSpec ||
        document->association.kind == Association::Kind::ProjectFile)
      spec_source_changed(document->path);
}

// ---- Features ----

Document& LanguageServer::document_for(const json& text_document) {
  const std::string uri =
      text_document.is_object() ? text_document.value("uri", std::string()) : std::string();
  Document* document = workspace_.find(uri);
  if (!document) throw protocol::InvalidParams("textDocument.uri: the document is not open");
  return *document;
}

Reply LanguageServer::completion(const json& params) {
  const protocol::TextDocumentPositionParams at =
      params.get<protocol::TextDocumentPositionParams>();
  const Document& document = document_for(params["textDocument"]);
  const base::LineIndex& lines = document.source().lines();
  const uint32_t offset = to_offset(lines, at.position, client_.encoding);
  const features::Snapshot snapshot = workspace_.snapshot(document);
  const std::vector<features::CompletionItem> items = features::complete(
      snapshot, offset, features::CompletionOptions{client_.snippets, client_.completion_markdown});
  protocol::CompletionList list;
  list.is_incomplete = false;
  for (const features::CompletionItem& item : items)
    list.items.push_back(
        to_completion_item(lines, item, client_.encoding, client_.completion_markdown));
  return json(list);
}

Reply LanguageServer::hover(const json& params) {
  const protocol::TextDocumentPositionParams at =
      params.get<protocol::TextDocumentPositionParams>();
  const Document& document = document_for(params["textDocument"]);
  const base::LineIndex& lines = document.source().lines();
  const uint32_t offset = to_offset(lines, at.position, client_.encoding);
  const std::optional<features::HoverResult> result =
      features::hover(workspace_.snapshot(document), offset, client_.hover_markdown);
  if (!result) return nullptr;
  protocol::Hover hover = to_hover(lines, *result, client_.encoding, client_.hover_markdown);
  // On a spec block of a spec file: how much of the workspace uses it, counted away from here.
  std::optional<SpecBlockTarget> target;
  if (document.association.kind == Association::Kind::MetaSpec)
    target = spec_block_target(document, offset);
  if (!target) return json(hover);
  auto view = std::make_shared<const WorkspaceView>(workspace_.view());
  return Reply::in_background([view, target = std::move(*target), hover = std::move(hover)](
                                  const base::CancellationFlag& cancel) mutable -> Reply {
    size_t files = 0;
    size_t uses = 0;
    const WalkReport report = walk_workspace_files(
        *view, cancel,
        [&](const Association& association, bool) {
          return uses_spec(association, target.spec_path);
        },
        [&](const WorkspaceFile& file) {
          const size_t count =
              features::spec_block_uses(file.snapshot, target.block, &cancel).size();
          files += count > 0 ? 1 : 0;
          uses += count;
          return true;
        });
    const std::string at_least = report.complete ? "" : "at least ";
    hover.contents.value +=
        uses == 0 ? "\n\nNo file of the workspace uses it" +
                        std::string(report.complete ? "." : " (among the files read).")
                  : "\n\nUsed " + at_least + std::to_string(uses) +
                        (uses == 1 ? " time" : " times") + " in " + std::to_string(files) +
                        (files == 1 ? " file" : " files") + " of the workspace.";
    return json(hover);
  });
}

Reply LanguageServer::signature_help(const json& params) {
  const auto at = params.get<protocol::TextDocumentPositionParams>();
  const Document& document = document_for(params["textDocument"]);
  const uint32_t offset = to_offset(document.source().lines(), at.position, client_.encoding);
  const std::optional<features::SignatureHelp> help =
      features::signature_help(workspace_.snapshot(document), offset);
  if (!help) return nullptr;
  // Parameters by their place in the label, in UTF-16 units (their text may occur twice:
  // `f(list string, t string)`).
  json parameters = json::array();
  const std::string_view label = help->label;
  for (const base::ByteRange& parameter : help->parameters)
    parameters.push_back({{"label",
                           {base::utf16_length(label.substr(0, parameter.start)),
                            base::utf16_length(label.substr(0, parameter.end))}}});
  json signature = {{"label", help->label}, {"parameters", std::move(parameters)}};
  if (!help->description.empty()) signature["documentation"] = help->description;
  return json{{"signatures", json::array({std::move(signature)})},
              {"activeSignature", 0},
              {"activeParameter", help->active_parameter}};
}

Reply LanguageServer::inlay_hint(const json& params) {
  const auto request = params.get<protocol::InlayHintParams>();
  const Document& document = document_for(params["textDocument"]);
  const base::LineIndex& lines = document.source().lines();
  const base::ByteRange range = to_byte_range(lines, request.range, client_.encoding);
  // Evaluated away from this thread: a file's expressions may take long to evaluate.
  auto snapshot = std::make_shared<const features::Snapshot>(workspace_.snapshot(document));
  return Reply::in_background(
      [snapshot, range, options = workspace_.settings_for(document.path).inlay_hints,
       encoding = client_.encoding](const base::CancellationFlag&) -> Reply {
        const base::LineIndex& text_lines = snapshot->source().lines();
        json hints = json::array();
        for (const features::InlayHint& hint : features::inlay_hints(*snapshot, range, options)) {
          const bool value = hint.kind == features::InlayHint::Kind::Value;
          json item = {{"position", json(to_position(text_lines, hint.offset, encoding))},
                       {"label", hint.label},
                       {value ? "paddingLeft" : "paddingRight", true}};
          if (!value) item["kind"] = 2;  // Parameter: a label's name, as a call's parameters'
          hints.push_back(std::move(item));
        }
        return hints;
      },
      Lane::Documents);
}

Reply LanguageServer::code_action(const json& params) {
  const auto request = params.get<protocol::CodeActionParams>();
  const Document& document = document_for(params["textDocument"]);
  json actions = json::array();
  // Quick fixes are all this server offers.
  const bool wanted = request.only.empty() ||
                      std::any_of(request.only.begin(), request.only.end(), [](const auto& kind) {
                        return kind == "quickfix" || kind.empty();
                      });
  if (!wanted) return actions;
  const base::LineIndex& lines = document.source().lines();
  const base::ByteRange range = to_byte_range(lines, request.range, client_.encoding);
  for (const features::CodeAction& action :
       features::code_actions(workspace_.snapshot(document), range)) {
    const protocol::Range at = to_range(lines, action.at, client_.encoding);
    // The client's diagnostics this action fixes: of its codes, where it applies.
    json fixed = json::array();
    for (const json& diagnostic : request.diagnostics) {
      const json code = diagnostic.value("code", json());
      if (!code.is_string() || std::find(action.fixes.begin(), action.fixes.end(),
                                         code.get<std::string>()) == action.fixes.end())
        continue;
      try {
        const auto place = diagnostic.at("range").get<protocol::Range>();
        if (place.start <= at.end && at.start <= place.end) fixed.push_back(diagnostic);
      } catch (const std::exception&) {  // a diagnostic without a usable range fixes nothing
      }
    }
    json edits = json::array();
    for (const features::TextEdit& edit : action.edits)
      edits.push_back(
          json(protocol::TextEdit{to_range(lines, edit.range, client_.encoding), edit.new_text}));
    json item = {{"title", action.title},
                 {"kind", "quickfix"},
                 {"edit", {{"changes", {{document.uri, std::move(edits)}}}}}};
    if (!fixed.empty()) item["diagnostics"] = std::move(fixed);
    if (action.preferred) item["isPreferred"] = true;
    actions.push_back(std::move(item));
  }
  // A file no spec applies to: a modeline or a rule for each spec file of its workspace folder,
  // and a spec drafted from the file itself, away from this thread (association_actions.hpp).
  if (document.association.kind != Association::Kind::None || !document.tree) return actions;
  UnassociatedFile file;
  file.uri = document.uri;
  file.version = document.version;
  file.tree = document.tree;
  file.root = workspace_.context_for(document.path).trust_root;
  // Relative to the file's real folder, as the association resolves a modeline.
  file.folder = workspace_.real_path(std::filesystem::path(document.path).parent_path().string());
  file.encoding = client_.encoding;
  file.create_files = client_.create_files;
  file.project_file = nearest_project_file(file.folder, file.root);
  if (file.project_file)
    if (const Document* open = workspace_.find(protocol::path_to_uri(*file.project_file)))
      file.open_project_text = open->text();
  // The draft goes beside the file, named as it is up to its first dot (web.nomad: web.hcldec),
  // for a file on disk inside its workspace folder (not an untitled buffer's made-up path).
  if (client_.create_files && !base::has_errors(document.tree->diagnostics()) &&
      document.uri.starts_with("file:") && path_is_inside(file.root, file.folder)) {
    const std::string name = std::filesystem::path(document.path).filename().string();
    const std::string stem = name.substr(0, name.find('.', 1));
    const std::string path = file.folder + "/" + (stem == name ? name : stem) + ".hcldec";
    if (!workspace_.find(protocol::path_to_uri(path))) file.draft_path = path;
  }
  return Reply::in_background([actions = std::move(actions), file = std::move(file)](
                                  const base::CancellationFlag& cancel) mutable -> Reply {
    for (json& action : association_actions(file, cancel)) actions.push_back(std::move(action));
    return actions;
  });
}

Reply LanguageServer::decoded_value(const json& params) {
  params.get<protocol::DocumentParams>();
  const Document& document = document_for(params["textDocument"]);
  if (document.association.kind != Association::Kind::Spec)
    throw protocol::RequestFailed("No spec applies to this file, so there is nothing to decode.");
  auto snapshot = std::make_shared<const features::Snapshot>(workspace_.snapshot(document));
  return Reply::in_background(
      [snapshot, encoding = client_.encoding](const base::CancellationFlag& cancel) -> Reply {
        // What `hclspec decode --with-type` prints for the document, and why it prints nothing.
        const std::optional<features::DecodedValue> decoded =
            features::decoded_value(*snapshot, &cancel);
        json result = {{"value", nullptr}, {"type", nullptr}, {"diagnostics", json::array()}};
        if (decoded && decoded->type) result["type"] = json::parse(*decoded->type);
        if (decoded && decoded->value) result["value"] = json::parse(*decoded->value);
        result["diagnostics"] = to_diagnostics(snapshot->source().lines(),
                                               features::diagnostics(*snapshot, &cancel), encoding);
        return result;
      },
      Lane::Documents);
}

Reply LanguageServer::formatting(const json& params) {
  params.get<protocol::DocumentFormattingParams>();  // throws InvalidParams naming a bad field
  return format_edits(document_for(params["textDocument"]), std::nullopt);
}

Reply LanguageServer::range_formatting(const json& params) {
  const auto request = params.get<protocol::DocumentRangeFormattingParams>();
  const Document& document = document_for(params["textDocument"]);
  const base::LineIndex& lines = document.source().lines();
  const base::ByteRange range = to_byte_range(lines, request.range, client_.encoding);
  return format_edits(document, range);
}

// The edits, or (refused) none and a message: a client formatting on save would otherwise
// leave the user wondering why nothing happened.
json LanguageServer::format_edits(const Document& document, std::optional<base::ByteRange> range) {
  const features::FormatResult result =
      features::format_document(workspace_.snapshot(document), range);
  json edits = json::array();
  if (!result.refusal.empty()) {
    host_.send(protocol::notification(
        "window/showMessage",
        json(protocol::ShowMessageParams{protocol::MessageType::Warning,
                                         "hclspec: not formatted. " + result.refusal + "."})));
    return edits;
  }
  const base::LineIndex& lines = document.source().lines();
  for (const features::TextEdit& edit : result.edits)
    edits.push_back(
        json(protocol::TextEdit{to_range(lines, edit.range, client_.encoding), edit.new_text}));
  return edits;
}

// ---- Reading features ----

Reply LanguageServer::definition(const json& params) {
  const auto at = params.get<protocol::TextDocumentPositionParams>();
  const Document& document = document_for(params["textDocument"]);
  const base::LineIndex& lines = document.source().lines();
  const uint32_t offset = to_offset(lines, at.position, client_.encoding);
  const std::optional<features::DefinitionTarget> target =
      features::definition(workspace_.snapshot(document), offset);
  if (!target) {
    // A project rule's spec path leads to the spec it names, as its link does.
    for (const DocumentLink& link :
         document_links(document, workspace_.context_for(document.path).trust_root))
      if (link.range.start <= offset && offset <= link.range.end)
        return json(protocol::Location{protocol::path_to_uri(link.target), {{0, 0}, {0, 0}}});
    return nullptr;
  }
  if (target->file == features::DefinitionTarget::File::Document)
    return json(protocol::Location{document.uri, to_range(lines, target->range, client_.encoding)});
  // The spec as loaded (from disk, or from its open buffer): its ranges are in that text.
  if (document.association.kind != Association::Kind::Spec || !document.spec ||
      !document.spec->tree)
    return nullptr;
  return json(
      protocol::Location{protocol::path_to_uri(document.association.spec_path),
                         to_range(document.spec->tree->lines(), target->range, client_.encoding)});
}

std::optional<LanguageServer::SpecBlockTarget> LanguageServer::spec_block_target(
    const Document& document, uint32_t offset) {
  const std::optional<base::ByteRange> block =
      features::referenced_spec_block(workspace_.snapshot(document), offset);
  if (!block) return std::nullopt;
  return target_of_block(document, *block);
}

std::optional<LanguageServer::SpecBlockTarget> LanguageServer::target_of_block(
    const Document& document, base::ByteRange block) {
  if (document.association.kind == Association::Kind::MetaSpec)
    return SpecBlockTarget{workspace_.real_path(document.path), block,
                           protocol::Location{document.uri, to_range(document.source().lines(),
                                                                     block, client_.encoding)}};
  if (document.association.kind != Association::Kind::Spec || !document.spec ||
      !document.spec->tree)
    return std::nullopt;
  return SpecBlockTarget{
      document.association.spec_path, block,
      protocol::Location{protocol::path_to_uri(document.association.spec_path),
                         to_range(document.spec->tree->lines(), block, client_.encoding)}};
}

Reply LanguageServer::references(const json& params) {
  const auto request = params.get<protocol::ReferenceParams>();
  const Document& document = document_for(params["textDocument"]);
  const uint32_t offset = to_offset(document.source().lines(), request.position, client_.encoding);
  std::optional<SpecBlockTarget> target = spec_block_target(document, offset);
  if (!target) return nullptr;
  auto view = std::make_shared<const WorkspaceView>(workspace_.view());
  return Reply::in_background([view, target = std::move(*target), encoding = client_.encoding,
                               declaration = request.include_declaration](
                                  const base::CancellationFlag& cancel) -> Reply {
    json locations = json::array();
    if (declaration) locations.push_back(json(target.declaration));
    walk_workspace_files(
        *view, cancel,
        [&](const Association& association, bool) {
          return uses_spec(association, target.spec_path);
        },
        [&](const WorkspaceFile& file) {
          const base::LineIndex& lines = file.snapshot.source().lines();
          for (const base::ByteRange& use :
               features::spec_block_uses(file.snapshot, target.block, &cancel,
                                         features::SpecBlockUses::NamesAndIterators)) {
            if (locations.size() >= kMaxReferences) return false;
            locations.push_back(json(protocol::Location{file.uri, to_range(lines, use, encoding)}));
          }
          return true;
        });
    return locations;
  });
}

const syntax::SyntaxTree& LanguageServer::spec_tree_of(const Document& document) const {
  if (document.association.kind == Association::Kind::MetaSpec && document.tree)
    return *document.tree;
  if (document.association.kind == Association::Kind::Spec && document.spec &&
      document.spec->tree && document.spec->usable())
    return *document.spec->tree;
  throw protocol::RequestFailed("No spec applies to this file, so nothing in it can be renamed.");
}

features::RenamePlace LanguageServer::rename_place(const Document& document, uint32_t offset) {
  const features::PrepareRename prepared =
      features::prepare_rename(workspace_.snapshot(document), spec_tree_of(document), offset);
  if (const auto* reason = std::get_if<std::string>(&prepared))
    throw protocol::RequestFailed(*reason);
  return std::get<features::RenamePlace>(prepared);
}

Reply LanguageServer::prepare_rename(const json& params) {
  const auto at = params.get<protocol::TextDocumentPositionParams>();
  const Document& document = document_for(params["textDocument"]);
  const base::LineIndex& lines = document.source().lines();
  const features::RenamePlace place =
      rename_place(document, to_offset(lines, at.position, client_.encoding));
  return json{{"range", json(to_range(lines, place.name, client_.encoding))},
              {"placeholder", std::string(place.name.slice(document.text()))}};
}

Reply LanguageServer::rename(const json& params) {
  const auto request = params.get<protocol::RenameParams>();
  const Document& document = document_for(params["textDocument"]);
  const uint32_t offset = to_offset(document.source().lines(), request.position, client_.encoding);
  if (const std::string problem = features::new_name_problem(request.new_name); !problem.empty())
    throw protocol::RequestFailed(problem);
  const features::RenamePlace place = rename_place(document, offset);
  std::optional<SpecBlockTarget> target = target_of_block(document, place.spec_block);
  const syntax::SyntaxTree& spec_tree = spec_tree_of(document);
  {
    // The new name must not be one the same body is read for already.
    base::Diagnostics problems;
    const std::shared_ptr<const spec::SpecFile> spec =
        document.association.kind == Association::Kind::Spec
            ? document.spec->file
            : std::make_shared<const spec::SpecFile>(spec::load_spec(document.tree, problems));
    if (spec && features::name_taken(*spec, place.spec_block, request.new_name))
      throw protocol::RequestFailed("The spec already reads `" + request.new_name +
                                    "` in the same body; nothing was renamed.");
  }
  const std::optional<base::ByteRange> written =
      features::spec_block_name(spec_tree, place.spec_block);
  if (!target || !written) throw protocol::RequestFailed("Nothing to rename here.");
  // The spec's own name keeps its quotes (a bare label stays bare).
  const bool quoted = spec_tree.text()[written->start] == '"';
  std::string old_name(written->slice(spec_tree.text()));
  if (quoted) old_name = old_name.substr(1, old_name.size() - 2);
  json changes = json::object();
  changes[target->declaration.uri].push_back(
      json(protocol::TextEdit{to_range(spec_tree.lines(), *written, client_.encoding),
                              quoted ? "\"" + request.new_name + "\"" : request.new_name}));
  auto view = std::make_shared<const WorkspaceView>(workspace_.view());
  return Reply::in_background(
      [view, target = std::move(*target), encoding = client_.encoding, name = request.new_name,
       old_name = std::move(old_name),
       changes = std::move(changes)](const base::CancellationFlag& cancel) mutable -> Reply {
        size_t count = 0;
        std::string unreadable;  // a file of the spec whose uses can't all be found
        std::string captured;    // where the new name would change what an expression means
        const WalkReport report = walk_workspace_files(
            *view, cancel,
            [&](const Association& association, bool) {
              return uses_spec(association, target.spec_path);
            },
            [&](const WorkspaceFile& file) {
              if (!file.snapshot.tree || base::has_errors(file.snapshot.tree->diagnostics())) {
                unreadable = file.path;
                return false;
              }
              const base::LineIndex& lines = file.snapshot.source().lines();
              if (const std::optional<base::ByteRange> at =
                      features::rename_capture(*file.snapshot.tree, old_name, name)) {
                captured = file.path + ":" + std::to_string(lines.position(at->start).line);
                return false;
              }
              for (const base::ByteRange& use :
                   features::spec_block_uses(file.snapshot, target.block, &cancel,
                                             features::SpecBlockUses::NamesAndIterators)) {
                if (++count > kMaxReferences) return false;
                changes[file.uri].push_back(
                    json(protocol::TextEdit{to_range(lines, use, encoding), name}));
              }
              return true;
            });
        if (!captured.empty())
          throw protocol::RequestFailed(
              "`" + name + "` is already used inside a dynamic \"" + old_name + "\" block (" +
              captured + "), whose iterator would be renamed to it: that would change what `" +
              name + "` means there; nothing was renamed.");
        // Half a rename breaks the files it left out: all of it or nothing.
        if (!unreadable.empty())
          throw protocol::RequestFailed(
              unreadable +
              " is checked against this spec but its uses can't all be found (it has "
              "syntax errors, or is JSON); nothing was renamed.");
        if (!report.complete && !cancel.cancelled())
          throw protocol::RequestFailed(
              "The workspace holds more files, bytes or uses than a rename reads (20,000 files, "
              "512 MiB, " +
              std::to_string(kMaxReferences) + " uses); nothing was renamed.");
        return json{{"changes", std::move(changes)}};
      },
      Lane::Workspace, true);
}

Reply LanguageServer::workspace_symbol(const json& params) {
  const auto request = params.get<protocol::WorkspaceSymbolParams>();
  auto view = std::make_shared<const WorkspaceView>(workspace_.view());
  return Reply::in_background([view, query = request.query, encoding = client_.encoding](
                                  const base::CancellationFlag& cancel) -> Reply {
    std::vector<protocol::SymbolInformation> found;
    const auto matches = [&](std::string_view name) { return fuzzy_matches(query, name); };
    walk_workspace_files(
        *view, cancel,
        // Every open document; of the others, those a rule or modeline gives a spec, and the
        // spec files.
        [](const Association& association, bool open) {
          return open || association.kind == Association::Kind::Spec ||
                 association.kind == Association::Kind::MetaSpec;
        },
        [&](const WorkspaceFile& file) {
          return append_matching_symbols(file.snapshot.source().lines(),
                                         features::document_symbols(file.snapshot), file.uri,
                                         encoding, matches, kMaxWorkspaceSymbols, found);
        });
    const size_t size = found.size() * 300;
    return Reply::written(size, [found = std::move(found)](std::string& out) {
      protocol::append_symbol_information(out, found);
    });
  });
}

// ---- Pulled diagnostics ----

Reply LanguageServer::document_diagnostic(const json& params) {
  const auto request = params.get<protocol::DocumentDiagnosticParams>();
  if (!workspace_.find(request.text_document.uri)) return closed_file_diagnostic(request);
  const Document& document = document_for(params["textDocument"]);
  std::string id = result_id(document);
  if (request.previous_result_id == id)
    return json(protocol::DocumentDiagnosticReport{std::move(id), std::nullopt});
  // Validated as a push is, from the document's decode cache, which the result then renews.
  return Reply::in_background(
      [this, validation = Validation(workspace_, document, client_.encoding), uri = document.uri,
       id = std::move(id)](const base::CancellationFlag& cancel) -> Reply {
        std::shared_ptr<spec::DecodeCache> cache;
        std::vector<protocol::Diagnostic> items = validation.run(cancel, cache);
        if (cancel.cancelled()) return nullptr;  // answered with the cancellation's error
        // The line index, which the next edit derives its own from (see analyse).
        (void)validation.snapshot->source().lines();
        host_.post([this, uri, id, cache = std::move(cache)]() mutable {
          // Kept only while the document is what the result is of: the same text and specs.
          Document* current = workspace_.find(uri);
          if (!current || result_id(*current) != id) return;
          current->decode_cache = std::move(cache);
          current->edited_since_cache = {};
        });
        return json(protocol::DocumentDiagnosticReport{id, std::move(items)});
      },
      Lane::Documents);
}

Reply LanguageServer::closed_file_diagnostic(const protocol::DocumentDiagnosticParams& request) {
  // VS Code pulls a document once more after closing it. What a workspace pull would say of
  // the file, then: its diagnostics from the disk when a rule or modeline gives it a spec,
  // else none (nothing a later pull would ever clear stays behind).
  const std::optional<std::string> path = protocol::uri_to_path(request.text_document.uri);
  auto view = std::make_shared<const WorkspaceView>(workspace_.view());
  return Reply::in_background([view, path, previous = request.previous_result_id,
                               generation = specs_generation_, encoding = client_.encoding](
                                  const base::CancellationFlag& cancel) -> Reply {
    const std::optional<WorkspaceFile> file =
        path ? read_workspace_file(*view, std::filesystem::path(*path).lexically_normal().string())
             : std::nullopt;
    const bool checked = file && file->association.kind == Association::Kind::Spec;
    std::string id = checked ? file_result_id(file->snapshot.source().text(), generation)
                             : "none:" + std::to_string(generation);
    if (previous == id)
      return json(protocol::DocumentDiagnosticReport{std::move(id), std::nullopt});
    std::vector<protocol::Diagnostic> items;
    if (checked)
      items = to_diagnostics(file->snapshot.source().lines(),
                             features::diagnostics(file->snapshot, &cancel), encoding);
    return json(protocol::DocumentDiagnosticReport{std::move(id), std::move(items)});
  });
}

Reply LanguageServer::workspace_diagnostic(const json& params) {
  const auto request = params.get<protocol::WorkspaceDiagnosticParams>();
  // A client holding the last report learns nothing new from a walk until something changed,
  // which it tells of when it watches the files for the server.
  if (!request.previous_result_ids.empty() && client_.watch_files_dynamically &&
      reported_files_epoch_ == files_epoch_)
    return Reply::hold();
  // The result ids the client holds, by path: its file URIs may be spelled unlike ours.
  std::map<std::string, std::string> held;
  const auto key = [](const std::string& uri) { return protocol::uri_to_path(uri).value_or(uri); };
  for (const protocol::PreviousResultId& previous : request.previous_result_ids)
    held[key(previous.uri)] = previous.value;
  // Open documents are reported with their versions and result ids, as textDocument/diagnostic
  // reports them.
  std::map<std::string, std::pair<int32_t, std::string>> open;
  for (const auto& [uri, document] : workspace_.documents())
    open.emplace(uri, std::pair(static_cast<int32_t>(document.version), result_id(document)));
  auto view = std::make_shared<const WorkspaceView>(workspace_.view());
  // The whole report is one answer (no partial results): a walk reads one file at a time, and
  // most of the report is `unchanged` items once the client holds the first one.
  return Reply::in_background([this, view, held = std::move(held), open = std::move(open), key,
                               epoch = files_epoch_, generation = specs_generation_,
                               encoding = client_.encoding](
                                  const base::CancellationFlag& cancel) -> Reply {
    protocol::WorkspaceDiagnosticReport report;
    walk_workspace_files(
        *view, cancel,
        // Every open document; of the others, those a rule or modeline checks against a spec.
        [](const Association& association, bool is_open) {
          return is_open || association.kind == Association::Kind::Spec;
        },
        [&](const WorkspaceFile& file) {
          protocol::WorkspaceDocumentDiagnosticReport& item = report.items.emplace_back();
          item.uri = file.uri;
          if (const auto document = open.find(file.uri); document != open.end()) {
            item.version = document->second.first;
            item.result_id = document->second.second;
          } else {
            item.result_id = file_result_id(file.snapshot.source().text(), generation);
          }
          const auto previous = held.find(key(file.uri));
          if (previous == held.end() || previous->second != item.result_id)
            item.items = to_diagnostics(file.snapshot.source().lines(),
                                        features::diagnostics(file.snapshot, &cancel), encoding);
          return true;
        });
    // Reported (unless cancelled meanwhile): a pull holding this report's ids may wait.
    if (!cancel.cancelled()) host_.post([this, epoch] { reported_files_epoch_ = epoch; });
    return json(report);
  });
}

Reply LanguageServer::document_link(const json& params) {
  params.get<protocol::DocumentParams>();
  const Document& document = document_for(params["textDocument"]);
  const base::LineIndex& lines = document.source().lines();
  json links = json::array();
  for (const DocumentLink& link :
       document_links(document, workspace_.context_for(document.path).trust_root))
    links.push_back({{"range", json(to_range(lines, link.range, client_.encoding))},
                     {"target", protocol::path_to_uri(link.target)},
                     {"tooltip", "The spec file"}});
  return links;
}

Reply LanguageServer::document_symbol(const json& params) {
  params.get<protocol::DocumentParams>();  // throws InvalidParams naming a bad field
  const Document& document = document_for(params["textDocument"]);
  const base::LineIndex& lines = document.source().lines();
  std::vector<features::DocumentSymbol> symbols =
      features::document_symbols(workspace_.snapshot(document));
  // About what each symbol takes in JSON, a little more so that the reply is written without
  // growing: a name, a detail, a kind, two ranges (one in a location); 270 bytes on average in
  // the 3.2 MB job's outline.
  constexpr size_t kSymbolBytes = 320;
  if (!client_.hierarchical_symbols) {
    std::vector<protocol::SymbolInformation> flat =
        to_symbol_information(lines, symbols, document.uri, client_.encoding);
    const size_t size = flat.size() * (kSymbolBytes + document.uri.size());
    return Reply::written(size, [flat = std::move(flat)](std::string& out) {
      protocol::append_symbol_information(out, flat);
    });
  }
  std::vector<protocol::DocumentSymbol> nested =
      to_document_symbols(lines, std::move(symbols), client_.encoding);
  const size_t size = count_symbols(nested) * kSymbolBytes;
  return Reply::written(size, [nested = std::move(nested)](std::string& out) {
    protocol::append_document_symbols(out, nested);
  });
}

Reply LanguageServer::folding_range(const json& params) {
  params.get<protocol::DocumentParams>();
  const Document& document = document_for(params["textDocument"]);
  const base::LineIndex& lines = document.source().lines();
  const std::vector<features::FoldingRange> folds =
      features::folding_ranges(workspace_.snapshot(document));
  std::vector<protocol::FoldingRange> ranges;
  ranges.reserve(folds.size());
  // One fold a start line, the outermost (the first, as enclosing ranges come first): clients
  // show one fold marker a line, and some would nest two on the same line.
  std::optional<uint32_t> last_start_line;
  for (const features::FoldingRange& range : folds) {
    std::optional<protocol::FoldingRange> folding =
        to_folding_range(lines, range, client_.encoding, client_.line_folding_only);
    if (!folding || folding->start_line == last_start_line) continue;
    last_start_line = folding->start_line;
    ranges.push_back(std::move(*folding));
  }
  // A client keeps so many (VS Code 5,000): the rest would be sent and read for nothing.
  if (client_.folding_range_limit) keep_outer_folding_ranges(ranges, *client_.folding_range_limit);
  // About what a range takes in JSON: four numbers, their names and a kind.
  constexpr size_t kRangeBytes = 90;
  const size_t size = ranges.size() * kRangeBytes;
  return Reply::written(size, [ranges = std::move(ranges)](std::string& out) {
    protocol::append_folding_ranges(out, ranges);
  });
}

Reply LanguageServer::selection_range(const json& params) {
  const auto request = params.get<protocol::SelectionRangeParams>();
  const Document& document = document_for(params["textDocument"]);
  const base::LineIndex& lines = document.source().lines();
  const features::Snapshot snapshot = workspace_.snapshot(document);
  // Innermost ranges beyond this many are left out (the whole file always ends the chain): the
  // answer nests one JSON object per range, and clients recurse through it.
  constexpr size_t kMaxRanges = 256;
  json answers = json::array();
  for (const protocol::Position& position : request.positions) {
    std::vector<base::ByteRange> ranges =
        features::selection_ranges(snapshot, to_offset(lines, position, client_.encoding));
    if (ranges.size() > kMaxRanges)
      ranges.erase(ranges.begin() + static_cast<ptrdiff_t>(kMaxRanges - 1), ranges.end() - 1);
    protocol::SelectionRange answer;
    for (const base::ByteRange& range : ranges)
      answer.ranges.push_back(to_range(lines, range, client_.encoding));
    answers.push_back(json(answer));
  }
  return answers;
}

Reply LanguageServer::full_semantic_tokens(const Document& document, bool from_held) {
  SemanticTokensState& state = semantic_tokens_[document.uri];
  const features::Snapshot snapshot = workspace_.snapshot(document);
  const std::string id = std::to_string(next_semantic_result_++);
  // The tokens held for the document, brought up to date with what the edits since touched, are
  // the whole result as well: a full request then costs what a delta does, and writing it.
  if (!from_held || !state.advance(snapshot, client_.encoding, id))
    state.reset(snapshot, client_.encoding, id);
  return Reply::shared_text(protocol::semantic_tokens_head(state.id()), state.result(),
                            state.text(), std::string(protocol::kSemanticTokensTail));
}

Reply LanguageServer::semantic_tokens_full(const json& params) {
  params.get<protocol::DocumentParams>();
  return full_semantic_tokens(document_for(params["textDocument"]), true);
}

Reply LanguageServer::semantic_tokens_delta(const json& params) {
  const auto request = params.get<protocol::SemanticTokensDeltaParams>();
  const Document& document = document_for(params["textDocument"]);
  const auto held = semantic_tokens_.find(document.uri);
  // A result the server no longer has (or one it can't follow): the full tokens, which a delta
  // request may receive.
  if (held == semantic_tokens_.end() || held->second.id() != request.previous_result_id)
    return full_semantic_tokens(document, true);
  std::optional<std::vector<protocol::SemanticTokensEdit>> edits = held->second.advance(
      workspace_.snapshot(document), client_.encoding, std::to_string(next_semantic_result_++));
  if (!edits) return full_semantic_tokens(document, false);
  size_t size = 64;
  for (const protocol::SemanticTokensEdit& edit : *edits) size += 32 + edit.data.size() * 4;
  return Reply::written(size,
                        [id = held->second.id(), edits = std::move(*edits)](std::string& out) {
                          protocol::append_semantic_tokens_delta(out, id, edits);
                        });
}

Reply LanguageServer::semantic_tokens_range(const json& params) {
  const auto request = params.get<protocol::SemanticTokensRangeParams>();
  const Document& document = document_for(params["textDocument"]);
  const base::LineIndex& lines = document.source().lines();
  const base::ByteRange range = to_byte_range(lines, request.range, client_.encoding);
  std::vector<uint32_t> data;
  encode_semantic_pieces(
      lines,
      semantic_token_pieces(lines, features::semantic_tokens(workspace_.snapshot(document), range)),
      client_.encoding, {0, 0}, data);
  // Not remembered: a range result is not what a later delta request refers to.
  const size_t size = 32 + data.size() * 4;
  return Reply::written(size, [data = std::move(data)](std::string& out) {
    protocol::append_semantic_tokens(out, "", data);
  });
}

}  // namespace hclspec::server::lsp
