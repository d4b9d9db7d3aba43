// Helpers shared by the syntax tests: the tree validator, S-expressions, golden text and files.
#include "test_support.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "base/unicode.hpp"
#include "syntax/lexer.hpp"

#ifndef HCLSPEC_FIXTURES_DIR
#error "HCLSPEC_FIXTURES_DIR must name the fixtures directory"
#endif

namespace hclspec::syntax::testing {

namespace {

std::string range_text(base::ByteRange r) {
  return std::to_string(r.start) + ".." + std::to_string(r.end);
}

// Expected child counts. Error trees keep these shapes too, which is what lets later layers index
// children without checking. (An Invalid node may wrap the partial expression before a mistake,
// as "b" in "b.", so it can have children.)
bool arity_ok(NodeKind kind, size_t children) {
  switch (kind) {
    case NodeKind::BinaryOp:
    case NodeKind::Index:
    case NodeKind::Splat:
      return children == 2;
    case NodeKind::UnaryOp:
    case NodeKind::Parenthesis:
    case NodeKind::Interpolation:
    case NodeKind::RelativeTraversal:
    case NodeKind::IfDirective:
    case NodeKind::ForDirective:
      return children == 1;
    case NodeKind::Conditional:
      return children == 3;
    case NodeKind::Object:
      return children % 2 == 0;
    case NodeKind::For:
      return children >= 2 && children <= 4;
    case NodeKind::Attribute:
    case NodeKind::Block:
      return children <= 1;
    case NodeKind::Literal:
    case NodeKind::ScopeTraversal:
    case NodeKind::SplatItem:
    case NodeKind::ElseDirective:
    case NodeKind::EndDirective:
      return children == 0;
    default:
      return true;
  }
}

bool is_expression(NodeKind kind) {
  switch (kind) {
    case NodeKind::Body:
    case NodeKind::Attribute:
    case NodeKind::Block:
    case NodeKind::IfDirective:
    case NodeKind::ForDirective:
    case NodeKind::ElseDirective:
    case NodeKind::EndDirective:
    case NodeKind::TemplateIf:
    case NodeKind::TemplateFor:
    case NodeKind::SplatItem:
      return false;
    default:
      return true;
  }
}

std::string token_text(const SyntaxTree& tree, uint32_t t) {
  return std::string(tree.token_text(t));
}

// The text of a node with runs of whitespace removed, for leaves of S-expressions.
std::string compact(std::string_view s) {
  std::string out;
  for (char c : s)
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') out += c;
  return out;
}

std::string template_parts(const SyntaxTree& tree, NodeId id);

std::string sexpr_children(const SyntaxTree& tree, NodeId id) {
  std::string out;
  for (NodeId child : tree.children(id)) out += " " + sexpr(tree, child);
  return out;
}

// For a For node: the iteration variables, read from the tokens between "for" and "in".
std::string for_variables(const SyntaxTree& tree, NodeId id) {
  const Node& n = tree.node(id);
  std::string out;
  bool started = false;
  for (uint32_t t = n.first_token; t < n.end_token; ++t) {
    const std::string text = token_text(tree, t);
    if (!started) {
      started = text == "for";
      continue;
    }
    if (text == "in") break;
    if (tree.tokens()[t].kind() == TokenKind::Ident || text == ",") out += text;
  }
  return out;
}

std::string template_parts(const SyntaxTree& tree, NodeId id) {
  const Node& n = tree.node(id);
  const std::vector<NodeId> kids = tree.children(id);
  std::string out;
  size_t next_child = 0;
  for (uint32_t t = n.first_token; t < n.end_token || next_child < kids.size();) {
    if (next_child < kids.size() &&
        (tree.node(kids[next_child]).first_token <= t || t >= n.end_token)) {
      out += " " + sexpr(tree, kids[next_child]);
      t = std::max(t, tree.node(kids[next_child]).end_token);
      ++next_child;
      continue;
    }
    switch (tree.tokens()[t].kind()) {
      case TokenKind::QuotedLit:
      case TokenKind::StringLit:
        out += " \"" + escape_text(tree.token_text(t)) + "\"";
        break;
      default:
        break;  // quotes, markers and the sequence punctuation carry no content
    }
    ++t;
  }
  return out;
}

}  // namespace

std::unique_ptr<SyntaxTree> parse(std::string_view text) {
  return parse_config(std::string(text), kFileName);
}

std::string validate_tree(const SyntaxTree& tree) {
  const TokenList tokens = tree.tokens();
  const NodeList nodes = tree.nodes();
  const std::string& text = tree.text();
  const auto size = static_cast<uint32_t>(text.size());

  if (tokens.empty()) return "no tokens";
  const Token& eof = tokens.back();
  if (eof.kind() != TokenKind::Eof || eof.start() != size || eof.end() != size)
    return "the last token is not a zero-length Eof at the end of the text";
  uint32_t cursor = 0;
  for (uint32_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (t.kind() == TokenKind::Eof && i + 1 != tokens.size())
      return "Eof token before the end, at token " + std::to_string(i);
    if (t.kind() != TokenKind::Eof && t.start() >= t.end())
      return "empty token " + std::to_string(i);
    if (t.start() < cursor) return "token " + std::to_string(i) + " overlaps the one before";
    for (uint32_t b = cursor; b < t.start(); ++b)
      if (text[b] != ' ' && text[b] != '\t')
        return "byte " + std::to_string(b) + " lies in no token and is not a space or tab";
    cursor = t.end();
  }

  if (nodes.empty()) return "no nodes";
  const NodeId root = tree.root();
  const Node& r = nodes[root];
  if (r.kind != NodeKind::Body || r.first_token != 0 || r.end_token != tokens.size() ||
      r.first_descendant != 0)
    return "the root is not a Body over every token and node";

  for (NodeId id = 0; id < nodes.size(); ++id) {
    const Node& n = nodes[id];
    const std::string where = std::string(node_kind_name(n.kind)) + " node " + std::to_string(id);
    if (n.first_descendant > id) return where + ": first_descendant after itself";
    if (n.first_token > n.end_token || n.end_token > tokens.size())
      return where + ": bad token range";
    // Children, last to first: each child's subtree ends right before the next one starts.
    std::vector<NodeId> kids;
    for (NodeId child = id; child > n.first_descendant;) {
      --child;
      if (nodes[child].first_descendant < n.first_descendant)
        return where + ": child " + std::to_string(child) + " reaches outside the subtree";
      kids.push_back(child);
      child = nodes[child].first_descendant;
    }
    std::reverse(kids.begin(), kids.end());
    if (!arity_ok(n.kind, kids.size()))
      return where + ": " + std::to_string(kids.size()) + " children";
    for (size_t k = 0; k < kids.size(); ++k) {
      const Node& c = nodes[kids[k]];
      if (c.first_token < n.first_token || c.end_token > n.end_token)
        return where + ": child " + std::to_string(kids[k]) + " lies outside its tokens";
      if (k > 0 && nodes[kids[k - 1]].end_token > c.first_token)
        return where + ": children " + std::to_string(kids[k - 1]) + " and " +
               std::to_string(kids[k]) + " overlap or are out of order";
      const bool fits = n.kind == NodeKind::Body
                            ? c.kind == NodeKind::Attribute || c.kind == NodeKind::Block
                        : n.kind == NodeKind::Block     ? c.kind == NodeKind::Body
                        : n.kind == NodeKind::Attribute ? is_expression(c.kind)
                                                        : c.kind != NodeKind::Body;
      if (!fits) return where + ": unexpected " + node_kind_name(c.kind) + " child";
    }
  }

  for (const base::Diagnostic& d : tree.diagnostics()) {
    if (d.subject.start > d.subject.end || d.subject.end > size)
      return "diagnostic \"" + d.summary + "\" has subject " + range_text(d.subject);
    if (d.context && (d.context->start > d.context->end || d.context->end > size))
      return "diagnostic \"" + d.summary + "\" has context " + range_text(*d.context);
    if (d.summary.empty() || d.detail.empty()) return "diagnostic without summary or detail";
  }
  return "";
}

std::string golden_text(const SyntaxTree& tree) {
  std::string out = dump_tree(tree);
  out += "-- diagnostics --\n";
  if (tree.diagnostics().empty()) out += "(none)\n";
  for (const base::Diagnostic& d : tree.diagnostics()) {
    const base::Position from = tree.lines().position(d.subject.start);
    const base::Position to = tree.lines().position(d.subject.end);
    out += d.severity == base::Severity::Error ? "error " : "warning ";
    out += range_text(d.subject) + " (" + std::to_string(from.line) + ":" +
           std::to_string(from.column) + "-" + std::to_string(to.line) + ":" +
           std::to_string(to.column) + ") " + d.summary + "\n";
    std::istringstream detail(d.detail);
    for (std::string line; std::getline(detail, line);) out += "  " + line + "\n";
    if (d.context) out += "  context " + range_text(*d.context) + "\n";
  }
  return out;
}

std::vector<std::string> diagnostic_lines(const SyntaxTree& tree) {
  std::vector<std::string> out;
  for (const base::Diagnostic& d : tree.diagnostics())
    out.push_back(d.summary + " @" + range_text(d.subject));
  return out;
}

std::string sexpr(const SyntaxTree& tree, NodeId id) {
  const Node& n = tree.node(id);
  const std::string_view source = tree.range(id).slice(tree.text());
  switch (n.kind) {
    case NodeKind::Literal:
    case NodeKind::ScopeTraversal:
      return compact(source);
    case NodeKind::Invalid:
      return "(invalid)";
    case NodeKind::SplatItem:
      return compact(source);
    case NodeKind::RelativeTraversal: {
      const NodeId inner = tree.children(id).front();
      const uint32_t steps_from = tree.range(inner).end;
      const base::ByteRange whole = tree.range(id);
      return "(rel " + sexpr(tree, inner) + " " +
             compact(std::string_view(tree.text()).substr(steps_from, whole.end - steps_from)) +
             ")";
    }
    case NodeKind::Index:
      return "(index" + sexpr_children(tree, id) + ")";
    case NodeKind::Splat:
      return std::string(n.flags & NodeFlags::kAttributeOnlySplat ? "(splat." : "(splat[]") +
             sexpr_children(tree, id) + ")";
    case NodeKind::FunctionCall: {
      std::string name;
      for (uint32_t t = n.first_token; t < n.end_token; ++t) {
        if (tree.tokens()[t].kind() == TokenKind::OParen) break;
        name += token_text(tree, t);
      }
      return "(call " + name + sexpr_children(tree, id) +
             (n.flags & NodeFlags::kExpandFinal ? " ..." : "") + ")";
    }
    case NodeKind::Parenthesis:
      return "(paren" + sexpr_children(tree, id) + ")";
    case NodeKind::UnaryOp:
    case NodeKind::BinaryOp:
      return std::string("(") + operator_symbol(n.op) + sexpr_children(tree, id) + ")";
    case NodeKind::Conditional:
      return "(?" + sexpr_children(tree, id) + ")";
    case NodeKind::Tuple:
      return "(tuple" + sexpr_children(tree, id) + ")";
    case NodeKind::Object: {
      std::string out = "(object";
      const std::vector<NodeId> kids = tree.children(id);
      for (size_t k = 0; k + 1 < kids.size(); k += 2)
        out += " " + sexpr(tree, kids[k]) + "=" + sexpr(tree, kids[k + 1]);
      return out + ")";
    }
    case NodeKind::For: {
      const std::vector<NodeId> kids = tree.children(id);
      std::string out = n.flags & NodeFlags::kForObject ? "(for{} " : "(for[] ";
      out += for_variables(tree, id) + " " + sexpr(tree, kids[0]) + " :";
      size_t k = 1;
      if (n.flags & NodeFlags::kForHasKey) out += " " + sexpr(tree, kids[k++]) + " =>";
      if (k < kids.size()) out += " " + sexpr(tree, kids[k++]);
      if (n.flags & NodeFlags::kForGrouped) out += " ...";
      if (n.flags & NodeFlags::kForHasCondition && k < kids.size())
        out += " if " + sexpr(tree, kids[k++]);
      return out + ")";
    }
    case NodeKind::Template:
      return "(template" + template_parts(tree, id) + ")";
    case NodeKind::Heredoc:
      return "(heredoc" + template_parts(tree, id) + ")";
    case NodeKind::Interpolation:
      return "${" + sexpr(tree, tree.children(id).front()) + "}";
    case NodeKind::TemplateIf:
      return "(if" + template_parts(tree, id) + ")";
    case NodeKind::TemplateFor:
      return "(for" + template_parts(tree, id) + ")";
    case NodeKind::IfDirective:
      return "%{if " + sexpr(tree, tree.children(id).front()) + "}";
    case NodeKind::ForDirective: {
      std::string vars;
      for (uint32_t t = n.first_token + 2; t < n.end_token; ++t) {
        const std::string text = token_text(tree, t);
        if (text == "in") break;
        vars += text;
      }
      return "%{for " + vars + " in " + sexpr(tree, tree.children(id).front()) + "}";
    }
    case NodeKind::ElseDirective:
      return "%{else}";
    case NodeKind::EndDirective: {
      for (uint32_t t = n.first_token; t < n.end_token; ++t)
        if (tree.tokens()[t].kind() == TokenKind::Ident) return "%{" + token_text(tree, t) + "}";
      return "%{end?}";
    }
    case NodeKind::Attribute: {
      const std::vector<NodeId> kids = tree.children(id);
      return token_text(tree, n.first_token) + "=" +
             (kids.empty() ? std::string("<none>") : sexpr(tree, kids.front()));
    }
    case NodeKind::Block: {
      std::string out = "(block";
      const std::vector<NodeId> kids = tree.children(id);
      const uint32_t header_end = kids.empty() ? n.end_token : tree.node(kids.front()).first_token;
      for (uint32_t t = n.first_token; t < header_end; ++t) {
        const TokenKind kind = tree.tokens()[t].kind();
        if (kind == TokenKind::Ident) out += " " + token_text(tree, t);
        if (kind == TokenKind::QuotedLit) out += " \"" + token_text(tree, t) + "\"";
        if (kind == TokenKind::OQuote && tree.tokens()[t + 1].kind() == TokenKind::CQuote)
          out += " \"\"";
      }
      return out + (kids.empty() ? "" : " " + sexpr(tree, kids.front())) + ")";
    }
    case NodeKind::Body: {
      std::string out = "{";
      const std::vector<NodeId> kids = tree.children(id);
      for (size_t k = 0; k < kids.size(); ++k) out += (k ? "; " : "") + sexpr(tree, kids[k]);
      return out + "}";
    }
  }
  return "?";
}

std::string first_value_sexpr(const SyntaxTree& tree) {
  const std::vector<NodeId> items = tree.children(tree.root());
  if (items.empty() || tree.node(items.front()).kind != NodeKind::Attribute)
    return "<no attribute>";
  const std::vector<NodeId> value = tree.children(items.front());
  if (value.empty()) return "<no value>";
  return sexpr(tree, value.front());
}

std::vector<std::string_view> item_texts(const SyntaxTree& tree) {
  std::vector<std::pair<uint32_t, std::string_view>> found;
  for (NodeId id = 0; id < tree.nodes().size(); ++id) {
    const NodeKind kind = tree.node(id).kind;
    if (kind != NodeKind::Attribute && kind != NodeKind::Block) continue;
    const base::ByteRange r = tree.range(id);
    found.emplace_back(r.start, r.slice(tree.text()));
  }
  std::stable_sort(found.begin(), found.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string_view> out;
  for (const auto& [start, text] : found) out.push_back(text);
  return out;
}

std::string escape_text(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x20 || c == 0x7F) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", c);
      out += buf;
    } else if (c >= 0x80) {
      size_t length;
      if (base::decode_utf8(text, i, length) == base::kInvalidCodePoint) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\x%02X", c);
        out += buf;
      } else {
        out.append(text.substr(i, length));
        i += length;
        continue;
      }
    } else {
      out += static_cast<char>(c);
    }
    ++i;
  }
  return out;
}

std::string render_tokens(std::string_view text) {
  std::string out;
  for (const Token& t : lex(text)) {
    if (!out.empty()) out += ' ';
    out += token_kind_name(t.kind());
    out += '(' + escape_text(t.text(text)) + ')';
  }
  return out;
}

std::string tree_difference(const SyntaxTree& a, const SyntaxTree& b) {
  if (a.text() != b.text()) return "text";
  if (a.tokens() != b.tokens()) return "tokens";
  if (a.nodes() != b.nodes()) return "nodes";
  for (NodeId id = 0; id < a.node_count(); ++id)
    if (a.range(id) != b.range(id)) return "range of node " + std::to_string(id);
  if (a.diagnostics() != b.diagnostics()) return "diagnostics";
  if (a.lexical_diagnostic_count() != b.lexical_diagnostic_count())
    return "lexical diagnostic count";
  return "";
}

std::string fixtures_dir() {
  return std::string(HCLSPEC_FIXTURES_DIR) + "/syntax";
}

std::vector<std::filesystem::path> hcl_files_below(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files;
  if (!std::filesystem::is_directory(dir)) return files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir))
    if (entry.is_regular_file() && entry.path().extension() != ".golden")
      files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

void check_shapes(std::initializer_list<ShapeRow> rows) {
  for (const ShapeRow& row : rows) {
    const std::string text = "x = " + row.expression + "\n";
    CAPTURE(text);
    const auto tree = parse(text);
    CHECK(first_value_sexpr(*tree) == row.shape);
    CHECK(diagnostic_lines(*tree) == std::vector<std::string>{});
    CHECK(validate_tree(*tree) == "");
    CHECK(print_tree(*tree) == text);
  }
}

}  // namespace hclspec::syntax::testing
