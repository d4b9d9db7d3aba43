// Text rendering of diagnostics with a source snippet, after hcl's diagnosticTextWriter.
#include "server/diagnostic_text.hpp"

#include <algorithm>

#include "engine/base/unicode.hpp"

namespace hclspec::server {

namespace {

// The underline for a source line: the prefix's tabs kept so the carets line up.
std::string caret_line(std::string_view line, uint32_t from, uint32_t to) {
  std::string out;
  size_t pos = 0;
  while (pos < line.size() && pos < to) {
    size_t length;
    base::decode_utf8(line, pos, length);
    if (pos < from) {
      out += line[pos] == '\t' ? '\t' : ' ';
    } else {
      out += '^';
    }
    pos += length;
  }
  if (from >= to || out.empty() || out.back() != '^') out += '^';
  return out;
}

}  // namespace

std::string format_diagnostic(const base::SourceFile* file, const base::Diagnostic& diag,
                              const TextStyle& style) {
  return format_diagnostic(file, file ? file->filename() : std::string(), diag, style);
}

std::string format_diagnostic(const base::SourceFile* file, const std::string& file_name,
                              const base::Diagnostic& diag, const TextStyle& style) {
  const char* color = "";
  const char* reset = "";
  const char* highlight = "";
  if (style.color) {
    color = diag.severity == base::Severity::Error ? "\x1b[31m" : "\x1b[33m";
    reset = "\x1b[0m";
    highlight = "\x1b[1;4m";
  }
  std::string out = std::string(color) +
                    (diag.severity == base::Severity::Error ? "Error" : "Warning") + reset + ": " +
                    diag.summary + "\n\n";

  if (file == nullptr) return out + (diag.detail.empty() ? "" : diag.detail + "\n\n");
  const base::LineIndex& lines = file->lines();
  base::ByteRange snippet = diag.subject;
  if (diag.context) snippet = base::range_between(snippet, *diag.context);
  const base::Position start = lines.position(diag.subject.start);
  out += "  on " + file_name + " line " + std::to_string(start.line) + ":\n";
  const uint32_t first_line = lines.line_of(snippet.start);
  const uint32_t last_line =
      lines.line_of(std::max(snippet.start, snippet.end - (snippet.empty() ? 0 : 1)));
  for (uint32_t line = first_line; line <= last_line && line < lines.line_count(); ++line) {
    const std::string_view text = lines.line_text(line);
    const uint32_t line_start = lines.line_start(line);
    const uint32_t line_end = line_start + static_cast<uint32_t>(text.size());
    // The part of the subject on this line, as offsets into the line (an empty subject marks
    // one character).
    const uint32_t from = std::clamp(diag.subject.start, line_start, line_end) - line_start;
    uint32_t to = std::clamp(diag.subject.end, line_start, line_end) - line_start;
    const bool marked =
        diag.subject.start <= line_end && diag.subject.end >= line_start &&
        (diag.subject.start < line_end || diag.subject.empty() || diag.subject.start == line_end);
    char number[16];
    std::snprintf(number, sizeof number, "%4u: ", line + 1);
    out += number;
    if (marked && style.color && to > from) {
      out += std::string(text.substr(0, from)) + highlight +
             std::string(text.substr(from, to - from)) + reset + std::string(text.substr(to));
    } else {
      out += text;
    }
    out += '\n';
    if (marked && style.underline) {
      if (to <= from) to = from + 1;
      out += "      " + caret_line(text, from, to) + "\n";
    }
  }
  out += '\n';
  if (!diag.detail.empty()) out += diag.detail + "\n\n";
  return out;
}

}  // namespace hclspec::server
