// Bundles src/extension.ts and vscode-languageclient into dist/extension.js (the .vsix then needs no node_modules).
import * as esbuild from "esbuild";
import { fileURLToPath } from "node:url";
import * as path from "node:path";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
await esbuild.build({
  absWorkingDir: root,
  entryPoints: ["src/extension.ts"],
  outfile: "dist/extension.js",
  bundle: true,
  platform: "node",
  format: "cjs",
  // VS Code 1.82, the oldest engine package.json allows, runs extensions on Node 18.
  target: "node18",
  // Provided by the extension host at run time.
  external: ["vscode"],
  sourcemap: false,
  minify: process.argv.includes("--minify"),
  logLevel: "warning",
});
