// The association: modelines, .hclspec.hcl rules and their built-in spec, client rules, globs.
#include "server/spec_association.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>

#include "engine/spec/decode.hpp"
#include "engine/spec/load.hpp"
#include "engine/syntax/parser.hpp"

namespace hclspec::server {

namespace {

// The built-in spec of .hclspec.hcl files; the comments above the spec blocks are the
// descriptions hover and completion show.
constexpr const char* kProjectFileSpecText = R"(object {
  # Says which spec checks which files. The first rule whose `files` match a file wins; a file
  # no rule matches gets syntax checks only. A file's own modeline (`# hclspec: PATH` among its
  # first comment lines) comes before every rule.
  block_list "rule" {
    object {
      # Globs of the files the rule applies to, relative to the folder of this .hclspec.hcl:
      # `*` and `?` match within one folder or file name, `**` any number of folders,
      # `[abc]` one of the characters. E.g. ["jobs/**/*.hcl", "*.job.hcl"].
      attr "files" {
        type     = list(string)
        required = true
      }
      # The hcldec spec file those files are checked against, relative to the folder of this
      # .hclspec.hcl. It must lie inside the workspace (the trusted folder).
      attr "spec" {
        type     = string
        required = true
      }
      # Whether a `dynamic "T"` block stands for blocks of type T, as Terraform and Nomad expand
      # them (HCL's dynblock): its `content` is checked as T's body. Off by default, as hcldec
      # does not expand them.
      attr "dynamic_blocks" {
        type = bool
      }
    }
  }
}
)";

namespace fs = std::filesystem;

std::string lexically_normal(const std::string& path) {
  std::string out = fs::path(path).lexically_normal().string();
  if (out.size() > 1 && out.back() == '/') out.pop_back();
  return out;
}

std::string parent_folder(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

std::string file_name(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// `relative` in `folder`, not normalized: ".." after a link must be resolved by the file system.
std::string join(const std::string& folder, const std::string& relative) {
  if (!relative.empty() && relative.front() == '/') return relative;
  return folder == "/" ? "/" + relative : folder + "/" + relative;
}

// `path` relative to `folder` when it lies below it.
std::optional<std::string> relative_to(const std::string& folder, const std::string& path) {
  if (!path_is_inside(folder, path) || path == folder) return std::nullopt;
  return path.substr(folder == "/" ? 1 : folder.size() + 1);
}

struct Modeline {
  base::ByteRange range;  // the comment, without the line break
  uint32_t line;          // 1-based
  std::string value;      // what follows "hclspec:", trimmed
};

bool is_blank(std::string_view text) {
  return text.find_first_not_of(" \t\r") == std::string_view::npos;
}

std::string_view trim(std::string_view text) {
  const size_t first = text.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  const size_t last = text.find_last_not_of(" \t\r");
  return text.substr(first, last - first + 1);
}

// The first `# hclspec:` or `// hclspec:` line among the leading comment lines (blank lines
// and /* */ comments may sit between them); a line holding anything else ends the search.
std::optional<Modeline> find_modeline(std::string_view text) {
  size_t pos = text.starts_with("\xEF\xBB\xBF") ? 3 : 0;
  bool in_block_comment = false;
  for (uint32_t line = 1; pos < text.size(); ++line) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view content = text.substr(pos, end - pos);
    const size_t line_start = pos;
    pos = end + 1;
    if (in_block_comment) {
      const size_t close = content.find("*/");
      if (close == std::string_view::npos) continue;
      in_block_comment = false;
      if (!is_blank(content.substr(close + 2))) return std::nullopt;
      continue;
    }
    const size_t first = content.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) continue;
    const std::string_view rest = content.substr(first);
    if (rest.starts_with("/*")) {
      const size_t close = rest.find("*/", 2);
      if (close == std::string_view::npos) {
        in_block_comment = true;
      } else if (!is_blank(rest.substr(close + 2))) {
        return std::nullopt;
      }
      continue;
    }
    size_t marker = 0;
    if (rest.starts_with("#")) marker = 1;
    if (rest.starts_with("//")) marker = 2;
    if (marker == 0) return std::nullopt;
    const std::string_view body = trim(rest.substr(marker));
    constexpr std::string_view kKey = "hclspec:";
    if (!body.starts_with(kKey)) continue;
    const std::string_view comment = trim(rest);
    const auto start = static_cast<uint32_t>(line_start + first);
    return Modeline{{start, start + static_cast<uint32_t>(comment.size())},
                    line,
                    std::string(trim(body.substr(kKey.size())))};
  }
  return std::nullopt;
}

// A spec path named by a modeline or rule, resolved; `root` empty: trusted anywhere.
void resolve_spec(const std::string& base_folder, const std::string& written,
                  const std::string& root, const std::string& root_label, FileAccess& files,
                  Association& out) {
  out.kind = Association::Kind::Spec;
  out.spec_as_written = written;
  out.spec_path = written;
  const std::string quoted = "\"" + written + "\"";
  if (written.empty()) {
    out.problem = "No spec file is named (" + out.chosen_by + ").";
    return;
  }
  const std::string candidate = join(base_folder, written);
  const std::string outside = "The spec file " + quoted + " (" + out.chosen_by + ") is outside " +
                              root_label +
                              ", so it was not read: a modeline or .hclspec.hcl rule may name "
                              "only a spec file inside " +
                              root_label +
                              ". To use a spec elsewhere, name it explicitly (--spec, or the "
                              "client setting hclspec.rules).";
  // The written path is judged before the file system is asked, so an outside path reveals
  // nothing about what exists there.
  if (!root.empty() && !path_is_inside(root, lexically_normal(candidate))) {
    out.problem = outside;
    return;
  }
  const std::optional<std::string> real = files.real_path(candidate);
  if (!real) {
    out.problem = "The spec file " + quoted + " (" + out.chosen_by + ") does not exist.";
    return;
  }
  if (!root.empty() && !path_is_inside(root, *real)) {
    out.problem = outside;
    return;
  }
  out.spec_path = *real;
}

struct ProjectRules {
  std::vector<AssociationRule> rules;
  std::string problem;
};

// The rules of a project file, read by the built-in spec; a file with errors gives none.
ProjectRules read_project_file(const std::string& path, FileAccess& files) {
  ProjectRules out;
  std::optional<std::string> text = files.read(path);
  if (!text) {
    out.problem = "The project file " + path +
                  " cannot be read (unreadable, or larger than 16 MiB), so the spec for this "
                  "file is unknown.";
    return out;
  }
  const std::unique_ptr<syntax::SyntaxTree> tree = syntax::parse_config(std::move(*text), path);
  base::Diagnostics diags = tree->diagnostics();
  const types::Value value = spec::decode(tree.get(), *project_file_spec().root, nullptr, diags);
  if (base::has_errors(diags)) {
    out.problem = "The project file " + path +
                  " has errors (shown in that file), so the spec for this file is unknown. Fix "
                  "them to check this file against its spec.";
    return out;
  }
  const types::Value* rules = value.is_null() ? nullptr : value.get("rule");
  if (rules == nullptr || rules->is_null()) return out;
  for (const types::Value& rule : rules->elements()) {
    AssociationRule parsed;
    if (const types::Value* globs = rule.get("files"); globs && !globs->is_null())
      for (const types::Value& glob : globs->elements())
        if (!glob.is_null()) parsed.files.push_back(glob.as_string());
    if (const types::Value* spec = rule.get("spec"); spec && !spec->is_null())
      parsed.spec = spec->as_string();
    if (const types::Value* dynamic = rule.get("dynamic_blocks"); dynamic && !dynamic->is_null())
      parsed.dynamic_blocks = dynamic->as_bool();
    out.rules.push_back(std::move(parsed));
  }
  return out;
}

bool rule_matches(const AssociationRule& rule, std::string_view relative_path) {
  for (const std::string& glob : rule.files)
    if (glob_matches(glob, relative_path)) return true;
  return false;
}

// A glob as a sequence of steps; `**` is special only as a whole path segment.
struct GlobStep {
  enum class Kind { Literal, AnyChar, Class, Star, AnyFolders, AnyPath } kind;
  char literal = 0;
  std::string set = {};  // Class: the characters listed between the brackets ("a-z": a range)
  bool negated = false;
};

std::vector<GlobStep> compile_glob(std::string_view glob) {
  while (glob.starts_with("./")) glob.remove_prefix(2);
  std::vector<GlobStep> steps;
  for (size_t i = 0; i < glob.size();) {
    const bool segment_start = i == 0 || glob[i - 1] == '/';
    if (glob.substr(i).starts_with("**") && segment_start) {
      if (i + 2 == glob.size()) {
        steps.push_back({GlobStep::Kind::AnyPath});
        i += 2;
        continue;
      }
      if (glob[i + 2] == '/') {
        steps.push_back({GlobStep::Kind::AnyFolders});
        i += 3;
        continue;
      }
    }
    const char c = glob[i];
    if (c == '*') {
      steps.push_back({GlobStep::Kind::Star});
      while (i < glob.size() && glob[i] == '*') ++i;
      continue;
    }
    if (c == '?') {
      steps.push_back({GlobStep::Kind::AnyChar});
      ++i;
      continue;
    }
    if (c == '[') {
      size_t j = i + 1;
      GlobStep step{GlobStep::Kind::Class};
      if (j < glob.size() && (glob[j] == '!' || glob[j] == '^')) {
        step.negated = true;
        ++j;
      }
      const size_t set_start = j;
      if (j < glob.size() && glob[j] == ']') ++j;  // a leading ] is a member
      while (j < glob.size() && glob[j] != ']') ++j;
      if (j < glob.size()) {
        step.set = std::string(glob.substr(set_start, j - set_start));
        steps.push_back(std::move(step));
        i = j + 1;
        continue;
      }
      // An unclosed [ is a literal character.
    }
    steps.push_back({GlobStep::Kind::Literal, c});
    ++i;
  }
  return steps;
}

bool class_matches(const GlobStep& step, char c) {
  bool found = false;
  const std::string& set = step.set;
  for (size_t i = 0; i < set.size() && !found; ++i) {
    if (i + 2 < set.size() && set[i + 1] == '-') {
      found = set[i] <= c && c <= set[i + 2];
      i += 2;
    } else {
      found = set[i] == c;
    }
  }
  return found != step.negated;
}

}  // namespace

bool path_is_inside(std::string_view root, std::string_view path) {
  if (root.size() > 1 && root.back() == '/') root.remove_suffix(1);
  if (root.empty()) return false;
  if (root == "/") return path.starts_with('/');
  return path == root ||
         (path.starts_with(root) && path.size() > root.size() && path[root.size()] == '/');
}

bool links_out_of(std::string_view root, std::string_view absolute, std::string_view real) {
  return path_is_inside(root, absolute) && !path_is_inside(root, real);
}

bool glob_matches(std::string_view glob, std::string_view path) {
  while (path.starts_with("./")) path.remove_prefix(2);
  const std::vector<GlobStep> steps = compile_glob(glob);
  // matched[j]: the steps so far can match path[0, j). One pass per step: O(steps * path).
  std::vector<char> matched(path.size() + 1, 0), next(path.size() + 1, 0);
  matched[0] = 1;
  for (const GlobStep& step : steps) {
    std::fill(next.begin(), next.end(), 0);
    for (size_t j = 0; j <= path.size(); ++j) {
      if (!matched[j]) continue;
      switch (step.kind) {
        case GlobStep::Kind::Literal:
          if (j < path.size() && path[j] == step.literal) next[j + 1] = 1;
          break;
        case GlobStep::Kind::AnyChar:
          if (j < path.size() && path[j] != '/') next[j + 1] = 1;
          break;
        case GlobStep::Kind::Class:
          if (j < path.size() && path[j] != '/' && class_matches(step, path[j])) next[j + 1] = 1;
          break;
        case GlobStep::Kind::Star:
          for (size_t k = j;; ++k) {
            next[k] = 1;
            if (k == path.size() || path[k] == '/') break;
          }
          break;
        case GlobStep::Kind::AnyFolders:  // "**/": nothing, or whole folder names and their '/'
          next[j] = 1;
          for (size_t k = j; k < path.size(); ++k)
            if (path[k] == '/') next[k + 1] = 1;
          break;
        case GlobStep::Kind::AnyPath:  // a final "**": everything below
          for (size_t k = j; k <= path.size(); ++k) next[k] = 1;
          break;
      }
    }
    matched.swap(next);
  }
  return matched[path.size()] != 0;
}

const spec::SpecFile& project_file_spec() {
  static const spec::SpecFile loaded = [] {
    std::shared_ptr<const syntax::SyntaxTree> tree =
        syntax::parse_config(kProjectFileSpecText, "<built-in spec of .hclspec.hcl files>");
    base::Diagnostics diags = tree->diagnostics();
    spec::SpecFile file = spec::load_spec(tree, diags);
    if (!diags.empty() || !file.root) {
      // The text above is part of the program: a mistake in it is a bug the tests catch.
      std::fprintf(stderr, "hclspec: the built-in spec of .hclspec.hcl files does not load\n");
      std::abort();
    }
    return file;
  }();
  return loaded;
}

namespace {

// The first route that applies: modeline, nearest .hclspec.hcl, client rules.
Association chosen_association(const std::string& path, std::string_view text,
                               const AssociationContext& context, FileAccess& files) {
  Association out;
  const std::string name = file_name(path);
  if (name.ends_with(".hcldec")) {
    out.kind = Association::Kind::MetaSpec;
    out.chosen_by = "built-in meta-spec of .hcldec files";
    return out;
  }
  if (name == kProjectFileName) {
    out.kind = Association::Kind::ProjectFile;
    out.chosen_by = "built-in spec of .hclspec.hcl files";
    return out;
  }
  const std::string folder =
      files.real_path(parent_folder(path)).value_or(lexically_normal(parent_folder(path)));
  const std::string document = folder == "/" ? "/" + name : folder + "/" + name;

  if (std::optional<Modeline> modeline = find_modeline(text)) {
    out.modeline = modeline->range;
    out.chosen_by = "modeline on line " + std::to_string(modeline->line);
    if (modeline->value == "none") {
      out.kind = Association::Kind::Off;
      return out;
    }
    resolve_spec(folder, modeline->value, context.trust_root, context.trust_root_label, files, out);
    return out;
  }

  // The project file's rules: the first matching names the spec. Returns false when none
  // matches (and nothing is wrong with the project file).
  const auto consult = [&](const std::string& candidate, const std::string& dir,
                           const std::string& real) {
    out.project_file = candidate;
    const std::string& root =
        context.confine_project_rules_to_their_folder ? dir : context.trust_root;
    const std::string root_label = context.confine_project_rules_to_their_folder
                                       ? "the folder of " + candidate
                                       : context.trust_root_label;
    if (context.project_file.empty() && !path_is_inside(root, real)) {
      out.chosen_by = candidate;
      out.problem =
          "The project file " + candidate +
          (path_is_inside(root, candidate) ? " is a link to a file outside " : " is outside ") +
          root_label + ", so it was not read.";
      return true;
    }
    ProjectRules project = read_project_file(candidate, files);
    if (!project.problem.empty()) {
      out.chosen_by = candidate;
      out.problem = std::move(project.problem);
      return true;
    }
    const std::optional<std::string> relative = relative_to(dir, document);
    if (!relative) return false;
    for (size_t i = 0; i < project.rules.size(); ++i) {
      if (!rule_matches(project.rules[i], *relative)) continue;
      out.chosen_by = "rule " + std::to_string(i + 1) + " in " + candidate;
      out.dynamic_blocks = project.rules[i].dynamic_blocks;
      resolve_spec(dir, project.rules[i].spec, root, root_label, files, out);
      return true;
    }
    return false;
  };

  if (!context.project_file.empty()) {
    // Named explicitly, so it may be anywhere; its rules' specs stay confined as configured.
    const std::string real =
        files.real_path(context.project_file).value_or(lexically_normal(context.project_file));
    if (consult(real, parent_folder(real), real)) return out;
  } else {
    // The nearest project file, looking no higher than the trust root for the files inside it.
    const bool inside_root = path_is_inside(context.trust_root, folder);
    for (std::string dir = folder;; dir = parent_folder(dir)) {
      const std::string candidate = dir == "/" ? "/" + std::string(kProjectFileName)
                                               : dir + "/" + std::string(kProjectFileName);
      if (const std::optional<std::string> real = files.real_path(candidate)) {
        if (consult(candidate, dir, *real)) return out;
        break;  // only the nearest project file is consulted
      }
      if (dir == "/" || (inside_root && dir == context.trust_root)) break;
    }
  }

  if (!context.client_rules.empty()) {
    const std::string base = files.real_path(context.client_rules_base)
                                 .value_or(lexically_normal(context.client_rules_base));
    if (const std::optional<std::string> relative = relative_to(base, document)) {
      for (size_t i = 0; i < context.client_rules.size(); ++i) {
        if (!rule_matches(context.client_rules[i], *relative)) continue;
        out.chosen_by = "client setting hclspec.rules[" + std::to_string(i) + "]";
        out.dynamic_blocks = context.client_rules[i].dynamic_blocks;
        resolve_spec(base, context.client_rules[i].spec, "", "", files, out);
        return out;
      }
    }
  }
  return out;
}

}  // namespace

Association associate(const std::string& path, std::string_view text,
                      const AssociationContext& context, FileAccess& files) {
  Association out = chosen_association(path, text, context, files);
  if (out.kind == Association::Kind::Spec)
    out.dynamic_blocks = out.dynamic_blocks || context.dynamic_blocks;
  return out;
}

}  // namespace hclspec::server
