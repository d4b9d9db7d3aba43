// Document symbols: the outline of a document, blocks with their attributes and nested blocks.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "base/text_range.hpp"
#include "features/snapshot.hpp"

namespace hclspec::features {

// What a symbol is, in the engine's terms; the server picks the LSP kind that reads well.
enum class SymbolKind : uint8_t {
  Block,      // a block of an input file
  Attribute,  // an attribute (or a JSON property holding a scalar or array)
  Object,     // a JSON property holding an object
  Spec,       // a spec block of a .hcldec file (attr, block_list, object, ...)
  Variables,  // a spec file's `variables` block
  Variable,   // one of its entries
  Function,   // a spec file's `function` block
};

struct DocumentSymbol {
  std::string name;    // `job "web"`, `count`, `attr "port"`
  std::string detail;  // what the spec says (`number, required`, `block_list`), or ""
  SymbolKind kind = SymbolKind::Block;
  base::ByteRange range;      // the whole item
  base::ByteRange selection;  // its name (a block's type and labels)
  std::vector<DocumentSymbol> children;
};

// An outline holds at most this many symbols: a larger one stops at the deepest level that fits
// whole (the first level always shows), so a huge file's outline still opens at once (each symbol
// is about 200 bytes of JSON for the client to read).
inline constexpr size_t kMaxOutlineSymbols = 10000;

// The document's outline in source order, from the intact parts of broken text. Levels deeper
// than 64 are left out, and so are those beyond kMaxOutlineSymbols.
std::vector<DocumentSymbol> document_symbols(const Snapshot& snapshot);

}  // namespace hclspec::features
