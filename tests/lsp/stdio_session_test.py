#!/usr/bin/env python3
"""hclspec serve over real pipes: a whole session, then malformed and hostile input, after which
the server must still answer. Usage: stdio_session_test.py PATH_TO_HCLSPEC"""
import fcntl
import json
import os
import subprocess
import sys
import tempfile
import threading
import time

HCLSPEC = sys.argv[1]
failures = []
passes = 0


def check(condition, what):
    global passes
    passes += 1 if condition else 0
    if not condition:
        failures.append(what)
        print("FAIL:", what)


class Server:
    def __init__(self, *args):
        self.proc = subprocess.Popen([HCLSPEC, "serve", *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.messages = []
        self.lock = threading.Condition()
        # Cleared, the reader stops before the body of a message of over 1 MB (which then stays
        # in the pipe, the server still writing it) and sets `parked`.
        self.read_large = threading.Event()
        self.read_large.set()
        self.parked = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    with self.lock:
                        self.lock.notify_all()
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode().partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value)
            if length > 1 << 20 and not self.read_large.is_set():
                self.parked.set()
                self.read_large.wait()
            body = out.read(length)
            with self.lock:
                self.messages.append(json.loads(body))
                self.lock.notify_all()

    def raw(self, data):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def send(self, message):
        body = json.dumps(message).encode()
        self.raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def wait_for(self, predicate, seconds=10):
        deadline = time.time() + seconds
        with self.lock:
            while True:
                for message in self.messages:
                    if predicate(message):
                        self.messages.remove(message)
                        return message
                left = deadline - time.time()
                if left <= 0 or self.proc.poll() is not None and not self.messages:
                    return None
                self.lock.wait(left)

    def response(self, request_id):
        return self.wait_for(lambda m: m.get("id") == request_id and "method" not in m)

    def diagnostics(self, uri):
        m = self.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                          and m["params"]["uri"] == uri)
        return m and m["params"]

    def rss_kib(self):
        with open("/proc/%d/status" % self.proc.pid) as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0


def initialize(server, root_uri=None):
    server.send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                 "params": {"processId": os.getpid(), "rootUri": root_uri, "capabilities": {}}})
    reply = server.response(1)
    check(reply is not None and "capabilities" in reply.get("result", {}), "initialize answered")
    server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})


def finish(server, expect_status):
    server.send({"jsonrpc": "2.0", "id": 99, "method": "shutdown"})
    check(server.response(99) is not None, "shutdown answered")
    server.send({"jsonrpc": "2.0", "method": "exit"})
    status = server.proc.wait(timeout=10)
    check(status == expect_status, "exit status %s, expected %s" % (status, expect_status))


def whole_session():
    with tempfile.TemporaryDirectory() as folder:
        folder = os.path.realpath(folder)
        with open(os.path.join(folder, "svc.hcldec"), "w") as spec:
            spec.write('object {\n  # The port.\n  attr "port" {\n    type = number\n'
                       '    required = true\n  }\n}\n')
        log_file = os.path.join(folder, "server.log")
        server = Server("--stdio", "--log-file", log_file)
        initialize(server, "file://" + folder)
        uri = "file://" + folder + "/a.hcl"
        server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "hcl", "version": 1, "text": "# hclspec: svc.hcldec\nport = \"x\"\n"}}})
        published = server.diagnostics(uri)
        check(published is not None and published["version"] == 1, "diagnostics published with the version")
        check(published is not None and len(published["diagnostics"]) == 1, "the bad port is reported")
        server.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": 2},
            "contentChanges": [{"range": {"start": {"line": 1, "character": 7},
                                          "end": {"line": 1, "character": 10}}, "text": "80"}]}})
        published = server.diagnostics(uri)
        check(published is not None and published["version"] == 2 and not published["diagnostics"],
              "the fix clears the diagnostics")
        server.send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {
            "textDocument": {"uri": uri}, "position": {"line": 1, "character": 1}}})
        hover = server.response(2)
        check(hover is not None and "The port." in json.dumps(hover), "hover shows the description")
        finish(server, 0)
        with open(log_file) as log:
            check("svc.hcldec" in log.read(), "the log file names the spec chosen")


def hostile_input():
    server = Server()
    initialize(server)
    # A header block without Content-Length, an unparsable length, a body that is not UTF-8,
    # a body that is not JSON, a JSON-RPC message of the wrong shape.
    server.raw(b"Content-Type: application/vscode-jsonrpc\r\n\r\n")
    server.raw(b"Content-Length: banana\r\n\r\n")
    bad = b'{"jsonrpc": "2.0", "id": 3, "method": "\xff\xfe"}'
    server.raw(b"Content-Length: %d\r\n\r\n" % len(bad) + bad)
    garbage = b"this is not json"
    server.raw(b"Content-Length: %d\r\n\r\n" % len(garbage) + garbage)
    server.send({"jsonrpc": "2.0", "id": 4, "method": 17})
    server.send({"jsonrpc": "2.0", "id": 5, "method": "textDocument/definitelyNot"})
    parse_errors = 0
    while server.wait_for(lambda m: m.get("error", {}).get("code") == -32700, 5):
        parse_errors += 1
    check(parse_errors >= 2, "parse errors answered (%d)" % parse_errors)
    check(server.response(4)["error"]["code"] == -32600, "invalid request answered")
    check(server.response(5)["error"]["code"] == -32601, "unknown method answered")
    # A body over the limit (64 MiB) is skipped as it arrives, without being kept.
    # Judged by growth, not by size: a sanitizer build starts far bigger.
    before = server.rss_kib()
    huge = 65 * 1024 * 1024
    server.raw(b"Content-Length: %d\r\n\r\n" % huge)
    chunk = b"x" * (1024 * 1024)
    for _ in range(65):
        server.raw(chunk)
    grown = server.rss_kib() - before
    check(grown < 24 * 1024,
          "memory stays bounded while a huge body is skipped (grew %d KiB)" % grown)
    # Deep nesting and a long line in a document are diagnostics, not crashes.
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": "file:///deep.hcl", "languageId": "hcl", "version": 1,
        "text": "a = " + "[" * 50000 + "\n" + "b = \"" + "é" * 100000 + "\n"}}})
    published = server.diagnostics("file:///deep.hcl")
    check(published is not None and published["diagnostics"], "deep nesting gets diagnostics")
    # Still serving.
    server.send({"jsonrpc": "2.0", "id": 6, "method": "textDocument/hover", "params": {
        "textDocument": {"uri": "file:///deep.hcl"}, "position": {"line": 0, "character": 0}}})
    check(server.response(6) is not None, "still answering after hostile input")
    finish(server, 0)


def large_results():
    """Results of megabytes (the semantic tokens of a large file), written behind their header
    from the text the server holds, arrive whole and in order with the small replies around them,
    and an edit made while one is still being written changes the next one only."""
    server = Server()
    initialize(server)
    # The server widens its output pipe to 1 MiB, so that a large result takes a few round trips
    # through the reader instead of one per 64 KiB; the system's limit for a process may be lower
    # (then only a process allowed more can widen it that far).
    with open("/proc/sys/fs/pipe-max-size") as limit:
        allowed = int(limit.read()) >= 1 << 20
    size = fcntl.fcntl(server.proc.stdout.fileno(), fcntl.F_GETPIPE_SZ)
    check(size == 1 << 20 if allowed else size <= 1 << 20,
          "the server's output pipe holds %d bytes" % size)
    uri = "file:///tmp/hclspec-stdio-large.hcl"
    text = "".join('block "b%d" {\n  name = "x${var.y}z" # c\n  n = %d\n}\n' % (i, i)
                   for i in range(20000))
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "hcl", "version": 1, "text": text}}})
    server.read_large.clear()
    for request_id in (10, 11, 12):
        method = "textDocument/hover" if request_id == 11 else "textDocument/semanticTokens/full"
        params = {"textDocument": {"uri": uri}}
        if request_id == 11:
            params["position"] = {"line": 0, "character": 1}
        if request_id == 12:
            # While the first result is still in the pipe: a line added at the top, which
            # changes the text the server holds and is writing.
            check(server.parked.wait(timeout=60), "the first large result is being written")
            server.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                "textDocument": {"uri": uri, "version": 2}, "contentChanges": [{
                    "range": {"start": {"line": 0, "character": 0},
                              "end": {"line": 0, "character": 0}},
                    "text": "a = 1\n"}]}})
        server.send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
    time.sleep(1)  # for the server to answer 12 behind the first
    server.read_large.set()
    first, hover, second = (server.response(i) for i in (10, 11, 12))
    # Eleven tokens a block: type, label, two names, the quotes, the string text, `${`, the
    # variable and its step, `}`, ... each five numbers; what matters is that it is all there.
    check(first is not None and len(first["result"]["data"]) > 20000 * 5 * 8,
          "a large result arrives whole (%s numbers)" %
          (len(first["result"]["data"]) if first else "no"))
    check(hover is not None and "result" in hover, "a small reply between two large ones arrives")
    # `a`, `=` and `1` come first, and the first block moved a line down.
    before = first["result"]["data"] if first else []
    after = second["result"]["data"] if second else []
    check(after[:15] == [0, 0, 1, 2, 1, 0, 2, 1, 9, 0, 0, 2, 1, 8, 0] and
          after[15:] == [before[0] + 1] + before[1:],
          "the second large result is the first one with the added line")
    finish(server, 0)


def exit_without_shutdown():
    server = Server()
    initialize(server)
    server.send({"jsonrpc": "2.0", "method": "exit"})
    check(server.proc.wait(timeout=10) == 1, "exit without shutdown exits 1")
    server = Server()
    initialize(server)
    server.proc.stdin.close()
    check(server.proc.wait(timeout=10) == 1, "the input ending exits 1")


whole_session()
hostile_input()
large_results()
exit_without_shutdown()
print("stdio: %d passed, %d failed" % (passes, len(failures)))
sys.exit(1 if failures else 0)
