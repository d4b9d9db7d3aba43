#!/usr/bin/env python3
"""The benchmark scripts still run against the executable: side_by_side.py times two commands,
checks their outputs and fails on a difference or a failed run; serve_benchmark.py --open-only
and compare.sh --help answer; core_speeds.py gives a figure for each core it may run on.
Figures are not checked (a benchmark asserts nothing), only that they are printed.

usage: run_bench_script_tests.py HCLSPEC
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
BENCH = os.path.join(ROOT, "bench")
failures = []
checks = 0


def check(name, condition, detail=""):
    global checks
    checks += 1
    if not condition:
        failures.append("%s: %s" % (name, detail))


def side_by_side(*arguments):
    return subprocess.run([sys.executable, os.path.join(BENCH, "side_by_side.py"), "--runs", "2",
                           *arguments], capture_output=True, text=True)


def main():
    hclspec = sys.argv[1]
    with tempfile.TemporaryDirectory(prefix="hclspec-bench-test-") as folder:
        return run_checks(hclspec, folder)


def run_checks(hclspec, folder):
    unformatted = os.path.join(folder, "unformatted.hcl")
    with open(unformatted, "w") as out:
        out.write("a=1\nlong   =   \"x\"\n")
    formatted = os.path.join(folder, "formatted.hcl")
    with open(formatted, "w") as out:
        out.write(subprocess.run([hclspec, "fmt", unformatted], check=True, capture_output=True,
                                 text=True).stdout)

    figures = re.compile(r"ours +[0-9.]+ s +[0-9.]+ MB .*reference +[0-9.]+ s .*x faster")
    same = side_by_side("--label", "fmt", "--input", formatted, "--same-output",
                        "--ours", "%s fmt %s" % (hclspec, formatted),
                        "--reference", "cat %s" % formatted)
    check("same output", same.returncode == 0 and figures.search(same.stdout) and
          "outputs agree" in same.stdout, same.stdout + same.stderr)

    differ = side_by_side("--label", "fmt", "--input", unformatted, "--same-output",
                          "--ours", "%s fmt %s" % (hclspec, unformatted),
                          "--reference", "cat %s" % unformatted)
    check("different output", differ.returncode == 1 and "OUTPUTS DIFFER" in differ.stdout,
          differ.stdout + differ.stderr)

    alone = side_by_side("--label", "fmt", "--input", formatted,
                         "--ours", "%s fmt %s" % (hclspec, formatted))
    check("ours alone", alone.returncode == 0 and "reference" not in alone.stdout and
          re.search(r"ours +[0-9.]+ s", alone.stdout), alone.stdout + alone.stderr)

    failed = side_by_side("--label", "lint", "--input", formatted,
                          "--ours", "%s fmt %s" % (hclspec, os.path.join(folder, "missing.hcl")))
    check("failed run", failed.returncode != 0 and "exited 1" in failed.stderr,
          failed.stdout + failed.stderr)

    document = os.path.join(folder, "job.hcl")
    subprocess.run([sys.executable, os.path.join(BENCH, "make_nomad_input.py"), "0.05", document],
                   check=True, capture_output=True)
    serve = subprocess.run([sys.executable, os.path.join(BENCH, "serve_benchmark.py"), hclspec,
                            os.path.join(BENCH, "nomad.hcldec"), document, "--open-only"],
                           capture_output=True, text=True, timeout=120)
    check("serve --open-only", serve.returncode == 0 and
          re.search(r"open -> first diagnostics +[0-9.]+ ms", serve.stdout) and
          "peak RSS after open" in serve.stdout and "didChange" not in serve.stdout,
          serve.stdout + serve.stderr)

    usage = subprocess.run([os.path.join(BENCH, "compare.sh"), "--help"], capture_output=True,
                           text=True)
    check("compare.sh --help", usage.returncode == 0 and "hclfmt" in usage.stdout, usage.stderr)
    wrong = subprocess.run([os.path.join(BENCH, "compare.sh"), "--bogus"], capture_output=True,
                           text=True)
    check("compare.sh bad option", wrong.returncode == 1 and "usage:" in wrong.stderr)

    cores = subprocess.run([sys.executable, os.path.join(BENCH, "core_speeds.py"), "--rounds", "1"],
                           capture_output=True, text=True, timeout=120)
    timed = re.findall(r"cpu(\d+) ([0-9.]+)", cores.stdout)
    check("core_speeds.py", cores.returncode == 0 and
          sorted(int(core) for core, _ in timed) == sorted(os.sched_getaffinity(0)) and
          min(float(relative) for _, relative in timed) == 1.0 and
          re.search(r"; (even|UNEVEN)", cores.stdout), cores.stdout + cores.stderr)

    for failure in failures:
        print("FAIL", failure)
    print("%d bench script checks, %d failed" % (checks, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
