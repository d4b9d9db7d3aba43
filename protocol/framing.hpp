// The base protocol's framing as pure functions: bytes in, Content-Length-framed bodies out.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace hclspec::protocol {

// The largest body read; a larger one is reported and skipped.
inline constexpr size_t kMaxMessageBytes = 64 * 1024 * 1024;
// The largest header block, its terminating empty line included.
inline constexpr size_t kMaxHeaderBytes = 8 * 1024;

// A message that was skipped, for the log.
struct FramingError {
  std::string message;
};

// The next body, or the reason why some bytes were skipped.
using FrameEvent = std::variant<std::string, FramingError>;

// Cuts a byte stream into message bodies. The events do not depend on how the stream was split
// into feeds. After next() returned nullopt, buffered() is at most max(max_header, max_body):
// an oversized body is dropped as it arrives, an endless header block after max_header bytes.
class MessageReader {
 public:
  explicit MessageReader(size_t max_body = kMaxMessageBytes, size_t max_header = kMaxHeaderBytes);

  // Appends bytes that were read (the part of an oversized body being skipped is dropped here).
  void feed(std::string_view bytes);
  // The next body or error; nullopt when more bytes are needed. Call it until it returns nullopt
  // after each feed, or the bytes fed stay buffered.
  std::optional<FrameEvent> next();
  // Bytes held now, not yet returned or dropped.
  size_t buffered() const { return buffer_.size() - start_; }

 private:
  enum class State {
    Headers,    // reading a header block
    Body,       // waiting for body_length_ bytes
    Skipping,   // dropping skip_remaining_ bytes of an oversized body
    Resyncing,  // dropping bytes up to the next empty line after an endless header block
  };

  std::optional<FrameEvent> read_headers();
  void resync();
  std::string_view pending() const { return std::string_view(buffer_).substr(start_); }
  void consume(size_t count);

  size_t max_body_;
  size_t max_header_;
  State state_ = State::Headers;
  std::string buffer_;
  size_t start_ = 0;           // bytes of buffer_ already consumed
  size_t scanned_ = 0;         // bytes of pending() searched for the empty line in vain
  size_t body_length_ = 0;     // State::Body
  size_t skip_remaining_ = 0;  // State::Skipping
};

// "Content-Length: N\r\n\r\n" followed by the body.
std::string frame(std::string_view body);
// The header alone, for a writer that sends a large body without copying it behind the header.
std::string frame_header(size_t body_size);

}  // namespace hclspec::protocol
