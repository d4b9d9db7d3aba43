// Descriptions of spec blocks, read from the comment tokens above them.
#include "spec/description.hpp"

#include <algorithm>
#include <string_view>
#include <vector>

namespace hclspec::spec {

using syntax::TokenKind;

namespace {

constexpr std::string_view kSpace = " \t\r\n\f\v";

bool is_line_comment(std::string_view text) {
  return text.starts_with('#') || text.starts_with("//");
}

std::string_view trim_end(std::string_view text) {
  const size_t end = text.find_last_not_of(kSpace);
  return end == std::string_view::npos ? std::string_view() : text.substr(0, end + 1);
}

std::string_view trim_start(std::string_view text) {
  const size_t start = text.find_first_not_of(kSpace);
  return start == std::string_view::npos ? std::string_view() : text.substr(start);
}

// Whether token `t` is the first on its line. A line comment holds the newline ending it.
bool starts_line(const syntax::SyntaxTree& tree, uint32_t t) {
  if (t == 0) return true;
  const TokenKind before = tree.tokens()[t - 1].kind();
  return before == TokenKind::Newline || before == TokenKind::Bom ||
         (before == TokenKind::Comment && is_line_comment(tree.token_text(t - 1)));
}

// The lines joined with "\n", without the blank lines at either end.
std::string join(const std::vector<std::string_view>& lines) {
  const auto blank = [](std::string_view line) { return line.empty(); };
  const auto first = std::find_if_not(lines.begin(), lines.end(), blank);
  const auto last = std::find_if_not(lines.rbegin(), lines.rend(), blank).base();
  std::string out;
  for (auto line = first; line < last; ++line) {
    if (line != first) out += '\n';
    out += *line;
  }
  return out;
}

std::string line_comments(const syntax::SyntaxTree& tree, uint32_t last) {
  std::vector<std::string_view> lines;
  for (uint32_t t = last + 1; t-- > 0;) {
    const std::string_view text = tree.token_text(t);
    if (tree.tokens()[t].kind() != TokenKind::Comment || !is_line_comment(text) ||
        !starts_line(tree, t))
      break;
    std::string_view line = text.substr(text.starts_with('#') ? 1 : 2);
    if (line.starts_with(' ')) line.remove_prefix(1);
    // A suppression comment speaks to the tools, not to the reader of hover text.
    if (trim_start(line).starts_with("hclspec-ignore")) continue;
    lines.push_back(trim_end(line));
  }
  std::reverse(lines.begin(), lines.end());
  return join(lines);
}

std::string block_comment(std::string_view text) {
  // "/**" and "**/" are common spellings of the delimiters.
  text = text.substr(2, text.size() - 4);
  while (text.starts_with('*')) text.remove_prefix(1);
  while (text.ends_with('*')) text.remove_suffix(1);
  std::vector<std::string_view> lines;
  for (size_t start = 0;;) {
    const size_t end = text.find('\n', start);
    lines.push_back(trim_end(text.substr(start, end - start)));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  lines[0] = trim_start(lines[0]);
  // The lines after the first are decorated with "*" or share an indentation; drop either.
  bool decorated = true;
  size_t indent = std::string_view::npos;
  for (size_t i = 1; i < lines.size(); ++i)
    if (!lines[i].empty()) {
      decorated = decorated && trim_start(lines[i]).starts_with('*');
      indent = std::min(indent, lines[i].find_first_not_of(" \t"));
    }
  for (size_t i = 1; i < lines.size(); ++i) {
    if (lines[i].empty()) continue;
    if (decorated) {
      lines[i] = trim_start(lines[i]).substr(1);
      if (lines[i].starts_with(' ')) lines[i].remove_prefix(1);
    } else {
      lines[i].remove_prefix(indent);
    }
  }
  return join(lines);
}

}  // namespace

std::string description_above(const syntax::SyntaxTree& tree, syntax::NodeId item) {
  const uint32_t first = tree.node(item).first_token;
  if (first == 0) return "";
  const uint32_t before = first - 1;
  if (tree.tokens()[before].kind() == TokenKind::Comment)
    return is_line_comment(tree.token_text(before)) ? line_comments(tree, before) : "";
  // A `/* */` comment is followed by the newline ending its line.
  if (tree.tokens()[before].kind() != TokenKind::Newline || before == 0) return "";
  const uint32_t comment = before - 1;
  const std::string_view text = tree.token_text(comment);
  if (tree.tokens()[comment].kind() != TokenKind::Comment || is_line_comment(text) ||
      !starts_line(tree, comment))
    return "";
  return block_comment(text);
}

}  // namespace hclspec::spec
