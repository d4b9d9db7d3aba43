// Tokens of HCL's native syntax, as HashiCorp's scanner delimits them, in 8 bytes each.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>
#include <type_traits>
#include <vector>

#include "base/default_init_allocator.hpp"
#include "base/text_range.hpp"

namespace hclspec::syntax {

enum class TokenKind : uint8_t {
  // Brackets
  OBrace,
  CBrace,
  OBrack,
  CBrack,
  OParen,
  CParen,
  OQuote,
  CQuote,
  OHeredoc,
  CHeredoc,
  // Operators and punctuation
  Star,
  Slash,
  Plus,
  Minus,
  Percent,
  Equal,
  EqualOp,
  NotEqual,
  LessThan,
  LessThanEq,
  GreaterThan,
  GreaterThanEq,
  And,
  Or,
  Bang,
  Dot,
  Comma,
  DoubleColon,
  Ellipsis,
  FatArrow,
  Question,
  Colon,
  // Template sequences
  TemplateInterp,
  TemplateControl,
  TemplateSeqEnd,
  // Literals and names
  QuotedLit,  // literal text of a quoted template, may hold backslash escapes
  StringLit,  // literal text of a heredoc, no escapes
  NumberLit,
  Ident,
  // Trivia
  Comment,  // a line comment includes the newline that ends it
  Newline,
  Bom,  // a UTF-8 byte order mark at the very start: skipped like a comment
  // Characters the language does not use, recognized to give good diagnostics
  BitwiseAnd,
  BitwiseOr,
  BitwiseNot,
  BitwiseXor,
  Apostrophe,
  Backtick,
  Semicolon,
  Invalid,
  BadUtf8,
  QuotedNewline,
  Eof,
};

const char* token_kind_name(TokenKind kind);

// A token that carries no syntax between two others: a comment, a newline, a byte order mark.
inline bool is_trivia(TokenKind kind) {
  return kind == TokenKind::Comment || kind == TokenKind::Newline || kind == TokenKind::Bom;
}

// The token that closes what `open` opens: a bracket's partner, a quote's or heredoc marker's,
// TemplateSeqEnd for "${" and "%{"; Eof for a token that opens nothing.
TokenKind closing_bracket(TokenKind open);
// The token that opens what `close` closes (TemplateInterp for TemplateSeqEnd); Eof for a token
// that closes nothing.
TokenKind opening_bracket(TokenKind close);

// A token: its start offset and, packed together, its length and kind. Tokens longer than
// kMaxTokenLength are split by the lexer into several tokens of the same kind, the pieces after
// the first marked as continuing the token before.
class Token {
 public:
  static constexpr uint32_t kMaxTokenLength = (1u << 24) - 1;

  Token() = default;  // trivial: token buffers are sized before the lexer writes them
  constexpr Token(TokenKind kind, uint32_t start, uint32_t end, bool continues = false)
      : start_(start),
        length_and_kind_(((end - start) << 8) | static_cast<uint32_t>(kind) |
                         (continues ? kContinues : 0)) {}

  TokenKind kind() const { return static_cast<TokenKind>(length_and_kind_ & kKindMask); }
  // A piece after the first of a token the lexer cut for length.
  bool continues() const { return (length_and_kind_ & kContinues) != 0; }
  uint32_t start() const { return start_; }
  uint32_t end() const { return start_ + (length_and_kind_ >> 8); }
  base::ByteRange range() const { return {start(), end()}; }
  // The same token `delta` bytes later (modulo 2^32, so a negative delta wraps around).
  Token shifted(uint32_t delta) const {
    Token moved = *this;
    moved.start_ += delta;
    return moved;
  }
  std::string_view text(std::string_view source) const {
    return source.substr(start_, length_and_kind_ >> 8);
  }
  // Where the text ends before the line break that ends a line comment, a heredoc's line or its
  // opening marker, for features that keep what they show on the token's own lines.
  uint32_t end_before_line_break(std::string_view source) const {
    uint32_t last = end();
    if (last > start_ && source[last - 1] == '\n') --last;
    if (last > start_ && source[last - 1] == '\r') --last;
    return last;
  }

  friend bool operator==(const Token&, const Token&) = default;

 private:
  static constexpr uint32_t kKindMask = 0x7F;
  static constexpr uint32_t kContinues = 0x80;
  uint32_t start_;
  uint32_t length_and_kind_;
};
static_assert(static_cast<uint32_t>(TokenKind::Eof) < 0x80, "kinds must leave the flag bit free");
static_assert(sizeof(Token) == 8);
static_assert(std::is_trivially_default_constructible_v<Token>);

using Tokens = std::vector<Token, base::DefaultInitAllocator<Token>>;

}  // namespace hclspec::syntax
