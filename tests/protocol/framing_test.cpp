// MessageReader and frame(): bodies and errors, whatever the chunking, in bounded memory.
#include "protocol/framing.hpp"

#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

namespace {

using hclspec::protocol::frame;
using hclspec::protocol::FramingError;
using hclspec::protocol::kMaxHeaderBytes;
using hclspec::protocol::kMaxMessageBytes;
using hclspec::protocol::MessageReader;

// An event as text: "body:..." or "error:...".
std::string describe(const hclspec::protocol::FrameEvent& event) {
  if (const auto* body = std::get_if<std::string>(&event)) return "body:" + *body;
  return "error:" + std::get<FramingError>(event).message;
}

std::vector<std::string> drain(MessageReader& reader) {
  std::vector<std::string> events;
  while (auto event = reader.next()) events.push_back(describe(*event));
  return events;
}

std::vector<std::string> read_all(std::string_view stream, size_t max_body = kMaxMessageBytes) {
  MessageReader reader(max_body);
  reader.feed(stream);
  return drain(reader);
}

// Feeds the stream in random chunks of 1 to max_chunk bytes, draining after each.
std::vector<std::string> read_chunked(std::string_view stream, unsigned seed, size_t max_chunk,
                                      size_t max_body = kMaxMessageBytes) {
  std::mt19937 random(seed);
  std::uniform_int_distribution<size_t> size(1, max_chunk);
  MessageReader reader(max_body);
  std::vector<std::string> events;
  while (!stream.empty()) {
    const size_t chunk = std::min(size(random), stream.size());
    reader.feed(stream.substr(0, chunk));
    stream.remove_prefix(chunk);
    for (auto& event : drain(reader)) events.push_back(std::move(event));
  }
  return events;
}

}  // namespace

TEST_CASE("frame writes the Content-Length header and the body") {
  CHECK(frame("{}") == "Content-Length: 2\r\n\r\n{}");
  CHECK(frame("") == "Content-Length: 0\r\n\r\n");
  CHECK(frame("\xc3\xa9") == "Content-Length: 2\r\n\r\n\xc3\xa9");  // bytes, not characters
}

TEST_CASE("bodies of consecutive messages") {
  CHECK(read_all(frame("{\"a\":1}") + frame("") + frame("[2]")) ==
        std::vector<std::string>{"body:{\"a\":1}", "body:", "body:[2]"});
}

TEST_CASE("a partial message waits for its bytes") {
  MessageReader reader;
  reader.feed("Content-Length: 5\r\n");
  CHECK_FALSE(reader.next());
  reader.feed("\r\nabc");
  CHECK_FALSE(reader.next());
  CHECK(reader.buffered() == 3);
  reader.feed("de");
  CHECK(drain(reader) == std::vector<std::string>{"body:abcde"});
  CHECK(reader.buffered() == 0);
}

TEST_CASE("headers: any case, spaces around the value, Content-Type and unknown ones ignored") {
  const std::vector<std::string> body = {"body:hello"};
  CHECK(read_all("content-length: 5\r\n\r\nhello") == body);
  CHECK(read_all("CONTENT-LENGTH:5\r\n\r\nhello") == body);
  CHECK(read_all("Content-Length: \t5 \r\n\r\nhello") == body);
  CHECK(read_all("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n"
                 "Content-Length: 5\r\n\r\nhello") == body);
  CHECK(read_all("X-Whatever: 12\r\nContent-Length: 5\r\nX-Other:\r\n\r\nhello") == body);
  CHECK(read_all("Content-Length: 5\r\nContent-Length: 005\r\n\r\nhello") == body);
}

TEST_CASE("a bad header block is reported, dropped, and the next message is read") {
  const std::string good = frame("{\"ok\":true}");
  struct Case {
    std::string headers;
    std::string error;
  };
  const std::vector<Case> cases = {
      {"Content-Type: x\r\n\r\n", "no Content-Length header"},
      {"\r\n\r\n", "no Content-Length header"},
      {"Content-Length: abc\r\n\r\n", "invalid Content-Length \"abc\""},
      {"Content-Length: -1\r\n\r\n", "invalid Content-Length \"-1\""},
      {"Content-Length: +1\r\n\r\n", "invalid Content-Length \"+1\""},
      {"Content-Length:\r\n\r\n", "invalid Content-Length \"\""},
      {"Content-Length: 1 2\r\n\r\n", "invalid Content-Length \"1 2\""},
      {"Content-Length: 0x10\r\n\r\n", "invalid Content-Length \"0x10\""},
      {"Content-Length: 99999999999999999999999\r\n\r\n",
       "invalid Content-Length \"99999999999999999999999\""},
      {"Content-Length: 5\r\nContent-Length: 6\r\n\r\n", "conflicting Content-Length headers"},
      {"Content-Length: 5\r\ngarbage\x01\r\n\r\n", "malformed header line \"garbage\\x01\""},
      {"Content-Length: 5\nX: y\r\n\r\n", "invalid Content-Length \"5\\x0aX: y\""},
  };
  for (const Case& c : cases) {
    CAPTURE(c.headers);
    const std::vector<std::string> expected = {"error:" + c.error + "; header block dropped",
                                               "body:{\"ok\":true}"};
    CHECK(read_all(c.headers + good) == expected);
    CHECK(read_chunked(c.headers + good, 1, 3) == expected);
  }
}

TEST_CASE("a long malformed header line is shown shortened") {
  const auto events = read_all(std::string(100, 'x') + "\r\n\r\n");
  REQUIRE(events.size() == 1);
  CHECK(events[0] ==
        "error:malformed header line \"" + std::string(40, 'x') + "\"...; header block dropped");
}

TEST_CASE("an oversized body is skipped as it arrives, never buffered") {
  const std::string oversized = "Content-Length: 1000\r\n\r\n" + std::string(1000, '{');
  const std::string stream = oversized + frame("[1]");
  const std::vector<std::string> expected = {
      "error:message body of 1000 bytes exceeds the limit of 100 bytes; skipped", "body:[1]"};
  CHECK(read_all(stream, 100) == expected);

  MessageReader reader(100);
  std::vector<std::string> events;
  for (size_t at = 0; at < stream.size(); at += 7) {
    reader.feed(std::string_view(stream).substr(at, 7));
    for (auto& event : drain(reader)) events.push_back(std::move(event));
    // At most a header block (24 bytes), never the body.
    CHECK(reader.buffered() <= 24);
  }
  CHECK(events == expected);
}

TEST_CASE("a body just at the limit is read, one byte more is skipped") {
  CHECK(read_all(frame(std::string(100, 'a')), 100) ==
        std::vector<std::string>{"body:" + std::string(100, 'a')});
  CHECK(read_all(frame(std::string(101, 'a')) + frame("x"), 100) ==
        std::vector<std::string>{
            "error:message body of 101 bytes exceeds the limit of 100 bytes; skipped", "body:x"});
}

TEST_CASE("a body over the default 64 MiB limit passes through in bounded memory") {
  MessageReader reader;
  const size_t length = kMaxMessageBytes + 1;
  reader.feed("Content-Length: " + std::to_string(length) + "\r\n\r\n");
  const auto events = drain(reader);
  REQUIRE(events.size() == 1);
  CHECK(events[0].starts_with("error:message body of 67108865 bytes exceeds the limit"));
  const std::string chunk(1024 * 1024, 'x');
  size_t sent = 0;
  while (sent + chunk.size() <= length) {
    reader.feed(chunk);
    sent += chunk.size();
    CHECK_FALSE(reader.next());
    CHECK(reader.buffered() == 0);
  }
  // The last byte of the skipped body and a whole message in one feed.
  reader.feed("x" + frame("{}"));
  CHECK(drain(reader) == std::vector<std::string>{"body:{}"});
  CHECK(reader.buffered() == 0);
}

TEST_CASE("a large body read in pipe-sized pieces, the next messages behind its last piece") {
  std::string large(3 * 1024 * 1024 + 17, 'a');
  for (size_t i = 0; i < large.size(); i += 4099) large[i] = static_cast<char>('b' + i % 23);
  const std::string stream = frame(large) + frame("[1]") + frame(std::string(200 * 1024, 'c'));
  MessageReader reader;
  std::vector<std::string> events;
  constexpr size_t kPiece = 64 * 1024;
  // The second piece ends inside the header, the last one inside the third body.
  for (size_t at = 0; at < stream.size(); at += at == 0 ? 10 : kPiece) {
    reader.feed(std::string_view(stream).substr(at, at == 0 ? 10 : kPiece));
    for (auto& event : drain(reader)) events.push_back(std::move(event));
  }
  REQUIRE(events.size() == 3);
  CHECK(events[0] == "body:" + large);
  CHECK(events[1] == "body:[1]");
  CHECK(events[2] == "body:" + std::string(200 * 1024, 'c'));
  CHECK(reader.buffered() == 0);
}

TEST_CASE("a header block without an end is dropped after 8 KiB, up to the next empty line") {
  const std::string junk = "X-Junk: " + std::string(3 * kMaxHeaderBytes, 'a');
  const std::string stream = junk + "\r\n\r\n" + frame("[2]");
  const std::vector<std::string> expected = {
      "error:header block longer than 8192 bytes; dropped up to the next empty line", "body:[2]"};
  CHECK(read_all(stream) == expected);
  CHECK(read_chunked(stream, 7, 1000) == expected);

  // Fed in pieces, the reader never holds more than the header limit between feeds.
  MessageReader reader;
  std::vector<std::string> events;
  for (size_t at = 0; at < stream.size(); at += 512) {
    reader.feed(std::string_view(stream).substr(at, 512));
    for (auto& event : drain(reader)) events.push_back(std::move(event));
    CHECK(reader.buffered() <= kMaxHeaderBytes);
  }
  CHECK(events == expected);
}

TEST_CASE("a header block of exactly the limit is read; the terminator may span feeds") {
  const std::string padding = "X: " + std::string(kMaxHeaderBytes - 26, 'p') + "\r\n";
  const std::string headers = padding + "Content-Length: 2\r\n\r\n";
  REQUIRE(headers.size() == kMaxHeaderBytes);
  CHECK(read_all(headers + "{}") == std::vector<std::string>{"body:{}"});
  CHECK(read_all("X" + headers + "{}").front().starts_with("error:header block longer"));
  for (unsigned seed = 0; seed < 20; ++seed)
    CHECK(read_chunked(headers + "{}", seed, 5) == std::vector<std::string>{"body:{}"});
}

TEST_CASE("endless garbage gives one error and stays bounded") {
  MessageReader reader;
  const std::string garbage(4096, 'g');
  size_t errors = 0;
  for (int i = 0; i < 256; ++i) {  // 1 MiB
    reader.feed(garbage);
    errors += drain(reader).size();
    CHECK(reader.buffered() <= kMaxHeaderBytes);
  }
  CHECK(errors == 1);
  reader.feed("\r\n\r\n" + frame("[3]"));
  CHECK(drain(reader) == std::vector<std::string>{"body:[3]"});
}

TEST_CASE("a custom header limit") {
  MessageReader reader(kMaxMessageBytes, 32);
  reader.feed("Content-Type: something quite long\r\n\r\n" + frame("1"));
  CHECK(
      drain(reader) ==
      std::vector<std::string>{
          "error:header block longer than 32 bytes; dropped up to the next empty line", "body:1"});
}

TEST_CASE("random chunkings of a mixed stream give the events of one feed") {
  std::string stream;
  stream += frame("{\"jsonrpc\":\"2.0\",\"method\":\"initialized\",\"params\":{}}");
  stream += "Content-Length: nope\r\n\r\n";
  stream += frame(std::string(300, 'b'));  // oversized at 256
  stream += frame("\xf0\x9f\x98\x80 unicode body");
  stream += "Bogus\r\n\r\n";
  stream += "X: " + std::string(kMaxHeaderBytes, 'h') + "\r\n\r\n";
  stream += "content-length: 3\r\nContent-Type: x\r\n\r\nend";
  stream += frame("");
  const auto expected = read_all(stream, 256);
  CHECK(expected == std::vector<std::string>{
                        "body:{\"jsonrpc\":\"2.0\",\"method\":\"initialized\",\"params\":{}}",
                        "error:invalid Content-Length \"nope\"; header block dropped",
                        "error:message body of 300 bytes exceeds the limit of 256 bytes; skipped",
                        "body:\xf0\x9f\x98\x80 unicode body",
                        "error:malformed header line \"Bogus\"; header block dropped",
                        "error:header block longer than 8192 bytes; dropped up to the next "
                        "empty line",
                        "body:end",
                        "body:",
                    });
  for (unsigned seed = 0; seed < 50; ++seed) {
    CAPTURE(seed);
    const size_t max_chunk = seed % 3 == 0 ? 2 : seed % 3 == 1 ? 17 : 3000;
    CHECK(read_chunked(stream, seed, max_chunk, 256) == expected);
  }
}
