// Helpers of the spec model tests: loading spec text, renderings of the model's answers.
#pragma once

#include <string>
#include <vector>

#include "spec/expected.hpp"
#include "spec/load.hpp"

namespace hclspec {

// The spec file `text` (named "spec.hcldec"), which must load without errors.
spec::SpecFile load_spec_text(const std::string& text);

// One line per expected attribute and block (with "  | " lines for its description), then the
// body's any-attribute and alternatives rules.
std::string dump_body(const spec::ExpectedBody& body);

// The spec's kind and range ("object @0..6"), or "none".
std::string spec_summary(const spec::Spec* spec);

// Every body reachable from `root` (the body `root_spec` decodes) through nested blocks, depth
// first, each headed by its chain of block types and the spec that decodes it.
std::string dump_bodies(const spec::ExpectedBody& root, const spec::Spec& root_spec);

// The body's attribute names in order, each followed by "!" when required.
std::vector<std::string> attribute_names(const spec::ExpectedBody& body);

// The body's block type names in order.
std::vector<std::string> block_types(const spec::ExpectedBody& body);

}  // namespace hclspec
