#!/usr/bin/env python3
"""Checks `hclspec docs` beyond its golden outputs (fixtures/docs, run by run_cli_tests.py).

- The example file of every spec the fixtures hold (fixtures/**/*.hcldec) that loads cleanly
  validates against that spec (lint --spec: no error) and is already formatted (fmt changes
  nothing). Specs with errors are skipped: docs refuses them (exit 2, tested by the goldens); so
  are the two whose transform is made to fail.
- -o FILE writes what stdout shows, creating or replacing the file; -o into a missing folder,
  -o naming the spec itself, a missing spec and bad arguments exit 1 and write nothing.
Closes with 'N passed, N failed'; exit status 1 if any failed.
usage: run_docs_tests.py HCLSPEC_BINARY FIXTURES_DIR
"""
import os, re, subprocess, sys, tempfile

binary, root = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
passed = failed = 0


def run(args, cwd=None, stdin=""):
    return subprocess.run([binary] + args, cwd=cwd, input=stdin, capture_output=True, text=True,
                          timeout=60)


def check(name, ok, why=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL %s: %s" % (name, why))


def example_of(markdown):
    """The text of the Example section's ```hcl fence ("" when the section has none)."""
    section = markdown.split("\n## Example\n", 1)
    if len(section) != 2:
        return None
    found = re.search(r"^```hcl\n(.*?)^```$", section[1], re.S | re.M)
    return found.group(1) if found else ""


# Specs made to fail: their transform's own expression fails on a file without the attribute
# (an error in the spec file, for the decode and diagnostics tests); no example can pass.
FAILING_TRANSFORMS = {"decode/transform_error/spec.hcldec", "features/specs/transform.hcldec"}

specs = sorted(os.path.join(folder, name) for folder, _, names in os.walk(root)
               for name in names if name.endswith(".hcldec"))
documented = 0
for spec in specs:
    name = os.path.relpath(spec, root)
    docs = run(["docs", spec])
    if docs.returncode == 2 or name in FAILING_TRANSFORMS:
        continue  # a spec with errors: nothing to document
    if docs.returncode != 0:
        check(name, False, "docs exited %d: %s" % (docs.returncode, docs.stderr))
        continue
    documented += 1
    example = example_of(docs.stdout)
    if example is None:
        check(name, False, "no Example section")
        continue
    lint = run(["lint", "--no-color", "--quiet", "--format", "compact", "--spec", spec,
                "--stdin-filename", "example.hcl"], cwd=os.path.dirname(spec), stdin=example)
    check(name + " example validates", lint.returncode == 0 and lint.stdout == "",
          "lint exited %d:\n%s%s\nexample:\n%s" % (lint.returncode, lint.stdout, lint.stderr,
                                                  example))
    fmt = run(["fmt", "-"], stdin=example)
    check(name + " example is formatted", fmt.returncode == 0 and fmt.stdout == example,
          "fmt gives:\n%s" % fmt.stdout)
check("specs documented", documented >= 20, "only %d specs loaded cleanly" % documented)

spec = os.path.join(root, "docs", "job", "job.hcldec")
expected = run(["docs", spec]).stdout
with tempfile.TemporaryDirectory(prefix="hclspec-docs-") as folder:
    out = os.path.join(folder, "job.md")
    for round in ("creates", "replaces"):
        made = run(["docs", spec, "-o", out])
        check("-o " + round, made.returncode == 0 and made.stdout == "" and
              open(out, encoding="utf-8").read() == expected,
              "exit %d, stderr %r" % (made.returncode, made.stderr))
    check("-o leaves no temporary file", os.listdir(folder) == ["job.md"], str(os.listdir(folder)))
    missing = run(["docs", spec, "--out=" + os.path.join(folder, "no", "job.md")])
    check("-o into a missing folder", missing.returncode == 1 and "cannot create" in missing.stderr,
          "exit %d, stderr %r" % (missing.returncode, missing.stderr))
    copy = os.path.join(folder, "spec.hcldec")
    with open(copy, "w", encoding="utf-8") as f:
        f.write(open(spec, encoding="utf-8").read())
    itself = run(["docs", copy, "-o", copy])
    check("-o the spec itself", itself.returncode == 1 and
          open(copy, encoding="utf-8").read() == open(spec, encoding="utf-8").read(),
          "exit %d" % itself.returncode)
    check("nothing else written", sorted(os.listdir(folder)) == ["job.md", "spec.hcldec"],
          str(os.listdir(folder)))

for args, status, says in [(["--help"], 0, "Usage: hclspec docs"),
                           ([spec, spec], 1, "one spec file at a time"),
                           ([spec, "--bogus"], 1, "unknown option --bogus"),
                           ([spec, "-o"], 1, "-o needs a file name"),
                           (["no-such.hcldec"], 1, "no-such.hcldec")]:
    result = run(["docs"] + args)
    check("docs %s" % " ".join(args), result.returncode == status and
          says in result.stdout + result.stderr,
          "exit %d, stdout %r, stderr %r" % (result.returncode, result.stdout, result.stderr))

print("docs: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
