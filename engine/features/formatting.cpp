// Formatting: hclwrite's Format (hcl 2.14.1, hclwrite/format.go) decision for decision.
#include "features/formatting.hpp"

#include <algorithm>
#include <array>
#include <functional>
#include <span>
#include <utility>

#include "base/big_stack.hpp"
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

constexpr int bracket_change(TokenKind kind) {
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

// spaceAfterToken: whether a space follows a token of kind `s` when a token of kind `a` comes
// after it. Without `has_before`, `before` is hclwrite's TokenNil; `s_is_in` says that the
// subject is the word "in" (not a piece of a longer token).
constexpr bool space_after(TokenKind s, TokenKind a, TokenKind before, bool has_before,
                           bool s_is_in) {
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
  if (s == TokenKind::Ident && s_is_in && has_before && before == TokenKind::Ident)
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
  if ((s == TokenKind::TemplateInterp || s == TokenKind::TemplateControl) && a == TokenKind::OBrace)
    return true;
  if (s == TokenKind::CBrace && a == TokenKind::TemplateSeqEnd) return true;
  if (s == TokenKind::TemplateSeqEnd &&
      (a == TokenKind::TemplateInterp || a == TokenKind::TemplateControl))
    return false;
  if (bracket_change(s) > 0) return false;
  if (bracket_change(a) < 0) return false;
  return true;
}

constexpr size_t kKinds = static_cast<size_t>(TokenKind::Eof) + 1;

// space_after for a pair of kinds when the answer is the same whatever comes before (and
// whether the subject is "in"): only an Ident's or a Minus's answer can depend on that.
enum class Space : uint8_t { kNo = 0, kYes = 1, kDepends = 2 };  // kNo and kYes: the spaces
constexpr std::array<std::array<Space, kKinds>, kKinds> kSpaceAfter = [] {
  std::array<std::array<Space, kKinds>, kKinds> table{};
  for (size_t s = 0; s < kKinds; ++s) {
    for (size_t a = 0; a < kKinds; ++a) {
      const auto subject = static_cast<TokenKind>(s), after = static_cast<TokenKind>(a);
      const bool plain = space_after(subject, after, TokenKind::Eof, false, false);
      bool same = true;
      if (subject == TokenKind::Ident || subject == TokenKind::Minus)
        for (size_t b = 0; b < kKinds; ++b)
          for (const bool is_in : {false, true})
            same = same &&
                   space_after(subject, after, static_cast<TokenKind>(b), true, is_in) == plain &&
                   space_after(subject, after, TokenKind::Eof, false, is_in) == plain;
      table[s][a] = !same ? Space::kDepends : plain ? Space::kYes : Space::kNo;
    }
  }
  return table;
}();

// hclwrite's pass over its token list, on the tree's own tokens, a group of lines at a time.
// hclwrite computes every token's spaces before (its SpacesBefore) in passes over the whole
// file; each pass but the alignment of cells is local to a line, and a run of aligned cells ends
// at a line without that cell. So the lines are formatted in groups that end at a line with
// neither an "= value" nor a trailing comment, and only a group's spaces are held: far less
// memory than an entry per token of the file, which a large file pays for in fresh pages.
// hclwrite's list differs from the tree's tokens in two ways: hclsyntax strips a byte order
// mark before scanning (here it lies in the gap before the first token, which formatting
// replaces, with as many spaces as the gap has bytes when that token is Eof), and the lexer
// cuts a token longer than 16 MiB into pieces ("glued" below) that hclwrite has as one token.
class Formatter {
 public:
  Formatter(std::string_view text, std::span<const syntax::Token> tokens)
      : text_(text),
        tokens_(tokens),
        first_(!tokens.empty() && tokens[0].kind() == TokenKind::Bom ? 1 : 0) {}

  // Calls `each(gap, spaces)` for each gap before a token (from the end of the token before)
  // that formatting changes, in order, with the number of spaces it becomes. A large file is
  // formatted in two parts at once, the later one from a line that likely starts a group, with
  // the indent stack its indentation suggests; if the earlier part does not end with that
  // stack, the later part is formatted again from where the earlier one left off.
  template <typename Each>
  void run(Each each) {
    const Split split = base::has_second_core() ? likely_split(size() / 2) : Split{};
    if (split.token == 0) {
      format_lines(first_, each);
      return;
    }
    const std::vector<int> guessed(split.depth, 1);
    std::vector<std::pair<base::ByteRange, uint32_t>> later_gaps;
    Formatter later(text_, tokens_);
    later.indents_ = guessed;
    base::LargeStackTask later_part([&] {
      later.format_lines(split.token, [&](base::ByteRange gap, uint32_t spaces) {
        later_gaps.emplace_back(gap, spaces);
      });
    });
    format_lines(first_, each, split.token);
    later_part.wait();
    // The line before the split is blank, which closes every group: the indent stack is all
    // the state there, and the later part's result is this one's if it started with this one.
    if (indents_ != guessed) {
      format_lines(split.token, each);
      return;
    }
    for (const auto& [gap, spaces] : later_gaps) each(gap, spaces);
  }

 private:
  // Formats the lines from token `start`, which starts one, in groups, to the end of the file,
  // or up to the line that starts at token `stop`, leaving the group there open.
  template <typename Each>
  void format_lines(uint32_t start, Each each, uint32_t stop = UINT32_MAX) {
    uint32_t line_start = start;
    while (line_start < size()) {
      if (line_start == stop) return;
      const size_t line_changes = changed_.size();
      int opened = 0;
      const FormatLine line = scan_line(line_start, opened);
      if (line.end == line.start) break;  // at the Eof token
      line_start = line.end;
      const uint32_t indentation = indent(line, opened);
      if (gap_differs(gap_start(line.start), tokens_[line.start].start(), indentation))
        changed_.emplace(changed_.begin() + static_cast<ptrdiff_t>(line_changes), line.start,
                         indentation);
      const bool cells = !line.assign_cell().empty() || !line.comment_cell().empty();
      if (!cells && lines_.empty()) {
        // A line alone in its group, as blank lines and most brackets' lines are: nothing to
        // align, so its changed gaps are handed over as they are found.
        hand_over_changed(each);
        continue;
      }
      add_line(line, indentation);
      if (!cells) flush(each);
    }
    flush(each);
    // The Eof token is in no line: as many spaces as the gap before it has bytes.
    if (line_start < size()) {
      const uint32_t eof_gap = gap_start(line_start), end = tokens_[line_start].start();
      hand_over_gap(eof_gap, end, end - eof_gap, each);
    }
  }

  // Where the gap before token i starts: the end of the token before.
  uint32_t gap_start(uint32_t i) const { return i == first_ ? 0 : tokens_[i - 1].end(); }

  // Whether the gap [start, end) is not `spaces` spaces.
  bool gap_differs(uint32_t start, uint32_t end, uint32_t spaces) const {
    return end - start != spaces || !only_spaces(start, end);
  }

  // Hands over the gap [start, end) when it is not `spaces` spaces.
  template <typename Each>
  void hand_over_gap(uint32_t start, uint32_t end, uint32_t spaces, Each each) const {
    if (gap_differs(start, end, spaces)) each(base::ByteRange{start, end}, spaces);
  }

  // Where formatting can likely start afresh, from token `from` on: a name starting a line after
  // a blank one, indented by an even number of spaces, and the depth of the indent stack there
  // as a formatted file shows it (one level of one bracket per two spaces, as each line of
  // nested blocks opens one). No token (0) when the file is too small to be worth a second
  // thread, or none is found soon.
  struct Split {
    uint32_t token = 0;
    uint32_t depth = 0;
  };
  Split likely_split(uint32_t from) const {
    constexpr uint32_t kLeastTokens = 1u << 18, kSearched = 1u << 16;
    if (size() < kLeastTokens) return {};
    for (uint32_t i = from; i < size() && i < from + kSearched; ++i) {
      if (kind(i - 2) != TokenKind::Newline || kind(i - 1) != TokenKind::Newline ||
          kind(i) != TokenKind::Ident || glued(i))
        continue;
      const uint32_t indent_start = tokens_[i - 1].end(), indent_end = tokens_[i].start();
      if ((indent_end - indent_start) % 2 == 0 && only_spaces(indent_start, indent_end))
        return {i, (indent_end - indent_start) / 2};
    }
    return {};
  }

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

  uint32_t size() const { return static_cast<uint32_t>(tokens_.size()); }

  // linesForFormat: the line from token `start` to the newline token that ends it (the Eof
  // token belongs to no line: at it the line is empty), its cells found, in one pass over its
  // tokens that also finds what formatIndent needs: the brackets it opens (`opened`, negative
  // when it closes more), counted in the lead up to a heredoc's marker only. The same pass
  // does formatSpaces: each token after the line's first gets the spaces the token before it
  // decides (spaceAfterToken), and a gap that changes is kept in changed_, but those before the
  // cells, whose spaces are known once the group is complete (flush).
  FormatLine scan_line(uint32_t start, int& opened) {
    constexpr uint32_t kNone = UINT32_MAX;
    int net = 0;  // brackets opened by the tokens so far
    uint32_t equal = kNone, heredoc = kNone;
    int net_before_equal = 0, net_before_heredoc = 0;
    uint32_t end = start;
    for (; end < size(); ++end) {
      const TokenKind k = kind(end);
      if (k == TokenKind::Eof) break;
      net += bracket_change(k);
      // The first "=" after the line's first token may start the "=" cell: its gap is
      // decided at the line's end.
      const bool cell_equal = k == TokenKind::Equal && equal == kNone && end > start;
      if (end > start && !cell_equal && !glued(end)) {
        const uint32_t spaces = pair_spaces(end, start);
        if (gap_differs(tokens_[end - 1].end(), tokens_[end].start(), spaces))
          changed_.emplace_back(end, spaces);
      }
      if (cell_equal) {
        equal = end;
        net_before_equal = net;
      } else if (k == TokenKind::OHeredoc && heredoc == kNone) {
        heredoc = end;
        net_before_heredoc = net;
      } else if ((k == TokenKind::Newline || k == TokenKind::Comment) && is_newline(end)) {
        ++end;  // the newline ends its line
        break;
      }
    }
    FormatLine line{start, end, end, end};
    if (line.end > line.start && kind(line.end - 1) == TokenKind::Comment) {
      uint32_t comment = line.end - 1;
      while (glued(comment)) --comment;
      if (comment > line.start) {  // not only a comment: its gap is the comment cell's
        line.assign = line.comment = comment;
        if (!changed_.empty() && changed_.back().first == comment) changed_.pop_back();
      }
    }
    // Only a whole expression after the first "=" is aligned: more brackets opened than closed
    // after it means a multi-line value starts there. (A comment opens none.)
    if (equal < line.assign && net == net_before_equal) {
      line.assign = equal;
    } else if (equal != kNone) {
      // The "=" is spaced as any token: its change goes before those of the tokens after it.
      const uint32_t spaces = pair_spaces(equal, start);
      if (gap_differs(tokens_[equal - 1].end(), tokens_[equal].start(), spaces)) {
        auto at = changed_.end();
        while (at != changed_.begin() && std::prev(at)->first > equal) --at;
        changed_.emplace(at, equal, spaces);
      }
    }
    // The lead's brackets up to a heredoc's marker, then those of the "=" cell: none when it is
    // aligned, as just checked.
    opened = heredoc < line.assign ? net_before_heredoc : net;
    return line;
  }

  // A line joins the group. One with a cell is measured for the alignment: its lead's columns,
  // and its "=" cell's when a trailing comment after it is aligned.
  void add_line(const FormatLine& line, uint32_t indentation) {
    GroupLine& added = lines_.emplace_back(GroupLine{line});
    const bool comment = !line.comment_cell().empty();
    if (line.assign_cell().empty() && !comment) return;
    added.lead_columns = indentation + cell_columns(line.lead());
    if (!comment) return;
    comments_ = true;
    added.assign_columns = cell_columns(line.assign_cell());
  }

  // formatIndent: a line opening more brackets than it closes indents the lines after it by
  // one level, remembered with how many it opened; closing lines pop as many as they close.
  // The spaces before the line's first token.
  uint32_t indent(const FormatLine& line, int opened) {
    if (kind(line.start) == TokenKind::Newline) return 0;
    if (opened > 0) {
      const auto first = 2 * static_cast<uint32_t>(indents_.size());
      indents_.push_back(opened);
      return first;
    }
    int closed = -opened;
    while (closed > 0 && !indents_.empty()) {
      if (closed > indents_.back()) {
        closed -= indents_.back();
        indents_.pop_back();
      } else if (closed < indents_.back()) {
        indents_.back() -= closed;
        closed = 0;
      } else {
        indents_.pop_back();
        closed = 0;
      }
    }
    return 2 * static_cast<uint32_t>(indents_.size());
  }

  // formatSpaces: the spaces before token i, which the token before it decides, in a cell
  // that starts at token `cell_start` (before it, no token decides).
  uint32_t pair_spaces(uint32_t i, uint32_t cell_start) const {
    const TokenKind s = kind(i - 1), a = kind(i);
    const Space space = kSpaceAfter[static_cast<size_t>(s)][static_cast<size_t>(a)];
    if (space != Space::kDepends) [[likely]]
      return static_cast<uint32_t>(space);
    // The pieces of a long token have the kind of the whole, so the piece before stands for the
    // token before.
    const bool has_before = i - 1 > cell_start;
    const bool is_in = s == TokenKind::Ident && !glued(i - 1) && tokens_[i - 1].text(text_) == "in";
    return space_after(s, a, has_before ? kind(i - 2) : TokenKind::Eof, has_before, is_in);
  }

  // The columns of a cell's tokens with the spaces between them.
  uint32_t cell_columns(Cell cell) const {
    if (cell.empty()) return 0;
    uint32_t columns = token_columns(cell.begin);
    for (uint32_t i = cell.begin + 1; i < cell.end; ++i)
      if (!glued(i)) columns += pair_spaces(i, cell.begin) + token_columns(i);
    return columns;
  }

  bool only_spaces(uint32_t start, uint32_t end) const {
    if (end - start == 1) return text_[start] == ' ';  // the usual gap between tokens
    for (uint32_t at = start; at < end; ++at)
      if (text_[at] != ' ') return false;
    return true;
  }

  // Grapheme clusters of `text`, quickly for the usual ASCII name without a CR.
  static size_t graphemes(std::string_view text) {
    for (const char c : text)
      if (static_cast<unsigned char>(c) >= 0x80 || c == '\r') return base::count_graphemes(text);
    return text.size();
  }

  // The columns of token i, with the pieces glued to it: its grapheme clusters.
  uint32_t token_columns(uint32_t i) const {
    const uint32_t start = tokens_[i].start();
    return static_cast<uint32_t>(graphemes(text_.substr(start, whole_end(i) - start)));
  }

  // The group's lines formatted: formatCells aligns, in runs of consecutive lines with an "="
  // cell, that cell one space after the longest lead; then likewise runs of lines with a trailing
  // comment. No run goes on past the group's last line. Then its changed gaps are handed over,
  // in order.
  template <typename Each>
  void flush(Each each) {
    if (lines_.empty()) return;
    align([](const GroupLine& l) { return !l.line.assign_cell().empty(); },
          [](const GroupLine& l) { return l.lead_columns; },
          [](GroupLine& l, uint32_t spaces) { l.assign_spaces = spaces; });
    if (comments_) {
      align([](const GroupLine& l) { return !l.line.comment_cell().empty(); },
            [](const GroupLine& l) {
              return l.lead_columns +
                     (l.line.assign_cell().empty() ? 0 : l.assign_spaces + l.assign_columns);
            },
            [](GroupLine& l, uint32_t spaces) { l.comment_spaces = spaces; });
    }
    size_t next = 0;  // in changed_, whose gaps are in order
    auto hand_over_before = [&](uint32_t token) {
      for (; next < changed_.size() && changed_[next].first < token; ++next) {
        const uint32_t i = changed_[next].first;
        each(base::ByteRange{gap_start(i), tokens_[i].start()}, changed_[next].second);
      }
    };
    for (const GroupLine& l : lines_) {
      if (!l.line.assign_cell().empty()) {
        hand_over_before(l.line.assign);
        hand_over_gap(gap_start(l.line.assign), tokens_[l.line.assign].start(), l.assign_spaces,
                      each);
      }
      if (!l.line.comment_cell().empty()) {
        hand_over_before(l.line.comment);
        hand_over_gap(gap_start(l.line.comment), tokens_[l.line.comment].start(), l.comment_spaces,
                      each);
      }
    }
    hand_over_before(UINT32_MAX);
    lines_.clear();
    changed_.clear();
    comments_ = false;
  }

  // Hands over the changed gaps of a line alone in its group, which are all known.
  template <typename Each>
  void hand_over_changed(Each each) {
    for (const auto& [i, spaces] : changed_)
      each(base::ByteRange{gap_start(i), tokens_[i].start()}, spaces);
    changed_.clear();
  }

  // Sets, through `set`, the spaces before the cell of each line that `has` one, in runs of
  // consecutive such lines: one more than the widest `width_of` of its run less its own.
  template <typename Has, typename WidthOf, typename Set>
  void align(Has has, WidthOf width_of, Set set) {
    size_t run_start = 0;
    uint32_t widest = 0;
    bool in_run = false;
    auto close_run = [&](size_t run_end) {
      for (size_t i = run_start; i < run_end; ++i) set(lines_[i], widest - width_of(lines_[i]) + 1);
      in_run = false;
    };
    for (size_t i = 0; i < lines_.size(); ++i) {
      if (!has(lines_[i])) {
        if (in_run) close_run(i);
        continue;
      }
      if (!in_run) {
        run_start = i;
        widest = 0;
        in_run = true;
      }
      widest = std::max(widest, width_of(lines_[i]));
    }
    if (in_run) close_run(lines_.size());
  }

  // A line of the group being formatted, with what aligning it needs.
  struct GroupLine {
    FormatLine line;
    uint32_t lead_columns = 0;    // the lead's columns, its indentation included
    uint32_t assign_columns = 0;  // the "=" cell's but the spaces before "=", before a comment
    uint32_t assign_spaces = 1;   // before "=", once aligned
    uint32_t comment_spaces = 1;  // before a trailing comment, once aligned
  };

  std::string_view text_;
  const std::span<const syntax::Token> tokens_;
  const uint32_t first_;  // 1 when the text starts with a byte order mark
  std::vector<int> indents_;
  // The group: its lines, and the gaps before its tokens that change, with their spaces (but
  // those before an aligned "=" or comment).
  std::vector<GroupLine> lines_;
  std::vector<std::pair<uint32_t, uint32_t>> changed_;
  bool comments_ = false;  // whether a line of the group has a trailing comment
};

template <typename Each>
void for_each_changed_gap(const syntax::SyntaxTree& tree, Each each) {
  // The formatter reads the tokens as one array: a chunked tree's (a reparse's) are copied.
  if (tree.chunks().empty()) {
    Formatter(tree.text(), tree.flat_arrays().tokens).run(each);
    return;
  }
  const syntax::TokenList list = tree.tokens();
  std::vector<syntax::Token> tokens(list.begin(), list.end());
  Formatter(tree.text(), tokens).run(each);
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

// The formatted text handed to `piece` in order, from the changed gaps `for_each_gap` gives
// (see for_each_changed_gap): copied in runs between the gaps that change, as most tokens keep
// their spaces. Whether any gap changes.
template <typename ForEachGap>
bool write_pieces(std::string_view text, ForEachGap for_each_gap,
                  const std::function<void(std::string_view)>& piece) {
  static constexpr std::string_view kSpaces = "                                ";
  size_t copied = 0;
  bool changed = false;
  for_each_gap([&](base::ByteRange gap, uint32_t spaces) {
    changed = true;
    if (gap.start > copied) piece(text.substr(copied, gap.start - copied));
    for (; spaces > kSpaces.size(); spaces -= static_cast<uint32_t>(kSpaces.size())) piece(kSpaces);
    if (spaces > 0) piece(kSpaces.substr(0, spaces));
    copied = gap.end;
  });
  if (copied < text.size()) piece(text.substr(copied));
  return changed;
}

template <typename ForEachGap>
std::string text_of_pieces(std::string_view text, ForEachGap for_each_gap) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  base::advise_huge_pages(out.data(), out.capacity());
  write_pieces(text, for_each_gap, [&](std::string_view piece) { out.append(piece); });
  return out;
}

// Hands over the gaps of `changes` as for_each_changed_gap does.
auto gaps_of(const FormatChanges& changes) {
  return [&changes](const auto& each) {
    for (const auto& [gap, spaces] : changes.gaps) each(gap, spaces);
  };
}

}  // namespace

bool for_each_formatted_piece(const syntax::SyntaxTree& tree,
                              const std::function<void(std::string_view)>& piece) {
  return write_pieces(
      tree.text(), [&](const auto& each) { for_each_changed_gap(tree, each); }, piece);
}

std::string formatted_text(const syntax::SyntaxTree& tree) {
  return text_of_pieces(tree.text(), [&](const auto& each) { for_each_changed_gap(tree, each); });
}

FormatChanges format_changes(const syntax::SyntaxTree& tree) {
  FormatChanges changes;
  for_each_changed_gap(
      tree, [&](base::ByteRange gap, uint32_t spaces) { changes.gaps.emplace_back(gap, spaces); });
  return changes;
}

bool for_each_formatted_piece(std::string_view text, const FormatChanges& changes,
                              const std::function<void(std::string_view)>& piece) {
  return write_pieces(text, gaps_of(changes), piece);
}

std::string formatted_text(std::string_view text, const FormatChanges& changes) {
  return text_of_pieces(text, gaps_of(changes));
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
