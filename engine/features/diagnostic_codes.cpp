// The registry of diagnostic codes, and the lookups from a code or a summary to its entry.
#include "features/diagnostic_codes.hpp"

#include <algorithm>
#include <utility>
#include <vector>

namespace hclspec::features {

namespace {

using base::Severity;

// The specs the examples are checked against; each names itself on its first line, the name
// the documentation shows it under.

constexpr std::string_view kAnySpec = R"(# any.hcldec: one argument, of any type
object {
  attr "a" {
    type = any
  }
}
)";

constexpr std::string_view kVariablesSpec =
    R"(# variables.hcldec: variables, and one argument of any type
variables {
  nothing = null
  ports   = { http = 80 }
}
object {
  attr "a" {
    type = any
  }
}
)";

constexpr std::string_view kFunctionSpec =
    R"(# functions.hcldec: functions, and one argument of any type
function "twice" {
  params = [n]
  result = n * 2
}
function "first" {
  params = [list]
  result = list[0]
}
object {
  attr "a" {
    type = any
  }
}
)";

constexpr std::string_view kBlocksSpec = R"(# blocks.hcldec: blocks of each kind
object {
  block "resources" {
    object {
      attr "cpu" {
        type = number
      }
    }
  }
  block_list "region" {
    max_items = 2
    object {
      attr "zone" {
        type = any
      }
    }
  }
  block_map "task" {
    labels = ["name"]
    object {
      attr "driver" {
        type = string
      }
    }
  }
  block_attrs "env" {
    element_type = string
  }
}
)";

constexpr std::string_view kRequiredSpec = R"(# required.hcldec: items the input must have
object {
  attr "name" {
    type     = string
    required = true
  }
  block "resources" {
    required = true
    object {
      attr "cpu" {
        type = number
      }
    }
  }
  block_list "region" {
    min_items = 1
    object {
      attr "zone" {
        type = string
      }
    }
  }
}
)";

constexpr std::string_view kNumberSpec = R"(# number.hcldec: one number
object {
  attr "count" {
    type = number
  }
}
)";

constexpr std::string_view kDynamicSpec =
    R"(# dynamic.hcldec: named listeners and ports, which dynamic blocks may generate
object {
  block_map "listener" {
    labels = ["name"]
    attr {
      name = "port"
      type = number
    }
  }
  block_list "port" {
    attr {
      name = "to"
      type = number
    }
  }
}
)";

constexpr ExampleKind kJson = ExampleKind::Json;
constexpr ExampleKind kSpecFile = ExampleKind::SpecFile;
constexpr ExampleKind kSituation = ExampleKind::Situation;
constexpr ExampleKind kConfig = ExampleKind::Config;

// Sorted by code (a test checks it).
constexpr DiagnosticCodeInfo kCodes[] = {
    {"ambiguous-attribute-key",
     {"Ambiguous attribute key"},
     Severity::Error,
     "An object key is a dotted name such as `a.b`: put it in parentheses to use the value it "
     "refers to, or in quotes for a name that contains dots.",
     "a = { net.port = 80 }\n",
     kConfig,
     kAnySpec},
    {"argument-definition-required",
     {"Argument definition required"},
     Severity::Error,
     "A one-line block holds something other than one argument: set an argument with `=`, or put "
     "the nested block on a line of its own.",
     "service { check {} }\n"},
    {"argument-or-block-definition-required",
     {"Argument or block definition required"},
     Severity::Error,
     "A body holds something that is neither an argument (`name = value`) nor a block "
     "(`type { ... }`): complete it or remove it.",
     "enabled\n"},
    {"attempt-to-get-attribute-from-null-value",
     {"Attempt to get attribute from null value"},
     Severity::Error,
     "An attribute is read (`.name`) from a null value: read it from a value that is set.",
     "a = nothing.name\n",
     kConfig,
     kVariablesSpec},
    {"attempt-to-index-null-value",
     {"Attempt to index null value"},
     Severity::Error,
     "A null value is indexed (`[...]`): index a value that is set.",
     "a = nothing[0]\n",
     kConfig,
     kVariablesSpec},
    {"attribute-redefined",
     {"Attribute redefined"},
     Severity::Error,
     "An argument is set twice in the same body: keep one of the definitions.",
     "a = 1\na = 2\n"},
    {"call-to-unknown-function",
     {"Call to unknown function"},
     Severity::Error,
     "The function called is not one the spec offers: check its name against the spec's "
     "`function` blocks.",
     "a = thrice(2)\n",
     kConfig,
     kFunctionSpec},
    {"cannot-read-spec-file",
     {"Cannot read spec file"},
     Severity::Error,
     "The spec file a file names (by `--spec`, a modeline or a project rule) exists but cannot "
     "be read (unreadable, a folder or larger than 16 MiB): fix the file or the path.",
     "# hclspec: specs/\n",
     kSituation},
    {"condition-is-null",
     {"Condition is null"},
     Severity::Error,
     "The `if` clause of a `for` expression gives null: make it give true or false.",
     "a = [for v in [1, 2] : v if null]\n",
     kConfig,
     kAnySpec},
    {"duplicate-argument",
     {"Duplicate argument"},
     Severity::Error,
     "A JSON object sets the same argument twice: keep one of the properties.",
     "{\"a\": 1, \"a\": 2}\n",
     kJson,
     kAnySpec},
    {"duplicate-attribute-definition",
     {"Duplicate attribute definition"},
     Severity::Error,
     "A JSON object that sets a block's arguments (a `block_attrs` block) sets one twice: keep "
     "one of the properties.",
     "{\"env\": {\"DEBUG\": \"1\", \"DEBUG\": \"0\"}}\n",
     kJson,
     kBlocksSpec},
    {"duplicate-block",
     {"Duplicate * block"},
     Severity::Error,
     "A block that may appear only once (a `block` spec), or a `block_map` block with the labels "
     "of an earlier one, appears again: merge the two or remove one.",
     "resources {\n  cpu = 1\n}\nresources {\n  cpu = 2\n}\n",
     kConfig,
     kBlocksSpec},
    {"duplicate-object-attribute",
     {"Duplicate object attribute"},
     Severity::Error,
     "A JSON object value has two properties of the same name: keep one of them.",
     "{\"a\": {\"port\": 80, \"port\": 81}}\n",
     kJson,
     kAnySpec},
    {"duplicate-object-key",
     {"Duplicate object key"},
     Severity::Error,
     "A `for` expression that builds an object gives the same key twice: make the keys unique, "
     "or put `...` after the value to group the values by key.",
     "a = { for name in [\"x\", \"x\"] : name => 1 }\n",
     kConfig,
     kAnySpec},
    {"error-in-function-call",
     {"Error in function call"},
     Severity::Error,
     "A function failed on the arguments it was given (the detail says why): pass arguments it "
     "can work with.",
     "a = first([])\n",
     kConfig,
     kFunctionSpec},
    {"extra-characters-after-interpolation-expression",
     {"Extra characters after interpolation expression"},
     Severity::Error,
     "An interpolation `${...}` holds more than one expression: close it after the expression, "
     "or write `$${` for a literal `${` (as in a shell script).",
     "a = \"${name suffix}\"\n"},
    {"extra-characters-in-marker",
     {"Extra characters in * marker"},
     Severity::Error,
     "A template directive (`%{ if ... }`, `%{ endif }`, ...) holds more than it takes before its "
     "`}`: remove the rest.",
     "a = \"%{ if true }yes%{ endif now }\"\n"},
    {"extraneous-data-after-value",
     {"Extraneous data after value"},
     Severity::Error,
     "A JSON file goes on after its root value: remove the rest, or put the values in an array.",
     "{}\n{}\n",
     kJson},
    {"extraneous-dynamic-block-label",
     {"Extraneous dynamic block label"},
     Severity::Error,
     "A dynamic block's `labels` has more labels than blocks of its type take: remove the "
     "extra ones.",
     "dynamic \"listener\" {\n  for_each = [80]\n  labels   = [\"a\", \"b\"]\n  content {}\n}\n",
     kConfig,
     kDynamicSpec,
     true},
    {"extraneous-dynamic-content-block",
     {"Extraneous dynamic content block"},
     Severity::Error,
     "A dynamic block has more than one `content` block: merge them into one.",
     "dynamic \"port\" {\n  for_each = [80]\n  content {}\n  content {}\n}\n",
     kConfig,
     kDynamicSpec,
     true},
    {"extraneous-json-object-property",
     {"Extraneous JSON object property"},
     Severity::Error,
     "A JSON property names neither an argument nor a block type expected here: fix its name or "
     "remove it.",
     "{\"b\": 1}\n",
     kJson,
     kAnySpec},
    {"extraneous-label",
     {"Extraneous label for *"},
     Severity::Error,
     "A block has more labels than its type takes: remove the extra labels.",
     "resources \"large\" {\n  cpu = 2\n}\n",
     kConfig,
     kBlocksSpec},
    {"extraneous-spec-block",
     {"Extraneous spec block"},
     Severity::Error,
     "A spec file's root, or a block spec's body, holds more than one spec block: keep one, or "
     "put them in an `object` or a `tuple`.",
     "object {}\nobject {}\n",
     kSpecFile},
    {"file-not-read",
     {"File not read"},
     Severity::Error,
     "`hclspec lint` was given a file in the current directory that is a symbolic link to a file "
     "outside it, which it does not read: lint the file where it lives.",
     "ln -s /etc/app.hcl app.hcl && hclspec lint app.hcl\n",
     kSituation},
    {"file-too-large",
     {"File too large"},
     Severity::Error,
     "The file is larger than 4 GiB, the most HCL tools address, so only its first 4 GiB were "
     "checked: split it.",
     "(a file of more than 4 GiB)\n",
     kSituation},
    {"function-calls-not-allowed",
     {"Function calls not allowed"},
     Severity::Error,
     "An expression calls a function where the spec offers none: write the value, or declare the "
     "function in the spec with a `function` block.",
     "a = upper(\"web\")\n",
     kConfig,
     kAnySpec},
    {"inconsistent-block-types",
     {"Unconsistent argument types in * blocks"},
     Severity::Error,
     "Blocks read as a list give values of types that cannot be made one (an argument of type "
     "`any` is a number in one block and a list in another): give them values of one type.",
     "region {\n  zone = 1\n}\nregion {\n  zone = [1]\n}\n",
     kConfig,
     kBlocksSpec},
    {"inconsistent-conditional-result-types",
     {"Inconsistent conditional result types"},
     Severity::Error,
     "The two results of a conditional (`c ? x : y`) have types that cannot be made one: give "
     "them values of one type.",
     "a = true ? 1 : [1]\n",
     kConfig,
     kAnySpec},
    {"incorrect-attribute-value-type",
     {"Incorrect attribute value type"},
     Severity::Error,
     "An argument's value does not convert to the type the spec gives it: give a value of that "
     "type.",
     "count = \"many\"\n",
     kConfig,
     kNumberSpec},
    {"incorrect-condition-type",
     {"Incorrect condition type"},
     Severity::Error,
     "The condition of a conditional (`c ? x : y`, or `%{ if c }`) is not a bool: make it true "
     "or false.",
     "a = \"maybe\" ? 1 : 2\n",
     kConfig,
     kAnySpec},
    {"incorrect-json-value-type",
     {"Incorrect JSON value type"},
     Severity::Error,
     "A JSON value where a block or a body belongs is not an object (or an array of objects): "
     "write it as an object.",
     "{\"resources\": 1}\n",
     kJson,
     kBlocksSpec},
    {"incorrect-key-type",
     {"Incorrect key type"},
     Severity::Error,
     "An object key's value is not a string and does not convert to one: use a string.",
     "a = { ([\"x\"]) = 1 }\n",
     kConfig,
     kAnySpec},
    {"insufficient-blocks",
     {"Insufficient * blocks"},
     Severity::Error,
     "There are fewer blocks of a type than the spec's `min_items`: add blocks.",
     "name = \"web\"\nresources {}\n",
     kConfig,
     kRequiredSpec},
    {"insufficient-dynamic-block-labels",
     {"Insufficient dynamic block labels"},
     Severity::Error,
     "A dynamic block's `labels` has fewer labels than blocks of its type take: add them.",
     "dynamic \"listener\" {\n  for_each = [80]\n  labels   = []\n  content {}\n}\n",
     kConfig,
     kDynamicSpec,
     true},
    {"invalid-argument-name",
     {"Invalid argument name"},
     Severity::Error,
     "An argument's name is quoted: write it without quotes.",
     "\"name\" = \"web\"\n"},
    {"invalid-array-value",
     {"Invalid array value"},
     Severity::Error,
     "A JSON array has a colon after a value: separate values with commas, and use an object for "
     "names and values.",
     "[\"a\": 1]\n",
     kJson},
    {"invalid-attribute-name",
     {"Invalid attribute name"},
     Severity::Error,
     "A dot is not followed by an attribute name: write the name after the dot.",
     "a = ports.\n"},
    {"invalid-attribute-value",
     {"Invalid attribute value"},
     Severity::Error,
     "An argument of a `block_attrs` block has a value that does not convert to the spec's "
     "element type: give a value of that type.",
     "env {\n  DEBUG = [1]\n}\n",
     kConfig,
     kBlocksSpec},
    {"invalid-block-definition",
     {"Invalid block definition"},
     Severity::Error,
     "A block header is broken (an `=` after the labels, or no `{` on the header's line): write "
     "`type \"label\" {` on one line.",
     "network \"lan\" = {}\n"},
    {"invalid-block-label-name-list",
     {"Invalid block label name list"},
     Severity::Error,
     "A `block_map` spec names no labels: give it `labels = [\"name\"]`.",
     "object {\n  block_map \"task\" {\n    object {}\n  }\n}\n",
     kSpecFile},
    {"invalid-block-map-spec",
     {"Invalid block_map spec"},
     Severity::Error,
     "A `block_map` spec's nested spec has an attribute of type `any`, which a map of blocks "
     "cannot hold: give the attribute a type.",
     "object {\n  block_map \"task\" {\n    labels = [\"name\"]\n    object {\n      attr \"v\" "
     "{\n        type = any\n      }\n    }\n  }\n}\n",
     kSpecFile},
    {"invalid-character",
     {"Invalid character"},
     Severity::Error,
     "A character HCL does not use (`;`, `'`, `` ` `` and others) is in the text: remove it; "
     "strings take double quotes, and arguments are separated by newlines.",
     "a = 'web'\n"},
    {"invalid-character-encoding",
     {"Invalid character encoding"},
     Severity::Error,
     "The file is not valid UTF-8: save it in UTF-8.",
     "a = \"\xff\"\n"},
    {"invalid-dynamic-block-label",
     {"Invalid dynamic block label"},
     Severity::Error,
     "A dynamic block's label is null, unknown or not a string: make each label a string "
     "known where the block is read.",
     "dynamic \"listener\" {\n  for_each = [null]\n  labels   = [listener.value]\n  content "
     "{}\n}\n",
     kConfig,
     kDynamicSpec,
     true},
    {"invalid-dynamic-for-each-value",
     {"Invalid dynamic for_each value"},
     Severity::Error,
     "A dynamic block's `for_each` is null or not a collection: give a list, set, map or "
     "object to generate one block per element.",
     "dynamic \"port\" {\n  for_each = \"80\"\n  content {}\n}\n",
     kConfig,
     kDynamicSpec,
     true},
    {"invalid-dynamic-iterator-name",
     {"Invalid dynamic iterator name"},
     Severity::Error,
     "A dynamic block's `iterator` is more than a name: write one name, which `content` and "
     "`labels` then use for the element.",
     "dynamic \"port\" {\n  for_each = [80]\n  iterator = p.q\n  content {}\n}\n",
     kConfig,
     kDynamicSpec,
     true},
    {"invalid-escape-sequence",
     {"Invalid escape sequence"},
     Severity::Error,
     "A backslash in a quoted string starts no escape HCL knows (`\\n`, `\\r`, `\\t`, `\\\"`, "
     "`\\\\`, `\\uNNNN`, `\\UNNNNNNNN`): double it for a backslash.",
     "path = \"C:\\data\"\n"},
    {"invalid-expanding-argument-value",
     {"Invalid expanding argument value"},
     Severity::Error,
     "The last argument of a call is expanded with `...` but is null or not a list, set or "
     "tuple: pass a list.",
     "a = twice(2...)\n",
     kConfig,
     kFunctionSpec},
    {"invalid-expression",
     {"Invalid expression"},
     Severity::Error,
     "An expression is expected but something else is there (or, in a spec file, a function's "
     "`params` is not a list): write a value.",
     "a = )\n"},
    {"invalid-for-condition",
     {"Invalid 'for' condition"},
     Severity::Error,
     "The `if` clause of a `for` expression does not give a bool: make it give true or false.",
     "a = [for v in [1, 2] : v if \"maybe\"]\n",
     kConfig,
     kAnySpec},
    {"invalid-for-directive",
     {"Invalid 'for' directive"},
     Severity::Error,
     "A `%{ for }` template directive is incomplete: write `%{ for name in collection }`.",
     "a = \"%{ for }x%{ endfor }\"\n"},
    {"invalid-for-expression",
     {"Invalid 'for' expression"},
     Severity::Error,
     "A `for` expression is incomplete or mixes its two forms: write `[for v in list : v]` for a "
     "tuple, `{for k, v in map : k => v}` for an object.",
     "a = [for v in [1] : v => v]\n"},
    {"invalid-function-argument",
     {"Invalid function argument"},
     Severity::Error,
     "An argument does not suit the function's parameter (the detail says which and why): pass "
     "a value it takes.",
     "variables {\n  size = abs(\"large\")\n}\nobject {}\n",
     kSpecFile},
    {"invalid-index",
     {"Invalid index"},
     Severity::Error,
     "An index does not select an element of the collection (out of range, of the wrong type, "
     "or into a set): use an index the collection has.",
     "a = [1, 2][5]\n",
     kConfig,
     kAnySpec},
    {"invalid-json-keyword",
     {"Invalid JSON keyword"},
     Severity::Error,
     "A bare word in JSON is not `true`, `false` or `null`: write one of those, or quote the "
     "word to make a string.",
     "{\"a\": True}\n",
     kJson},
    {"invalid-json-number",
     {"Invalid JSON number"},
     Severity::Error,
     "A number in JSON is not written as JSON writes numbers: fix it.",
     "{\"a\": 01}\n",
     kJson},
    {"invalid-json-string",
     {"Invalid JSON string"},
     Severity::Error,
     "A string in JSON has an escape JSON does not know: fix it (`\\\\` for a backslash).",
     "{\"a\": \"C:\\data\"}\n",
     kJson},
    {"invalid-legacy-index-syntax",
     {"Invalid legacy index syntax"},
     Severity::Error,
     "Two indexes are chained in the legacy form (`list.0.1`): write `list[0][1]`.",
     "a = list.0.1\n"},
    {"invalid-multi-line-string",
     {"Invalid multi-line string"},
     Severity::Error,
     "A quoted string runs over more than one line: use `\\n` for a newline, or a heredoc "
     "(`<<EOT`).",
     "a = \"one\ntwo\"\n"},
    {"invalid-number-literal",
     {"Invalid number literal"},
     Severity::Error,
     "A number is not written as HCL writes numbers: fix it.",
     "version = 1.2.3\n"},
    {"invalid-object-key",
     {"Invalid object key"},
     Severity::Error,
     "The key of a `for` expression that builds an object is null or not a string: give a "
     "string.",
     "a = { for v in [null] : v => 1 }\n",
     kConfig,
     kAnySpec},
    {"invalid-object-key-expression",
     {"Invalid object key expression"},
     Severity::Error,
     "A JSON property name's template gives null or a value that is not a string: make it give "
     "a string.",
     "{\"a\": {\"${nothing}\": 1}}\n",
     kJson,
     kVariablesSpec},
    {"invalid-object-property-name",
     {"Invalid object property name"},
     Severity::Error,
     "A JSON property name is not a string: quote it.",
     "{1: 2}\n",
     kJson},
    {"invalid-operand",
     {"Invalid operand"},
     Severity::Error,
     "An operand does not suit its operator (text added to a number, a number negated with "
     "`!`): give it a value of the type the operator takes.",
     "a = 1 + \"one\"\n",
     kConfig,
     kAnySpec},
    {"invalid-param-element",
     {"Invalid param element"},
     Severity::Error,
     "A function's parameter name in a spec file is not an identifier: write the bare name.",
     "function \"f\" {\n  params = [\"x\"]\n  result = 1\n}\nobject {}\n",
     kSpecFile},
    {"invalid-single-argument-block-definition",
     {"Invalid single-argument block definition"},
     Severity::Error,
     "A one-line block holds more than one argument or is not closed on its line: put each "
     "argument on a line of its own.",
     "limits { cpu = 1, memory = 2 }\n"},
    {"invalid-start-of-value",
     {"Invalid start of value"},
     Severity::Error,
     "A JSON value starts with a character no value starts with: write an object, array, "
     "string, number, `true`, `false` or `null`.",
     "{\"a\": ?}\n",
     kJson},
    {"invalid-string-literal",
     {"Invalid string literal"},
     Severity::Error,
     "A block label holds a template sequence (`${` or `%{`) or a line break: labels are plain "
     "strings; double the `$` or `%` for a literal one.",
     "network \"${name}\" {}\n"},
    {"invalid-template-control-keyword",
     {"Invalid template control keyword"},
     Severity::Error,
     "A template directive's keyword is not `if`, `else`, `endif`, `for` or `endfor`: fix it.",
     "a = \"%{ iff true }yes%{ endif }\"\n"},
    {"invalid-template-directive",
     {"Invalid template directive"},
     Severity::Error,
     "A `%{` sequence does not start with a directive keyword: write `%{ if ... }` or "
     "`%{ for ... }`, or `%%{` for a literal `%{`.",
     "a = \"%{ 1 }\"\n"},
    {"invalid-template-interpolation-value",
     {"Invalid template interpolation value"},
     Severity::Error,
     "An interpolation in a string gives null or a value that is not text (a list, an object): "
     "give it a string, number or bool.",
     "a = \"id-${[1]}\"\n",
     kConfig,
     kAnySpec},
    {"invalid-transform-spec",
     {"Invalid transform spec"},
     Severity::Error,
     "A `transform` spec does not hold exactly one nested spec: give it one.",
     "transform {\n  result = nested\n}\n",
     kSpecFile},
    {"invalid-type-specification",
     {"Invalid type specification"},
     Severity::Error,
     "A spec's type is not a type expression (`string`, `number`, `bool`, `any`, `list(...)`, "
     "`map(...)`, `object({...})`, ...): fix it.",
     "attr {\n  name = \"a\"\n  type = text\n}\n",
     kSpecFile},
    {"invalid-variadic-param",
     {"Invalid variadic_param"},
     Severity::Error,
     "A function's `variadic_param` in a spec file is not an identifier: write the bare name.",
     "function \"f\" {\n  params         = []\n  variadic_param = \"rest\"\n  result         = "
     "1\n}\nobject {}\n",
     kSpecFile},
    {"iteration-over-non-iterable-value",
     {"Iteration over non-iterable value"},
     Severity::Error,
     "A `for` expression or directive iterates over a value that is not a collection: give it a "
     "list, set, tuple, map or object.",
     "a = [for v in 5 : v]\n",
     kConfig,
     kAnySpec},
    {"iteration-over-null-value",
     {"Iteration over null value"},
     Severity::Error,
     "A `for` expression or directive iterates over null: give it a collection.",
     "a = [for v in null : v]\n",
     kConfig,
     kAnySpec},
    {"mismatched-braces",
     {"Mismatched braces"},
     Severity::Error,
     "A JSON object is closed with `]`: close it with `}`.",
     "{\"a\": 1]\n",
     kJson},
    {"mismatched-brackets",
     {"Mismatched brackets"},
     Severity::Error,
     "A JSON array is closed with `}`: close it with `]`.",
     "[1}\n",
     kJson},
    {"missing-argument-separator",
     {"Missing argument separator"},
     Severity::Error,
     "Two arguments of a function call are not separated: put a comma between them.",
     "a = max(1 2)\n"},
    {"missing-array-element-value",
     {"Missing array element value"},
     Severity::Error,
     "A JSON value is missing before a `]`: write the value.",
     "{\"a\": ]}\n",
     kJson},
    {"missing-attribute-separator",
     {"Missing attribute separator"},
     Severity::Error,
     "Two attributes of an object are not separated: put a comma or a newline between them.",
     "a = { x = 1 y = 2 }\n"},
    {"missing-attribute-separator-comma",
     {"Missing attribute seperator comma"},
     Severity::Error,
     "Two properties of a JSON object, or two values of an array, are not separated: put a "
     "comma between them.",
     "{\"a\": 1 \"b\": 2}\n",
     kJson},
    {"missing-attribute-value",
     {"Missing attribute value"},
     Severity::Error,
     "An object's attribute has a name and no value: give it one with `=`.",
     "a = { x, y }\n"},
    {"missing-block",
     {"Missing * block"},
     Severity::Error,
     "A block the spec requires is absent (in a spec file, the spec block itself): add it.",
     "name = \"web\"\nregion {\n  zone = \"a\"\n}\n",
     kConfig,
     kRequiredSpec},
    {"missing-block-label",
     {"Missing block label"},
     Severity::Error,
     "A JSON object for labelled blocks has no property naming a label: nest the block's body "
     "in a property named after the label.",
     "{\"task\": {}}\n",
     kJson,
     kBlocksSpec},
    {"missing-block-type",
     {"Missing block_type in * spec"},
     Severity::Error,
     "A block spec in a spec file has neither a label nor a `block_type` naming the block type "
     "it reads: add one.",
     "block_list {\n  object {}\n}\n",
     kSpecFile},
    {"missing-close-bracket-on-index",
     {"Missing close bracket on index"},
     Severity::Error,
     "An index `[...]` is not closed after its key: close it with `]`.",
     "a = list[0 1]\n"},
    {"missing-close-bracket-on-splat-index",
     {"Missing close bracket on splat index"},
     Severity::Error,
     "A full splat `[*` is not followed by `]`: write `[*]`.",
     "a = list[*id]\n"},
    {"missing-closing-parenthesis",
     {"Missing closing parenthesis"},
     Severity::Error,
     "An argument expanded with `...` is not the last of the call: close the call after it.",
     "a = max(list..., 1)\n"},
    {"missing-dynamic-content-block",
     {"Missing dynamic content block"},
     Severity::Error,
     "A dynamic block has no `content` block: add one, the body of each generated block.",
     "dynamic \"port\" {\n  for_each = [80]\n}\n",
     kConfig,
     kDynamicSpec,
     true},
    {"missing-expression",
     {"Missing expression"},
     Severity::Error,
     "The file ends where an expression is expected: write the value.",
     "a ="},
    {"missing-false-expression-in-conditional",
     {"Missing false expression in conditional"},
     Severity::Error,
     "A conditional has no false result: write `condition ? x : y`.",
     "a = true ? 1\n"},
    {"missing-function-name",
     {"Missing function name"},
     Severity::Error,
     "A `::` in a function call is not followed by a name: write `namespace::name(...)`.",
     "a = provider::(1)\n"},
    {"missing-item-separator",
     {"Missing item separator"},
     Severity::Error,
     "Two items of a tuple are not separated: put a comma between them.",
     "a = [1 2]\n"},
    {"missing-json-value",
     {"Missing JSON value"},
     Severity::Error,
     "A JSON value is missing before a `}`: write the value.",
     "{\"a\": }\n",
     kJson},
    {"missing-key-value-separator",
     {"Missing key/value separator"},
     Severity::Error,
     "An object's key is not followed by `=` (or `:`): write `key = value`, and quote a key that "
     "has dots or spaces.",
     "a = { x 1 }\n"},
    {"missing-label",
     {"Missing * for *"},
     Severity::Error,
     "A block has fewer labels than its type takes: add the missing labels.",
     "task {\n  driver = \"docker\"\n}\n",
     kConfig,
     kBlocksSpec},
    {"missing-map-element",
     {"Missing map element"},
     Severity::Error,
     "An element is read (`.key`) from a map that does not have that key: use a key it has.",
     "a = (true ? { http = 80 } : { https = 443 }).ssh\n",
     kConfig,
     kAnySpec},
    {"missing-name-in-attribute-spec",
     {"Missing name in attribute spec"},
     Severity::Error,
     "An `attr` spec has neither a label nor a `name` naming the argument it reads: add one.",
     "attr {\n  type = string\n}\n",
     kSpecFile},
    {"missing-newline-after-argument",
     {"Missing newline after argument"},
     Severity::Error,
     "An argument is followed by more on its line: put the next argument on a line of its own.",
     "a = 1 b = 2\n"},
    {"missing-newline-after-block-definition",
     {"Missing newline after block definition"},
     Severity::Error,
     "A block's closing brace is followed by more on its line: put the rest on a line of its "
     "own.",
     "limits {} count = 1\n"},
    {"missing-object-value",
     {"Missing object value"},
     Severity::Error,
     "A JSON property has a name and no value: write `\"name\": value`.",
     "{\"a\"}\n",
     kJson},
    {"missing-open-parenthesis",
     {"Missing open parenthesis"},
     Severity::Error,
     "A namespaced function name (`namespace::name`) is not followed by `(`: call it with "
     "arguments in parentheses.",
     "a = provider::func\n"},
    {"missing-property-value-colon",
     {"Missing property value colon"},
     Severity::Error,
     "A JSON property's name is not followed by a colon (or is followed by `=`): write "
     "`\"name\": value`.",
     "{\"a\" = 1}\n",
     kJson},
    {"missing-required-argument",
     {"Missing required argument"},
     Severity::Error,
     "An argument the spec requires is not set: set it.",
     "resources {}\nregion {\n  zone = \"a\"\n}\n",
     kConfig,
     kRequiredSpec},
    {"missing-value",
     {"Missing value"},
     Severity::Error,
     "A JSON file ends where a value is expected: write the value and close what is open.",
     "{\"a\": ",
     kJson},
    {"nested-splat-expression-not-allowed",
     {"Nested splat expression not allowed"},
     Severity::Error,
     "An attribute-only splat (`.*`) holds another one: use a `for` expression.",
     "a = list.*.*.id\n"},
    {"nesting-too-deep",
     {"Nesting too deep"},
     Severity::Error,
     "Blocks, expressions, template directives or JSON values nest more than 10,000 levels "
     "deep, and the deeper part was skipped: flatten the structure.",
     "a = [[[[[[ ... ]]]]]]  # 10,001 levels\n",
     kSituation},
    {"not-enough-function-arguments",
     {"Not enough function arguments"},
     Severity::Error,
     "A function is called with fewer arguments than it takes: pass the missing ones.",
     "a = twice()\n",
     kConfig,
     kFunctionSpec},
    {"null-condition",
     {"Null condition"},
     Severity::Error,
     "The condition of a conditional (`c ? x : y`, or `%{ if c }`) is null: make it true or "
     "false.",
     "a = null ? 1 : 2\n",
     kConfig,
     kAnySpec},
    {"null-value-as-key",
     {"Null value as key"},
     Severity::Error,
     "An object key's value is null: give a string.",
     "a = { (null) = 1 }\n",
     kConfig,
     kAnySpec},
    {"operation-failed",
     {"Operation failed"},
     Severity::Error,
     "An operator failed on its operands (the detail says why, e.g. zero times infinity): "
     "change the operands.",
     "a = 0 * (1 / 0)\n",
     kConfig,
     kAnySpec},
    {"root-value-must-be-object",
     {"Root value must be object"},
     Severity::Error,
     "A JSON file's root value is not an object or an array of objects: wrap the content in "
     "`{...}`.",
     "\"web\"\n",
     kJson},
    {"spec-unusable",
     {"The spec for this file cannot be used", "Spec file not usable", "Spec file has errors"},
     Severity::Error,
     "The spec chosen for the file (by `--spec`, a modeline or a project rule) is missing, out of "
     "bounds or has errors of its own, so the file is checked for syntax only: fix the spec or "
     "the reference to it.",
     "# hclspec: missing.hcldec\nname = \"web\"\n",
     kSituation},
    {"splat-of-null-value",
     {"Splat of null value"},
     Severity::Error,
     "A full splat (`[*]`) is applied to a null list or tuple: apply it to a collection.",
     "a = (true ? null : [1])[*]\n",
     kConfig,
     kAnySpec},
    {"too-many-blocks",
     {"Too many * blocks"},
     Severity::Error,
     "There are more blocks of a type than the spec's `max_items`: remove blocks.",
     "region {}\nregion {}\nregion {}\n",
     kConfig,
     kBlocksSpec},
    {"too-many-function-arguments",
     {"Too many function arguments"},
     Severity::Error,
     "A function is called with more arguments than it takes: remove the extra ones.",
     "a = twice(1, 2)\n",
     kConfig,
     kFunctionSpec},
    {"trailing-comma-in-array",
     {"Trailing comma in array"},
     Severity::Error,
     "A JSON array has a comma after its last value: remove it.",
     "[{}, ]\n",
     kJson},
    {"trailing-comma-in-object",
     {"Trailing comma in object"},
     Severity::Error,
     "A JSON object has a comma after its last property: remove it.",
     "{\"a\": 1, }\n",
     kJson},
    {"unbalanced-parentheses",
     {"Unbalanced parentheses"},
     Severity::Error,
     "A parenthesized expression is not closed after it: close it with `)`.",
     "a = (1 + 2 3)\n"},
    {"unclosed-configuration-block",
     {"Unclosed configuration block"},
     Severity::Error,
     "A block's `{` has no matching `}` before the end of the file: close it (the braces may be "
     "unbalanced anywhere after it).",
     "resources {\n  cpu = 1\n"},
    {"unclosed-object",
     {"Unclosed object"},
     Severity::Error,
     "A JSON object or array has no closing `}` or `]` before the end of the file: close it.",
     "{\"a\": 1\n",
     kJson},
    {"unclosed-template-interpolation-sequence",
     {"Unclosed template interpolation sequence"},
     Severity::Error,
     "An interpolation `${` has no closing `}` before the end of its string: close it.",
     "a = \"${name\"\n"},
    {"unexpected-block",
     {"Unexpected \"*\" block"},
     Severity::Error,
     "A block is inside a body that holds only arguments (a `block_attrs` block, a spec file's "
     "`variables`): move it out or make it an argument.",
     "env {\n  extra {}\n}\n",
     kConfig,
     kBlocksSpec},
    {"unexpected-comma-after-argument",
     {"Unexpected comma after argument"},
     Severity::Error,
     "An argument is followed by a comma: separate arguments with newlines.",
     "a = 1,\n"},
    {"unexpected-directive",
     {"Unexpected * directive"},
     Severity::Error,
     "A template's `%{ else }`, `%{ endif }` or `%{ endfor }` has no directive it closes: "
     "balance the directives.",
     "a = \"%{ endif }\"\n"},
    {"unexpected-end-of-template",
     {"Unexpected end of template"},
     Severity::Error,
     "A template's `%{ if }` or `%{ for }` is not closed: add `%{ endif }` or `%{ endfor }`.",
     "a = \"%{ if true }yes\"\n"},
    {"unknown-ignore-code",
     {"Unknown diagnostic code \"*\""},
     Severity::Warning,
     "A suppression comment (`# hclspec-ignore: CODE`) names a code that does not exist, so it "
     "silences nothing for it: write one of the codes listed here.",
     "# hclspec-ignore: unsupported-argumnet\nb = 1\n",
     kConfig,
     kAnySpec},
    {"unknown-variable",
     {"Unknown variable"},
     Severity::Error,
     "An expression names a variable the spec does not define: check the name against the "
     "spec's `variables`.",
     "a = port\n",
     kConfig,
     kVariablesSpec},
    {"unsupported-argument",
     {"Unsupported argument"},
     Severity::Error,
     "An argument is not one the spec expects here: fix its name or remove it.",
     "b = 1\n",
     kConfig,
     kAnySpec},
    {"unsupported-attribute",
     {"Unsupported attribute"},
     Severity::Error,
     "An attribute is read (`.name`) from a value that does not have it: use one it has.",
     "a = ports.ssh\n",
     kConfig,
     kVariablesSpec},
    {"unsupported-block-type",
     {"Unsupported block type"},
     Severity::Error,
     "A block's type is not one the spec expects here: fix its name or remove it.",
     "resources {}\n",
     kConfig,
     kAnySpec},
    {"unsupported-operator",
     {"Unsupported operator"},
     Severity::Error,
     "A bitwise operator (`&`, `|`, `^`, `~`) is used: HCL has none; use `&&`, `||` or `!` for "
     "booleans.",
     "a = true & false\n"},
    {"unterminated-function-call",
     {"Unterminated function call"},
     Severity::Error,
     "A function call has no closing `)` before the end of the file: close it.",
     "a = max(1, 2\n"},
    {"unterminated-object-constructor-expression",
     {"Unterminated object constructor expression"},
     Severity::Error,
     "An object `{` has no closing `}` before the end of the file: close it.",
     "a = { x = 1"},
    {"unterminated-string-literal",
     {"Unterminated string literal"},
     Severity::Error,
     "A quoted block label has no closing quote before the end of the file: close it.",
     "network \"lan"},
    {"unterminated-template-string",
     {"Unterminated template string"},
     Severity::Error,
     "A quoted string or heredoc has no closing quote or marker: close it.",
     "a = \"web"},
    {"unterminated-tuple-constructor-expression",
     {"Unterminated tuple constructor expression"},
     Severity::Error,
     "A tuple `[` has no closing `]` before the end of the file: close it.",
     "a = [1, 2\n"},
    {"useless-default-block",
     {"Useless default block"},
     Severity::Warning,
     "A `default` spec holds only one nested spec, so it changes nothing: add the fallback "
     "specs, or use the one spec alone.",
     "default {\n  literal {\n    value = 1\n  }\n}\n",
     kSpecFile},
    {"variables-not-allowed",
     {"Variables not allowed"},
     Severity::Error,
     "An expression refers to a variable where the spec defines none: write the value, or give "
     "the spec a `variables` block.",
     "a = name\n",
     kConfig,
     kAnySpec},
};

// Whether `text` matches `pattern`, where "*" stands for any run of characters.
bool glob_match(std::string_view pattern, std::string_view text) {
  const size_t star = pattern.find('*');
  if (star == std::string_view::npos) return pattern == text;
  if (!text.starts_with(pattern.substr(0, star))) return false;
  const std::string_view rest = pattern.substr(star + 1);
  for (size_t from = star; from <= text.size(); ++from)
    if (glob_match(rest, text.substr(from))) return true;
  return false;
}

// The summaries without "*", sorted, each with its entry: most summaries are found here by a
// binary search, since every diagnostic of a document is looked up.
struct Summaries {
  std::vector<std::pair<std::string_view, const DiagnosticCodeInfo*>> exact;
  std::vector<const DiagnosticCodeInfo*> with_names;  // entries with a "*" summary
};

const Summaries& summaries() {
  static const Summaries built = [] {
    Summaries out;
    for (const DiagnosticCodeInfo& info : kCodes) {
      bool named = false;
      for (std::string_view summary : info.summary_patterns()) {
        if (summary.find('*') == std::string_view::npos)
          out.exact.emplace_back(summary, &info);
        else
          named = true;
      }
      if (named) out.with_names.push_back(&info);
    }
    std::sort(out.exact.begin(), out.exact.end());
    return out;
  }();
  return built;
}

}  // namespace

std::span<const std::string_view> DiagnosticCodeInfo::summary_patterns() const {
  size_t count = 0;
  while (count < summaries.size() && !summaries[count].empty()) ++count;
  return std::span(summaries.data(), count);
}

bool DiagnosticCodeInfo::matches(std::string_view summary) const {
  for (std::string_view pattern : summary_patterns())
    if (glob_match(pattern, summary)) return true;
  return false;
}

std::span<const DiagnosticCodeInfo> diagnostic_codes() {
  return kCodes;
}

const DiagnosticCodeInfo* find_diagnostic_code(std::string_view code) {
  const auto found = std::lower_bound(
      std::begin(kCodes), std::end(kCodes), code,
      [](const DiagnosticCodeInfo& info, std::string_view c) { return info.code < c; });
  return found != std::end(kCodes) && found->code == code ? &*found : nullptr;
}

const DiagnosticCodeInfo* find_diagnostic_summary(std::string_view summary) {
  const Summaries& all = summaries();
  const auto found =
      std::lower_bound(all.exact.begin(), all.exact.end(), summary,
                       [](const auto& entry, std::string_view s) { return entry.first < s; });
  if (found != all.exact.end() && found->first == summary) return found->second;
  for (const DiagnosticCodeInfo* info : all.with_names)
    if (info->matches(summary)) return info;
  return nullptr;
}

}  // namespace hclspec::features
