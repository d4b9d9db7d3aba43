// Lexer tables: token kinds and texts for every token type, as HashiCorp's scanner delimits them.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "syntax/lexer.hpp"
#include "test_support.hpp"

using namespace hclspec::syntax;
using hclspec::syntax::testing::render_tokens;

namespace {

struct Row {
  std::string input;
  std::string tokens;  // render_tokens' form: Kind(text) ...
};

void check_rows(std::initializer_list<Row> rows) {
  for (const Row& row : rows) {
    CAPTURE(row.input);
    CHECK(render_tokens(row.input) == row.tokens);
  }
}

}  // namespace

TEST_CASE("brackets, operators and punctuation") {
  check_rows({
      {"{}[]()", "OBrace({) CBrace(}) OBrack([) CBrack(]) OParen(() CParen()) Eof()"},
      {"* / + - %", "Star(*) Slash(/) Plus(+) Minus(-) Percent(%) Eof()"},
      {"= == != < <= > >=",
       "Equal(=) EqualOp(==) NotEqual(!=) LessThan(<) LessThanEq(<=) GreaterThan(>) "
       "GreaterThanEq(>=) Eof()"},
      {"&& || !", "And(&&) Or(||) Bang(!) Eof()"},
      {". , :: ... => ? :",
       "Dot(.) Comma(,) DoubleColon(::) Ellipsis(...) FatArrow(=>) Question(?) Colon(:) Eof()"},
      // Longest match, without spaces.
      {"a==b", "Ident(a) EqualOp(==) Ident(b) Eof()"},
      {"===", "EqualOp(==) Equal(=) Eof()"},
      {"=>=", "FatArrow(=>) Equal(=) Eof()"},
      {"....", "Ellipsis(...) Dot(.) Eof()"},
      {"..", "Dot(.) Dot(.) Eof()"},
      {":::", "DoubleColon(::) Colon(:) Eof()"},
      {"!!=", "Bang(!) NotEqual(!=) Eof()"},
      {"<<", "LessThan(<) LessThan(<) Eof()"},
      {"a.b[0]", "Ident(a) Dot(.) Ident(b) OBrack([) NumberLit(0) CBrack(]) Eof()"},
      {"x[*].y", "Ident(x) OBrack([) Star(*) CBrack(]) Dot(.) Ident(y) Eof()"},
      // Characters HCL does not use still get kinds of their own, for better diagnostics.
      {"& | ~ ^ ; ` '",
       "BitwiseAnd(&) BitwiseOr(|) BitwiseNot(~) BitwiseXor(^) Semicolon(;) Backtick(`) "
       "Apostrophe(') Eof()"},
  });
}

TEST_CASE("number literals: the scanner's wide rule, never ending in a dot") {
  check_rows({
      {"0", "NumberLit(0) Eof()"},
      {"42", "NumberLit(42) Eof()"},
      {"007", "NumberLit(007) Eof()"},
      {"1.5", "NumberLit(1.5) Eof()"},
      {"1.5e3", "NumberLit(1.5e3) Eof()"},
      {"1E-5", "NumberLit(1E-5) Eof()"},
      {"2e+10", "NumberLit(2e+10) Eof()"},
      {"1.2.3", "NumberLit(1.2.3) Eof()"},  // one token; the parser rejects its value
      {"1..2", "NumberLit(1..2) Eof()"},
      {"1.", "NumberLit(1) Dot(.) Eof()"},  // a trailing dot is not part of the number
      {"1...", "NumberLit(1) Ellipsis(...) Eof()"},
      {"1.e5", "NumberLit(1.e5) Eof()"},
      {"1e", "NumberLit(1) Ident(e) Eof()"},  // an exponent needs a digit
      {"1e+", "NumberLit(1) Ident(e) Plus(+) Eof()"},
      {"1e+x", "NumberLit(1) Ident(e) Plus(+) Ident(x) Eof()"},
      {"1ee2", "NumberLit(1) Ident(ee2) Eof()"},
      {"0x10", "NumberLit(0) Ident(x10) Eof()"},
      {"-1", "Minus(-) NumberLit(1) Eof()"},  // the sign is an operator
      {"1-2", "NumberLit(1) Minus(-) NumberLit(2) Eof()"},
      {"a.0.1", "Ident(a) Dot(.) NumberLit(0.1) Eof()"},  // why "a.0.1" is a legacy index chain
      {"a.0", "Ident(a) Dot(.) NumberLit(0) Eof()"},
  });
}

TEST_CASE("identifiers: letters, digits, '_' and '-', and Unicode ID_Start/ID_Continue") {
  check_rows({
      {"foo", "Ident(foo) Eof()"},
      {"foo-bar", "Ident(foo-bar) Eof()"},
      {"foo_bar", "Ident(foo_bar) Eof()"},
      {"_x", "Ident(_x) Eof()"},
      {"x1", "Ident(x1) Eof()"},
      {"a-", "Ident(a-) Eof()"},
      {"a--b", "Ident(a--b) Eof()"},
      {"-a", "Minus(-) Ident(a) Eof()"},
      {"1a", "NumberLit(1) Ident(a) Eof()"},
      {"caf\xC3\xA9", "Ident(caf\xC3\xA9) Eof()"},
      {"\xE6\x97\xA5\xE6\x9C\xAC", "Ident(\xE6\x97\xA5\xE6\x9C\xAC) Eof()"},
      {"\xC3\xA9t\xC3\xA9", "Ident(\xC3\xA9t\xC3\xA9) Eof()"},
      {"e\xCC\x81x", "Ident(e\xCC\x81x) Eof()"},  // a combining mark continues an identifier
      {"\xCC\x81x", "Invalid(\xCC\x81) Ident(x) Eof()"},  // but cannot start one
      {"\xCE\x94\xCE\xB5", "Ident(\xCE\x94\xCE\xB5) Eof()"},
      {"a\xF0\x9F\x98\x80", "Ident(a) Invalid(\xF0\x9F\x98\x80) Eof()"},  // emoji are not letters
      {"true false null for in if",
       "Ident(true) Ident(false) Ident(null) Ident(for) Ident(in) Ident(if) Eof()"},
  });
}

TEST_CASE("comments: line comments keep their newline; an unterminated /* is not a comment") {
  check_rows({
      {"# hash\nx", "Comment(# hash\\n) Ident(x) Eof()"},
      {"// slashes\nx", "Comment(// slashes\\n) Ident(x) Eof()"},
      {"#x", "Comment(#x) Eof()"},  // at the end of the file, without a newline
      {"# crlf\r\nx", "Comment(# crlf\\r\\n) Ident(x) Eof()"},
      {"a # trailing\n", "Ident(a) Comment(# trailing\\n) Eof()"},
      {"/* block */x", "Comment(/* block */) Ident(x) Eof()"},
      {"/* multi\nline */x", "Comment(/* multi\\nline */) Ident(x) Eof()"},
      {"/**/", "Comment(/**/) Eof()"},
      {"/* a */ b */", "Comment(/* a */) Ident(b) Star(*) Slash(/) Eof()"},  // ends at the first
      {"a /* b */ c", "Ident(a) Comment(/* b */) Ident(c) Eof()"},
      {"/* unterminated", "Slash(/) Star(*) Ident(unterminated) Eof()"},
      {"/*/", "Slash(/) Star(*) Slash(/) Eof()"},
      {"/ /", "Slash(/) Slash(/) Eof()"},
      {"# a /* b\nc */", "Comment(# a /* b\\n) Ident(c) Star(*) Slash(/) Eof()"},
  });
}

TEST_CASE("newlines and whitespace") {
  check_rows({
      {"a\nb", "Ident(a) Newline(\\n) Ident(b) Eof()"},
      {"a\r\nb", "Ident(a) Newline(\\r\\n) Ident(b) Eof()"},
      {"a\rb", "Ident(a) Invalid(\\r) Ident(b) Eof()"},  // a lone CR is not a newline
      {"\n\n", "Newline(\\n) Newline(\\n) Eof()"},
      {"\t  a \t", "Ident(a) Eof()"},  // spaces and tabs belong to no token
      {"a\vb", "Ident(a) Invalid(\\x0B) Ident(b) Eof()"},
      {"a\fb", "Ident(a) Invalid(\\x0C) Ident(b) Eof()"},
      {"", "Eof()"},
      {"   ", "Eof()"},
  });
}

TEST_CASE("quoted templates: literals, escapes, sequences and their doubled escapes") {
  check_rows({
      {"\"plain\"", "OQuote(\") QuotedLit(plain) CQuote(\") Eof()"},
      {"\"\"", "OQuote(\") CQuote(\") Eof()"},
      {R"("a\"b\\c\n")", R"(OQuote(") QuotedLit(a\\"b\\\\c\\n) CQuote(") Eof())"},
      {R"("\u00e9\U0001F600")", R"(OQuote(") QuotedLit(\\u00e9\\U0001F600) CQuote(") Eof())"},
      {"\"x${y}z\"",
       "OQuote(\") QuotedLit(x) TemplateInterp(${) Ident(y) TemplateSeqEnd(}) QuotedLit(z) "
       "CQuote(\") Eof()"},
      {"\"${a}${b}\"",
       "OQuote(\") TemplateInterp(${) Ident(a) TemplateSeqEnd(}) TemplateInterp(${) Ident(b) "
       "TemplateSeqEnd(}) CQuote(\") Eof()"},
      {"\"${~ x ~}\"",
       "OQuote(\") TemplateInterp(${~) Ident(x) TemplateSeqEnd(~}) CQuote(\") Eof()"},
      // "$${" and "%%{" are literal tokens of their own; a "$" or "%" before anything else
      // is a one-byte literal.
      {"\"$${x}\"", "OQuote(\") QuotedLit($${) QuotedLit(x}) CQuote(\") Eof()"},
      {"\"%%{x}\"", "OQuote(\") QuotedLit(%%{) QuotedLit(x}) CQuote(\") Eof()"},
      {"\"$${~x}\"", "OQuote(\") QuotedLit($${~) QuotedLit(x}) CQuote(\") Eof()"},
      {"\"a$b%c\"",
       "OQuote(\") QuotedLit(a) QuotedLit($) QuotedLit(b) QuotedLit(%) QuotedLit(c) CQuote(\") "
       "Eof()"},
      {"\"a$\"", "OQuote(\") QuotedLit(a) QuotedLit($) CQuote(\") Eof()"},
      {"\"$$\"", "OQuote(\") QuotedLit($) QuotedLit($) CQuote(\") Eof()"},
      {"\"a$", "OQuote(\") QuotedLit(a) Invalid($) Eof()"},  // nothing follows: no rule matches
      {"\"%{ if x }y%{ else }z%{ endif }\"",
       "OQuote(\") TemplateControl(%{) Ident(if) Ident(x) TemplateSeqEnd(}) QuotedLit(y) "
       "TemplateControl(%{) Ident(else) TemplateSeqEnd(}) QuotedLit(z) TemplateControl(%{) "
       "Ident(endif) TemplateSeqEnd(}) CQuote(\") Eof()"},
      {"\"%{~ for v in l ~}${v}%{~ endfor ~}\"",
       "OQuote(\") TemplateControl(%{~) Ident(for) Ident(v) Ident(in) Ident(l) "
       "TemplateSeqEnd(~}) TemplateInterp(${) Ident(v) TemplateSeqEnd(}) TemplateControl(%{~) "
       "Ident(endfor) TemplateSeqEnd(~}) CQuote(\") Eof()"},
      // Braces inside a sequence are counted, so only the sequence's own "}" closes it.
      {"\"${ {a = 1} }\"",
       "OQuote(\") TemplateInterp(${) OBrace({) Ident(a) Equal(=) NumberLit(1) CBrace(}) "
       "TemplateSeqEnd(}) CQuote(\") Eof()"},
      {"\"${\"${\"${x}\"}\"}\"",
       "OQuote(\") TemplateInterp(${) OQuote(\") TemplateInterp(${) OQuote(\") "
       "TemplateInterp(${) Ident(x) TemplateSeqEnd(}) CQuote(\") TemplateSeqEnd(}) CQuote(\") "
       "TemplateSeqEnd(}) CQuote(\") Eof()"},
      {"\"# not // a /* comment\"", "OQuote(\") QuotedLit(# not // a /* comment) CQuote(\") Eof()"},
      // Broken strings: the scanner stays in the template across lines.
      {"\"abc", "OQuote(\") QuotedLit(abc) Eof()"},
      {"\"a\nb\"", "OQuote(\") QuotedLit(a) QuotedNewline(\\n) QuotedLit(b) CQuote(\") Eof()"},
      {"\"a\r\n\nb\"",
       "OQuote(\") QuotedLit(a) QuotedNewline(\\r\\n\\n) QuotedLit(b) CQuote(\") Eof()"},
      {"\"\\", "OQuote(\") Invalid(\\\\) Eof()"},
      {"\"\\\n\"", "OQuote(\") Invalid(\\\\) QuotedNewline(\\n) CQuote(\") Eof()"},
      {"\"\t\"", "OQuote(\") QuotedLit(\\t) CQuote(\") Eof()"},
  });
}

TEST_CASE("a stray ~} outside a template is still a sequence end") {
  check_rows({
      {"~}", "TemplateSeqEnd(~}) Eof()"},
      {"{ ~}", "OBrace({) TemplateSeqEnd(~}) Eof()"},
      {"~ }", "BitwiseNot(~) CBrace(}) Eof()"},
      {"${ } %{", "Invalid($) OBrace({) CBrace(}) Percent(%) OBrace({) Eof()"},
  });
}

TEST_CASE("heredocs: markers, indentation, CRLF, sequences and nesting") {
  check_rows({
      {"<<EOT\nhello\nEOT\n",
       "OHeredoc(<<EOT\\n) StringLit(hello\\n) CHeredoc(EOT) Newline(\\n) Eof()"},
      {"<<EOT\nEOT\n", "OHeredoc(<<EOT\\n) CHeredoc(EOT) Newline(\\n) Eof()"},
      {"<<-EOT\n  hello\n  EOT\n",
       "OHeredoc(<<-EOT\\n) StringLit(  hello\\n) CHeredoc(  EOT) Newline(\\n) Eof()"},
      {"<<EOT\r\nhi\r\nEOT\r\n",
       "OHeredoc(<<EOT\\r\\n) StringLit(hi\\r\\n) CHeredoc(EOT) Newline(\\r\\n) Eof()"},
      // The closing line is compared with its surrounding spaces trimmed, even for <<EOT.
      {"<<EOT\n  EOT  \n", "OHeredoc(<<EOT\\n) CHeredoc(  EOT  ) Newline(\\n) Eof()"},
      {"<<EOT\n\tEOT\n", "OHeredoc(<<EOT\\n) CHeredoc(\\tEOT) Newline(\\n) Eof()"},
      {"<<EOT\nEOTX\n EOT\n",
       "OHeredoc(<<EOT\\n) StringLit(EOTX\\n) CHeredoc( EOT) Newline(\\n) Eof()"},
      {"<<EOT\nxEOT\nEOT\n",
       "OHeredoc(<<EOT\\n) StringLit(xEOT\\n) CHeredoc(EOT) Newline(\\n) Eof()"},
      // The closing marker needs its newline: a last line without one is literal text, so a
      // heredoc closed on the file's last line is unterminated (terraform#31450).
      {"<<EOT\nhi\nEOT", "OHeredoc(<<EOT\\n) StringLit(hi\\n) StringLit(EOT) Eof()"},
      {"<<EOT\nx ${y} %{ if z }w%{ endif }\nEOT\n",
       "OHeredoc(<<EOT\\n) StringLit(x ) TemplateInterp(${) Ident(y) TemplateSeqEnd(}) "
       "StringLit( ) TemplateControl(%{) Ident(if) Ident(z) TemplateSeqEnd(}) StringLit(w) "
       "TemplateControl(%{) Ident(endif) TemplateSeqEnd(}) StringLit(\\n) CHeredoc(EOT) "
       "Newline(\\n) Eof()"},
      // A marker after a sequence on the same line is not at the start of the line.
      {"<<EOT\n${x}EOT\nEOT\n",
       "OHeredoc(<<EOT\\n) TemplateInterp(${) Ident(x) TemplateSeqEnd(}) StringLit(EOT\\n) "
       "CHeredoc(EOT) Newline(\\n) Eof()"},
      {"<<EOT\n$${x} %%{y}\nEOT\n",
       "OHeredoc(<<EOT\\n) StringLit($${) StringLit(x} ) StringLit(%%{) StringLit(y}\\n) "
       "CHeredoc(EOT) Newline(\\n) Eof()"},
      {"<<EOT\n\"quotes\" \\n # not a comment\nEOT\n",
       "OHeredoc(<<EOT\\n) StringLit(\"quotes\" \\\\n # not a comment\\n) CHeredoc(EOT) "
       "Newline(\\n) Eof()"},
      {"<<EOT\nunterminated\n", "OHeredoc(<<EOT\\n) StringLit(unterminated\\n) Eof()"},
      // Not heredoc introducers: the marker must follow at once and end the line.
      {"<<EOT x", "LessThan(<) LessThan(<) Ident(EOT) Ident(x) Eof()"},
      {"<< EOT\n", "LessThan(<) LessThan(<) Ident(EOT) Newline(\\n) Eof()"},
      {"<<1\n", "LessThan(<) LessThan(<) NumberLit(1) Newline(\\n) Eof()"},
      {"<<-\n", "LessThan(<) LessThan(<) Minus(-) Newline(\\n) Eof()"},
      // A heredoc introducer inside a heredoc is literal text.
      {"<<A\n<<B\nB\nA\n",
       "OHeredoc(<<A\\n) StringLit(<<B\\n) StringLit(B\\n) CHeredoc(A) Newline(\\n) Eof()"},
      // But inside an interpolation it starts a nested heredoc with its own marker.
      {"<<EOT\n${<<EOI\ninner\nEOI\n}\nEOT\n",
       "OHeredoc(<<EOT\\n) TemplateInterp(${) OHeredoc(<<EOI\\n) StringLit(inner\\n) "
       "CHeredoc(EOI) Newline(\\n) TemplateSeqEnd(}) StringLit(\\n) CHeredoc(EOT) Newline(\\n) "
       "Eof()"},
      {"<<EOT\na\rb\nEOT\n", "OHeredoc(<<EOT\\n) StringLit(a) Invalid(\\rb\\nEOT\\n) Eof()"},
  });
}

TEST_CASE("invalid characters, broken UTF-8 and the byte order mark") {
  check_rows({
      {"@ $ \xC2\xA7 \\", "Invalid(@) Invalid($) Invalid(\xC2\xA7) Invalid(\\\\) Eof()"},
      {std::string("a\0b", 3), "Ident(a) Invalid(\\x00) Ident(b) Eof()"},
      {"\x01", "Invalid(\\x01) Eof()"},
      {"\x80", "BadUtf8(\\x80) Eof()"},
      {"ab\xFF"
       "cd",
       "Ident(ab) BadUtf8(\\xFF) Ident(cd) Eof()"},
      {"\xE2\x82 x", "BadUtf8(\\xE2) BadUtf8(\\x82) Ident(x) Eof()"},  // one token per byte
      {"\xC3", "BadUtf8(\\xC3) Eof()"},
      {"\"\xFF\"", "OQuote(\") BadUtf8(\\xFF) CQuote(\") Eof()"},
      {"\"a\xFF"
       "b\"",
       "OQuote(\") QuotedLit(a) BadUtf8(\\xFF) QuotedLit(b) CQuote(\") Eof()"},
      {"<<EOT\n\xFF\nEOT\n",
       "OHeredoc(<<EOT\\n) BadUtf8(\\xFF) StringLit(\\n) CHeredoc(EOT) Newline(\\n) Eof()"},
      {"# \xFF comment\n", "Comment(# \\xFF comment\\n) Eof()"},  // comments take any byte
      {"\xEF\xBB\xBF"
       "a = 1",
       "Bom(\xEF\xBB\xBF) Ident(a) Equal(=) NumberLit(1) Eof()"},
      {"\xEF\xBB\xBF", "Bom(\xEF\xBB\xBF) Eof()"},
      // U+FEFF anywhere else is an ordinary character, and not a letter.
      {"a\xEF\xBB\xBF", "Ident(a) Invalid(\xEF\xBB\xBF) Eof()"},
      {" \xEF\xBB\xBF", "Invalid(\xEF\xBB\xBF) Eof()"},
  });
}

TEST_CASE("lexing a slice keeps absolute offsets and stops at its end") {
  const std::string text = "xx a = \"abc\" yy";
  Tokens tokens;
  lex(text, 3, 10, tokens);  // "a = \"ab"
  REQUIRE(tokens.size() == 5);
  CHECK(tokens[0].kind() == TokenKind::Ident);
  CHECK(tokens[0].range() == hclspec::base::ByteRange{3, 4});
  CHECK(tokens[1].kind() == TokenKind::Equal);
  CHECK(tokens[2].kind() == TokenKind::OQuote);
  CHECK(tokens[2].start() == 7);
  CHECK(tokens[3].kind() == TokenKind::QuotedLit);
  CHECK(tokens[3].text(text) == "ab");
  CHECK(tokens[4].kind() == TokenKind::Eof);
  CHECK(tokens[4].range() == hclspec::base::ByteRange{10, 10});

  // A byte order mark is only recognised at offset 0 of the text.
  const std::string bom =
      "\xEF\xBB\xBF"
      "a";
  Tokens from_zero, from_one;
  lex(bom, 0, 4, from_zero);
  CHECK(from_zero.front().kind() == TokenKind::Bom);
  lex(bom, 3, 4, from_one);
  CHECK(from_one.front().kind() == TokenKind::Ident);
}

TEST_CASE("tokens tile the text: only spaces and tabs lie between them") {
  const std::string inputs[] = {
      "a = 1\nb = \"x${y}\"\n",
      "block \"label\" {\n  # comment\n  x = [1, 2, 3]\n}\n",
      "h = <<-EOT\n  ${a} %{ if b }c%{ endif }\n  EOT\n",
      "\t \xEF\xBB\xBF@\xFF\"\n<<EOT\n",
      "\xEF\xBB\xBF// c\r\n/* x */\t\"${\"${1}\"}\"",
  };
  for (const std::string& text : inputs) {
    CAPTURE(text);
    const Tokens tokens = lex(text);
    REQUIRE(!tokens.empty());
    uint32_t cursor = 0;
    for (const Token& t : tokens) {
      CHECK(t.start() >= cursor);
      for (uint32_t b = cursor; b < t.start(); ++b) CHECK((text[b] == ' ' || text[b] == '\t'));
      cursor = t.end();
    }
    CHECK(tokens.back().kind() == TokenKind::Eof);
    CHECK(tokens.back().start() == text.size());
  }
}

TEST_CASE("a token longer than the packed length limit is split into several of its kind") {
  // A comment of the maximum token length plus a little: two Comment tokens, end to end.
  std::string text = "#";
  text.append(Token::kMaxTokenLength + 9, 'x');
  text += "\ny";
  const Tokens tokens = lex(text);
  REQUIRE(tokens.size() == 4);
  CHECK(tokens[0].kind() == TokenKind::Comment);
  CHECK(tokens[0].range() == hclspec::base::ByteRange{0, Token::kMaxTokenLength});
  CHECK(tokens[1].kind() == TokenKind::Comment);
  CHECK(tokens[1].start() == Token::kMaxTokenLength);
  CHECK(tokens[1].end() == text.size() - 1);
  CHECK(tokens[2].kind() == TokenKind::Ident);
  CHECK(tokens[3].kind() == TokenKind::Eof);
}

TEST_CASE("check_invalid_tokens reports unused characters, limiting repeats as HCL does") {
  const auto summaries = [](std::string_view text) {
    hclspec::base::Diagnostics diags;
    check_invalid_tokens(lex(text), diags);
    std::string out;
    for (const auto& d : diags)
      out += d.summary + "@" + std::to_string(d.subject.start) + "-" +
             std::to_string(d.subject.end) + ";";
    return out;
  };
  // Bitwise operators: at most four reports.
  CHECK(summaries("& | ^ ~ & |") ==
        "Unsupported operator@0-1;Unsupported operator@2-3;Unsupported operator@4-5;"
        "Unsupported operator@6-7;");
  // Backticks and apostrophes: the first and third (opening quotes, not closing ones).
  CHECK(summaries("` ` ` ` ` `") == "Invalid character@0-1;Invalid character@4-5;");
  CHECK(summaries("' ' ' ' '") == "Invalid character@0-1;Invalid character@4-5;");
  // Semicolons and broken bytes: once each.
  CHECK(summaries("; ;") == "Invalid character@0-1;");
  CHECK(summaries("\xFF \xFE") == "Invalid character encoding@0-1;");
  // Other invalid characters and quoted newlines: every one.
  CHECK(summaries("@ @ @") == "Invalid character@0-1;Invalid character@2-3;Invalid character@4-5;");
  CHECK(summaries("\"a\nb\nc\"") == "Invalid multi-line string@2-3;Invalid multi-line string@4-5;");
  CHECK(summaries("a = 1 # fine\n\"ok\"").empty());

  hclspec::base::Diagnostics diags;
  check_invalid_tokens(lex("a & b | c ~ d"), diags);
  REQUIRE(diags.size() == 3);
  CHECK(diags[0].detail ==
        "Bitwise operators are not supported. Did you mean boolean AND (\"&&\")?");
  CHECK(diags[1].detail ==
        "Bitwise operators are not supported. Did you mean boolean OR (\"||\")?");
  CHECK(diags[2].detail ==
        "Bitwise operators are not supported. Did you mean boolean NOT (\"!\")?");
  diags.clear();
  check_invalid_tokens(lex("a ^ b"), diags);
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].detail == "Bitwise operators are not supported.");
}

TEST_CASE("the lexer says whether it made a token check_invalid_tokens reports on") {
  // Each kind reported, in each of the lexer's modes, and text with none; lexed whole and from
  // each line on, as the two-part parse lexes its later part.
  std::vector<std::string> texts = {
      "a = 1\nb = \"x${y} %{ if z }w%{ endif }\"\nc = <<-EOT\n  ${a}\n  EOT\n# c\n/* d */\n",
      "a = 1 & 2\n",
      "a = 1 | 2\n",
      "a = 1 ^ 2\n",
      "a = ~b\n",
      "a = 1;\n",
      "a = `x`\n",
      "a = 'x'\n",
      "a = \xff\n",
      "a = @\n",
      "a = \"x\ny\"\n",
      "a = \"\xff\"\n",
      "a = \"${1 & 2}\"\n",
      "a = <<EOT\n\xff\nEOT\n",
      "a = <<EOT\nx\ry\nEOT\n",
      "a = <<EOT\n${b;}\nEOT\n",
      "\xEF\xBB\xBF\xC3\n",
      "b {\n  c = \"é🚀\"\n}\n"};
  for (const auto& entry : std::filesystem::recursive_directory_iterator(HCLSPEC_FIXTURES_DIR)) {
    const std::string extension = entry.path().extension().string();
    if (extension != ".hcl" && extension != ".hcldec") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    texts.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  size_t with = 0, without = 0;
  for (const std::string& text : texts) {
    CAPTURE(text);
    const auto size = static_cast<uint32_t>(text.size());
    for (uint32_t begin = 0; begin < size;
         begin = static_cast<uint32_t>(text.find('\n', begin)) + 1) {
      Tokens tokens;
      const LexEnd end = lex(text, begin, size, tokens);
      hclspec::base::Diagnostics diags;
      check_invalid_tokens(tokens, diags);
      CHECK(end.invalid_tokens == !diags.empty());
      (end.invalid_tokens ? with : without) += 1;
      if (text.find('\n', begin) == std::string::npos) break;
    }
  }
  CHECK(with > 100);
  CHECK(without > 1000);
}

TEST_CASE("token kind names are distinct") {
  std::string seen = "|";
  for (int k = 0; k <= static_cast<int>(TokenKind::Eof); ++k) {
    const std::string name = token_kind_name(static_cast<TokenKind>(k));
    CAPTURE(name);
    CHECK(name != "?");
    CHECK(seen.find("|" + name + "|") == std::string::npos);
    seen += name + "|";
  }
}
