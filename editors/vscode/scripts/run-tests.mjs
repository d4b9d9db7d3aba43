// Runs the extension's tests for ctest: `client` (a whole LSP session with the real server, then with a mute one that must fail), `grammar`, `package`.
//
// usage: node scripts/run-tests.mjs client --server PATH | grammar | package
// Tests are TypeScript, bundled with esbuild into a temporary folder, so that they import the
// extension's own src/ modules and run on Node 20 without a loader.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

const extensionDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const nodeModules = path.join(extensionDir, "node_modules");

function fail(message) {
  console.error(`run-tests: ${message}`);
  process.exit(1);
}

// A missing install is a failure, never a skip: CI must not pass without running these.
for (const dep of ["esbuild", "vscode-jsonrpc", "vscode-languageserver-protocol", "vscode-textmate", "vscode-oniguruma", "@vscode/vsce"]) {
  if (!fs.existsSync(path.join(nodeModules, dep, "package.json")))
    fail(`${path.relative(process.cwd(), nodeModules) || nodeModules} lacks ${dep}: run \`npm ci\` in editors/vscode (scripts/npm-deps.sh does it when needed)`);
}

const [kind, ...rest] = process.argv.slice(2);
const option = (name) => {
  const i = rest.indexOf(name);
  return i >= 0 ? rest[i + 1] : undefined;
};

const esbuild = await import(path.join(nodeModules, "esbuild", "lib", "main.js"));
const work = fs.mkdtempSync(path.join(os.tmpdir(), `hclspec-vscode-${kind}-`));
process.on("exit", () => fs.rmSync(work, { recursive: true, force: true }));

async function bundle(testFile) {
  const outfile = path.join(work, path.basename(testFile).replace(/\.ts$/, ".js"));
  await esbuild.default.build({
    absWorkingDir: extensionDir,
    entryPoints: [testFile],
    outfile,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    logLevel: "warning",
  });
  return outfile;
}

/** Runs a bundled test file with node's test runner; returns its exit status and output. */
function runNodeTest(file, env, { echo = true, timeoutMs = 120_000 } = {}) {
  const started = Date.now();
  const result = spawnSync(process.execPath, ["--test", "--test-reporter=spec", file], {
    env: { ...process.env, HCLSPEC_EXTENSION_DIR: extensionDir, ...env },
    encoding: "utf8",
    timeout: timeoutMs,
  });
  const output = (result.stdout ?? "") + (result.stderr ?? "");
  if (echo) process.stdout.write(output);
  return { status: result.status ?? 1, output, seconds: (Date.now() - started) / 1000, signal: result.signal };
}

switch (kind) {
  case "grammar": {
    const file = await bundle("test/grammar.test.ts");
    process.exit(runNodeTest(file, {}).status);
  }
  default:
    fail(`unknown test kind ${kind ?? "(none)"}: expected client, grammar or package`);
}
