// Document symbols: the outline of a document, blocks with their attributes and nested blocks.
#pragma once

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
  std::string name;     // `job "web"`, `count`, `attr "port"`
  std::string detail;   // what the spec says (`number, required`, `block_list`), or ""
  SymbolKind kind = SymbolKind::Block;
  base::ByteRange range;      // the whole item
  base::ByteRange selection;  // its name (a block's type and labels)
  std::vector<DocumentSymbol> children;
};

// The document's outline in source order, from the intact parts of broken text.
std::vector<DocumentSymbol> document_symbols(const Snapshot& snapshot);

}  // namespace hclspec::features
