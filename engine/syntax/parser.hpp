// Parsing HCL native syntax into a SyntaxTree: never fails, always returns a complete tree.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "syntax/tree.hpp"

namespace hclspec::syntax {

// How deep blocks and expressions may nest before the parser reports an error and skips the
// rest of the construct (the reference parser has no limit, but a stack does).
inline constexpr int kMaxNestingDepth = 10000;

// The largest text a tree can address with its 32-bit offsets (one less, for the Eof token).
inline constexpr uint32_t kMaxSourceBytes = 0xFFFFFFFEu;

// Parses a whole configuration file. `filename` appears only in diagnostic texts that name
// another range ("already set at main.tf:3,1-4"), as HCL's do.
std::unique_ptr<SyntaxTree> parse_config(std::string text, std::string filename);

// The same, calling `tokens_ready(tree)` on the calling thread once the tree's tokens are
// final, before its nodes are made: work that reads only the text and the tokens (formatting)
// may then run beside the parse, holding the tree it is given, which lives on should the parse
// fail (out of memory). Called once, unless such a failure comes first.
std::shared_ptr<const SyntaxTree> parse_config(
    std::string text, std::string filename,
    const std::function<void(std::shared_ptr<const SyntaxTree>)>& tokens_ready);

// Parses a whole text as a template's content (hclsyntax's ParseTemplate): the root node is
// a Template. Used for strings of the JSON syntax, which hold templates.
std::unique_ptr<SyntaxTree> parse_template_text(std::string text, std::string filename);

}  // namespace hclspec::syntax
