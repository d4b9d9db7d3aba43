#!/usr/bin/env python3
"""Runs one of our commands and, when given, the reference tool's command for the same job in
turn (ours, reference, ours, ...) and prints the median wall time and peak RSS of each, the
median of the pairs' speed ratios, and the peak RSS per input byte. Taking the ratio pair by pair
keeps it meaningful when the machine's speed drifts during the runs. With --same-output, one
untimed run of each first checks that both write the same bytes. A benchmark, not a test: it
asserts only that the commands ran (exit 0) and, when asked, agreed.

usage: side_by_side.py --label TEXT --input FILE --ours CMD [--reference CMD] [--runs N]
                       [--same-output] [--target RATIO]
  CMD is one string split as a shell splits words; its output goes to /dev/null.
"""
import argparse
import os
import shlex
import statistics
import subprocess
import sys
import time


def run_once(command, stdout=subprocess.DEVNULL):
    """Wall seconds and peak RSS (bytes) of one run of `command`; exits on a failure."""
    start = time.perf_counter()
    proc = subprocess.Popen(command, stdout=stdout, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit("side_by_side: `%s` exited %d" % (shlex.join(command), code))
    return elapsed, usage.ru_maxrss * 1024


def output_of(command):
    proc = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    if proc.returncode != 0:
        sys.exit("side_by_side: `%s` exited %d" % (shlex.join(command), proc.returncode))
    return proc.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--label", required=True)
    parser.add_argument("--input", required=True, help="the input file, for bytes per byte")
    parser.add_argument("--ours", required=True)
    parser.add_argument("--reference")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--same-output", action="store_true")
    parser.add_argument("--target", type=float, help="the speed ratio aimed at, printed beside")
    args = parser.parse_args()

    ours = shlex.split(args.ours)
    reference = shlex.split(args.reference) if args.reference else None
    size = os.path.getsize(args.input)
    agreement = ""
    if args.same_output and reference:
        agreement = ("outputs agree" if output_of(ours) == output_of(reference)
                     else "OUTPUTS DIFFER")
    # One warm-up run each: the first run of a process reads the input from disk.
    run_once(ours)
    if reference:
        run_once(reference)
    ours_runs, reference_runs = [], []
    for _ in range(args.runs):
        ours_runs.append(run_once(ours))
        if reference:
            reference_runs.append(run_once(reference))

    def figures(runs):
        wall = statistics.median(t for t, _ in runs)
        peak = statistics.median(p for _, p in runs)
        return "%8.3f s %7.1f MB (%5.1f B/B)" % (wall, peak / 1e6, peak / size)

    line = "%-34s ours %s" % (args.label, figures(ours_runs))
    if reference:
        ratio = statistics.median(r[0] / o[0] for o, r in zip(ours_runs, reference_runs))
        line += "   reference %s   %6.1fx faster" % (figures(reference_runs), ratio)
        if args.target:
            line += " (target %gx)" % args.target
    if agreement:
        line += ", " + agreement
    print(line, flush=True)
    return 1 if agreement == "OUTPUTS DIFFER" else 0


if __name__ == "__main__":
    sys.exit(main())
