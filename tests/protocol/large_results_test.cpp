// Results written straight to JSON text parse back to what a json tree would hold, written whole
// or, for semantic tokens, in parts.
#include "protocol/large_results.hpp"

#include <doctest/doctest.h>

#include <random>
#include <string>

#include "protocol/jsonrpc.hpp"

namespace {

using namespace hclspec::protocol;

std::string as_json_string(std::string_view text) {
  std::string out;
  append_json_string(out, text);
  return out;
}

}  // namespace

TEST_CASE("strings are escaped as JSON and bytes that are not UTF-8 become U+FFFD") {
  CHECK(as_json_string("plain") == "\"plain\"");
  CHECK(as_json_string("a\"b\\c\nd\te\r\x01") == R"("a\"b\\c\nd\te\r\u0001")");
  CHECK(as_json_string("caf\xC3\xA9 \xE2\x98\x95 \xF0\x9F\x98\x80") ==
        "\"caf\xC3\xA9 \xE2\x98\x95 \xF0\x9F\x98\x80\"");
  // A lone continuation byte, a truncated sequence, an overlong form, a surrogate.
  CHECK(as_json_string("a\x80"
                       "b") ==
        "\"a\xEF\xBF\xBD"
        "b\"");
  CHECK(as_json_string("\xE2\x98") == "\"\xEF\xBF\xBD\xEF\xBF\xBD\"");
  CHECK(as_json_string("\xC0\xAF") == "\"\xEF\xBF\xBD\xEF\xBF\xBD\"");
  CHECK(as_json_string("\xED\xA0\x80") == "\"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\"");
  // Whatever the bytes, the result is JSON that the json reader takes.
  std::minstd_rand random(3);
  for (int i = 0; i < 2000; ++i) {
    std::string bytes(random() % 12, '\0');
    for (char& c : bytes) c = static_cast<char>(random() % 256);
    CAPTURE(bytes);
    CHECK(json::accept(as_json_string(bytes)));
  }
}

TEST_CASE("document symbols written directly read back as the LSP structure") {
  DocumentSymbol child{"address",        "", SymbolKind::Property, {{3, 2}, {3, 15}},
                       {{3, 2}, {3, 9}}, {}};
  DocumentSymbol block{"backend \"a\"",  "block_list",      SymbolKind::Struct,
                       {{2, 0}, {4, 1}}, {{2, 0}, {2, 11}}, {child}};
  std::string out;
  append_document_symbols(out, {block});
  const json written = json::parse(out);
  CHECK(written == json::parse(R"([{"name": "backend \"a\"", "detail": "block_list", "kind": 23,
    "range": {"start": {"line": 2, "character": 0}, "end": {"line": 4, "character": 1}},
    "selectionRange": {"start": {"line": 2, "character": 0}, "end": {"line": 2, "character": 11}},
    "children": [{"name": "address", "kind": 7,
      "range": {"start": {"line": 3, "character": 2}, "end": {"line": 3, "character": 15}},
      "selectionRange": {"start": {"line": 3, "character": 2}, "end": {"line": 3, "character": 9}}
    }]}])"));
  out.clear();
  append_document_symbols(out, {});
  CHECK(out == "[]");
  std::vector<SymbolInformation> symbols(2);
  symbols[0].name = "address";
  symbols[0].kind = SymbolKind::Property;
  symbols[0].location.uri = "file:///w/a.hcl";
  symbols[0].location.range = {{3, 2}, {3, 15}};
  symbols[0].container_name = "backend";
  symbols[1].name = "top";
  symbols[1].kind = SymbolKind::Struct;
  symbols[1].location.uri = "file:///w/a.hcl";
  symbols[1].location.range = {{0, 0}, {0, 3}};
  out.clear();
  append_symbol_information(out, symbols);
  const json flat = json::parse(out);
  CHECK(flat == json::parse(R"([{"name": "address", "kind": 7, "containerName": "backend",
    "location": {"uri": "file:///w/a.hcl",
      "range": {"start": {"line": 3, "character": 2}, "end": {"line": 3, "character": 15}}}},
    {"name": "top", "kind": 23, "location": {"uri": "file:///w/a.hcl",
      "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 3}}}}])"));
}

TEST_CASE("folding ranges written directly read back as the LSP structure") {
  std::vector<FoldingRange> ranges(2);
  ranges[0] = {0, std::nullopt, 3, std::nullopt, "comment"};
  ranges[1] = {4, 12, 9, 1, ""};
  std::string out;
  append_folding_ranges(out, ranges);
  CHECK(json::parse(out) == json::parse(R"([{"startLine": 0, "endLine": 3, "kind": "comment"},
    {"startLine": 4, "startCharacter": 12, "endLine": 9, "endCharacter": 1}])"));
  out.clear();
  append_folding_ranges(out, {});
  CHECK(out == "[]");
}

TEST_CASE("semantic tokens and their deltas written directly") {
  std::string out = response_head(3);
  append_semantic_tokens(out, "7", std::vector<uint32_t>{0, 1, 2, 3, 4294967295u});
  out += '}';
  CHECK(json::parse(out) == json::parse(R"({"id": 3, "jsonrpc": "2.0",
    "result": {"resultId": "7", "data": [0, 1, 2, 3, 4294967295]}})"));
  out.clear();
  append_semantic_tokens(out, "1", {});
  CHECK(out == R"({"resultId":"1","data":[]})");
  // Every number written as its digits, across the table's bounds and many buffers' worth.
  std::vector<uint32_t> numbers;
  for (uint32_t n = 0; n < 200000; ++n) numbers.push_back(n % 1000 == 999 ? n * 20000 : n % 130);
  out.clear();
  append_semantic_tokens(out, "2", numbers);
  CHECK(json::parse(out)["data"].get<std::vector<uint32_t>>() == numbers);
  out.clear();
  append_semantic_tokens_delta(out, "8", {{5, 2, {9, 9}}});
  CHECK(json::parse(out) ==
        json::parse(
            R"({"resultId": "8", "edits": [{"start": 5, "deleteCount": 2, "data": [9, 9]}]})"));
  CHECK(response_head("a") == R"({"id":"a","jsonrpc":"2.0","result":)");
  // In parts, as a held text is sent: the head, the numbers but the last comma, the tail.
  std::string held;
  append_comma_terminated(held, numbers);
  CHECK(held.back() == ',');
  held.pop_back();
  CHECK(semantic_tokens_head("2") + held + std::string(kSemanticTokensTail) == [&] {
    std::string whole;
    append_semantic_tokens(whole, "2", numbers);
    return whole;
  }());
  held.clear();
  append_comma_terminated(held, {});
  CHECK(held.empty());
}
