// The base protocol's framing: header blocks, Content-Length, and skipping what cannot be read.
#include "protocol/framing.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>

namespace hclspec::protocol {
namespace {

constexpr std::string_view kEndOfHeaders = "\r\n\r\n";
// Above this capacity an emptied buffer gives its memory back, so one large message does not
// keep its buffer for the rest of the session.
constexpr size_t kKeptCapacity = 1024 * 1024;
// Room kept behind a large body for the start of the next message, which may come in the same
// read as the body's last bytes (a pipe hands over at most 64 KiB at a time).
constexpr size_t kReadAhead = 64 * 1024;

std::string_view trim(std::string_view text) {
  const size_t first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const size_t last = text.find_last_not_of(" \t");
  return text.substr(first, last - first + 1);
}

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(),
                                            [&](char x, char y) { return lower(x) == lower(y); });
}

// Only decimal digits; nullopt on anything else or on overflow.
std::optional<size_t> parse_length(std::string_view text) {
  if (text.empty()) return std::nullopt;
  size_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    const auto digit = static_cast<size_t>(c - '0');
    if (value > (std::numeric_limits<size_t>::max() - digit) / 10) return std::nullopt;
    value = value * 10 + digit;
  }
  return value;
}

// The start of a header line as it can be shown in a log: printable ASCII, the rest as \xNN.
std::string quoted(std::string_view text) {
  constexpr size_t kShown = 40;
  std::string out = "\"";
  for (unsigned char c : text.substr(0, kShown)) {
    if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
      out += static_cast<char>(c);
    } else {
      static constexpr char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 0xf];
    }
  }
  out += text.size() > kShown ? "\"..." : "\"";
  return out;
}

}  // namespace

MessageReader::MessageReader(size_t max_body, size_t max_header)
    : max_body_(max_body), max_header_(std::max(max_header, kEndOfHeaders.size())) {}

void MessageReader::feed(std::string_view bytes) {
  if (state_ == State::Skipping) {
    const size_t dropped = std::min(skip_remaining_, bytes.size());
    skip_remaining_ -= dropped;
    bytes.remove_prefix(dropped);
    if (skip_remaining_ == 0) state_ = State::Headers;
  }
  if (bytes.empty()) return;
  if (start_ > 0) {
    buffer_.erase(0, start_);
    start_ = 0;
    if (buffer_.capacity() > kKeptCapacity && buffer_.size() < buffer_.capacity() / 4)
      buffer_.shrink_to_fit();
  }
  buffer_.append(bytes);
}

void MessageReader::consume(size_t count) {
  start_ += count;
  scanned_ = 0;
  if (start_ == buffer_.size()) {
    start_ = 0;
    if (buffer_.capacity() > kKeptCapacity)
      std::string().swap(buffer_);
    else
      buffer_.clear();
  }
}

std::optional<FrameEvent> MessageReader::next() {
  for (;;) {
    switch (state_) {
      case State::Headers:
        if (auto event = read_headers()) return event;
        if (state_ == State::Headers) return std::nullopt;
        break;
      case State::Body: {
        if (buffered() < body_length_) return std::nullopt;
        std::string body;
        const size_t after_body = buffered() - body_length_;
        if (start_ == 0 && after_body <= body_length_) {
          // The body is taken without copying it; only the fewer bytes read after it are.
          std::string rest = buffer_.substr(body_length_);
          body = std::move(buffer_);
          body.resize(body_length_);
          buffer_ = std::move(rest);
          scanned_ = 0;
        } else {
          body.assign(pending().substr(0, body_length_));
          consume(body_length_);
        }
        state_ = State::Headers;
        return body;
      }
      case State::Skipping:
        return std::nullopt;  // feed() drops the bytes as they arrive
      case State::Resyncing:
        resync();
        if (state_ == State::Resyncing) return std::nullopt;
        break;
    }
  }
}

// Reads a complete header block: nullopt with state_ changed to Body, an error, or nullopt with
// state_ unchanged when the block is not complete yet.
std::optional<FrameEvent> MessageReader::read_headers() {
  const std::string_view window = pending().substr(0, max_header_);
  const size_t from = scanned_ >= kEndOfHeaders.size() ? scanned_ - (kEndOfHeaders.size() - 1) : 0;
  const size_t end = window.find(kEndOfHeaders, from);
  if (end == std::string_view::npos) {
    scanned_ = window.size();
    if (window.size() < max_header_) return std::nullopt;
    // The terminator may begin in the last bytes of the window: keep them.
    consume(max_header_ - (kEndOfHeaders.size() - 1));
    state_ = State::Resyncing;
    return FramingError{"header block longer than " + std::to_string(max_header_) +
                        " bytes; dropped up to the next empty line"};
  }

  std::optional<size_t> length;
  std::string problem;
  std::string_view rest = window.substr(0, end);
  while (problem.empty() && !rest.empty()) {
    const size_t line_end = rest.find("\r\n");
    const std::string_view line = rest.substr(0, line_end);
    rest = line_end == std::string_view::npos ? std::string_view() : rest.substr(line_end + 2);
    if (line.empty()) continue;
    const size_t colon = line.find(':');
    if (colon == std::string_view::npos) {
      problem = "malformed header line " + quoted(line);
      break;
    }
    if (!equals_ignoring_case(trim(line.substr(0, colon)), "Content-Length")) continue;
    const std::string_view value = trim(line.substr(colon + 1));
    const std::optional<size_t> parsed = parse_length(value);
    if (!parsed)
      problem = "invalid Content-Length " + quoted(value);
    else if (length && *length != *parsed)
      problem = "conflicting Content-Length headers";
    else
      length = parsed;
  }
  if (problem.empty() && !length) problem = "no Content-Length header";
  consume(end + kEndOfHeaders.size());
  if (!problem.empty()) return FramingError{problem + "; header block dropped"};

  if (*length > max_body_) {
    const size_t dropped = std::min(*length, buffered());
    consume(dropped);
    skip_remaining_ = *length - dropped;
    if (skip_remaining_ > 0) state_ = State::Skipping;
    return FramingError{"message body of " + std::to_string(*length) +
                        " bytes exceeds the limit of " + std::to_string(max_body_) +
                        " bytes; skipped"};
  }
  body_length_ = *length;
  state_ = State::Body;
  // A body still to come is gathered in a buffer sized once, starting at its first byte: grown
  // by doubling, a large one would be copied and its pages touched afresh several times, and
  // next() would copy it out once more.
  if (body_length_ >= kReadAhead && body_length_ > buffered() &&
      body_length_ + kReadAhead > buffer_.capacity()) {
    buffer_.erase(0, start_);
    start_ = 0;
    buffer_.reserve(body_length_ + kReadAhead);
  }
  return std::nullopt;
}

// Drops bytes up to and including the next empty line (the error was reported when the resync
// began).
void MessageReader::resync() {
  const std::string_view bytes = pending();
  const size_t end = bytes.find(kEndOfHeaders);
  if (end != std::string_view::npos) {
    consume(end + kEndOfHeaders.size());
    state_ = State::Headers;
    return;
  }
  // The terminator may begin in the last bytes: keep them.
  const size_t keep = std::min(bytes.size(), kEndOfHeaders.size() - 1);
  consume(bytes.size() - keep);
}

std::string frame_header(size_t body_size) {
  return "Content-Length: " + std::to_string(body_size) + "\r\n\r\n";
}

std::string frame(std::string_view body) {
  std::string out = frame_header(body.size());
  out.append(body);
  return out;
}

}  // namespace hclspec::protocol
