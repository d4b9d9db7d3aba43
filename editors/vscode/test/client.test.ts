// vscode_client_test: a whole session with `hclspec serve` as the VS Code extension holds it, through vscode-jsonrpc and vscode-languageserver-protocol (HCLSPEC_SERVER names the server); diagnostics are pulled, as vscode-languageclient does.
//
// What VS Code's side would send comes from the extension's own code wherever possible: the
// command line and initializationOptions from src/settings.ts, the answers to
// workspace/configuration through the same cleaning as the extension's middleware, and the client
// capabilities from vscode-languageclient 9.0.1 itself (bundled with a stand-in `vscode` module).
import assert from "node:assert/strict";
import { ChildProcess, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { after, before, describe, test } from "node:test";
import * as rpc from "vscode-jsonrpc/node";
import { LanguageClient, TransportKind } from "vscode-languageclient/node";
import {
  ClientCapabilities,
  CompletionItem,
  CompletionList,
  CompletionRequest,
  ConfigurationParams,
  ConfigurationRequest,
  Diagnostic,
  DiagnosticRefreshRequest,
  DiagnosticSeverity,
  DidChangeConfigurationNotification,
  DidChangeTextDocumentNotification,
  DidChangeWatchedFilesNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  DocumentDiagnosticReport,
  DocumentDiagnosticReportKind,
  DocumentDiagnosticRequest,
  ExitNotification,
  Hover,
  HoverRequest,
  InitializedNotification,
  InitializeParams,
  InitializeRequest,
  InitializeResult,
  InsertTextFormat,
  LogMessageNotification,
  MarkupContent,
  PublishDiagnosticsNotification,
  Range,
  RegistrationRequest,
  ShutdownRequest,
  TextDocumentSyncKind,
  WorkspaceDiagnosticRequest,
} from "vscode-languageserver-protocol";

import { configurationSection, initializationOptions, serverCommand } from "../src/settings";

// Every wait is bounded: a server that answers nothing must fail the test, not hang it.
const timeoutMs = Number(process.env.HCLSPEC_CLIENT_TIMEOUT_MS ?? 15000);
const extensionDir = process.env.HCLSPEC_EXTENSION_DIR ?? path.resolve(__dirname, "..");
const repoRoot = path.resolve(extensionDir, "..", "..");

// Two workspace folders, as a multi-root VS Code window has them: the lint fixtures, whose
// .hclspec.hcl picks the specs, and the extension's test workspace, where the client's rules do.
const projectFolder = path.join(repoRoot, "fixtures", "lint_workspace");
const rulesFolder = path.join(extensionDir, "test", "workspace");
const uriOf = (file: string) => pathToFileURL(file).href;

/** The `hclspec` section VS Code returns for a folder: every setting, defaults included. */
function section(rules: unknown, dynamicBlocks = false) {
  return {
    server: { path: "hclspec", args: [] },
    rules,
    inlayHints: { values: true, labelNames: true },
    dynamicBlocks,
    trace: { server: "off" },
  };
}
// One malformed rule among good ones: the extension drops it instead of losing them all.
const deployRules = [
  { files: ["jobs/*.hcl"], spec: "specs/deploy.hcldec" },
  { files: "jobs/*.hcl", spec: 42 },
];
// A spec outside the folder, by a relative path: client rules may point anywhere.
const jobRules = [{ files: ["jobs/*.hcl"], spec: "../../../../fixtures/features/specs/job.hcldec" }];
const settings = new Map<string, unknown>([
  [uriOf(projectFolder), section([])],
  [uriOf(rulesFolder), section(deployRules)],
]);

function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The client capabilities vscode-languageclient computes, with the extension's selector. */
function vscodeCapabilities(): ClientCapabilities {
  const client = new LanguageClient(
    "hclspec",
    "hclspec",
    { command: "hclspec", transport: TransportKind.stdio },
    { documentSelector: [{ scheme: "file", language: "hcl" }, { scheme: "file", language: "hcldec" }] },
  );
  // Not public API, but the one place the library assembles them; the version is pinned.
  const capabilities = (client as unknown as { computeClientCapabilities(): ClientCapabilities }).computeClientCapabilities();
  // Round-trip through JSON as the wire does (drops anything the stand-in module produced).
  return JSON.parse(JSON.stringify(capabilities));
}

/** The range of the `nth` `needle` on 0-based `line`, in UTF-16 code units as JavaScript counts. */
function rangeOf(text: string, line: number, needle: string, nth = 1): Range {
  const lineText = text.split("\n")[line];
  let at = -1;
  for (let i = 0; i < nth; i++) at = lineText.indexOf(needle, at + 1);
  assert.ok(at >= 0, `no "${needle}" on line ${line}: ${lineText}`);
  return { start: { line, character: at }, end: { line, character: at + needle.length } };
}

function summary(diagnostics: Diagnostic[]): string[] {
  return diagnostics
    .map((d) => `${d.code} ${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character}`)
    .sort();
}

function expected(...items: [code: string, range: Range][]): string[] {
  return summary(items.map(([code, range]) => ({ code, range, message: "" })));
}

describe("a VS Code session with hclspec serve", () => {
  let server: ChildProcess;
  let connection: rpc.MessageConnection;
  let init: InitializeResult;
  let exitStatus: Promise<number | null>;
  const configurationRequests: ConfigurationParams[] = [];
  let configurationArrived: () => void = () => {};
  const logs: string[] = [];
  // vscode-languageclient announces pull diagnostics: the server pushes none, and asks the
  // client to pull again when the specs or rules change.
  const pushed: string[] = [];
  let refreshed: () => void = () => {};
  const resultIds = new Map<string, string>();
  const opened = new Map<string, { text: string; version: number }>();
  let stderr = "";

  /** Pulls the diagnostics of `uri` as vscode-languageclient does, with the result id it holds. */
  async function pull(uri: string, what: string): Promise<DocumentDiagnosticReport> {
    const report = await within(
      connection.sendRequest(DocumentDiagnosticRequest.type, {
        identifier: "hclspec",
        textDocument: { uri },
        previousResultId: resultIds.get(uri),
      }),
      `diagnostics of ${path.basename(uri)} (${what})`,
    );
    if (report.resultId) resultIds.set(uri, report.resultId);
    return report;
  }

  /** The diagnostics of `uri`, which must have changed since the last pull. */
  async function pullFull(uri: string, what: string): Promise<Diagnostic[]> {
    const report = await pull(uri, what);
    assert.ok(report.kind === DocumentDiagnosticReportKind.Full, `${what}: ${JSON.stringify(report)}`);
    return report.items;
  }

  async function open(file: string, languageId: string, uri = uriOf(file), text = fs.readFileSync(file, "utf8")) {
    // VS Code's first version of a document is 1.
    opened.set(uri, { text, version: 1 });
    await connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId, version: 1, text },
    });
    return pullFull(uri, "after didOpen");
  }

  before(async () => {
    const found = serverCommand({ setting: process.env.HCLSPEC_SERVER, args: [], base: rulesFolder });
    assert.ok(!("error" in found), "error" in found ? found.error : "");
    // vscode-languageclient's TransportKind.stdio appends --stdio; the extension runs the
    // server in the first workspace folder.
    server = spawn(found.command, [...found.args, "--stdio"], { cwd: projectFolder, stdio: "pipe" });
    server.stderr!.on("data", (chunk) => (stderr += chunk));
    exitStatus = new Promise((resolve) => server.on("exit", (code) => resolve(code)));
    server.on("error", (error) => logs.push(`spawn error: ${error.message}`));
    connection = rpc.createMessageConnection(
      new rpc.StreamMessageReader(server.stdout!),
      new rpc.StreamMessageWriter(server.stdin!),
    );
    connection.onRequest(ConfigurationRequest.type, (params) => {
      configurationRequests.push(params);
      configurationArrived();
      // As the extension's middleware: VS Code's answer per folder, rules cleaned.
      return params.items.map((item) =>
        item.section === "hclspec" ? configurationSection(settings.get(item.scopeUri ?? "") ?? section([])) : null,
      );
    });
    connection.onRequest(RegistrationRequest.type, () => null);
    connection.onNotification(LogMessageNotification.type, (params) => logs.push(params.message));
    connection.onNotification(PublishDiagnosticsNotification.type, (params) => pushed.push(params.uri));
    connection.onRequest(DiagnosticRefreshRequest.type, () => {
      refreshed();
      return null;
    });
    connection.listen();

    const firstPull = within(new Promise<void>((resolve) => (configurationArrived = resolve)), "workspace/configuration after initialized");
    const params: InitializeParams = {
      processId: process.pid,
      clientInfo: { name: "Visual Studio Code", version: "1.100.3" },
      locale: "en",
      rootPath: projectFolder,
      rootUri: uriOf(projectFolder),
      capabilities: vscodeCapabilities(),
      initializationOptions: initializationOptions(deployRules, false),
      trace: "off",
      workspaceFolders: [
        { uri: uriOf(projectFolder), name: "lint_workspace" },
        { uri: uriOf(rulesFolder), name: "workspace" },
      ],
    };
    init = await within(connection.sendRequest(InitializeRequest.type, params), "the initialize response");
    await connection.sendNotification(InitializedNotification.type, {});
    await firstPull;
  });

  after(() => {
    connection?.dispose();
    if (server && server.exitCode === null) server.kill();
  });

  test("the capabilities are vscode-languageclient's: UTF-16, snippets, markdown, configuration and diagnostic pull", () => {
    const capabilities = vscodeCapabilities();
    assert.deepEqual(capabilities.general?.positionEncodings, ["utf-16"]);
    assert.equal(capabilities.textDocument?.completion?.completionItem?.snippetSupport, true);
    assert.deepEqual(capabilities.textDocument?.hover?.contentFormat, ["markdown", "plaintext"]);
    assert.equal(capabilities.workspace?.configuration, true);
    assert.equal(capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration, true);
    assert.ok(capabilities.textDocument?.diagnostic, "no textDocument.diagnostic");
    assert.equal(capabilities.workspace?.diagnostics?.refreshSupport, true);
  });

  test("initialize: UTF-16 positions, incremental sync, completion, hover, pulled diagnostics", () => {
    assert.equal(init.capabilities.positionEncoding ?? "utf-16", "utf-16");
    const sync = init.capabilities.textDocumentSync;
    assert.equal(typeof sync === "object" ? sync.change : sync, TextDocumentSyncKind.Incremental);
    assert.ok(init.capabilities.completionProvider, "no completionProvider");
    assert.ok(init.capabilities.hoverProvider, "no hoverProvider");
    assert.deepEqual(init.capabilities.diagnosticProvider, {
      identifier: "hclspec",
      interFileDependencies: true,
      workspaceDiagnostics: true,
    });
    assert.equal(init.serverInfo?.name, "hclspec");
  });

  test("after initialized the server pulls the hclspec section of each folder", () => {
    const items = configurationRequests[0].items;
    assert.deepEqual(
      items.map((item) => [item.scopeUri, item.section]),
      [
        [uriOf(projectFolder), "hclspec"],
        [uriOf(rulesFolder), "hclspec"],
      ],
    );
  });

  test("a .hclspec.hcl rule's spec: codes and UTF-16 ranges (decomposed ä, ☕)", async () => {
    const file = path.join(projectFolder, "jobs", "team", "web.hcl");
    const text = fs.readFileSync(file, "utf8");
    const diagnostics = await open(file, "hcl");
    assert.deepEqual(
      summary(diagnostics),
      expected(
        ["missing-required-argument", rangeOf(text, 2, 'task "frontend"')],
        ["unsupported-argument", rangeOf(text, 3, "drver")],
        ["incorrect-attribute-value-type", rangeOf(text, 4, '"two"')],
        ["extraneous-label", rangeOf(text, 7, '"extra"')],
      ),
    );
    for (const d of diagnostics) assert.equal(d.severity, DiagnosticSeverity.Error, `${d.code}`);
    const unsupported = diagnostics.find((d) => d.code === "unsupported-argument")!;
    assert.match(unsupported.message, /Did you mean "driver"\?/);
    assert.ok(logs.some((line) => line.includes("web.hcl") && line.includes("job.hcldec")), `no log line names the spec:\n${logs.join("\n")}`);
  });

  const deployFile = path.join(rulesFolder, "jobs", "deploy.hcl");
  const deployUri = uriOf(deployFile);
  const deployText = fs.readFileSync(deployFile, "utf8");

  test("the client's rule (hclspec.rules) picks the spec: UTF-16 ranges after an emoji", async () => {
    const diagnostics = await open(deployFile, "hcl");
    assert.deepEqual(
      summary(diagnostics),
      expected(
        ["incorrect-attribute-value-type", rangeOf(deployText, 2, '"three"')],
        // 🚀 is two UTF-16 code units: in bytes or code points this range would differ.
        ["extraneous-label", rangeOf(deployText, 4, '"extra"')],
        ["missing-required-argument", rangeOf(deployText, 8, 'container "api"')],
        ["unsupported-argument", rangeOf(deployText, 9, "imgae")],
      ),
    );
    assert.deepEqual(rangeOf(deployText, 4, '"extra"').start, { line: 4, character: 24 });
  });

  test("hover shows the attribute's type and the spec's description", async () => {
    const hover: Hover | null = await within(
      connection.sendRequest(HoverRequest.type, { textDocument: { uri: deployUri }, position: { line: 2, character: 3 } }),
      "the hover response",
    );
    assert.ok(hover, "no hover");
    const contents = hover.contents as MarkupContent;
    assert.equal(contents.kind, "markdown");
    assert.match(contents.value, /replicas/);
    assert.match(contents.value, /number/);
    assert.match(contents.value, /How many copies of every container to run\./);
    assert.deepEqual(hover.range, rangeOf(deployText, 2, "replicas"));
  });

  test("pulled again without a change, the diagnostics are unchanged", async () => {
    const held = resultIds.get(deployUri);
    const report = await pull(deployUri, "again");
    assert.deepEqual(report, { kind: DocumentDiagnosticReportKind.Unchanged, resultId: held });
  });

  test("didChange (incremental, as VS Code sends it) brings fresh diagnostics", async () => {
    const state = opened.get(deployUri)!;
    const range = rangeOf(state.text, 2, '"three"');
    state.version = 2;
    await connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri: deployUri, version: 2 },
      contentChanges: [{ range, rangeLength: '"three"'.length, text: "3" }],
    });
    state.text = state.text.replace('"three"', "3");
    const after = await pullFull(deployUri, "after didChange");
    assert.deepEqual(
      summary(after),
      expected(
        ["extraneous-label", rangeOf(state.text, 4, '"extra"')],
        ["missing-required-argument", rangeOf(state.text, 8, 'container "api"')],
        ["unsupported-argument", rangeOf(state.text, 9, "imgae")],
      ),
    );
  });

  test("completion on a new line in a block offers the spec's attributes as snippets", async () => {
    const state = opened.get(deployUri)!;
    // Type a new line after `image = "launcher:1"`, as a user would.
    const lineEnd = { line: 5, character: state.text.split("\n")[5].length };
    state.version = 3;
    await connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri: deployUri, version: 3 },
      contentChanges: [{ range: { start: lineEnd, end: lineEnd }, rangeLength: 0, text: "\n  " }],
    });
    await pullFull(deployUri, "after the second didChange");
    const result: CompletionItem[] | CompletionList | null = await within(
      connection.sendRequest(CompletionRequest.type, {
        textDocument: { uri: deployUri },
        position: { line: 6, character: 2 },
        context: { triggerKind: 1 },
      }),
      "the completion response",
    );
    assert.ok(result, "no completion");
    const items = Array.isArray(result) ? result : result.items;
    const labels = items.map((item) => item.label);
    assert.ok(labels.includes("port"), `no "port" among ${labels.join(", ")}`);
    assert.ok(!labels.includes("replicas"), `a root attribute inside a block: ${labels.join(", ")}`);
    const port = items.find((item) => item.label === "port")!;
    assert.equal(port.insertTextFormat, InsertTextFormat.Snippet);
  });

  test("workspace/diagnostic: the open documents and the files the rules cover, then unchanged", async () => {
    const first = await within(
      connection.sendRequest(WorkspaceDiagnosticRequest.type, { identifier: "hclspec", previousResultIds: [] }),
      "the workspace's diagnostics",
    );
    const byPath = new Map(first.items.map((item) => [fileURLToPath(item.uri), item]));
    const web = byPath.get(path.join(projectFolder, "jobs", "team", "web.hcl"));
    assert.equal(web?.version, 1, "web.hcl is open");
    assert.equal(web?.resultId, resultIds.get(uriOf(path.join(projectFolder, "jobs", "team", "web.hcl"))));
    assert.equal(byPath.get(deployFile)?.version, 3, "deploy.hcl is open");
    const clean = byPath.get(path.join(projectFolder, "jobs", "clean.hcl"));
    assert.deepEqual(clean && { kind: clean.kind, version: clean.version }, { kind: "full", version: null });
    assert.ok(clean?.kind === "full" && clean.items.length === 0, JSON.stringify(clean));
    // No rule covers a .tf file here, and nothing under node_modules is read.
    assert.ok(!byPath.has(path.join(projectFolder, "broken", "syntax.tf")));
    assert.ok(![...byPath.keys()].some((file) => file.includes("node_modules")));
    // Pulled again with the ids held, the request waits until a file may have changed (VS Code
    // pulls again two seconds after each answer), then says nothing changed.
    let answered = false;
    const again = connection
      .sendRequest(WorkspaceDiagnosticRequest.type, {
        identifier: "hclspec",
        previousResultIds: first.items.map((item) => ({ uri: item.uri, value: item.resultId! })),
      })
      .then((report) => {
        answered = true;
        return report;
      });
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(answered, false, "answered with nothing changed");
    await connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{ uri: uriOf(path.join(projectFolder, "jobs", "clean.hcl")), type: 2 }],
    });
    const second = await within(again, "the workspace's diagnostics again");
    assert.equal(second.items.length, first.items.length);
    assert.ok(second.items.every((item) => item.kind === "unchanged"), JSON.stringify(second.items));
  });

  test("hclspec.dynamicBlocks, pulled per folder: a change reads dynamic blocks in that folder", async () => {
    // Open only, never on disk: a generated deployment the client's rule gives deploy.hcldec.
    const uri = uriOf(path.join(rulesFolder, "jobs", "generated.hcl"));
    const text = [
      'name = "generated"',
      'dynamic "container" {',
      '  for_each = ["api"]',
      "  labels   = [container.value]",
      "  content {",
      '    imgae = "app:1"',
      "  }",
      "}",
      "",
    ].join("\n");
    const off = await open("", "hcl", uri, text);
    assert.deepEqual(summary(off), expected(["unsupported-block-type", rangeOf(text, 1, "dynamic")]));

    const pulled = within(new Promise<void>((resolve) => (configurationArrived = resolve)), "workspace/configuration after dynamicBlocks changed");
    const refresh = within(new Promise<void>((resolve) => (refreshed = resolve)), "workspace/diagnostic/refresh after dynamicBlocks changed");
    settings.set(uriOf(rulesFolder), section(deployRules, true));
    // What the extension sends when hclspec.dynamicBlocks changes.
    await connection.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
    await pulled;
    await refresh;
    // The content is checked as a container's body, at its place: the image is missing there.
    const on = await pullFull(uri, "after dynamicBlocks changed");
    assert.deepEqual(
      summary(on),
      expected(["missing-required-argument", rangeOf(text, 4, "content")], ["unsupported-argument", rangeOf(text, 5, "imgae")]),
    );
    await connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
  });

  test("a settings change: didChangeConfiguration makes the server pull the new rules", async () => {
    const pulled = within(new Promise<void>((resolve) => (configurationArrived = resolve)), "workspace/configuration after didChangeConfiguration");
    const refresh = within(new Promise<void>((resolve) => (refreshed = resolve)), "workspace/diagnostic/refresh after the rules changed");
    settings.set(uriOf(rulesFolder), section(jobRules));
    // What the extension sends when hclspec.rules changes.
    await connection.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
    await pulled;
    await refresh;
    const codes = (await pullFull(deployUri, "after the rules changed")).map((d) => d.code);
    // fixtures/features/specs/job.hcldec has no `replicas` and no `container` blocks, and wants
    // a network block.
    assert.ok(codes.includes("missing-block"), codes.join(", "));
    assert.ok(!codes.includes("extraneous-label"), codes.join(", "));
  });

  test("an untitled document gets syntax checks", async () => {
    const diagnostics = await open("", "hcl", "untitled:Untitled-1", 'a = "open\n');
    const codes = diagnostics.map((d) => d.code);
    assert.ok(codes.includes("invalid-multi-line-string"), codes.join(", "));
    assert.ok(diagnostics.every((d) => d.range.start.line === 0), summary(diagnostics).join(", "));
  });

  test("a spec file (.hcldec) is checked as a spec", async () => {
    const file = path.join(projectFolder, "specs", "broken.hcldec");
    const text = fs.readFileSync(file, "utf8");
    const diagnostics = await open(file, "hcldec");
    assert.deepEqual(summary(diagnostics), expected(["invalid-type-specification", rangeOf(text, 3, "strin")]));
  });

  test("after didClose a pull (VS Code makes one) reads the file from the disk; nothing was ever pushed", async () => {
    await connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri: deployUri } });
    const report = await within(
      connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri: deployUri } }),
      "the pull after didClose",
    );
    assert.equal(report.kind, DocumentDiagnosticReportKind.Full);
    assert.deepEqual(pushed, []);
  });

  test("shutdown, then exit: the server ends with status 0", async () => {
    const reply = await within(connection.sendRequest(ShutdownRequest.type), "the shutdown response");
    assert.equal(reply, null);
    await connection.sendNotification(ExitNotification.type);
    const status = await within(exitStatus, "the server to exit");
    assert.equal(status, 0, `exit status ${status}; stderr:\n${stderr}`);
  });
});
