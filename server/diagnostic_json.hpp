// Diagnostics as JSON in hcldec's --diags=json shape.
#pragma once

#include <string>
#include <vector>

#include "engine/base/diagnostic.hpp"
#include "engine/syntax/tree.hpp"

namespace hclspec::server {

// A diagnostic with the file its ranges refer to.
struct FileDiagnostic {
  const syntax::SyntaxTree* file;  // nullptr: no source range
  base::Diagnostic diagnostic;
};

// {"diagnostics": [{"severity", "summary", "detail", "subject": {filename, start, end}}]},
// indented as Go's json.MarshalIndent writes it.
std::string diagnostics_to_json(const std::vector<FileDiagnostic>& diags);

// {"filename", "start": {"line","column","byte"}, "end": {...}} for a range of a file.
std::string range_to_json(const syntax::SyntaxTree& file, base::ByteRange range,
                          const std::string& indent);

}  // namespace hclspec::server
