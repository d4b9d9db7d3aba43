// What the editor features read: one immutable parse of a document and the spec that applies.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "base/source_file.hpp"
#include "base/text_range.hpp"
#include "spec/decode_options.hpp"
#include "spec/spec.hpp"
#include "syntax/json.hpp"
#include "syntax/tree.hpp"

namespace hclspec::features {

enum class DocumentKind {
  Config,    // checked against the spec of its binding, if any
  SpecFile,  // a .hcldec file: checked by the spec loader, described by the meta-spec
};

// Which spec applies to the document and why: decided by the server's association module.
struct SpecBinding {
  std::shared_ptr<const spec::SpecFile> spec;  // null: syntax checks only
  std::string spec_name;                       // the spec file as shown to the user ("" when none)
  std::string chosen_by;  // e.g. "modeline on line 1", "rule 2 in /w/.hclspec.hcl"
  std::optional<base::ByteRange> modeline;  // the modeline's range in this document, if any
  std::string problem;          // non-empty: the named spec can't be used (then `spec` is null)
  spec::DecodeOptions options;  // how the document is read (the rule's dynamic_blocks, say)
};

// Immutable; shared by the server's analyses.
struct Snapshot {
  std::shared_ptr<const syntax::SyntaxTree> tree;  // native syntax, or
  std::shared_ptr<const syntax::JsonTree> json;    // JSON syntax: exactly one is set
  DocumentKind kind = DocumentKind::Config;
  SpecBinding binding;

  const base::SourceFile& source() const {
    return tree ? static_cast<const base::SourceFile&>(*tree) : *json;
  }
};

}  // namespace hclspec::features
