// Unified diffs by line number: hunks of changed lines with their context.
#include "server/unified_diff.hpp"

#include <algorithm>
#include <vector>

namespace hclspec::server {

namespace {

constexpr size_t kContext = 3;

// The lines of `text` with their newlines; a last line without one is kept as it is.
std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  for (size_t start = 0; start < text.size();) {
    const size_t newline = text.find('\n', start);
    const size_t end = newline == std::string_view::npos ? text.size() : newline + 1;
    lines.push_back(text.substr(start, end - start));
    start = end;
  }
  return lines;
}

void append_line(std::string& out, char mark, std::string_view line) {
  out += mark;
  out += line;
  if (!line.ends_with('\n')) out += "\n\\ No newline at end of file\n";
}

// "@@ -3,7 +3,7 @@": a range's first line and count; an empty range names the line before it.
std::string hunk_range(size_t first, size_t count) {
  std::string out = std::to_string(count == 0 ? first : first + 1);
  if (count != 1) out += "," + std::to_string(count);
  return out;
}

}  // namespace

std::string unified_diff(std::string_view before, std::string_view after, const std::string& path) {
  if (before == after) return "";
  const std::vector<std::string_view> old_lines = split_lines(before);
  const std::vector<std::string_view> new_lines = split_lines(after);

  // Pairs of [first, last] changed line numbers, one per hunk. When the line counts differ,
  // one hunk runs from the first difference to the end of both texts.
  std::vector<std::pair<size_t, size_t>> changes;
  const bool same_count = old_lines.size() == new_lines.size();
  for (size_t i = 0; i < std::max(old_lines.size(), new_lines.size()); ++i) {
    const bool differs =
        i >= old_lines.size() || i >= new_lines.size() || old_lines[i] != new_lines[i];
    if (!differs) continue;
    if (!same_count) {
      changes.push_back({i, std::max(old_lines.size(), new_lines.size()) - 1});
      break;
    }
    if (!changes.empty() && i <= changes.back().second + 2 * kContext + 1)
      changes.back().second = i;
    else
      changes.push_back({i, i});
  }

  std::string out = "--- a/" + path + "\n+++ b/" + path + "\n";
  for (const auto& [first, last] : changes) {
    const size_t from = first >= kContext ? first - kContext : 0;
    const size_t old_end = std::min(old_lines.size(), last + 1 + kContext);
    const size_t new_end = std::min(new_lines.size(), last + 1 + kContext);
    out += "@@ -" + hunk_range(from, old_end - from) + " +" + hunk_range(from, new_end - from) +
           " @@\n";
    for (size_t i = from; i < std::max(old_end, new_end);) {
      if (i < old_end && i < new_end && old_lines[i] == new_lines[i]) {
        append_line(out, ' ', old_lines[i++]);
        continue;
      }
      // A run of changed lines: all the old ones, then all the new ones.
      size_t run_end = i;
      while (run_end < std::max(old_end, new_end) &&
             !(run_end < old_end && run_end < new_end && old_lines[run_end] == new_lines[run_end]))
        ++run_end;
      for (size_t j = i; j < std::min(run_end, old_end); ++j) append_line(out, '-', old_lines[j]);
      for (size_t j = i; j < std::min(run_end, new_end); ++j) append_line(out, '+', new_lines[j]);
      i = run_end;
    }
  }
  return out;
}

}  // namespace hclspec::server
