// Test-only extension for scripts/e2e.sh: drives the hclspec extension inside a real VS Code and writes diagnostics, completion, hover, outline and decoded preview results to a file.
const fs = require("fs");
const vscode = require("vscode");

async function waitFor(what, probe, ms) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const range = (r) => [r.start.line, r.start.character, r.end.line, r.end.character];
const text = (content) => (typeof content === "string" ? content : content.value);

async function probe(result, document) {
  const folder = vscode.workspace.workspaceFolders[0].uri;
  const uri = vscode.Uri.joinPath(folder, document);
  const doc = await vscode.workspace.openTextDocument(uri);
  const editor = await vscode.window.showTextDocument(doc);
  result.languageId = doc.languageId;

  const diagnostics = await waitFor("hclspec's diagnostics", () => {
    const found = vscode.languages.getDiagnostics(uri);
    return found.length > 0 && found;
  }, 45000);
  result.diagnostics = diagnostics.map((d) => ({
    code: typeof d.code === "object" ? d.code.value : d.code,
    severity: d.severity,
    range: range(d.range),
    message: d.message,
  }));
  const extension = vscode.extensions.getExtension("hclspec.hclspec");
  result.extensionActive = Boolean(extension && extension.isActive);

  // Completion on a new line in the first container block, as a user would type it; undone after.
  const lineEnd = doc.lineAt(5).range.end;
  await editor.edit((edit) => edit.insert(lineEnd, "\n  "));
  const completion = await vscode.commands.executeCommand("vscode.executeCompletionItemProvider", uri, new vscode.Position(6, 2));
  result.completion = completion.items.map((item) => (typeof item.label === "string" ? item.label : item.label.label));
  await vscode.commands.executeCommand("undo");

  const hovers = await vscode.commands.executeCommand("vscode.executeHoverProvider", uri, new vscode.Position(2, 3));
  result.hover = hovers.flatMap((hover) => hover.contents.map(text));

  // The outline (document symbols): nested, names as the file writes them.
  const symbols = await vscode.commands.executeCommand("vscode.executeDocumentSymbolProvider", uri);
  const outline = (list) => list.map((symbol) => (symbol.children && symbol.children.length ? `${symbol.name}(${outline(symbol.children).join(",")})` : symbol.name));
  result.outline = outline(symbols || []);

  // The decoded preview beside the file: the file has errors, so it says why there is no value.
  await vscode.commands.executeCommand("hclspec.showDecodedJson");
  const preview = await waitFor("the decoded preview", () => {
    const found = vscode.workspace.textDocuments.find((d) => d.uri.scheme === "hclspec-decoded");
    return found && found.getText().length > 0 && found;
  }, 20000);
  result.decodedPreview = preview.getText();

  // A spec file is language hcldec (the same grammar, a language of its own).
  const spec = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder, "specs/deploy.hcldec"));
  result.specLanguageId = spec.languageId;

  // Leave something to see: the Problems panel with every diagnostic and its code, and in the
  // editor the cursor on the unknown argument with its hover (problem and suggestion) open.
  await vscode.commands.executeCommand("workbench.actions.view.problems");
  await vscode.window.showTextDocument(doc, { preserveFocus: false });
  const line = doc.lineAt(9).text;
  const at = new vscode.Position(9, Math.max(0, line.indexOf("imgae")) + 2);
  editor.selection = new vscode.Selection(at, at);
  await new Promise((resolve) => setTimeout(resolve, 500));
  await vscode.commands.executeCommand("editor.action.showHover");
  await new Promise((resolve) => setTimeout(resolve, 1500));
}

exports.activate = async function activate() {
  const config = vscode.workspace.getConfiguration("hclspecE2e");
  const out = config.get("resultFile");
  if (!out) return;
  const result = {};
  try {
    await probe(result, config.get("document"));
  } catch (error) {
    result.error = String(error && error.stack ? error.stack : error);
  }
  // Written whole and then renamed: the script never reads half a file.
  fs.writeFileSync(`${out}.part`, JSON.stringify(result, null, 2));
  fs.renameSync(`${out}.part`, out);
};

exports.deactivate = function deactivate() {};
