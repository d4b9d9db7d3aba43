// libFuzzer target: arbitrary bytes as a document, native or JSON syntax, through the editor's
// diagnostics (spec checks, placement on headers, suppression comments) and reading features
// (outline, folding, selection, semantic tokens, definition, references, rename, signature help,
// inlay hints), and, for a native file without syntax errors, `hclspec infer` and `hclspec docs`:
// nothing may crash, every range must lie in the text, every code must be registered, each
// feature's shape holds, a draft spec inferred from the file loads without errors, and the
// example its documentation gives is accepted by it.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "features/code_actions.hpp"
#include "features/definition.hpp"
#include "features/diagnostic_codes.hpp"
#include "features/diagnostics.hpp"
#include "features/document_symbols.hpp"
#include "features/folding_ranges.hpp"
#include "features/infer_spec.hpp"
#include "features/inlay_hints.hpp"
#include "features/references.hpp"
#include "features/rename.hpp"
#include "features/selection_ranges.hpp"
#include "features/semantic_tokens.hpp"
#include "features/signature_help.hpp"
#include "features/spec_docs.hpp"
#include "spec/decode.hpp"
#include "spec/load.hpp"
#include "syntax/json.hpp"
#include "syntax/parser.hpp"

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "diagnostics_fuzzer: invariant violated: %s\n", what);
  std::abort();
}

void check(bool ok, const char* what) {
  if (!ok) fail(what);
}

// A spec with required items, labelled blocks and counts, so that missing-item diagnostics
// (moved to block headers) and every decoder check have a chance to appear. An attribute comes
// after the block specs: it is read once the blocks' bodies are given back (see
// check_released_decode), from between them.
const std::shared_ptr<const hclspec::syntax::SyntaxTree>& fuzz_spec_tree() {
  static const std::shared_ptr<const hclspec::syntax::SyntaxTree> tree =
      hclspec::syntax::parse_config(R"(object {
  attr "name" {
    type     = string
    required = true
  }
  block_list "task" {
    min_items = 1
    max_items = 3
    object {
      attr "driver" {
        type     = string
        required = true
      }
    }
  }
  block_map "group" {
    labels = ["name"]
    object {
      attr "count" { type = number }
    }
  }
  attr "note" { type = string }
}
)",
                                    "fuzz.hcldec");
  return tree;
}

std::shared_ptr<const hclspec::spec::SpecFile> fuzz_spec() {
  static const std::shared_ptr<const hclspec::spec::SpecFile> spec = [] {
    hclspec::base::Diagnostics diags;
    return std::make_shared<const hclspec::spec::SpecFile>(
        hclspec::spec::load_spec(fuzz_spec_tree(), diags));
  }();
  return spec;
}

void check_items(const hclspec::features::Snapshot& snapshot, size_t text_size) {
  for (const hclspec::features::DiagnosticItem& item : hclspec::features::diagnostics(snapshot)) {
    check(item.range.start <= item.range.end, "range starts after its end");
    check(item.range.end <= text_size, "range ends past the text");
    check(!item.summary.empty(), "diagnostic without a summary");
    check(hclspec::features::find_diagnostic_code(item.code) != nullptr, "unregistered code");
  }
}

bool inside(hclspec::base::ByteRange outer, hclspec::base::ByteRange inner) {
  return outer.start <= inner.start && inner.end <= outer.end;
}

void check_outline(const std::vector<hclspec::features::DocumentSymbol>& symbols,
                   hclspec::base::ByteRange parent, int depth) {
  check(depth <= 64, "outline deeper than 64");
  for (const hclspec::features::DocumentSymbol& symbol : symbols) {
    check(inside(parent, symbol.range), "symbol outside its parent");
    check(inside(symbol.range, symbol.selection), "symbol's name outside the symbol");
    check_outline(symbol.children, symbol.range, depth + 1);
  }
}

void check_reading_features(const hclspec::features::Snapshot& snapshot, uint32_t size,
                            uint32_t seed) {
  namespace features = hclspec::features;
  check_outline(features::document_symbols(snapshot), {0, size}, 0);
  uint32_t previous_start = 0;
  for (const features::FoldingRange& fold : features::folding_ranges(snapshot)) {
    check(fold.range.start >= previous_start && fold.range.end <= size, "folds out of order");
    previous_start = fold.range.start;
  }
  const std::vector<features::SemanticToken> tokens = features::semantic_tokens(snapshot);
  uint32_t previous_end = 0;
  for (const features::SemanticToken& token : tokens) {
    check(token.length > 0 && token.start >= previous_end, "semantic tokens overlap");
    check(token.start + token.length <= size, "semantic token past the text");
    previous_end = token.start + token.length;
  }
  // A range request gives the full result's tokens that overlap it.
  const uint32_t start = size == 0 ? 0 : seed % (size + 1);
  const uint32_t end = std::min(size, start + seed / 7 % 64);
  std::vector<features::SemanticToken> expected;
  for (const features::SemanticToken& token : tokens)
    if (token.start < end && start < token.start + token.length) expected.push_back(token);
  if (start < end)
    check(features::semantic_tokens(snapshot, hclspec::base::ByteRange{start, end}) == expected,
          "a range's semantic tokens differ from the full result's");
  for (const features::CodeAction& action : features::code_actions(snapshot, {0, size})) {
    uint32_t previous_edit = 0;
    for (const features::TextEdit& edit : action.edits) {
      check(edit.range.start >= previous_edit && edit.range.end <= size,
            "a code action's edits out of order or outside the text");
      previous_edit = edit.range.end;
    }
  }
  uint32_t previous_hint = 0;
  for (const features::InlayHint& hint : features::inlay_hints(snapshot, {0, size})) {
    check(hint.offset >= previous_hint && hint.offset <= size && !hint.label.empty(),
          "inlay hints out of order, outside the text or empty");
    previous_hint = hint.offset;
  }
  for (const uint32_t offset : {start, end, size / 2}) {
    const std::vector<hclspec::base::ByteRange> chain =
        features::selection_ranges(snapshot, offset);
    check(!chain.empty() && chain.back().start == 0 && chain.back().end == size,
          "selection does not end with the whole text");
    for (size_t i = 1; i < chain.size(); ++i)
      check(inside(chain[i], chain[i - 1]) && chain[i] != chain[i - 1],
            "selection ranges do not grow");
    (void)features::definition(snapshot, offset);
    // Every use of a spec block named here lies in the text, in order.
    if (const std::optional<hclspec::base::ByteRange> block =
            features::referenced_spec_block(snapshot, offset)) {
      uint32_t previous = 0;
      for (const hclspec::base::ByteRange& use : features::spec_block_uses(
               snapshot, *block, nullptr, features::SpecBlockUses::NamesAndIterators)) {
        check(use.start >= previous && use.end <= size && use.start < use.end,
              "spec block uses out of order or outside the text");
        previous = use.end;
      }
    }
    if (const std::optional<hclspec::features::SignatureHelp> help =
            features::signature_help(snapshot, offset))
      for (const hclspec::base::ByteRange& parameter : help->parameters)
        check(parameter.start < parameter.end && parameter.end <= help->label.size(),
              "a signature's parameter outside its label");
    // A rename names a place in the text, or refuses with a reason.
    const hclspec::features::PrepareRename rename =
        features::prepare_rename(snapshot, *fuzz_spec_tree(), offset);
    if (const auto* place = std::get_if<hclspec::features::RenamePlace>(&rename))
      check(place->name.start <= place->name.end && place->name.end <= size,
            "a rename's name outside the text");
    else
      check(!std::get<std::string>(rename).empty(), "a rename refused without a reason");
  }
}

// The fenced ```hcl example of a spec's documentation; empty when it says an empty file is one.
std::string docs_example(const std::string& markdown) {
  const size_t start = markdown.rfind("```hcl\n");
  if (start == std::string::npos) {
    check(markdown.find("an empty file is valid") != std::string::npos,
          "documentation without an example");
    return "";
  }
  const size_t end = markdown.find("```", start + 7);
  if (end == std::string::npos) fail("documentation's example not closed");
  return markdown.substr(start + 7, end - start - 7);
}

// A draft spec inferred from a file loads cleanly, and so documents an example it accepts.
void check_inferred_spec(const std::shared_ptr<const hclspec::syntax::SyntaxTree>& tree) {
  namespace features = hclspec::features;
  const features::InferredSpec draft = features::infer_spec({tree}, "fuzz");
  hclspec::base::Diagnostics diags;
  const auto spec = std::make_shared<const hclspec::spec::SpecFile>(
      hclspec::spec::load_spec(hclspec::syntax::parse_config(draft.text, "draft.hcldec"), diags));
  check(!hclspec::base::has_errors(diags), "an inferred spec does not load");
  features::Snapshot example;
  example.tree = hclspec::syntax::parse_config(
      docs_example(features::spec_docs(*spec, "draft.hcldec")), "example.hcl");
  example.binding.spec = spec;
  for (const features::DiagnosticItem& item : features::diagnostics(example))
    check(item.severity != hclspec::base::Severity::Error,
          "an inferred spec rejects its documentation's example");
}

// `hclspec decode` gives back each root block body's tree pages once it is decoded, and decodes
// again without when anything is reported: so giving back must neither hide a problem nor change
// a value. Only bodies of a page of tokens or more give anything back.
void check_released_decode(const std::string& text) {
  namespace spec = hclspec::spec;
  const auto kept = hclspec::syntax::parse_config(text, "fuzz.hcl");
  const auto released = hclspec::syntax::parse_config(text, "fuzz.hcl");
  hclspec::base::Diagnostics kept_diags, released_diags;
  const hclspec::types::Value expected =
      spec::decode(kept.get(), *fuzz_spec()->root, nullptr, kept_diags);
  spec::BodyReleases releases;
  const hclspec::types::Value value =
      spec::decode(released.get(), *fuzz_spec()->root, nullptr, released_diags, nullptr,
                   {.release_root_block_bodies = &releases});
  check(kept_diags.empty() == released_diags.empty(),
        "giving back decoded bodies changes whether a decode reports");
  if (kept_diags.empty())
    check(hclspec::types::raw_equals(value, expected),
          "giving back decoded bodies changes the value");
}

}  // namespace

// The first byte chooses the syntax (odd: JSON) and whether the spec applies (bit 1).
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const bool json = (data[0] & 1) != 0;
  const bool with_spec = (data[0] & 2) != 0;
  std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  hclspec::features::Snapshot snapshot;
  if (json)
    snapshot.json = hclspec::syntax::parse_json(std::move(text), "fuzz.json");
  else
    snapshot.tree = hclspec::syntax::parse_config(std::move(text), "fuzz.hcl");
  if (with_spec) snapshot.binding.spec = fuzz_spec();
  check_items(snapshot, size - 1);
  check_reading_features(
      snapshot, static_cast<uint32_t>(size - 1),
      size > 4 ? static_cast<uint32_t>(data[1] | (data[2] << 8) | (data[3] << 16)) : 0);
  if (snapshot.tree && !hclspec::base::has_errors(snapshot.tree->diagnostics())) {
    check_inferred_spec(snapshot.tree);
    if (size > 1024) check_released_decode(std::string(snapshot.tree->text()));
  }
  return 0;
}
