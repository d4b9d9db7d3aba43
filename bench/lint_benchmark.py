#!/usr/bin/env python3
"""Times `hclspec lint` over whole trees and prints wall time and files per second (best of
several runs): a folder of real-world files checked for syntax alone (default: the shared
corpus, ../shared/corpus/realworld), and a generated workspace of 1,000 Nomad-like job files
that a .hclspec.hcl rule checks against bench/nomad.hcldec, and one wide body: a spec reading
N attributes (default 30,000) from the root, and a file setting them in reverse order, in HCL
and in JSON (linear work, or a quadratic step shows: the wide case took 10 s once). A
benchmark, not a test: it asserts nothing but that lint ran (exit 0 or 2).

usage: lint_benchmark.py HCLSPEC [--corpus DIR] [--files N] [--wide N] [--runs N]
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def best_time(command, cwd, runs):
    best = None
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
        elapsed = time.perf_counter() - start
        if proc.returncode not in (0, 2):
            sys.exit("%s exited %d" % (" ".join(command), proc.returncode))
        best = elapsed if best is None else min(best, elapsed)
    return best


def count_files(folder):
    return sum(len(files) for _, _, files in os.walk(folder))


def make_workspace(folder, files):
    """A .hclspec.hcl with one rule, the Nomad-like spec and `files` job files of ~2 KB."""
    os.makedirs(os.path.join(folder, "specs"))
    shutil.copy(os.path.join(HERE, "nomad.hcldec"), os.path.join(folder, "specs", "job.hcldec"))
    with open(os.path.join(folder, ".hclspec.hcl"), "w") as out:
        out.write('rule {\n  files = ["jobs/**/*.hcl"]\n  spec  = "specs/job.hcldec"\n}\n')
    # One small job per file, from the same generator as the decode benchmark.
    sample = os.path.join(folder, "sample.hcl")
    subprocess.run([sys.executable, os.path.join(HERE, "make_nomad_input.py"), "0.000001",
                    sample], check=True, stdout=subprocess.DEVNULL)
    text = open(sample).read()
    os.remove(sample)
    for i in range(files):
        team = os.path.join(folder, "jobs", "team-%02d" % (i % 20))
        os.makedirs(team, exist_ok=True)
        with open(os.path.join(team, "job-%04d.hcl" % i), "w") as out:
            out.write(text.replace('job "job-0"', 'job "job-%d"' % i))


def make_wide_body(folder, attributes):
    """A spec reading `attributes` string attributes, and files setting them all, last first."""
    with open(os.path.join(folder, "wide.hcldec"), "w") as out:
        out.write("object {\n")
        for i in range(attributes):
            out.write('  attr "a%d" {\n    type = string\n  }\n' % i)
        out.write("}\n")
    with open(os.path.join(folder, "wide.hcl"), "w") as out:
        for i in reversed(range(attributes)):
            out.write('a%d = "v"\n' % i)
    with open(os.path.join(folder, "wide.json"), "w") as out:
        out.write("{" + ",".join('"a%d": "v"' % i for i in reversed(range(attributes))) + "}")


def report(name, files, seconds):
    print("%-44s %5d files  %7.1f ms  %8.0f files/s" % (name, files, seconds * 1000,
                                                         files / seconds))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("hclspec")
    parser.add_argument("--corpus", default=os.path.join(HERE, "..", "..", "shared", "corpus",
                                                         "realworld"))
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--wide", type=int, default=30000)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    hclspec = os.path.abspath(args.hclspec)

    if os.path.isdir(args.corpus):
        corpus = os.path.abspath(args.corpus)
        seconds = best_time([hclspec, "lint", "-q", "-f", "compact", corpus], corpus, args.runs)
        report("corpus, syntax only", count_files(corpus), seconds)
    else:
        print("corpus %s not found: skipped" % args.corpus)

    with tempfile.TemporaryDirectory() as folder:
        make_workspace(folder, args.files)
        seconds = best_time([hclspec, "lint", "-q", "-f", "compact"], folder, args.runs)
        report("workspace, every file checked by its spec", args.files, seconds)
        seconds = best_time([hclspec, "lint", "-q", "-f", "sarif"], folder, args.runs)
        report("the same, SARIF output", args.files, seconds)

    with tempfile.TemporaryDirectory() as folder:
        make_wide_body(folder, args.wide)
        for name in ("wide.hcl", "wide.json"):
            seconds = best_time([hclspec, "lint", "-q", "--spec", "wide.hcldec", name], folder,
                                args.runs)
            report("%d attributes in one body, %s" % (args.wide, name.split(".")[1].upper()), 1,
                   seconds)


main()
