// Helpers shared by the syntax tests: parsing, tree validation, compact renderings, fixture files.
#pragma once

#include <doctest/doctest.h>

#include <filesystem>
#include <initializer_list>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "golden_files.hpp"
#include "syntax/parser.hpp"
#include "syntax/tree.hpp"

// Printers so that failed checks show values rather than "{?}".
namespace hclspec::base {
inline std::ostream& operator<<(std::ostream& out, const ByteRange& r) {
  return out << r.start << ".." << r.end;
}
inline std::ostream& operator<<(std::ostream& out, const std::optional<ByteRange>& r) {
  if (!r) return out << "nullopt";
  return out << *r;
}
}  // namespace hclspec::base

namespace doctest {
template <typename T>
String convert_strings(const std::vector<T>& v) {
  std::string out = "{";
  for (size_t i = 0; i < v.size(); ++i)
    out += (i ? ", \"" : "\"") + std::string(v[i]).substr(0, 200) + "\"";
  return String((out + "}").c_str());
}
template <>
struct StringMaker<std::vector<std::string>> {
  static String convert(const std::vector<std::string>& v) { return convert_strings(v); }
};
template <>
struct StringMaker<std::vector<std::string_view>> {
  static String convert(const std::vector<std::string_view>& v) { return convert_strings(v); }
};
}  // namespace doctest

namespace hclspec::syntax::testing {

// Every test parses under this name, so messages that name a range ("test.hcl:1,1-2") are fixed.
inline constexpr const char* kFileName = "test.hcl";

std::unique_ptr<SyntaxTree> parse(std::string_view text);

// An expression and the compact rendering (first_value_sexpr) of "x = <expression>\n".
struct ShapeRow {
  std::string expression;
  std::string shape;
};

// Each expression must parse without diagnostics into the given shape, and its tree must be
// valid and print back to the input.
void check_shapes(std::initializer_list<ShapeRow> rows);

// Checks the tree's structural invariants and returns a description of the first violation, or
// an empty string. Iterative, so it copes with trees of any depth:
// - the root is a Body over every token, and the last token is a zero-length Eof at the end;
// - tokens are in order, do not overlap, and only spaces and tabs lie between them;
// - every node's subtree is a well-formed post-order range, its children lie within its token
//   range, and siblings are in source order without overlapping;
// - operator nodes have their arity (binary 2, unary 1, conditional 3, object key/value pairs).
// Diagnostics are checked too: each subject lies within the text.
std::string validate_tree(const SyntaxTree& tree);

// The dump and the diagnostics, as stored in the golden files.
std::string golden_text(const SyntaxTree& tree);

// One line per diagnostic: "Summary @start..end".
std::vector<std::string> diagnostic_lines(const SyntaxTree& tree);

// A compact S-expression of a node, for asserting tree shapes: "(- (- a b) c)".
std::string sexpr(const SyntaxTree& tree, NodeId id);

// The value expression of the first attribute in the file, as an S-expression.
std::string first_value_sexpr(const SyntaxTree& tree);

// The source text of every Attribute and Block node anywhere in the tree, in source order (views
// into the tree's text: a deep tree's nested block texts would be quadratic to copy).
std::vector<std::string_view> item_texts(const SyntaxTree& tree);

// Tokens as "Kind(text)" separated by spaces, with backslashes, control and broken bytes escaped.
std::string render_tokens(std::string_view text);

std::string escape_text(std::string_view text);

// Every way two trees could differ (text, tokens, nodes, diagnostics, lexical diagnostic count),
// named for a failure message; empty when they are equal.
std::string tree_difference(const SyntaxTree& a, const SyntaxTree& b);

// Fixture files.
std::string fixtures_dir();
// The files below `dir` but golden files, sorted; none when `dir` is not a directory.
std::vector<std::filesystem::path> hcl_files_below(const std::filesystem::path& dir);
using hclspec::testing::read_file;
using hclspec::testing::update_goldens;
using hclspec::testing::write_file;

}  // namespace hclspec::syntax::testing
