// Decoding of literal template text: backslash escapes (quoted strings) and "$${"/"%%{".
#pragma once

#include <string>
#include <string_view>

#include "base/diagnostic.hpp"

namespace hclspec::syntax {

// Appends the value of the literal text `raw` (which starts at byte `offset` of its file) to
// `out`, as HCL's ParseStringLiteralToken does. `quoted` selects a quoted template's rules
// (backslash escapes) over a heredoc's. Invalid escapes add diagnostics to `diags`.
void decode_string_literal(std::string_view raw, uint32_t offset, bool quoted, std::string& out,
                           base::Diagnostics& diags);

}  // namespace hclspec::syntax
