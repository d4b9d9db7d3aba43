// The extension's settings turned into the server's command line and initialization options; no `vscode` import, so the tests use this very code.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/** One `hclspec.rules` entry: the server reads exactly this shape. */
export interface Rule {
  files: string[];
  spec: string;
}

/**
 * Keeps the well-formed rules and describes the others. The server answers a malformed `rules`
 * list in initializationOptions by failing `initialize` as a whole (and ignores a malformed
 * pulled section entirely), so one typo in the settings must not cost every other rule.
 */
export function cleanRules(value: unknown): { rules: Rule[]; problems: string[] } {
  const rules: Rule[] = [];
  const problems: string[] = [];
  if (value === undefined || value === null) return { rules, problems };
  if (!Array.isArray(value)) {
    problems.push("hclspec.rules must be an array of { files, spec } objects");
    return { rules, problems };
  }
  value.forEach((item: unknown, i: number) => {
    const at = `hclspec.rules[${i}]`;
    if (typeof item !== "object" || item === null || Array.isArray(item)) {
      problems.push(`${at} is not an object`);
      return;
    }
    const { files, spec } = item as { files?: unknown; spec?: unknown };
    if (!Array.isArray(files) || !files.every((glob) => typeof glob === "string")) {
      problems.push(`${at}.files must be an array of globs`);
      return;
    }
    if (typeof spec !== "string" || spec === "") {
      problems.push(`${at}.spec must be a path`);
      return;
    }
    rules.push({ files: [...files], spec });
  });
  return { rules, problems };
}

/** `hclspec.dynamicBlocks` as the server reads it: on only when the setting is `true`. */
export function dynamicBlocks(setting: unknown): boolean {
  return setting === true;
}

/**
 * What the extension sends as `initializationOptions`: the window's `hclspec.rules` and
 * `hclspec.dynamicBlocks`, which apply until the server has pulled each folder's own.
 */
export function initializationOptions(
  rulesSetting: unknown,
  dynamicBlocksSetting: unknown,
): { rules: Rule[]; dynamicBlocks: boolean } {
  return { rules: cleanRules(rulesSetting).rules, dynamicBlocks: dynamicBlocks(dynamicBlocksSetting) };
}

/**
 * The `hclspec` section as a `workspace/configuration` answer for one folder: VS Code hands over
 * the whole section (server, rules, inlayHints, dynamicBlocks, trace); the server reads `rules`,
 * `inlayHints` and `dynamicBlocks`, and the rules are cleaned and `dynamicBlocks` made a boolean.
 */
export function configurationSection(section: unknown): unknown {
  if (typeof section !== "object" || section === null) return section;
  const { rules, dynamicBlocks: dynamic } = section as { rules?: unknown; dynamicBlocks?: unknown };
  return { ...section, rules: cleanRules(rules).rules, dynamicBlocks: dynamicBlocks(dynamic) };
}

export interface ServerLookup {
  /** hclspec.server.path */
  setting: string | undefined;
  /** hclspec.server.args */
  args?: readonly unknown[];
  /** Where a relative path is resolved: the first workspace folder, if any. */
  base?: string;
  env?: NodeJS.ProcessEnv;
}

export type ServerCommand =
  | { command: string; args: string[] }
  | { error: string };

function isExecutableFile(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) return false;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The executable and arguments (`serve` and the user's; vscode-languageclient appends
 * `--stdio`), or a message telling the user what is missing. Looking the program up here gives
 * a clear error instead of the client's generic "couldn't start" after a spawn failure.
 */
export function serverCommand(lookup: ServerLookup): ServerCommand {
  const env = lookup.env ?? process.env;
  let setting = (lookup.setting ?? "").trim() || "hclspec";
  const extra = (lookup.args ?? []).filter((arg): arg is string => typeof arg === "string");
  const args = ["serve", ...extra];
  if (setting === "~" || setting.startsWith("~/")) setting = path.join(os.homedir(), setting.slice(1));

  const hint =
    "Build it (cmake --build build --target hclspec) or install it, then set hclspec.server.path " +
    "to the executable and run 'hclspec: Restart Language Server'.";
  if (setting.includes("/") || setting.includes(path.sep)) {
    const file = path.isAbsolute(setting)
      ? setting
      : lookup.base
        ? path.resolve(lookup.base, setting)
        : undefined;
    if (!file)
      return { error: `hclspec.server.path "${setting}" is relative, but no folder is open to resolve it against. ${hint}` };
    if (!isExecutableFile(file))
      return { error: `The hclspec language server "${file}" (hclspec.server.path) does not exist or is not executable. ${hint}` };
    return { command: file, args };
  }
  for (const dir of (env.PATH ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, setting);
    if (isExecutableFile(file)) return { command: file, args };
  }
  return { error: `The hclspec language server "${setting}" (hclspec.server.path) was not found on PATH. ${hint}` };
}
