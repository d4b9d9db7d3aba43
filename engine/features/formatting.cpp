// Formatting: hclwrite's Format (hcl 2.14.1, hclwrite/format.go) decision for decision.
#include "features/formatting.hpp"

#include <algorithm>

#include "base/huge_pages.hpp"
#include "base/unicode.hpp"

namespace hclspec::features {
namespace {

using syntax::TokenKind;

// Tokens [begin, end) of the token list; an absent cell is empty.
struct Cell {
  uint32_t begin = 0, end = 0;
  bool empty() const { return begin == end; }
};

// hclwrite's formatLine: a line's tokens, with the "= value" and a trailing comment taken out
// into cells of their own so they can be aligned with the neighbouring lines. The cells follow
// each other: lead [start, assign), "= value" [assign, comment), comment [comment, end); an
// absent cell is empty.
struct FormatLine {
  uint32_t start, assign, comment, end;
  Cell lead() const { return {start, assign}; }
  Cell assign_cell() const { return {assign, comment}; }
  Cell comment_cell() const { return {comment, end}; }
};

// hclwrite's pass over its token list, on the tree's own tokens and an array of the spaces before
// each (hclwrite's SpacesBefore), so no copy of the tokens is made. hclwrite's list differs from
// the tree's tokens in two ways: hclsyntax strips a byte order mark before scanning (so it counts
// as three spaces before the first token), and the lexer cuts a token longer than 16 MiB into
// pieces ("glued" below) that hclwrite has as one token.
class Formatter {
 public:
  Formatter(std::string_view text, const syntax::TokenList& tokens) : text_(text), tokens_(tokens) {
    // Advised before resize first writes to it.
    spaces_.reserve(tokens.size());
    base::advise_huge_pages(spaces_.data(), spaces_.capacity() * sizeof(uint32_t));
    spaces_.resize(tokens.size());
    first_ = !tokens.empty() && tokens[0].kind() == TokenKind::Bom ? 1 : 0;
    uint32_t last_end = 0;
    for (uint32_t i = first_; i < tokens.size(); ++i) {
      spaces_[i] = tokens[i].start() - last_end;
      last_end = tokens[i].end();
    }
  }

  // The spaces to print before each token (the byte order mark's entry is unused).
  std::vector<uint32_t> run() && {
    split_lines();
    format_indent();
    format_spaces();
    format_cells();
    return std::move(spaces_);
  }

  uint32_t first() const { return first_; }

 private:
  TokenKind kind(uint32_t i) const { return tokens_[i].kind(); }

  // Token i continues token i - 1: a piece of one long token.
  bool glued(uint32_t i) const { return i > first_ && tokens_[i].continues(); }

  // Token i, with the pieces glued to it, ends at this byte.
  uint32_t whole_end(uint32_t i) const {
    while (i + 1 < size() && glued(i + 1)) ++i;
    return tokens_[i].end();
  }

  bool is_newline(uint32_t i) const {
    // A line comment (# or //) holds the newline that ends it; only a token's last piece can end
    // a line (a long block comment's piece may end with a newline byte).
    const syntax::Token& token = tokens_[i];
    if (i + 1 < size() && glued(i + 1)) return false;
    return token.kind() == TokenKind::Newline ||
           (token.kind() == TokenKind::Comment && token.end() > token.start() &&
            text_[token.end() - 1] == '\n');
  }

  static int bracket_change(TokenKind kind) {
    switch (kind) {
      case TokenKind::OBrace:
      case TokenKind::OBrack:
      case TokenKind::OParen:
      case TokenKind::TemplateControl:
      case TokenKind::TemplateInterp:
        return 1;
      case TokenKind::CBrace:
      case TokenKind::CBrack:
      case TokenKind::CParen:
      case TokenKind::TemplateSeqEnd:
        return -1;
      default:
        return 0;
    }
  }

  uint32_t size() const { return static_cast<uint32_t>(tokens_.size()); }

  // linesForFormat: one line per newline token (the Eof token belongs to none).
  void split_lines() {
    size_t newlines = 0;
    for (uint32_t i = first_; i < size(); ++i) newlines += is_newline(i) ? 1 : 0;
    lines_.reserve(newlines + 1);
    base::advise_huge_pages(lines_.data(), lines_.capacity() * sizeof(FormatLine));
    uint32_t line_start = first_;
    for (uint32_t i = first_; i < size(); ++i) {
      if (kind(i) == TokenKind::Eof) {
        lines_.push_back({line_start, i, i, i});
        line_start = size();
        break;
      }
      if (is_newline(i)) {
        lines_.push_back({line_start, i + 1, i + 1, i + 1});
        line_start = i + 1;
      }
    }
    if (line_start < size()) lines_.push_back({line_start, size(), size(), size()});

    for (FormatLine& line : lines_) {
      if (line.end > line.start && kind(line.end - 1) == TokenKind::Comment) {
        uint32_t comment = line.end - 1;
        while (glued(comment)) --comment;
        if (comment > line.start) line.assign = line.comment = comment;  // not only a comment
      }
      for (uint32_t i = line.start + 1; i < line.assign; ++i) {
        if (kind(i) != TokenKind::Equal) continue;
        // Only a whole expression after "=" is aligned: more brackets opened than closed
        // means a multi-line value starts here.
        int net = 0;
        for (uint32_t j = i; j < line.assign; ++j) net += bracket_change(kind(j));
        if (net == 0) line.assign = i;
        break;
      }
    }
  }

  // formatIndent: a line opening more brackets than it closes indents the lines after it by
  // one level, remembered with how many it opened; closing lines pop as many as they close.
  void format_indent() {
    std::vector<int> indents;
    for (FormatLine& line : lines_) {
      if (line.lead().empty()) continue;
      uint32_t& first = spaces_[line.start];
      if (kind(line.start) == TokenKind::Newline) {
        first = 0;
        continue;
      }
      int net = 0;
      for (uint32_t i = line.start; i < line.assign; ++i) {
        net += bracket_change(kind(i));
        if (kind(i) == TokenKind::OHeredoc) break;
      }
      for (uint32_t i = line.assign; i < line.comment; ++i) net += bracket_change(kind(i));

      if (net > 0) {
        first = 2 * static_cast<uint32_t>(indents.size());
        indents.push_back(net);
        continue;
      }
      int closed = -net;
      while (closed > 0 && !indents.empty()) {
        if (closed > indents.back()) {
          closed -= indents.back();
          indents.pop_back();
        } else if (closed < indents.back()) {
          indents.back() -= closed;
          closed = 0;
        } else {
          indents.pop_back();
          closed = 0;
        }
      }
      first = 2 * static_cast<uint32_t>(indents.size());
    }
  }

  // formatSpaces: within the lead and the assign cells, each token decides the space after it.
  void format_spaces() {
    for (const FormatLine& line : lines_) {
      space_cell(line.lead());
      if (!line.assign_cell().empty()) {
        spaces_[line.assign] = 1;  // "=" is always apart from what it assigns
        space_cell(line.assign_cell());
      }
    }
  }

  void space_cell(Cell cell) {
    for (uint32_t i = cell.begin; i + 1 < cell.end; ++i) {
      // The pieces of a long token have the kind of the whole, so the piece before stands for
      // the token before.
      const bool has_before = i > cell.begin;
      const TokenKind before = has_before ? kind(i - 1) : TokenKind::Eof;
      spaces_[i + 1] = !glued(i + 1) && space_after(i, before, has_before, kind(i + 1)) ? 1 : 0;
    }
  }

  // spaceAfterToken for token `subject`. Without `has_before`, `before` is hclwrite's TokenNil.
  bool space_after(uint32_t subject, TokenKind before, bool has_before, TokenKind a) const {
    const TokenKind s = kind(subject);
    if (a == TokenKind::Newline) return false;  // after is never TokenNil here
    if (s == TokenKind::Ident && a == TokenKind::OParen) return false;
    // Not in hcl 2.14.1, whose lexer has no "::" (a syntax error there): a namespaced function
    // call of later HCL versions, which the parser accepts, stays one word as people write it.
    if (s == TokenKind::DoubleColon || a == TokenKind::DoubleColon) return false;
    if (s == TokenKind::Dot || a == TokenKind::Dot) return false;
    if (a == TokenKind::Comma || a == TokenKind::Ellipsis) return false;
    if (s == TokenKind::Comma) return true;
    if (s == TokenKind::QuotedLit || s == TokenKind::StringLit || s == TokenKind::OQuote ||
        s == TokenKind::OHeredoc || a == TokenKind::QuotedLit || a == TokenKind::StringLit ||
        a == TokenKind::CQuote || a == TokenKind::CHeredoc)
      return false;  // no extra spaces within templates
    if (s == TokenKind::Ident && !glued(subject) && tokens_[subject].text(text_) == "in" &&
        has_before && before == TokenKind::Ident)
      return true;  // "[for x in [foo]: x]": "in" is a keyword, not a collection indexed
    if (a == TokenKind::OBrack &&
        (s == TokenKind::Ident || s == TokenKind::NumberLit || bracket_change(s) < 0))
      return false;
    if (s == TokenKind::Bang) return false;
    if (s == TokenKind::Minus) {
      // Negation rather than subtraction when what comes before cannot end an expression.
      if (!has_before) return false;
      switch (before) {
        case TokenKind::OParen:
        case TokenKind::OBrace:
        case TokenKind::OBrack:
        case TokenKind::Equal:
        case TokenKind::Colon:
        case TokenKind::Comma:
        case TokenKind::Question:
        case TokenKind::Plus:
        case TokenKind::Star:
        case TokenKind::Slash:
        case TokenKind::Percent:
        case TokenKind::Minus:
        case TokenKind::EqualOp:
        case TokenKind::NotEqual:
        case TokenKind::GreaterThan:
        case TokenKind::GreaterThanEq:
        case TokenKind::LessThan:
        case TokenKind::LessThanEq:
        case TokenKind::And:
        case TokenKind::Or:
        case TokenKind::Bang:
          return false;
        default:
          return true;
      }
    }
    if (s == TokenKind::OBrace || a == TokenKind::CBrace)
      return !(s == TokenKind::OBrace && a == TokenKind::CBrace);  // "foo {}", "{ a = b }"
    if ((s == TokenKind::TemplateInterp || s == TokenKind::TemplateControl) &&
        a == TokenKind::OBrace)
      return true;
    if (s == TokenKind::CBrace && a == TokenKind::TemplateSeqEnd) return true;
    if (s == TokenKind::TemplateSeqEnd &&
        (a == TokenKind::TemplateInterp || a == TokenKind::TemplateControl))
      return false;
    if (bracket_change(s) > 0) return false;
    if (bracket_change(a) < 0) return false;
    return true;
  }

  // Columns: spaces plus grapheme clusters of the cell's tokens.
  size_t columns(Cell cell) const {
    size_t total = 0;
    for (uint32_t i = cell.begin; i < cell.end; ++i) {
      if (glued(i)) continue;  // counted with its first piece: a cut may split a character
      const uint32_t start = tokens_[i].start();
      total += spaces_[i] + base::count_graphemes(text_.substr(start, whole_end(i) - start));
    }
    return total;
  }

  // formatCells: runs of consecutive lines with an "=" cell align it one space after the
  // longest lead; then runs of lines with a trailing comment align it likewise.
  void format_cells() {
    align([](const FormatLine& line) { return line.assign_cell(); },
          [this](const FormatLine& line) { return columns(line.lead()); });
    align([](const FormatLine& line) { return line.comment_cell(); },
          [this](const FormatLine& line) {
            return columns({line.start, line.comment});
          });
  }

  template <typename CellOf, typename WidthOf>
  void align(CellOf cell_of, WidthOf width_of) {
    size_t run_start = 0;
    std::vector<size_t> widths;
    auto close_run = [&](size_t run_end) {
      const size_t widest = *std::max_element(widths.begin(), widths.end());
      for (size_t i = run_start; i < run_end; ++i)
        spaces_[cell_of(lines_[i]).begin] =
            static_cast<uint32_t>(widest - widths[i - run_start] + 1);
      widths.clear();
    };
    for (size_t i = 0; i < lines_.size(); ++i) {
      if (cell_of(lines_[i]).empty()) {
        if (!widths.empty()) close_run(i);
        continue;
      }
      if (widths.empty()) run_start = i;
      widths.push_back(width_of(lines_[i]));
    }
    if (!widths.empty()) close_run(lines_.size());
  }

  std::string_view text_;
  const syntax::TokenList tokens_;
  std::vector<uint32_t> spaces_;
  uint32_t first_ = 0;  // 1 when the text starts with a byte order mark
  std::vector<FormatLine> lines_;
};

// Calls `each(gap, spaces)` for each gap before a token (from the end of the token before)
// that formatting changes, in order, with the number of spaces it becomes.
template <typename Each>
void for_each_changed_gap(const syntax::SyntaxTree& tree, Each each) {
  const syntax::TokenList tokens = tree.tokens();
  Formatter formatter(tree.text(), tokens);
  const uint32_t first = formatter.first();
  const std::vector<uint32_t> spaces = std::move(formatter).run();
  const std::string_view text = tree.text();
  uint32_t gap_start = 0;
  for (uint32_t i = first; i < spaces.size(); ++i) {
    const syntax::Token token = tokens[i];
    const std::string_view gap = text.substr(gap_start, token.start() - gap_start);
    if (gap.size() != spaces[i] || gap.find_first_not_of(' ') != std::string_view::npos)
      each(base::ByteRange{gap_start, token.start()}, spaces[i]);
    gap_start = token.end();
  }
}

// The whole lines from `start` to `end`, newline included.
base::ByteRange whole_lines(std::string_view text, uint32_t start, uint32_t end) {
  const size_t line_start = start == 0 ? std::string_view::npos : text.rfind('\n', start - 1);
  const size_t line_end = text.find('\n', end);
  return {line_start == std::string_view::npos ? 0 : static_cast<uint32_t>(line_start + 1),
          line_end == std::string_view::npos ? static_cast<uint32_t>(text.size())
                                             : static_cast<uint32_t>(line_end + 1)};
}

// What range formatting may change: the lines of `range` and of the root body's items (attributes
// and blocks) it touches, whole.
std::vector<base::ByteRange> range_format_spans(const syntax::SyntaxTree& tree,
                                                base::ByteRange range) {
  // A selection of whole lines ends at the start of the line after them: that line is not in it.
  if (range.end > range.start && tree.text()[range.end - 1] == '\n') --range.end;
  std::vector<base::ByteRange> spans{whole_lines(tree.text(), range.start, range.end)};
  for (syntax::NodeId item : tree.children(tree.root())) {
    const base::ByteRange item_range = tree.range(item);
    if (item_range.start <= range.end && item_range.end >= range.start)
      spans.push_back(whole_lines(tree.text(), item_range.start, item_range.end));
  }
  return spans;
}

}  // namespace

std::string formatted_text(const syntax::SyntaxTree& tree) {
  const std::string_view text = tree.text();
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  base::advise_huge_pages(out.data(), out.capacity());
  // Copied in runs between the gaps that change: most tokens keep their spaces.
  size_t copied = 0;
  for_each_changed_gap(tree, [&](base::ByteRange gap, uint32_t spaces) {
    out.append(text.substr(copied, gap.start - copied));
    out.append(spaces, ' ');
    copied = gap.end;
  });
  out.append(text.substr(copied));
  return out;
}

std::vector<TextEdit> format_edits(const syntax::SyntaxTree& tree) {
  std::vector<TextEdit> edits;
  for_each_changed_gap(tree, [&](base::ByteRange gap, uint32_t spaces) {
    edits.push_back({gap, std::string(spaces, ' ')});
  });
  return edits;
}

FormatResult format_document(const Snapshot& snapshot, std::optional<base::ByteRange> range) {
  FormatResult result;
  if (!snapshot.tree) {
    result.refusal = "JSON documents are not formatted";
    return result;
  }
  const syntax::SyntaxTree& tree = *snapshot.tree;
  if (base::has_errors(tree.diagnostics())) {
    result.refusal = "The document has syntax errors; fix them to format it";
    return result;
  }
  result.edits = format_edits(tree);
  if (!range) return result;
  const std::vector<base::ByteRange> spans = range_format_spans(tree, *range);
  std::erase_if(result.edits, [&](const TextEdit& edit) {
    return std::none_of(spans.begin(), spans.end(), [&](const base::ByteRange& span) {
      return edit.range.start >= span.start && edit.range.end <= span.end;
    });
  });
  return result;
}

}  // namespace hclspec::features
