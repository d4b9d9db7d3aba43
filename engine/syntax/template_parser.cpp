// Parser for quoted and heredoc templates: literals, interpolations and if/for directives.
#include <cstring>
#include <iterator>

#include "base/suggest.hpp"
#include "syntax/parser.hpp"
#include "syntax/parser_impl.hpp"
#include "syntax/string_literal.hpp"

namespace hclspec::syntax::detail {

void Parser::check_literal(uint32_t token, bool quoted) {
  // Only backslash escapes can be wrong, and only in quoted templates.
  const std::string_view raw = text_of(token);
  if (!quoted || std::memchr(raw.data(), '\\', raw.size()) == nullptr) return;
  scratch_.clear();
  decode_string_literal(raw, tokens_[token].start(), true, scratch_, diags_);
}

// Directives are nested as they arrive, with a stack of the open if/for directives, so each
// TemplateIf/TemplateFor node follows its parts in post-order. The diagnostics are those of
// hclsyntax's template parser for unbalanced directives.
void Parser::close_directive(std::vector<OpenDirective>& open, uint32_t end_token) {
  const OpenDirective top = open.back();
  open.pop_back();
  add_node(top.is_for ? NodeKind::TemplateFor : NodeKind::TemplateIf, top.mark, top.first_token,
           end_token);
}

void Parser::parse_template(Peeked open) {
  const uint32_t mark = node_mark();
  // An Eof "opener" is a template that is the whole text (parse_template_text).
  const bool whole_text = open.kind == TokenKind::Eof;
  const TokenKind end = whole_text                       ? TokenKind::Eof
                        : open.kind == TokenKind::OQuote ? TokenKind::CQuote
                                                         : TokenKind::CHeredoc;
  const base::ByteRange start_range = range_of(peek().index);
  std::vector<OpenDirective> directives;
  // hclsyntax checks the balance of if/for directives after reading the whole template, so
  // those diagnostics follow all others of the template.
  base::Diagnostics balance;
  base::ByteRange end_range;
  uint32_t end_token;
  for (;;) {
    const Peeked next = read();
    if (next.kind == end) {
      end_range = range_of(next.index);
      end_token = next.index;
      break;
    }
    if (next.kind == TokenKind::QuotedLit || next.kind == TokenKind::StringLit) {
      check_literal(next.index, next.kind == TokenKind::QuotedLit);
      continue;
    }
    if (next.kind == TokenKind::TemplateInterp) {
      const uint32_t interp_mark = node_mark();
      push_newlines(false);
      parse_expression();
      const Peeked close = peek();
      if (close.kind != TokenKind::TemplateSeqEnd) {
        if (!recovery_) {
          if (close.kind == TokenKind::Eof) {
            error("Unclosed template interpolation sequence",
                  "There is no closing brace for this interpolation sequence before the end of "
                  "the file. This might be caused by incorrect nesting inside the given "
                  "expression.",
                  start_range);
          } else if (close.kind == TokenKind::Colon) {
            error("Extra characters after interpolation expression",
                  "Template interpolation doesn't expect a colon at this location. Did you "
                  "intend this to be a literal sequence to be processed as part of another "
                  "language? If so, you can escape it by starting with \"$${\" instead of just "
                  "\"${\".",
                  range_of(close.index), base::range_between(start_range, range_of(close.index)));
          } else if ((close.kind == TokenKind::CQuote || close.kind == TokenKind::OQuote) &&
                     end == TokenKind::CQuote) {
            error("Unclosed template interpolation sequence",
                  "There is no closing brace for this interpolation sequence before the end of "
                  "the quoted template. This might be caused by incorrect nesting inside the "
                  "given expression.",
                  start_range);
          } else {
            error("Extra characters after interpolation expression",
                  "Expected a closing brace to end the interpolation expression, but found extra "
                  "characters.\n\nThis can happen when you include interpolation syntax for "
                  "another language, such as shell scripting, but forget to escape the "
                  "interpolation start token. If this is an embedded sequence for another "
                  "language, escape it by starting with \"$${\" instead of just \"${\".",
                  range_of(close.index), base::range_between(start_range, range_of(close.index)));
          }
        }
        recover(TokenKind::TemplateSeqEnd);
      } else {
        read();
      }
      pop_newlines();
      add_node(NodeKind::Interpolation, interp_mark, next.index, next_);
      continue;
    }
    if (next.kind == TokenKind::TemplateControl) {
      template_directive(next.index, start_range, directives, balance);
      continue;
    }
    if (!recovery_)
      error("Unterminated template string", "No closing marker was found for the string.",
            range_of(next.index), base::range_between(start_range, range_of(next.index)));
    const Peeked last = recover(end);
    end_range = range_of(last.index);
    end_token = last.index;
    break;
  }
  while (!directives.empty()) {
    const OpenDirective& top = directives.back();
    if (top.too_deep) {
      directives.pop_back();
      continue;
    }
    balance.push_back({base::Severity::Error, "Unexpected end of template",
                       std::string("The ") + (top.is_for ? "for" : "if") + " directive at " +
                           format_range(file_, top.range) + " is missing its corresponding " +
                           (top.is_for ? "endfor" : "endif") + " directive.",
                       end_range, std::nullopt});
    close_directive(directives, end_token);
  }
  std::move(balance.begin(), balance.end(), std::back_inserter(diags_));
  if (whole_text)
    add_node(NodeKind::Template, mark, 0, end_token);
  else
    add_node(open.kind == TokenKind::OQuote ? NodeKind::Template : NodeKind::Heredoc, mark,
             open.index, next_);
}

void Parser::template_directive(uint32_t introducer, base::ByteRange start_range,
                                std::vector<OpenDirective>& open, base::Diagnostics& balance) {
  const uint32_t mark = node_mark();
  push_newlines(false);
  const Peeked keyword = peek();
  const auto abandon = [&] {
    recover(TokenKind::TemplateSeqEnd);
    pop_newlines();
  };
  if (keyword.kind != TokenKind::Ident) {
    if (!recovery_)
      error("Invalid template directive",
            "A template directive keyword (\"if\", \"for\", etc) is expected at the beginning of "
            "a %{ sequence.",
            range_of(keyword.index),
            base::range_between(range_of(introducer), range_of(keyword.index)));
    return abandon();
  }
  read();
  const std::string_view word = text_of(keyword.index);
  NodeKind kind;
  if (word == "if") {
    kind = NodeKind::IfDirective;
    parse_expression();
  } else if (word == "else") {
    kind = NodeKind::ElseDirective;
  } else if (word == "endif" || word == "endfor") {
    kind = NodeKind::EndDirective;
  } else if (word == "for") {
    kind = NodeKind::ForDirective;
    const auto fail = [&](const char* detail) {
      if (!recovery_) error("Invalid 'for' directive", detail, range_of(peek().index));
      abandon();
    };
    if (peek().kind != TokenKind::Ident)
      return fail("For directive requires variable name after 'for'.");
    read();
    if (peek().kind == TokenKind::Comma) {
      read();
      if (peek().kind != TokenKind::Ident)
        return fail("For directive requires value variable name after comma.");
      read();
    }
    if (!is_keyword(peek(), "in")) return fail("For directive requires 'in' keyword after names.");
    read();
    parse_expression();
  } else {
    if (!recovery_) {
      const std::string_view suggestion =
          base::name_suggestion(word, {"if", "for", "else", "endif", "endfor"});
      error("Invalid template control keyword",
            "\"" + std::string(word) + "\" is not a valid template control keyword." +
                (suggestion.empty() ? "" : " Did you mean \"" + std::string(suggestion) + "\"?"),
            range_of(keyword.index),
            base::range_between(range_of(introducer), range_of(keyword.index)));
    }
    return abandon();
  }
  const base::ByteRange range = base::range_between(range_of(introducer), range_of(peek().index));
  const Peeked close = peek();
  if (close.kind != TokenKind::TemplateSeqEnd) {
    if (!recovery_)
      error("Extra characters in " + std::string(word) + " marker",
            "Expected a closing brace to end the sequence, but found extra characters.",
            range_of(close.index), base::range_between(start_range, range_of(close.index)));
    recover(TokenKind::TemplateSeqEnd);
  } else {
    read();
  }
  pop_newlines();
  add_node(kind, mark, introducer, next_);

  const auto unexpected = [&](std::string detail) {
    balance.push_back({base::Severity::Error, "Unexpected " + std::string(word) + " directive",
                       std::move(detail), range, std::nullopt});
  };
  const auto at = [&](const OpenDirective& d) { return format_range(file_, d.range); };
  if (kind == NodeKind::IfDirective || kind == NodeKind::ForDirective) {
    // Directives nest without recursion here, but whatever walks the tree later recurses.
    if (depth_ + static_cast<int>(open.size()) >= kMaxNestingDepth) {
      if (!depth_reported_)
        error("Nesting too deep",
              "Blocks, expressions and template directives may nest at most " +
                  std::to_string(kMaxNestingDepth) + " levels deep.",
              range);
      depth_reported_ = true;
      open.push_back({kind == NodeKind::ForDirective, false, mark, introducer, range, true});
      return;
    }
    open.push_back({kind == NodeKind::ForDirective, false, mark, introducer, range});
    return;
  }
  if (open.empty()) {
    unexpected("The control directives within this template are unbalanced.");
    return;
  }
  OpenDirective& top = open.back();
  if (top.too_deep) {
    if (kind != NodeKind::ElseDirective) open.pop_back();
    return;
  }
  if (kind == NodeKind::ElseDirective) {
    if (top.is_for) {
      unexpected("An else clause is not expected for a for directive.");
    } else if (top.in_else) {
      unexpected("Already in the else clause for the if started at " + at(top) + ".");
    } else {
      top.in_else = true;
      return;
    }
  } else if (top.is_for && word == "endif") {
    unexpected("Expecting an endfor directive corresponding to the for directive at " + at(top) +
               ".");
  } else if (!top.is_for && word == "endfor") {
    unexpected("Expecting an endif directive for the if started at " + at(top) + ".");
  }
  close_directive(open, next_);
}

}  // namespace hclspec::syntax::detail
