// The LSP server's core: a method table over the workspace state, replies, and the scheduling of
// analyses on snapshots (latest version wins, cancelled when their document changes).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/base/cancellation.hpp"
#include "engine/features/rename.hpp"
#include "protocol/jsonrpc.hpp"
#include "protocol/lsp.hpp"
#include "server/file_access.hpp"
#include "server/lsp/convert.hpp"
#include "server/lsp/host.hpp"
#include "server/lsp/semantic_tokens_state.hpp"
#include "server/lsp/workspace.hpp"

namespace hclspec::server::lsp {

// What the client told us it can do, reduced to the choices the server makes from it.
struct ClientOptions {
  PositionEncoding encoding = PositionEncoding::Utf16;
  bool snippets = false;
  bool completion_markdown = false;
  bool hover_markdown = false;
  bool pull_configuration = false;       // workspace/configuration
  bool watch_files_dynamically = false;  // client/registerCapability for didChangeWatchedFiles
  bool hierarchical_symbols = false;     // DocumentSymbol[] rather than SymbolInformation[]
  bool line_folding_only = false;        // folding ranges of whole lines
  bool create_files = false;             // workspace edits may create files (documentChanges)
  bool pull_diagnostics = false;    // textDocument/diagnostic: the client asks, nothing is pushed
  bool diagnostic_refresh = false;  // workspace/diagnostic/refresh
  std::optional<uint32_t> folding_range_limit;  // at most so many folding ranges a document
};

// A request's result: a json value, or a writer that appends the result's JSON to the response
// (results too large to build as a json tree in time: semantic tokens, document symbols), or
// text the server holds sent as it is (a full semantic tokens result), or work for a worker
// thread that gives one of those (what reads the workspace's files).
struct Reply {
  using Writer = std::function<void(std::string& out)>;
  // `cancel` is set when the client cancels the request or edits its document (the reply is
  // then an error, whatever the work returns).
  using Work = std::function<Reply(const base::CancellationFlag& cancel)>;
  Reply(nlohmann::json result) : value(std::move(result)) {}  // NOLINT: implicit on purpose
  Reply(std::nullptr_t) {}                                    // NOLINT: `return nullptr;`
  // `size` is about how many bytes `write` appends: room made at once, in huge pages.
  static Reply written(size_t size, Writer write) {
    Reply reply(nullptr);
    reply.size = size;
    reply.write = std::move(write);
    return reply;
  }
  // `lane`: Workspace for walks over the workspace's files, Documents for an analysis of one.
  // `stale_on_any_edit`: an edit of any document makes the answer stale (a rename's edits).
  static Reply in_background(Work work, Lane lane = Lane::Workspace,
                             bool stale_on_any_edit = false) {
    Reply reply(nullptr);
    reply.background = std::move(work);
    reply.lane = lane;
    reply.stale_on_any_edit = stale_on_any_edit;
    return reply;
  }
  // A result written as `before`, `text`, then `after`: text the server holds (a document's
  // semantic tokens) in `text_owner`, sent without a copy. Made on the state's thread, where the
  // text is changed only while no reply holds its owner.
  static Reply shared_text(std::string before, std::string_view text,
                           std::shared_ptr<const void> text_owner, std::string after) {
    Reply reply(nullptr);
    reply.shared = SharedBody{std::move(before), text, std::move(text_owner), std::move(after)};
    return reply;
  }
  // Not answered now: the request waits until what it reads may have changed (held_requests_).
  static Reply hold() {
    Reply reply(nullptr);
    reply.held = true;
    return reply;
  }
  nlohmann::json value;
  size_t size = 0;
  Writer write;
  std::optional<SharedBody> shared;  // set by shared_text()
  Work background;
  bool held = false;
  Lane lane = Lane::Workspace;
  bool stale_on_any_edit = false;
};

class LanguageServer {
 public:
  // `log_sink`, when set, receives every log line too (the --log-file).
  LanguageServer(Host& host, FileAccess& disk,
                 std::function<void(std::string_view)> log_sink = nullptr);

  // One message body, as the framing delivered it. It is freed once parsed, before the message
  // is acted on: a didOpen's body is as large as the document the server is about to parse.
  void handle(std::string body);
  // A message the framing had to skip (oversized, broken header): logged, nothing to answer.
  void framing_error(std::string_view what);
  // Called when no more messages are waiting: answers the requests that read documents (so an
  // edit queued behind them is seen first) and starts analyses of the documents that changed.
  // Changes queued together are analysed once, for their newest version.
  void end_of_batch();

  const ClientOptions& client() const { return client_; }

 private:
  enum class State { Starting, Running, ShuttingDown };
  using RequestHandler = Reply (LanguageServer::*)(const nlohmann::json& params);
  // A notification's handler may take what it keeps out of the params rather than copy it.
  using NotificationHandler = void (LanguageServer::*)(nlohmann::json& params);
  struct RequestMethod {
    RequestHandler handler;
    bool reads_document;  // answered at the end of the batch, for the version current then
  };
  // A request answered at the end of the batch.
  struct DeferredRequest {
    nlohmann::json id;
    RequestHandler handler;
    nlohmann::json params;
    std::string uri;
    int64_t version = 0;
  };
  // A request answered by work on a worker thread: cancelled with its document's next edit.
  struct RunningRequest {
    std::shared_ptr<base::CancellationFlag> cancel;
    std::string uri;  // the document it reads, if any
    int64_t version = 0;
    bool stale_on_any_edit = false;
    bool stale = false;  // an edit made the answer stale: ContentModified
  };
  // A spec block that find references and hover count the uses of.
  struct SpecBlockTarget {
    std::string spec_path;  // the spec file's real path
    base::ByteRange block;  // the block's range in it
    protocol::Location declaration;
  };
  // The analysis of a document in flight: only the newest generation's result is published.
  struct Analysis {
    uint64_t generation = 0;
    std::shared_ptr<base::CancellationFlag> cancel;
  };

  void handle_request(const protocol::Message& message);
  void handle_notification(protocol::Message& message);
  void handle_response(const protocol::Message& message);
  void answer(const nlohmann::json& id, RequestHandler handler, const nlohmann::json& params,
              const std::string& uri = "", int64_t version = 0);
  void start_background(const nlohmann::json& id, Reply&& reply, const std::string& uri,
                        int64_t version);
  void send_error(const nlohmann::json& id, protocol::ErrorCode code, std::string_view message);
  void send_request(std::string_view method, const nlohmann::json& params,
                    std::function<void(const protocol::Message&)> on_response);
  void log(protocol::MessageType type, std::string_view message);

  // Requests.
  Reply initialize(const nlohmann::json& params);
  Reply shutdown(const nlohmann::json& params);
  Reply completion(const nlohmann::json& params);
  Reply hover(const nlohmann::json& params);
  Reply signature_help(const nlohmann::json& params);
  Reply inlay_hint(const nlohmann::json& params);
  Reply code_action(const nlohmann::json& params);
  Reply decoded_value(const nlohmann::json& params);
  Reply formatting(const nlohmann::json& params);
  Reply range_formatting(const nlohmann::json& params);
  Reply definition(const nlohmann::json& params);
  Reply references(const nlohmann::json& params);
  Reply prepare_rename(const nlohmann::json& params);
  Reply rename(const nlohmann::json& params);
  Reply workspace_symbol(const nlohmann::json& params);
  Reply document_diagnostic(const nlohmann::json& params);
  Reply workspace_diagnostic(const nlohmann::json& params);
  Reply closed_file_diagnostic(const protocol::DocumentDiagnosticParams& request);
  Reply document_link(const nlohmann::json& params);
  Reply document_symbol(const nlohmann::json& params);
  Reply folding_range(const nlohmann::json& params);
  Reply selection_range(const nlohmann::json& params);
  Reply semantic_tokens_full(const nlohmann::json& params);
  Reply semantic_tokens_delta(const nlohmann::json& params);
  Reply semantic_tokens_range(const nlohmann::json& params);
  nlohmann::json format_edits(const Document& document, std::optional<base::ByteRange> range);
  // A full semantic tokens result for `document`, remembered for the next delta request; with
  // `from_held`, the tokens held for it brought up to date when they can be.
  Reply full_semantic_tokens(const Document& document, bool from_held);
  // Notifications.
  void initialized(nlohmann::json& params);
  void exit(nlohmann::json& params);
  void cancel_request(nlohmann::json& params);
  void did_open(nlohmann::json& params);
  void did_change(nlohmann::json& params);
  void did_close(nlohmann::json& params);
  void did_save(nlohmann::json& params);
  void did_change_configuration(nlohmann::json& params);
  void did_change_watched_files(nlohmann::json& params);
  void did_change_workspace_folders(nlohmann::json& params);

  void pull_configuration();
  // Applies an `hclspec` settings section: pulled for a folder, else pushed for all of them.
  void apply_settings(const nlohmann::json& section, const std::string* folder_uri);
  // The rules, dynamicBlocks and inlayHints of a settings section (from `origin`, for the log);
  // rules that cannot be read are logged and replaced by those that apply in the folder (or
  // client-wide).
  ClientSettings client_settings_from(const nlohmann::json& section, const std::string* folder_uri,
                                      const std::string& origin);
  void log_association(const Document& document);
  void mark_changed(const std::string& uri) { changed_.insert(uri); }
  void spec_source_changed(const std::string& path);
  // Specs, project files, rules or folders changed: every document's diagnostics may have.
  void specs_changed();
  // Asks a pulling client to pull again (once at a time: more changes meanwhile, once more).
  void refresh_diagnostics();
  // What a pulled result of `document` now is: its opening, its version and the specs' generation.
  std::string result_id(const Document& document) const;
  Document& document_for(const nlohmann::json& params_text_document);
  // The spec block the name at `offset` of `document` stands for (features/references.hpp).
  std::optional<SpecBlockTarget> spec_block_target(const Document& document, uint32_t offset);
  // The same for a spec block known by its range in the document's spec file.
  std::optional<SpecBlockTarget> target_of_block(const Document& document, base::ByteRange block);
  // The tree of the spec file that governs `document` (its own for a .hcldec file); throws
  // RequestFailed when there is none.
  const syntax::SyntaxTree& spec_tree_of(const Document& document) const;
  // What renaming at `offset` changes; throws RequestFailed with the reason it can't.
  features::RenamePlace rename_place(const Document& document, uint32_t offset);
  void analyse(const Document& document);

  Host& host_;
  Workspace workspace_;
  std::function<void(std::string_view)> log_sink_;
  State state_ = State::Starting;
  ClientOptions client_;
  std::unordered_map<std::string, RequestMethod> requests_;
  std::unordered_map<std::string, NotificationHandler> notifications_;
  std::vector<DeferredRequest> deferred_;
  std::map<std::string, RunningRequest> running_;  // by the request id's JSON
  // workspace/diagnostic requests of a client that holds the last report, waiting until what
  // a workspace pull reports may change: VS Code pulls again two seconds after each answer, and
  // each pull walks the workspace's files. Asked again once `files_epoch_` moves on.
  std::vector<DeferredRequest> held_requests_;
  uint64_t files_epoch_ = 0;  // bumped by specs_changed(), opens, closes, watched file events
  std::optional<uint64_t> reported_files_epoch_;  // what the last workspace pull walked
  // Each open document's last semantic tokens, what a delta request's previousResultId names.
  std::unordered_map<std::string, SemanticTokensState> semantic_tokens_;
  uint64_t next_semantic_result_ = 1;
  std::set<std::string> changed_;
  std::map<std::string, Analysis> analyses_;
  uint64_t specs_generation_ = 0;  // bumped by specs_changed()
  bool refresh_wanted_ = false;    // a change the pulling client has not been told of
  bool refresh_awaited_ = false;   // a refresh request not answered yet
  int64_t next_request_id_ = 1;
  std::map<int64_t, std::function<void(const protocol::Message&)>> awaiting_;
};

}  // namespace hclspec::server::lsp
