// `hclspec docs`: the language a spec file defines, as Markdown for the people who write it.
#pragma once

#include <string>
#include <string_view>

#include "spec/spec.hpp"

namespace hclspec::features {

// Markdown documentation of the files `file` checks, in spec-file order: a title and intro from
// `spec_name` (the spec's file name, e.g. `job.hcldec`) and the root spec's description; the
// root body's attributes (a table: name, type as a spec writes it, required, description); a
// section per block type, its heading one level deeper per nesting level (at most `######`, the
// heading naming the whole path), with its labels, how many are allowed, its description, its
// attributes and its nested block types; the spec's variables and functions; and an example
// file holding the required items with placeholder values, as `hclspec fmt` writes it, which the
// spec accepts.
std::string spec_docs(const spec::SpecFile& file, std::string_view spec_name);

}  // namespace hclspec::features
