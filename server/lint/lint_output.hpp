// lint's output formats: text, compact, json, sarif, github, checkstyle and junit.
#pragma once

#include <string>
#include <vector>

#include "server/lint/lint_check.hpp"

namespace hclspec::server::lint {

enum class Format { Text, Compact, Json, Sarif, GitHub, Checkstyle, JUnit };

// The format named `name` ("text", "compact", ...); false when there is none.
bool parse_format(const std::string& name, Format& format);

// What a run found, files in output order (by path) and findings by position.
struct Report {
  std::vector<LintedFile> files;
  base::Severity min_severity = base::Severity::Error;  // what fails the run
  bool color = false;                                   // text: VT100 colors
  size_t errors = 0;
  size_t warnings = 0;
  size_t files_checked = 0;
};

// Counts the errors and warnings of the report's files.
void count(Report& report);

// The whole output of a run in `format`, for stdout. Text leaves out the summary line (see
// summary_line), which goes to stderr.
std::string render(const Report& report, Format format);

// "Checked 3 files: 2 errors in 1 file, 1 warning."
std::string summary_line(const Report& report);

// Whether a finding of `severity` is at or above `min`.
bool fails(base::Severity severity, base::Severity min);

}  // namespace hclspec::server::lint
