// The problems of a document: syntax errors, then the spec's (or, in a spec file, the loader's).
#pragma once

#include <string>
#include <vector>

#include "base/cancellation.hpp"
#include "base/diagnostic.hpp"
#include "base/text_range.hpp"
#include "features/snapshot.hpp"
#include "spec/decode_cache.hpp"

namespace hclspec::features {

struct DiagnosticItem {
  base::ByteRange range;
  base::Severity severity = base::Severity::Error;
  std::string code;     // stable, from the registry (diagnostic_codes.hpp): "missing-block"
  std::string summary;  // one line
  std::string detail;   // sentences; may be empty

  // The summary, then the detail (when there is one) on the next line: an editor's message.
  std::string message() const { return detail.empty() ? summary : summary + "\n" + detail; }
};

// Every diagnostic of the snapshot, in the order found: the syntax errors, then
// - a Config document with a spec: every problem `spec::validate` finds (native or JSON);
// - a SpecFile document: `spec::load_spec`'s problems;
// - a binding with a problem: one error saying so;
// less those the document's suppression comments silence (suppression.hpp), with a warning on
// each unknown code they name.
// A missing required attribute or block is placed on the header of the block lacking it (type
// and labels; in JSON the property naming the object), or for the root body on the modeline, else
// the first line. A problem located in the spec file (a transform's result) is placed there too,
// naming that file. Once `cancel` is set the result is partial and should be dropped.
// `cache`, when given, holds the block bodies an earlier validation of the document decoded (moved
// through the edits since, see spec::DecodeCache): those still intact are not decoded again, and
// the cache is left holding this validation's. The diagnostics are the same either way.
std::vector<DiagnosticItem> diagnostics(const Snapshot& snapshot,
                                        const base::CancellationFlag* cancel = nullptr,
                                        spec::DecodeCache* cache = nullptr);

// The stable code of a diagnostic summary, from the registry of codes (diagnostic_codes.hpp):
// "Missing task block" -> "missing-block". A summary the registry lacks gets its slug, lowercase
// words joined by "-".
std::string diagnostic_code(const std::string& summary);

}  // namespace hclspec::features
