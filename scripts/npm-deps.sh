#!/usr/bin/env bash
# Installs the VS Code extension's npm packages (npm ci in editors/vscode) when node_modules is missing or package-lock.json changed; silent otherwise.
#
# usage: scripts/npm-deps.sh
set -euo pipefail
# shellcheck source=scripts/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

dir="$HCLSPEC_ROOT/editors/vscode"
# The lock file's hash, written after a successful install: an edited lock file reinstalls.
stamp="$dir/node_modules/.hclspec-package-lock.sha256"
want=$(sha256sum "$dir/package-lock.json" | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  exit 0
fi

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "npm-deps.sh: node and npm are needed for editors/vscode (Node.js 20 or later)" >&2
  exit 1
fi
major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$major" -lt 20 ]; then
  echo "npm-deps.sh: Node.js $(node --version) is too old for editors/vscode (@vscode/vsce 3 needs 20)" >&2
  exit 1
fi

echo "npm-deps.sh: npm ci in editors/vscode"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# --ignore-scripts: the only install scripts are esbuild's (a check of the binary its platform
# package already holds), @vscode/vsce-sign's (a tool `vsce package` does not use) and the
# optional keytar's, which downloads a prebuilt binary from outside the npm registry.
if ! (cd "$dir" && npm ci --ignore-scripts --no-audit --no-fund) >"$log" 2>&1 </dev/null; then
  cat "$log" >&2
  echo "npm-deps.sh: npm ci failed in editors/vscode (output above)" >&2
  exit 1
fi
echo "$want" >"$stamp"
