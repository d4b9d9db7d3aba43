#!/usr/bin/env python3
"""Times the same loop on each core this process may run on and prints each core's time
relative to the fastest. Our commands share their work between two cores; when one core of a
virtual machine is much slower than the other (seen here: 2.8 times, for hours), their whole-
process figures are not comparable with those of a day when the cores were even, while a
single-threaded reference tool hardly notices. A benchmark's companion, not a test.

usage: core_speeds.py [--rounds N]
"""
import argparse
import os
import sys
import time


def loop_seconds():
    """Wall seconds of a fixed loop of integer additions."""
    start = time.perf_counter()
    total = 0
    for i in range(2_000_000):
        total += i
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="runs per core; the best is kept")
    args = parser.parse_args()
    if not hasattr(os, "sched_setaffinity"):
        print("cores: cannot pin to a core here")
        return 0
    cores = sorted(os.sched_getaffinity(0))
    best = {}
    try:
        # Rounds go from core to core, so a slow spell of the host falls on all of them alike.
        for _ in range(max(1, args.rounds)):
            for core in cores:
                os.sched_setaffinity(0, {core})
                seconds = loop_seconds()
                best[core] = min(best.get(core, seconds), seconds)
    finally:
        os.sched_setaffinity(0, cores)
    fastest = min(best.values())
    relative = ", ".join("cpu%d %.2f" % (core, best[core] / fastest) for core in cores)
    slowest = max(best.values()) / fastest
    verdict = ("even" if slowest < 1.25 else
               "UNEVEN: figures of work shared between cores are skewed today")
    print("cores (same loop, time relative to the fastest): %s; %s" % (relative, verdict))
    return 0


if __name__ == "__main__":
    sys.exit(main())
