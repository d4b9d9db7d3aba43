#!/usr/bin/env bash
# End to end in a real VS Code: code-server 4.100.3 (VS Code 1.100.3) with the packaged extension and a test-only probe, opened by headless Chromium; checks what the probe saw and saves docs/images/vscode.png.
#
# usage: editors/vscode/scripts/e2e.sh [HCLSPEC]     (default: build/hclspec)
# The first run installs Debian's chromium and ripgrep when missing and code-server into
# editors/vscode/.e2e/ (about two minutes); later runs take about 15 s. Set HCLSPEC_E2E_KEEP=1 to
# keep the temporary folder (logs, the captured client messages).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd) # editors/vscode
root=$(cd "$here/../.." && pwd)
server=$(realpath "${1:-$root/build/hclspec}")
started=$SECONDS
say() { printf 'e2e: %s\n' "$*"; }
die() { printf 'e2e: %s\n' "$*" >&2; exit 1; }
[ -x "$server" ] || die "no hclspec executable at $server (build it: cmake --build build --target hclspec)"

# ---- Debian packages: the browser, ripgrep for VS Code's search (its npm package would
# download a binary from outside the registry), and an emoji font for the screenshot's 🚀.
missing=()
for p in chromium ripgrep fonts-noto-color-emoji; do
  [ "$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)" = installed ] || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  [ "$(id -u)" -eq 0 ] || die "missing Debian packages: ${missing[*]} (apt-get install them as root)"
  say "installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null </dev/null ||
    { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null </dev/null; }
fi

# ---- code-server, once: its install scripts fetch binaries from outside the npm registry, so
# they are skipped, its native modules are built here, and ripgrep comes from Debian.
cs_root="$here/.e2e/code-server"
cs_version=4.100.3
cs="$cs_root/node_modules/code-server"
if [ "$(cat "$cs_root/.installed" 2>/dev/null || true)" != "$cs_version" ]; then
  say "installing code-server $cs_version into $cs_root (once)"
  rm -rf "$cs_root" && mkdir -p "$cs_root"
  log="$cs_root/install.log"
  (
    set -e
    cd "$cs_root"
    echo '{ "private": true }' >package.json
    npm install --ignore-scripts --no-audit --no-fund "code-server@$cs_version"
    # --build-from-source: node-pre-gyp would first try a download from outside the registry.
    npm rebuild --build-from-source --nodedir=/usr argon2
    cd "$cs/lib/vscode"
    npm install --omit=dev --ignore-scripts --no-audit --no-fund
    # npm_config_yes: node-pty's post-install runs `npx node-gyp`, which must not prompt.
    npm_config_yes=true npm rebuild --nodedir=/usr @parcel/watcher @vscode/deviceid @vscode/spdlog native-watchdog node-pty
    mkdir -p node_modules/@vscode/ripgrep/bin
    ln -sf "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
    # What code-server's postinstall.sh does besides installing.
    rm -rf node_modules.asar && ln -s node_modules node_modules.asar
    (cd bin/remote-cli && ln -sf code-linux.sh code-server)
    (cd bin/helpers && ln -sf browser-linux.sh browser.sh)
    cd extensions && npm install --omit=dev --ignore-scripts --no-audit --no-fund
  ) >"$log" 2>&1 </dev/null || { tail -n 40 "$log" >&2; die "installing code-server failed (log: $log)"; }
  echo "$cs_version" >"$cs_root/.installed"
  say "code-server installed after $((SECONDS - started)) s"
fi

# ---- The extension as users get it, and the probe.
"$root/scripts/npm-deps.sh"
tmp=$(mktemp -d /tmp/hclspec-e2e.XXXXXX)
pids=()
cleanup() {
  local pid
  # Each was started as the leader of its own process group (setsid): the group goes with it.
  for pid in "${pids[@]}"; do kill -- "-$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ "${HCLSPEC_E2E_KEEP:-0}" = 1 ]; then say "kept $tmp"; else rm -rf "$tmp"; fi
}
trap cleanup EXIT
vsce="$here/node_modules/@vscode/vsce/vsce"
(cd "$here" && npm run --silent package -- --out "$tmp/hclspec.vsix") >"$tmp/package.log" 2>&1 ||
  { cat "$tmp/package.log" >&2; die "npm run package failed"; }
(cd "$here/test/e2e-probe" && node "$vsce" package --no-dependencies --skip-license --allow-missing-repository \
  --out "$tmp/probe.vsix") >"$tmp/probe.log" 2>&1 || { cat "$tmp/probe.log" >&2; die "packaging the probe failed"; }

# ---- A throwaway VS Code: its own home, settings and extensions; a copy of the test workspace
# whose rules live in its .vscode/settings.json (resource-scoped, as users keep them).
export HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/home/.config" XDG_DATA_HOME="$tmp/home/.local/share" \
  XDG_CACHE_HOME="$tmp/home/.cache"
mkdir -p "$HOME" "$tmp/user/User" "$tmp/extensions"
cp -r "$here/test/workspace" "$tmp/workspace"
mkdir -p "$tmp/workspace/.vscode"
cat >"$tmp/workspace/.vscode/settings.json" <<'EOF'
{ "hclspec.rules": [{ "files": ["jobs/*.hcl"], "spec": "specs/deploy.hcldec" }] }
EOF
# The server through a tap that keeps what VS Code sends it (checked below).
cat >"$tmp/hclspec-tap" <<EOF
#!/bin/sh
echo "\$@" >"$tmp/server-args"
tee "$tmp/client-messages" | exec "$server" "\$@"
EOF
chmod +x "$tmp/hclspec-tap"
cat >"$tmp/user/User/settings.json" <<EOF
{
  "hclspec.server.path": "$tmp/hclspec-tap",
  "hclspecE2e.resultFile": "$tmp/result.json",
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "workbench.secondarySideBar.defaultVisibility": "hidden",
  "chat.commandCenter.enabled": false,
  "security.workspace.trust.enabled": false,
  "telemetry.telemetryLevel": "off",
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "update.mode": "none",
  "editor.minimap.enabled": false,
  "editor.hover.delay": 100,
  "editor.hover.above": false,
  "workbench.colorTheme": "Default Dark Modern",
  "window.zoomLevel": 0
}
EOF

code_server=(node "$cs/out/node/entry.js" --user-data-dir "$tmp/user" --extensions-dir "$tmp/extensions")
"${code_server[@]}" --install-extension "$tmp/hclspec.vsix" --install-extension "$tmp/probe.vsix" \
  >"$tmp/install.log" 2>&1 || { cat "$tmp/install.log" >&2; die "installing the extensions failed"; }

free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
port=$(free_port)
cdp=$(free_port)
setsid "${code_server[@]}" --auth none --bind-addr "127.0.0.1:$port" --disable-workspace-trust --disable-telemetry \
  --disable-update-check --disable-getting-started-override "$tmp/workspace" >"$tmp/code-server.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do
  curl -fs -o /dev/null "http://127.0.0.1:$port/healthz" && break
  sleep 0.2
done
curl -fs -o /dev/null "http://127.0.0.1:$port/healthz" || { cat "$tmp/code-server.log" >&2; die "code-server did not start"; }
say "code-server 127.0.0.1:$port up after $((SECONDS - started)) s"

# The page starts the extension host; Chromium stays up until the screenshot is taken.
setsid chromium --headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
  --user-data-dir="$tmp/chromium" --remote-debugging-address=127.0.0.1 --remote-debugging-port="$cdp" \
  --window-size=1280,800 "http://127.0.0.1:$port/?folder=$tmp/workspace" >"$tmp/chromium.log" 2>&1 &
pids+=($!)

mkdir -p "$root/docs/images"
node --experimental-websocket --no-warnings "$here/scripts/e2e-check.mjs" \
  --cdp "$cdp" --result "$tmp/result.json" --messages "$tmp/client-messages" --args "$tmp/server-args" \
  --screenshot "$root/docs/images/vscode.png" || {
  say "code-server log:"; tail -n 30 "$tmp/code-server.log" >&2
  HCLSPEC_E2E_KEEP=1
  die "the end-to-end checks failed after $((SECONDS - started)) s"
}
say "passed in $((SECONDS - started)) s; screenshot: docs/images/vscode.png"
