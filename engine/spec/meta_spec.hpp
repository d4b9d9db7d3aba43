// The meta-spec: the built-in model of spec files themselves, answering the same query as a spec.
#pragma once

#include "spec/expected.hpp"

namespace hclspec::spec {

// The root body of a .hcldec file: one root spec block of any kind, `variables` and
// `function "name"` blocks. Every other body of a spec file is reached from it through
// `ExpectedBlock::nested_body` (`expected_body_for_chain`); the graph is recursive, as a `block`
// spec's body holds any spec block. Built once on first use, safe from any thread; it only
// describes spec files (`load_spec` reads and checks them).
const ExpectedBody& meta_spec_body();

}  // namespace hclspec::spec
