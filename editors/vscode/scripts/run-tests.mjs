// Runs the extension's tests for ctest: `client` (src/settings.ts's unit tests, a whole LSP session with the real server, then with a mute one that must fail), `grammar`, `package`.
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
const hint = "run `npm ci` in editors/vscode (scripts/test.sh does it through scripts/npm-deps.sh)";
if (!fs.existsSync(nodeModules)) fail(`${nodeModules} is missing: ${hint}`);
for (const dep of ["esbuild", "vscode-jsonrpc", "vscode-languageserver-protocol", "vscode-textmate", "vscode-oniguruma", "@vscode/vsce"]) {
  if (!fs.existsSync(path.join(nodeModules, dep, "package.json")))
    fail(`${nodeModules} lacks ${dep}: ${hint}`);
}

const [kind, ...rest] = process.argv.slice(2);
const option = (name) => {
  const i = rest.indexOf(name);
  return i >= 0 ? rest[i + 1] : undefined;
};

const esbuild = await import(path.join(nodeModules, "esbuild", "lib", "main.js"));
const work = fs.mkdtempSync(path.join(os.tmpdir(), `hclspec-vscode-${kind}-`));
process.on("exit", () => fs.rmSync(work, { recursive: true, force: true }));

async function bundle(testFile, alias = {}) {
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
    alias,
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
  case "client": {
    const server = option("--server");
    if (!server) fail("client: --server PATH is required");
    // vscode-languageclient is bundled with a stand-in `vscode` module: the test takes the
    // library's own client capabilities.
    const unit = await bundle("test/settings.test.ts");
    if (runNodeTest(unit, {}).status !== 0) process.exit(1);
    const decoded = await bundle("test/decoded.test.ts", { vscode: "./test/vscode-stub.ts" });
    if (runNodeTest(decoded, {}).status !== 0) process.exit(1);
    const file = await bundle("test/client.test.ts", { vscode: "./test/vscode-stub.ts" });
    console.log(`== the session with ${server}`);
    const real = runNodeTest(file, { HCLSPEC_SERVER: path.resolve(server) });
    console.log(`== real server: exit ${real.status} in ${real.seconds.toFixed(1)} s`);
    if (real.status !== 0) process.exit(1);
    // The same test against a server that answers nothing must fail, and quickly: proof that
    // every step waits for a real answer.
    const mute = path.join(extensionDir, "test", "mute-server.mjs");
    const fake = runNodeTest(file, { HCLSPEC_SERVER: mute, HCLSPEC_CLIENT_TIMEOUT_MS: "1500" }, { echo: false, timeoutMs: 60_000 });
    const reason = fake.output.match(/timed out after \d+ ms waiting for [^\n]*/)?.[0];
    console.log(`== mute server: exit ${fake.status} in ${fake.seconds.toFixed(1)} s (${reason ?? "no timeout message"})`);
    if (fake.status === 0 || !reason) {
      process.stdout.write(fake.output);
      fail("the session test passed, or failed for another reason than a timeout, against a server that answers nothing");
    }
    process.exit(0);
  }
  case "package": {
    // `npm run package` as a user runs it (typecheck, minified build, vsce), into the work folder.
    const vsix = path.join(work, "hclspec.vsix");
    const started = Date.now();
    const npm = spawnSync("npm", ["run", "package", "--", "--out", vsix], { cwd: extensionDir, encoding: "utf8" });
    process.stdout.write(npm.stdout ?? "");
    process.stderr.write((npm.stderr ?? "").split("\n").filter((l) => !/^npm warn Unknown (user|env) config/.test(l)).join("\n"));
    if (npm.status !== 0) fail(`npm run package failed (exit ${npm.status})`);
    console.log(`== npm run package: ${((Date.now() - started) / 1000).toFixed(1)} s, ${fs.statSync(vsix).size} bytes`);
    const stub = await bundle("test/vscode-stub.ts");
    const file = await bundle("test/package.test.ts");
    process.exit(runNodeTest(file, { HCLSPEC_VSIX: vsix, HCLSPEC_VSCODE_STUB: stub }).status);
  }
  default:
    fail(`unknown test kind ${kind ?? "(none)"}: expected client, grammar or package`);
}
