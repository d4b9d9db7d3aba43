#!/usr/bin/env python3
"""Runs `hclspec fmt` on files made in a temporary folder and checks what it prints and writes.

Covers printing (files and standard input), --check, --diff (applied with patch), --write
(changed files only, permissions kept, unchanged files untouched, symbolic links kept), syntax
errors, folder walks with exclusions, CRLF, and the failure paths: a folder it may not write (run
as the user "nobody" when we are root), a link out of the folder, missing and JSON files.
Closes with 'N passed, N failed'; exit status 1 if any failed.
usage: run_fmt_tests.py HCLSPEC_BINARY
"""
import os, shutil, stat, subprocess, sys, tempfile

binary = os.path.abspath(sys.argv[1])
UGLY = b'a=1\nlonger_name = "x"\nblock {\n      b=[1,2]\n}\n'
PRETTY = b'a           = 1\nlonger_name = "x"\nblock {\n  b = [1, 2]\n}\n'
results = []


def run(args, cwd, stdin=b"", as_nobody=False):
    prefix = []
    if as_nobody and os.geteuid() == 0:
        prefix = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    return subprocess.run(prefix + [binary, "fmt"] + args, cwd=cwd, input=stdin,
                          capture_output=True, timeout=30)


def check(name, condition, detail=""):
    results.append((name, bool(condition), detail))


def write(folder, relative, data, mode=0o644):
    path = os.path.join(folder, relative)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
    os.chmod(path, mode)
    return path


def read(path):
    with open(path, "rb") as f:
        return f.read()


def case(function):
    folder = tempfile.mkdtemp(prefix="hclspec-fmt-")
    os.chmod(folder, 0o755)  # the user "nobody" must reach it
    try:
        function(folder)
    except Exception as error:  # a failed step is a failed case, the others still run
        check(function.__name__, False, repr(error))
    finally:
        for root, dirs, _ in os.walk(folder):
            for d in dirs:
                os.chmod(os.path.join(root, d), 0o755)
        shutil.rmtree(folder)
    return function


@case
def prints_formatted_text(folder):
    write(folder, "a.hcl", UGLY)
    p = run(["a.hcl"], folder)
    check("print: exit 0", p.returncode == 0, p.stderr)
    check("print: the formatted text", p.stdout == PRETTY, p.stdout)
    check("print: the file is unchanged", read(os.path.join(folder, "a.hcl")) == UGLY)
    p = run(["-"], folder, stdin=UGLY)
    check("stdin '-': formatted", p.returncode == 0 and p.stdout == PRETTY, p.stdout)
    p = run([], folder, stdin=UGLY)
    check("no PATH: standard input", p.returncode == 0 and p.stdout == PRETTY, p.stdout)
    write(folder, "pretty.hcl", PRETTY)
    p = run(["pretty.hcl"], folder)
    check("print: a formatted file as it is", p.returncode == 0 and p.stdout == PRETTY, p.stdout)


@case
def check_lists_files_that_would_change(folder):
    write(folder, "ugly.hcl", UGLY)
    write(folder, "sub/also.tf", UGLY)
    write(folder, "pretty.hcl", PRETTY)
    write(folder, ".hidden/x.hcl", UGLY)
    write(folder, "node_modules/x.hcl", UGLY)
    write(folder, "skipped/x.hcl", UGLY)
    write(folder, "package.json", b'{"a":   1}\n')
    p = run(["--check", "--exclude", "skipped"], folder)
    check("check: exit 3", p.returncode == 3, p.stderr)
    check("check: names the files to change, walking as lint does",
          p.stdout == b"sub/also.tf\nugly.hcl\n", p.stdout)
    p = run(["--check", "pretty.hcl"], folder)
    check("check: a formatted file, exit 0 and nothing printed",
          p.returncode == 0 and p.stdout == b"", p.stdout)
    check("check: nothing written", read(os.path.join(folder, "ugly.hcl")) == UGLY)


@case
def diff_applies_with_patch(folder):
    write(folder, "a.hcl", UGLY)
    p = run(["--diff", "a.hcl"], folder)
    check("diff: exit 0", p.returncode == 0, p.stderr)
    check("diff: headers", p.stdout.startswith(b"--- a/a.hcl\n+++ b/a.hcl\n@@ "), p.stdout)
    patched = subprocess.run(["patch", "-p1", "--quiet"], cwd=folder, input=p.stdout,
                             capture_output=True)
    check("diff: applies with patch -p1 and gives the formatted text",
          patched.returncode == 0 and read(os.path.join(folder, "a.hcl")) == PRETTY,
          patched.stderr)


@case
def write_rewrites_only_what_changes(folder):
    ugly = write(folder, "ugly.hcl", UGLY, mode=0o600)
    pretty = write(folder, "pretty.hcl", PRETTY)
    before = os.stat(pretty)
    p = run(["-w", "."], folder)
    check("write: exit 0", p.returncode == 0, p.stderr)
    check("write: names the rewritten files", p.stdout == b"ugly.hcl\n", p.stdout)
    check("write: the new text", read(ugly) == PRETTY)
    check("write: permissions kept", stat.S_IMODE(os.stat(ugly).st_mode) == 0o600)
    after = os.stat(pretty)
    check("write: an unchanged file is not touched",
          (after.st_mtime_ns, after.st_ino) == (before.st_mtime_ns, before.st_ino))
    check("write: no temporary file left", sorted(os.listdir(folder)) == ["pretty.hcl", "ugly.hcl"],
          os.listdir(folder))
    p = run(["--check", "."], folder)
    check("write: formatting twice changes nothing", p.returncode == 0 and p.stdout == b"", p.stdout)


@case
def crlf_stays_crlf(folder):
    write(folder, "a.hcl", UGLY.replace(b"\n", b"\r\n"))
    p = run(["a.hcl"], folder)
    check("CRLF: formatted with CRLF kept", p.stdout == PRETTY.replace(b"\n", b"\r\n"), p.stdout)


@case
def syntax_errors_are_reported_and_the_file_left_alone(folder):
    broken = write(folder, "broken.hcl", b"a  =  {\n  b =\n")
    write(folder, "ugly.hcl", UGLY)
    p = run(["-w", "."], folder)
    check("syntax errors: exit 2", p.returncode == 2, p.stderr)
    check("syntax errors: reported as lint reports them",
          b"Error: " in p.stderr and b"on broken.hcl line 2" in p.stderr, p.stderr)
    check("syntax errors: the file is left as it was", read(broken) == b"a  =  {\n  b =\n")
    check("syntax errors: the other files are formatted",
          read(os.path.join(folder, "ugly.hcl")) == PRETTY)
    p = run(["broken.hcl"], folder)
    check("syntax errors: nothing printed to stdout", p.returncode == 2 and p.stdout == b"")


@case
def links_are_followed_inside_and_refused_outside(folder):
    outside = tempfile.mkdtemp(prefix="hclspec-fmt-outside-")
    try:
        secret = write(outside, "secret.hcl", UGLY)
        work = os.path.join(folder, "work")
        write(work, "real.hcl", UGLY)
        os.symlink("real.hcl", os.path.join(work, "link.hcl"))
        os.symlink(secret, os.path.join(work, "escape.hcl"))
        p = run(["-w", "link.hcl", "escape.hcl"], work)
        check("links: exit 1 for the link out of the folder", p.returncode == 1, p.stderr)
        check("links: told why", b"escape.hcl: a symbolic link to a file outside" in p.stderr,
              p.stderr)
        check("links: the file outside is not touched", read(secret) == UGLY)
        check("links: a link inside is written through and stays a link",
              os.path.islink(os.path.join(work, "link.hcl")) and
              read(os.path.join(work, "real.hcl")) == PRETTY)
    finally:
        shutil.rmtree(outside)


@case
def a_folder_it_may_not_write_leaves_the_file_intact(folder):
    path = write(folder, "locked/a.hcl", UGLY, mode=0o666)  # writable, in a folder that is not
    os.chmod(os.path.dirname(path), 0o555)
    p = run(["-w", "locked/a.hcl"], folder, as_nobody=True)
    check("read-only folder: exit 1", p.returncode == 1, p.stderr)
    check("read-only folder: told why",
          b"cannot create a temporary file" in p.stderr and b"unchanged" in p.stderr, p.stderr)
    check("read-only folder: the file is intact", read(path) == UGLY)


@case
def a_file_it_may_not_write_is_refused(folder):
    os.chmod(folder, 0o777)  # the folder would allow a rename over it
    path = write(folder, "a.hcl", UGLY, mode=0o444)
    p = run(["-w", "a.hcl"], folder, as_nobody=True)
    check("read-only file: exit 1", p.returncode == 1, p.stderr)
    check("read-only file: told why", b"cannot be rewritten" in p.stderr, p.stderr)
    check("read-only file: intact and still root's",
          read(path) == UGLY and os.stat(path).st_uid == os.geteuid())


@case
def a_file_named_twice_is_formatted_once(folder):
    write(folder, "a.hcl", UGLY)
    p = run(["a.hcl", "./a.hcl"], folder)
    check("named twice: printed once", p.returncode == 0 and p.stdout == PRETTY, p.stdout)


@case
def usage_and_missing_files(folder):
    write(folder, "a.json", b'{"a":   1}\n')
    for args, status, name in [(["--write", "--check"], 1, "--write with --check"),
                               (["--bogus"], 1, "an unknown option"),
                               (["-w", "-"], 1, "--write of standard input"),
                               (["missing.hcl"], 1, "a missing file"),
                               (["a.json"], 1, "a JSON file named"),
                               (["--help"], 0, "--help")]:
        p = run(args, folder)
        check("usage: %s exits %d" % (name, status), p.returncode == status, p.stderr)


failed = [r for r in results if not r[1]]
for name, _, detail in failed:
    print("FAIL %s %s" % (name, detail if isinstance(detail, str) else detail.decode("utf-8", "replace")))
print("fmt: %d passed, %d failed" % (len(results) - len(failed), len(failed)))
sys.exit(1 if failed else 0)
