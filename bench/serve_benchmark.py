#!/usr/bin/env python3
"""Drives `hclspec serve` over a pipe with one large document and its spec, and prints how long
the editor waits: open to first diagnostics, a one-character edit to its diagnostics (single
edits, and the last edit of a burst sent without waiting), completion and hover, the outline
and semantic tokens of the whole document (and their delta after an edit), and the server's peak
memory per source byte. A benchmark, not a test: it asserts nothing.

usage: serve_benchmark.py HCLSPEC SPEC DOCUMENT [--edits N] [--requests N] [--open-only]
  e.g. python3 bench/make_nomad_input.py 3.2 /tmp/nomad3.hcl
       python3 bench/serve_benchmark.py build/hclspec bench/nomad.hcldec /tmp/nomad3.hcl
"""
import argparse
import json
import os
import random
import re
import subprocess
import tempfile
import threading
import time


def kernel_touched(size):
    """A buffer of `size` bytes whose pages the kernel has written (read from /dev/zero).

    On these virtual machines the kernel's first access to a 4 KiB page of a process costs
    about 8 us, even when the process has written the page itself. 5.3 MB written through a
    pipe from a buffer and read into another, both written beforehand by their processes only,
    took 20 ms the first time and 2 ms the next; 12 ms with one buffer in huge pages, 2.4 ms
    with both. A client's buffer is its own cost, not the server's."""
    view = memoryview(bytearray(size))
    with open("/dev/zero", "rb", buffering=0) as zeros:
        done = 0
        while done < size:
            done += zeros.readinto(view[done:])
    return view


class Server:
    def __init__(self, command):
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        self.messages = []
        self.cond = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        out = self.proc.stdout
        # Bodies are read into one buffer made (and its pages touched by the kernel) once: a
        # fresh buffer per message would make the client's page faults part of every large
        # result's time.
        view = kernel_touched(64 << 20)
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode().partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value)
            if length > len(view):
                body = out.read(length)
            else:
                got = 0
                while got < length:
                    count = out.readinto(view[got:length])
                    if not count:
                        return
                    got += count
                body = view[:length]
            # Arrival is the last byte read: parsing a large result here is the client's time.
            arrived = time.perf_counter()
            message = json.loads(bytes(body))
            with self.cond:
                self.messages.append((arrived, message))
                self.cond.notify_all()

    def send(self, message):
        self.send_framed(self.framed(message))

    @staticmethod
    def framed(message):
        body = json.dumps(message).encode()
        framed = b"Content-Length: %d\r\n\r\n" % len(body) + body
        if len(framed) < (1 << 20):
            return framed
        # A large message (the opened document) leaves from pages the kernel has touched: the
        # client's cost, not the server's.
        out = kernel_touched(len(framed))
        out[:] = framed
        return out

    def send_framed(self, framed):
        self.proc.stdin.write(framed)
        self.proc.stdin.flush()

    def wait_for(self, predicate, seconds=60):
        deadline = time.time() + seconds
        with self.cond:
            while True:
                for i, (arrived, message) in enumerate(self.messages):
                    if predicate(message):
                        del self.messages[i]
                        return arrived, message
                if time.time() > deadline:
                    raise TimeoutError("no answer from the server")
                self.cond.wait(0.5)

    def peak_rss_bytes(self):
        with open("/proc/%d/status" % self.proc.pid) as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
        return 0


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def report(name, seconds):
    milliseconds = [s * 1000 for s in seconds]
    print("%-44s p50 %7.2f ms   p99 %7.2f ms   (%d runs)" %
          (name, percentile(milliseconds, 0.5), percentile(milliseconds, 0.99), len(milliseconds)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("hclspec")
    parser.add_argument("spec")
    parser.add_argument("document")
    parser.add_argument("--edits", type=int, default=100)
    parser.add_argument("--requests", type=int, default=100)
    parser.add_argument("--open-only", action="store_true",
                        help="print the open time and its peak RSS, and stop")
    args = parser.parse_args()

    text = open(args.document, encoding="utf-8").read()
    lines = text.split("\n")
    folder = tempfile.mkdtemp(prefix="hclspec-bench-")
    path = os.path.join(folder, "document.hcl")
    uri = "file://" + path
    rules = {"rules": [{"files": ["*.hcl"], "spec": os.path.abspath(args.spec)}]}
    server = Server([args.hclspec, "serve"])
    server.send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "processId": os.getpid(), "rootUri": "file://" + folder,
        "capabilities": {"textDocument": {"documentSymbol": {
            "hierarchicalDocumentSymbolSupport": True}}},
        "initializationOptions": rules}})
    server.wait_for(lambda m: m.get("id") == 0)
    server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})

    version = 1

    def diagnostics_for(wanted):
        return lambda m: (m.get("method") == "textDocument/publishDiagnostics" and
                          m["params"].get("version") == wanted)

    # The clock starts when the first byte leaves: encoding the message is the client's time.
    did_open = Server.framed({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": uri, "languageId": "hcl", "version": version, "text": text}}})
    start = time.perf_counter()
    server.send_framed(did_open)
    arrived, first = server.wait_for(diagnostics_for(version))
    print("document: %d bytes, %d lines, %d diagnostics" %
          (len(text.encode()), len(lines), len(first["params"]["diagnostics"])))
    print("%-44s %7.2f ms" % ("open -> first diagnostics", (arrived - start) * 1000))
    # The peak memory as it stands after each phase, to tell which one raised it.
    peaks = [("open", server.peak_rss_bytes())]
    if args.open_only:
        peaks_report(peaks, text)
        shut_down(server)
        return

    # Edits type one character into a string value and take it out again, so the document stays
    # valid and every edit reparses and revalidates for real.
    random.seed(1)
    places = [(n, line.index('"') + 1, len(line) - len(line.lstrip())) for n, line in enumerate(lines)
              if re.match(r'^\s+\w+\s*=\s*"[a-z]', line)]

    def edit(line, character, insert):
        change = {"range": {"start": {"line": line, "character": character},
                            "end": {"line": line, "character": character + (0 if insert else 1)}},
                  "text": "x" if insert else ""}
        return {"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}}

    single = []
    for i in range(args.edits):
        line, character, _ = random.choice(places)
        for insert in (True, False):
            version += 1
            sent = time.perf_counter()
            server.send(edit(line, character, insert))
            arrived, _ = server.wait_for(diagnostics_for(version))
            single.append(arrived - sent)
    report("didChange -> publishDiagnostics (single)", single)
    peaks.append(("single edits", server.peak_rss_bytes()))
    if os.environ.get("SERVE_BENCHMARK_SLOWEST"):
        print("slowest edits (ms, index):", sorted(((round(t * 1000, 1), i) for i, t in enumerate(single)), reverse=True)[:8])

    bursts = []
    for i in range(max(3, args.edits // 10)):
        line, character, _ = random.choice(places)
        sent = None
        for key in range(40):
            version += 1
            sent = time.perf_counter()
            server.send(edit(line, character, key % 2 == 0))
        arrived, _ = server.wait_for(diagnostics_for(version))
        bursts.append(arrived - sent)
    report("last edit of a 40-key burst -> diagnostics", bursts)
    peaks.append(("bursts", server.peak_rss_bytes()))

    for method, name in (("textDocument/completion", "completion"), ("textDocument/hover", "hover")):
        times = []
        answered = 0
        for i in range(args.requests):
            line, _, name_column = random.choice(places)
            request_id = 1000 + i
            # On an attribute's name: completion offers the body's names, hover describes it.
            at = {"line": line, "character": name_column}
            sent = time.perf_counter()
            server.send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": {
                "textDocument": {"uri": uri}, "position": at}})
            arrived, reply = server.wait_for(lambda m, r=request_id: m.get("id") == r)
            times.append(arrived - sent)
            result = reply.get("result")
            answered += 1 if result and (result.get("items") or result.get("contents")) else 0
        report(name, times)
        print("%-44s %d of %d with a non-empty answer" % ("", answered, len(times)))

    # The reading features over the whole document: outline and semantic tokens, and a delta of
    # the tokens after a one-character edit (answered while that edit's diagnostics are computed).
    document = {"textDocument": {"uri": uri}}
    for method, name in (("textDocument/documentSymbol", "document symbols"),
                         ("textDocument/semanticTokens/full", "semantic tokens (full)")):
        times = []
        for i in range(max(5, args.requests // 5)):
            request_id = 5000 + len(times) + (0 if "Symbol" in method else 500)
            sent = time.perf_counter()
            server.send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": document})
            arrived, reply = server.wait_for(lambda m, r=request_id: m.get("id") == r)
            times.append(arrived - sent)
            result = reply["result"]
        report(name, times)
        size = len(result["data"]) // 5 if isinstance(result, dict) else len(result)
        print("%-44s %d %s" % ("", size, "tokens" if isinstance(result, dict) else "root symbols"))
        peaks.append((name, server.peak_rss_bytes()))
    previous = result["resultId"]
    times = []
    for i in range(max(5, args.requests // 5)):
        line, character, _ = random.choice(places)
        for insert in (True, False):
            version += 1
            server.send(edit(line, character, insert))
            request_id = 7000 + 2 * i + (1 if insert else 0)
            sent = time.perf_counter()
            server.send({"jsonrpc": "2.0", "id": request_id,
                         "method": "textDocument/semanticTokens/full/delta",
                         "params": {"textDocument": {"uri": uri}, "previousResultId": previous}})
            arrived, reply = server.wait_for(lambda m, r=request_id: m.get("id") == r)
            times.append(arrived - sent)
            previous = reply["result"]["resultId"]
            server.wait_for(diagnostics_for(version))
    report("semantic tokens (delta after an edit)", times)

    peaks.append(("semantic tokens deltas", server.peak_rss_bytes()))
    peaks_report(peaks, text)
    shut_down(server)


def peaks_report(peaks, text):
    for phase, peak in peaks:
        print("%-44s %7.1f MB   (%.1f bytes per source byte)" %
              ("peak RSS after " + phase, peak / 1e6, peak / len(text.encode())))


def shut_down(server):
    server.send({"jsonrpc": "2.0", "id": 9, "method": "shutdown"})
    server.wait_for(lambda m: m.get("id") == 9)
    server.send({"jsonrpc": "2.0", "method": "exit"})
    server.proc.wait(timeout=10)


if __name__ == "__main__":
    main()
