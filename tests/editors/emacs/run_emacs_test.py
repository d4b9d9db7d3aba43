#!/usr/bin/env python3
"""emacs_client_test: editors/emacs/hclspec.el in a real Emacs with Eglot. Usage:
run_emacs_test.py PATH_TO_HCLSPEC

1. Byte-compiles hclspec.el with warnings as errors and reads its package headers.
2. Runs hclspec-test.el against `PATH_TO_HCLSPEC serve` on a copy of workspace/: it must pass.
3. Runs it again with a stand-in hcl-mode installed: *.hcl files open in hcl-mode, and Eglot
   still starts hclspec for them. It must pass.
4. Runs it against a server that reads everything and answers nothing: it must fail, with its
   own verdict (not a crash), or the scenario could not notice a broken server.

Emacs runs with HOME in a temporary folder, so only the system's packages count (Debian's
elpa-eglot, or the Eglot built into Emacs 29 and later), not the user's. $EMACS names another
Emacs than the first `emacs` on PATH."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
PACKAGE = os.path.join(ROOT, "editors", "emacs", "hclspec.el")
REAL_TIMEOUT = 10  # seconds Emacs waits for each answer of the real server
FAKE_TIMEOUT = 2   # ... of the silent one: the run fails after about this long

# What MELPA's hcl-mode does at package activation: define the mode, claim *.hcl files.
HCL_MODE_STAND_IN = r"""
(define-derived-mode hcl-mode prog-mode "HCL" "A stand-in for MELPA's hcl-mode.")
(add-to-list 'auto-mode-alist '("\\.hcl\\'" . hcl-mode))
(provide 'hcl-mode)
"""


def emacs_run(emacs, args, env, timeout=90):
    started = time.monotonic()
    try:
        done = subprocess.run([emacs, "--batch", *args], env=env, stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout)
        output, status = done.stdout.decode(errors="replace"), done.returncode
    except subprocess.TimeoutExpired as expired:
        output = (expired.stdout or b"").decode(errors="replace")
        output += f"\n(killed after {timeout} s)"
        status = None
    # Debian's site-start files announce themselves; they say nothing about the test.
    lines = [line for line in output.splitlines() if not line.startswith("Loading /etc/emacs")]
    return status, "\n".join(lines), time.monotonic() - started


def indent(text):
    return "\n".join("    " + line for line in text.splitlines())


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    hclspec = os.path.abspath(sys.argv[1])
    emacs = shutil.which(os.environ.get("EMACS", "emacs"))
    if not emacs:
        print("FAIL: emacs was not found on PATH (or as $EMACS); this test needs Emacs 27.1 or"
              " later with Eglot 1.9 or later:\n    apt-get install emacs-nox elpa-eglot")
        return 1

    failures = []
    with tempfile.TemporaryDirectory(prefix="hclspec-emacs-") as tmp:
        env = dict(os.environ, HOME=os.path.join(tmp, "home"))
        for name in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "EMACSLOADPATH"):
            env.pop(name, None)
        os.mkdir(env["HOME"])

        # 1. The package compiles without a warning, in a copy so that no .elc lands in the tree.
        lisp = os.path.join(tmp, "lisp")
        os.mkdir(lisp)
        shutil.copy(PACKAGE, lisp)
        package = os.path.join(lisp, "hclspec.el")
        status, output, seconds = emacs_run(emacs, [
            "--eval", "(package-initialize)",
            "--eval", "(unless (require 'eglot nil t)"
                      " (message \"Eglot is not installed: apt-get install elpa-eglot\")"
                      " (kill-emacs 1))",
            "--eval", f"""(with-temp-buffer
                            (insert-file-contents {json.dumps(package)})
                            (let ((desc (package-buffer-info)))
                              (message "package %s %s, requires %S" (package-desc-name desc)
                                       (package-version-join (package-desc-version desc))
                                       (package-desc-reqs desc))))""",
            "--eval", "(setq byte-compile-error-on-warn t)",
            "-L", lisp, "-f", "batch-byte-compile", package], env)
        compiled = status == 0 and os.path.exists(package + "c")
        print(f"{'ok' if compiled else 'FAIL'}: hclspec.el byte-compiles with warnings as errors"
              f" ({seconds:.1f} s)")
        if output.strip():
            print(indent(output))
        if not compiled:
            failures.append("byte-compile")

        def scenario(label, server, timeout, preload=None):
            workspace = os.path.join(tmp, label)
            shutil.copytree(os.path.join(HERE, "workspace"), workspace)
            run_env = dict(env, HCLSPEC_TEST_LISP=lisp if compiled else os.path.dirname(PACKAGE),
                           HCLSPEC_TEST_WORKSPACE=workspace,
                           HCLSPEC_TEST_SERVER=json.dumps(server),
                           HCLSPEC_TEST_TIMEOUT=str(timeout))
            if preload:
                run_env["HCLSPEC_TEST_PRELOAD"] = preload
            return emacs_run(emacs, ["-l", os.path.join(HERE, "hclspec-test.el")], run_env)

        # 2. Against the real server: every check passes.
        status, output, seconds = scenario("real", [hclspec, "serve"], REAL_TIMEOUT)
        passed = status == 0
        print(f"\n{'ok' if passed else 'FAIL'}: the scenario against {hclspec} serve "
              f"{'passes' if passed else f'fails (exit status {status})'} ({seconds:.1f} s)")
        print(indent(output))
        if not passed:
            failures.append("real server")

        # 3. With hcl-mode installed (a stand-in: MELPA is not reachable here), the same.
        stub = os.path.join(tmp, "hcl-mode.el")
        with open(stub, "w") as out:
            out.write(HCL_MODE_STAND_IN)
        status, output, seconds = scenario("hcl-mode", [hclspec, "serve"], REAL_TIMEOUT, stub)
        passed = status == 0 and "visited in hcl-mode" in output
        print(f"\n{'ok' if passed else 'FAIL'}: the scenario with hcl-mode installed "
              f"{'passes' if passed else f'fails (exit status {status})'} ({seconds:.1f} s)")
        print(indent(output))
        if not passed:
            failures.append("hcl-mode installed")

        # 4. Against a server that never answers: the scenario's own checks must fail.
        silent = [sys.executable, "-c", "import sys; sys.stdin.buffer.read()"]
        status, output, seconds = scenario("silent", silent, FAKE_TIMEOUT)
        caught = status == 1 and "\nFAILED:" in "\n" + output
        print(f"\n{'ok' if caught else 'FAIL'}: the scenario against a server that answers "
              f"nothing {'fails, as it must' if caught else 'does not fail as it must'} "
              f"(exit status {status}, {seconds:.1f} s)")
        print(indent(output))
        if not caught:
            failures.append("silent server")

    print("\n" + ("FAILED: " + ", ".join(failures) if failures else "PASSED"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
