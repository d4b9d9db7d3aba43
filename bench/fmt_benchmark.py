#!/usr/bin/env python3
"""Times `hclspec fmt` and prints wall time, throughput and peak RSS (best of several runs): one large file
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
    """The best wall time of `runs` runs, and the largest peak RSS (bytes) among them."""
    best, peak = None, 0
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - start
        code = os.waitstatus_to_exitcode(status)
        if code not in ok:
            sys.exit("%s exited %d" % (" ".join(command), code))
        best = elapsed if best is None else min(best, elapsed)
        peak = max(peak, usage.ru_maxrss * 1024)
    return best, peak


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
        seconds, peak = best_time([hclspec, "fmt", big], args.runs)
        print("%-28s %6.1f MB  %8.1f ms  %7.1f MB/s  peak RSS %6.1f MB" % (
            "hclspec fmt FILE", size / 1e6, seconds * 1000, size / 1e6 / seconds, peak / 1e6))
        if args.reference:
            ours = subprocess.run([hclspec, "fmt", big], capture_output=True).stdout
            theirs = subprocess.run([args.reference, big], capture_output=True).stdout
            if ours != theirs:
                sys.exit("the outputs differ on %s" % big)
            ref, ref_peak = best_time([args.reference, big], args.runs)
            print("%-28s %6.1f MB  %8.1f ms  %7.1f MB/s  peak RSS %6.1f MB" % (
                "reference " + os.path.basename(args.reference), size / 1e6, ref * 1000,
                size / 1e6 / ref, ref_peak / 1e6))
            print("hclspec is %.1f times as fast, in %.2f of the memory" % (
                ref / seconds, peak / ref_peak))

    if os.path.isdir(args.folder):
        files = sum(len(f) for _, _, f in os.walk(args.folder))
        seconds, _ = best_time([hclspec, "fmt", "--check", args.folder], args.runs, ok=(0, 3))
        print("%-28s %6d files %7.1f ms  %7.0f files/s" % ("hclspec fmt --check FOLDER", files,
                                                           seconds * 1000, files / seconds))


if __name__ == "__main__":
    main()
