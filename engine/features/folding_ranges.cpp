// Folding ranges: closed multi-line brackets, heredocs and directives from the tree, comment
// runs from the tokens, and a JSON document's objects and arrays.
#include "features/folding_ranges.hpp"

#include <algorithm>
#include <cstring>
#include <optional>

namespace hclspec::features {

using syntax::NodeId;
using syntax::NodeKind;
using syntax::TokenKind;

namespace {

// Whether a range holds a line break. Most ranges that do have one near their start (after
// their opening bracket), and most that do not are short, so the text is searched first, but
// only so far: searching a long range to its end would read a line thousands of brackets deep
// (the parser allows 10,000) once per level. Past that, the line index answers in O(log n),
// built once for a text that needs it; the server converts the answer with the same index.
class LineBreaks {
 public:
  explicit LineBreaks(const base::SourceFile& source) : source_(source) {}

  bool within(base::ByteRange range) const {
    constexpr uint32_t kSearched = 256;
    const std::string_view text = source_.text();
    if (std::memchr(text.data() + range.start, '\n', std::min(range.size(), kSearched)) != nullptr)
      return true;
    if (range.size() <= kSearched) return false;
    const base::LineIndex& lines = source_.lines();
    return lines.line_of(range.start) != lines.line_of(range.end);
  }

 private:
  const base::SourceFile& source_;
};

// The token a node's fold starts at, or none for the kinds that do not fold. A fold needs its
// closing token too: an unclosed bracket folds nothing, since the parser ran it to the end of
// the file (or to where it recovered), which is not where the user will close it.
std::optional<uint32_t> fold_opener(const syntax::SyntaxTree& tree, NodeId id) {
  const syntax::Node& n = tree.node(id);
  const syntax::TokenList tokens = tree.tokens();
  switch (n.kind) {
    case NodeKind::Body:  // a block's body folds; the root body ends at the Eof, so never
    case NodeKind::Object:
    case NodeKind::Tuple:
    case NodeKind::For:
    case NodeKind::Parenthesis:
    case NodeKind::Heredoc:
    case NodeKind::Interpolation:
      return n.first_token;
    case NodeKind::FunctionCall:
      // After the name (and any "ns::" before it); newlines may stand between in brackets.
      for (uint32_t t = n.first_token; t < n.end_token; ++t)
        if (tokens[t].kind() == TokenKind::OParen) return t;
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

std::optional<base::ByteRange> node_fold(const syntax::SyntaxTree& tree, NodeId id) {
  const syntax::Node& n = tree.node(id);
  const syntax::TokenList tokens = tree.tokens();
  if (n.kind == NodeKind::TemplateIf || n.kind == NodeKind::TemplateFor) {
    // From "%{ if" to the end of "%{ endif }": only when the end directive is there, as the
    // node's last child (post-order: right before it).
    if (n.first_descendant == id || tree.node(id - 1).kind != NodeKind::EndDirective)
      return std::nullopt;
    return tree.range(id);
  }
  const std::optional<uint32_t> open = fold_opener(tree, id);
  if (!open || n.end_token < *open + 2) return std::nullopt;
  const TokenKind close = syntax::closing_bracket(tokens[*open].kind());
  if (close == TokenKind::Eof || tokens[n.end_token - 1].kind() != close) return std::nullopt;
  return base::ByteRange{tokens[*open].start(), tokens[n.end_token - 1].end()};
}

// Runs of lines that hold nothing but comments, each line right after the one before, when the
// run covers more than one line (a lone "/* */" comment over several lines is such a run); and
// the comments over several lines that share a line with code.
std::vector<base::ByteRange> comment_runs(const syntax::SyntaxTree& tree) {
  const std::string_view text = tree.text();
  const LineBreaks line_breaks(tree);
  std::vector<base::ByteRange> runs;
  bool line_start = true;     // nothing but spaces (or a byte order mark) so far on this line
  bool comment_line = false;  // the line so far holds comments and nothing else
  base::ByteRange line;       // the comments of that line
  std::optional<base::ByteRange> run;
  const auto close_run = [&] {
    if (run && line_breaks.within(*run)) runs.push_back(*run);
    run.reset();
  };
  const auto end_line = [&] {
    if (comment_line) run = run ? base::ByteRange{run->start, line.end} : line;
    comment_line = false;
    line_start = true;
  };
  for (const syntax::Token& token : tree.tokens()) {
    switch (token.kind()) {
      case TokenKind::Comment:
        if (line_start) {
          comment_line = true;
          line.start = token.start();
          line_start = false;
        }
        if (comment_line) {
          line.end = token.end_before_line_break(text);
        } else if (const base::ByteRange trailing{token.start(), token.end_before_line_break(text)};
                   line_breaks.within(trailing)) {
          runs.push_back(trailing);  // a "/* */" after code, over several lines, folds alone
        }
        if (text[token.end() - 1] == '\n') end_line();  // a line comment ends its line
        break;
      case TokenKind::Newline:
        if (line_start) close_run();  // a blank line
        end_line();
        break;
      case TokenKind::Bom:
        break;
      case TokenKind::Eof:
        end_line();
        close_run();
        break;
      default:  // code: its line is no comment line, even after a comment
        close_run();
        if (comment_line && line_breaks.within(line)) runs.push_back(line);  // "/* */" then code
        comment_line = false;
        line_start = false;
        break;
    }
  }
  return runs;
}

std::vector<FoldingRange> native_folds(const syntax::SyntaxTree& tree) {
  const LineBreaks line_breaks(tree);
  const std::vector<base::ByteRange> comments = comment_runs(tree);
  std::vector<FoldingRange> folds;
  // A Nomad-like file has one fold per nine nodes: a guess that spares the regrowth.
  folds.reserve(tree.nodes().size() / 8 + comments.size());
  size_t next_comment = 0;
  // Pre-order over the post-order node array, with a stack instead of recursion (nesting may
  // be deep): a node's fold starts before those of its descendants and after those of the
  // nodes before it, so the folds come out sorted by start. Comment runs never share a start
  // with a node's fold and never straddle one; they are merged in by start.
  std::vector<NodeId> pending{tree.root()};
  while (!pending.empty()) {
    const NodeId id = pending.back();
    pending.pop_back();
    if (const std::optional<base::ByteRange> fold = node_fold(tree, id);
        fold && line_breaks.within(*fold)) {
      for (; next_comment < comments.size() && comments[next_comment].start < fold->start;
           ++next_comment)
        folds.push_back({comments[next_comment], FoldingKind::Comment});
      folds.push_back({*fold, FoldingKind::Region});
    }
    // Children are found last to first; pushed so, the first is taken next.
    const syntax::Node& n = tree.node(id);
    for (NodeId child = id; child > n.first_descendant;
         child = tree.node(child - 1).first_descendant)
      pending.push_back(child - 1);
  }
  for (; next_comment < comments.size(); ++next_comment)
    folds.push_back({comments[next_comment], FoldingKind::Comment});
  return folds;
}

std::vector<FoldingRange> json_folds(const syntax::JsonTree& tree) {
  const LineBreaks line_breaks(tree);
  std::vector<FoldingRange> folds;
  std::vector<syntax::JsonId> pending{tree.root()};
  // Pre-order from the root, children pushed last first; the nodes of a broken object or
  // array that hcl's parser dropped are not reached.
  while (!pending.empty()) {
    const syntax::JsonId id = pending.back();
    pending.pop_back();
    const syntax::JsonNode& n = tree.node(id);
    if (n.kind == syntax::JsonKind::Object) {
      const auto properties = tree.properties(id);
      for (auto p = properties.rbegin(); p != properties.rend(); ++p) pending.push_back(p->value);
    } else if (n.kind == syntax::JsonKind::Array) {
      const auto elements = tree.elements(id);
      pending.insert(pending.end(), elements.rbegin(), elements.rend());
    } else {
      continue;
    }
    if (line_breaks.within(n.range)) folds.push_back({n.range, FoldingKind::Region});
  }
  return folds;
}

}  // namespace

std::vector<FoldingRange> folding_ranges(const Snapshot& snapshot) {
  return snapshot.tree ? native_folds(*snapshot.tree) : json_folds(*snapshot.json);
}

}  // namespace hclspec::features
