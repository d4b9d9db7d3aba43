// Suppression comments: found among the comment tokens (or JSON "//" properties), then applied.
#include "features/suppression.hpp"

#include <algorithm>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "base/suggest.hpp"
#include "features/diagnostic_codes.hpp"
#include "syntax/json.hpp"
#include "syntax/tree.hpp"

namespace hclspec::features {

namespace {

constexpr std::string_view kMarker = "hclspec-ignore";

// A code a directive names, and where it is written (to report it if unknown).
struct NamedCode {
  std::string_view code;
  base::ByteRange range;
};

struct Directive {
  bool whole_file = false;
  uint32_t first_line = 0;  // a line directive silences the lines first_line..last_line
  uint32_t last_line = 0;
  std::vector<NamedCode> codes;

  bool names(std::string_view code) const {
    return std::any_of(codes.begin(), codes.end(), [&](const NamedCode& named) {
      return named.code == code || named.code == "all";
    });
  }
};

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

// Reads a directive, "hclspec-ignore: CODES" or "hclspec-ignore-file: CODES" after spaces, from
// `text`, which starts at byte `at` of the document; codes are separated by commas or spaces and
// end at a "#". `exact` is false when `text` was decoded (a JSON string with escapes), so its
// offsets are not the document's: each code is then placed on `fallback`, the whole string.
std::optional<Directive> read_directive(std::string_view text, uint32_t at, bool exact,
                                        base::ByteRange fallback) {
  size_t i = 0;
  while (i < text.size() && is_space(text[i])) ++i;
  if (text.substr(i, kMarker.size()) != kMarker) return std::nullopt;
  i += kMarker.size();
  Directive directive;
  if (text.substr(i, 5) == "-file") {
    directive.whole_file = true;
    i += 5;
  }
  while (i < text.size() && is_space(text[i])) ++i;
  if (i == text.size() || text[i] != ':') return std::nullopt;
  const size_t end = std::min(text.find('#', i), text.size());
  for (++i; i < end;) {
    if (is_space(text[i]) || text[i] == ',') {
      ++i;
      continue;
    }
    const size_t from = i;
    while (i < end && !is_space(text[i]) && text[i] != ',') ++i;
    const base::ByteRange range =
        exact ? base::ByteRange{at + static_cast<uint32_t>(from), at + static_cast<uint32_t>(i)}
              : fallback;
    directive.codes.push_back({text.substr(from, i - from), range});
  }
  return directive;
}

// Whether only spaces (or a byte order mark) come before `offset` on its line, `line`.
bool first_on_line(const base::SourceFile& source, uint32_t offset, uint32_t line) {
  uint32_t start = source.lines().line_start(line);
  if (start == 0 && source.text().starts_with("\xEF\xBB\xBF")) start = 3;
  const std::string_view before = std::string_view(source.text()).substr(start, offset - start);
  return std::all_of(before.begin(), before.end(), is_space);
}

// The directives of a native tree: comments whose text starts with the marker. The marker's
// occurrences are found in the text and each looked up among the tokens, so that a "#" in a
// string or heredoc counts for nothing and a file without the marker costs one search.
std::vector<Directive> native_directives(const syntax::SyntaxTree& tree) {
  std::vector<Directive> out;
  const std::string_view text = tree.text();
  const syntax::TokenList tokens = tree.tokens();
  for (size_t at = text.find(kMarker); at != std::string_view::npos;
       at = text.find(kMarker, at + 1)) {
    // The token holding `at`: the last one starting at or before it.
    const auto after = std::upper_bound(
        tokens.begin(), tokens.end(), at,
        [](size_t offset, const syntax::Token& token) { return offset < token.start(); });
    if (after == tokens.begin()) continue;
    const syntax::Token& comment = *(after - 1);
    if (comment.kind() != syntax::TokenKind::Comment || at >= comment.end()) continue;
    at = comment.end() - 1;  // one directive per comment
    std::string_view body = comment.text(text);
    const uint32_t introducer = body.starts_with('#') ? 1 : 2;
    body.remove_prefix(introducer);
    if (body.ends_with("*/") && comment.text(text).starts_with("/*")) body.remove_suffix(2);
    std::optional<Directive> directive =
        read_directive(body, comment.start() + introducer, true, comment.range());
    if (!directive) continue;
    const base::LineIndex& lines = tree.lines();
    directive->first_line = lines.line_of(comment.start());
    // A comment with a line of its own also covers the line after it (after the comment's last
    // line, for a /* */ comment over several lines).
    directive->last_line = first_on_line(tree, comment.start(), directive->first_line)
                               ? lines.line_of(comment.end() - 1) + 1
                               : directive->first_line;
    out.push_back(std::move(*directive));
  }
  return out;
}

// The directives of a JSON tree: the values of "//" properties, in any object.
std::vector<Directive> json_directives(const syntax::JsonTree& tree) {
  std::vector<Directive> out;
  std::vector<syntax::JsonId> pending{tree.root()};  // no recursion: JSON may nest deeply
  while (!pending.empty()) {
    const syntax::JsonId id = pending.back();
    pending.pop_back();
    const syntax::JsonNode& n = tree.node(id);
    if (n.kind == syntax::JsonKind::Array)
      for (syntax::JsonId element : tree.elements(id)) pending.push_back(element);
    if (n.kind != syntax::JsonKind::Object) continue;
    for (const syntax::JsonProperty& property : tree.properties(id)) {
      pending.push_back(property.value);
      const syntax::JsonNode& value = tree.node(property.value);
      if (property.name != "//" || value.kind != syntax::JsonKind::String) continue;
      // Offsets in the decoded string are the document's when the string has no escapes.
      const base::ByteRange inside{value.range.start + 1, value.range.end - 1};
      const bool exact = inside.slice(tree.text()) == value.string_value;
      std::optional<Directive> directive =
          read_directive(value.string_value, inside.start, exact, value.range);
      if (!directive) continue;
      directive->first_line = tree.lines().line_of(property.name_range.start);
      directive->last_line =
          directive->first_line +
          (first_on_line(tree, property.name_range.start, directive->first_line) ? 1 : 0);
      out.push_back(std::move(*directive));
    }
  }
  return out;
}

// The warning on a code a directive names that the registry lacks.
DiagnosticItem unknown_code(const NamedCode& named) {
  static const std::vector<std::string_view> known = [] {
    std::vector<std::string_view> codes{"all"};
    for (const DiagnosticCodeInfo& info : diagnostic_codes()) codes.push_back(info.code);
    return codes;
  }();
  const std::string code(named.code);
  const std::string_view suggestion = base::name_suggestion(named.code, known);
  return {named.range, base::Severity::Warning, "unknown-ignore-code",
          "Unknown diagnostic code \"" + code + "\"",
          "\"" + code + "\" is not a diagnostic code, so this comment silences nothing for it." +
              (suggestion.empty() ? "" : " Did you mean \"" + std::string(suggestion) + "\"?") +
              " `hclspec lint --list-codes` lists the codes."};
}

}  // namespace

void apply_suppressions(const Snapshot& snapshot, std::vector<DiagnosticItem>& items) {
  const base::SourceFile& source = snapshot.source();
  // The server asks on every edit, so most texts (3 MB ones too) must be passed over fast: glibc's
  // memmem takes 0.2 to 0.7 ms on 3 MB of HCL, where std::string::find, which stops at every
  // "h", takes up to 2.5 ms.
  if (memmem(source.text().data(), source.text().size(), kMarker.data(), kMarker.size()) == nullptr)
    return;
  const std::vector<Directive> directives =
      snapshot.tree ? native_directives(*snapshot.tree) : json_directives(*snapshot.json);
  for (const Directive& directive : directives)
    for (const NamedCode& named : directive.codes)
      if (named.code != "all" && find_diagnostic_code(named.code) == nullptr)
        items.push_back(unknown_code(named));
  if (directives.empty()) return;
  const base::LineIndex& lines = source.lines();
  std::erase_if(items, [&](const DiagnosticItem& item) {
    const uint32_t line = lines.line_of(item.range.start);
    return std::any_of(directives.begin(), directives.end(), [&](const Directive& directive) {
      return directive.names(item.code) && (directive.whole_file || (directive.first_line <= line &&
                                                                     line <= directive.last_line));
    });
  });
}

}  // namespace hclspec::features
