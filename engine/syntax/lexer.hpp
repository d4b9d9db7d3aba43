// The lexer: bytes to tokens exactly as HashiCorp's scanner delimits them, never failing.
#pragma once

#include <memory>
#include <span>
#include <string_view>

#include "base/diagnostic.hpp"
#include "syntax/token.hpp"

namespace hclspec::syntax {

// Scans text[begin, end) as configuration or expression text (offsets stay absolute) and
// appends its tokens to `out`, closed by a zero-length Eof token at `end`. A byte order mark
// at offset 0 becomes a Bom token. Every byte lands in a token except spaces and tabs
// between tokens.
struct LexEnd {
  bool plain;                // ended outside any string, heredoc or template sequence
  int brace_balance;         // "{" minus "}" over the text
  int lowest_brace_balance;  // the least that balance was along the way
  // A "/*" found no "*/" before the end and was lexed as "/" and "*": with more text after the
  // end, the comment might have been closed there.
  bool unclosed_comment;
  // A "{" was lexed inside a template sequence ("${" or "%{" up to its end), where the parser's
  // recovery may read it as a block's body. It may also be set when a "~}" closing an ordinary
  // brace leaves the sequence open in the lexer's eyes: reparse only takes care it need not.
  bool braces_in_templates;
  // A token check_invalid_tokens reports on was made: without one, there is nothing to check.
  bool invalid_tokens;
};
LexEnd lex(std::string_view text, uint32_t begin, uint32_t end, Tokens& out);

// lex into memory the caller provides, able to stop short of a limit and go on later: the
// two-part parse lexes both parts at once into one array, the later part written past where
// the earlier one likely ends, and moves it out of the way when the earlier one does not.
class LexInto {
 public:
  // Writes from `out` on, which must have room for (end - begin) + 2 tokens.
  LexInto(std::string_view text, uint32_t begin, uint32_t end, Token* out);
  ~LexInto();
  LexInto(const LexInto&) = delete;
  LexInto& operator=(const LexInto&) = delete;
  // Lexes on to the end, writing the Eof token, and returns true; with a `limit`, may instead
  // stop short of it (a thousand tokens or so) and return false: calling it again goes on.
  bool run(const Token* limit = nullptr);
  Token* end() const;  // past the last token written so far
  LexEnd end_state() const;

 private:
  struct Lexer;
  std::unique_ptr<Lexer> lexer_;
};

inline Tokens lex(std::string_view text) {
  Tokens out;
  lex(text, 0, static_cast<uint32_t>(text.size()), out);
  return out;
}

// Scans the whole of `text` as the content of a template without delimiters, as a heredoc's
// body is scanned (hclsyntax's ScanTemplate): literals are StringLit tokens.
void lex_template(std::string_view text, Tokens& out);

// How many characters of each kind that check_invalid_tokens limits it has counted so far.
struct InvalidTokenCounts {
  int bitwise = 0, backtick = 0, apostrophe = 0, semicolon = 0, bad_utf8 = 0;
  friend bool operator==(const InvalidTokenCounts&, const InvalidTokenCounts&) = default;
};

// Diagnostics for characters that are never valid (HCL's checkInvalidTokens), limited so one
// mistake repeated does not drown the rest. Going on from the counts of the tokens before
// `tokens` reports what one run over all of them would.
void check_invalid_tokens(std::span<const Token> tokens, base::Diagnostics& out,
                          InvalidTokenCounts& counts);
inline void check_invalid_tokens(std::span<const Token> tokens, base::Diagnostics& out) {
  InvalidTokenCounts counts;
  check_invalid_tokens(tokens, out, counts);
}

}  // namespace hclspec::syntax
