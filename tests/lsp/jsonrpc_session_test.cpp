// JSON-RPC and lifecycle rules of the server, one message at a time: errors, order, exit status.
#include <doctest/doctest.h>

#include <stdexcept>

#include "session.hpp"

namespace hclspec::testing {

namespace {

int error_code(const json& response) {
  return response.at("error").at("code").get<int>();
}

// A disk that fails when asked, to see an exception inside a handler answered and survived.
class FailingDisk final : public server::FileAccess {
 public:
  std::optional<std::string> read(const std::string& path) override {
    if (failing) throw std::runtime_error("disk on fire");
    return real.read(path);
  }
  std::optional<std::string> real_path(const std::string& path) override {
    if (failing) throw std::runtime_error("disk on fire");
    return real.real_path(path);
  }
  bool failing = false;
  server::DiskFileAccess real;
};

}  // namespace

TEST_CASE("requests before initialize are refused with -32002; notifications are dropped") {
  Session session;
  CHECK(error_code(session.request("textDocument/hover", json::object())) == -32002);
  session.open("file:///nowhere/a.hcl", "a = {\n");
  session.settle();
  CHECK(session.take().empty());
  const json init = session.initialize();
  CHECK(init.at("result").at("capabilities").at("hoverProvider") == true);
}

TEST_CASE("initialize negotiates the position encoding: UTF-16 unless UTF-8 is offered") {
  {
    Session session;
    const json init = session.initialize();
    CHECK(init["result"]["capabilities"]["positionEncoding"] == "utf-16");
    CHECK(init["result"]["capabilities"]["textDocumentSync"]["change"] == 2);
    // Completion pops up on "=" only, not on every space (company-mode in Emacs).
    CHECK(init["result"]["capabilities"]["completionProvider"]["triggerCharacters"] ==
          json::array({"="}));
  }
  {
    Session session;
    const json init =
        session.initialize({{"general", {{"positionEncodings", {"utf-32", "utf-8", "utf-16"}}}}});
    CHECK(init["result"]["capabilities"]["positionEncoding"] == "utf-8");
  }
  {
    Session session;
    const json init = session.initialize({{"general", {{"positionEncodings", {"utf-32"}}}}});
    CHECK(init["result"]["capabilities"]["positionEncoding"] == "utf-16");
  }
}

TEST_CASE("a second initialize is an invalid request") {
  Session session;
  session.initialize();
  CHECK(error_code(session.request("initialize", {{"capabilities", json::object()}})) == -32600);
}

TEST_CASE("unknown methods: requests get -32601, notifications (and $/ ones) are ignored") {
  Session session;
  session.initialize();
  session.take();
  const json reply = session.request("textDocument/frobnicate", json::object());
  CHECK(error_code(reply) == -32601);
  CHECK(reply["id"] == session.next_id - 1);
  session.notify("$/setTrace", {{"value", "off"}});
  session.notify("custom/whatever", {{"x", 1}});
  session.notify("$/progress", json::object());
  session.settle();
  CHECK(session.take().empty());
}

TEST_CASE("a parse error is answered -32700 and the next message is still served") {
  Session session;
  session.initialize();
  session.take();
  session.send_raw("{\"jsonrpc\": \"2.0\", \"id\": 7, \"method\": ");
  session.send_raw("\xff\xfe not utf-8");
  std::vector<json> sent = session.take();
  REQUIRE(sent.size() == 2);
  CHECK(error_code(sent[0]) == -32700);
  CHECK(sent[0]["id"].is_null());
  CHECK(error_code(sent[1]) == -32700);
  CHECK(session.request("shutdown", nullptr)["result"].is_null());
}

TEST_CASE("invalid requests are answered -32600, with their id when it could be read") {
  Session session;
  session.initialize();
  session.take();
  session.send_raw(R"({"jsonrpc": "2.0", "id": 5, "method": 42})");
  session.send_raw(R"({"jsonrpc": "1.0", "id": 6, "method": "shutdown"})");
  session.send_raw(R"([1, 2, 3])");
  std::vector<json> sent = session.take();
  REQUIRE(sent.size() == 3);
  for (const json& reply : sent) CHECK(error_code(reply) == -32600);
  CHECK(sent[0]["id"] == 5);
  CHECK(sent[1]["id"] == 6);
}

TEST_CASE("invalid params are answered -32602 with a message naming the field") {
  Session session;
  session.initialize();
  session.open("file:///w/a.hcl", "a = 1\n");
  session.settle();
  session.take();
  const json reply =
      session.request("textDocument/hover", {{"textDocument", {{"uri", "file:///w/a.hcl"}}},
                                             {"position", {{"line", "zero"}, {"character", 0}}}});
  CHECK(error_code(reply) == -32602);
  CHECK(reply["error"]["message"].get<std::string>().find("position.line") != std::string::npos);
  const json no_position =
      session.request("textDocument/completion", {{"textDocument", {{"uri", "file:///w/a.hcl"}}}});
  CHECK(error_code(no_position) == -32602);
  CHECK(no_position["error"]["message"].get<std::string>().find("position") != std::string::npos);
}

TEST_CASE("an exception inside a handler is answered -32603 and the server keeps serving") {
  FailingDisk disk;
  Session session(&disk);
  TempFolder folder;
  disk.failing = true;
  const json failed =
      session.request("initialize", {{"capabilities", json::object()}, {"rootUri", folder.uri()}});
  CHECK(error_code(failed) == -32603);
  CHECK(failed["error"]["message"].get<std::string>().find("disk on fire") != std::string::npos);
  disk.failing = false;
  const json init = session.initialize({}, folder.uri());
  CHECK(init["result"]["capabilities"]["hoverProvider"] == true);
}

TEST_CASE("shutdown then exit exits 0; exit alone exits 1; requests after shutdown are refused") {
  {
    Session session;
    session.initialize();
    CHECK(session.request("shutdown", nullptr)["result"].is_null());
    CHECK(error_code(session.request("textDocument/hover", json::object())) == -32600);
    session.notify("exit", nullptr);
    CHECK(session.host.exit_status == 0);
  }
  {
    Session session;
    session.initialize();
    session.notify("exit", nullptr);
    CHECK(session.host.exit_status == 1);
  }
  {
    Session session;
    session.notify("exit", nullptr);
    CHECK(session.host.exit_status == 1);
  }
}

TEST_CASE("exactly one reply per request, whatever it asked") {
  Session session;
  session.initialize();
  session.open("file:///w/a.hcl", "a = 1\n");
  session.settle();
  session.take();
  std::vector<json> batch;
  for (int64_t id = 100; id < 110; ++id)
    batch.push_back(
        {{"jsonrpc", "2.0"},
         {"id", id},
         {"method", id % 2 ? "textDocument/hover" : "textDocument/nothing"},
         {"params",
          {{"textDocument", {{"uri", "file:///w/a.hcl"}}}, {"position", position(0, 0)}}}});
  session.batch(batch);
  session.settle();
  std::map<int64_t, int> replies;
  for (const json& message : session.take())
    if (message.contains("id") && !message.contains("method"))
      ++replies[message["id"].get<int64_t>()];
  CHECK(replies.size() == 10);
  for (const auto& [id, count] : replies) CHECK(count == 1);
}

}  // namespace hclspec::testing
