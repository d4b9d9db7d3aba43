// What the editor features are told about a document's spec, from its association: one answer
// for the language server and `hclspec lint`.
#pragma once

#include <string>

#include "engine/features/snapshot.hpp"
#include "server/spec_association.hpp"
#include "server/spec_store.hpp"

namespace hclspec::server {

// A .hcldec file is a spec file; everything else is configuration.
features::DocumentKind document_kind(const Association& association);

// The binding for a document associated by `association`, whose spec (Kind::Spec without a
// problem) was loaded as `spec`. `spec_name` is how the spec file is shown to the user. A spec
// with errors leaves the document with syntax checks and a problem saying so.
features::SpecBinding spec_binding(const Association& association, const LoadedSpec* spec,
                                   const std::string& spec_name);

}  // namespace hclspec::server
