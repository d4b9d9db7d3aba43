// Diagnostics as text for terminals and logs, in the layout hcldec and terraform use.
#pragma once

#include <string>

#include "engine/base/diagnostic.hpp"
#include "engine/syntax/tree.hpp"

namespace hclspec::server {

struct TextStyle {
  bool color = false;     // VT100 colors for severity and the subject
  bool underline = true;  // a line of ^ under the subject
};

// Error: Summary / on FILE line N: / the source lines with the subject marked / Detail.
std::string format_diagnostic(const syntax::SyntaxTree& file, const base::Diagnostic& diag,
                              const TextStyle& style);

}  // namespace hclspec::server
