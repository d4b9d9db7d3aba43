// hcldec's JSON diagnostics: positions from the file's line index (HCL line, column, byte).
#include "server/diagnostic_json.hpp"

#include "engine/types/json.hpp"

namespace hclspec::server {

namespace {

std::string position_json(const base::Position& p, const std::string& indent) {
  return "{\n" + indent + "  \"line\": " + std::to_string(p.line) + ",\n" + indent +
         "  \"column\": " + std::to_string(p.column) + ",\n" + indent +
         "  \"byte\": " + std::to_string(p.byte) + "\n" + indent + "}";
}

}  // namespace

std::string range_to_json(const base::SourceFile& file, base::ByteRange range,
                          const std::string& indent) {
  const base::LineIndex& lines = file.lines();
  return "{\n" + indent + "  \"filename\": " + types::json_quote(file.filename()) + ",\n" + indent +
         "  \"start\": " + position_json(lines.position(range.start), indent + "  ") + ",\n" +
         indent + "  \"end\": " + position_json(lines.position(range.end), indent + "  ") + "\n" +
         indent + "}";
}

std::string diagnostics_to_json(const std::vector<FileDiagnostic>& diags) {
  std::string out = "{\n  \"diagnostics\": [";
  for (size_t i = 0; i < diags.size(); ++i) {
    const base::Diagnostic& d = diags[i].diagnostic;
    out += i ? ",\n    {\n" : "\n    {\n";
    out += std::string("      \"severity\": \"") +
           (d.severity == base::Severity::Error ? "error" : "warning") + "\",\n";
    out += "      \"summary\": " + types::json_quote(d.summary);
    if (!d.detail.empty()) out += ",\n      \"detail\": " + types::json_quote(d.detail);
    if (diags[i].file != nullptr)
      out += ",\n      \"subject\": " + range_to_json(*diags[i].file, d.subject, "      ");
    out += "\n    }";
  }
  out += diags.empty() ? "]\n}" : "\n  ]\n}";
  return out;
}

}  // namespace hclspec::server
