// Document links: a modeline's spec path, and the spec paths of a .hclspec.hcl's rules.
#pragma once

#include <string>
#include <vector>

#include "engine/base/text_range.hpp"
#include "server/lsp/workspace.hpp"

namespace hclspec::server::lsp {

struct DocumentLink {
  base::ByteRange range;  // the path as the file writes it
  std::string target;     // an absolute path
};

// The links of `document`: its modeline's path to the spec in use, and in a project file each
// rule's `spec` string to the path it names. Only paths inside `trust_root` are linked, as only
// those can be used; nothing is read from disk.
std::vector<DocumentLink> document_links(const Document& document, const std::string& trust_root);

}  // namespace hclspec::server::lsp
