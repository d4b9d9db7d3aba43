// Diagnostics as text for terminals and logs, in the layout hcldec and terraform use.
#pragma once

#include <string>

#include "engine/base/diagnostic.hpp"
#include "engine/base/source_file.hpp"

namespace hclspec::server {

struct TextStyle {
  bool color = false;     // VT100 colors for severity and the subject
  bool underline = true;  // a line of ^ under the subject
};

// Error: Summary / on FILE line N: / the source lines with the subject marked / Detail. With no
// file (a problem that has no place, such as an unreadable file), the summary and detail only.
std::string format_diagnostic(const base::SourceFile* file, const base::Diagnostic& diag,
                              const TextStyle& style);
// The same with the file shown as `file_name` rather than by its own name.
std::string format_diagnostic(const base::SourceFile* file, const std::string& file_name,
                              const base::Diagnostic& diag, const TextStyle& style);

}  // namespace hclspec::server
