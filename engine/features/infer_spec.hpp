// Inferring a draft hcldec spec from existing HCL files (`hclspec infer`).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "base/cancellation.hpp"
#include "syntax/tree.hpp"

namespace hclspec::features {

struct InferredSpec {
  std::string text;  // the spec file, formatted as `hclspec fmt` prints it
  // What the draft cannot express, one sentence each ("block \"x\" has 1 label in a.hcl and 2
  // in b.hcl ..."): inputs it will not accept as they are.
  std::vector<std::string> warnings;
  // The files the draft does not accept as they are (as lint --spec would find), checked by
  // validating each against it: empty unless a warning explains why.
  std::vector<std::string> rejected;
};

// A spec that accepts every file of `files` (native syntax, free of syntax errors; the caller
// leaves out the others):
// - each body's attributes with the narrowest type all their values convert to (lists for
//   tuples, objects when every value has the same keys, maps otherwise, `any` when nothing
//   narrower fits), `required` when every instance of the body has them;
// - blocks as `block` (at most one per body), `block_list` (repeated) or `block_map` (labelled,
//   label names guessed), `required`/`min_items = 1` when every instance of the body has one;
// - the variables and functions the files refer to as placeholders (a `variables` block and
//   `function` stubs), each shaped by how the files use it, since hcldec evaluates every
//   attribute and needs them defined.
// Names and items keep the order of their first appearance: the same files in the same order
// give the same bytes. A comment comes first: `origin` (where the files came from), then what to
// review.
// Once `cancel` is set the result is partial and should be dropped.
InferredSpec infer_spec(const std::vector<std::shared_ptr<const syntax::SyntaxTree>>& files,
                        const std::string& origin, const base::CancellationFlag* cancel = nullptr);

}  // namespace hclspec::features
