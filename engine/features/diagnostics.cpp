// Diagnostics of a snapshot: the engine's diagnostics, placed and worded for an editor.
#include "features/diagnostics.hpp"

#include <algorithm>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <utility>

#include "features/diagnostic_codes.hpp"
#include "features/suppression.hpp"
#include "spec/load.hpp"
#include "spec/validate.hpp"
#include "syntax/block_header.hpp"

namespace hclspec::features {

namespace {

using syntax::NodeId;

// Where the root body's missing items are shown: the modeline, or else the first line.
base::ByteRange root_header(const Snapshot& snapshot) {
  if (snapshot.binding.modeline) return *snapshot.binding.modeline;
  const base::LineIndex& lines = snapshot.source().lines();
  const uint32_t start = lines.line_start(0);
  return {start, start + static_cast<uint32_t>(lines.line_text(0).size())};
}

// hcl reports a body's missing items at an empty range where the body starts (native syntax),
// which an editor would show as a stray mark on a brace, or on nothing at the root. This maps
// such a place to the header of the block whose body starts there.
class NativeHeaders {
 public:
  explicit NativeHeaders(const syntax::SyntaxTree& tree) : tree_(tree) {}

  std::optional<base::ByteRange> header_at(base::ByteRange subject) {
    if (!subject.empty()) return std::nullopt;
    if (!built_) build();
    const auto found = headers_.find(subject.start);
    if (found == headers_.end()) return std::nullopt;
    return found->second;
  }

  bool at_root(base::ByteRange subject) const {
    return subject.empty() &&
           (subject.start == 0 || subject.start == tree_.range(tree_.root()).start);
  }

 private:
  void build() {
    built_ = true;
    for (NodeId id = 0; id < tree_.nodes().size(); ++id) {
      if (tree_.node(id).kind != syntax::NodeKind::Block) continue;
      const syntax::BlockHeader header = syntax::block_header(tree_, id);
      if (header.body != syntax::kNoNode)
        headers_.emplace(tree_.range(header.body).start, header.def_range);
    }
  }

  const syntax::SyntaxTree& tree_;
  bool built_ = false;
  std::unordered_map<uint32_t, base::ByteRange> headers_;  // body start -> its block's header
};

// hcl json reports a body's missing items on the object's closing brace; the property naming
// the object (or the array holding it) stands for the header, a label's for a labelled block.
std::optional<base::ByteRange> json_header(const syntax::JsonTree& tree, base::ByteRange subject,
                                           bool& at_root) {
  at_root = false;
  if (tree.node(tree.root()).close == subject) {
    at_root = tree.node(tree.root()).kind == syntax::JsonKind::Object;
    return std::nullopt;
  }
  // Each value to look into, with the name of the property it is in (none at the root). No
  // recursion: JSON may nest deeply.
  std::vector<std::pair<syntax::JsonId, std::optional<base::ByteRange>>> pending{
      {tree.root(), std::nullopt}};
  while (!pending.empty()) {
    const auto [id, name] = pending.back();
    pending.pop_back();
    const syntax::JsonNode& n = tree.node(id);
    if (n.kind == syntax::JsonKind::Object && n.close == subject) return name;
    if (n.kind == syntax::JsonKind::Array)
      for (syntax::JsonId element : tree.elements(id)) pending.emplace_back(element, name);
    if (n.kind == syntax::JsonKind::Object)
      for (const syntax::JsonProperty& property : tree.properties(id))
        pending.emplace_back(property.value, property.name_range);
  }
  return std::nullopt;
}

bool reports_missing_item(std::string_view code) {
  return code == "missing-required-argument" || code == "missing-block" ||
         code == "insufficient-blocks";
}

// The spec file tree holding a transform's result, to name where a problem in it is.
const syntax::SyntaxTree* spec_tree_named(const spec::Spec& spec, const std::string& filename) {
  return std::visit(
      [&](const auto& kind) -> const syntax::SyntaxTree* {
        using Kind = std::decay_t<decltype(kind)>;
        if constexpr (std::is_same_v<Kind, spec::TransformSpec>) {
          if (kind.tree && kind.tree->filename() == filename) return kind.tree.get();
          return spec_tree_named(*kind.wrapped, filename);
        } else if constexpr (std::is_same_v<Kind, spec::ObjectSpec>) {
          for (const auto& [name, nested] : kind.properties)
            if (const syntax::SyntaxTree* found = spec_tree_named(*nested, filename)) return found;
          return nullptr;
        } else if constexpr (std::is_same_v<Kind, spec::TupleSpec>) {
          for (const spec::SpecPtr& element : kind.elements)
            if (const syntax::SyntaxTree* found = spec_tree_named(*element, filename)) return found;
          return nullptr;
        } else if constexpr (std::is_same_v<Kind, spec::DefaultSpec>) {
          const syntax::SyntaxTree* found = spec_tree_named(*kind.primary, filename);
          return found ? found : spec_tree_named(*kind.fallback, filename);
        } else if constexpr (std::is_same_v<Kind, spec::BlockSpec> ||
                             std::is_same_v<Kind, spec::BlockListSpec> ||
                             std::is_same_v<Kind, spec::BlockMapSpec>) {
          return kind.nested ? spec_tree_named(*kind.nested, filename) : nullptr;
        } else {
          return nullptr;
        }
      },
      spec.kind);
}

}  // namespace

std::string diagnostic_code(const std::string& summary) {
  if (const DiagnosticCodeInfo* info = find_diagnostic_summary(summary))
    return std::string(info->code);
  // Not registered (a test checks that no diagnostic of the fixtures is): the summary's slug.
  std::string code;
  for (char c : summary) {
    const bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    if (alnum)
      code += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    else if (!code.empty() && code.back() != '-')
      code += '-';
  }
  while (!code.empty() && code.back() == '-') code.pop_back();
  return code;
}

std::vector<DiagnosticItem> diagnostics(const Snapshot& snapshot,
                                        const base::CancellationFlag* cancel,
                                        spec::DecodeCache* cache) {
  const spec::InputFile input =
      snapshot.tree ? spec::InputFile(snapshot.tree.get()) : spec::InputFile(snapshot.json.get());
  const size_t syntax_count = input.diagnostics().size();
  base::Diagnostics found;
  if (snapshot.kind == DocumentKind::SpecFile && snapshot.tree) {
    found = snapshot.tree->diagnostics();
    spec::load_spec(snapshot.tree, found);
  } else if (snapshot.kind == DocumentKind::Config && snapshot.binding.spec) {
    if (cancel != nullptr && cancel->cancelled()) return {};
    const spec::DecodeOptions& options = snapshot.binding.options;
    found = cache != nullptr ? spec::validate(input, snapshot.binding.spec, cancel, *cache, options)
                             : spec::validate(input, *snapshot.binding.spec, cancel, options);
  } else {
    found = input.diagnostics();
  }

  std::vector<DiagnosticItem> out;
  out.reserve(found.size() + 1);
  if (!snapshot.binding.problem.empty())
    out.push_back({root_header(snapshot), base::Severity::Error, "spec-unusable",
                   "The spec for this file cannot be used", snapshot.binding.problem});
  std::optional<NativeHeaders> headers;
  if (snapshot.tree) headers.emplace(*snapshot.tree);
  for (size_t i = 0; i < found.size(); ++i) {
    base::Diagnostic& d = found[i];
    DiagnosticItem item{d.subject, d.severity, diagnostic_code(d.summary), std::move(d.summary),
                        std::move(d.detail)};
    if (!d.file.empty()) {
      // A problem in the spec file itself: shown where the document names its spec.
      item.range = root_header(snapshot);
      const syntax::SyntaxTree* spec_tree =
          snapshot.binding.spec && snapshot.binding.spec->root
              ? spec_tree_named(*snapshot.binding.spec->root, d.file)
              : nullptr;
      if (!item.detail.empty()) item.detail += "\n";
      item.detail += "(in the spec file, at " +
                     (spec_tree ? base::format_range(*spec_tree, d.subject) : d.file) + ")";
    } else if (i >= syntax_count && snapshot.tree) {
      // Only missing items are reported at an empty range where a body starts.
      if (headers->at_root(d.subject))
        item.range = root_header(snapshot);
      else if (std::optional<base::ByteRange> header = headers->header_at(d.subject))
        item.range = *header;
    } else if (i >= syntax_count && reports_missing_item(item.code)) {
      bool at_root = false;
      if (std::optional<base::ByteRange> header = json_header(*snapshot.json, d.subject, at_root))
        item.range = *header;
      else if (at_root)
        item.range = root_header(snapshot);
    }
    // hcl's JSON scanner marks a string broken at the end of the text one byte past it (the
    // decoder keeps that, as hcldec prints it); an editor and lint need a place in the text.
    const auto size = static_cast<uint32_t>(snapshot.source().text().size());
    item.range.end = std::min(item.range.end, size);
    item.range.start = std::min(item.range.start, item.range.end);
    out.push_back(std::move(item));
  }
  apply_suppressions(snapshot, out);
  return out;
}

}  // namespace hclspec::features
