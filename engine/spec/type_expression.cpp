// Type expressions, following hcl's ext/typeexpr getType and its messages.
#include "spec/type_expression.hpp"

namespace hclspec::spec {

using syntax::NodeId;
using syntax::NodeKind;
using syntax::TokenKind;
using types::Type;

namespace {

constexpr const char* kInvalid = "Invalid type specification";

class TypeReader {
 public:
  TypeReader(const syntax::SyntaxTree& tree, base::Diagnostics& diags)
      : tree_(tree), diags_(diags) {}

  Type read(NodeId id) {
    const std::string keyword = as_keyword(id);
    if (keyword == "bool") return Type::boolean();
    if (keyword == "string") return Type::string();
    if (keyword == "number") return Type::number();
    if (keyword == "any") return Type::dynamic();
    if (keyword == "list" || keyword == "map" || keyword == "set")
      return fail("The " + keyword +
                      " type constructor requires one argument specifying the "
                      "element type.",
                  tree_.range(id));
    if (keyword == "object")
      return fail(
          "The object type constructor requires one argument specifying the attribute "
          "types as a map.",
          tree_.range(id));
    if (keyword == "tuple")
      return fail(
          "The tuple type constructor requires one argument specifying the element "
          "types as a list.",
          tree_.range(id));
    if (!keyword.empty())
      return fail("The keyword \"" + keyword + "\" is not a valid type specification.",
                  tree_.range(id));

    const syntax::Node& n = tree_.node(id);
    if (n.kind != NodeKind::FunctionCall)
      return fail(
          "A type specification is either a primitive type keyword (bool, number, "
          "string) or a complex type constructor call, like list(string).",
          tree_.range(id));
    const std::string name(tree_.token_text(n.first_token));
    const std::vector<NodeId> args = tree_.children(id);
    uint32_t open = n.first_token;
    while (open < n.end_token && tree_.tokens()[open].kind() != TokenKind::OParen) ++open;
    const base::ByteRange args_range{tree_.tokens()[open].start(), tree_.range(id).end};
    if (name == "bool" || name == "string" || name == "number" || name == "any")
      return fail("Primitive type keyword \"" + name + "\" does not expect arguments.", args_range);
    if (args.size() != 1) {
      base::ByteRange subject = args_range;
      if (args.size() > 1)
        subject = base::range_between(tree_.range(args[1]), tree_.range(args.back()));
      std::string detail;
      if (name == "list" || name == "set" || name == "map")
        detail =
            "The " + name + " type constructor requires one argument specifying the element type.";
      else if (name == "object")
        detail =
            "The object type constructor requires one argument specifying the attribute types as a "
            "map.";
      else if (name == "tuple")
        detail =
            "The tuple type constructor requires one argument specifying the element types as a "
            "list.";
      if (!detail.empty()) {
        diags_.push_back({base::Severity::Error, kInvalid, detail, subject, args_range});
        return Type::dynamic();
      }
    }
    if (name == "list") return Type::list(read(args[0]));
    if (name == "set") return Type::set(read(args[0]));
    if (name == "map") return Type::map(read(args[0]));
    if (name == "object") {
      if (tree_.node(args[0]).kind != NodeKind::Object) {
        diags_.push_back({base::Severity::Error, kInvalid,
                          "Object type constructor requires a map whose keys are attribute names "
                          "and whose values are the corresponding attribute types.",
                          tree_.range(args[0]), tree_.range(id)});
        return Type::dynamic();
      }
      std::vector<types::Attribute> attrs;
      const std::vector<NodeId> items = tree_.children(args[0]);
      for (size_t i = 0; i + 1 < items.size(); i += 2) {
        const std::string attr = as_keyword(items[i]);
        if (attr.empty()) {
          diags_.push_back({base::Severity::Error, kInvalid,
                            "Object constructor map keys must be attribute names.",
                            tree_.range(items[i]), tree_.range(id)});
          continue;
        }
        attrs.push_back({attr, read(items[i + 1])});
      }
      return Type::object(std::move(attrs));
    }
    if (name == "tuple") {
      if (tree_.node(args[0]).kind != NodeKind::Tuple) {
        diags_.push_back({base::Severity::Error, kInvalid,
                          "Tuple type constructor requires a list of element types.",
                          tree_.range(args[0]), tree_.range(id)});
        return Type::dynamic();
      }
      std::vector<Type> elems;
      for (NodeId e : tree_.children(args[0])) elems.push_back(read(e));
      return Type::tuple(std::move(elems));
    }
    return fail("Keyword \"" + name + "\" is not a valid type constructor.", tree_.range(id));
  }

 private:
  // hcl.ExprAsKeyword: the name of a lone variable reference (or true/false/null).
  std::string as_keyword(NodeId id) const {
    const syntax::Node& n = tree_.node(id);
    if (n.kind == NodeKind::ScopeTraversal) {
      for (uint32_t t = n.first_token + 1; t < n.end_token; ++t)
        if (tree_.tokens()[t].kind() != TokenKind::Comment &&
            tree_.tokens()[t].kind() != TokenKind::Newline)
          return "";
      return std::string(tree_.token_text(n.first_token));
    }
    if (n.kind == NodeKind::Literal && tree_.tokens()[n.first_token].kind() == TokenKind::Ident)
      return std::string(tree_.token_text(n.first_token));
    return "";
  }

  Type fail(std::string detail, base::ByteRange subject) {
    diags_.push_back({base::Severity::Error, kInvalid, std::move(detail), subject, std::nullopt});
    return Type::dynamic();
  }

  const syntax::SyntaxTree& tree_;
  base::Diagnostics& diags_;
};

}  // namespace

Type type_from_expression(const syntax::SyntaxTree& tree, NodeId expression,
                          base::Diagnostics& diags) {
  return TypeReader(tree, diags).read(expression);
}

}  // namespace hclspec::spec
