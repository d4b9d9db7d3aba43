// Helpers of the spec model tests: loading spec text, dumps of expected bodies.
#include "model_support.hpp"

#include <doctest/doctest.h>

#include <sstream>
#include <vector>

#include "syntax/parser.hpp"

namespace hclspec {

namespace {

const char* kind_name(spec::ExpectedBlock::Kind kind) {
  switch (kind) {
    case spec::ExpectedBlock::Kind::Block:
      return "block";
    case spec::ExpectedBlock::Kind::BlockList:
      return "block_list";
    case spec::ExpectedBlock::Kind::BlockSet:
      return "block_set";
    case spec::ExpectedBlock::Kind::BlockMap:
      return "block_map";
    case spec::ExpectedBlock::Kind::BlockAttrs:
      return "block_attrs";
  }
  return "?";
}

std::string description_lines(const std::string& description) {
  std::string out;
  std::istringstream lines(description);
  for (std::string line; std::getline(lines, line);) out += "  | " + line + "\n";
  return out;
}

void walk(const spec::ExpectedBody& root, const spec::Spec& root_spec,
          std::vector<std::string>& chain, std::string& out) {
  std::string heading;
  for (const std::string& type : chain) heading += (heading.empty() ? "" : " > ") + type;
  out += "== " + (heading.empty() ? std::string("(root)") : heading) + "\n";
  const std::optional<spec::ExpectedBody> body = spec::expected_body_for_chain(root, chain);
  out += "spec: " + spec_summary(spec::body_spec_for_chain(root_spec, chain)) + "\n";
  out += dump_body(*body) + "\n";
  for (const spec::ExpectedBlock& block : body->blocks) {
    chain.push_back(block.type_name);
    walk(root, root_spec, chain, out);
    chain.pop_back();
  }
}

}  // namespace

spec::SpecFile load_spec_text(const std::string& text) {
  base::Diagnostics diags;
  spec::SpecFile file = spec::load_spec(syntax::parse_config(text, "spec.hcldec"), diags);
  for (const base::Diagnostic& d : diags)
    if (d.severity == base::Severity::Error) CHECK_MESSAGE(false, d.summary);
  REQUIRE(file.root);
  return file;
}

std::string dump_body(const spec::ExpectedBody& body) {
  std::string out;
  for (const spec::ExpectedAttribute& a : body.attributes) {
    out += "attribute " + a.name + ": " + a.type.friendly_name() + (a.required ? ", required" : "");
    out += std::string(a.spec != nullptr ? ", from " + spec_summary(a.spec) : "") + "\n";
    out += description_lines(a.description);
  }
  for (const spec::ExpectedBlock& b : body.blocks) {
    out += "block " + b.type_name + ": " + kind_name(b.kind);
    if (!b.label_names.empty()) {
      out += " labels";
      for (const std::string& label : b.label_names) out += " " + label;
    }
    out += " items " + std::to_string(b.min_items) + ".." +
           (b.max_items == 0 ? std::string("*") : std::to_string(b.max_items));
    if (b.required) out += ", required";
    if (b.alternative) out += ", alternative";
    if (b.kind == spec::ExpectedBlock::Kind::BlockAttrs)
      out += ", element " + b.element_type.friendly_name();
    if (b.spec != nullptr) out += ", from " + spec_summary(b.spec);
    out += "\n" + description_lines(b.description);
  }
  if (body.any_attribute) {
    out += "any attribute: " + body.any_attribute->type.friendly_name() + "\n";
    out += description_lines(body.any_attribute->description);
  }
  if (body.alternatives_min != 0 || body.alternatives_max != 0)
    out += "alternatives " + std::to_string(body.alternatives_min) + ".." +
           (body.alternatives_max == 0 ? std::string("*") : std::to_string(body.alternatives_max)) +
           "\n";
  return out.empty() ? "(nothing)\n" : out;
}

std::string spec_summary(const spec::Spec* spec) {
  if (spec == nullptr) return "none";
  static const char* const kKinds[] = {"object",     "attr",      "literal",     "block",
                                       "block_list", "block_map", "block_attrs", "tuple",
                                       "default",    "transform"};
  std::string out = kKinds[spec->kind.index()];
  if (const auto* list = std::get_if<spec::BlockListSpec>(&spec->kind); list && list->is_set)
    out = "block_set";
  return out + " @" + std::to_string(spec->range.start) + ".." + std::to_string(spec->range.end);
}

std::string dump_bodies(const spec::ExpectedBody& root, const spec::Spec& root_spec) {
  std::vector<std::string> chain;
  std::string out;
  walk(root, root_spec, chain, out);
  return out;
}

std::vector<std::string> attribute_names(const spec::ExpectedBody& body) {
  std::vector<std::string> names;
  for (const auto& a : body.attributes) names.push_back(a.name + (a.required ? "!" : ""));
  return names;
}

std::vector<std::string> block_types(const spec::ExpectedBody& body) {
  std::vector<std::string> types;
  for (const auto& b : body.blocks) types.push_back(b.type_name);
  return types;
}

}  // namespace hclspec
