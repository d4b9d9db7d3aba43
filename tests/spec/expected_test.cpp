// The model's query on user specs: the attributes and blocks a body is expected to hold, and
// the bodies reached through chains of blocks.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "model_support.hpp"
#include "spec/expected.hpp"
#include "spec/load.hpp"
#include "syntax/parser.hpp"

using namespace hclspec;
using Kind = spec::ExpectedBlock::Kind;

namespace {

using Names = std::vector<std::string>;

const char* const kService = R"(object {
  # The service's name.
  attr "name" {
    type     = string
    required = true
  }
  attr "port" {
    type = number
  }
  # The one logging block.
  block "logging" {
    required = true
    object {
      attr "level" {
        type = string
      }
    }
  }
  block "tls" {
    attr {
      name = "cert"
      type = string
    }
  }
  block_list "check" {
    min_items = 1
    max_items = 3
    object {
      attr "path" {
        type = string
      }
      block_set "header" {
        object {
          attr "value" {
            type = string
          }
        }
      }
    }
  }
  # Sites by host and path.
  block_map "site" {
    labels = ["host", "path"]
    attr {
      name = "root"
      type = string
    }
  }
  # Environment variables.
  block_attrs "env" {
    element_type = string
    required     = true
  }
  literal "kind" {
    value = "service"
  }
}
)";

}  // namespace

TEST_CASE("an object's body expects its properties' attributes and blocks, in spec order") {
  const spec::SpecFile file = load_spec_text(kService);
  const spec::ExpectedBody body = spec::expected_body(*file.root);
  CHECK(attribute_names(body) == Names{"name!", "port"});
  CHECK(block_types(body) == Names{"logging", "tls", "check", "site", "env"});
  CHECK_FALSE(body.any_attribute);

  const spec::ExpectedAttribute* name = spec::find_attribute(body, "name");
  REQUIRE(name != nullptr);
  CHECK(name->type == types::Type::string());
  CHECK(name->description == "The service's name.");
  CHECK(name->spec == std::get<spec::ObjectSpec>(file.root->kind).properties[0].second.get());
  CHECK(spec::find_attribute(body, "kind") == nullptr);  // a literal reads nothing

  const spec::ExpectedBlock& logging = *spec::find_block(body, "logging");
  CHECK(logging.kind == Kind::Block);
  CHECK((logging.min_items == 1 && logging.max_items == 1 && logging.required));
  CHECK(logging.description == "The one logging block.");
  CHECK(logging.nested == std::get<spec::BlockSpec>(logging.spec->kind).nested.get());
  const spec::ExpectedBlock& tls = *spec::find_block(body, "tls");
  CHECK((tls.min_items == 0 && tls.max_items == 1 && !tls.required));

  const spec::ExpectedBlock& check = *spec::find_block(body, "check");
  CHECK(check.kind == Kind::BlockList);
  CHECK((check.min_items == 1 && check.max_items == 3 && check.required));
  CHECK(check.label_names.empty());

  const spec::ExpectedBlock& site = *spec::find_block(body, "site");
  CHECK(site.kind == Kind::BlockMap);
  CHECK(site.label_names == Names{"host", "path"});
  CHECK((site.min_items == 0 && site.max_items == 0 && !site.required));

  const spec::ExpectedBlock& env = *spec::find_block(body, "env");
  CHECK(env.kind == Kind::BlockAttrs);
  CHECK((env.min_items == 1 && env.max_items == 1 && env.required));
  CHECK(env.element_type == types::Type::string());
  CHECK(env.nested == nullptr);
  CHECK(spec::find_block(body, "nope") == nullptr);
}

TEST_CASE("chains of blocks reach nested bodies, and leave the spec at unknown types") {
  const spec::SpecFile file = load_spec_text(kService);
  const spec::ExpectedBody root = spec::expected_body(*file.root);
  using Chain = std::vector<std::string>;

  CHECK(spec::body_spec_for_chain(*file.root, Chain{}) == file.root.get());
  CHECK(attribute_names(*spec::expected_body_for_chain(root, Chain{})) == Names{"name!", "port"});

  const auto header = spec::expected_body_for_chain(root, Chain{"check", "header"});
  REQUIRE(header);
  CHECK(attribute_names(*header) == Names{"value"});
  const spec::Spec* header_spec = spec::body_spec_for_chain(*file.root, Chain{"check", "header"});
  REQUIRE(header_spec != nullptr);
  CHECK(std::holds_alternative<spec::ObjectSpec>(header_spec->kind));
  CHECK(attribute_names(spec::expected_body(*header_spec)) == Names{"value"});

  // A block spec whose nested spec is an attr: the block's body holds that attribute.
  CHECK(attribute_names(*spec::expected_body_for_chain(root, Chain{"tls"})) == Names{"cert"});
  CHECK(attribute_names(*spec::expected_body_for_chain(root, Chain{"site"})) == Names{"root"});

  // block_attrs: any attribute of the element type, and no spec decodes the body.
  const auto env = spec::expected_body_for_chain(root, Chain{"env"});
  REQUIRE(env);
  REQUIRE(env->any_attribute);
  CHECK(env->any_attribute->type == types::Type::string());
  CHECK(env->any_attribute->description == "Environment variables.");
  CHECK((env->attributes.empty() && env->blocks.empty()));
  CHECK(spec::body_spec_for_chain(*file.root, Chain{"env"}) == nullptr);

  for (const Chain& leaving : {Chain{"nope"}, Chain{"check", "nope"}, Chain{"env", "x"},
                               Chain{"check", "header", "header"}, Chain{"name"}}) {
    CAPTURE(leaving.back());
    CHECK_FALSE(spec::expected_body_for_chain(root, leaving));
    CHECK(spec::body_spec_for_chain(*file.root, leaving) == nullptr);
  }
}

TEST_CASE("default, transform and tuple read the body they are in") {
  const spec::SpecFile file = load_spec_text(R"(tuple {
  # Port, or 80.
  default {
    attr {
      name = "port"
      type = number
    }
    attr {
      name     = "port"
      required = true
    }
    literal {
      value = 80
    }
  }
  # Size in bytes.
  transform {
    block {
      block_type = "size"
      attr {
        name = "mb"
        type = number
      }
    }
    result = nested * 1024 * 1024
  }
  object {
    # The host.
    attr "host" {
      type = string
    }
    block_list "size" {
      literal {
        value = 1
      }
    }
  }
  attr {
    name = "host"
    type = number
  }
}
)");
  const spec::ExpectedBody body = spec::expected_body(*file.root);
  // "port" is read three times (once required), "host" twice; each appears once.
  CHECK(attribute_names(body) == Names{"port!", "host"});
  const spec::ExpectedAttribute& port = body.attributes[0];
  CHECK(port.type == types::Type::number());  // the first reader's type
  CHECK(port.description == "Port, or 80.");  // from the wrapping default
  const spec::ExpectedAttribute& host = body.attributes[1];
  CHECK(host.type == types::Type::string());
  CHECK(host.description == "The host.");  // an object does not lend its description

  // "size" is read by a block inside a transform and by a block_list: the first reader stays.
  REQUIRE(block_types(body) == Names{"size"});
  CHECK(body.blocks[0].kind == Kind::Block);
  CHECK(body.blocks[0].description == "Size in bytes.");
  CHECK(attribute_names(*spec::expected_body_for_chain(body, std::vector<std::string>{"size"})) ==
        Names{"mb"});
}

TEST_CASE("a literal or an attr alone expects nothing more") {
  const spec::SpecFile literal = load_spec_text("literal {\n  value = 1\n}\n");
  const spec::ExpectedBody nothing = spec::expected_body(*literal.root);
  CHECK((nothing.attributes.empty() && nothing.blocks.empty() && !nothing.any_attribute));
  CHECK(dump_body(nothing) == "(nothing)\n");

  const spec::SpecFile attr = load_spec_text("attr {\n  name = \"x\"\n}\n");
  const spec::ExpectedBody one = spec::expected_body(*attr.root);
  CHECK(attribute_names(one) == Names{"x"});
  CHECK(one.attributes[0].type == types::Type::dynamic());
}
