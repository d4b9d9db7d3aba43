// Documents in a session: diagnostics pushed with versions, incremental edits, UTF-16 and UTF-8
// ranges, coalescing, cancellation and stale results.
#include <doctest/doctest.h>

#include "session.hpp"

namespace hclspec::testing {

namespace {

const std::string kUri = "file:///w/main.hcl";

json hover_request(int64_t id, const std::string& uri, uint32_t line, uint32_t character) {
  return {{"jsonrpc", "2.0"},
          {"id", id},
          {"method", "textDocument/hover"},
          {"params", {{"textDocument", {{"uri", uri}}}, {"position", position(line, character)}}}};
}

json change_message(const std::string& uri, int64_t version, const json& changes) {
  return {{"jsonrpc", "2.0"},
          {"method", "textDocument/didChange"},
          {"params",
           {{"textDocument", {{"uri", uri}, {"version", version}}}, {"contentChanges", changes}}}};
}

}  // namespace

TEST_CASE("opening a broken file publishes its syntax error with the document's version") {
  Session session;
  session.initialize();
  session.take();
  session.open(kUri, "a = {\n", 3);
  session.settle();
  const std::vector<json> published = session.published(kUri);
  REQUIRE(published.size() == 1);
  CHECK(published[0]["version"] == 3);
  REQUIRE(published[0]["diagnostics"].size() >= 1);
  const json& diagnostic = published[0]["diagnostics"][0];
  CHECK(diagnostic["source"] == "hclspec");
  CHECK(diagnostic["severity"] == 1);
  CHECK(diagnostic["code"].is_string());
  CHECK(!diagnostic["message"].get<std::string>().empty());
}

TEST_CASE("ranges count UTF-16 code units after non-ASCII text, or bytes when UTF-8 was chosen") {
  // "é" is 2 bytes and 1 UTF-16 unit; "😀" is 4 bytes and 2 UTF-16 units. The stray ";" is an
  // invalid character reported where it stands.
  const std::string text = "a = \"é😀\" ;\n";
  {
    Session session;
    session.initialize();
    session.open(kUri, text);
    session.settle();
    const json diagnostic = session.published(kUri).back()["diagnostics"][0];
    CHECK(diagnostic["range"]["start"] == position(0, 10));
  }
  {
    Session session;
    session.initialize({{"general", {{"positionEncodings", {"utf-8"}}}}});
    session.open(kUri, text);
    session.settle();
    const json diagnostic = session.published(kUri).back()["diagnostics"][0];
    CHECK(diagnostic["range"]["start"] == position(0, 13));
  }
}

TEST_CASE("incremental edits in UTF-16 positions: adding an error, then fixing it") {
  Session session;
  session.initialize();
  session.open(kUri, "# é😀\nblock \"x\" {\n  a = 1\n}\n");
  session.settle();
  CHECK(session.published(kUri).back()["diagnostics"].empty());
  session.take();
  // Break the attribute: "a = 1" becomes "a = ".
  session.change(kUri, 2, json::array({range_change(2, 6, 2, 7, "")}));
  session.settle();
  std::vector<json> published = session.published(kUri);
  REQUIRE(published.size() == 1);
  CHECK(published[0]["version"] == 2);
  REQUIRE(published[0]["diagnostics"].size() == 1);
  CHECK(published[0]["diagnostics"][0]["range"]["start"]["line"] == 2);
  session.take();
  // An edit after the emoji on line 0 (character 4 in UTF-16 is past "# é😀") then the fix.
  session.change(kUri, 3,
                 json::array({range_change(0, 5, 0, 5, " note"), range_change(2, 6, 2, 6, "2")}));
  session.settle();
  published = session.published(kUri);
  REQUIRE(published.size() == 1);
  CHECK(published[0]["version"] == 3);
  CHECK(published[0]["diagnostics"].empty());
  // The text is what the client has: hover on "a" still finds the attribute (no spec: nothing,
  // but no error either), and a full-text change replaces everything.
  session.take();
  session.change(kUri, 4, json::array({{{"text", "x = [\n"}}}));
  session.settle();
  CHECK(session.published(kUri).back()["diagnostics"].size() >= 1);
}

TEST_CASE("changes queued together are analysed once, and only the newest version is published") {
  Session session;
  session.initialize();
  session.open(kUri, "a = 1\n");
  session.settle();
  session.take();
  std::vector<json> burst;
  for (int64_t version = 2; version <= 41; ++version)
    burst.push_back(change_message(
        kUri, version, json::array({range_change(0, 4, 0, 5, version % 2 ? "{" : "2")})));
  session.batch(burst);
  CHECK(session.host.background.size() == 1);
  session.settle();
  const std::vector<json> published = session.published(kUri);
  REQUIRE(published.size() == 1);
  CHECK(published[0]["version"] == 41);
  CHECK(published[0]["diagnostics"].size() >= 1);  // "a = {" is unclosed
}

TEST_CASE("an analysis overtaken by an edit is cancelled and never published after the newer one") {
  Session session;
  session.initialize();
  session.open(kUri, "a = 1\n");
  session.settle();
  session.take();
  session.change(kUri, 2, json::array({range_change(0, 4, 0, 5, "{")}));
  REQUIRE(session.host.background.size() == 1);
  // Version 3 arrives while version 2's analysis is still queued.
  session.change(kUri, 3, json::array({range_change(0, 4, 0, 5, "3")}));
  REQUIRE(session.host.background.size() == 2);
  // Run the newer analysis first, as a racing worker might, then the older one.
  std::function<void()> older = std::move(session.host.background.front());
  session.host.background.pop_front();
  session.settle();
  older();
  session.settle();
  const std::vector<json> published = session.published(kUri);
  REQUIRE(published.size() == 1);
  CHECK(published[0]["version"] == 3);
  CHECK(published[0]["diagnostics"].empty());
}

TEST_CASE("a request cancelled before it is answered gets -32800, exactly once") {
  Session session;
  session.initialize();
  session.open(kUri, "a = 1\n");
  session.settle();
  session.take();
  session.batch({hover_request(50, kUri, 0, 0),
                 {{"jsonrpc", "2.0"}, {"method", "$/cancelRequest"}, {"params", {{"id", 50}}}}});
  session.settle();
  const std::vector<json> sent = session.take();
  REQUIRE(sent.size() == 1);
  CHECK(sent[0]["id"] == 50);
  CHECK(sent[0]["error"]["code"] == -32800);
  // Cancelling what was answered already changes nothing.
  session.notify("$/cancelRequest", {{"id", 50}});
  session.settle();
  CHECK(session.take().empty());
}

TEST_CASE("a request made stale by a later edit in the same batch is answered -32801") {
  Session session;
  session.initialize();
  session.open(kUri, "a = 1\n");
  session.settle();
  session.take();
  session.batch({hover_request(60, kUri, 0, 0),
                 change_message(kUri, 2, json::array({range_change(0, 0, 0, 0, "b = 2\n")}))});
  session.settle();
  const json reply = session.response(60);
  CHECK(reply["error"]["code"] == -32801);
  // Asked again after the edit, it is answered.
  const json again = session.request(
      "textDocument/hover", {{"textDocument", {{"uri", kUri}}}, {"position", position(0, 0)}});
  CHECK(!again.contains("error"));
}

TEST_CASE("closing a document clears its diagnostics and drops its pending analysis") {
  Session session;
  session.initialize();
  session.open(kUri, "a = {\n");
  session.notify("textDocument/didClose", {{"textDocument", {{"uri", kUri}}}});
  session.settle();
  const std::vector<json> published = session.published(kUri);
  REQUIRE(published.size() == 1);
  CHECK(published[0]["diagnostics"].empty());
}

TEST_CASE("a change to a document that is not open is logged, not fatal") {
  Session session;
  session.initialize();
  session.take();
  session.change("file:///w/never.hcl", 2, json::array({range_change(0, 0, 0, 0, "x")}));
  session.settle();
  const std::vector<std::string> logged = session.logged();
  REQUIRE(logged.size() == 1);
  CHECK(logged[0].find("not open") != std::string::npos);
}

}  // namespace hclspec::testing
