// Names of token kinds, for tree dumps and messages, and the pairs of brackets.
#include "syntax/token.hpp"

namespace hclspec::syntax {

const char* token_kind_name(TokenKind kind) {
  switch (kind) {
    case TokenKind::OBrace:
      return "OBrace";
    case TokenKind::CBrace:
      return "CBrace";
    case TokenKind::OBrack:
      return "OBrack";
    case TokenKind::CBrack:
      return "CBrack";
    case TokenKind::OParen:
      return "OParen";
    case TokenKind::CParen:
      return "CParen";
    case TokenKind::OQuote:
      return "OQuote";
    case TokenKind::CQuote:
      return "CQuote";
    case TokenKind::OHeredoc:
      return "OHeredoc";
    case TokenKind::CHeredoc:
      return "CHeredoc";
    case TokenKind::Star:
      return "Star";
    case TokenKind::Slash:
      return "Slash";
    case TokenKind::Plus:
      return "Plus";
    case TokenKind::Minus:
      return "Minus";
    case TokenKind::Percent:
      return "Percent";
    case TokenKind::Equal:
      return "Equal";
    case TokenKind::EqualOp:
      return "EqualOp";
    case TokenKind::NotEqual:
      return "NotEqual";
    case TokenKind::LessThan:
      return "LessThan";
    case TokenKind::LessThanEq:
      return "LessThanEq";
    case TokenKind::GreaterThan:
      return "GreaterThan";
    case TokenKind::GreaterThanEq:
      return "GreaterThanEq";
    case TokenKind::And:
      return "And";
    case TokenKind::Or:
      return "Or";
    case TokenKind::Bang:
      return "Bang";
    case TokenKind::Dot:
      return "Dot";
    case TokenKind::Comma:
      return "Comma";
    case TokenKind::DoubleColon:
      return "DoubleColon";
    case TokenKind::Ellipsis:
      return "Ellipsis";
    case TokenKind::FatArrow:
      return "FatArrow";
    case TokenKind::Question:
      return "Question";
    case TokenKind::Colon:
      return "Colon";
    case TokenKind::TemplateInterp:
      return "TemplateInterp";
    case TokenKind::TemplateControl:
      return "TemplateControl";
    case TokenKind::TemplateSeqEnd:
      return "TemplateSeqEnd";
    case TokenKind::QuotedLit:
      return "QuotedLit";
    case TokenKind::StringLit:
      return "StringLit";
    case TokenKind::NumberLit:
      return "NumberLit";
    case TokenKind::Ident:
      return "Ident";
    case TokenKind::Comment:
      return "Comment";
    case TokenKind::Newline:
      return "Newline";
    case TokenKind::Bom:
      return "Bom";
    case TokenKind::BitwiseAnd:
      return "BitwiseAnd";
    case TokenKind::BitwiseOr:
      return "BitwiseOr";
    case TokenKind::BitwiseNot:
      return "BitwiseNot";
    case TokenKind::BitwiseXor:
      return "BitwiseXor";
    case TokenKind::Apostrophe:
      return "Apostrophe";
    case TokenKind::Backtick:
      return "Backtick";
    case TokenKind::Semicolon:
      return "Semicolon";
    case TokenKind::Invalid:
      return "Invalid";
    case TokenKind::BadUtf8:
      return "BadUtf8";
    case TokenKind::QuotedNewline:
      return "QuotedNewline";
    case TokenKind::Eof:
      return "Eof";
  }
  return "?";
}

TokenKind closing_bracket(TokenKind open) {
  switch (open) {
    case TokenKind::OBrace:
      return TokenKind::CBrace;
    case TokenKind::OBrack:
      return TokenKind::CBrack;
    case TokenKind::OParen:
      return TokenKind::CParen;
    case TokenKind::OQuote:
      return TokenKind::CQuote;
    case TokenKind::OHeredoc:
      return TokenKind::CHeredoc;
    case TokenKind::TemplateInterp:
    case TokenKind::TemplateControl:
      return TokenKind::TemplateSeqEnd;
    default:
      return TokenKind::Eof;
  }
}

TokenKind opening_bracket(TokenKind close) {
  switch (close) {
    case TokenKind::CBrace:
      return TokenKind::OBrace;
    case TokenKind::CBrack:
      return TokenKind::OBrack;
    case TokenKind::CParen:
      return TokenKind::OParen;
    case TokenKind::CQuote:
      return TokenKind::OQuote;
    case TokenKind::CHeredoc:
      return TokenKind::OHeredoc;
    case TokenKind::TemplateSeqEnd:
      return TokenKind::TemplateInterp;
    default:
      return TokenKind::Eof;
  }
}

}  // namespace hclspec::syntax
