// vscode_grammar_test: tokenizes the repository's HCL fixtures with the extension's TextMate grammar, as VS Code does (vscode-textmate + vscode-oniguruma), and checks the scopes of key tokens.
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { before, describe, test } from "node:test";
import * as oniguruma from "vscode-oniguruma";
import * as textmate from "vscode-textmate";

// The runner says where the extension and its node_modules are: this file runs from a bundle.
const extensionDir = process.env.HCLSPEC_EXTENSION_DIR ?? path.resolve(__dirname, "..");
const repoRoot = path.resolve(extensionDir, "..", "..");
const fixture = (name: string) => path.join(repoRoot, "fixtures", name);

interface Token {
  start: number;
  end: number;
  scopes: string[];
}

let grammar: textmate.IGrammar;

before(async () => {
  const wasm = fs.readFileSync(path.join(extensionDir, "node_modules/vscode-oniguruma/release/onig.wasm"));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new textmate.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns: string[]) => new oniguruma.OnigScanner(patterns),
      createOnigString: (text: string) => new oniguruma.OnigString(text),
    }),
    loadGrammar: async (scopeName: string) => {
      if (scopeName !== "source.hcl") return null;
      const file = path.join(extensionDir, "syntaxes/hcl.tmLanguage.json");
      return textmate.parseRawGrammar(fs.readFileSync(file, "utf8"), file);
    },
  });
  const loaded = await registry.loadGrammar("source.hcl");
  assert.ok(loaded, "the grammar source.hcl did not load");
  grammar = loaded;
});

/** Every line's tokens, carrying the rule stack from line to line as VS Code does. */
function tokenize(text: string): { lines: string[]; tokens: Token[][] } {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  let stack = textmate.INITIAL;
  const tokens = lines.map((line) => {
    const result = grammar.tokenizeLine(line, stack);
    stack = result.ruleStack;
    return result.tokens.map((t) => ({ start: t.startIndex, end: t.endIndex, scopes: t.scopes }));
  });
  return { lines, tokens };
}

const cache = new Map<string, ReturnType<typeof tokenize>>();
function tokensOf(file: string) {
  let found = cache.get(file);
  if (!found) {
    found = tokenize(fs.readFileSync(file, "utf8"));
    cache.set(file, found);
  }
  return found;
}

/** The scopes of every token covering `needle` (its `nth` occurrence) on 1-based `line`. */
function scopesOf(file: string, line: number, needle: string, nth = 1): string[][] {
  const { lines, tokens } = tokensOf(file);
  const text = lines[line - 1];
  assert.ok(text !== undefined, `${file} has no line ${line}`);
  let at = -1;
  for (let i = 0; i < nth; i++) {
    at = text.indexOf(needle, at + 1);
    assert.ok(at >= 0, `line ${line} of ${path.basename(file)} has no ${nth}. "${needle}": ${text}`);
  }
  const end = at + needle.length;
  return tokens[line - 1].filter((t) => t.start < end && t.end > at).map((t) => t.scopes);
}

function describeScopes(all: string[][]): string {
  return all.map((s) => s.join(" ")).join(" | ");
}

/** Every token of `needle` has a scope starting with `scope` (a TextMate selector's prefix rule). */
function expectScope(file: string, line: number, needle: string, scope: string, nth = 1) {
  const all = scopesOf(file, line, needle, nth);
  const ok = all.every((scopes) => scopes.some((s) => s === scope || s.startsWith(scope + ".")));
  assert.ok(ok, `${path.basename(file)}:${line} "${needle}" should be ${scope}, is ${describeScopes(all)}`);
}

function expectNoScope(file: string, line: number, needle: string, scope: string, nth = 1) {
  const all = scopesOf(file, line, needle, nth);
  const bad = all.some((scopes) => scopes.some((s) => s === scope || s.startsWith(scope + ".")));
  assert.ok(!bad, `${path.basename(file)}:${line} "${needle}" should not be ${scope}, is ${describeScopes(all)}`);
}

describe("comments (fixtures/syntax/comments.hcl)", () => {
  const file = fixture("syntax/comments.hcl");
  test("line comments with # and //", () => {
    expectScope(file, 1, "# A hash comment", "comment.line.number-sign.hcl");
    expectScope(file, 2, "// A slash comment", "comment.line.double-slash.hcl");
    expectScope(file, 7, "# trailing hash", "comment.line.number-sign.hcl");
    expectNoScope(file, 7, "a", "comment");
  });
  test("block comments, also across lines and inside expressions and headers", () => {
    expectScope(file, 3, "/* A block comment */", "comment.block.hcl");
    expectScope(file, 5, "A multi-line block comment", "comment.block.hcl");
    expectScope(file, 6, "*/", "comment.block.hcl");
    expectScope(file, 9, "/* inline */", "comment.block.hcl");
    expectScope(file, 9, "3", "constant.numeric.integer.hcl");
    expectScope(file, 10, "/* before label */", "comment.block.hcl");
    expectScope(file, 10, "block", "entity.name.type.hcl");
    expectScope(file, 10, '"label"', "entity.name.label.hcl");
    expectScope(file, 10, "/* before brace */", "comment.block.hcl");
    expectScope(file, 14, "/* before an element */", "comment.block.hcl");
  });
});

describe("strings and templates (fixtures/syntax/templates.hcl)", () => {
  const file = fixture("syntax/templates.hcl");
  test("quoted strings", () => {
    expectScope(file, 2, '"hello"', "string.quoted.double.hcl");
    expectScope(file, 2, '"', "punctuation.definition.string.begin.hcl");
  });
  test("interpolation: its punctuation and the expression inside, which is not string text", () => {
    expectScope(file, 3, "${", "punctuation.section.interpolation.begin.hcl");
    expectScope(file, 3, "name", "meta.interpolation.hcl");
    expectScope(file, 3, "name", "variable.other.readwrite.hcl");
    expectScope(file, 3, "name", "meta.embedded.line.hcl");
    expectScope(file, 4, "+", "keyword.operator.arithmetic.hcl");
    expectScope(file, 4, "f", "entity.name.function.hcl");
    expectScope(file, 4, " and ", "string.quoted.double.hcl");
    expectNoScope(file, 4, " and ", "meta.interpolation.hcl");
  });
  test("escapes", () => {
    expectScope(file, 5, "\\t", "constant.character.escape.hcl");
    expectScope(file, 5, '\\"', "constant.character.escape.hcl");
    expectScope(file, 5, "\\u00e9", "constant.character.escape.hcl");
    expectScope(file, 5, "\\U0001F600", "constant.character.escape.hcl");
    expectScope(file, 6, "$${", "constant.character.escape.hcl");
    expectScope(file, 6, "%%{", "constant.character.escape.hcl");
    expectNoScope(file, 6, "literal", "meta.interpolation.hcl");
  });
  test("strip markers and directives with their keywords", () => {
    expectScope(file, 7, "~", "keyword.operator.template.trim.hcl");
    expectScope(file, 8, "%{", "punctuation.section.directive.begin.hcl");
    expectScope(file, 8, "if", "keyword.control.hcl", 2);
    expectScope(file, 8, "else", "keyword.control.hcl");
    expectScope(file, 8, "endif", "keyword.control.hcl");
    expectScope(file, 8, "on", "string.quoted.double.hcl", 1);
    expectNoScope(file, 8, "off", "meta.directive.hcl");
    expectScope(file, 9, "for", "keyword.control.hcl", 2);
    expectScope(file, 9, "in", "keyword.control.hcl", 1);
    expectScope(file, 9, "endfor", "keyword.control.hcl");
  });
  test("nested quotes inside interpolations do not end the outer string", () => {
    // inner = "${"${"${x}"}"}"
    expectScope(file, 12, "x", "meta.interpolation.hcl");
    expectScope(file, 12, "x", "variable.other.readwrite.hcl");
    expectScope(file, 13, "labelled", "entity.name.type.hcl");
  });
});

describe("heredocs (fixtures/syntax/heredocs.hcl)", () => {
  const file = fixture("syntax/heredocs.hcl");
  test("plain and flush heredocs: operator, marker and body", () => {
    expectScope(file, 2, "<<", "keyword.operator.heredoc.hcl");
    expectScope(file, 2, "EOT", "keyword.control.heredoc.hcl");
    expectScope(file, 3, "hello", "string.unquoted.heredoc.hcl");
    expectScope(file, 5, "EOT", "keyword.control.heredoc.hcl");
    expectScope(file, 6, "<<-", "keyword.operator.heredoc.hcl");
    expectScope(file, 8, "more", "string.unquoted.heredoc.hcl");
    expectScope(file, 9, "EOT", "keyword.control.heredoc.hcl");
    expectScope(file, 10, "interp", "variable.declaration.hcl");
  });
  test("interpolation and directives inside a heredoc", () => {
    expectScope(file, 11, "name", "meta.interpolation.hcl", 2);
    expectNoScope(file, 11, "name", "meta.interpolation.hcl");
    expectScope(file, 12, "for", "keyword.control.hcl");
    expectScope(file, 14, "endfor", "keyword.control.hcl");
  });
  test("an indented closing marker ends the heredoc, also inside a call", () => {
    expectScope(file, 17, "text", "string.unquoted.heredoc.hcl");
    expectScope(file, 18, "EOT", "keyword.control.heredoc.hcl");
    // in_call = f(<<EOT ... EOT ) and then an ordinary attribute again.
    expectScope(file, 22, "arg", "string.unquoted.heredoc.hcl");
    expectScope(file, 24, ")", "punctuation.section.arguments.end.hcl");
    expectScope(file, 25, "after", "variable.declaration.hcl");
    expectNoScope(file, 25, "after", "string");
  });
});

describe("literals (fixtures/syntax/attributes.hcl)", () => {
  const file = fixture("syntax/attributes.hcl");
  test("numbers", () => {
    expectScope(file, 2, "3", "constant.numeric.integer.hcl");
    expectScope(file, 3, "1.5", "constant.numeric.float.hcl");
    expectScope(file, 4, "1e10", "constant.numeric.float.hcl");
    expectScope(file, 5, "2.5E-3", "constant.numeric.float.hcl");
  });
  test("true, false and null", () => {
    expectScope(file, 6, "true", "constant.language.boolean.hcl");
    expectScope(file, 7, "false", "constant.language.boolean.hcl");
    expectScope(file, 8, "null", "constant.language.null.hcl");
  });
  test("attribute names, with Unicode and dashes", () => {
    expectScope(file, 2, "count", "variable.declaration.hcl");
    expectScope(file, 2, "=", "keyword.operator.assignment.hcl");
    expectScope(file, 12, "caf_é", "variable.declaration.hcl");
    expectScope(file, 13, "dashed-name", "variable.declaration.hcl");
    expectScope(file, 11, "var", "variable.other.readwrite.hcl");
    expectScope(file, 11, "name", "variable.other.member.hcl");
  });
});

describe("for expressions and operators", () => {
  const fors = fixture("syntax/for_expressions.hcl");
  const ops = fixture("syntax/operators.hcl");
  test("for, in, if in tuple and object for expressions", () => {
    expectScope(fors, 2, "for", "keyword.control.hcl");
    expectScope(fors, 2, "in", "keyword.control.hcl");
    expectScope(fors, 2, ":", "keyword.operator.conditional.hcl");
    expectScope(fors, 5, "if", "keyword.control.hcl");
    expectScope(fors, 5, "!=", "keyword.operator.comparison.hcl");
    expectScope(fors, 6, "=>", "keyword.operator.arrow.hcl");
    expectScope(fors, 7, "...", "keyword.operator.expand.hcl");
    // A for expression over lines: the keywords still count inside the brackets.
    expectScope(fors, 11, "for", "keyword.control.hcl");
    expectScope(fors, 13, "if", "keyword.control.hcl");
  });
  test("operators", () => {
    expectScope(ops, 2, "||", "keyword.operator.logical.hcl");
    expectScope(ops, 3, "&&", "keyword.operator.logical.hcl");
    expectScope(ops, 7, "<=", "keyword.operator.comparison.hcl");
    expectScope(ops, 10, "+", "keyword.operator.arithmetic.hcl");
    expectScope(ops, 14, "%", "keyword.operator.arithmetic.hcl");
    expectScope(ops, 22, "!", "keyword.operator.logical.hcl");
    // 'or', 'and', 'not' are ordinary names: HCL has no such keywords.
    expectScope(ops, 2, "or", "variable.declaration.hcl");
    expectScope(ops, 22, "not", "variable.declaration.hcl");
  });
});

describe("blocks, labels and function calls", () => {
  const module = fixture("syntax/terraform_module.hcl");
  const calls = fixture("syntax/functions.hcl");
  const spec = fixture("lint_workspace/specs/job.hcldec");
  const unicode = fixture("lint_workspace/jobs/team/web.hcl");
  test("block types and quoted labels at line start, also nested and indented", () => {
    expectScope(module, 2, "terraform", "entity.name.type.hcl");
    expectScope(module, 3, "required_providers", "entity.name.type.hcl");
    expectScope(module, 11, "variable", "entity.name.type.hcl");
    expectScope(module, 11, '"subnets"', "entity.name.label.hcl");
    expectScope(module, 11, '"subnets"', "string.quoted.double.hcl");
    expectScope(module, 23, "resource", "entity.name.type.hcl");
    expectScope(module, 23, '"aws_subnet"', "entity.name.label.hcl");
    expectScope(module, 23, '"this"', "entity.name.label.hcl");
    expectScope(module, 23, "{", "punctuation.section.block.begin.hcl");
    expectScope(module, 33, "dynamic", "entity.name.type.hcl");
    expectScope(module, 35, "content", "entity.name.type.hcl");
  });
  test("an attribute whose value is an object is not a block", () => {
    // aws = { ... } and tags = merge(var.tags, { Name = ... })
    expectScope(module, 4, "aws", "variable.declaration.hcl");
    expectNoScope(module, 4, "aws", "entity.name.type.hcl");
    expectScope(module, 5, "source", "variable.other.member.hcl");
    expectScope(module, 30, "Name", "variable.other.member.hcl");
    expectScope(module, 12, "cidr", "variable.other.member.hcl");
  });
  test("function calls, with namespaces", () => {
    expectScope(module, 12, "list", "entity.name.function.hcl");
    expectScope(module, 18, "distinct", "entity.name.function.hcl");
    expectScope(calls, 2, "f", "entity.name.function.hcl", 1);
    expectScope(calls, 2, "(", "punctuation.section.arguments.begin.hcl");
    expectScope(calls, 10, "...", "keyword.operator.expand.hcl");
    expectScope(calls, 12, "provider::aws::arn_parse", "entity.name.function.hcl");
  });
  test("the heredoc in a block and the splat", () => {
    expectScope(module, 42, "*", "keyword.operator.splat.hcl");
    expectScope(module, 44, "The subnets", "string.unquoted.heredoc.hcl");
    expectScope(module, 45, "if", "keyword.control.hcl");
  });
  test("an hcldec spec file: spec kinds as blocks, their names as labels", () => {
    expectScope(spec, 1, "# A job", "comment.line.number-sign.hcl");
    expectScope(spec, 2, "object", "entity.name.type.hcl");
    expectScope(spec, 4, "attr", "entity.name.type.hcl");
    expectScope(spec, 4, '"name"', "entity.name.label.hcl");
    expectScope(spec, 5, "type", "variable.declaration.hcl");
    expectScope(spec, 5, "string", "variable.other.readwrite.hcl");
    expectScope(spec, 6, "true", "constant.language.boolean.hcl");
    expectScope(spec, 12, "block_map", "entity.name.type.hcl");
    expectScope(spec, 13, "labels", "variable.declaration.hcl");
    expectScope(spec, 13, '"name"', "string.quoted.double.hcl");
  });
  test("labels with non-ASCII text", () => {
    // The fixture spells ä decomposed (a, U+0308), and ☕ is outside Latin-1.
    expectScope(unicode, 8, '"ba\u0308ckend ☕"', "entity.name.label.hcl");
    expectScope(unicode, 8, '"extra"', "entity.name.label.hcl");
  });
});

describe("unfinished text stays local", () => {
  test("an unterminated string ends at its line", () => {
    const { tokens } = tokenize('a = "open\nb = 1\n');
    const b = tokens[1][0];
    assert.ok(b.scopes.includes("variable.declaration.hcl"), `b is ${b.scopes.join(" ")}`);
  });
  test("'for' as an attribute name or after a dot is not a keyword", () => {
    const { tokens } = tokenize("for = a.for\n");
    const names = tokens[0].map((t) => t.scopes[t.scopes.length - 1]);
    assert.deepEqual(names[0], "variable.declaration.hcl");
    assert.equal(names[names.length - 1], "variable.other.member.hcl");
  });
  test("a one-line block's first attribute", () => {
    const { lines, tokens } = tokenize('block "x" { a = 1 }\n');
    const a = tokens[0].find((t) => lines[0].slice(t.start, t.end) === "a");
    assert.ok(a?.scopes.includes("variable.declaration.hcl"), `a is ${a?.scopes.join(" ")}`);
  });
});
