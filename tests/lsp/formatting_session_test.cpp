// Formatting through the protocol: the client applies the edits it gets and must end up with
// `hclspec fmt`'s text, in UTF-16 or UTF-8 positions; ranges, refusals and bad params.
#include <doctest/doctest.h>

#include <algorithm>

#include "engine/features/formatting.hpp"
#include "engine/syntax/parser.hpp"
#include "session.hpp"

namespace hclspec::testing {

namespace {

// Non-ASCII text before tokens whose spacing changes, so UTF-16 and UTF-8 columns differ.
const std::string kText =
    "# é😀\n"
    "name=\"é😀\"   # first\n"
    "block   \"é😀\" {\n"
    "      inner={a=1,b=[1,2]}\n"
    "  ñé  =  1\n"
    "}\n"
    "last   =   true\n";

std::string fmt_output(const std::string& text) {
  return features::formatted_text(*syntax::parse_config(text, "a.hcl"));
}

// The byte offset of an LSP position, counting characters in UTF-16 units or bytes.
size_t offset_of(const std::string& text, const json& position, bool utf16) {
  size_t at = 0;
  for (int line = position["line"].get<int>(); line > 0; --line) at = text.find('\n', at) + 1;
  for (int units = position["character"].get<int>(); units > 0;) {
    const auto lead = static_cast<unsigned char>(text[at]);
    const size_t length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    units -= utf16 ? (length == 4 ? 2 : 1) : static_cast<int>(length);
    at += length;
  }
  return at;
}

// Applies LSP text edits as a client does: all against the original text.
std::string apply(std::string text, const json& edits, bool utf16) {
  std::vector<std::tuple<size_t, size_t, std::string>> spans;
  for (const json& edit : edits)
    spans.emplace_back(offset_of(text, edit["range"]["start"], utf16),
                       offset_of(text, edit["range"]["end"], utf16),
                       edit["newText"].get<std::string>());
  std::sort(spans.begin(), spans.end());
  for (auto it = spans.rbegin(); it != spans.rend(); ++it)
    text.replace(std::get<0>(*it), std::get<1>(*it) - std::get<0>(*it), std::get<2>(*it));
  return text;
}

json formatting_request(const std::string& uri) {
  return {{"textDocument", {{"uri", uri}}}, {"options", {{"tabSize", 4}, {"insertSpaces", true}}}};
}

}  // namespace

TEST_CASE("formatting edits, applied by the client, give fmt's text in either position encoding") {
  for (const bool utf16 : {true, false}) {
    CAPTURE(utf16);
    Session session;
    const json result = session.initialize(
        utf16 ? json::object() : json{{"general", {{"positionEncodings", {"utf-8"}}}}});
    CHECK(result["result"]["capabilities"]["documentFormattingProvider"] == true);
    CHECK(result["result"]["capabilities"]["documentRangeFormattingProvider"] == true);
    session.open("file:///w/a.hcl", kText);
    const json edits =
        session.request("textDocument/formatting", formatting_request("file:///w/a.hcl"))["result"];
    REQUIRE(edits.is_array());
    // Minimal edits: whitespace between tokens, never the whole document.
    CHECK(edits.size() > 5);
    for (const json& edit : edits) {
      CHECK(edit["newText"].get<std::string>().find_first_not_of(' ') == std::string::npos);
      CHECK(edit["range"]["start"]["line"] == edit["range"]["end"]["line"]);
    }
    const std::string formatted = apply(kText, edits, utf16);
    CHECK(formatted == fmt_output(kText));
    CHECK(formatted.find("  inner = { a = 1, b = [1, 2] }\n") != std::string::npos);
    CHECK(formatted.find("name = \"é😀\" # first\n") != std::string::npos);

    // The formatted document needs no more edits.
    session.change("file:///w/a.hcl", 2, {{{"text", formatted}}});  // a whole-text change
    CHECK(session.request("textDocument/formatting",
                          formatting_request("file:///w/a.hcl"))["result"] == json::array());
  }
}

TEST_CASE("range formatting changes only the lines of the top-level items the range touches") {
  Session session;
  session.initialize();
  const std::string text = "a=1\nb  =  2\nblock {\n      c=3\n}\nd=4\n";
  session.open("file:///w/a.hcl", text);
  json params = formatting_request("file:///w/a.hcl");
  params["range"] = {{"start", position(3, 2)}, {"end", position(3, 4)}};  // inside the block
  const json edits = session.request("textDocument/rangeFormatting", params)["result"];
  CHECK(apply(text, edits, true) == "a=1\nb  =  2\nblock {\n  c = 3\n}\nd=4\n");

  params["range"] = {{"start", position(1, 0)}, {"end", position(1, 0)}};  // an empty range
  CHECK(apply(text, session.request("textDocument/rangeFormatting", params)["result"], true) ==
        "a=1\nb = 2\nblock {\n      c=3\n}\nd=4\n");
}

TEST_CASE("formatting is refused, with a message, while the document has syntax errors") {
  Session session;
  session.initialize();
  session.open("file:///w/a.hcl", "a  =  {\n  b =\n");
  session.take();
  const json response =
      session.request("textDocument/formatting", formatting_request("file:///w/a.hcl"));
  CHECK(response["result"] == json::array());
  bool told = false;
  for (const json& message : session.take())
    if (message.value("method", "") == "window/showMessage")
      told = message["params"]["message"].get<std::string>().find("syntax errors") !=
             std::string::npos;
  CHECK(told);

  // Fixed, the document formats again (the newest version is the one formatted).
  session.change("file:///w/a.hcl", 2, json::array({range_change(1, 5, 1, 5, "2\n}")}));
  CHECK(apply("a  =  {\n  b =2\n}\n",
              session.request("textDocument/formatting",
                              formatting_request("file:///w/a.hcl"))["result"],
              true) == "a = {\n  b = 2\n}\n");
}

TEST_CASE("formatting requests with bad params are answered -32602 naming the field") {
  Session session;
  session.initialize();
  session.open("file:///w/a.hcl", "a=1\n");
  json response = session.request("textDocument/rangeFormatting",
                                  formatting_request("file:///w/a.hcl"));  // no range
  CHECK(response["error"]["code"] == -32602);
  CHECK(response["error"]["message"].get<std::string>().find("range") != std::string::npos);
  response = session.request("textDocument/formatting", {{"options", json::object()}});
  CHECK(response["error"]["code"] == -32602);
  CHECK(response["error"]["message"].get<std::string>().find("textDocument") != std::string::npos);
  response = session.request("textDocument/formatting", formatting_request("file:///w/closed.hcl"));
  CHECK(response["error"]["code"] == -32602);
}

}  // namespace hclspec::testing
