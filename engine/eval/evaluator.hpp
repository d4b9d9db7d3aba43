// The evaluator's internals, shared by evaluate.cpp (expressions) and template.cpp.
#pragma once

#include <vector>

#include "eval/evaluate.hpp"
#include "eval/traversal.hpp"

namespace hclspec::eval::detail {

class Evaluator {
 public:
  Evaluator(const syntax::SyntaxTree& tree, base::Diagnostics& diags)
      : tree_(tree), diags_(diags) {}

  types::Value eval(syntax::NodeId id, const Scope* scope);

 private:
  friend class TemplateEvaluator;

  syntax::Node node(syntax::NodeId id) const { return tree_.node(id); }
  syntax::ChildIds children(syntax::NodeId id) const {
    syntax::ChildIds kids;
    tree_.children(id, kids);
    return kids;
  }
  base::ByteRange range(syntax::NodeId id) const { return expression_range(tree_, id); }
  void error(const char* summary, std::string detail, base::ByteRange subject);
  void error(const char* summary, std::string detail, base::ByteRange subject,
             base::ByteRange context);
  // Takes an iteration per element of `collection` from the scope's budget; false, after an
  // error, when the budget has not that many left.
  bool take_iterations(const types::Value& collection, const Scope* scope, base::ByteRange subject,
                       base::ByteRange context);

  types::Value literal(syntax::NodeId id);
  types::Value scope_traversal(syntax::NodeId id, const Scope* scope);
  types::Value function_call(syntax::NodeId id, const Scope* scope);
  types::Value unary(syntax::NodeId id, const Scope* scope);
  types::Value binary(syntax::NodeId id, const Scope* scope);
  types::Value conditional(syntax::NodeId id, const Scope* scope);
  types::Value object(syntax::NodeId id, const Scope* scope);
  types::Value object_key(syntax::NodeId key, const Scope* scope, size_t& errors);
  types::Value for_expression(syntax::NodeId id, const Scope* scope);
  types::Value splat(syntax::NodeId id, const Scope* scope);
  types::Value splat_result_type(syntax::NodeId each, syntax::NodeId item,
                                 const types::Type& source, const Scope* scope);
  types::Value index(syntax::NodeId id, const Scope* scope);
  types::Value template_expression(syntax::NodeId id, const Scope* scope);  // template.cpp

  const syntax::SyntaxTree& tree_;
  base::Diagnostics& diags_;
  // The values splat items stand for while a splat's "each" is evaluated, innermost last.
  std::vector<std::pair<syntax::NodeId, types::Value>> splat_items_;
  int depth_ = 0;
};

}  // namespace hclspec::eval::detail
