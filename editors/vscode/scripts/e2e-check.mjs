// For e2e.sh: waits for the probe's results, checks them and the messages VS Code sent the server, then reads the page over the DevTools protocol and saves a screenshot.
//
// usage: node --experimental-websocket e2e-check.mjs --cdp PORT --result FILE --messages FILE
//          --args FILE --screenshot PNG
// (Node 20 has a WebSocket client only behind that flag; it is all this needs of the protocol.)
import assert from "node:assert/strict";
import * as fs from "node:fs";

const option = (name) => {
  const i = process.argv.indexOf(name);
  if (i < 0 || i + 1 >= process.argv.length) throw new Error(`missing ${name}`);
  return process.argv[i + 1];
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

async function waitFor(what, probe, ms) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms / 1000} s waiting for ${what}`);
    await sleep(250);
  }
}

// ---- What the probe saw inside VS Code.
const resultFile = option("--result");
const result = JSON.parse(await waitFor("the probe's results", () => fs.existsSync(resultFile) && fs.readFileSync(resultFile, "utf8"), 120_000));
console.log(`e2e-check: the probe wrote its results after ${elapsed()}`);
assert.equal(result.error, undefined, `the probe failed: ${result.error}`);
assert.equal(result.languageId, "hcl");
assert.equal(result.specLanguageId, "hcldec");
assert.equal(result.extensionActive, true, "the hclspec extension is not active");
const diagnostics = result.diagnostics.map((d) => `${d.code} ${d.range.join(",")}`).sort();
// 🚀 counts two UTF-16 code units: "extra" starts at 24 in VS Code's columns.
assert.deepEqual(diagnostics, [
  "extraneous-label 4,24,4,31",
  "incorrect-attribute-value-type 2,11,2,18",
  "missing-required-argument 8,0,8,15",
  "unsupported-argument 9,2,9,7",
]);
assert.ok(result.completion.includes("port"), `completion: ${result.completion.join(", ")}`);
assert.ok(result.hover.some((text) => text.includes("How many copies of every container to run.")), `hover: ${result.hover.join(" | ")}`);
assert.deepEqual(result.outline, ['name', 'replicas', 'container "🚀 launcher" "extra"(image)', 'container "api"(imgae)']);
assert.ok(result.decodedPreview.startsWith("// Not decoded: 4 errors in the file.\n"), `decoded preview: ${result.decodedPreview}`);
assert.ok(result.decodedPreview.includes("Unsupported argument"), `decoded preview: ${result.decodedPreview}`);
console.log(`e2e-check: diagnostics ${diagnostics.join("; ")}`);
console.log(`e2e-check: outline ${result.outline.join(", ")}`);
console.log(`e2e-check: completion ${result.completion.join(", ")}; hover ${JSON.stringify(result.hover.join(" ").slice(0, 120))}`);

// ---- What VS Code sent the server (through the tap in front of it).
assert.equal(fs.readFileSync(option("--args"), "utf8").trim(), "serve --stdio");
const stream = fs.readFileSync(option("--messages"));
const messages = [];
for (let at = 0; at < stream.length; ) {
  const headerEnd = stream.indexOf("\r\n\r\n", at);
  if (headerEnd < 0) break;
  const length = Number(/Content-Length: *(\d+)/i.exec(stream.toString("ascii", at, headerEnd))[1]);
  messages.push(JSON.parse(stream.toString("utf8", headerEnd + 4, headerEnd + 4 + length)));
  at = headerEnd + 4 + length;
}
const initialize = messages[0];
assert.equal(initialize.method, "initialize");
assert.deepEqual(initialize.params.capabilities.general.positionEncodings, ["utf-16"]);
assert.deepEqual(initialize.params.initializationOptions, {
  rules: [{ files: ["jobs/*.hcl"], spec: "specs/deploy.hcldec" }],
  dynamicBlocks: false,
});
const methods = new Set(messages.map((m) => m.method).filter(Boolean));
for (const method of ["initialized", "textDocument/didOpen", "textDocument/didChange", "textDocument/completion", "textDocument/hover"])
  assert.ok(methods.has(method), `VS Code never sent ${method}: ${[...methods].join(", ")}`);
// The answer to the server's workspace/configuration: the folder's hclspec section.
const configuration = messages.find((m) => Array.isArray(m.result) && m.result[0]?.rules);
assert.ok(configuration, "no workspace/configuration answer with rules");
assert.deepEqual(configuration.result[0].rules, [{ files: ["jobs/*.hcl"], spec: "specs/deploy.hcldec" }]);
assert.equal(configuration.result[0].dynamicBlocks, false);
console.log(`e2e-check: VS Code ${initialize.params.clientInfo?.version} sent ${messages.length} messages: ${[...methods].join(", ")}`);

// ---- The page itself, over the DevTools protocol: squiggles, the hover, a screenshot.
const targets = await (await fetch(`http://127.0.0.1:${option("--cdp")}/json`)).json();
const page = targets.find((t) => t.type === "page");
assert.ok(page, "Chromium has no page");
const socket = new WebSocket(page.webSocketDebuggerUrl);
await new Promise((resolve, reject) => {
  socket.onopen = resolve;
  socket.onerror = reject;
});
let nextId = 1;
const pending = new Map();
socket.onmessage = (event) => {
  const message = JSON.parse(event.data);
  if (pending.has(message.id)) {
    pending.get(message.id)(message);
    pending.delete(message.id);
  }
};
function call(method, params = {}) {
  const id = nextId++;
  socket.send(JSON.stringify({ id, method, params }));
  return new Promise((resolve) => pending.set(id, resolve));
}
async function evaluate(expression) {
  const reply = await call("Runtime.evaluate", { expression, returnByValue: true });
  return reply.result?.result?.value;
}
const squiggles = await waitFor("error squiggles in the editor", () => evaluate("document.querySelectorAll('.squiggly-error').length"), 20_000);
const hover = await waitFor("the hover widget", () => evaluate("[...document.querySelectorAll('.monaco-hover')].map(e => e.innerText).join(' ').trim()"), 20_000);
assert.match(hover, /imgae/, `the hover shows: ${hover}`);
console.log(`e2e-check: ${squiggles} error squiggles on the page; the hover says ${JSON.stringify(hover.slice(0, 100))}`);
const shot = await call("Page.captureScreenshot", { format: "png" });
fs.writeFileSync(option("--screenshot"), Buffer.from(shot.result.data, "base64"));
socket.close();
console.log(`e2e-check: passed after ${elapsed()}`);
process.exit(0);
