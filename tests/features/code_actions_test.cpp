// Code actions for every diagnostic of the fixture documents, against their golden files; each
// fix applied removes its diagnostic and adds no syntax error.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <string>
#include <tuple>

#include "features/code_actions.hpp"
#include "features/diagnostics.hpp"
#include "fixture_support.hpp"

using namespace hclspec;

namespace {

using Problem = std::tuple<std::string, std::string, std::string>;  // code, summary, detail

std::map<Problem, int> problems_of(const features::Snapshot& snapshot) {
  std::map<Problem, int> out;
  for (const features::DiagnosticItem& item : features::diagnostics(snapshot))
    ++out[{item.code, item.summary, item.detail}];
  return out;
}

std::string escaped(const std::string& text) {
  std::string out;
  for (const char c : text) out += c == '\n' ? std::string("\\n") : std::string(1, c);
  return out;
}

std::string render_code_actions(const testing::FixtureDocument& document) {
  const features::Snapshot& snapshot = document.snapshot;
  const base::SourceFile& source = snapshot.source();
  const std::map<Problem, int> before = problems_of(snapshot);
  std::string out;
  for (const features::DiagnosticItem& item : features::diagnostics(snapshot)) {
    out += "== " + item.code + " at " + testing::position_text(source, item.range.start) + ": " +
           item.summary + "\n";
    for (const features::CodeAction& action : features::code_actions(snapshot, item.range)) {
      if (std::find(action.fixes.begin(), action.fixes.end(), item.code) == action.fixes.end())
        continue;
      out += "  " + action.title + (action.preferred ? " (preferred)" : "") + "\n";
      for (const features::TextEdit& edit : action.edits)
        out += "    " + testing::range_text(source, edit.range) + " -> \"" +
               escaped(edit.new_text) + "\"\n";
      // Applied: no syntax error, and one diagnostic fewer of this kind.
      const features::Snapshot fixed = testing::snapshot_of(
          testing::apply_edits(source.text(), action.edits), "fixed.hcl", snapshot.binding.spec);
      CAPTURE(action.title);
      CHECK(fixed.tree->diagnostics().empty());
      const std::map<Problem, int> after = problems_of(fixed);
      const Problem problem{item.code, item.summary, item.detail};
      const int remaining = after.count(problem) == 0 ? 0 : after.at(problem);
      CHECK(remaining < before.at(problem));
    }
  }
  return out;
}

}  // namespace

TEST_CASE("code actions for every diagnostic of the fixture documents match the golden files") {
  CHECK(testing::check_goldens("code_actions", render_code_actions) >= 2);
}
