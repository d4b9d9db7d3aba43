// Rendering a lint report: hcldec-style text, one-line compact, JSON, SARIF 2.1.0, GitHub Actions
// workflow commands, Checkstyle XML and JUnit XML.
#include "server/lint/lint_output.hpp"

#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>

#include "engine/features/diagnostic_codes.hpp"
#include "server/diagnostic_text.hpp"

namespace hclspec::server::lint {

namespace {

using Json = nlohmann::ordered_json;

const char* severity_name(base::Severity severity) {
  return severity == base::Severity::Error ? "error" : "warning";
}

// "summary: detail" on one line, the detail's line breaks as spaces.
std::string one_line(const Finding& finding) {
  std::string out = finding.summary;
  if (!finding.detail.empty()) out += ": " + finding.detail;
  for (char& c : out)
    if (c == '\n' || c == '\r') c = ' ';
  return out;
}

std::string location(const LintedFile& file, const Finding& finding) {
  if (!finding.placed) return file.path;
  return file.path + ":" + std::to_string(finding.start.line) + ":" +
         std::to_string(finding.start.column);
}

// FILE:LINE:COL: severity: summary: detail [code]
std::string compact_line(const LintedFile& file, const Finding& finding) {
  return location(file, finding) + ": " + severity_name(finding.severity) + ": " +
         one_line(finding) + " [" + finding.code + "]\n";
}

std::string render_text(const Report& report) {
  const TextStyle style{report.color, true};
  std::string out;
  for (const LintedFile& file : report.files)
    for (const Finding& finding : file.findings) {
      const base::Diagnostic diag{finding.severity, finding.summary + " [" + finding.code + "]",
                                  finding.detail, finding.range, std::nullopt};
      out +=
          format_diagnostic(finding.placed ? file.source.get() : nullptr, file.path, diag, style);
    }
  return out;
}

std::string render_compact(const Report& report) {
  std::string out;
  for (const LintedFile& file : report.files)
    for (const Finding& finding : file.findings) out += compact_line(file, finding);
  return out;
}

Json position_json(const base::Position& position) {
  return Json{{"line", position.line}, {"column", position.column}, {"byte", position.byte}};
}

Json summary_json(const Report& report) {
  return Json{
      {"files", report.files_checked}, {"errors", report.errors}, {"warnings", report.warnings}};
}

std::string render_json(const Report& report) {
  Json diagnostics = Json::array();
  for (const LintedFile& file : report.files)
    for (const Finding& finding : file.findings) {
      Json item{{"severity", severity_name(finding.severity)},
                {"code", finding.code},
                {"summary", finding.summary},
                {"detail", finding.detail},
                {"file", file.path}};
      if (finding.placed) {
        item["start"] = position_json(finding.start);
        item["end"] = position_json(finding.end);
      }
      diagnostics.push_back(std::move(item));
    }
  const Json out{{"format_version", "1"},
                 {"diagnostics", std::move(diagnostics)},
                 {"summary", summary_json(report)}};
  return out.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

// --- SARIF ---

// A SARIF column: 1-based, in Unicode code points (the run's columnKind).
uint32_t code_point_column(const base::SourceFile& source, const base::Position& position) {
  const std::string& text = source.text();
  const uint32_t line_start = source.lines().line_start(position.line - 1);
  uint32_t column = 1;
  for (uint32_t i = line_start; i < position.byte && i < text.size(); ++i)
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++column;
  return column;
}

// A relative path as a URI reference: "/" kept, everything but unreserved characters escaped.
std::string uri_path(const std::string& path) {
  static const char* const kHex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : path) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                       c == '-' || c == '.' || c == '_' || c == '~' || c == '/';
    if (plain) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

uint64_t fnv1a(std::string_view text, uint64_t hash = 14695981039346656037ULL) {
  for (unsigned char c : text) {
    hash ^= c;
    hash *= 1099511628211ULL;
  }
  return hash;
}

// A fingerprint that survives edits elsewhere in the file: the rule and the finding's line
// without whitespace, hashed, then which occurrence of that hash in the file it is.
std::string line_hash(const LintedFile& file, const Finding& finding,
                      std::map<uint64_t, int>& occurrences) {
  std::string line;
  if (finding.placed && file.source)
    for (char c : file.source->lines().line_text(finding.start.line - 1))
      if (c != ' ' && c != '\t' && c != '\r' && c != '\n') line += c;
  const uint64_t hash = fnv1a(line, fnv1a(finding.code + '\0'));
  char hex[24];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
  return std::string(hex) + ":" + std::to_string(++occurrences[hash]);
}

Json sarif_rules(std::map<std::string, size_t>& index) {
  Json rules = Json::array();
  for (const features::DiagnosticCodeInfo& info : features::diagnostic_codes()) {
    index.emplace(std::string(info.code), rules.size());
    const std::string description(info.description);
    std::string example(info.example);
    while (example.ends_with('\n')) example.pop_back();
    rules.push_back(
        Json{{"id", info.code},
             // The summary a diagnostic of the code carries ("*" stands for the name it names).
             {"shortDescription", {{"text", info.summary_patterns().front()}}},
             {"fullDescription", {{"text", description}}},
             {"help",
              {{"text", description + "\n\nExample:\n" + example},
               {"markdown", description + "\n\nExample:\n\n```hcl\n" + example + "\n```"}}},
             {"defaultConfiguration", {{"level", severity_name(info.severity)}}}});
  }
  return rules;
}

std::string render_sarif(const Report& report) {
  std::map<std::string, size_t> rule_index;
  Json rules = sarif_rules(rule_index);
  Json results = Json::array();
  for (const LintedFile& file : report.files) {
    std::map<uint64_t, int> occurrences;
    for (const Finding& finding : file.findings) {
      Json artifact = file.path.starts_with('/')
                          ? Json{{"uri", "file://" + uri_path(file.path)}}
                          : Json{{"uri", uri_path(file.path)}, {"uriBaseId", "%SRCROOT%"}};
      Json physical{{"artifactLocation", std::move(artifact)}};
      if (finding.placed)
        physical["region"] = Json{{"startLine", finding.start.line},
                                  {"startColumn", code_point_column(*file.source, finding.start)},
                                  {"endLine", finding.end.line},
                                  {"endColumn", code_point_column(*file.source, finding.end)}};
      Json result{{"ruleId", finding.code}};
      if (const auto found = rule_index.find(finding.code); found != rule_index.end())
        result["ruleIndex"] = found->second;
      result["level"] = severity_name(finding.severity);
      result["message"] =
          Json{{"text", finding.detail.empty() ? finding.summary
                                               : finding.summary + "\n" + finding.detail}};
      result["locations"] = Json::array({Json{{"physicalLocation", std::move(physical)}}});
      result["partialFingerprints"] =
          Json{{"primaryLocationLineHash", line_hash(file, finding, occurrences)}};
      results.push_back(std::move(result));
    }
  }
  const Json driver{{"name", "hclspec"},
                    {"version", HCLSPEC_VERSION},
                    {"semanticVersion", HCLSPEC_VERSION},
                    {"rules", std::move(rules)}};
  const Json out{{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
                 {"version", "2.1.0"},
                 {"runs", Json::array({Json{{"tool", {{"driver", driver}}},
                                            {"columnKind", "unicodeCodePoints"},
                                            {"results", std::move(results)}}})}};
  return out.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

// --- GitHub Actions ---

// Escapes for a workflow command's message, and (with `property`) a property's value.
std::string escape_command(std::string_view text, bool property) {
  std::string out;
  for (char c : text) {
    if (c == '%')
      out += "%25";
    else if (c == '\r')
      out += "%0D";
    else if (c == '\n')
      out += "%0A";
    else if (property && c == ':')
      out += "%3A";
    else if (property && c == ',')
      out += "%2C";
    else
      out += c;
  }
  return out;
}

// Actions shows at most this many annotations of each kind (error, warning) per step.
constexpr size_t kAnnotationsPerKind = 10;

std::string render_github(const Report& report) {
  std::string out;
  size_t annotated[2] = {0, 0};
  size_t plain = 0;
  for (const LintedFile& file : report.files)
    for (const Finding& finding : file.findings) {
      size_t& used = annotated[finding.severity == base::Severity::Error ? 0 : 1];
      if (used == kAnnotationsPerKind) {
        out += compact_line(file, finding);
        ++plain;
        continue;
      }
      ++used;
      std::string properties = "file=" + escape_command(file.path, true);
      if (finding.placed) {
        properties += ",line=" + std::to_string(finding.start.line) +
                      ",endLine=" + std::to_string(finding.end.line);
        // Actions takes columns only for a range on one line.
        if (finding.start.line == finding.end.line)
          properties += ",col=" + std::to_string(finding.start.column) +
                        ",endColumn=" + std::to_string(finding.end.column);
      }
      properties += ",title=" + escape_command(finding.summary + " [" + finding.code + "]", true);
      out += std::string("::") + severity_name(finding.severity) + " " + properties + "::" +
             escape_command(finding.detail.empty() ? finding.summary : finding.detail, false) +
             "\n";
    }
  if (plain > 0)
    out += "::notice title=hclspec lint::" + std::to_string(plain) +
           (plain == 1 ? " diagnostic was" : " diagnostics were") +
           " not annotated (Actions shows at most 10 errors and 10 warnings per step); "
           "see the plain lines above.\n";
  return out;
}

// --- XML ---

std::string xml_escape(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      case '\n':
        out += "&#10;";
        break;
      case '\r':
        out += "&#13;";
        break;
      case '\t':
        out += "&#9;";
        break;
      default:
        // XML 1.0 allows no other control characters, not even escaped.
        if (static_cast<unsigned char>(c) < 0x20)
          out += "\xEF\xBF\xBD";
        else
          out += c;
    }
  }
  return out;
}

std::string render_checkstyle(const Report& report) {
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n";
  for (const LintedFile& file : report.files) {
    out += "  <file name=\"" + xml_escape(file.path) + "\">\n";
    for (const Finding& finding : file.findings) {
      out += "    <error";
      if (finding.placed)
        out += " line=\"" + std::to_string(finding.start.line) + "\" column=\"" +
               std::to_string(finding.start.column) + "\"";
      out += std::string(" severity=\"") + severity_name(finding.severity) + "\" message=\"" +
             xml_escape(one_line(finding)) + "\" source=\"hclspec." + xml_escape(finding.code) +
             "\"/>\n";
    }
    out += "  </file>\n";
  }
  return out + "</checkstyle>\n";
}

std::string render_junit(const Report& report) {
  size_t failures = 0;
  std::string cases;
  for (const LintedFile& file : report.files) {
    std::string failed, passed;
    size_t failing = 0;
    for (const Finding& finding : file.findings) {
      if (fails(finding.severity, report.min_severity)) {
        failed += compact_line(file, finding);
        ++failing;
      } else {
        passed += compact_line(file, finding);
      }
    }
    cases += "    <testcase classname=\"hclspec.lint\" name=\"" + xml_escape(file.path) + "\"";
    if (failing == 0 && passed.empty()) {
      cases += "/>\n";
      continue;
    }
    cases += ">\n";
    if (failing > 0) {
      ++failures;
      cases += "      <failure type=\"lint\" message=\"" + std::to_string(failing) +
               (failing == 1 ? " problem" : " problems") + "\">" + xml_escape(failed) +
               "</failure>\n";
    }
    if (!passed.empty()) cases += "      <system-out>" + xml_escape(passed) + "</system-out>\n";
    cases += "    </testcase>\n";
  }
  const std::string counts = " tests=\"" + std::to_string(report.files.size()) + "\" failures=\"" +
                             std::to_string(failures) + "\" errors=\"0\"";
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"hclspec lint\"" + counts +
         ">\n  <testsuite name=\"hclspec lint\"" + counts + " skipped=\"0\">\n" + cases +
         "  </testsuite>\n</testsuites>\n";
}

}  // namespace

bool parse_format(const std::string& name, Format& format) {
  static const std::pair<const char*, Format> kFormats[] = {
      {"text", Format::Text},   {"compact", Format::Compact}, {"json", Format::Json},
      {"sarif", Format::Sarif}, {"github", Format::GitHub},   {"checkstyle", Format::Checkstyle},
      {"junit", Format::JUnit}};
  for (const auto& [known, value] : kFormats)
    if (name == known) {
      format = value;
      return true;
    }
  return false;
}

bool fails(base::Severity severity, base::Severity min) {
  return severity == base::Severity::Error || min == base::Severity::Warning;
}

void count(Report& report) {
  report.errors = report.warnings = 0;
  for (const LintedFile& file : report.files)
    for (const Finding& finding : file.findings)
      ++(finding.severity == base::Severity::Error ? report.errors : report.warnings);
}

std::string summary_line(const Report& report) {
  size_t files_with_errors = 0;
  for (const LintedFile& file : report.files)
    for (const Finding& finding : file.findings)
      if (finding.severity == base::Severity::Error) {
        ++files_with_errors;
        break;
      }
  const auto plural = [](size_t n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
  };
  return "Checked " + plural(report.files_checked, "file", "files") + ": " +
         plural(report.errors, "error", "errors") + " in " +
         plural(files_with_errors, "file", "files") + ", " +
         plural(report.warnings, "warning", "warnings") + ".\n";
}

std::string render(const Report& report, Format format) {
  switch (format) {
    case Format::Text:
      return render_text(report);
    case Format::Compact:
      return render_compact(report);
    case Format::Json:
      return render_json(report);
    case Format::Sarif:
      return render_sarif(report);
    case Format::GitHub:
      return render_github(report);
    case Format::Checkstyle:
      return render_checkstyle(report);
    case Format::JUnit:
      return render_junit(report);
  }
  return {};
}

}  // namespace hclspec::server::lint
