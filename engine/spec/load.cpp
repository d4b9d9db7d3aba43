// The spec file loader (hcldec's cmd/hcldec/spec.go). This first step reads `object` and `attr`
// specs; the other spec kinds are reported as not yet supported.
#include "spec/load.hpp"

#include "eval/evaluate.hpp"
#include "eval/stdlib.hpp"
#include "spec/type_expression.hpp"
#include "syntax/string_literal.hpp"

namespace hclspec::spec {

using syntax::NodeId;
using syntax::NodeKind;
using syntax::TokenKind;

namespace {

class Loader {
 public:
  Loader(const syntax::SyntaxTree& tree, base::Diagnostics& diags) : tree_(tree), diags_(diags) {}

  SpecFile run() {
    SpecFile file;
    std::vector<NodeId> roots;
    for (NodeId item : tree_.children(tree_.root())) {
      const syntax::Node& n = tree_.node(item);
      if (n.kind == NodeKind::Attribute) {
        error("Unsupported argument",
              "An argument named \"" + std::string(tree_.token_text(n.first_token)) +
                  "\" is not expected here.",
              tree_.tokens()[n.first_token].range());
        continue;
      }
      roots.push_back(item);
    }
    if (roots.empty()) {
      if (!base::has_errors(diags_))
        error("Missing spec block",
              "A spec file must have exactly one root block specifying how to map to a JSON "
              "value.",
              {0, 0});
      return file;
    }
    if (roots.size() > 1) {
      error("Extraneous spec block",
            "A spec file must have exactly one root block specifying how to map to a JSON value.",
            def_range(roots[1]));
      return file;
    }
    file.root = spec_block(roots[0], "");
    return file;
  }

 private:
  void error(const char* summary, std::string detail, base::ByteRange subject) {
    diags_.push_back({base::Severity::Error, summary, std::move(detail), subject, std::nullopt});
  }

  // A block's type and labels, as hcl's Block.DefRange.
  base::ByteRange def_range(NodeId block) const {
    const syntax::Node& n = tree_.node(block);
    uint32_t end = n.first_token;
    for (uint32_t t = n.first_token; t < n.end_token; ++t) {
      const TokenKind k = tree_.tokens()[t].kind();
      if (k == TokenKind::OBrace) break;
      if (k != TokenKind::Comment && k != TokenKind::Newline) end = t;
    }
    return {tree_.tokens()[n.first_token].start(), tree_.tokens()[end].end()};
  }

  std::vector<std::string> labels(NodeId block) const {
    std::vector<std::string> out;
    const syntax::Node& n = tree_.node(block);
    std::string current;
    bool in_quote = false;
    base::Diagnostics ignored;
    for (uint32_t t = n.first_token + 1; t < n.end_token; ++t) {
      const syntax::Token& tok = tree_.tokens()[t];
      if (tok.kind() == TokenKind::OBrace && !in_quote) break;
      if (tok.kind() == TokenKind::OQuote) {
        in_quote = true;
        current.clear();
      } else if (tok.kind() == TokenKind::CQuote) {
        in_quote = false;
        out.push_back(current);
      } else if (tok.kind() == TokenKind::QuotedLit && in_quote) {
        syntax::decode_string_literal(tree_.token_text(t), tok.start(), true, current, ignored);
      } else if (tok.kind() == TokenKind::Ident && !in_quote) {
        out.emplace_back(tree_.token_text(t));
      }
    }
    return out;
  }

  NodeId body_of(NodeId block) const {
    const std::vector<NodeId> kids = tree_.children(block);
    return kids.empty() ? 0 : kids[0];
  }

  SpecPtr spec_block(NodeId block, const std::string& default_name) {
    const std::string type(tree_.token_text(tree_.node(block).first_token));
    auto spec = std::make_shared<Spec>();
    spec->range = def_range(block);
    const NodeId body = body_of(block);
    if (type == "object") {
      ObjectSpec object;
      if (body != 0)
        for (NodeId item : tree_.children(body)) {
          if (tree_.node(item).kind != NodeKind::Block) {
            error("Unsupported argument",
                  "An argument named \"" +
                      std::string(tree_.token_text(tree_.node(item).first_token)) +
                      "\" is not expected here.",
                  tree_.tokens()[tree_.node(item).first_token].range());
            continue;
          }
          const std::vector<std::string> names = labels(item);
          if (names.size() != 1) {
            error("Missing property name",
                  "Nested spec blocks inside an object must have a single label giving the "
                  "property name.",
                  def_range(item));
            continue;
          }
          if (SpecPtr nested = spec_block(item, names[0]))
            object.properties.emplace_back(names[0], std::move(nested));
        }
      spec->kind = std::move(object);
      return spec;
    }
    if (type == "attr") {
      AttrSpec attr;
      attr.name = default_name;
      if (body != 0)
        for (NodeId item : tree_.children(body)) {
          const syntax::Node& n = tree_.node(item);
          const std::string name(tree_.token_text(n.first_token));
          if (n.kind != NodeKind::Attribute) {
            error("Unsupported block type",
                  "Blocks of type \"" + name + "\" are not expected here.",
                  tree_.tokens()[n.first_token].range());
            continue;
          }
          const NodeId value = item - 1;
          if (name == "type") {
            attr.type = type_from_expression(tree_, value, diags_);
          } else if (name == "name" || name == "required") {
            const types::Value v = eval::evaluate(tree_, value, nullptr, diags_);
            if (name == "name" && v.type().kind() == types::TypeKind::String && v.is_known() &&
                !v.is_null())
              attr.name = v.as_string();
            if (name == "required" && v.type().kind() == types::TypeKind::Bool && v.is_known() &&
                !v.is_null())
              attr.required = v.as_bool();
          } else {
            error("Unsupported argument",
                  "An argument named \"" + name + "\" is not expected here.",
                  tree_.tokens()[n.first_token].range());
          }
        }
      spec->kind = std::move(attr);
      return spec;
    }
    if (type == "literal") {
      LiteralSpec literal;
      bool has_value = false;
      if (body != 0)
        for (NodeId item : tree_.children(body)) {
          const syntax::Node& n = tree_.node(item);
          const std::string name(tree_.token_text(n.first_token));
          if (n.kind == NodeKind::Attribute && name == "value") {
            // Spec expressions may call the spec definition functions.
            const eval::Scope functions{nullptr, &eval::spec_definition_functions(), nullptr};
            literal.value = eval::evaluate(tree_, item - 1, &functions, diags_);
            has_value = true;
          } else {
            error("Unsupported argument",
                  "An argument named \"" + name + "\" is not expected here.",
                  tree_.tokens()[n.first_token].range());
          }
        }
      if (!has_value)
        error("Missing required argument",
              "The argument \"value\" is required, but no definition was found.",
              {tree_.range(body).start, tree_.range(body).start});
      spec->kind = std::move(literal);
      return spec;
    }
    error("Unsupported spec block",
          "Spec blocks of type \"" + type +
              "\" are not supported yet; this version reads "
              "object, attr and literal specs.",
          tree_.tokens()[tree_.node(block).first_token].range());
    return nullptr;
  }

  const syntax::SyntaxTree& tree_;
  base::Diagnostics& diags_;
};

}  // namespace

SpecFile load_spec(const syntax::SyntaxTree& tree, base::Diagnostics& diags) {
  return Loader(tree, diags).run();
}

}  // namespace hclspec::spec
