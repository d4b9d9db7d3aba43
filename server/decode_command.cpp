// decode: load the spec, parse the inputs, decode, print JSON (hcldec's cmd/hcldec/main.go).
#include "server/decode_command.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <initializer_list>
#include <iostream>
#include <iterator>
#include <memory>
#include <string_view>
#include <vector>

#include "engine/base/big_stack.hpp"
#include "engine/base/huge_pages.hpp"
#include "engine/base/unicode.hpp"
#include "engine/spec/decode.hpp"
#include "engine/spec/load.hpp"
#include "engine/spec/validate.hpp"
#include "engine/syntax/json.hpp"
#include "engine/syntax/parser.hpp"
#include "engine/types/json.hpp"
#include "server/diagnostic_json.hpp"
#include "server/diagnostic_text.hpp"
#include "server/source_files.hpp"

namespace hclspec::server {

namespace {

constexpr const char* kDecodeHelp =
    R"(Usage: hclspec decode --spec=FILE [options] [FILE...]

Decodes HCL files as the hcldec spec file says and prints the result as JSON, as HashiCorp's
hcldec does (the executable also behaves this way when invoked as "hcldec"). Without files,
reads standard input. Files whose names end in ".json" are read in HCL's JSON syntax.

Options:
  -s, --spec FILE      the spec file (required)
  -V, --vars VALUES    variables for the input: a JSON object, or a file of attributes in
                       either syntax (repeatable)
      --diags json     print diagnostics as JSON on stderr
      --with-type      wrap the result as {"value": ..., "type": ...}
      --keep-nulls     keep object properties whose value is null
      --dynamic-blocks expand `dynamic "T"` blocks into blocks of type T, as Terraform and
                       Nomad do (HCL's dynblock extension; plain hcldec does not)
      --var-refs       print the variables the input refers to instead of decoding
  -o, --out FILE       write the result to FILE instead of stdout
  -v, --version        print the version
  -h, --help           show this help

Exit status: 0 on success, 2 when there are error diagnostics, 1 for other failures.
)";

struct Options {
  std::string spec;
  std::vector<std::string> vars;
  std::string diags_format;
  bool with_type = false;
  bool keep_nulls = false;
  bool dynamic_blocks = false;
  bool var_refs = false;
  std::string out;
  std::vector<std::string> inputs;
};

// Parses pflag-style arguments: "--name value", "--name=value", "-x value".
bool parse_options(const std::vector<std::string>& args, Options& o, std::string& error, bool& help,
                   bool& version) {
  for (size_t i = 0; i < args.size(); ++i) {
    std::string arg = args[i];
    std::string value;
    bool has_value = false;
    if (arg.rfind("--", 0) == 0 && arg.find('=') != std::string::npos) {
      value = arg.substr(arg.find('=') + 1);
      arg = arg.substr(0, arg.find('='));
      has_value = true;
    }
    const auto take = [&](std::string& into) {
      if (has_value) {
        into = value;
        return true;
      }
      if (i + 1 >= args.size()) {
        error = "flag needs an argument: " + arg;
        return false;
      }
      into = args[++i];
      return true;
    };
    if (arg == "-s" || arg == "--spec") {
      if (!take(o.spec)) return false;
    } else if (arg == "-V" || arg == "--vars") {
      std::string v;
      if (!take(v)) return false;
      o.vars.push_back(v);
    } else if (arg == "--diags") {
      if (!take(o.diags_format)) return false;
    } else if (arg == "-o" || arg == "--out") {
      if (!take(o.out)) return false;
    } else if (arg == "--with-type") {
      o.with_type = true;
    } else if (arg == "--keep-nulls") {
      o.keep_nulls = true;
    } else if (arg == "--dynamic-blocks") {
      o.dynamic_blocks = true;
    } else if (arg == "--var-refs") {
      o.var_refs = true;
    } else if (arg == "-v" || arg == "--version") {
      version = true;
    } else if (arg == "-h" || arg == "--help") {
      help = true;
    } else if (arg.size() > 1 && arg[0] == '-' && arg != "-") {
      error = "unknown flag: " + arg;
      return false;
    } else {
      o.inputs.push_back(arg);
    }
  }
  return true;
}

// Leaves `value` to the end of the process rather than freeing it: taking apart the half a
// million values of a 10 MB job file took a tenth of its decode, and the kernel frees the
// memory anyway. It stays reachable, so leak checkers do not report it.
void keep_until_exit(types::Value value) {
  static auto* const kept = new std::vector<types::Value>();
  kept->push_back(std::move(value));
}

class DecodeRun {
 public:
  explicit DecodeRun(Options options) : o_(std::move(options)) {}

  int run() {
    if (o_.diags_format != "" && o_.diags_format != "json") {
      std::cerr << "Invalid diagnostics format \"" << o_.diags_format
                << "\": only \"json\" is supported.\n";
      return 2;
    }
    if (o_.spec.empty()) return fail("the --spec=... argument is required");

    const syntax::SyntaxTree* spec_tree = load_file(o_.spec);
    if (spec_tree == nullptr) return 1;
    add(spec_tree, spec_tree->diagnostics());
    if (has_errors()) return report(2);  // as hcldec: a spec that does not parse is not read
    base::Diagnostics spec_diags;
    // load_file has just kept the spec's tree last; its user functions share it.
    spec::SpecFile spec = spec::load_spec(trees_.back(), spec_diags);
    add(spec_tree, spec_diags);
    if (has_errors() || !spec.root) return report(2);

    eval::Variables variables = spec.variables;
    for (size_t i = 0; i < o_.vars.size(); ++i) load_vars(o_.vars[i], i, variables);
    eval::Scope scope;
    const eval::Scope* context = spec::input_scope(variables, spec.functions, scope);

    std::vector<spec::InputFile> inputs;
    const size_t first_input_tree = trees_.size();
    if (o_.inputs.empty()) {
      std::string text((std::istreambuf_iterator<char>(std::cin)),
                       std::istreambuf_iterator<char>());
      inputs.push_back(keep(syntax::parse_config(std::move(text), "<stdin>")));
    } else {
      // As hcldec, an unreadable file is a diagnostic; the others are still parsed.
      for (const std::string& path : o_.inputs)
        if (const std::optional<spec::InputFile> input = read_source(path))
          inputs.push_back(*input);
    }
    for (const spec::InputFile& input : inputs) add(input, input.diagnostics());
    if (has_errors()) return report(2);
    if (o_.var_refs) {
      if (inputs.size() != 1) return fail("--var-refs reads one input file; several were given");
      return write({var_refs_json(inputs[0], *spec.root, context)});
    }

    base::Diagnostics decode_diags;
    spec::DecodeOptions options{.dynamic_blocks = o_.dynamic_blocks ? spec::DynamicBlocks::Expand
                                                                    : spec::DynamicBlocks::Off};
    // Each root block's tree pages are given back once it is decoded: the tree and the value
    // are then never all in memory at once (81 → 55 MiB for a 10 MB job file). The tree is not
    // read again after a decode that reports nothing; one that gave pages back and reports
    // something may have read them (zeros) for its messages, and is done again on a fresh parse.
    spec::BodyReleases releases;
    if (inputs.size() == 1 && inputs[0].native != nullptr)
      options.release_root_block_bodies = &releases;
    size_t input_bytes = 0;
    for (const spec::InputFile& input : inputs) input_bytes += input.source().text().size();
    base::advise_thread_heap(input_bytes);  // the values are made on this thread (and another)
    types::Value value = spec::decode(inputs, *spec.root, context, decode_diags, nullptr, options);
    if (releases.any && !decode_diags.empty()) {
      value = {};
      decode_diags.clear();
      inputs[0] = parse_again(*inputs[0].native);
      options.release_root_block_bodies = nullptr;
      value = spec::decode(inputs, *spec.root, context, decode_diags, nullptr, options);
    }
    add(inputs[0], decode_diags);
    if (has_errors()) return report(2);
    // With nothing to report, nothing reads the inputs (or --vars files in JSON) again: their
    // trees (several times their text) are given back before the JSON text is made, rather
    // than held beside it. The JSON text is about as long as theirs: room for that is made at
    // once.
    if (diags_.empty()) {
      inputs.clear();
      trees_.erase(trees_.begin() + static_cast<ptrdiff_t>(first_input_tree), trees_.end());
      json_trees_.clear();
    }

    types::JsonText json = types::value_to_json(
        value, o_.keep_nulls ? types::NullProperties::Keep : types::NullProperties::Omit,
        input_bytes + input_bytes / 4);
    if (!json.ok()) return fail("the result cannot be written as JSON: " + json.error);
    report(0);
    if (!o_.with_type) {
      keep_until_exit(std::move(value));
      return write({json.json});
    }
    // Wrapped as it is written: the JSON text (as long as the input) is not copied for that.
    const std::string type = types::type_to_json(value.type());
    if (!o_.keep_nulls && value.is_null()) return write({"{\"type\":", type, "}"});
    keep_until_exit(std::move(value));
    return write({"{\"value\":", json.json, ",\"type\":", type, "}"});
  }

 private:
  int fail(const std::string& message) {
    report(0);
    std::cerr << "Error: " << message << "\n\n";
    return 1;
  }

  // A fresh parse of `tree`'s text, kept in its place (the old tree is freed first unless a
  // diagnostic names it).
  const syntax::SyntaxTree* parse_again(const syntax::SyntaxTree& tree) {
    std::string text(tree.text());
    const std::string filename = tree.filename();
    const bool named = std::any_of(diags_.begin(), diags_.end(),
                                   [&](const FileDiagnostic& d) { return d.file == &tree; });
    if (!named) std::erase_if(trees_, [&](const auto& t) { return t.get() == &tree; });
    return keep(syntax::parse_config(std::move(text), filename));
  }

  const syntax::SyntaxTree* keep(std::unique_ptr<syntax::SyntaxTree> tree) {
    trees_.push_back(std::move(tree));
    return trees_.back().get();
  }

  const syntax::SyntaxTree* load_file(const std::string& path) {
    std::string error;
    std::optional<std::string> text = read_file(path, error);
    if (!text) {
      fail("failed to read " + path + ": " + error);
      return nullptr;
    }
    return keep(syntax::parse_config(std::move(*text), path));
  }

  // A file in the JSON syntax when its name ends in ".json", else the native syntax (as hcldec
  // chooses). When it cannot be read: nothing, and hcl's diagnostic for that syntax (which has
  // no place in any file).
  std::optional<spec::InputFile> read_source(const std::string& path) {
    std::string error;
    std::optional<std::string> text = read_file(path, error);
    if (!text) {
      diags_.push_back(
          {nullptr,
           is_json_file_name(path)
               ? base::Diagnostic{base::Severity::Error,
                                  "Failed to open file",
                                  "The file " + base::go_quote(path) + " could not be opened.",
                                  {},
                                  std::nullopt}
               : base::Diagnostic{
                     base::Severity::Error,
                     "Failed to read file",
                     "The configuration file " + base::go_quote(path) + " could not be read.",
                     {},
                     std::nullopt}});
      return std::nullopt;
    }
    if (is_json_file_name(path)) return keep(syntax::parse_json(std::move(*text), path));
    return keep(syntax::parse_config(std::move(*text), path));
  }

  const syntax::JsonTree* keep(std::unique_ptr<syntax::JsonTree> tree) {
    json_trees_.push_back(std::move(tree));
    return json_trees_.back().get();
  }

  // hcldec's --vars: a JSON object given inline, or a file of attributes (JSON or native
  // syntax by its name), evaluated without variables. Problems are diagnostics, reported with
  // the inputs'.
  void load_vars(const std::string& vars, size_t index, eval::Variables& variables) {
    std::optional<spec::InputFile> file;
    if (std::unique_ptr<syntax::JsonTree> inline_vars = parse_inline_vars(vars, index))
      file = keep(std::move(inline_vars));
    else
      file = read_source(vars);
    if (!file) return;
    add(*file, file->diagnostics());
    base::Diagnostics value_diags;
    for (auto& [name, value] : spec::attribute_values(*file, nullptr, value_diags))
      variables[name] = std::move(value);
    add(*file, value_diags);
  }

  // Diagnostics found in `file`; one naming another file (a spec's transform expression, a
  // second input) is placed in that file.
  void add(spec::InputFile file, const base::Diagnostics& diags) {
    for (const base::Diagnostic& d : diags) {
      const base::SourceFile* in = &file.source();
      if (!d.file.empty() && d.file != in->filename()) {
        for (const auto& tree : trees_)
          if (tree->filename() == d.file) in = tree.get();
        for (const auto& tree : json_trees_)
          if (tree->filename() == d.file) in = tree.get();
      }
      diags_.push_back({in, d});
    }
  }

  bool has_errors() const {
    for (const FileDiagnostic& d : diags_)
      if (d.diagnostic.severity == base::Severity::Error) return true;
    return false;
  }

  // Prints the diagnostics gathered so far and returns `status`.
  int report(int status) {
    if (diags_.empty()) return status;
    if (o_.diags_format == "json") {
      std::cerr << diagnostics_to_json(diags_) << "\n";
    } else {
      const TextStyle style{isatty(STDERR_FILENO) != 0, false};
      for (const FileDiagnostic& d : diags_)
        std::cerr << format_diagnostic(d.file, d.diagnostic, style);
    }
    diags_.clear();
    return status;
  }

  // Writes the pieces, then a newline, to the output.
  int write(std::initializer_list<std::string_view> pieces) {
    const auto put = [&](std::ostream& to) {
      for (std::string_view piece : pieces)
        to.write(piece.data(), static_cast<std::streamsize>(piece.size()));
      to << "\n";
    };
    if (o_.out.empty()) {
      put(std::cout);
      return 0;
    }
    std::ofstream file(o_.out, std::ios::binary | std::ios::trunc);
    if (!file) return fail("can't open " + o_.out + " for writing");
    put(file);
    return file ? 0 : fail("failed to write " + o_.out);
  }

  std::string var_refs_json(spec::InputFile input, const spec::Spec& root,
                            const eval::Scope* scope) {
    const std::vector<eval::Traversal> refs = spec::referenced_variables(input, root);
    if (refs.empty()) return "[]";
    std::string out = "[";
    for (size_t r = 0; r < refs.size(); ++r) {
      const eval::Traversal& t = refs[r];
      out += r ? ",\n  {\n" : "\n  {\n";
      out += "    \"root_name\": " + types::json_quote(t[0].name) + ",\n";
      // The value the traversal has in the variables given, when it has one.
      if (scope != nullptr && scope->variables != nullptr) {
        const auto found = scope->variables->find(t[0].name);
        if (found != scope->variables->end()) {
          base::Diagnostics ignored;
          const types::Value v = eval::traverse(found->second, t, 1, ignored);
          const types::JsonText json = types::value_to_json(v);
          if (!base::has_errors(ignored) && json.ok()) out += "    \"value\": " + json.json + ",\n";
        }
      }
      out += "    \"steps\": [";
      for (size_t s = 0; s < t.size(); ++s) {
        const eval::TraversalStep& step = t[s];
        out += s ? ",\n      {\n" : "\n      {\n";
        switch (step.kind) {
          case eval::TraversalStep::Kind::Root:
          case eval::TraversalStep::Kind::Attribute:
            out += std::string("        \"kind\": \"") +
                   (step.kind == eval::TraversalStep::Kind::Root ? "root" : "attr") + "\",\n";
            out += "        \"name\": " + types::json_quote(step.name) + ",\n";
            break;
          case eval::TraversalStep::Kind::Index: {
            out += "        \"kind\": \"index\",\n";
            const types::JsonText key = types::value_to_json(step.key);
            if (key.ok()) out += "        \"key\": " + key.json + ",\n";
            break;
          }
        }
        out += "        \"range\": " + range_to_json(input.source(), step.range, "        ") +
               "\n      }";
      }
      out += "\n    ],\n";
      out += "    \"range\": " +
             range_to_json(input.source(), base::range_between(t.front().range, t.back().range),
                           "    ") +
             "\n  }";
    }
    return out + "\n]";
  }

  Options o_;
  std::vector<std::shared_ptr<const syntax::SyntaxTree>> trees_;  // spec functions share theirs
  std::vector<std::unique_ptr<syntax::JsonTree>> json_trees_;
  std::vector<FileDiagnostic> diags_;
};

}  // namespace

int run_decode(const std::vector<std::string>& arguments) {
  Options options;
  std::string error;
  bool help = false, version = false;
  if (!parse_options(arguments, options, error, help, version)) {
    std::cerr << "hclspec decode: " << error << "\nRun 'hclspec decode --help' for usage.\n";
    return 1;
  }
  if (help) {
    std::cout << kDecodeHelp;
    return 0;
  }
  if (version) {
    std::cout << "0.1.0\n";
    return 0;
  }
  // Values nest as deeply as the input does, and encoding, converting and comparing them
  // recurses: the whole run gets a stack made for that.
  int status = 1;
  base::call_with_large_stack([&] { status = DecodeRun(std::move(options)).run(); });
  return status;
}

}  // namespace hclspec::server
