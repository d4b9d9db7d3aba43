// JSON-RPC 2.0 messages: checks on an incoming body and the bodies the server writes.
#include "protocol/jsonrpc.hpp"

#include <cstdint>

namespace hclspec::protocol {
namespace {

using nlohmann::json;

// The offset of the first byte that is not part of well-formed UTF-8 (Unicode's table 3-7: no
// overlong forms, no surrogates, nothing above U+10FFFF), or npos.
size_t invalid_utf8_offset(std::string_view text) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
  const size_t size = text.size();
  size_t i = 0;
  while (i < size) {
    const unsigned char lead = bytes[i];
    if (lead < 0x80) {
      ++i;
      continue;
    }
    size_t length = 0;
    unsigned char second_min = 0x80, second_max = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) {
      length = 2;
    } else if (lead >= 0xe0 && lead <= 0xef) {
      length = 3;
      if (lead == 0xe0) second_min = 0xa0;  // overlong
      if (lead == 0xed) second_max = 0x9f;  // surrogates
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      length = 4;
      if (lead == 0xf0) second_min = 0x90;  // overlong
      if (lead == 0xf4) second_max = 0x8f;  // above U+10FFFF
    } else {
      return i;
    }
    if (size - i < length || bytes[i + 1] < second_min || bytes[i + 1] > second_max) return i;
    for (size_t k = 2; k < length; ++k)
      if (bytes[i + k] < 0x80 || bytes[i + k] > 0xbf) return i;
    i += length;
  }
  return std::string_view::npos;
}

// Whether brackets outside strings nest deeper than kMaxJsonDepth. On invalid JSON the answer
// does not matter: the parser rejects it.
bool nests_too_deep(std::string_view text) {
  int depth = 0;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxJsonDepth) return true;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return false;
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

std::variant<Message, MessageError> parse_message(std::string_view body) {
  if (const size_t bad = invalid_utf8_offset(body); bad != std::string_view::npos)
    return MessageError{ErrorCode::ParseError,
                        "message is not valid UTF-8 (byte " + std::to_string(bad) + ")", nullptr};
  if (nests_too_deep(body))
    return MessageError{ErrorCode::ParseError,
                        "JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels",
                        nullptr};
  json value;
  try {
    value = json::parse(body);
  } catch (const json::exception& error) {
    // A syntax error, or a number too large for a double (out_of_range.406). what() starts
    // with "[json.exception.parse_error.101] ": keep what follows.
    std::string_view what = error.what();
    if (const size_t bracket = what.find("] "); what.starts_with('[') && bracket != what.npos)
      what.remove_prefix(bracket + 2);
    return MessageError{ErrorCode::ParseError, "invalid JSON: " + std::string(what), nullptr};
  }
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
