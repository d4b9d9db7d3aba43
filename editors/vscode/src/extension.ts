// The VS Code extension: starts `hclspec serve` through vscode-languageclient and keeps it in step with the settings.
import * as vscode from "vscode";
import {
  DidChangeConfigurationNotification,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  TransportKind,
} from "vscode-languageclient/node";

import { DecodedPreviews, DecodedValue, previewScheme, showDecoded } from "./decoded";
import { cleanRules, configurationSection, initializationOptions, serverCommand } from "./settings";

let client: LanguageClient | undefined;
let output: vscode.OutputChannel;
// Serializes start, stop and restart: a settings change during a slow start must wait for it.
let pending: Promise<void> = Promise.resolve();

function firstFolder(): string | undefined {
  return vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
}

function warnAboutRules(): void {
  for (const folder of vscode.workspace.workspaceFolders ?? [undefined]) {
    const { problems } = cleanRules(vscode.workspace.getConfiguration("hclspec", folder?.uri).get("rules"));
    for (const problem of problems) output.appendLine(`Ignored a rule: ${problem}`);
    if (problems.length > 0)
      void vscode.window.showWarningMessage(`hclspec: ignored ${problems.length} malformed rule(s) in hclspec.rules; see the hclspec output.`);
  }
}

async function start(): Promise<void> {
  const config = vscode.workspace.getConfiguration("hclspec");
  const folder = firstFolder();
  const found = serverCommand({
    setting: config.get<string>("server.path"),
    args: config.get<unknown[]>("server.args"),
    base: folder,
  });
  if ("error" in found) {
    output.appendLine(found.error);
    // Not awaited: the message stays until the user closes it, and activation must not wait.
    void vscode.window.showErrorMessage(`hclspec: ${found.error}`, "Open Settings").then((choice) => {
      if (choice === "Open Settings")
        void vscode.commands.executeCommand("workbench.action.openSettings", "hclspec.server.path");
    });
    return;
  }
  warnAboutRules();

  // TransportKind.stdio makes the client append `--stdio`; the server runs in the first folder,
  // as the README's other clients do, so relative paths in its own log read naturally.
  const serverOptions: ServerOptions = {
    command: found.command,
    args: found.args,
    transport: TransportKind.stdio,
    options: folder ? { cwd: folder } : undefined,
  };
  const clientOptions: LanguageClientOptions = {
    // Untitled documents get syntax checks: the server keeps their name's extension.
    documentSelector: [
      { scheme: "file", language: "hcl" },
      { scheme: "file", language: "hcldec" },
      { scheme: "untitled", language: "hcl" },
      { scheme: "untitled", language: "hcldec" },
    ],
    initializationOptions: () => {
      const settings = vscode.workspace.getConfiguration("hclspec");
      return initializationOptions(settings.get("rules"), settings.get("dynamicBlocks"));
    },
    outputChannel: output,
    middleware: {
      workspace: {
        // The server pulls `hclspec` per workspace folder (rules and dynamicBlocks apply per
        // folder); answer with the rules cleaned as in initializationOptions, so that one bad
        // rule does not make it drop them all.
        configuration: async (params, token, next) => {
          const result = await next(params, token);
          if (!Array.isArray(result)) return result;
          return result.map((section, i) =>
            params.items[i]?.section === "hclspec" ? configurationSection(section) : section,
          );
        },
      },
    },
  };
  const next = new LanguageClient("hclspec", "hclspec", serverOptions, clientOptions);
  try {
    await next.start();
    client = next;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    output.appendLine(`Could not start ${found.command}: ${message}`);
    void vscode.window.showErrorMessage(`hclspec: could not start the language server ${found.command}: ${message}`);
    // The client may have half-started: do not leave a process behind.
    await next.dispose().catch(() => undefined);
  }
}

async function stop(): Promise<void> {
  const running = client;
  client = undefined;
  if (running) await running.dispose().catch(() => undefined);
}

function enqueue(work: () => Promise<void>): Promise<void> {
  pending = pending.then(work, work);
  return pending;
}

function restart(): Promise<void> {
  return enqueue(async () => {
    await stop();
    await start();
  });
}

async function settingsChanged(event: vscode.ConfigurationChangeEvent): Promise<void> {
  if (event.affectsConfiguration("hclspec.server")) {
    await restart();
    return;
  }
  const read = ["hclspec.rules", "hclspec.inlayHints", "hclspec.dynamicBlocks"];
  if (read.some((setting) => event.affectsConfiguration(setting)) && client) {
    warnAboutRules();
    // `settings: null` makes the server pull `hclspec` per workspace folder. A pushed value
    // could only be the window's, while `hclspec.rules` and `hclspec.dynamicBlocks` may differ
    // between folders.
    await client.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
  }
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel("hclspec");
  const previews = new DecodedPreviews(() => {
    const running = client;
    if (!running) return undefined;
    return (source: string) => running.sendRequest<DecodedValue>("hclspec/decodedValue", { textDocument: { uri: source } });
  });
  context.subscriptions.push(
    previews,
    vscode.workspace.registerTextDocumentContentProvider(previewScheme, previews),
    vscode.workspace.onDidChangeTextDocument((event) => previews.fileChanged(event.document.uri)),
    vscode.commands.registerCommand("hclspec.showDecodedJson", showDecoded),
    output,
    vscode.commands.registerCommand("hclspec.restartServer", restart),
    vscode.workspace.onDidChangeConfiguration((event) => void settingsChanged(event)),
    { dispose: () => void stop() },
  );
  await enqueue(start);
}

export function deactivate(): Promise<void> {
  return enqueue(stop);
}
