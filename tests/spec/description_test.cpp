// Spec descriptions: the comment block directly above a spec block, in each comment form.
#include <doctest/doctest.h>

#include <string>

#include "model_support.hpp"
#include "spec/description.hpp"
#include "spec/load.hpp"
#include "syntax/parser.hpp"

using namespace hclspec;

namespace {

const spec::Spec& property(const spec::Spec& object, const std::string& name) {
  for (const auto& [key, nested] : std::get<spec::ObjectSpec>(object.kind).properties)
    if (key == name) return *nested;
  FAIL("no property " << name);
  throw;  // not reached: FAIL throws
}

}  // namespace

TEST_CASE("line comments directly above a spec block describe it") {
  const spec::SpecFile file = load_spec_text(R"(# The service.
# Second line.
object {
  # The name.
  #   indented stays indented
  #
  attr "name" { type = string }
  // Slashes too.
  //No space after the marker.
  attr "port" { type = number }
  #   trailing spaces go   
  attr "spaced" {}
})");
  CHECK(file.root->description == "The service.\nSecond line.");
  CHECK(property(*file.root, "name").description == "The name.\n  indented stays indented");
  CHECK(property(*file.root, "port").description == "Slashes too.\nNo space after the marker.");
  CHECK(property(*file.root, "spaced").description == "  trailing spaces go");
}

TEST_CASE("suppression comments above a spec block are not part of its description") {
  const spec::SpecFile file = load_spec_text(R"(object {
  # The name.
  # hclspec-ignore: unsupported-argument
  attr "name" { type = string }
  #   hclspec-ignore-file: all
  attr "port" { type = number }
})");
  CHECK(property(*file.root, "name").description == "The name.");
  CHECK(property(*file.root, "port").description == "");
}

TEST_CASE("a /* */ comment directly above a spec block describes it") {
  const spec::SpecFile file = load_spec_text(R"(object {
  /* One line. */
  attr "a" {}
  /**
   * Decorated
   *
   * lines.
   */
  attr "b" {}
  /* Plain
     indented
       more */
  attr "c" {}
  /* not alone */ attr "d" {}
})");
  CHECK(property(*file.root, "a").description == "One line.");
  CHECK(property(*file.root, "b").description == "Decorated\n\nlines.");
  CHECK(property(*file.root, "c").description == "Plain\nindented\n  more");
  CHECK(property(*file.root, "d").description == "");
}

TEST_CASE("comments not directly above a spec block do not describe it") {
  const spec::SpecFile file = load_spec_text(R"(object { # on the brace's line
  attr "a" {}
  attr "b" {} # trailing note of b
  attr "c" {}
  # a blank line follows

  attr "d" {}
  # first run

  # second run
  attr "e" {}
  attr "f" {
  } # after f's closing brace
  # f's note above stays out, this line is g's
  attr "g" {}
  /* a block comment */

  attr "h" {}
})");
  CHECK(file.root->description == "");
  CHECK(property(*file.root, "a").description == "");
  CHECK(property(*file.root, "b").description == "");
  CHECK(property(*file.root, "c").description == "");
  CHECK(property(*file.root, "d").description == "");
  CHECK(property(*file.root, "e").description == "second run");
  CHECK(property(*file.root, "g").description == "f's note above stays out, this line is g's");
  CHECK(property(*file.root, "h").description == "");
}

TEST_CASE("nested spec blocks of every kind get their descriptions") {
  const spec::SpecFile file = load_spec_text(R"(object {
  # A block.
  block "server" {
    # The server's body.
    object {
      # Listen address.
      attr "listen" { type = string }
    }
  }
  block_list "rule" {
    # Each rule.
    tuple {
      # First.
      attr { name = "a" }
      # Fixed.
      literal { value = 1 }
    }
  }
  # Labelled.
  block_map "site" {
    labels = ["name"]
    # Site body.
    default {
      # Primary.
      attr {
        name = "x"
        type = string
      }
      literal { value = "" }
    }
  }
  # Settings.
  block_attrs "settings" { element_type = string }
  # Wrapped.
  transform "size" {
    # The raw size.
    attr {
      name = "size"
      type = number
    }
    result = nested * 2
  }
  # Set of tags.
  block_set "tag" {
    literal { value = "t" }
  }
})");
  const spec::Spec& server = property(*file.root, "server");
  CHECK(server.description == "A block.");
  const spec::Spec& body = *std::get<spec::BlockSpec>(server.kind).nested;
  CHECK(body.description == "The server's body.");
  CHECK(property(body, "listen").description == "Listen address.");

  const spec::Spec& rule = property(*file.root, "rule");
  CHECK(rule.description == "");
  const spec::Spec& tuple = *std::get<spec::BlockListSpec>(rule.kind).nested;
  CHECK(tuple.description == "Each rule.");
  const auto& elements = std::get<spec::TupleSpec>(tuple.kind).elements;
  CHECK(elements[0]->description == "First.");
  CHECK(elements[1]->description == "Fixed.");

  const spec::Spec& site = property(*file.root, "site");
  CHECK(site.description == "Labelled.");
  const spec::Spec& fallback = *std::get<spec::BlockMapSpec>(site.kind).nested;
  CHECK(fallback.description == "Site body.");
  CHECK(std::get<spec::DefaultSpec>(fallback.kind).primary->description == "Primary.");

  CHECK(property(*file.root, "settings").description == "Settings.");
  const spec::Spec& size = property(*file.root, "size");
  CHECK(size.description == "Wrapped.");
  CHECK(std::get<spec::TransformSpec>(size.kind).wrapped->description == "The raw size.");
  CHECK(property(*file.root, "tag").description == "Set of tags.");
}

TEST_CASE("a default with one nested spec keeps that spec's description, else takes its own") {
  base::Diagnostics diags;  // "Useless default block" warnings
  const spec::SpecFile own = spec::load_spec(syntax::parse_config(R"(# The default.
default {
  # The attribute.
  attr { name = "a" }
})",
                                                                  "spec.hcldec"),
                                             diags);
  CHECK(own.root->description == "The attribute.");
  const spec::SpecFile inherited = spec::load_spec(syntax::parse_config(R"(# The default.
default {
  attr { name = "a" }
})",
                                                                        "spec.hcldec"),
                                                   diags);
  CHECK(inherited.root->description == "The default.");
}

TEST_CASE("variables and function blocks do not lend their comments to the root spec") {
  const spec::SpecFile file = load_spec_text(R"(# About variables.
variables {
  x = 1
}
# About a function.
function "f" {
  params = []
  result = 1
}
object {}
)");
  CHECK(file.root->description == "");
}

TEST_CASE("descriptions survive CRLF line ends and a byte order mark") {
  const spec::SpecFile crlf = load_spec_text(
      "# a\r\n# b  \r\nobject {\r\n  /* c\r\n   * d\r\n   */\r\n"
      "  attr \"x\" {}\r\n}\r\n");
  CHECK(crlf.root->description == "a\nb");
  CHECK(property(*crlf.root, "x").description == "c\nd");
  const spec::SpecFile bom = load_spec_text("\xEF\xBB\xBF# first\nobject {}\n");
  CHECK(bom.root->description == "first");
}

TEST_CASE("description_above reads the comment above any item of a tree") {
  const auto tree = syntax::parse_config(
      "# about a\na = 1\nb = 2 # about b itself\nc = 3 /* about c,\n too */\nd = 4\n", "input.hcl");
  const std::vector<syntax::NodeId> items = tree->children(tree->root());
  REQUIRE(items.size() == 4);
  CHECK(spec::description_above(*tree, items[0]) == "about a");
  CHECK(spec::description_above(*tree, items[1]) == "");
  CHECK(spec::description_above(*tree, items[2]) == "");
  CHECK(spec::description_above(*tree, items[3]) == "");
}
