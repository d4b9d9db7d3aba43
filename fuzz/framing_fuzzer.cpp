// libFuzzer target: a byte stream cut into messages in random chunks, each body parsed as JSON-RPC
// and read by read_json and by nlohmann::json::parse, which must agree.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/framing.hpp"
#include "protocol/json_reader.hpp"
#include "protocol/jsonrpc.hpp"
#include "protocol/lsp.hpp"

namespace {

namespace protocol = hclspec::protocol;

// Small limits, so that inputs of a few KiB reach them.
constexpr size_t kMaxBody = 1024;
constexpr size_t kMaxHeader = 256;
constexpr size_t kBound = kMaxBody > kMaxHeader ? kMaxBody : kMaxHeader;

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "framing_fuzzer: invariant violated: %s\n", what);
  std::abort();
}

void check(bool ok, const char* what) {
  if (!ok) fail(what);
}

// An event as text, to compare the events of two readers.
std::string describe(const protocol::FrameEvent& event) {
  if (const auto* body = std::get_if<std::string>(&event)) return "body:" + *body;
  return "error:" + std::get<protocol::FramingError>(event).message;
}

void drain(protocol::MessageReader& reader, std::vector<std::string>& events) {
  while (auto event = reader.next()) events.push_back(describe(*event));
  check(reader.buffered() <= kBound, "buffered() above max(max_header, max_body) after next()");
}

// How deep a value's containers nest; a scalar's depth is 0.
size_t depth(const nlohmann::json& value) {
  if (!value.is_structured()) return 0;
  size_t deepest_child = 0;
  for (const nlohmann::json& child : value) deepest_child = std::max(deepest_child, depth(child));
  return deepest_child + 1;
}

// read_json gives what nlohmann::json::parse gives, value and number kinds, and fails where it
// throws; it also fails on nesting past kMaxJsonDepth, which nlohmann reads.
void check_reader_agrees(std::string_view text) {
  const auto ours = protocol::read_json(text, protocol::kMaxJsonDepth);
  // Taking over the text's buffer for a member string changes nothing in the answer: the first
  // member string, or the first of four bytes or more (a later one, which a key met again may
  // replace).
  for (const size_t adopt_from : {size_t{0}, size_t{4}}) {
    const auto adopting =
        protocol::read_json(std::string(text), protocol::kMaxJsonDepth, adopt_from);
    check(adopting.index() == ours.index(), "read_json of a buffer and of a view disagree");
    if (const auto* value = std::get_if<nlohmann::json>(&ours))
      check(protocol::same_json(*value, std::get<nlohmann::json>(adopting)),
            "read_json of a buffer and of a view read different values");
    else
      check(std::get<protocol::JsonReadError>(ours).kind ==
                    std::get<protocol::JsonReadError>(adopting).kind &&
                std::get<protocol::JsonReadError>(ours).offset ==
                    std::get<protocol::JsonReadError>(adopting).offset &&
                std::get<protocol::JsonReadError>(ours).reason ==
                    std::get<protocol::JsonReadError>(adopting).reason,
            "read_json of a buffer and of a view report different errors");
  }
  std::optional<nlohmann::json> theirs;
  try {
    theirs = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception&) {
  }
  if (const auto* value = std::get_if<nlohmann::json>(&ours)) {
    check(theirs.has_value(), "read_json reads a text nlohmann::json::parse rejects");
    check(protocol::same_json(*value, *theirs), "read_json and nlohmann read different values");
    check(depth(*value) <= protocol::kMaxJsonDepth, "read_json reads past its depth limit");
    return;
  }
  const auto& error = std::get<protocol::JsonReadError>(ours);
  check(error.offset <= text.size(), "a read_json error past the end of the text");
  if (theirs)
    check(error.kind == protocol::JsonReadError::Kind::TooDeep &&
              depth(*theirs) > protocol::kMaxJsonDepth,
          "read_json rejects a text nlohmann::json::parse reads");
}

// Reads params as T: success or InvalidParams, no other exception.
template <typename T>
void read_params(const nlohmann::json& params) {
  try {
    (void)params.get<T>();
  } catch (const protocol::InvalidParams&) {
  }
}

// Every LSP reader accepts or rejects any params with InvalidParams.
void read_as_every_params(const nlohmann::json& params) {
  read_params<protocol::InitializeParams>(params);
  read_params<protocol::DidOpenTextDocumentParams>(params);
  read_params<protocol::DidChangeTextDocumentParams>(params);
  read_params<protocol::DidCloseTextDocumentParams>(params);
  read_params<protocol::DidSaveTextDocumentParams>(params);
  read_params<protocol::CompletionParams>(params);
  read_params<protocol::HoverParams>(params);
  read_params<protocol::CancelParams>(params);
  read_params<protocol::DidChangeConfigurationParams>(params);
  read_params<protocol::DidChangeWatchedFilesParams>(params);
  read_params<protocol::DidChangeWorkspaceFoldersParams>(params);
  read_params<protocol::DocumentFormattingParams>(params);
  read_params<protocol::DocumentRangeFormattingParams>(params);
  read_params<protocol::DocumentParams>(params);
  read_params<protocol::SelectionRangeParams>(params);
  read_params<protocol::SemanticTokensDeltaParams>(params);
  read_params<protocol::SemanticTokensRangeParams>(params);
  read_params<protocol::ReferenceParams>(params);
  read_params<protocol::WorkspaceSymbolParams>(params);
  read_params<protocol::DocumentDiagnosticParams>(params);
  read_params<protocol::WorkspaceDiagnosticParams>(params);
}

// Parses a body and writes the answer the server would; the answer must read back as a response.
void answer(const std::string& body) {
  check_reader_agrees(body);
  const auto parsed = protocol::parse_message(body);
  std::string reply;
  if (const auto* error = std::get_if<protocol::MessageError>(&parsed)) {
    check(!error->message.empty(), "a MessageError without a message");
    check(error->id.is_null() || error->id.is_number_integer() || error->id.is_string(),
          "a MessageError with an id neither null, integer nor string");
    reply = protocol::error_response(error->id, error->code, error->message);
  } else {
    const auto& message = std::get<protocol::Message>(parsed);
    check(message.params.is_null() || message.params.is_object() || message.params.is_array(),
          "params neither null, object nor array");
    read_as_every_params(message.params);
    if (message.kind == protocol::Message::Kind::Notification) return;
    reply = protocol::response(message.id, message.params);
  }
  const auto reread = protocol::parse_message(reply);
  check(std::holds_alternative<protocol::Message>(reread), "an answer does not parse back");
  check(std::get<protocol::Message>(reread).kind == protocol::Message::Kind::Response,
        "an answer does not parse back as a response");

  // And framed, it reads back as itself.
  protocol::MessageReader reader;
  reader.feed(protocol::frame(reply));
  const auto event = reader.next();
  check(event && std::get_if<std::string>(&*event) && std::get<std::string>(*event) == reply,
        "a framed answer does not read back");
}

}  // namespace

// The first byte seeds the chunk sizes; the rest is the stream.
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  uint32_t state = data[0] * 2654435761u + 1;
  const std::string_view stream(reinterpret_cast<const char*>(data) + 1, size - 1);
  // The stream as one JSON text too: mutations reach the reader without framing around them.
  check_reader_agrees(stream);

  protocol::MessageReader whole(kMaxBody, kMaxHeader);
  std::vector<std::string> whole_events;
  whole.feed(stream);
  drain(whole, whole_events);

  protocol::MessageReader chunked(kMaxBody, kMaxHeader);
  std::vector<std::string> chunked_events;
  for (size_t at = 0; at < stream.size();) {
    state = state * 1103515245u + 12345u;
    const size_t chunk = 1 + (state >> 16) % (state & 0x100 ? 512 : 8);
    chunked.feed(stream.substr(at, chunk));
    at += chunk;
    drain(chunked, chunked_events);
  }
  check(whole_events == chunked_events, "the events depend on the chunking");

  for (const std::string& event : whole_events) {
    if (!event.starts_with("body:")) continue;
    const std::string body = event.substr(5);
    check(body.size() <= kMaxBody, "a body above max_body");
    answer(body);
  }
  return 0;
}
