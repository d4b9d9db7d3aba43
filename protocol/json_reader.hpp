// Reading a JSON text into nlohmann::json in one bounded pass, with long strings copied in runs.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <variant>

namespace hclspec::protocol {

// Why a text was not read, and the byte where reading stopped.
struct JsonReadError {
  enum class Kind {
    InvalidUtf8,     // the byte at offset starts no well-formed UTF-8 sequence
    TooDeep,         // the bracket at offset opens a container deeper than the limit
    Syntax,          // not JSON there; reason says what was expected and what was found
    NumberOverflow,  // the number at offset is beyond a double's range (nlohmann's
                     // out_of_range.406)
  };
  Kind kind;
  size_t offset;
  std::string reason;  // for Syntax and NumberOverflow
};

// What nlohmann::json::parse(text) gives, or an error where it throws: the same number kinds, the
// last of duplicate object keys, a leading UTF-8 byte order mark skipped, and a NUL byte where a
// token would start taken as the end of the text (as nlohmann does, for C strings). Containers
// nested deeper than max_depth are an error too, which nlohmann has no limit for; the explicit
// stack of open containers is all the nesting costs, never the call stack.
// The first problem met in reading order is the one reported: a byte that starts ill-formed UTF-8
// (Unicode's table 3-7) is InvalidUtf8, wherever it is met, in a string or between tokens.
std::variant<nlohmann::json, JsonReadError> read_json(std::string_view text, size_t max_depth);

// The same, taking over the text's buffer for the value of the first object member that is a
// string of `adopt_from` bytes or more in the text, starting 8 bytes or more into it (a
// document's text in didOpen or didChange): it is decoded into the buffer's first bytes and moved
// in, so a large message costs no second buffer of its size. The value keeps the buffer's
// capacity. After an error the text's bytes are unspecified.
inline constexpr size_t kAdoptedStringBytes = 64 * 1024;
std::variant<nlohmann::json, JsonReadError> read_json(std::string&& text, size_t max_depth,
                                                      size_t adopt_from = kAdoptedStringBytes);

// Whether a and b are the same value with the same kinds at every level: nlohmann's == holds
// 1, 1u and 1.0 equal, and 0.0 equal to -0.0. Recursive: for values whose depth is bounded.
bool same_json(const nlohmann::json& a, const nlohmann::json& b);

}  // namespace hclspec::protocol
