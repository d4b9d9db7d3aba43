// The spec model: what a body is expected to hold, read from an hcldec spec file.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "base/diagnostic.hpp"
#include "eval/scope.hpp"
#include "syntax/tree.hpp"
#include "types/type.hpp"
#include "types/value.hpp"

namespace hclspec::spec {

struct Spec;
using SpecPtr = std::shared_ptr<const Spec>;

// `object`: a JSON object whose properties come from nested specs.
struct ObjectSpec {
  std::vector<std::pair<std::string, SpecPtr>> properties;  // in spec-file order
};

// `attr`: the value of one attribute of the body, converted to `type`.
struct AttrSpec {
  std::string name;
  types::Type type;
  bool required = false;
};

// `literal`: a fixed value, written in the spec file.
struct LiteralSpec {
  types::Value value;
};

struct Spec {
  std::variant<ObjectSpec, AttrSpec, LiteralSpec> kind;
  base::ByteRange range;    // the spec block's type and labels, in the spec file
  std::string description;  // from the comment block above the spec block
};

// A loaded spec file: the root spec, and the variables and functions its expressions offer.
struct SpecFile {
  SpecPtr root;
  eval::Variables variables;
  eval::Functions functions;
};

}  // namespace hclspec::spec
