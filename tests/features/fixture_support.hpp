// Fixture documents of the feature tests: cursors, the binding their comments ask for, renderings.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "features/completion.hpp"
#include "features/diagnostics.hpp"
#include "features/formatting.hpp"
#include "features/hover.hpp"
#include "features/snapshot.hpp"
#include "syntax/tree.hpp"

namespace hclspec::testing {

// A fixture document made ready: its snapshot, its cursors ("$0", taken out) and options.
struct FixtureDocument {
  features::Snapshot snapshot;
  std::vector<uint32_t> cursors;
  features::CompletionOptions options;  // also says whether hover is in markdown
};

// Reads `path` (see fixtures/features/README.md for the comments it may hold).
FixtureDocument load_fixture(const std::filesystem::path& path);

// The snapshot of `text` as a document named `filename`, bound to `spec` (may be null).
features::Snapshot snapshot_of(std::string text, const std::string& filename,
                               std::shared_ptr<const spec::SpecFile> spec);

// The spec file fixtures/features/specs/<name>, loaded (it must load without errors).
std::shared_ptr<const spec::SpecFile> load_fixture_spec(const std::string& name);

// The spec file a fixture names (its modeline, `# fixture-spec:` or .spec file), parsed; null when
// it names none.
std::unique_ptr<syntax::SyntaxTree> fixture_spec_tree(const FixtureDocument& document);

// "line:column" (1-based, as HCL counts) of a byte offset.
std::string position_text(const base::SourceFile& source, uint32_t offset);
// "l:c-l:c `text`" for a range.
std::string range_text(const base::SourceFile& source, base::ByteRange range);

std::string render_diagnostics(const FixtureDocument& document);
std::string render_completion(const FixtureDocument& document);
std::string render_hover(const FixtureDocument& document);
// The document after formatting: the whole document, or with two cursors the range between
// them; "not formatted: REASON" when refused.
std::string render_formatting(const FixtureDocument& document);

// A fixture document: a .hcl, .json or .hcldec file.
bool is_document(const std::filesystem::path& path);

// Checks each document of fixtures/features/<feature> against its golden <document>.expected,
// or rewrites the goldens (HCLSPEC_UPDATE_GOLDEN=1); returns how many documents there were.
size_t check_goldens(const std::string& feature,
                     const std::function<std::string(const FixtureDocument&)>& render);

// `text` with `edits` (sorted, not overlapping) applied.
std::string apply_edits(std::string_view text, const std::vector<features::TextEdit>& edits);

}  // namespace hclspec::testing
