// The C++ side of the types layer's differential tests: reads oracle command lines on stdin and
// answers each as oracle.go does with go-cty, so the two outputs can be diffed (see README.md).
#include <algorithm>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "../notation.hpp"
#include "types/convert.hpp"
#include "types/json.hpp"
#include "types/text.hpp"

namespace {

using namespace hclspec::types;
using namespace hclspec::types::testing;

std::string result(const Converted& c) {
  return c.ok() ? print_value(c.value) : "error: " + c.error;
}

std::string run(const std::vector<std::string>& f) {
  const std::string& cmd = f[0];
  if (cmd == "convert") return result(convert(parse_value(f[1]), parse_type(f[2])));
  if (cmd == "exists")
    return detail::get_conversion_exists(parse_type(f[1]), parse_type(f[2]), f[3] == "unsafe")
               ? "true"
               : "false";
  if (cmd == "mismatch") return mismatch_message(parse_type(f[1]), parse_type(f[2]));
  if (cmd == "unify") {
    const std::optional<Type> t = unify(parse_types(f[2]), f[1] == "unsafe");
    return t ? print_type(*t) : "none";
  }
  if (cmd == "sorttypes") {
    std::string out = "[";
    const std::vector<size_t> order = sort_types(parse_types(f[1]));
    for (size_t i = 0; i < order.size(); ++i) out += (i ? " " : "") + std::to_string(order[i]);
    return out + "]";
  }
  if (cmd == "equals") return print_value(equals(parse_value(f[1]), parse_value(f[2])));
  if (cmd == "rawequals")
    return raw_equals(parse_value(f[1]), parse_value(f[2])) ? "true" : "false";
  if (cmd == "value") return print_value(parse_value(f[1]));
  if (cmd == "hash") return go_quote(set_hash_text(parse_value(f[1])));
  if (cmd == "json") {
    const JsonText j = value_to_json(parse_value(f[1]));
    return j.ok() ? j.json : "error: " + j.error;
  }
  if (cmd == "jsontype") {
    // Go's Marshal reports an error only where nothing was written (a dynamic-typed value).
    const JsonText j = value_to_json_with_type(parse_value(f[1]));
    return j.json.empty() ? "error: " + j.error : j.json;
  }
  if (cmd == "typejson") return type_to_json(parse_type(f[1]));
  if (cmd == "jsondecode") {
    const ParsedJson p = value_from_json(unquote(f[1]));
    return p.ok() ? print_value(p.value) : "error: " + p.error;
  }
  if (cmd == "jsonquote") return json_quote(unquote(f[1]));
  if (cmd == "quote") return go_quote(unquote(f[1]));
  if (cmd == "nfc") return go_quote(normalize_nfc(unquote(f[1])));
  if (cmd == "upper") return go_quote(to_upper(unquote(f[1])));
  if (cmd == "lower") return go_quote(to_lower(unquote(f[1])));
  if (cmd == "graphemes") {
    const std::string text = unquote(f[1]);
    std::string out = "[";
    const size_t n = grapheme_count(text);
    for (size_t i = 0; i < n; ++i) out += (i ? "," : "") + go_quote(grapheme_substr(text, i, 1));
    return out + "]";
  }
  if (cmd == "friendly") {
    const Type t = parse_type(f[1]);
    return t.friendly_name() + " | " + t.friendly_name_for_constraint();
  }
  return "unknown command";
}

}  // namespace

int main() {
  std::string line;
  while (std::getline(std::cin, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> fields;
    std::stringstream in(line);
    for (std::string field; std::getline(in, field, '\t');) fields.push_back(field);
    if (!line.empty() && line.back() == '\t') fields.emplace_back();  // a trailing empty field
    fields.resize(std::max<size_t>(fields.size(), 4));
    std::string answer;
    try {
      answer = run(fields);
    } catch (const std::exception& e) {
      answer = std::string("panic: ") + e.what();
    }
    std::cout << line << "\t=> " << answer << "\n";
  }
  return 0;
}
