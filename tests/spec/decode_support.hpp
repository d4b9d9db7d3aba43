// Test helper: a spec text and an input text decoded, with values and errors as strings.
#pragma once

#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "eval/scope.hpp"
#include "spec/spec.hpp"

namespace doctest {
template <>
struct StringMaker<std::vector<std::string>> {
  static String convert(const std::vector<std::string>& v) {
    std::string out = "{";
    for (const std::string& s : v) out += "\"" + s + "\" ";
    return (out + "}").c_str();
  }
};
}  // namespace doctest

namespace hclspec::testing {

struct Decoded {
  std::string json;                 // value JSON and type JSON, or empty after errors
  std::vector<std::string> errors;  // "file: Summary @start..end", syntax errors first
  std::vector<std::string> details;
};

// Decodes `input_text` (the JSON syntax when `input_name` ends in ".json") by `spec_text`, in
// the spec's variables and functions plus `variables`, as hcldec does.
Decoded decode(const std::string& spec_text, const std::string& input_text,
               const eval::Variables* variables = nullptr,
               const std::string& input_name = "input.hcl");

// The spec file `text` (as spec.hcldec), which must load without problems.
std::shared_ptr<const spec::SpecFile> load_clean_spec(const std::string& text);

}  // namespace hclspec::testing
