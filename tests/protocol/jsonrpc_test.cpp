// parse_message for each kind of message and each error class; the writers' bodies.
#include "protocol/jsonrpc.hpp"

#include <doctest/doctest.h>

#include <string>

#include "protocol/json_reader.hpp"

namespace {

using hclspec::protocol::ErrorCode;
using hclspec::protocol::Message;
using hclspec::protocol::MessageError;
using hclspec::protocol::parse_message;
using nlohmann::json;

Message parsed(std::string_view body) {
  auto result = parse_message(std::string(body));
  if (const auto* error = std::get_if<MessageError>(&result)) FAIL_CHECK(error->message);
  REQUIRE(std::holds_alternative<Message>(result));
  return std::get<Message>(std::move(result));
}

MessageError rejected(std::string_view body) {
  auto result = parse_message(std::string(body));
  REQUIRE(std::holds_alternative<MessageError>(result));
  return std::get<MessageError>(std::move(result));
}

}  // namespace

TEST_CASE("a request, a notification and responses") {
  const Message request =
      parsed(R"({"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{"a":[1]}})");
  CHECK(request.kind == Message::Kind::Request);
  CHECK(request.id == 1);
  CHECK(request.method == "textDocument/hover");
  CHECK(request.params == json{{"a", {1}}});

  const Message string_id = parsed(R"({"jsonrpc":"2.0","id":"x-1","method":"shutdown"})");
  CHECK(string_id.kind == Message::Kind::Request);
  CHECK(string_id.id == "x-1");
  CHECK(string_id.params.is_null());

  const Message negative_id = parsed(R"({"jsonrpc":"2.0","id":-5,"method":"m","params":[1,2]})");
  CHECK(negative_id.id == -5);
  CHECK(negative_id.params == json{1, 2});

  const Message notification = parsed(R"({"jsonrpc":"2.0","method":"exit","params":null})");
  CHECK(notification.kind == Message::Kind::Notification);
  CHECK(notification.id.is_null());
  CHECK(notification.params.is_null());

  const Message result = parsed(R"({"jsonrpc":"2.0","id":7,"result":null})");
  CHECK(result.kind == Message::Kind::Response);
  CHECK(result.id == 7);
  CHECK(result.result.is_null());
  CHECK_FALSE(result.error);

  const Message error =
      parsed(R"({"jsonrpc":"2.0","id":null,"error":{"code":-32601,"message":"no","data":1}})");
  CHECK(error.kind == Message::Kind::Response);
  CHECK(error.id.is_null());
  REQUIRE(error.error);
  CHECK((*error.error)["code"] == -32601);
}

TEST_CASE("unknown members are ignored; multibyte UTF-8 is accepted") {
  const Message message = parsed(
      "{\"jsonrpc\":\"2.0\",\"method\":\"m\",\"extra\":true,"
      "\"params\":{\"t\":\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\xef\xbf\xbf\"}}");
  CHECK(message.params["t"] == "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\xef\xbf\xbf");
}

TEST_CASE("a long text is read into the body's own buffer, and read as its bytes say") {
  std::string text;  // escaped as JSON writes it, and as read
  std::string expected;
  while (expected.size() < hclspec::protocol::kAdoptedStringBytes) {
    text += R"(job \"a\" {\n  x = \"\u00e9\"\n}\n)";
    expected += "job \"a\" {\n  x = \"\xc3\xa9\"\n}\n";
  }
  std::string body = R"({"jsonrpc":"2.0","method":"textDocument/didOpen","params":)"
                     R"({"textDocument":{"uri":"file:///a.hcl","text":")" +
                     text + R"(","version":3}}})";
  const char* const bytes = body.data();
  auto result = parse_message(std::move(body));
  REQUIRE(std::holds_alternative<Message>(result));
  const Message& message = std::get<Message>(result);
  CHECK(message.method == "textDocument/didOpen");
  const json& document = message.params["textDocument"];
  CHECK(document["text"] == expected);
  CHECK(document["text"].get_ref<const std::string&>().data() == bytes);
  CHECK(document["version"] == 3);  // read after the text, from bytes it did not overwrite
}

TEST_CASE("invalid UTF-8 is a parse error, with the byte's offset") {
  const std::string prefix = R"({"jsonrpc":"2.0","method":"m","params":{"t":")";
  for (const std::string bad : {
           "\x80",              // a continuation byte alone
           "\xc0\x80",          // overlong NUL
           "\xc1\xbf",          // overlong
           "\xe0\x80\xaf",      // overlong '/'
           "\xed\xa0\x80",      // a UTF-16 surrogate
           "\xf4\x90\x80\x80",  // above U+10FFFF
           "\xf5\x80\x80\x80",  // never a lead byte
           "\xff",              //
           "\xc3",              // truncated before the quote
           "\xe2\x82",          // truncated
           "\xe2\x28\xa1",      // a bad second byte
           "\xf0\x9f\x98\x28",  // a bad last byte
       }) {
    CAPTURE(bad);
    const MessageError error = rejected(prefix + bad + "\"}}");
    CHECK(error.code == ErrorCode::ParseError);
    CHECK(error.message ==
          "message is not valid UTF-8 (byte " + std::to_string(prefix.size()) + ")");
    CHECK(error.id.is_null());
  }
  // Outside strings too, and at the very end.
  CHECK(rejected("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\"}\xe2").code ==
        ErrorCode::ParseError);
}

TEST_CASE("invalid JSON is a parse error without an id") {
  for (const std::string_view body :
       {"", "{", "{\"jsonrpc\":\"2.0\",\"id\":1,", "[1,]", "{\"a\":1}{\"b\":2}", "{'a':1}", "nul",
        "{\"s\":\"\\ud800\"}"}) {
    CAPTURE(body);
    const MessageError error = rejected(body);
    CHECK(error.code == ErrorCode::ParseError);
    CHECK(error.message.starts_with("invalid JSON: parse error"));
    CHECK(error.id.is_null());
  }
}

TEST_CASE("a syntax error names the byte, what was expected and what was found") {
  CHECK(rejected(R"({"jsonrpc" "2.0"})").message ==
        R"(invalid JSON: parse error at byte 11: expected ':' after an object key, found '"')");
  CHECK(rejected(R"({"jsonrpc":"2.0","method":"m","params":[1,]})").message ==
        "invalid JSON: parse error at byte 42: expected a value, found ']'");
}

TEST_CASE("the first problem in the body is the one reported") {
  // A syntax error before invalid UTF-8, invalid UTF-8 before nesting too deep.
  CHECK(rejected("{\"jsonrpc\" 1, \"\xff\"}").message.starts_with("invalid JSON: parse error"));
  CHECK(rejected("{\"a\":\"\xff\",\"b\":" + std::string(600, '[')).message ==
        "message is not valid UTF-8 (byte 6)");
  // As nlohmann::json::parse does, a NUL byte after the message ends the body.
  CHECK(parsed(std::string("{\"jsonrpc\":\"2.0\",\"method\":\"m\"}\0 {", 33)).method == "m");
}

TEST_CASE("a number too large for a double is a parse error, not an exception (framing_fuzzer)") {
  const MessageError error = rejected("{\"jsonrpc\":\"2.0\",\"id\":1e999999,\"method\":\"x\"}");
  CHECK(error.code == ErrorCode::ParseError);
  CHECK(error.message.starts_with("invalid JSON: number overflow"));
  CHECK(error.id.is_null());
}

TEST_CASE("nesting deeper than the limit is a parse error; brackets in strings do not count") {
  const auto nested = [](int depth) {
    return R"({"jsonrpc":"2.0","method":"m","params":)" + std::string(depth - 1, '[') +
           std::string(depth - 1, ']') + "}";
  };
  CHECK(parsed(nested(hclspec::protocol::kMaxJsonDepth)).kind == Message::Kind::Notification);
  const MessageError error = rejected(nested(hclspec::protocol::kMaxJsonDepth + 1));
  CHECK(error.code == ErrorCode::ParseError);
  CHECK(error.message == "JSON nested deeper than 512 levels");
  const std::string brackets(2000, '[');
  CHECK(parsed(R"({"jsonrpc":"2.0","method":"m","params":{"s":")" + brackets + R"(\"["}})")
            .params["s"] == brackets + "\"[");
}

TEST_CASE("invalid requests, with the id when it could be read") {
  struct Case {
    std::string_view body;
    std::string_view message;
    json id;
  };
  const Case cases[] = {
      {"[]", "message is not a JSON object", nullptr},
      {"1", "message is not a JSON object", nullptr},
      {R"("x")", "message is not a JSON object", nullptr},
      {R"({"id":1,"method":"m"})", R"("jsonrpc" must be "2.0")", 1},
      {R"({"jsonrpc":"1.0","id":"a","method":"m"})", R"("jsonrpc" must be "2.0")", "a"},
      {R"({"jsonrpc":2.0,"id":3,"method":"m"})", R"("jsonrpc" must be "2.0")", 3},
      {R"({"jsonrpc":"2.0","id":true,"method":"m"})", R"("id" must be an integer or a string)",
       nullptr},
      {R"({"jsonrpc":"2.0","id":1.5,"method":"m"})", R"("id" must be an integer or a string)",
       nullptr},
      {R"({"jsonrpc":"2.0","id":{},"method":"m"})", R"("id" must be an integer or a string)",
       nullptr},
      {R"({"jsonrpc":"2.0","id":[1],"method":"m"})", R"("id" must be an integer or a string)",
       nullptr},
      {R"({"jsonrpc":"2.0","id":null,"method":"m"})", R"("id" must be an integer or a string)",
       nullptr},
      {R"({"jsonrpc":"2.0","id":4,"method":5})", R"("method" must be a string)", 4},
      {R"({"jsonrpc":"2.0","method":null})", R"("method" must be a string)", nullptr},
      {R"({"jsonrpc":"2.0","id":6,"method":"m","params":"x"})",
       R"("params" must be an object or an array)", 6},
      {R"({"jsonrpc":"2.0","method":"m","params":3})", R"("params" must be an object or an array)",
       nullptr},
      {R"({"jsonrpc":"2.0"})", R"(message has neither "method" nor "id")", nullptr},
      {R"({"jsonrpc":"2.0","id":8})", R"(a response must have exactly one of "result" and "error")",
       8},
      {R"({"jsonrpc":"2.0","id":8,"result":1,"error":{"code":1,"message":"m"}})",
       R"(a response must have exactly one of "result" and "error")", 8},
      {R"({"jsonrpc":"2.0","id":9,"error":"bad"})",
       R"("error" must be an object with an integer "code" and a string "message")", 9},
      {R"({"jsonrpc":"2.0","id":9,"error":{"code":"1","message":"m"}})",
       R"("error" must be an object with an integer "code" and a string "message")", 9},
      {R"({"jsonrpc":"2.0","id":9,"error":{"code":1}})",
       R"("error" must be an object with an integer "code" and a string "message")", 9},
  };
  for (const Case& c : cases) {
    CAPTURE(c.body);
    const MessageError error = rejected(c.body);
    CHECK(error.code == ErrorCode::InvalidRequest);
    CHECK(error.message == c.message);
    CHECK(error.id == c.id);
  }
}

TEST_CASE("the writers' bodies") {
  using namespace hclspec::protocol;
  CHECK(json::parse(response(1, {{"a", 1}})) ==
        json{{"jsonrpc", "2.0"}, {"id", 1}, {"result", {{"a", 1}}}});
  CHECK(json::parse(response("s", nullptr)) ==
        json{{"jsonrpc", "2.0"}, {"id", "s"}, {"result", nullptr}});
  CHECK(
      json::parse(error_response(nullptr, ErrorCode::ParseError, "bad")) ==
      json{{"jsonrpc", "2.0"}, {"id", nullptr}, {"error", {{"code", -32700}, {"message", "bad"}}}});
  CHECK(json::parse(error_response(2, ErrorCode::RequestCancelled, "cancelled"))["error"]["code"] ==
        -32800);
  CHECK(json::parse(notification("exit", nullptr)) == json{{"jsonrpc", "2.0"}, {"method", "exit"}});
  CHECK(json::parse(notification("m", json::array({1}))) ==
        json{{"jsonrpc", "2.0"}, {"method", "m"}, {"params", {1}}});
  CHECK(json::parse(request(3, "workspace/configuration", {{"items", json::array()}})) ==
        json{{"jsonrpc", "2.0"},
             {"id", 3},
             {"method", "workspace/configuration"},
             {"params", {{"items", json::array()}}}});
  CHECK(json::parse(request("r", "m", nullptr)) ==
        json{{"jsonrpc", "2.0"}, {"id", "r"}, {"method", "m"}});
}

TEST_CASE("the writers replace invalid UTF-8 instead of throwing, and read back") {
  using namespace hclspec::protocol;
  const std::string body = error_response(1, ErrorCode::InternalError, "bad \xff byte");
  CHECK(json::parse(body)["error"]["message"] == "bad \xef\xbf\xbd byte");
  const Message message = parsed(response(5, {{"text", "x\xc3"}}));
  CHECK(message.kind == Message::Kind::Response);
  CHECK(message.id == 5);
  CHECK(message.result["text"] == "x\xef\xbf\xbd");
  CHECK(parsed(notification("m\x80", {{"k\xfe", 1}})).params.contains("k\xef\xbf\xbd"));
}
