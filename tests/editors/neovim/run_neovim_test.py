#!/usr/bin/env python3
"""Runs test_init.lua in a headless Neovim against hclspec, then against two fake servers: one that
never answers, and one that answers initialize and shutdown but nothing else. The first run must
pass and both fakes' runs must fail, or the test proves nothing. Prints every report. Fails (does
not skip) when nvim is missing.

usage: run_neovim_test.py HCLSPEC_BINARY SOURCE_DIR
"""
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import time

binary = os.path.abspath(sys.argv[1])
source = os.path.abspath(sys.argv[2])
here = os.path.join(source, "tests", "editors", "neovim")

nvim = shutil.which("nvim")
if nvim is None:
    print("FAIL: nvim is not installed, so the Neovim client cannot be tested "
          "(Debian: apt-get install neovim; 0.7 or later).")
    sys.exit(1)


def run(name, server, temp, timeout_ms):
    """One headless session on a fresh copy of the workspace; returns (exit status, report)."""
    workspace = os.path.join(temp, name, "workspace")
    shutil.copytree(os.path.join(source, "fixtures", "neovim_workspace"), workspace)
    workspace = os.path.realpath(workspace)
    report = os.path.join(temp, name, "report.txt")
    env = dict(os.environ)
    # Neovim's own state (shada, lsp.log, user config and plugins) stays in the temp folder.
    for variable in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env[variable] = os.path.join(temp, name, variable.lower())
    env.update({
        "HCLSPEC_TEST_PLUGIN": os.path.join(source, "editors", "neovim"),
        "HCLSPEC_TEST_SERVER": server,
        "HCLSPEC_TEST_WORKSPACE": workspace,
        "HCLSPEC_TEST_REPORT": report,
        "HCLSPEC_TEST_TIMEOUT_MS": str(timeout_ms),
    })
    command = [nvim, "--headless", "-n", "-i", "NONE", "-u", os.path.join(here, "test_init.lua")]
    start = time.monotonic()
    try:
        done = subprocess.run(command, cwd=workspace, env=env, stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, timeout=30)
        status, output = done.returncode, done.stdout + done.stderr
    except subprocess.TimeoutExpired as expired:
        status, output = "timeout", str(expired.stdout or "") + str(expired.stderr or "")
    seconds = time.monotonic() - start
    text = open(report).read() if os.path.exists(report) else "(no report written)\n"
    if output.strip():
        text += "nvim's output:\n" + output.rstrip() + "\n"
    return status, text, seconds


# Answers initialize (as hclspec would) and shutdown, then ignores the documents: a server whose
# features are broken. Only the checks after initialization can make this run fail.
SILENT_SERVER = r"""
import json, sys
stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
while True:
    length = None
    while True:
        line = stdin.readline()
        if not line:
            sys.exit(0)
        if line.strip() == b"":
            break
        name, _, value = line.decode().partition(":")
        if name.strip().lower() == "content-length":
            length = int(value)
    message = json.loads(stdin.read(length))
    result = {
        "initialize": {"capabilities": {"positionEncoding": "utf-16", "textDocumentSync": 2,
                                        "completionProvider": {}, "hoverProvider": True}},
        "shutdown": None,
    }
    if message.get("method") == "exit":
        sys.exit(0)
    if "id" in message and message.get("method") in result:
        body = json.dumps({"jsonrpc": "2.0", "id": message["id"],
                           "result": result[message["method"]]}).encode()
        stdout.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
        stdout.flush()
"""


def executable(path, text):
    with open(path, "w") as script:
        script.write(text)
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)
    return path


with tempfile.TemporaryDirectory(prefix="hclspec-nvim-") as temp:
    # Reads what it is sent and never replies, as a hung or broken server would.
    mute = executable(os.path.join(temp, "mute-hclspec"), "#!/bin/sh\nexec cat >/dev/null\n")
    silent = executable(os.path.join(temp, "silent-hclspec"),
                        f"#!{sys.executable}\n{SILENT_SERVER}")
    runs = [("hclspec", binary, 5000, True),
            ("a server that never answers", mute, 1000, False),
            ("a server that answers only initialize and shutdown", silent, 300, False)]
    verdicts = []
    for number, (title, server, timeout_ms, must_pass) in enumerate(runs):
        status, report, seconds = run(f"run{number}", server, temp, timeout_ms)
        print(f"== {title} ({seconds:.1f} s, exit status {status})")
        print(report, end="")
        if must_pass:
            good = status == 0 and "RESULT: PASS" in report
            verdict = "passed" if good else "FAILED"
        else:
            good = status != 0 and "RESULT: FAIL" in report
            verdict = "failed, as it must" if good else "DID NOT FAIL: the checks prove nothing"
        verdicts.append((good, f"neovim client, {title}: {verdict}"))

for good, line in verdicts:
    print(line)
sys.exit(0 if all(good for good, _ in verdicts) else 1)
