// Lexer: a hand-written equivalent of hclsyntax's Ragel scanner, with its modes as a stack.
#include "syntax/lexer.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <utility>
#include <vector>

#include "base/huge_pages.hpp"
#include "base/unicode.hpp"

// A function kept as one out-of-line copy. GCC would otherwise clone Lexer::run for the calls
// without a limit and inline the scanning steps into neither copy (14% slower); Clang has no
// noclone.
#if defined(__clang__)
#define LEXER_ONE_COPY [[gnu::noinline]]
#else
#define LEXER_ONE_COPY [[gnu::noinline, gnu::noclone]]
#endif

namespace hclspec::syntax {

namespace {

enum class Mode : uint8_t { Main, QuotedTemplate, Heredoc };

struct HeredocInProgress {
  std::string_view marker;
  bool start_of_line = true;
};

// Byte classes for the hot loops: one table lookup instead of a chain of comparisons.
enum : uint8_t {
  kIdentContinue = 1,  // ASCII letters, digits, '_' and '-'
  kQuotedStop = 2,     // ends a plain run in a quoted template: $ % " \ CR LF, non-ASCII
  kHeredocStop = 4,    // ends a plain run in a heredoc: $ % CR LF, non-ASCII
};

constexpr std::array<uint8_t, 256> make_byte_classes() {
  std::array<uint8_t, 256> table{};
  for (int c = 0; c < 256; ++c) {
    uint8_t bits = 0;
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
        c == '-')
      bits |= kIdentContinue;
    if (c == '$' || c == '%' || c == '"' || c == '\\' || c == '\r' || c == '\n' || c >= 0x80)
      bits |= kQuotedStop;
    if (c == '$' || c == '%' || c == '\r' || c == '\n' || c >= 0x80) bits |= kHeredocStop;
    table[static_cast<size_t>(c)] = bits;
  }
  return table;
}

constexpr std::array<uint8_t, 256> kByteClasses = make_byte_classes();

inline bool has_class(unsigned char c, uint8_t bits) {
  return (kByteClasses[c] & bits) != 0;
}

bool is_space(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

class Lexer {
 public:
  // Writes tokens from `out` on, without capacity checks: every token but Eof holds at least
  // one byte, and a byte order mark is three, so the caller's room for (end - begin) + 2 tokens
  // is enough. `template_text`: the whole text is a template's content (hclsyntax's
  // ScanTemplate), scanned as a heredoc body whose closing marker cannot occur.
  Lexer(std::string_view text, uint32_t begin, uint32_t end, Token* out, bool template_text)
      : text_(text), pos_(begin), end_(end), cursor_(out) {
    // Its token is written by run(), which alone writes: memory past the limit it is given may
    // be another lexer's.
    bom_ = pos_ == 0 && end_ >= 3 && text_.substr(0, 3) == "\xEF\xBB\xBF";
    if (bom_) pos_ = 3;
    push_mode(Mode::Main);
    if (template_text) {
      heredocs_.push_back({"\n", true});  // a trimmed line never equals "\n"
      push_mode(Mode::Heredoc);
    }
  }

  // Lexes on to the end, writing the Eof token, and returns true; or, when `limit` is set,
  // stops (returning false) once fewer than kStepTokens are left before it, to go on when
  // called again.
  // One copy, called from lex() and LexInto: the scanning steps then inline into it.
  LEXER_ONE_COPY bool run(const Token* limit = nullptr) {
    if (limit != nullptr && limit - cursor_ < kStepTokens) return false;
    if (std::exchange(bom_, false)) emit(TokenKind::Bom, 0, 3);
    while (pos_ < end_) {
      if (limit != nullptr && limit - cursor_ < kStepTokens) return false;
      bool matched = true;
      switch (mode_) {
        case Mode::Main:
          scan_main();
          break;
        case Mode::QuotedTemplate:
          scan_quoted();
          break;
        case Mode::Heredoc:
          matched = scan_heredoc();
          break;
      }
      if (!matched) {
        // The reference scanner stops when no rule matches; the rest is one invalid token.
        emit(TokenKind::Invalid, pos_, end_);
        invalid_tokens_ = true;
        pos_ = end_;
      }
    }
    if (limit != nullptr && limit - cursor_ < kStepTokens) return false;
    *cursor_++ = Token(TokenKind::Eof, end_, end_);
    return true;
  }

  Token* cursor() const { return cursor_; }

  LexEnd end_state() const {
    return {modes_.size() == 1 && return_braces_.empty() && heredocs_.empty(),
            braces_,
            lowest_braces_,
            unclosed_comment_,
            braces_in_templates_,
            invalid_tokens_};
  }

 private:
  unsigned char at(uint32_t i) const { return i < end_ ? static_cast<unsigned char>(text_[i]) : 0; }
  bool has(uint32_t i) const { return i < end_; }

  [[gnu::always_inline]] void emit(TokenKind kind, uint32_t start, uint32_t stop) {
    if (stop - start <= Token::kMaxTokenLength) [[likely]] {
      *cursor_++ = Token(kind, start, stop);
      return;
    }
    emit_split(kind, start, stop);
  }

  [[gnu::noinline]] void emit_split(TokenKind kind, uint32_t start, uint32_t stop) {
    bool continues = false;
    while (stop - start > Token::kMaxTokenLength) {
      *cursor_++ = Token(kind, start, start + Token::kMaxTokenLength, continues);
      start += Token::kMaxTokenLength;
      continues = true;
    }
    *cursor_++ = Token(kind, start, stop, true);
  }

  void token(TokenKind kind, uint32_t length) {
    emit(kind, pos_, pos_ + length);
    pos_ += length;
  }

  // A token check_invalid_tokens reports on: noted, so that a text without any is not read
  // again for them.
  [[gnu::noinline]] void invalid_token(TokenKind kind, uint32_t length) {
    invalid_tokens_ = true;
    token(kind, length);
  }

  // Length of an identifier starting at i, or 0 if none starts there.
  uint32_t ident_length(uint32_t i) const {
    const unsigned char c = at(i);
    uint32_t p = i;
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_') {
      p = i + 1;
    } else if (c >= 0x80 && has(i)) {
      size_t length;
      const uint32_t cp = base::decode_utf8(text_.substr(0, end_), i, length);
      if (cp == base::kInvalidCodePoint || !base::is_id_start(cp)) return 0;
      p = i + static_cast<uint32_t>(length);
    } else {
      return 0;
    }
    const unsigned char* data = reinterpret_cast<const unsigned char*>(text_.data());
    while (p < end_) {
      const unsigned char d = data[p];
      if (d < 0x80) {
        if (!has_class(d, kIdentContinue)) break;
        const unsigned char* q = data + p + 1;
        const unsigned char* stop = data + end_;
        while (q < stop && has_class(*q, kIdentContinue)) ++q;
        p = static_cast<uint32_t>(q - data);
        continue;
      }
      size_t length;
      const uint32_t cp = base::decode_utf8(text_.substr(0, end_), p, length);
      if (cp == base::kInvalidCodePoint || !base::is_id_continue(cp)) break;
      p += static_cast<uint32_t>(length);
    }
    return p - i;
  }

  // A character the language does not use: one valid UTF-8 character or one broken byte.
  void invalid_character() {
    size_t length;
    const uint32_t cp = base::decode_utf8(text_.substr(0, end_), pos_, length);
    invalid_token(cp == base::kInvalidCodePoint ? TokenKind::BadUtf8 : TokenKind::Invalid,
                  static_cast<uint32_t>(length));
  }

  void push_template_sequence(TokenKind kind, uint32_t length) {
    token(kind, length);
    ++braces_;
    return_braces_.push_back(braces_);
    if (!heredocs_.empty()) heredocs_.back().start_of_line = false;
    push_mode(Mode::Main);
  }

  // "${" or "%{", with an optional strip marker, starting at pos_; returns whether it matched.
  bool template_sequence_start() {
    const unsigned char c = at(pos_);
    if ((c != '$' && c != '%') || at(pos_ + 1) != '{') return false;
    const uint32_t length = at(pos_ + 2) == '~' ? 3 : 2;
    push_template_sequence(c == '$' ? TokenKind::TemplateInterp : TokenKind::TemplateControl,
                           length);
    return true;
  }

  // Length of a "$"/"%" literal that does not begin a sequence: "$${", "$${~" (escapes) or a
  // lone "$" before any other byte; 0 when a "$" ends the input, where nothing matches.
  uint32_t template_escape_length(uint32_t i) const {
    const unsigned char c = at(i);
    if (at(i + 1) == c && at(i + 2) == '{') return at(i + 3) == '~' ? 4 : 3;
    return has(i + 1) ? 1 : 0;
  }

  void scan_main() {
    const unsigned char c = at(pos_);
    switch (c) {
      case ' ':
      case '\t': {
        const char* data = text_.data();
        uint32_t p = pos_ + 1;
        while (p < end_ && (data[p] == ' ' || data[p] == '\t')) ++p;
        pos_ = p;
        return;
      }
      case '\n':
        token(TokenKind::Newline, 1);
        return;
      case '\r':
        if (at(pos_ + 1) == '\n') return token(TokenKind::Newline, 2);
        return invalid_token(TokenKind::Invalid, 1);
      case '0':
      case '1':
      case '2':
      case '3':
      case '4':
      case '5':
      case '6':
      case '7':
      case '8':
      case '9':
        return scan_number();
      case '#':
        return scan_line_comment(1);
      case '/':
        if (at(pos_ + 1) == '/') return scan_line_comment(2);
        if (at(pos_ + 1) == '*') {
          const std::string_view rest = text_.substr(pos_ + 2, end_ - pos_ - 2);
          const size_t close = rest.find("*/");
          if (close != std::string_view::npos)
            return token(TokenKind::Comment, static_cast<uint32_t>(close) + 4);
          unclosed_comment_ = true;
        }
        return token(TokenKind::Slash, 1);
      case '=':
        if (at(pos_ + 1) == '=') return token(TokenKind::EqualOp, 2);
        if (at(pos_ + 1) == '>') return token(TokenKind::FatArrow, 2);
        return token(TokenKind::Equal, 1);
      case '!':
        if (at(pos_ + 1) == '=') return token(TokenKind::NotEqual, 2);
        return token(TokenKind::Bang, 1);
      case '>':
        if (at(pos_ + 1) == '=') return token(TokenKind::GreaterThanEq, 2);
        return token(TokenKind::GreaterThan, 1);
      case '<':
        if (at(pos_ + 1) == '<' && scan_heredoc_start()) return;
        if (at(pos_ + 1) == '=') return token(TokenKind::LessThanEq, 2);
        return token(TokenKind::LessThan, 1);
      case '&':
        if (at(pos_ + 1) == '&') return token(TokenKind::And, 2);
        return invalid_token(TokenKind::BitwiseAnd, 1);
      case '|':
        if (at(pos_ + 1) == '|') return token(TokenKind::Or, 2);
        return invalid_token(TokenKind::BitwiseOr, 1);
      case ':':
        if (at(pos_ + 1) == ':') return token(TokenKind::DoubleColon, 2);
        return token(TokenKind::Colon, 1);
      case '.':
        if (at(pos_ + 1) == '.' && at(pos_ + 2) == '.') return token(TokenKind::Ellipsis, 3);
        return token(TokenKind::Dot, 1);
      case '~':
        if (at(pos_ + 1) == '}') return close_brace(true);
        return invalid_token(TokenKind::BitwiseNot, 1);
      case '{':
        ++braces_;
        if (!return_braces_.empty()) braces_in_templates_ = true;
        return token(TokenKind::OBrace, 1);
      case '}':
        return close_brace(false);
      case '"':
        token(TokenKind::OQuote, 1);
        push_mode(Mode::QuotedTemplate);
        return;
      case '[':
        return token(TokenKind::OBrack, 1);
      case ']':
        return token(TokenKind::CBrack, 1);
      case '(':
        return token(TokenKind::OParen, 1);
      case ')':
        return token(TokenKind::CParen, 1);
      case ',':
        return token(TokenKind::Comma, 1);
      case '*':
        return token(TokenKind::Star, 1);
      case '%':
        return token(TokenKind::Percent, 1);
      case '+':
        return token(TokenKind::Plus, 1);
      case '-':
        return token(TokenKind::Minus, 1);
      case '?':
        return token(TokenKind::Question, 1);
      case '^':
        return invalid_token(TokenKind::BitwiseXor, 1);
      case ';':
        return invalid_token(TokenKind::Semicolon, 1);
      case '`':
        return invalid_token(TokenKind::Backtick, 1);
      case '\'':
        return invalid_token(TokenKind::Apostrophe, 1);
      default:
        break;
    }
    if (const uint32_t length = ident_length(pos_)) return token(TokenKind::Ident, length);
    invalid_character();
  }

  void scan_number() {
    // decimal (decimal | "." | [eE][+-]?decimal)*, not ending in "."
    uint32_t p = pos_ + 1;
    for (;;) {
      const unsigned char d = at(p);
      if ((d >= '0' && d <= '9') || d == '.') {
        ++p;
      } else if (d == 'e' || d == 'E') {
        const unsigned char n = at(p + 1);
        if (n >= '0' && n <= '9') {
          p += 2;
        } else if ((n == '+' || n == '-') && at(p + 2) >= '0' && at(p + 2) <= '9') {
          p += 3;
        } else {
          break;
        }
      } else {
        break;
      }
    }
    while (text_[p - 1] == '.') --p;
    token(TokenKind::NumberLit, p - pos_);
  }

  void scan_line_comment(uint32_t introducer) {
    const uint32_t from = pos_ + introducer;
    const void* newline =
        from < end_ ? std::memchr(text_.data() + from, '\n', end_ - from) : nullptr;
    const uint32_t stop =
        newline == nullptr
            ? end_
            : static_cast<uint32_t>(static_cast<const char*>(newline) - text_.data()) + 1;
    token(TokenKind::Comment, stop - pos_);
  }

  void close_brace(bool strip_marker) {
    const uint32_t length = strip_marker ? 2 : 1;
    if (!return_braces_.empty() && return_braces_.back() == braces_) {
      token(TokenKind::TemplateSeqEnd, length);
      --braces_;
      return_braces_.pop_back();
      if (modes_.size() > 1) pop_mode();
      return;
    }
    // A "~}" that closes an ordinary brace is still a sequence end, so the parser can report
    // the mismatch.
    token(strip_marker ? TokenKind::TemplateSeqEnd : TokenKind::CBrace, length);
    --braces_;
    lowest_braces_ = std::min(lowest_braces_, braces_);
  }

  bool scan_heredoc_start() {
    uint32_t p = pos_ + 2;
    if (at(p) == '-') ++p;
    const uint32_t name_length = ident_length(p);
    if (name_length == 0) return false;
    uint32_t q = p + name_length;
    if (at(q) == '\r') ++q;
    if (at(q) != '\n') return false;
    heredocs_.push_back({text_.substr(p, name_length), true});
    token(TokenKind::OHeredoc, q + 1 - pos_);
    push_mode(Mode::Heredoc);
    return true;
  }

  void scan_quoted() {
    if (template_sequence_start()) return;
    const unsigned char c = at(pos_);
    if (c == '"') {
      token(TokenKind::CQuote, 1);
      pop_mode();
      return;
    }
    if (c == '\r' || c == '\n') {
      uint32_t p = pos_ + 1;
      while (p < end_ && (text_[p] == '\r' || text_[p] == '\n')) ++p;
      return invalid_token(TokenKind::QuotedNewline, p - pos_);
    }
    if (c == '$' || c == '%') {
      if (const uint32_t length = template_escape_length(pos_))
        return token(TokenKind::QuotedLit, length);
      return invalid_token(TokenKind::Invalid, 1);
    }
    uint32_t p = pos_;
    while (p < end_) {
      const unsigned char d = at(p);
      if (!has_class(d, kQuotedStop)) {
        ++p;
        continue;
      }
      if (d == '$' || d == '%' || d == '"' || d == '\r' || d == '\n') break;
      uint32_t escape = 0;
      if (d == '\\') {
        escape = 1;
        if (at(p + 1) == '\r' || at(p + 1) == '\n' || !has(p + 1)) break;
      }
      size_t length = 1;
      if (at(p + escape) >= 0x80 &&
          base::decode_utf8(text_.substr(0, end_), p + escape, length) == base::kInvalidCodePoint)
        break;
      p += escape + static_cast<uint32_t>(length);
    }
    if (p > pos_) return token(TokenKind::QuotedLit, p - pos_);
    invalid_character();  // a backslash before a line break or the end, or a broken byte
  }

  bool scan_heredoc() {
    if (template_sequence_start()) return true;
    const unsigned char c = at(pos_);
    uint32_t p = pos_;
    if (c == '$' || c == '%') {
      p += template_escape_length(pos_);
      if (p == pos_) return false;
    } else {
      while (p < end_) {
        const unsigned char d = at(p);
        if (!has_class(d, kHeredocStop)) {
          ++p;
          continue;
        }
        if (d == '$' || d == '%' || d == '\r' || d == '\n') break;
        size_t length = 1;
        if (d >= 0x80 &&
            base::decode_utf8(text_.substr(0, end_), p, length) == base::kInvalidCodePoint)
          break;
        p += static_cast<uint32_t>(length);
      }
    }
    uint32_t newline_length = 0;
    if (at(p) == '\n') {
      newline_length = 1;
    } else if (at(p) == '\r' && at(p + 1) == '\n') {
      newline_length = 2;
    }
    if (newline_length == 0) {
      if (p == pos_) {
        if (at(p) >= 0x80) {
          invalid_token(TokenKind::BadUtf8, 1);
          return true;
        }
        return false;  // a lone carriage return: no rule matches it
      }
      heredocs_.back().start_of_line = false;
      token(TokenKind::StringLit, p - pos_);
      return true;
    }
    HeredocInProgress& doc = heredocs_.back();
    if (doc.start_of_line && trimmed(pos_, p) == doc.marker) {
      emit(TokenKind::CHeredoc, pos_, p);
      emit(TokenKind::Newline, p, p + newline_length);
      pos_ = p + newline_length;
      heredocs_.pop_back();
      pop_mode();
      return true;
    }
    doc.start_of_line = true;
    token(TokenKind::StringLit, p + newline_length - pos_);
    return true;
  }

  std::string_view trimmed(uint32_t from, uint32_t to) const {
    while (from < to && is_space(at(from))) ++from;
    while (to > from && is_space(at(to - 1))) --to;
    return text_.substr(from, to - from);
  }

  // The most tokens one step of run() writes: two, each cut into at most 257 pieces (a token of
  // 4 GiB at 16 MiB a piece), and the Eof.
  static constexpr ptrdiff_t kStepTokens = 1024;

  std::string_view text_;
  uint32_t pos_;
  uint32_t end_;
  Token* cursor_;  // where the next token goes
  bool bom_;       // a byte order mark starts the text, its token not yet written
  void push_mode(Mode mode) {
    modes_.push_back(mode);
    mode_ = mode;
  }
  void pop_mode() {
    modes_.pop_back();
    mode_ = modes_.back();
  }

  std::vector<Mode> modes_;
  Mode mode_ = Mode::Main;  // modes_.back(), kept apart because it is read for every token
  int braces_ = 0;
  int lowest_braces_ = 0;
  bool unclosed_comment_ = false;
  bool braces_in_templates_ = false;
  bool invalid_tokens_ = false;
  std::vector<int> return_braces_;
  std::vector<HeredocInProgress> heredocs_;
};

// Room for the tokens of text[begin, end) at the end of `out`, in huge pages when large; the
// lexer writing there from the returned place.
Token* make_room(Tokens& out, uint32_t begin, uint32_t end) {
  const size_t base = out.size();
  out.resize(base + (end - begin) + 2);  // allocated, not written (DefaultInitAllocator)
  base::advise_huge_pages(out.data() + base, (out.size() - base) * sizeof(Token));
  return out.data() + base;
}

// Appends the tokens of text[begin, end) to `out`.
LexEnd lex_appending(std::string_view text, uint32_t begin, uint32_t end, Tokens& out,
                     bool template_text) {
  Lexer lexer(text, begin, end, make_room(out, begin, end), template_text);
  lexer.run();
  out.resize(static_cast<size_t>(lexer.cursor() - out.data()));
  return lexer.end_state();
}

}  // namespace

LexEnd lex(std::string_view text, uint32_t begin, uint32_t end, Tokens& out) {
  return lex_appending(text, begin, end, out, false);
}

void lex_template(std::string_view text, Tokens& out) {
  lex_appending(text, 0, static_cast<uint32_t>(text.size()), out, true);
}

// The lexer behind LexInto, kept in this file so that its scanning inlines into run().
struct LexInto::Lexer {
  syntax::Lexer lexer;
};

LexInto::LexInto(std::string_view text, uint32_t begin, uint32_t end, Token* out)
    : lexer_(std::make_unique<Lexer>(Lexer{{text, begin, end, out, false}})) {}

LexInto::~LexInto() = default;

bool LexInto::run(const Token* limit) {
  return lexer_->lexer.run(limit);
}

Token* LexInto::end() const {
  return lexer_->lexer.cursor();
}

LexEnd LexInto::end_state() const {
  return lexer_->lexer.end_state();
}

void check_invalid_tokens(std::span<const Token> tokens, base::Diagnostics& out,
                          InvalidTokenCounts& told) {
  auto add = [&](const Token& t, const char* summary, std::string detail) {
    out.push_back({base::Severity::Error, summary, std::move(detail), t.range(), std::nullopt});
  };
  for (const Token& t : tokens) {
    switch (t.kind()) {
      case TokenKind::BitwiseAnd:
      case TokenKind::BitwiseOr:
      case TokenKind::BitwiseXor:
      case TokenKind::BitwiseNot:
        if (told.bitwise < 4) {
          const char* suggestion =
              t.kind() == TokenKind::BitwiseAnd   ? " Did you mean boolean AND (\"&&\")?"
              : t.kind() == TokenKind::BitwiseOr  ? " Did you mean boolean OR (\"||\")?"
              : t.kind() == TokenKind::BitwiseNot ? " Did you mean boolean NOT (\"!\")?"
                                                  : "";
          add(t, "Unsupported operator",
              std::string("Bitwise operators are not supported.") + suggestion);
          ++told.bitwise;
        }
        break;
      case TokenKind::Backtick:
        if (told.backtick % 2 == 0)
          add(t, "Invalid character",
              "The \"`\" character is not valid. To create a multi-line string, use the "
              "\"heredoc\" syntax, like \"<<EOT\".");
        if (told.backtick <= 2) ++told.backtick;
        break;
      case TokenKind::Apostrophe:
        if (told.apostrophe % 2 == 0)
          add(t, "Invalid character",
              "Single quotes are not valid. Use double quotes (\") to enclose strings.");
        if (told.apostrophe <= 2) ++told.apostrophe;
        break;
      case TokenKind::Semicolon:
        if (told.semicolon < 1) {
          add(t, "Invalid character",
              "The \";\" character is not valid. Use newlines to separate arguments and blocks, "
              "and commas to separate items in collection values.");
          ++told.semicolon;
        }
        break;
      case TokenKind::BadUtf8:
        if (told.bad_utf8 < 1) {
          add(t, "Invalid character encoding",
              "All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in "
              "your editor.");
          ++told.bad_utf8;
        }
        break;
      case TokenKind::QuotedNewline:
        add(t, "Invalid multi-line string",
            "Quoted strings may not be split over multiple lines. To produce a multi-line "
            "string, either use the \\n escape to represent a newline character or use the "
            "\"heredoc\" multi-line template syntax.");
        break;
      case TokenKind::Invalid:
        add(t, "Invalid character", "This character is not used within the language.");
        break;
      default:
        break;
    }
  }
}

}  // namespace hclspec::syntax
