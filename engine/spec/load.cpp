// The spec file loader (hcldec's cmd/hcldec/spec.go): `variables` and `function` declarations,
// then the root spec of any kind.
#include "spec/load.hpp"

#include "base/suggest.hpp"
#include "eval/evaluate.hpp"
#include "eval/stdlib.hpp"
#include "eval/user_function.hpp"
#include "spec/description.hpp"
#include "spec/type_expression.hpp"
#include "syntax/block_header.hpp"

namespace hclspec::spec {

using syntax::NodeId;
using syntax::NodeKind;
using syntax::TokenKind;

namespace {

constexpr const char* kNestedSpecDetail =
    "A block spec must have exactly one child spec specifying how to decode block contents.";

class Loader {
 public:
  Loader(std::shared_ptr<const syntax::SyntaxTree> tree, base::Diagnostics& diags)
      : owner_(std::move(tree)), tree_(*owner_), diags_(diags) {}

  SpecFile run() {
    SpecFile file;
    for (NodeId item : tree_.children(tree_.root())) {
      if (tree_.node(item).kind != NodeKind::Block) continue;
      const std::string_view type = tree_.token_text(tree_.node(item).first_token);
      if (type == "function") user_function(item, file.functions, file.function_ranges);
    }
    for (NodeId item : tree_.children(tree_.root())) {
      if (tree_.node(item).kind != NodeKind::Block) continue;
      if (tree_.token_text(tree_.node(item).first_token) == "variables")
        variables_block(item, file.variables, file.variable_ranges);
    }
    file.root = single_spec_block(
        tree_.root(), {},
        "A spec file must have exactly one root block specifying how to map to a JSON value.");
    return file;
  }

 private:
  // Whether a block's labels match `label_names`, reporting it if not.
  bool check_labels(const syntax::BlockHeader& header, const std::string& type,
                    const std::vector<std::string>& label_names) {
    std::optional<base::Diagnostic> problem =
        syntax::label_count_problem(header, type, label_names);
    if (problem) diags_.push_back(std::move(*problem));
    return !problem;
  }

  // An expression that is a single bare name (hcl.ExprAsKeyword), or empty.
  std::string keyword(NodeId expression) const {
    const syntax::Node& n = tree_.node(expression);
    if (n.kind != NodeKind::ScopeTraversal || n.end_token != n.first_token + 1) return "";
    return std::string(tree_.token_text(n.first_token));
  }

  // A `function "name" { params = [...], variadic_param = name, result = expr }` block (hcl's
  // ext/userfunc, evaluated in the spec scope).
  void user_function(NodeId block, eval::Functions& functions,
                     std::map<std::string, base::ByteRange, std::less<>>& ranges) {
    const syntax::BlockHeader header = syntax::block_header(tree_, block);
    if (!check_labels(header, "function", {"name"}) || header.body == syntax::kNoNode) return;
    const size_t errors_before = diags_.size();
    std::optional<NodeId> params, variadic, result;
    for (NodeId item : tree_.children(header.body)) {
      const syntax::Node& n = tree_.node(item);
      const std::string name(tree_.token_text(n.first_token));
      if (n.kind == NodeKind::Block) {
        error("Unsupported block type", "Blocks of type \"" + name + "\" are not expected here.",
              tree_.tokens()[n.first_token].range());
      } else if (name == "params") {
        params = item - 1;
      } else if (name == "variadic_param") {
        variadic = item - 1;
      } else if (name == "result") {
        result = item - 1;
      } else {
        unsupported_argument(n);
      }
    }
    for (const auto& [name, found] : {std::pair{"params", params}, std::pair{"result", result}})
      if (!found)
        error(
            "Missing required argument",
            std::string("The argument \"") + name + "\" is required, but no definition was found.",
            missing_item_range(header.body));
    if (base::has_errors(diags_, errors_before)) return;
    if (tree_.node(*params).kind != NodeKind::Tuple) {
      error("Invalid expression", "A static list expression is required.", tree_.range(*params));
      return;
    }
    std::vector<std::string> names;
    for (NodeId element : tree_.children(*params)) {
      names.push_back(keyword(element));
      if (names.back().empty()) {
        error("Invalid param element", "Each parameter name must be an identifier.",
              tree_.range(element));
        return;
      }
    }
    std::optional<std::string> variadic_name;
    if (variadic) {
      variadic_name = keyword(*variadic);
      if (variadic_name->empty()) {
        error("Invalid variadic_param", "The variadic parameter name must be an identifier.",
              tree_.range(*variadic));
        return;
      }
    }
    ranges.insert_or_assign(header.labels[0].value, header.def_range);
    eval::Function function = eval::make_user_function(
        owner_, std::move(names), std::move(variadic_name), *result, &spec_definition_scope());
    // Its comment, as a spec block's, for hover and signature help.
    function.description = description_above(tree_, block);
    functions.insert_or_assign(header.labels[0].value, std::move(function));
  }

  // A `variables { name = expr ... }` block: values for input expressions (hcl's
  // JustAttributes, evaluated in the spec scope).
  void variables_block(NodeId block, eval::Variables& variables,
                       std::map<std::string, base::ByteRange, std::less<>>& ranges) {
    const syntax::BlockHeader header = syntax::block_header(tree_, block);
    if (!check_labels(header, "variables", {}) || header.body == syntax::kNoNode) return;
    for (NodeId item : tree_.children(header.body)) {
      const syntax::Node& n = tree_.node(item);
      const std::string name(tree_.token_text(n.first_token));
      if (n.kind == NodeKind::Block) {
        error("Unexpected \"" + name + "\" block", "Blocks are not allowed here.",
              tree_.tokens()[n.first_token].range());
        continue;
      }
      ranges.insert_or_assign(name, tree_.tokens()[n.first_token].range());
      variables.insert_or_assign(name,
                                 eval::evaluate(tree_, item - 1, &spec_definition_scope(), diags_));
    }
  }

  void error(std::string summary, std::string detail, base::ByteRange subject) {
    diags_.push_back(
        {base::Severity::Error, std::move(summary), std::move(detail), subject, std::nullopt});
  }

  base::ByteRange missing_item_range(NodeId body) const {
    if (body == syntax::kNoNode || body == tree_.root()) return {};
    const uint32_t start = tree_.range(body).start;
    return {start, start};
  }

  void unsupported_argument(const syntax::Node& n) {
    error("Unsupported argument",
          "An argument named \"" + std::string(tree_.token_text(n.first_token)) +
              "\" is not expected here.",
          tree_.tokens()[n.first_token].range());
  }

  // An argument of a spec block, evaluated without variables as gohcl does.
  types::Value argument(NodeId attribute) {
    return eval::evaluate(tree_, attribute - 1, nullptr, diags_);
  }

  // The nested spec blocks of `body` (hcldec's specSchemaUnlabelled content): unlabelled, next
  // to the arguments `arguments` names, which the caller reads; other arguments are errors.
  std::vector<NodeId> unlabelled_spec_blocks(NodeId body,
                                             std::initializer_list<std::string_view> arguments) {
    std::vector<NodeId> blocks;
    if (body != syntax::kNoNode)
      for (NodeId item : tree_.children(body)) {
        const syntax::Node& n = tree_.node(item);
        if (n.kind == NodeKind::Attribute) {
          const std::string_view name = tree_.token_text(n.first_token);
          bool known = false;
          for (std::string_view argument : arguments) known = known || argument == name;
          if (!known) unsupported_argument(n);
          continue;
        }
        if (body == tree_.root()) {  // run() reads the spec file's declarations
          const std::string_view type = tree_.token_text(n.first_token);
          if (type == "function" || type == "variables") continue;
        }
        if (check_labels(syntax::block_header(tree_, item),
                         std::string(tree_.token_text(n.first_token)), {}))
          blocks.push_back(item);
      }
    return blocks;
  }

  // The one unlabelled spec block in `body`: the spec file's root, or the nested spec of a block
  // spec (hcldec's decodeSpecRoot and decodeBlockNestedSpec). `arguments` names the arguments
  // the body may also hold, which the caller reads.
  SpecPtr single_spec_block(NodeId body, std::initializer_list<std::string_view> arguments,
                            const char* detail) {
    const size_t errors_before = diags_.size();
    const std::vector<NodeId> blocks = unlabelled_spec_blocks(body, arguments);
    if (blocks.empty()) {
      if (!base::has_errors(diags_, errors_before))
        error("Missing spec block", detail, missing_item_range(body));
      return nullptr;
    }
    if (blocks.size() > 1) {
      error("Extraneous spec block", detail, syntax::block_header(tree_, blocks[1]).def_range);
      return nullptr;
    }
    return spec_block(blocks[0]);
  }

  // The arguments of a block spec body, each read by `read(name, value)`.
  template <typename Read>
  void block_arguments(NodeId body, Read read) {
    if (body == syntax::kNoNode) return;
    for (NodeId item : tree_.children(body))
      if (tree_.node(item).kind == NodeKind::Attribute)
        read(tree_.token_text(tree_.node(item).first_token), argument(item));
  }

  static bool is_known_of(const types::Value& v, types::TypeKind kind) {
    return v.is_known() && !v.is_null() && v.type().kind() == kind;
  }

  static std::optional<int64_t> integer(const types::Value& v) {
    if (!is_known_of(v, types::TypeKind::Number)) return std::nullopt;
    return v.as_number().to_int64();
  }

  // `default { spec... }`: each nested spec that loads is the fallback of those before it.
  std::shared_ptr<Spec> default_spec(NodeId body) {
    const size_t errors_before = diags_.size();
    const std::vector<NodeId> blocks = unlabelled_spec_blocks(body, {});
    if (blocks.empty()) {
      if (!base::has_errors(diags_, errors_before))
        error("Missing spec block",
              "A default block must have at least one nested spec, each specifying a possible "
              "outcome.",
              missing_item_range(body));
      return nullptr;
    }
    if (blocks.size() == 1 && !base::has_errors(diags_, errors_before))
      diags_.push_back({base::Severity::Warning, "Useless default block",
                        "A default block with only one spec is equivalent to using that spec "
                        "alone.",
                        syntax::block_header(tree_, blocks[0]).def_range, std::nullopt});
    std::shared_ptr<Spec> chain;
    for (NodeId item : blocks) {
      const size_t before = diags_.size();
      std::shared_ptr<Spec> candidate = spec_block(item);
      if (!candidate || base::has_errors(diags_, before)) continue;
      if (!chain) {
        chain = std::move(candidate);
      } else {
        auto link = std::make_shared<Spec>();
        link->range = candidate->range;
        link->kind = DefaultSpec{std::move(chain), std::move(candidate)};
        chain = std::move(link);
      }
    }
    return chain;
  }

  std::shared_ptr<Spec> transform_spec(NodeId body, std::shared_ptr<Spec> spec) {
    TransformSpec transform;
    transform.tree = owner_;
    const size_t errors_before = diags_.size();
    if (body != syntax::kNoNode)
      for (NodeId item : tree_.children(body))
        if (tree_.node(item).kind == NodeKind::Attribute &&
            tree_.token_text(tree_.node(item).first_token) == "result")
          transform.result = item - 1;
    if (transform.result == syntax::kNoNode) {
      error("Missing required argument",
            "The argument \"result\" is required, but no definition was found.",
            missing_item_range(body));
      return nullptr;
    }
    const std::vector<NodeId> blocks = unlabelled_spec_blocks(body, {"result"});
    if (blocks.size() != 1) {
      if (!base::has_errors(diags_, errors_before))
        error("Invalid transform spec",
              "A transform spec block must have exactly one nested spec block.",
              missing_item_range(body));
      return nullptr;
    }
    transform.wrapped = spec_block(blocks[0]);
    if (!transform.wrapped) return nullptr;
    spec->kind = std::move(transform);
    return spec;
  }

  std::shared_ptr<Spec> block_attrs_spec(NodeId body, const std::string& implied_name,
                                         base::ByteRange range) {
    BlockAttrsSpec attrs;
    attrs.type_name = implied_name;
    bool has_element_type = false;
    if (body != syntax::kNoNode)
      for (NodeId item : tree_.children(body)) {
        const syntax::Node& n = tree_.node(item);
        const std::string_view name = tree_.token_text(n.first_token);
        if (n.kind != NodeKind::Attribute) {
          error("Unsupported block type",
                "Blocks of type \"" + std::string(name) + "\" are not expected here.",
                tree_.tokens()[n.first_token].range());
        } else if (name == "element_type") {
          attrs.element_type = type_from_expression(tree_, item - 1, diags_);
          has_element_type = true;
        } else if (name == "block_type" || name == "required") {
          const types::Value v = argument(item);
          if (name == "block_type" && is_known_of(v, types::TypeKind::String))
            attrs.type_name = v.as_string();
          if (name == "required" && is_known_of(v, types::TypeKind::Bool))
            attrs.required = v.as_bool();
        } else {
          unsupported_argument(n);
        }
      }
    if (!has_element_type)
      error("Missing required argument",
            "The argument \"element_type\" is required, but no definition was found.",
            missing_item_range(body));
    if (attrs.type_name.empty()) {
      error("Missing block_type in block_attrs spec",
            "The block_type attribute is required, to specify the block type name that is "
            "expected in an input HCL file.",
            missing_item_range(body));
      return nullptr;
    }
    auto spec = std::make_shared<Spec>();
    spec->range = range;
    spec->kind = std::move(attrs);
    return spec;
  }

  std::shared_ptr<Spec> block_kind_spec(const std::string& type, NodeId body,
                                        const std::string& implied_name, base::ByteRange range) {
    auto spec = std::make_shared<Spec>();
    spec->range = range;
    std::string type_name = implied_name;
    const auto read_type_name = [&](std::string_view name, const types::Value& v) {
      if (name == "block_type" && is_known_of(v, types::TypeKind::String))
        type_name = v.as_string();
    };
    if (type == "block") {
      BlockSpec block;
      block_arguments(body, [&](std::string_view name, const types::Value& v) {
        read_type_name(name, v);
        if (name == "required" && is_known_of(v, types::TypeKind::Bool))
          block.required = v.as_bool();
      });
      block.nested = single_spec_block(body, {"block_type", "required"}, kNestedSpecDetail);
      block.type_name = type_name;
      spec->kind = std::move(block);
    } else if (type == "block_list" || type == "block_set") {
      BlockListSpec list;
      list.is_set = type == "block_set";
      block_arguments(body, [&](std::string_view name, const types::Value& v) {
        read_type_name(name, v);
        if (name == "min_items") list.min_items = integer(v).value_or(0);
        if (name == "max_items") list.max_items = integer(v).value_or(0);
      });
      list.nested =
          single_spec_block(body, {"block_type", "min_items", "max_items"}, kNestedSpecDetail);
      list.type_name = type_name;
      spec->kind = std::move(list);
    } else {
      BlockMapSpec map;
      block_arguments(body, [&](std::string_view name, const types::Value& v) {
        read_type_name(name, v);
        if (name == "labels" && v.is_known() && !v.is_null() &&
            (v.type().is_list() || v.type().is_set() || v.type().is_tuple()))
          for (const types::Value& element : v.elements())
            if (is_known_of(element, types::TypeKind::String))
              map.label_names.push_back(element.as_string());
      });
      map.nested = single_spec_block(body, {"block_type", "labels"}, kNestedSpecDetail);
      map.type_name = type_name;
      if (map.label_names.empty()) {
        error("Invalid block label name list",
              "A block_map must have at least one label specified.", missing_item_range(body));
        return nullptr;
      }
      const bool any_inside = map.nested && implied_type(*map.nested).has_dynamic();
      spec->kind = std::move(map);
      if (any_inside)
        error("Invalid block_map spec",
              "A block_map spec may not contain attributes with type 'any'.",
              missing_item_range(body));
    }
    // A block spec without its nested spec is dropped (its problem is reported), so decoding
    // never meets one.
    const bool has_nested = std::visit(
        [](const auto& kind) {
          if constexpr (requires { kind.nested; })
            return kind.nested != nullptr;
          else
            return true;
        },
        spec->kind);
    if (!has_nested) return nullptr;
    if (type_name.empty() && type != "block") {  // hcldec does not check `block` specs
      error("Missing block_type in " + type + " spec",
            "The block_type attribute is required, to specify the block type name that is "
            "expected in an input HCL file.",
            missing_item_range(body));
      return nullptr;
    }
    return spec;
  }

  // A spec block with its description. A `default` with a single nested spec gives that spec,
  // whose own description, if any, wins.
  std::shared_ptr<Spec> spec_block(NodeId block) {
    std::shared_ptr<Spec> spec = spec_of_kind(block);
    if (spec && spec->description.empty()) spec->description = description_above(tree_, block);
    return spec;
  }

  // A spec block's kind and arguments; its first label, if any, names what it reads by default
  // (hcldec's impliedName).
  std::shared_ptr<Spec> spec_of_kind(NodeId block) {
    const syntax::BlockHeader header = syntax::block_header(tree_, block);
    const std::string default_name = header.labels.empty() ? "" : header.labels[0].value;
    const std::string type(tree_.token_text(tree_.node(block).first_token));
    auto spec = std::make_shared<Spec>();
    spec->range = header.def_range;
    const NodeId body = header.body;
    if (type == "object") {
      ObjectSpec object;
      if (body != syntax::kNoNode)
        for (NodeId item : tree_.children(body)) {
          if (tree_.node(item).kind != NodeKind::Block) {
            error("Unsupported argument",
                  "An argument named \"" +
                      std::string(tree_.token_text(tree_.node(item).first_token)) +
                      "\" is not expected here.",
                  tree_.tokens()[tree_.node(item).first_token].range());
            continue;
          }
          // Nested specs carry one label, the property name ("key" in hcldec's schema).
          const syntax::BlockHeader nested = syntax::block_header(tree_, item);
          if (!check_labels(nested, std::string(tree_.token_text(tree_.node(item).first_token)),
                            {"key"}))
            continue;
          if (SpecPtr property = spec_block(item))
            object.properties.emplace_back(nested.labels[0].value, std::move(property));
        }
      spec->kind = std::move(object);
      return spec;
    }
    if (type == "attr") {
      AttrSpec attr;
      attr.name = default_name;
      if (body != syntax::kNoNode)
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
      if (attr.name.empty()) {  // no label and no `name`: hcldec cannot know what to read
        const uint32_t at = body != syntax::kNoNode ? tree_.range(body).start : spec->range.end;
        error("Missing name in attribute spec",
              "The name attribute is required, to specify the attribute name that is expected in "
              "an input HCL file.",
              {at, at});
        return nullptr;
      }
      spec->kind = std::move(attr);
      return spec;
    }
    if (type == "block" || type == "block_list" || type == "block_set" || type == "block_map")
      return block_kind_spec(type, body, default_name, spec->range);
    if (type == "array" || type == "tuple") {
      TupleSpec tuple;
      for (NodeId item : unlabelled_spec_blocks(body, {}))
        if (SpecPtr element = spec_block(item)) tuple.elements.push_back(std::move(element));
      spec->kind = std::move(tuple);
      return spec;
    }
    if (type == "default") return default_spec(body);
    if (type == "transform") return transform_spec(body, spec);
    if (type == "block_attrs") return block_attrs_spec(body, default_name, spec->range);
    if (type == "literal") {
      LiteralSpec literal;
      bool has_value = false;
      if (body != syntax::kNoNode)
        for (NodeId item : tree_.children(body)) {
          const syntax::Node& n = tree_.node(item);
          const std::string name(tree_.token_text(n.first_token));
          if (n.kind == NodeKind::Attribute && name == "value") {
            // Spec expressions may call the spec definition functions.
            literal.value = eval::evaluate(tree_, item - 1, &spec_definition_scope(), diags_);
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
              missing_item_range(body));
      spec->kind = std::move(literal);
      return spec;
    }
    // hcldec's schema of spec blocks rejects the type, suggesting a near one.
    std::string suggestion(base::name_suggestion(
        type, {"object", "array", "tuple", "literal", "attr", "block", "block_list", "block_map",
               "block_set", "block_attrs", "default", "transform"}));
    if (!suggestion.empty()) suggestion = " Did you mean \"" + suggestion + "\"?";
    error("Unsupported block type",
          "Blocks of type \"" + type + "\" are not expected here." + suggestion,
          tree_.tokens()[tree_.node(block).first_token].range());
    return nullptr;
  }

  std::shared_ptr<const syntax::SyntaxTree> owner_;  // user functions keep the tree alive
  const syntax::SyntaxTree& tree_;
  base::Diagnostics& diags_;
};

}  // namespace

SpecFile load_spec(std::shared_ptr<const syntax::SyntaxTree> tree, base::Diagnostics& diags) {
  return Loader(std::move(tree), diags).run();
}

}  // namespace hclspec::spec
