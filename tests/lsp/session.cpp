// The one-thread session harness for language server tests.
#include "session.hpp"

#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <random>

#include "protocol/uri.hpp"

namespace hclspec::testing {

namespace fs = std::filesystem;

TempFolder::TempFolder() {
  std::random_device random;
  const fs::path base = fs::temp_directory_path() / ("hclspec-lsp-" + std::to_string(::getpid()) +
                                                     "-" + std::to_string(random()));
  fs::create_directories(base);
  path_ = fs::canonical(base).string();
}

TempFolder::~TempFolder() {
  std::error_code ignored;
  fs::remove_all(path_, ignored);
}

std::string TempFolder::uri() const {
  return protocol::path_to_uri(path_);
}

std::string TempFolder::write(const std::string& relative, const std::string& text) const {
  const fs::path file = fs::path(path_) / relative;
  fs::create_directories(file.parent_path());
  std::ofstream(file, std::ios::binary) << text;
  return file.string();
}

std::string TempFolder::uri_of(const std::string& relative) const {
  return protocol::path_to_uri((fs::path(path_) / relative).string());
}

Session::Session(server::FileAccess* disk) {
  if (!disk) {
    own_disk_ = std::make_unique<server::DiskFileAccess>();
    disk = own_disk_.get();
  }
  server_ = std::make_unique<server::lsp::LanguageServer>(host, *disk);
}

void Session::batch(const std::vector<json>& messages) {
  for (const json& message : messages) server_->handle(message.dump());
  server_->end_of_batch();
}

void Session::send_raw(const std::string& body) {
  server_->handle(body);
  server_->end_of_batch();
}

void Session::settle() {
  while (!host.background.empty() || !host.posted.empty()) {
    while (!host.background.empty()) {
      std::function<void()> job = std::move(host.background.front());
      host.background.pop_front();
      job();
    }
    while (!host.posted.empty()) {
      std::function<void()> task = std::move(host.posted.front());
      host.posted.pop_front();
      task();
    }
  }
}

json Session::request(const std::string& method, const json& params) {
  const int64_t id = next_id++;
  send(json{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}});
  settle();
  return response(id);
}

void Session::notify(const std::string& method, const json& params) {
  send(json{{"jsonrpc", "2.0"}, {"method", method}, {"params", params}});
}

json Session::initialize(const json& capabilities, const std::string& root_uri,
                         const json& initialization_options) {
  json params = {{"processId", nullptr}, {"capabilities", capabilities}};
  params["rootUri"] = root_uri.empty() ? json() : json(root_uri);
  if (!initialization_options.is_null()) params["initializationOptions"] = initialization_options;
  json result = request("initialize", params);
  notify("initialized", json::object());
  settle();
  return result;
}

json Session::initialize_folders(const std::vector<std::string>& folder_uris,
                                 const json& initialization_options) {
  json params = {{"processId", nullptr},
                 {"capabilities", {{"workspace", {{"configuration", true}}}}},
                 {"workspaceFolders", json::array()}};
  for (const std::string& uri : folder_uris)
    params["workspaceFolders"].push_back({{"uri", uri}, {"name", uri.substr(uri.rfind('/') + 1)}});
  if (!initialization_options.is_null()) params["initializationOptions"] = initialization_options;
  request("initialize", params);
  notify("initialized", json::object());
  const json ask = take_request("workspace/configuration");
  const json& items = ask["params"]["items"];
  REQUIRE(items.size() == folder_uris.size());
  for (size_t i = 0; i < folder_uris.size(); ++i) {
    CHECK(items[i]["scopeUri"] == folder_uris[i]);
    CHECK(items[i]["section"] == "hclspec");
  }
  return ask;
}

void Session::open(const std::string& uri, const std::string& text, int64_t version) {
  notify("textDocument/didOpen",
         {{"textDocument",
           {{"uri", uri}, {"languageId", "hcl"}, {"version", version}, {"text", text}}}});
}

void Session::change(const std::string& uri, int64_t version, const json& changes) {
  notify("textDocument/didChange",
         {{"textDocument", {{"uri", uri}, {"version", version}}}, {"contentChanges", changes}});
}

std::vector<json> Session::take() {
  std::vector<json> out = std::move(host.sent);
  host.sent.clear();
  return out;
}

json Session::response(int64_t id) {
  for (auto it = host.sent.begin(); it != host.sent.end(); ++it) {
    if (it->contains("id") && !it->contains("method") && (*it)["id"] == id) {
      json found = *it;
      host.sent.erase(it);
      return found;
    }
  }
  FAIL("no response to request " << id);
  return nullptr;
}

std::vector<json> Session::published(const std::string& uri) const {
  std::vector<json> out;
  for (const json& message : host.sent)
    if (message.value("method", "") == "textDocument/publishDiagnostics" &&
        message["params"]["uri"] == uri)
      out.push_back(message["params"]);
  return out;
}

std::vector<std::string> Session::published_codes(const std::string& uri) const {
  const std::vector<json> all = published(uri);
  if (all.empty()) return {"<nothing published>"};
  std::vector<std::string> out;
  for (const json& diagnostic : all.back()["diagnostics"])
    out.push_back(diagnostic["code"].get<std::string>() + "@" +
                  std::to_string(diagnostic["range"]["start"]["line"].get<int>()));
  return out;
}

json Session::take_request(const std::string& method) {
  for (json& message : take())
    if (message.value("method", "") == method && message.contains("id")) return message;
  FAIL("the server sent no " << method << " request");
  return nullptr;
}

std::vector<std::string> Session::logged() const {
  std::vector<std::string> out;
  for (const json& message : host.sent)
    if (message.value("method", "") == "window/logMessage")
      out.push_back(message["params"]["message"].get<std::string>());
  return out;
}

std::string apply_edits(std::string text, const json& edits) {
  // The last first, so the earlier ones' places stay.
  std::vector<json> sorted(edits.begin(), edits.end());
  std::sort(sorted.begin(), sorted.end(), [](const json& a, const json& b) {
    return std::pair(a["range"]["start"]["line"].get<int>(),
                     a["range"]["start"]["character"].get<int>()) >
           std::pair(b["range"]["start"]["line"].get<int>(),
                     b["range"]["start"]["character"].get<int>());
  });
  for (const json& edit : sorted) {
    size_t line_start = 0;
    for (int line = 0; line < edit["range"]["start"]["line"].get<int>(); ++line)
      line_start = text.find('\n', line_start) + 1;
    const size_t start = line_start + edit["range"]["start"]["character"].get<size_t>();
    const size_t end = line_start + edit["range"]["end"]["character"].get<size_t>();
    text.replace(start, end - start, edit["newText"].get<std::string>());
  }
  return text;
}

json position(uint32_t line, uint32_t character) {
  return {{"line", line}, {"character", character}};
}

json range_change(uint32_t start_line, uint32_t start_character, uint32_t end_line,
                  uint32_t end_character, const std::string& text) {
  return {{"range",
           {{"start", position(start_line, start_character)},
            {"end", position(end_line, end_character)}}},
          {"text", text}};
}

}  // namespace hclspec::testing
