// Which spec applies to a file: its modeline, else the nearest .hclspec.hcl, else client rules.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/text_range.hpp"
#include "engine/spec/spec.hpp"
#include "server/file_access.hpp"

namespace hclspec::server {

// Files matching any of the globs are checked against the spec.
struct AssociationRule {
  std::vector<std::string> files;  // globs: `*`, `?`, `[...]` within a folder name, `**` across
  std::string spec;                // the spec file, relative to the rule's base folder
  bool dynamic_blocks = false;     // `dynamic` blocks expanded (spec::DecodeOptions)

  friend bool operator==(const AssociationRule&, const AssociationRule&) = default;
};

struct AssociationContext {
  // A real path. Modelines (and .hclspec.hcl rules, unless confined below) may name specs only
  // inside it, and the search for a .hclspec.hcl stops there for the files inside it.
  std::string trust_root;
  // How messages call the trust root: "the workspace folder", "the current directory".
  std::string trust_root_label = "the workspace folder";
  // When set, a .hclspec.hcl's rules may name specs only inside that file's own folder (lint,
  // whose trust root for modelines is only the current directory) instead of the trust root.
  bool confine_project_rules_to_their_folder = false;
  // When set (lint --config), this project file is consulted for every file instead of the
  // nearest .hclspec.hcl; files outside its folder match none of its rules.
  std::string project_file;
  std::vector<AssociationRule> client_rules;  // explicit client setting: may point anywhere
  std::string client_rules_base;              // folder the client rules are relative to
  // The client's setting: every file checked against a spec reads `dynamic` blocks, whatever
  // chose its spec (a rule's `dynamic_blocks = false` does not turn it off).
  bool dynamic_blocks = false;
};

struct Association {
  enum class Kind { None, Off, MetaSpec, ProjectFile, Spec };
  // None: no rule matched (syntax only); Off: "# hclspec: none"; MetaSpec: a *.hcldec file;
  // ProjectFile: a .hclspec.hcl file itself (checked by project_file_spec()); Spec: spec_path
  // applies.
  Kind kind = Kind::None;
  std::string spec_path;                    // real path (Kind::Spec), or as written if unresolved
  std::string spec_as_written;              // the modeline's or rule's spec path, as written
  std::string chosen_by;                    // human-readable, for hover and the log
  std::optional<base::ByteRange> modeline;  // the modeline in the document
  // Non-empty: the named spec may not or cannot be used, and it was not read. Full sentences
  // naming paths only as the user wrote them; never the content of a file.
  std::string problem;
  std::string project_file;  // the .hclspec.hcl consulted, if any (the server watches it)
  bool dynamic_blocks =
      false;  // the rule that chose the spec, or the client, reads `dynamic` blocks
};

// Decides which spec applies to the document at `path` (absolute) whose text is `text`. Reads
// only .hclspec.hcl files (through `files`), never a spec.
Association associate(const std::string& path, std::string_view text,
                      const AssociationContext& context, FileAccess& files);

// The built-in spec .hclspec.hcl files are checked against (with descriptions for hover and
// completion): `rule` blocks, each with `files` and `spec`. Loaded once; safe from any thread.
const spec::SpecFile& project_file_spec();

// The file name that makes a file a project file.
inline constexpr std::string_view kProjectFileName = ".hclspec.hcl";

// Whether `path` is the folder `root` or lies below it (both absolute and lexically normal; a
// trailing "/" on `root` is ignored).
bool path_is_inside(std::string_view root, std::string_view path);

// Whether a file named inside `root` (its lexically normal absolute path `absolute`) resolves,
// through symbolic links, to `real` outside it: lint and fmt neither read nor write such a file.
bool links_out_of(std::string_view root, std::string_view absolute, std::string_view real);

// Whether `path` (relative to the glob's base folder, `/`-separated) matches `glob`.
bool glob_matches(std::string_view glob, std::string_view path);

}  // namespace hclspec::server
