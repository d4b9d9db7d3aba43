// User functions: bind the arguments, evaluate the result expression, report as hcl does.
#include "eval/user_function.hpp"

#include "eval/evaluate.hpp"

namespace hclspec::eval {

using types::Type;
using types::Value;

namespace {

// hcl's Diagnostics.Error(): the first diagnostic as "range: summary; detail", and how many
// more there were.
std::string diagnostics_text(const syntax::SyntaxTree& tree, const base::Diagnostics& diags) {
  const base::Diagnostic& first = diags.front();
  std::string text =
      base::format_range(tree, first.subject) + ": " + first.summary + "; " + first.detail;
  if (diags.size() > 1)
    text += ", and " + std::to_string(diags.size() - 1) + " other diagnostic(s)";
  return text;
}

}  // namespace

Function make_user_function(std::shared_ptr<const syntax::SyntaxTree> tree,
                            std::vector<std::string> params, std::optional<std::string> variadic,
                            syntax::NodeId result, const Scope* base) {
  Function f;
  for (const std::string& name : params) f.params.push_back({name, Type::dynamic()});
  if (variadic) f.variadic = Parameter{*variadic, Type::dynamic()};
  const auto run = [tree, params, variadic, result,
                    base](const std::vector<Value>& args) -> CallResult {
    Variables bindings;
    for (size_t i = 0; i < params.size() && i < args.size(); ++i) bindings[params[i]] = args[i];
    if (variadic) {
      std::vector<Value> rest;
      for (size_t i = params.size(); i < args.size(); ++i) rest.push_back(args[i]);
      bindings[*variadic] = Value::tuple(std::move(rest));
    }
    const Scope scope{&bindings, nullptr, base};
    base::Diagnostics diags;
    const Value value = evaluate(*tree, result, &scope, diags);
    if (base::has_errors(diags)) return CallResult::failure(diagnostics_text(*tree, diags));
    return CallResult::success(value);
  };
  // The result type is the type of the result for these arguments, as userfunc computes it.
  f.return_type = [run](const std::vector<Value>& args) -> CallResult {
    CallResult r = run(args);
    if (r.ok()) r.value = Value::null(r.value.type());
    return r;
  };
  f.impl = [run](const std::vector<Value>& args, const Type&) { return run(args); };
  return f;
}

}  // namespace hclspec::eval
