// JSON-RPC 2.0 messages: reading one incoming body, writing requests, responses and notifications.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>

namespace hclspec::protocol {

// JSON-RPC's codes and the ones LSP adds.
enum class ErrorCode : int {
  ParseError = -32700,
  InvalidRequest = -32600,
  MethodNotFound = -32601,
  InvalidParams = -32602,
  InternalError = -32603,
  ServerNotInitialized = -32002,
  RequestFailed = -32803,
  ServerCancelled = -32802,
  ContentModified = -32801,
  RequestCancelled = -32800,
};

// Containers nested deeper than this are a parse error: no client sends them, and they would cost
// memory and stack far beyond the body's size.
inline constexpr int kMaxJsonDepth = 512;

// One incoming message.
struct Message {
  enum class Kind { Request, Notification, Response } kind = Kind::Notification;
  nlohmann::json id;                    // integer or string (Request, Response; null in an
                                        // error response to a message whose id was unknown)
  std::string method;                   // Request, Notification
  nlohmann::json params;                // object or array; null when absent
  nlohmann::json result;                // Response without an error
  std::optional<nlohmann::json> error;  // Response with an error: an object with an integer
                                        // "code" and a string "message"
};

// Why a body is not a message, to answer with error_response (id null when it could not be read).
// For a malformed response there is nobody to answer: log it.
struct MessageError {
  ErrorCode code;
  std::string message;
  nlohmann::json id;
};

// Invalid UTF-8, invalid JSON or nesting deeper than kMaxJsonDepth: ParseError, for the first of
// them in the body (read by read_json, json_reader.hpp, which takes what nlohmann::json::parse
// takes, so a NUL byte after the value ends the body). Not an object,
// "jsonrpc" not "2.0", an id neither integer nor string, "method" not a string, "params" neither
// object nor array nor null, a response without exactly one of "result" and "error", or an error
// object without integer "code" and string "message": InvalidRequest, with the id when it was
// read. The body's buffer may become a long string's value (see read_json).
std::variant<Message, MessageError> parse_message(std::string body);

// Bodies, not framed (see frame()). Strings that are not valid UTF-8 are written with U+FFFD in
// place of the bad bytes, so writing never throws. Null params are left out.
std::string response(const nlohmann::json& id, const nlohmann::json& result);
// A response up to its result: `{"id":ID,"jsonrpc":"2.0","result":`. A large result is written
// straight after it, and a closing brace ends the body.
std::string response_head(const nlohmann::json& id);
std::string error_response(const nlohmann::json& id, ErrorCode code, std::string_view message);
std::string notification(std::string_view method, const nlohmann::json& params);
std::string request(const nlohmann::json& id, std::string_view method,
                    const nlohmann::json& params);

// Thrown by the LSP readers (lsp.hpp), naming the field:
// "position.line: expected an unsigned 32-bit integer". Answer it with ErrorCode::InvalidParams.
struct InvalidParams : std::runtime_error {
  using runtime_error::runtime_error;
};

// Thrown by a handler that understood the request but will not do it, saying why ("this spec
// block reads no name..."). Answer it with ErrorCode::RequestFailed; the client shows the message.
struct RequestFailed : std::runtime_error {
  using runtime_error::runtime_error;
};

}  // namespace hclspec::protocol
