// A spec block's description: the comment block directly above it in the spec file.
#pragma once

#include <string>

#include "syntax/tree.hpp"

namespace hclspec::spec {

// The text of the comment block directly above the item (block or attribute) `item`, without
// comment markers; empty when there is none. hcldec ignores comments, so this only feeds
// completion and hover. The rules:
// - Either a run of line comments (`#` or `//`), each alone on its line, with no blank line
//   between them or between the last one and the item; a blank line ends the run, keeping the
//   lines nearest the item. Each line loses its marker and one space after it; suppression
//   comments (`# hclspec-ignore...`) are left out.
// - Or one `/* */` comment alone on the line(s) directly above. It loses its delimiters (also
//   `/**` and `**/`) and, when every line after the first starts with `*`, that decoration and
//   one space after it; otherwise the lines' common indentation.
// - A comment that ends a line holding something else (`attr "a" {} # note`, or after a `{`)
//   belongs to that line, so it ends the search: it never describes the next item.
// - Lines keep their leading spaces (beyond those removed above) and lose trailing whitespace;
//   blank lines at the start and end are dropped; lines are joined with "\n".
std::string description_above(const syntax::SyntaxTree& tree, syntax::NodeId item);

}  // namespace hclspec::spec
