// vscode_package_test: the .vsix that `npm run package` made (HCLSPEC_VSIX) holds the bundled extension, its manifest and grammar, and nothing else; the bundle loads.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as zlib from "node:zlib";
import { before, describe, test } from "node:test";

const vsix = process.env.HCLSPEC_VSIX ?? "";
const extensionDir = process.env.HCLSPEC_EXTENSION_DIR ?? path.resolve(__dirname, "..");

/** A zip's entries by name, read from its central directory (a .vsix is a zip). */
function readZip(file: string): Map<string, Buffer> {
  const data = fs.readFileSync(file);
  let end = data.length - 22;
  while (end >= 0 && data.readUInt32LE(end) !== 0x06054b50) end--;
  assert.ok(end >= 0, `${file} is not a zip: no end of central directory`);
  const count = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    assert.equal(data.readUInt32LE(at), 0x02014b50, "broken central directory");
    const method = data.readUInt16LE(at + 10);
    const size = data.readUInt32LE(at + 20);
    const nameLength = data.readUInt16LE(at + 28);
    const skip = nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
    const local = data.readUInt32LE(at + 42);
    const name = data.toString("utf8", at + 46, at + 46 + nameLength);
    const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    const raw = data.subarray(start, start + size);
    entries.set(name, method === 8 ? zlib.inflateRawSync(raw) : Buffer.from(raw));
    at += 46 + skip;
  }
  return entries;
}

describe(`the packaged extension ${path.basename(vsix)}`, () => {
  let entries: Map<string, Buffer>;
  let manifest: {
    main: string;
    engines: { vscode: string };
    contributes: {
      grammars: { path: string }[];
      languages: { configuration: string }[];
      semanticTokenTypes: { id: string; superType: string }[];
      semanticTokenModifiers: { id: string }[];
      semanticTokenScopes: { language: string; scopes: Record<string, string[]> }[];
      configuration: { properties: Record<string, { scope?: string }> };
    };
  };

  before(() => {
    assert.ok(vsix && fs.existsSync(vsix), `no .vsix at "${vsix}"`);
    entries = readZip(vsix);
    manifest = JSON.parse(entries.get("extension/package.json")!.toString("utf8"));
  });

  test("holds the manifest, the bundle, the grammar, the language configuration and the README", () => {
    for (const name of [
      "extension.vsixmanifest",
      "[Content_Types].xml",
      "extension/package.json",
      "extension/dist/extension.js",
      "extension/syntaxes/hcl.tmLanguage.json",
      "extension/language-configuration.json",
      "extension/readme.md",
    ])
      assert.ok(entries.has(name), `${name} is missing; the .vsix has ${[...entries.keys()].join(", ")}`);
  });

  test("holds nothing else: no sources, tests or node_modules", () => {
    const unexpected = [...entries.keys()].filter(
      (name) => /^extension\/(src|test|scripts|node_modules)\//.test(name) || name.endsWith(".ts") || name.endsWith(".map"),
    );
    assert.deepEqual(unexpected, []);
  });

  test("every path the manifest names is in the package", () => {
    const named = [
      manifest.main.replace(/^\.\//, ""),
      ...manifest.contributes.grammars.map((g) => g.path.replace(/^\.\//, "")),
      ...manifest.contributes.languages.map((l) => l.configuration.replace(/^\.\//, "")),
    ];
    for (const name of named) assert.ok(entries.has(`extension/${name}`), `${name} (named in package.json) is not packaged`);
    JSON.parse(entries.get("extension/syntaxes/hcl.tmLanguage.json")!.toString("utf8"));
    assert.match(manifest.engines.vscode, /^\^1\.\d+\.\d+$/);
  });

  test("the bundle loads without node_modules and exports activate and deactivate", () => {
    // Unpack the bundle alone into an empty folder, and load it with a stand-in `vscode` (the
    // extension host provides the real one): a missing dependency fails here.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hclspec-vsix-"));
    try {
      fs.writeFileSync(path.join(dir, "extension.js"), entries.get("extension/dist/extension.js")!);
      const stub = process.env.HCLSPEC_VSCODE_STUB ?? "";
      const probe = `
        const Module = require("module");
        const load = Module._load;
        Module._load = function (request, ...rest) {
          return request === "vscode" ? load.call(this, ${JSON.stringify(stub)}, ...rest) : load.call(this, request, ...rest);
        };
        const extension = require(${JSON.stringify(path.join(dir, "extension.js"))});
        console.log([typeof extension.activate, typeof extension.deactivate].join(" "));`;
      const result = spawnSync(process.execPath, ["-e", probe], { cwd: dir, encoding: "utf8" });
      assert.equal(result.status, 0, result.stderr);
      assert.equal(result.stdout.trim(), "function function");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("the package's version is the extension's", () => {
    const own = JSON.parse(fs.readFileSync(path.join(extensionDir, "package.json"), "utf8"));
    const packaged = JSON.parse(entries.get("extension/package.json")!.toString("utf8"));
    assert.equal(packaged.version, own.version);
    assert.match(entries.get("extension.vsixmanifest")!.toString("utf8"), new RegExp(`Version="${own.version}"`));
  });

  test("the settings the server takes per workspace folder may be set per folder", () => {
    const { properties } = manifest.contributes.configuration;
    const perFolder = ["rules", "dynamicBlocks", "inlayHints.values", "inlayHints.labelNames"];
    for (const name of perFolder) assert.equal(properties[`hclspec.${name}`]?.scope, "resource", name);
  });

  test("declares the server's own semantic token type and modifiers, with a scope themes colour", () => {
    const { semanticTokenTypes, semanticTokenModifiers, semanticTokenScopes } = manifest.contributes;
    assert.deepEqual(semanticTokenTypes.map((t) => [t.id, t.superType]), [["escapeSequence", "string"]]);
    assert.deepEqual(semanticTokenModifiers.map((m) => m.id).sort(), ["required", "unsupported"]);
    for (const language of ["hcl", "hcldec"]) {
      const entry = semanticTokenScopes.find((s) => s.language === language);
      assert.deepEqual(entry?.scopes.escapeSequence, ["constant.character.escape.hcl"]);
    }
  });
});
