// Outline, folding, smart selection and semantic tokens through the protocol: what initialize
// advertises, positions converted at the edge, the clients' variants, and semantic token deltas
// that rebuild the full result after random edits.
#include <doctest/doctest.h>

#include <random>

#include "session.hpp"

namespace hclspec::testing {

namespace {

const std::string kSpec = R"(object {
  # Where the service listens.
  attr "port" {
    type     = number
    required = true
  }
  block_list "backend" {
    object {
      attr "address" {
        type     = string
        required = true
      }
    }
  }
}
)";

json document(const std::string& uri) {
  return {{"textDocument", {{"uri", uri}}}};
}

// The semantic tokens of `data` as "line:character+length type [modifiers]" strings, decoded with
// the legend initialize gave.
std::vector<std::string> decode_tokens(const json& data, const json& legend) {
  std::vector<std::string> out;
  uint32_t line = 0;
  uint32_t character = 0;
  for (size_t i = 0; i + 4 < data.size(); i += 5) {
    const uint32_t delta_line = data[i].get<uint32_t>();
    line += delta_line;
    character =
        delta_line == 0 ? character + data[i + 1].get<uint32_t>() : data[i + 1].get<uint32_t>();
    std::string token = std::to_string(line) + ":" + std::to_string(character) + "+" +
                        std::to_string(data[i + 2].get<uint32_t>()) + " " +
                        legend["tokenTypes"][data[i + 3].get<size_t>()].get<std::string>();
    const uint32_t modifiers = data[i + 4].get<uint32_t>();
    for (size_t bit = 0; bit < legend["tokenModifiers"].size(); ++bit)
      if (modifiers & (1u << bit)) token += " " + legend["tokenModifiers"][bit].get<std::string>();
    out.push_back(token);
  }
  return out;
}

bool has(const std::vector<std::string>& list, const std::string& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

// The LSP position (UTF-16 columns) of byte `offset`, at a character's start, in a UTF-8 text.
json utf16_position(const std::string& text, size_t offset) {
  const size_t newline = offset == 0 ? std::string::npos : text.rfind('\n', offset - 1);
  const size_t line_start = newline == std::string::npos ? 0 : newline + 1;
  const auto line = static_cast<uint32_t>(
      std::count(text.begin(), text.begin() + static_cast<ptrdiff_t>(offset), '\n'));
  uint32_t units = 0;
  for (size_t i = line_start; i < offset; ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if ((byte & 0xC0) != 0x80) units += byte >= 0xF0 ? 2 : 1;  // not a continuation byte
  }
  return position(line, units);
}

// `offset` moved back to the start of the character it is in.
size_t character_start(const std::string& text, size_t offset) {
  while (offset > 0 && offset < text.size() &&
         (static_cast<unsigned char>(text[offset]) & 0xC0) == 0x80)
    --offset;
  return offset;
}

}  // namespace

TEST_CASE("initialize advertises the reading features and the semantic token legend") {
  Session session;
  const json reply = session.initialize();
  const json& capabilities = reply["result"]["capabilities"];
  CHECK(capabilities["documentSymbolProvider"] == true);
  CHECK(capabilities["foldingRangeProvider"] == true);
  CHECK(capabilities["selectionRangeProvider"] == true);
  CHECK(capabilities["definitionProvider"] == true);
  CHECK(capabilities["documentLinkProvider"]["resolveProvider"] == false);
  const json& tokens = capabilities["semanticTokensProvider"];
  CHECK(tokens["full"]["delta"] == true);
  CHECK(tokens["range"] == true);
  const json& types = tokens["legend"]["tokenTypes"];
  for (const char* standard : {"type", "property", "variable", "function", "keyword", "string",
                               "number", "operator", "comment"})
    CHECK(std::find(types.begin(), types.end(), standard) != types.end());
  CHECK(tokens["legend"]["tokenModifiers"][0] == "declaration");
}

TEST_CASE("document symbols: nested for clients that take them, flat with containers otherwise") {
  TempFolder folder;
  folder.write("svc.hcldec", kSpec);
  const std::string uri = folder.uri_of("a.hcl");
  // "é" is two bytes and one UTF-16 unit: columns after it differ by encoding.
  const std::string text =
      "# hclspec: svc.hcldec\nport = 80 # é\nbackend {\n  address = \"é\"\n}\n";
  {
    Session session;
    session.initialize(
        {{"textDocument", {{"documentSymbol", {{"hierarchicalDocumentSymbolSupport", true}}}}}},
        folder.uri());
    session.open(uri, text);
    const json symbols = session.request("textDocument/documentSymbol", document(uri))["result"];
    REQUIRE(symbols.size() == 2);
    CHECK(symbols[0]["name"] == "port");
    CHECK(symbols[0]["detail"] == "number, required");
    CHECK(symbols[0]["kind"] == 7);  // Property
    CHECK(symbols[0]["range"] == json{{"start", position(1, 0)}, {"end", position(1, 9)}});
    CHECK(symbols[1]["name"] == "backend");
    CHECK(symbols[1]["kind"] == 23);  // Struct
    CHECK(symbols[1]["range"]["end"] == position(4, 1));
    REQUIRE(symbols[1]["children"].size() == 1);
    const json& address = symbols[1]["children"][0];
    CHECK(address["name"] == "address");
    CHECK(address["range"] == json{{"start", position(3, 2)}, {"end", position(3, 15)}});
    CHECK(address["selectionRange"]["end"] == position(3, 9));
  }
  {
    Session session;
    session.initialize({}, folder.uri());
    session.open(uri, text);
    const json symbols = session.request("textDocument/documentSymbol", document(uri))["result"];
    REQUIRE(symbols.size() == 3);
    CHECK(symbols[2]["name"] == "address");
    CHECK(symbols[2]["containerName"] == "backend");
    CHECK(symbols[2]["location"]["uri"] == uri);
    CHECK_FALSE(symbols[0].contains("containerName"));
  }
}

TEST_CASE("folding ranges: whole lines keep the closing brace visible; characters otherwise") {
  const std::string uri = "file:///tmp/fold.hcl";
  // `f([` opens two folds on one line: the outer one is sent.
  const std::string text =
      "# one\n# two\nb {\n  x = [\n    1,\n  ]\n}\none {}\ny = f([\n  2,\n])\n";
  {
    Session session;
    session.initialize({{"textDocument", {{"foldingRange", {{"lineFoldingOnly", true}}}}}});
    session.open(uri, text);
    const json ranges = session.request("textDocument/foldingRange", document(uri))["result"];
    CHECK(ranges == json::parse(R"([
      {"startLine": 0, "endLine": 1, "kind": "comment"},
      {"startLine": 2, "endLine": 5, "kind": "region"},
      {"startLine": 3, "endLine": 4, "kind": "region"},
      {"startLine": 8, "endLine": 9, "kind": "region"}])"));
  }
  {
    Session session;
    session.initialize();
    session.open(uri, text);
    const json ranges = session.request("textDocument/foldingRange", document(uri))["result"];
    REQUIRE(ranges.size() == 4);
    CHECK(ranges[1] == json::parse(R"({"startLine": 2, "startCharacter": 2, "endLine": 6,
                                       "endCharacter": 1, "kind": "region"})"));
    CHECK(ranges[3] == json::parse(R"({"startLine": 8, "startCharacter": 5, "endLine": 10,
                                       "endCharacter": 2, "kind": "region"})"));
  }
}

TEST_CASE("folding ranges past the client's rangeLimit: the outermost levels that fit whole") {
  const std::string uri = "file:///tmp/limit.hcl";
  // Three blocks, each with two nested blocks of one nested block: 3 + 6 + 6 ranges.
  std::string text;
  for (int i = 0; i < 3; ++i)
    text +=
        "b {\n  c {\n    d {\n      x = 1\n    }\n  }\n  c {\n    d {\n      x = 2\n    }\n  "
        "}\n}\n";
  const auto ranges_with_limit = [&](std::optional<uint32_t> limit) {
    Session session;
    json folding = {{"lineFoldingOnly", true}};
    if (limit) folding["rangeLimit"] = *limit;
    session.initialize({{"textDocument", {{"foldingRange", folding}}}});
    session.open(uri, text);
    return session.request("textDocument/foldingRange", document(uri))["result"];
  };
  const json all = ranges_with_limit(std::nullopt);
  REQUIRE(all.size() == 15);
  CHECK(ranges_with_limit(15) == all);
  // 9 fit the two outer levels (3 + 6), and so does 14; the blocks alone when fewer than 9.
  for (const uint32_t limit : {9u, 14u}) {
    CAPTURE(limit);
    const json kept = ranges_with_limit(limit);
    REQUIRE(kept.size() == 9);
    CHECK(kept[0] == all[0]);
    CHECK(kept[1] == all[1]);  // the first "c"
    CHECK(kept[2] == all[3]);  // the second "c", past the first's "d"
  }
  const json blocks = ranges_with_limit(8);
  REQUIRE(blocks.size() == 3);
  for (const json& range : blocks) CHECK(range["startLine"].get<int>() % 12 == 0);  // a "b"
  // Fewer than the outermost level: its first ones.
  const json first = ranges_with_limit(2);
  REQUIRE(first.size() == 2);
  CHECK(first[1]["startLine"] == 12);
  CHECK(ranges_with_limit(0).empty());
}

TEST_CASE("selection ranges grow from the cursor to the whole file, one answer per position") {
  const std::string uri = "file:///tmp/select.hcl";
  const std::string text = "b {\n  x = f(1, 2)\n}\n";
  Session session;
  session.initialize();
  session.open(uri, text);
  json params = document(uri);
  params["positions"] = {position(1, 8), position(0, 0)};
  const json answers = session.request("textDocument/selectionRange", params)["result"];
  REQUIRE(answers.size() == 2);
  std::vector<json> chain;
  for (const json* at = &answers[0]; at; at = at->contains("parent") ? &(*at)["parent"] : nullptr)
    chain.push_back((*at)["range"]);
  REQUIRE(chain.size() >= 4);
  CHECK(chain.front() == json{{"start", position(1, 8)}, {"end", position(1, 9)}});  // `1`
  CHECK(chain.back() == json{{"start", position(0, 0)}, {"end", position(3, 0)}});
  CHECK(std::find(chain.begin(), chain.end(),
                  json{{"start", position(1, 6)}, {"end", position(1, 13)}}) != chain.end());

  params["positions"] = {{{"line", "one"}, {"character", 0}}};
  const json error = session.request("textDocument/selectionRange", params);
  CHECK(error["error"]["code"] == -32602);
}

TEST_CASE("semantic tokens: spec-aware types and modifiers, UTF-16 columns, lines cut") {
  TempFolder folder;
  folder.write("svc.hcldec", kSpec);
  const std::string uri = folder.uri_of("a.hcl");
  const std::string text =
      "# hclspec: svc.hcldec\nport = 80 # é\nx = \"é${a.b}\"\nh = <<EOT\nl1\nl2\nEOT\n"
      "backend {\n}\n";
  Session session;
  const json legend = session.initialize(
      {}, folder.uri())["result"]["capabilities"]["semanticTokensProvider"]["legend"];
  session.open(uri, text);
  const json full = session.request("textDocument/semanticTokens/full", document(uri))["result"];
  CHECK(full["resultId"].is_string());
  const std::vector<std::string> tokens = decode_tokens(full["data"], legend);
  CAPTURE(tokens);
  CHECK(has(tokens, "0:0+21 comment"));
  CHECK(has(tokens, "1:0+4 property declaration required"));
  CHECK(has(tokens, "1:7+2 number"));
  CHECK(has(tokens, "1:10+3 comment"));  // "# é" is three UTF-16 units
  CHECK(has(tokens, "2:0+1 property declaration unsupported"));
  CHECK(has(tokens, "2:6+2 operator"));  // `${` after the one-unit "é"
  CHECK(has(tokens, "2:8+1 variable"));
  CHECK(has(tokens, "2:10+1 property"));
  CHECK(has(tokens, "4:0+2 string"));  // heredoc text: one token per line
  CHECK(has(tokens, "5:0+2 string"));
  CHECK(has(tokens, "7:0+7 type"));  // backend: a block_list of no minimum

  json range_params = document(uri);
  range_params["range"] = {{"start", position(2, 0)}, {"end", position(3, 0)}};
  const json ranged = session.request("textDocument/semanticTokens/range", range_params)["result"];
  const std::vector<std::string> in_range = decode_tokens(ranged["data"], legend);
  CHECK(has(in_range, "2:8+1 variable"));
  CHECK_FALSE(has(in_range, "1:7+2 number"));
  for (const std::string& token : in_range) CHECK(token.rfind("2:", 0) == 0);
}

TEST_CASE(
    "semantic token deltas applied to the previous data give the full tokens, edit after edit") {
  const std::string uri = "file:///tmp/delta.hcl";
  std::string text =
      "job \"web\" {\n  count = 2\n  name = \"a${var.x}b\"\n  task {\n    cpu = 1 + 2\n  }\n}\n"
      "# tail\nz = [for v in list : upper(v) if v != null]\n"
      "a = 1\nb = \"é🚀\"\n/* block\n comment */\nc {\n  d = <<EOT\n  x ${y}\nEOT\n}\n";
  Session session;
  session.initialize();
  session.open(uri, text);
  json current = session.request("textDocument/semanticTokens/full", document(uri))["result"];
  std::mt19937 random(7);
  const std::vector<std::string> pieces = {"x",    "\n",   "\"", "{",  "}",      "# c\n",
                                           " = 1", "${a}", " ",  "",   "abc",    "<<EOT\nq\nEOT\n",
                                           "/*",   "*/",   ".",  "é",  "🚀",      "b {\n}\n",
                                           "[",    "]",    "%{", "if", "\"x\"\n"};
  int64_t version = 1;
  size_t nonempty_edits = 0;
  size_t followed = 0;  // rounds answered with edits rather than the full tokens
  for (int round = 0; round < 400; ++round) {
    CAPTURE(round);
    CAPTURE(text);
    // One to three changes in one didChange, each on the text the one before left.
    json changes = json::array();
    const size_t count = 1 + random() % 3;
    for (size_t change = 0; change < count; ++change) {
      const size_t start = character_start(text, random() % (text.size() + 1));
      const size_t end = std::max(
          start,
          character_start(text, std::min(text.size(), start + random() % 4 * (random() % 2))));
      const std::string& inserted = pieces[random() % pieces.size()];
      const json from = utf16_position(text, start);
      const json to = utf16_position(text, end);
      changes.push_back(
          range_change(from["line"], from["character"], to["line"], to["character"], inserted));
      text.replace(start, end - start, inserted);
    }
    session.change(uri, ++version, changes);
    // What a server that never saw the edits answers for the text now.
    const auto fresh_full = [&] {
      Session fresh;
      fresh.initialize();
      fresh.open(uri, text);
      return fresh.request("textDocument/semanticTokens/full", document(uri))["result"]["data"];
    };
    if (round % 3 == 2) {
      // A full request after edits: the held tokens brought up to date, the whole of them.
      current = session.request("textDocument/semanticTokens/full", document(uri))["result"];
      CHECK(current["data"] == fresh_full());
      continue;
    }

    json delta_params = document(uri);
    delta_params["previousResultId"] = current["resultId"];
    const json delta =
        session.request("textDocument/semanticTokens/full/delta", delta_params)["result"];
    std::vector<uint32_t> data = current["data"].get<std::vector<uint32_t>>();
    if (delta.contains("edits")) {
      // Edits apply to the previous data from the last to the first.
      for (auto edit = delta["edits"].rbegin(); edit != delta["edits"].rend(); ++edit) {
        const auto at = (*edit)["start"].get<size_t>();
        const auto deleted = (*edit)["deleteCount"].get<size_t>();
        REQUIRE(at + deleted <= data.size());
        const std::vector<uint32_t> inserted = (*edit)["data"].get<std::vector<uint32_t>>();
        data.erase(data.begin() + static_cast<ptrdiff_t>(at),
                   data.begin() + static_cast<ptrdiff_t>(at + deleted));
        data.insert(data.begin() + static_cast<ptrdiff_t>(at), inserted.begin(), inserted.end());
      }
      nonempty_edits += delta["edits"].empty() ? 0 : 1;
      ++followed;
    } else {
      data = delta["data"].get<std::vector<uint32_t>>();  // a full result, also allowed
    }
    const json full = fresh_full();
    CHECK(data == full.get<std::vector<uint32_t>>());
    // The next delta from this one's result, or (every other round) from a full result.
    if (round % 2 == 0) {
      current = {{"resultId", delta["resultId"]}, {"data", data}};
    } else {
      current = session.request("textDocument/semanticTokens/full", document(uri))["result"];
      CHECK(current["data"] == full);
    }
  }
  CHECK(followed > 260);  // of the 267 rounds with a delta
  CHECK(nonempty_edits > 200);

  // A result id the server does not have (or no longer has) gets the full tokens.
  json stale = document(uri);
  stale["previousResultId"] = "no such result";
  const json answer = session.request("textDocument/semanticTokens/full/delta", stale)["result"];
  CHECK(answer.contains("data"));
  CHECK(answer["data"] == current["data"]);
}

TEST_CASE("a semantic token delta after the spec changed reads the whole document again") {
  TempFolder folder;
  folder.write("svc.hcldec", kSpec);
  const std::string uri = folder.uri_of("a.hcl");
  Session session;
  const json legend = session.initialize(
      {}, folder.uri())["result"]["capabilities"]["semanticTokensProvider"]["legend"];
  session.open(uri, "# hclspec: svc.hcldec\nport = 80\n");
  const json full = session.request("textDocument/semanticTokens/full", document(uri))["result"];
  CHECK(has(decode_tokens(full["data"], legend), "1:0+4 property declaration required"));
  // The spec, opened in the editor, no longer requires `port`: no edit of the document, yet
  // its tokens change.
  std::string relaxed = kSpec;
  relaxed.replace(relaxed.find("required = true"), 15, "required = false");
  session.notify("textDocument/didOpen", {{"textDocument",
                                           {{"uri", folder.uri_of("svc.hcldec")},
                                            {"languageId", "hcldec"},
                                            {"version", 1},
                                            {"text", relaxed}}}});
  session.settle();
  json delta_params = document(uri);
  delta_params["previousResultId"] = full["resultId"];
  const json delta =
      session.request("textDocument/semanticTokens/full/delta", delta_params)["result"];
  REQUIRE(delta.contains("data"));  // the full tokens: the held ones can't be followed
  CHECK(has(decode_tokens(delta["data"], legend), "1:0+4 property declaration"));
  CHECK_FALSE(has(decode_tokens(delta["data"], legend), "1:0+4 property declaration required"));

  // A document opened again (no close between) starts over too.
  session.open(uri, "# hclspec: svc.hcldec\nx = 1\nport = 80\n", 5);
  delta_params["previousResultId"] = delta["resultId"];
  const json reopened =
      session.request("textDocument/semanticTokens/full/delta", delta_params)["result"];
  REQUIRE(reopened.contains("data"));
  CHECK(has(decode_tokens(reopened["data"], legend), "2:0+4 property declaration"));
}

TEST_CASE("definition jumps from a document into its spec; links open the spec from its names") {
  TempFolder folder;
  folder.write("specs/svc.hcldec", kSpec +
                                       "\nfunction \"twice\" {\n  params = [n]\n"
                                       "  result = n * 2\n}\n");
  const std::string spec_uri = folder.uri_of("specs/svc.hcldec");
  const std::string uri = folder.uri_of("a.hcl");
  // "é" before the names: the ranges are UTF-16 in the client's terms.
  const std::string text =
      "# hclspec: specs/svc.hcldec\nport = twice(4) # é\nbackend {\n  address = \"é\"\n}\n";
  Session session;
  session.initialize({}, folder.uri());
  session.open(uri, text);
  const auto definition_at = [&](uint32_t line, uint32_t character) {
    return session.request(
        "textDocument/definition",
        {{"textDocument", {{"uri", uri}}}, {"position", position(line, character)}})["result"];
  };
  CHECK(definition_at(1, 1) ==
        json{{"uri", spec_uri}, {"range", {{"start", position(2, 2)}, {"end", position(2, 13)}}}});
  CHECK(definition_at(1, 9)["range"] ==
        json{{"start", position(16, 0)}, {"end", position(16, 16)}});
  CHECK(definition_at(2, 3)["range"]["start"] == position(6, 2));  // block_list "backend"
  CHECK(definition_at(3, 4)["range"]["start"] == position(8, 6));  // attr "address"
  CHECK(definition_at(0, 14) ==
        json{{"uri", spec_uri}, {"range", {{"start", position(0, 0)}, {"end", position(0, 0)}}}});
  CHECK(definition_at(1, 20).is_null());  // a comment

  const json links = session.request("textDocument/documentLink", document(uri))["result"];
  CHECK(links == json::parse(R"([{"range": {"start": {"line": 0, "character": 11},
                                            "end": {"line": 0, "character": 27}},
                                  "target": ")" +
                             spec_uri + R"(", "tooltip": "The spec file"}])"));

  // A project file links each rule's spec inside the workspace; one outside it is not linked.
  const std::string project_uri = folder.uri_of(".hclspec.hcl");
  session.open(project_uri,
               "rule {\n  files = [\"*.hcl\"]\n  spec  = \"specs/svc.hcldec\"\n}\n"
               "rule {\n  files = [\"x/*\"]\n  spec  = \"../../elsewhere.hcldec\"\n}\n");
  const json project_links =
      session.request("textDocument/documentLink", document(project_uri))["result"];
  REQUIRE(project_links.size() == 1);
  CHECK(project_links[0]["target"] == spec_uri);
  CHECK(project_links[0]["range"] == json{{"start", position(2, 11)}, {"end", position(2, 27)}});
  // Go to definition on that path opens the spec too.
  const json rule_definition = session.request(
      "textDocument/definition",
      {{"textDocument", {{"uri", project_uri}}}, {"position", position(2, 15)}})["result"];
  CHECK(rule_definition ==
        json{{"uri", spec_uri}, {"range", {{"start", position(0, 0)}, {"end", position(0, 0)}}}});
}

TEST_CASE("reading requests on a document that is not open are invalid params") {
  Session session;
  session.initialize();
  for (const char* method : {"textDocument/documentSymbol", "textDocument/foldingRange",
                             "textDocument/semanticTokens/full", "textDocument/documentLink"}) {
    CAPTURE(method);
    const json reply = session.request(method, document("file:///tmp/not-open.hcl"));
    CHECK(reply["error"]["code"] == -32602);
  }
}

}  // namespace hclspec::testing
