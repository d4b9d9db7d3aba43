#!/usr/bin/env python3
"""Checks that what `hclspec infer` drafts accepts the files it came from, as lint sees them.

For each case folder under FIXTURES_DIR (fixtures/infer/, whose outputs run_cli_tests.py
compares) that infers a spec (expected_exit 0): the spec is inferred again into a temporary
file, then `hclspec lint --spec SPEC ARGS INPUTS` must find no error, except in the files a
case's `expected_rejected` lists (one per line), which must be exactly those with errors (files
infer left out for syntax errors, and specs, .hclspec.hcl and JSON files lint finds in a folder,
are not inputs); the
files in the case's mismatched/ folder, each holding an attribute value of another type than
the inputs', must be rejected with incorrect-attribute-value-type.

With HCLSPEC_CORPUS_DIR set (the shared corpus's realworld/ folder), the same over its Nomad
job files (*.nomad, *.nomad.hcl), which the draft must accept all of, and its Packer templates
(*.pkr.hcl), where the files lint rejects must be as many as infer says it does not accept
(repeated labelled blocks and labelled blocks whose values have no common type cannot be
written in an hcldec spec) plus those left out for syntax errors.
usage: run_infer_tests.py HCLSPEC_BINARY FIXTURES_DIR
"""
import glob, os, re, shlex, subprocess, sys, tempfile

binary, root = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
failures = []
checked = 0


def run(args, cwd):
    return subprocess.run([binary] + args, cwd=cwd, capture_output=True, text=True, timeout=300,
                          stdin=subprocess.DEVNULL)


def files_with_errors(lint_stdout):
    return set(re.findall(r"^  on (.+?) line \d+:$", lint_stdout, re.M))


def infer(args, inputs, cwd, spec):
    """Infers into `spec`; returns infer's notes and the files it left out."""
    proc = run(["infer", "-o", spec] + args + inputs, cwd)
    if proc.returncode != 0:
        failures.append("%s: infer exited %d: %s" % (cwd, proc.returncode, proc.stderr))
    return proc.stderr, set(re.findall(r"^hclspec infer: (.+?): left out:", proc.stderr, re.M))


def not_inputs(path):
    """Files a folder walk of lint checks and infer does not read: specs, .hclspec.hcl, JSON."""
    return path.endswith((".hcldec", ".json")) or os.path.basename(path) == ".hclspec.hcl"


with tempfile.TemporaryDirectory() as temporary:
    spec = os.path.join(temporary, "inferred.hcldec")
    for name in sorted(os.listdir(root)):
        case = os.path.join(root, name)
        read = lambda f: open(os.path.join(case, f), encoding="utf-8").read()
        if read("expected_exit").strip() != "0":
            continue
        args, inputs = shlex.split(read("args")), shlex.split(read("inputs"))
        _, left_out = infer(args, inputs, case, spec)
        lint = run(["lint", "--spec", spec] + args + inputs, case)
        # The draft itself loads: no problem is reported in it, and lint checks the inputs.
        if spec in lint.stdout or "no file was checked against it" in lint.stderr:
            failures.append("%s: the draft does not load:\n%s%s" % (name, lint.stdout, lint.stderr))
        rejected = (set(read("expected_rejected").split())
                    if os.path.exists(os.path.join(case, "expected_rejected")) else set())
        with_errors = files_with_errors(lint.stdout)
        found = {f for f in with_errors - left_out if not not_inputs(f)}
        if found != rejected or lint.returncode != (2 if with_errors else 0):
            failures.append("%s: lint --spec exited %d with errors in %s, expected in %s\n%s"
                            % (name, lint.returncode, sorted(found), sorted(rejected), lint.stdout))
        for mismatched in sorted(glob.glob(os.path.join(case, "mismatched", "*"))):
            proc = run(["lint", "--spec", spec, mismatched], case)
            if proc.returncode != 2 or "[incorrect-attribute-value-type]" not in proc.stdout:
                failures.append("%s: %s was not rejected for its value's type:\n%s"
                                % (name, os.path.relpath(mismatched, case), proc.stdout))
        checked += 1

    corpus = os.environ.get("HCLSPEC_CORPUS_DIR")
    if corpus:
        for label, folder, pattern in [("Nomad jobs", "hashicorp__nomad", r"\.nomad(\.hcl)?$"),
                                       ("Packer templates", "hashicorp__packer", r"\.pkr\.hcl$")]:
            inputs = sorted(os.path.join(folder, f) for f in os.listdir(os.path.join(corpus, folder))
                            if re.search(pattern, f))
            notes, left_out = infer([], inputs, corpus, spec)
            match = re.search(r"does not accept (\d+) of (\d+) files", notes)
            not_accepted = int(match.group(1)) if match else 0
            found = files_with_errors(run(["lint", "--spec", spec] + inputs, corpus).stdout)
            print("corpus %s: %d files, %d left out (syntax errors), %d not accepted by the draft"
                  % (label, len(inputs), len(left_out), not_accepted))
            if label == "Nomad jobs" and not_accepted:
                failures.append("the draft from the Nomad jobs does not accept %d of them:\n%s"
                                % (not_accepted, notes))
            if len(found - left_out) != not_accepted or not left_out <= found:
                failures.append("%s: lint rejects %d files beyond the %d left out, infer said %d"
                                % (label, len(found - left_out), len(left_out), not_accepted))
            checked += 1

for failure in failures:
    print("FAIL " + failure)
print("infer: %d checked, %d failed" % (checked, len(failures)))
sys.exit(1 if failures else 0)
