#!/usr/bin/env python3
"""Runs the hclspec executable on the command fixtures and compares what it prints.

Each folder under the fixtures folder (fixtures/decode/, fixtures/lint_spec/, fixtures/docs/)
holds spec.hcldec (a docs case: the spec its `inputs` names), the input files, `args` (extra
flags on one line), expected_stdout, expected_exit and optionally expected_stderr, `inputs`
(the input file names on one line; input.hcl when absent) and `symlinks` (lines "LINK TARGET":
symbolic links made before the run and removed after it, so the repository holds no link that
points out of its folder). The command run, inside the folder, is: hclspec decode --spec
spec.hcldec ARGS INPUTS; or, when the folder has a `command` file, hclspec COMMAND-WORDS ARGS
INPUTS (e.g. "lint --spec spec.hcldec").
Closes with 'N passed, N failed'; exit status 1 if any failed. With --update, a case whose
stdout differs gets the new output written to its expected_stdout (review the diff).
usage: run_cli_tests.py HCLSPEC_BINARY FIXTURES_DIR [--update]
"""
import os, shlex, subprocess, sys

binary, root = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
update = sys.argv[3:] == ["--update"]
passed = failed = 0
for name in sorted(os.listdir(root)):
    case = os.path.join(root, name)
    read = lambda f: open(os.path.join(case, f), encoding="utf-8").read()
    args = shlex.split(read("args"))
    inputs = shlex.split(read("inputs")) if os.path.exists(os.path.join(case, "inputs")) else ["input.hcl"]
    command = (shlex.split(read("command")) if os.path.exists(os.path.join(case, "command"))
               else ["decode", "--spec", "spec.hcldec"])
    links = ([line.split() for line in read("symlinks").splitlines() if line.strip()]
             if os.path.exists(os.path.join(case, "symlinks")) else [])
    for link, target in links:
        if os.path.lexists(os.path.join(case, link)):
            os.remove(os.path.join(case, link))
        os.symlink(target, os.path.join(case, link))
    try:
        proc = subprocess.run([binary] + command + args + inputs,
                              cwd=case, capture_output=True, text=True, timeout=30,
                              stdin=subprocess.DEVNULL)
    finally:
        for link, _ in links:
            os.remove(os.path.join(case, link))
    problems = []
    if proc.returncode != int(read("expected_exit")):
        problems.append("exit %d, expected %s" % (proc.returncode, read("expected_exit").strip()))
    if proc.stdout.strip() != read("expected_stdout").strip() and update:
        with open(os.path.join(case, "expected_stdout"), "w", encoding="utf-8") as out:
            out.write(proc.stdout)
    elif proc.stdout.strip() != read("expected_stdout").strip():
        problems.append("stdout %r, expected %r" % (proc.stdout, read("expected_stdout")))
    if os.path.exists(os.path.join(case, "expected_stderr")) and proc.stderr != read("expected_stderr"):
        problems.append("stderr differs:\n%s" % proc.stderr)
    if problems:
        failed += 1
        print("FAIL %s: %s" % (name, "; ".join(problems)))
    else:
        passed += 1
print("cli: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
