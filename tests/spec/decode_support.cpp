// Test helper: decoding texts the way hcldec would, results as strings.
#include "decode_support.hpp"

#include "spec/decode.hpp"
#include "spec/load.hpp"
#include "spec/validate.hpp"
#include "syntax/json.hpp"
#include "syntax/parser.hpp"
#include "types/json.hpp"

namespace hclspec::testing {

namespace {

std::string located(const std::string& file, const base::Diagnostic& d) {
  return file + ": " + d.summary + " @" + std::to_string(d.subject.start) + ".." +
         std::to_string(d.subject.end);
}

}  // namespace

Decoded decode(const std::string& spec_text, const std::string& input_text,
               const eval::Variables* variables, const std::string& input_name) {
  auto spec_tree = syntax::parse_config(spec_text, "spec.hcldec");
  const bool json = input_name.ends_with(".json");
  const auto native_input = json ? nullptr : syntax::parse_config(input_text, input_name);
  const auto json_input = json ? syntax::parse_json(input_text, input_name) : nullptr;
  const spec::InputFile input =
      json ? spec::InputFile(json_input.get()) : spec::InputFile(native_input.get());
  base::Diagnostics spec_diags, diags;
  const spec::SpecFile file = spec::load_spec(std::move(spec_tree), spec_diags);
  Decoded out;
  for (const auto& d : spec_diags) out.errors.push_back(located("spec", d));
  if (!file.root) return out;
  for (const auto& d : input.diagnostics()) out.errors.push_back(located("input", d));
  // As hcldec: the spec file's variables and functions, then the caller's variables.
  eval::Variables all_variables = file.variables;
  if (variables != nullptr)
    for (const auto& [name, value] : *variables) all_variables.insert_or_assign(name, value);
  eval::Scope scope;
  const types::Value value = spec::decode(
      input, *file.root, spec::input_scope(all_variables, file.functions, scope), diags);
  for (const auto& d : diags) out.details.push_back(d.detail);
  for (const auto& d : diags) out.errors.push_back(located("input", d));
  if (out.errors.empty())
    out.json = types::value_to_json(value).json + " " + types::type_to_json(value.type());
  return out;
}

std::shared_ptr<const spec::SpecFile> load_clean_spec(const std::string& text) {
  base::Diagnostics diags;
  auto file = std::make_shared<spec::SpecFile>(
      spec::load_spec(syntax::parse_config(text, "spec.hcldec"), diags));
  REQUIRE(diags.empty());
  return file;
}

}  // namespace hclspec::testing
