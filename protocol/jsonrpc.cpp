// JSON-RPC 2.0 messages: checks on an incoming body and the bodies the server writes.
#include "protocol/jsonrpc.hpp"

#include <utility>

#include "protocol/json_reader.hpp"

namespace hclspec::protocol {
namespace {

using nlohmann::json;

// A parse_message error for a body read_json rejected.
MessageError unreadable(const JsonReadError& error) {
  const std::string offset = std::to_string(error.offset);
  std::string message;
  switch (error.kind) {
    case JsonReadError::Kind::InvalidUtf8:
      message = "message is not valid UTF-8 (byte " + offset + ")";
      break;
    case JsonReadError::Kind::TooDeep:
      message = "JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels";
      break;
    case JsonReadError::Kind::Syntax:
      message = "invalid JSON: parse error at byte " + offset + ": " + error.reason;
      break;
    case JsonReadError::Kind::NumberOverflow:
      message = "invalid JSON: number overflow at byte " + offset + ": " + error.reason;
      break;
  }
  return MessageError{ErrorCode::ParseError, std::move(message), nullptr};
}

bool is_id(const json& value) {
  return value.is_number_integer() || value.is_string();
}

MessageError invalid(std::string message, json id = nullptr) {
  return MessageError{ErrorCode::InvalidRequest, std::move(message), std::move(id)};
}

std::string dump(const json& value) {
  return value.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace

std::variant<Message, MessageError> parse_message(std::string body) {
  auto read = read_json(std::move(body), kMaxJsonDepth);
  if (const auto* error = std::get_if<JsonReadError>(&read)) return unreadable(*error);
  json value = std::get<json>(std::move(read));
  if (!value.is_object()) return invalid("message is not a JSON object");

  Message message;
  const auto id = value.find("id");
  const bool has_id = id != value.end();
  if (has_id) {
    // null is the id of an error response to a message whose id was unknown.
    if (!is_id(*id) && !(id->is_null() && !value.contains("method")))
      return invalid("\"id\" must be an integer or a string");
    message.id = std::move(*id);
  }
  const auto version = value.find("jsonrpc");
  if (version == value.end() || *version != "2.0")
    return invalid("\"jsonrpc\" must be \"2.0\"", message.id);

  if (const auto method = value.find("method"); method != value.end()) {
    if (!method->is_string()) return invalid("\"method\" must be a string", message.id);
    message.method = method->get<std::string>();
    if (const auto params = value.find("params"); params != value.end()) {
      if (!params->is_object() && !params->is_array() && !params->is_null())
        return invalid("\"params\" must be an object or an array", message.id);
      message.params = std::move(*params);
    }
    message.kind = has_id ? Message::Kind::Request : Message::Kind::Notification;
    return message;
  }

  if (!has_id) return invalid("message has neither \"method\" nor \"id\"");
  message.kind = Message::Kind::Response;
  const auto result = value.find("result");
  const auto error = value.find("error");
  if ((result == value.end()) == (error == value.end()))
    return invalid("a response must have exactly one of \"result\" and \"error\"", message.id);
  if (result != value.end()) {
    message.result = std::move(*result);
    return message;
  }
  const auto code = error->is_object() ? error->find("code") : error->end();
  const auto text = error->is_object() ? error->find("message") : error->end();
  if (!error->is_object() || code == error->end() || !code->is_number_integer() ||
      text == error->end() || !text->is_string())
    return invalid("\"error\" must be an object with an integer \"code\" and a string \"message\"",
                   message.id);
  message.error = std::move(*error);
  return message;
}

std::string response(const json& id, const json& result) {
  return dump({{"jsonrpc", "2.0"}, {"id", id}, {"result", result}});
}

std::string response_head(const json& id) {
  std::string head = dump({{"id", id}, {"jsonrpc", "2.0"}});
  head.back() = ',';  // the closing brace
  head += "\"result\":";
  return head;
}

std::string error_response(const json& id, ErrorCode code, std::string_view message) {
  return dump({{"jsonrpc", "2.0"},
               {"id", id},
               {"error", {{"code", static_cast<int>(code)}, {"message", message}}}});
}

std::string notification(std::string_view method, const json& params) {
  json message = {{"jsonrpc", "2.0"}, {"method", method}};
  if (!params.is_null()) message["params"] = params;
  return dump(message);
}

std::string request(const json& id, std::string_view method, const json& params) {
  json message = {{"jsonrpc", "2.0"}, {"id", id}, {"method", method}};
  if (!params.is_null()) message["params"] = params;
  return dump(message);
}

}  // namespace hclspec::protocol
