// Completion at a cursor: what the spec expects there, in editor terms, with byte ranges.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/text_range.hpp"
#include "features/snapshot.hpp"

namespace hclspec::features {

struct CompletionOptions {
  bool snippets = true;  // the client takes snippets (`${1:name}`); else plain text
  bool markdown = true;  // documentation in markdown; else plain text
};

enum class CompletionKind { Attribute, Block, Value, Variable, Function, Keyword };

struct CompletionItem {
  std::string label;
  CompletionKind kind = CompletionKind::Attribute;
  std::string detail;         // a type, a block's kind, a function's signature
  std::string documentation;  // the spec's description
  std::string insert_text;    // replaces `replace`
  bool is_snippet = false;
  base::ByteRange replace;  // the partly typed name at the cursor, or empty at the cursor
  std::string sort_text;    // required items first, then in spec order
};

// The candidates at byte `offset` of the snapshot's document:
// - at a name's place in a body (an empty line, a partly typed name): the attributes and block
//   types the spec expects there, less the attributes already set and the blocks already present
//   as often as allowed;
// - where an expression may stand: the spec's variables and functions, and `true`/`false` as an
//   attribute of type bool's whole value;
// - nothing in a comment, a string's text, a block's labels, or where the spec expects nothing.
// A .hcldec document (DocumentKind::SpecFile) is completed from the meta-spec. JSON documents get
// nothing: their keys and values are strings, where hcl's JSON syntax has no place for a
// cursor-driven model yet.
std::vector<CompletionItem> complete(const Snapshot& snapshot, uint32_t offset,
                                     const CompletionOptions& options);

}  // namespace hclspec::features
