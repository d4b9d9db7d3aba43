// A language server session in one thread, for tests: messages in, everything sent out recorded,
// background work run only when the test lets it.
#pragma once

#include <deque>
#include <filesystem>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "server/file_access.hpp"
#include "server/lsp/host.hpp"
#include "server/lsp/language_server.hpp"

namespace hclspec::testing {

using nlohmann::json;

class SessionHost final : public server::lsp::Host {
 public:
  void send(std::string body) override { sent.push_back(json::parse(body)); }
  void run_in_background(std::function<void()> job, server::lsp::Lane lane) override {
    background.push_back(std::move(job));
    lanes.push_back(lane);
  }
  void post(std::function<void()> task) override { posted.push_back(std::move(task)); }
  void exit(int status) override { exit_status = status; }

  std::vector<json> sent;
  std::deque<std::function<void()>> background;
  std::vector<server::lsp::Lane> lanes;  // of every job run_in_background was given, in order
  std::deque<std::function<void()>> posted;
  int exit_status = -1;
};

// A folder of files for one test, removed afterwards.
class TempFolder {
 public:
  TempFolder();
  ~TempFolder();
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;
  const std::string& path() const { return path_; }
  std::string uri() const;
  // Writes `text` to `relative` (folders created); returns the absolute path.
  std::string write(const std::string& relative, const std::string& text) const;
  std::string uri_of(const std::string& relative) const;

 private:
  std::string path_;
};

class Session {
 public:
  explicit Session(server::FileAccess* disk = nullptr);

  // Sends messages as one batch (as if read at once), then lets the server act on the batch.
  void batch(const std::vector<json>& messages);
  void send(const json& message) { batch({message}); }
  void send_raw(const std::string& body);
  // Runs background work and what it posts back, until nothing is left.
  void settle();
  // Sends a request in a batch of its own, settles, and returns its response.
  json request(const std::string& method, const json& params);
  void notify(const std::string& method, const json& params);

  // `initialize` with the given capabilities and options, then `initialized`.
  json initialize(const json& capabilities = json::object(), const std::string& root_uri = "",
                  const json& initialization_options = nullptr);
  // `initialize` with these workspace folders, from a client the server may ask for its
  // settings, then `initialized`. Returns the server's workspace/configuration request, after
  // checking that it asks for the `hclspec` section of each folder, in order.
  json initialize_folders(const std::vector<std::string>& folder_uris,
                          const json& initialization_options = nullptr);
  void open(const std::string& uri, const std::string& text, int64_t version = 1);
  void change(const std::string& uri, int64_t version, const json& changes);

  // Messages sent since the last call to take(), removed from the record.
  std::vector<json> take();
  // The response to request `id` among what was sent (removed); fails the test when absent.
  json response(int64_t id);
  // The params of every publishDiagnostics for `uri` sent since the last take(), in order.
  std::vector<json> published(const std::string& uri) const;
  // The diagnostics of the last of those, as "code@line" strings; {"<nothing published>"} when
  // there was none.
  std::vector<std::string> published_codes(const std::string& uri) const;
  // The first request for `method` the server sent since the last take() (all of which it
  // takes); fails the test when there is none.
  json take_request(const std::string& method);
  // The messages of every window/logMessage sent since the last take().
  std::vector<std::string> logged() const;

  SessionHost host;
  int64_t next_id = 1;

 private:
  std::unique_ptr<server::DiskFileAccess> own_disk_;
  std::unique_ptr<server::lsp::LanguageServer> server_;
};

// A position {line, character}.
json position(uint32_t line, uint32_t character);
// `text` with the LSP text edits `edits` (each on one line, ASCII) applied.
std::string apply_edits(std::string text, const json& edits);
// A range change event.
json range_change(uint32_t start_line, uint32_t start_character, uint32_t end_line,
                  uint32_t end_character, const std::string& text);

}  // namespace hclspec::testing
