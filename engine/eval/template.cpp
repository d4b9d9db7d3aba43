// Template evaluation: literals with strip markers and heredoc flushing, interpolations,
// if and for directives, as hclsyntax's template parser and TemplateExpr/TemplateJoinExpr do.
#include <algorithm>

#include "base/icu.hpp"
#include "base/unicode.hpp"
#include "eval/evaluator.hpp"
#include "syntax/string_literal.hpp"
#include "types/convert.hpp"
#include "types/text.hpp"

namespace hclspec::eval::detail {

using syntax::NodeId;
using syntax::NodeKind;
using syntax::TokenKind;
using types::Type;
using types::Value;

namespace {

enum class PartKind { Literal, Interpolation, If, Else, EndIf, For, EndFor };

struct Part {
  PartKind kind;
  std::string text;           // Literal: the decoded text
  NodeId node = 0;            // the directive or interpolation node
  bool strip_before = false;  // opened with "${~" or "%{~"
  bool strip_after = false;   // closed with "~}"
  base::ByteRange range;
};

// Unicode's White_Space, which the strip markers remove.
bool is_space(uint32_t c) {
  if (c < 0x80) return c == ' ' || (c >= '\t' && c <= '\r');
  return base::icu::is_white_space(static_cast<UChar32>(c));
}

// Whether `length` bytes at `pos` are a valid UTF-8 sequence of a White_Space character.
bool is_space_at(std::string_view s, size_t pos, size_t& length) {
  const uint32_t c = base::decode_rune(s, pos, length);
  return !(c == 0xFFFD && length == 1) && is_space(c);  // a broken byte stops the strip
}

void trim_left(std::string& s) {
  size_t i = 0, length = 0;
  while (i < s.size() && is_space_at(s, i, length)) i += length;
  s.erase(0, i);
}

void trim_right(std::string& s) {
  size_t end = s.size();
  while (end > 0) {
    // The character ending at `end` starts at most three continuation bytes before it.
    size_t start = end - 1;
    while (start > 0 && end - start < 4 && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80)
      --start;
    size_t length = 0;
    if (!is_space_at(s, start, length) || start + length != end) break;
    end = start;
  }
  s.erase(end);
}

}  // namespace

class TemplateEvaluator {
 public:
  TemplateEvaluator(Evaluator& ev, const Scope* scope) : ev_(ev), tree_(ev.tree_), scope_(scope) {}

  Value run(NodeId id) {
    const syntax::Node& n = tree_.node(id);
    const bool quoted = n.kind == NodeKind::Template;
    // A quoted template of literal text only (most strings) has no markers to strip: its value
    // is its decoded literals.
    if (quoted && n.first_descendant == id) return literal_text(n);
    collect(id, quoted);
    apply_strip_markers();
    if (!quoted && tree_.token_text(n.first_token).substr(0, 3) == "<<-") flush_heredoc();
    meld_literals();
    template_range_ = tree_.range(id);
    if (parts_.size() == 1 && parts_[0].kind == PartKind::Interpolation)
      return ev_.eval(parts_[0].node - 1, scope_);  // a lone interpolation passes its value
    size_t i = 0;
    return sequence(i, {}, scope_);
  }

 private:
  // Whether token `t` is literal text, and if so appends it to `out`, escapes decoded (their
  // errors were reported when the file was parsed).
  bool append_literal(uint32_t t, std::string& out) const {
    const syntax::Token& tok = tree_.tokens()[t];
    if (tok.kind() != TokenKind::QuotedLit && tok.kind() != TokenKind::StringLit) return false;
    base::Diagnostics ignored;
    syntax::decode_string_literal(tree_.token_text(t), tok.start(),
                                  tok.kind() == TokenKind::QuotedLit, out, ignored);
    return true;
  }

  Value literal_text(const syntax::Node& n) const {
    std::string text;
    for (uint32_t t = n.first_token; t < n.end_token; ++t) append_literal(t, text);
    return Value::owned_string(std::move(text));
  }

  // Flattens the template's tokens and directive nodes into parts, in source order.
  void collect(NodeId id, bool quoted) {
    const syntax::Node& n = tree_.node(id);
    syntax::ChildIds kids;
    tree_.children(id, kids);
    size_t next_kid = 0;
    for (uint32_t t = n.first_token; t < n.end_token;) {
      if (next_kid < kids.size() && tree_.node(kids[next_kid]).first_token <= t) {
        part_for(kids[next_kid], quoted);
        t = std::max(t, tree_.node(kids[next_kid]).end_token);
        ++next_kid;
        continue;
      }
      Part p{PartKind::Literal, {}, 0, false, false, tree_.tokens()[t].range()};
      if (append_literal(t, p.text)) parts_.push_back(std::move(p));
      ++t;
    }
    for (; next_kid < kids.size(); ++next_kid) part_for(kids[next_kid], quoted);
  }

  void part_for(NodeId kid, bool quoted) {
    const syntax::Node& k = tree_.node(kid);
    if (k.kind == NodeKind::TemplateIf || k.kind == NodeKind::TemplateFor) {
      collect(kid, quoted);
      return;
    }
    PartKind kind;
    switch (k.kind) {
      case NodeKind::Interpolation:
        kind = PartKind::Interpolation;
        break;
      case NodeKind::IfDirective:
        kind = PartKind::If;
        break;
      case NodeKind::ForDirective:
        kind = PartKind::For;
        break;
      case NodeKind::ElseDirective:
        kind = PartKind::Else;
        break;
      case NodeKind::EndDirective: {
        uint32_t t = k.first_token + 1;
        while (t < k.end_token && tree_.tokens()[t].kind() != TokenKind::Ident) ++t;
        kind =
            t < k.end_token && tree_.token_text(t) == "endfor" ? PartKind::EndFor : PartKind::EndIf;
        break;
      }
      default:
        return;
    }
    const std::string_view open = tree_.token_text(k.first_token);
    const std::string_view close = tree_.token_text(k.end_token - 1);
    parts_.push_back({kind,
                      {},
                      kid,
                      open.size() == 3 && open[2] == '~',
                      tree_.tokens()[k.end_token - 1].kind() == TokenKind::TemplateSeqEnd &&
                          close.size() == 2 && close[0] == '~',
                      tree_.range(kid)});
  }

  void apply_strip_markers() {
    bool ltrim_next = false, next_can_trim_prev = false;
    for (size_t i = 0; i < parts_.size(); ++i) {
      const bool ltrim = ltrim_next;
      const bool can_trim_prev = next_can_trim_prev;
      ltrim_next = next_can_trim_prev = false;
      Part& p = parts_[i];
      if (p.kind == PartKind::Literal) {
        if (ltrim) trim_left(p.text);
        next_can_trim_prev = true;
        continue;
      }
      if (p.strip_before && can_trim_prev && i > 0 && parts_[i - 1].kind == PartKind::Literal)
        trim_right(parts_[i - 1].text);
      if (p.strip_after) ltrim_next = true;
    }
  }

  // "<<-": the least indentation of the lines' leading literals, removed from each of them.
  void flush_heredoc() {
    size_t min_spaces = SIZE_MAX;
    bool newline = true;
    std::vector<std::pair<size_t, size_t>> adjust;  // part index, leading space bytes
    for (size_t i = 0; i < parts_.size(); ++i) {
      Part& p = parts_[i];
      if (newline) {
        newline = false;
        size_t spaces = 0;
        if (p.kind == PartKind::Literal) {
          std::string trimmed = p.text;
          trim_left(trimmed);
          if (trimmed.empty() && !p.text.empty() && p.text.back() == '\n') {
            spaces = SIZE_MAX;  // a blank line does not count
          } else {
            const size_t space_bytes = p.text.size() - trimmed.size();
            spaces = types::grapheme_count(std::string_view(p.text).substr(0, space_bytes));
            adjust.emplace_back(i, spaces);
          }
        }
        min_spaces = std::min(min_spaces, spaces);
      }
      if (p.kind == PartKind::Literal && !p.text.empty() && p.text.back() == '\n') newline = true;
    }
    if (min_spaces == SIZE_MAX) return;
    for (const auto& [index, spaces] : adjust) {
      std::string& text = parts_[index].text;
      const std::string rest = types::grapheme_substr(text, min_spaces, SIZE_MAX);
      text = rest;
    }
  }

  void meld_literals() {
    // Most templates have no neighbouring literals: nothing to rebuild then.
    bool any = false;
    for (size_t i = 1; i < parts_.size() && !any; ++i)
      any = parts_[i].kind == PartKind::Literal && parts_[i - 1].kind == PartKind::Literal;
    if (!any) return;
    std::vector<Part> melded;
    for (Part& p : parts_) {
      if (p.kind == PartKind::Literal && !melded.empty() &&
          melded.back().kind == PartKind::Literal) {
        melded.back().text += p.text;
        melded.back().range.end = p.range.end;
        continue;
      }
      melded.push_back(std::move(p));
    }
    parts_ = std::move(melded);
  }

  // One evaluated piece of a template and where it came from, for messages.
  struct Piece {
    Value value;
    base::ByteRange range;
    // A literal part's text, joined as it is (the joined string is normalized as a whole,
    // which is the same as normalizing the pieces first).
    const std::string* literal = nullptr;
  };

  // Evaluates parts from `i` until one of `stops` (not consumed) or the end, as a TemplateExpr.
  Value sequence(size_t& i, std::initializer_list<PartKind> stops, const Scope* scope) {
    std::vector<Piece> pieces;
    pieces.reserve(parts_.size() - i);
    const size_t first = i;
    while (i < parts_.size()) {
      const Part& p = parts_[i];
      if (std::find(stops.begin(), stops.end(), p.kind) != stops.end()) break;
      switch (p.kind) {
        case PartKind::Literal:
          pieces.push_back({Value(), p.range, &p.text});
          ++i;
          break;
        case PartKind::Interpolation:
          // The piece is the interpolated expression itself, as in hclsyntax's TemplateExpr.
          pieces.push_back({ev_.eval(p.node - 1, scope), ev_.range(p.node - 1)});
          ++i;
          break;
        case PartKind::If:
          pieces.push_back(if_directive(i, scope));
          break;
        case PartKind::For:
          pieces.push_back(for_directive(i, scope));
          break;
        default:
          ++i;  // an unbalanced directive: already reported by the parser
      }
    }
    (void)first;
    return join(pieces);
  }

  // TemplateExpr.Value: every piece converted to a string and concatenated.
  Value join(const std::vector<Piece>& pieces) {
    std::string out;
    bool known = true;
    for (const Piece& piece : pieces) {
      if (piece.literal != nullptr) {
        out += *piece.literal;
        continue;
      }
      if (piece.value.is_null()) {
        ev_.error("Invalid template interpolation value",
                  "The expression result is null. Cannot include a null value in a string "
                  "template.",
                  piece.range, template_range_);
        continue;
      }
      if (!piece.value.is_known()) {
        known = false;
        continue;
      }
      if (piece.value.type().kind() == types::TypeKind::String) {
        out += piece.value.as_string();
        continue;
      }
      // What converting a known number to a string gives, without making that string a value.
      if (piece.value.type().kind() == types::TypeKind::Number) {
        out += piece.value.as_number().to_string();
        continue;
      }
      const types::Converted text = types::convert(piece.value, Type::string());
      if (!text.ok()) {
        ev_.error("Invalid template interpolation value",
                  "Cannot include the given value in a string template: " + text.error + ".",
                  piece.range, template_range_);
        continue;
      }
      out += text.value.as_string();
    }
    return known ? Value::owned_string(std::move(out)) : Value::unknown(Type::string());
  }

  Piece if_directive(size_t& i, const Scope* scope) {
    const Part& open = parts_[i++];
    const size_t start = ev_.diags_.size();
    const Value when_true = sequence(i, {PartKind::Else, PartKind::EndIf, PartKind::EndFor}, scope);
    base::Diagnostics true_diags(ev_.diags_.begin() + static_cast<long>(start), ev_.diags_.end());
    ev_.diags_.resize(start);
    Value when_false = Value::string("");
    if (i < parts_.size() && parts_[i].kind == PartKind::Else) {
      ++i;
      when_false = sequence(i, {PartKind::EndIf, PartKind::EndFor, PartKind::Else}, scope);
    }
    base::Diagnostics false_diags(ev_.diags_.begin() + static_cast<long>(start), ev_.diags_.end());
    ev_.diags_.resize(start);
    base::ByteRange whole = open.range;
    if (i < parts_.size()) whole.end = parts_[i++].range.end;
    const NodeId condition_node = open.node - 1;
    const Value condition = ev_.eval(condition_node, scope);
    if (condition.is_null()) {
      ev_.error("Null condition",
                "The condition value is null. Conditions must either be true or false.",
                ev_.range(condition_node), whole);
      return {Value::unknown(Type::string()), whole};
    }
    if (!condition.is_known()) return {Value::unknown(Type::string()), whole};
    const types::Converted as_bool = types::convert(condition, Type::boolean());
    if (!as_bool.ok()) {
      ev_.error("Incorrect condition type", "The condition expression must be of type bool.",
                ev_.range(condition_node), whole);
      return {Value::unknown(Type::string()), whole};
    }
    const base::Diagnostics& chosen = as_bool.value.as_bool() ? true_diags : false_diags;
    ev_.diags_.insert(ev_.diags_.end(), chosen.begin(), chosen.end());
    return {as_bool.value.as_bool() ? when_true : when_false, whole};
  }

  Piece for_directive(size_t& i, const Scope* scope) {
    const Part& open = parts_[i++];
    const size_t body = i;
    // Find where the body ends, to continue after it whatever happens.
    size_t end = body;
    for (int nesting = 0; end < parts_.size(); ++end) {
      const PartKind k = parts_[end].kind;
      if (k == PartKind::If || k == PartKind::For) ++nesting;
      if ((k == PartKind::EndIf || k == PartKind::EndFor) && nesting-- == 0) break;
    }
    base::ByteRange whole = open.range;
    if (end < parts_.size()) whole.end = parts_[end].range.end;
    i = std::min(end + 1, parts_.size());

    const syntax::Node& directive = tree_.node(open.node);
    std::vector<std::string> names;
    for (uint32_t t = directive.first_token + 1; t < directive.end_token; ++t) {
      const TokenKind kind = tree_.tokens()[t].kind();
      if (kind == TokenKind::Comma) continue;
      if (kind != TokenKind::Ident) break;
      const std::string_view text = tree_.token_text(t);
      if (text == "in") break;
      if (text != "for") names.emplace_back(text);
    }
    const NodeId collection_node = open.node - 1;
    const Value collection = ev_.eval(collection_node, scope);
    if (collection.is_null()) {
      ev_.error("Iteration over null value",
                "A null value cannot be used as the collection in a 'for' expression.",
                ev_.range(collection_node), whole);
      return {Value::unknown(Type::string()), whole};
    }
    const Type& t = collection.type();
    if (t.is_dynamic()) return {Value::unknown(Type::string()), whole};
    if (!(t.is_collection() || t.is_tuple() || t.is_object())) {
      ev_.error("Iteration over non-iterable value",
                "A value of type " + t.friendly_name() +
                    " cannot be used as the collection in a 'for' expression.",
                ev_.range(collection_node), whole);
      return {Value::unknown(Type::string()), whole};
    }
    if (!collection.is_known()) return {Value::unknown(Type::string()), whole};
    if (!ev_.take_iterations(collection, scope, ev_.range(collection_node), whole))
      return {Value::unknown(Type::string()), whole};
    Variables bindings;
    const Scope child{&bindings, nullptr, scope};
    std::string out;
    int64_t index = 0;
    const auto one = [&](const Value& key, const Value& value) -> bool {
      bindings.clear();
      if (names.size() >= 2) bindings[names[0]] = key;
      if (!names.empty()) bindings[names.back()] = value;
      size_t j = body;
      const Value text = sequence(j, {PartKind::EndFor, PartKind::EndIf, PartKind::Else}, &child);
      if (!text.is_known()) return false;
      out += text.is_null() ? "" : text.as_string();
      return true;
    };
    bool known = true;
    if (t.is_map() || t.is_object()) {
      for (const auto& [key, value] : collection.entries())
        known = one(Value::string(key), value) && known;
    } else {
      for (const Value& value : collection.elements())
        known = one(t.is_set() ? value : Value::number(index++), value) && known;
    }
    return {known ? Value::owned_string(std::move(out)) : Value::unknown(Type::string()), whole};
  }

  Evaluator& ev_;
  const syntax::SyntaxTree& tree_;
  const Scope* scope_;
  std::vector<Part> parts_;
  base::ByteRange template_range_;
};

Value Evaluator::template_expression(NodeId id, const Scope* scope) {
  return TemplateEvaluator(*this, scope).run(id);
}

}  // namespace hclspec::eval::detail
