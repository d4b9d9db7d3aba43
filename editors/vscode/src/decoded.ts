// The "hclspec: Show decoded JSON" preview: what `hclspec decode --with-type` prints for a file, beside it, kept up to date as the file changes.
import * as vscode from "vscode";

/** The answer of the server's `hclspec/decodedValue` request. */
export interface DecodedValue {
  value: unknown;
  type: unknown;
  diagnostics: { range: { start: { line: number; character: number } }; message: string; severity?: number }[];
}

/** The preview's text: the value and its type, or why there is none (the errors, one a line). */
export function renderDecoded(decoded: DecodedValue): string {
  if (decoded.type !== null && decoded.type !== undefined)
    return JSON.stringify(decoded.value === null ? { type: decoded.type } : { value: decoded.value, type: decoded.type }, null, 2) + "\n";
  const errors = decoded.diagnostics.filter((d) => (d.severity ?? 1) === 1);
  const lines = errors.map((d) => `// ${d.range.start.line + 1}:${d.range.start.character + 1}: ${d.message.split("\n")[0]}`);
  return `// Not decoded: ${errors.length} error${errors.length === 1 ? "" : "s"} in the file.\n${lines.join("\n")}\n`;
}

export const previewScheme = "hclspec-decoded";

/** The preview's URI for a file: its own name with ".decoded.json", the file's URI in the query. */
export function previewUri(file: vscode.Uri): vscode.Uri {
  return vscode.Uri.from({ scheme: previewScheme, path: `${file.path}.decoded.json`, query: file.toString() });
}

type Request = (source: string) => Promise<DecodedValue>;

/** Serves the previews' text from the server, and tells VS Code when a file's preview changed. */
export class DecodedPreviews implements vscode.TextDocumentContentProvider {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(private readonly request: () => Request | undefined) {}

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const request = this.request();
    if (!request) return "// The hclspec language server is not running.\n";
    try {
      return renderDecoded(await request(uri.query));
    } catch (error) {
      return `// ${error instanceof Error ? error.message : String(error)}\n`;
    }
  }

  /** A file changed: its open preview is read again once typing pauses. */
  fileChanged(file: vscode.Uri): void {
    const preview = previewUri(file);
    if (!vscode.workspace.textDocuments.some((d) => d.uri.toString() === preview.toString())) return;
    const key = preview.toString();
    clearTimeout(this.timers.get(key));
    this.timers.set(key, setTimeout(() => {
      this.timers.delete(key);
      this.changed.fire(preview);
    }, 300));
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.changed.dispose();
  }
}

/** The command: the active file's preview, beside it. */
export async function showDecoded(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.uri.scheme === previewScheme) {
    void vscode.window.showInformationMessage("hclspec: open an HCL file to see it decoded.");
    return;
  }
  const document = await vscode.workspace.openTextDocument(previewUri(editor.document.uri));
  await vscode.languages.setTextDocumentLanguage(document, "jsonc");
  await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true, preview: true });
}
