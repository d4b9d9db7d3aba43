// The tree validator itself: it must reject each kind of broken tree.
#include <doctest/doctest.h>

#include <string>

#include "test_support.hpp"

using namespace hclspec::syntax;
using namespace hclspec::syntax::testing;

// Each case breaks one invariant by hand: a validator that accepted everything would make every
// "validate_tree(...) == \"\"" check elsewhere pass for nothing.
namespace {

constexpr std::string_view kText = "a = [1, 2]\nb = -x\nc { d = 1 }\n";

NodeId find(const SyntaxTree& tree, NodeKind kind, size_t nth = 0) {
  for (NodeId id = 0; id < tree.nodes().size(); ++id)
    if (tree.node(id).kind == kind && nth-- == 0) return id;
  FAIL("no such node");
  return 0;
}

}  // namespace

TEST_CASE("the validator accepts a well-formed tree") {
  const auto tree = parse(kText);
  CHECK(validate_tree(*tree) == "");
}

TEST_CASE("the validator rejects broken token sequences") {
  {
    auto tree = parse(kText);
    Tokens& tokens = tree->mutable_tokens();
    tokens.erase(tokens.begin() + 1);  // the "=": its byte is then in no token
    CHECK(validate_tree(*tree).find("lies in no token") != std::string::npos);
  }
  {
    auto tree = parse(kText);
    tree->mutable_tokens().back() = Token(TokenKind::Eof, 3, 3);
    CHECK(validate_tree(*tree).find("Eof") != std::string::npos);
  }
  {
    auto tree = parse(kText);
    Tokens& tokens = tree->mutable_tokens();
    tokens[1] = Token(tokens[1].kind(), 0, 3);  // overlaps the name before it
    CHECK(validate_tree(*tree).find("overlaps") != std::string::npos);
  }
}

TEST_CASE("the validator rejects broken node structure") {
  {
    auto tree = parse(kText);
    tree->mutable_nodes().back().end_token -= 1;
    CHECK(validate_tree(*tree).find("root") != std::string::npos);
  }
  {
    // A child that starts before its parent.
    auto tree = parse(kText);
    tree->mutable_nodes()[find(*tree, NodeKind::Literal)].first_token = 0;
    CHECK(validate_tree(*tree).find("outside its tokens") != std::string::npos);
  }
  {
    // Siblings out of order: the second attribute claims the first one's tokens.
    auto tree = parse(kText);
    const NodeId second = find(*tree, NodeKind::Attribute, 1);
    tree->mutable_nodes()[second].first_token = 2;
    CHECK(validate_tree(*tree).find("overlap or are out of order") != std::string::npos);
  }
  {
    // A unary operator relabelled as binary has the wrong number of children.
    auto tree = parse(kText);
    tree->mutable_nodes()[find(*tree, NodeKind::UnaryOp)].kind = NodeKind::BinaryOp;
    CHECK(validate_tree(*tree).find("1 children") != std::string::npos);
  }
  {
    // A block whose child is not a body.
    auto tree = parse(kText);
    tree->mutable_nodes()[find(*tree, NodeKind::Body, 0)].kind = NodeKind::Tuple;
    CHECK(validate_tree(*tree).find("unexpected Tuple child") != std::string::npos);
  }
  {
    // A subtree that takes in only part of an earlier sibling's subtree.
    auto tree = parse(kText);
    const NodeId second = find(*tree, NodeKind::Attribute, 1);
    tree->mutable_nodes()[find(*tree, NodeKind::Block)].first_descendant = second;
    CHECK(validate_tree(*tree).find("reaches outside") != std::string::npos);
  }
}

TEST_CASE("the validator rejects diagnostics outside the text") {
  auto tree = parse(kText);
  tree->mutable_diagnostics().push_back(
      {hclspec::base::Severity::Error, "Broken", "Out of range.", {5, 500}, std::nullopt});
  CHECK(validate_tree(*tree).find("Broken") != std::string::npos);
}
