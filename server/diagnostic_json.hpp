// Diagnostics as JSON in hcldec's --diags=json shape.
#pragma once

#include <string>
#include <vector>

#include "engine/base/diagnostic.hpp"
#include "engine/base/source_file.hpp"

namespace hclspec::server {

// A diagnostic with the file its ranges refer to.
struct FileDiagnostic {
  const base::SourceFile* file;  // nullptr: no source range
  base::Diagnostic diagnostic;
};

// {"diagnostics": [{"severity", "summary", "detail", "subject": {filename, start, end}}]},
// indented as Go's json.MarshalIndent writes it.
std::string diagnostics_to_json(const std::vector<FileDiagnostic>& diags);

// {"filename", "start": {"line","column","byte"}, "end": {...}} for a range of a file.
std::string range_to_json(const base::SourceFile& file, base::ByteRange range,
                          const std::string& indent);

}  // namespace hclspec::server
