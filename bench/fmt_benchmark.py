#!/usr/bin/env python3
"""Times `hclspec fmt` and prints wall time and throughput (best of several runs): one large file
printed to /dev/null (default: 10 MB of real-world Terraform made by the shared corpus's
make_big.py), and `fmt --check` over a folder of real-world files (default: the shared corpus's
formatted copies, ../shared/corpus/hclfmt, which need no change). With --reference BIN, the same
file is also formatted by BIN (e.g. HashiCorp's hclfmt, built from Debian's
golang-github-hashicorp-hcl-v2-dev sources) and the outputs must be equal. A benchmark, not a
test: it asserts only that the commands ran and agreed.

usage: fmt_benchmark.py HCLSPEC [--file F] [--folder DIR] [--reference BIN] [--runs N]
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.join(HERE, "..", "..", "shared", "corpus")


def best_time(command, runs, ok=(0,)):
    best = None
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        elapsed = time.perf_counter() - start
        if proc.returncode not in ok:
            sys.exit("%s exited %d" % (" ".join(command), proc.returncode))
        best = elapsed if best is None else min(best, elapsed)
    return best


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("hclspec")
    parser.add_argument("--file")
    parser.add_argument("--folder", default=os.path.join(SHARED, "hclfmt"))
    parser.add_argument("--reference")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    hclspec = os.path.abspath(args.hclspec)

    with tempfile.TemporaryDirectory() as tmp:
        big = args.file
        if big is None:
            big = os.path.join(tmp, "big.tf")
            subprocess.run([sys.executable, os.path.join(SHARED, "make_big.py"), big, "10"],
                           check=True, stdout=subprocess.DEVNULL)
        size = os.path.getsize(big)
        seconds = best_time([hclspec, "fmt", big], args.runs)
        print("%-36s %8.1f MB  %7.1f ms  %6.1f MB/s" % ("hclspec fmt FILE", size / 1e6,
                                                        seconds * 1000, size / 1e6 / seconds))
        if args.reference:
            ours = subprocess.run([hclspec, "fmt", big], capture_output=True).stdout
            theirs = subprocess.run([args.reference, big], capture_output=True).stdout
            if ours != theirs:
                sys.exit("the outputs differ on %s" % big)
            ref = best_time([args.reference, big], args.runs)
            print("%-36s %8.1f MB  %7.1f ms  %6.1f MB/s  (hclspec: %.2fx its time)" % (
                "reference " + os.path.basename(args.reference), size / 1e6, ref * 1000,
                size / 1e6 / ref, seconds / ref))

    if os.path.isdir(args.folder):
        files = sum(len(f) for _, _, f in os.walk(args.folder))
        seconds = best_time([hclspec, "fmt", "--check", args.folder], args.runs, ok=(0, 3))
        print("%-36s %8d files %7.1f ms  %6.0f files/s" % ("hclspec fmt --check FOLDER", files,
                                                           seconds * 1000, files / seconds))


if __name__ == "__main__":
    main()
