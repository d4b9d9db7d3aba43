#!/usr/bin/env python3
"""Lints fixtures/lint_workspace in every output format and with every option that changes
what is checked or how lint exits, and compares each output byte for byte with its golden file
in fixtures/lint_outputs/NAME.out; the exit status is checked too. JSON and SARIF output are
also parsed and checked structurally (the SARIF 2.1.0 fields GitHub code scanning reads), the
XML formats parsed, the GitHub format's annotation limit counted, and the output compared
between one and several worker threads. Prints 'lint workspace: N passed, N failed'.

usage: run_lint_workspace.py HCLSPEC_BINARY FIXTURES_DIR [--update]
  --update rewrites the golden files from this run's output (review the diff).
"""
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

binary = os.path.abspath(sys.argv[1])
fixtures = os.path.abspath(sys.argv[2])
update = sys.argv[3:] == ["--update"]
workspace = os.path.join(fixtures, "lint_workspace")
goldens = os.path.join(fixtures, "lint_outputs")

VARS_INPUT = 'name = "v"\n\ntask "t" {\n  driver = "exec"\n  region = region\n  count  = region\n}\n'

# name, arguments, expected exit status, standard input
CASES = [
    ("text", ["--color=never"], 2, None),
    ("text_color", ["--color=always", "jobs/team"], 2, None),
    ("compact", ["-f", "compact"], 2, None),
    ("json", ["-f", "json"], 2, None),
    ("sarif", ["--format", "sarif"], 2, None),
    ("github", ["--format=github"], 2, None),
    ("checkstyle", ["-f", "checkstyle"], 2, None),
    ("junit", ["-f", "junit"], 2, None),
    ("clean_files", ["-f", "compact", "jobs/clean.hcl", "services/web.hcl"], 0, None),
    ("short_options", ["-j1", "-fcompact", "-sspecs/service.hcldec", "services/web.hcl"], 0, None),
    ("no_fail", ["--no-fail", "-f", "compact", "broken"], 0, None),
    ("warning_only", ["-f", "compact", "jobs/quiet/warning_only.hcl"], 0, None),
    ("min_severity_warning", ["-f", "compact", "--min-severity", "warning",
                              "jobs/quiet/warning_only.hcl"], 2, None),
    ("suppressed", ["-f", "compact", "jobs/quiet", "services/ignored.json"], 2, None),
    ("exclude", ["-f", "compact", "--exclude", "jobs/**", "--exclude", "specs",
                 "--exclude", "*.json"], 2, None),
    ("config", ["-f", "compact", "--config", "ci.hclspec.hcl", "services"], 2, None),
    ("spec_flag", ["-f", "compact", "--spec", "specs/service.hcldec", "services/web.hcl",
                   "jobs/clean.hcl"], 2, None),
    ("stdin_rule", ["-f", "compact", "--stdin-filename", "jobs/new.hcl"], 2,
     'name = 1\ntask "a" {\n  drivers = "x"\n}\n'),
    ("vars_missing", ["-f", "compact", "--stdin-filename", "jobs/vars.hcl"], 2, VARS_INPUT),
    ("vars_given", ["-f", "compact", "--stdin-filename", "jobs/vars.hcl",
                    "--vars", '{"region": "eu-west"}'], 2, VARS_INPUT),
    ("list_codes", ["--list-codes"], 0, None),
    ("usage_format", ["--format", "yaml"], 1, None),
    ("usage_option", ["--frobnicate"], 1, None),
    ("missing_spec", ["--spec", "specs/nope.hcldec", "jobs"], 1, None),
    ("missing_path", ["-f", "compact", "jobs/clean.hcl", "no/such/folder"], 1, None),
    ("stdin_with_path", ["--stdin-filename", "a.hcl", "jobs"], 1, ""),
]

passed = failed = 0


def run(args, stdin=None):
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    return subprocess.run([binary, "lint"] + args, cwd=workspace, capture_output=True,
                          timeout=60, input=(stdin or "").encode(), env=env)


def check(name, problems):
    global passed, failed
    if problems:
        failed += 1
        print("FAIL %s: %s" % (name, "; ".join(problems)))
    else:
        passed += 1


def check_json(out):
    data = json.loads(out)
    problems = []
    if data.get("format_version") != "1":
        problems.append("format_version is not \"1\"")
    errors = warnings = 0
    for d in data["diagnostics"]:
        for key in ("severity", "code", "summary", "detail", "file"):
            if key not in d:
                problems.append("a diagnostic lacks %s" % key)
        if "start" in d and not (d["start"]["line"] >= 1 and d["start"]["column"] >= 1 and
                                 d["start"]["byte"] <= d["end"]["byte"]):
            problems.append("bad range %r" % d)
        errors += d["severity"] == "error"
        warnings += d["severity"] == "warning"
    if data["summary"]["errors"] != errors or data["summary"]["warnings"] != warnings:
        problems.append("summary counts differ from the diagnostics")
    return problems


def check_sarif(out):
    data = json.loads(out)
    problems = []
    if data.get("version") != "2.1.0" or "sarif-2.1.0" not in data.get("$schema", ""):
        problems.append("not SARIF 2.1.0")
    run_ = data["runs"][0]
    rules = run_["tool"]["driver"]["rules"]
    ids = [rule["id"] for rule in rules]
    if len(set(ids)) != len(ids):
        problems.append("duplicate rule ids")
    for rule in rules:
        for key in ("shortDescription", "fullDescription", "help"):
            if not rule.get(key, {}).get("text"):
                problems.append("rule %s lacks %s" % (rule["id"], key))
    fingerprints = set()
    for result in run_["results"]:
        if result["ruleId"] not in ids or ids[result["ruleIndex"]] != result["ruleId"]:
            problems.append("result with unknown rule %s" % result["ruleId"])
        if result["level"] not in ("error", "warning", "note"):
            problems.append("bad level %s" % result["level"])
        if not result["message"]["text"]:
            problems.append("empty message")
        location = result["locations"][0]["physicalLocation"]
        uri = location["artifactLocation"]["uri"]
        if uri.startswith("/") or uri.startswith("./"):
            problems.append("uri %s is not repository-relative" % uri)
        region = location.get("region")
        if region and not (region["startLine"] >= 1 and region["startColumn"] >= 1 and
                           (region["endLine"], region["endColumn"]) >=
                           (region["startLine"], region["startColumn"])):
            problems.append("bad region %r" % region)
        key = (uri, result["partialFingerprints"]["primaryLocationLineHash"])
        if key in fingerprints:
            problems.append("fingerprint %r twice" % (key,))
        fingerprints.add(key)
    return problems


def check_github(out):
    lines = out.splitlines()
    problems = []
    for kind in ("error", "warning"):
        annotations = [line for line in lines if line.startswith("::%s " % kind)]
        if len(annotations) > 10:
            problems.append("%d %s annotations (Actions shows 10)" % (len(annotations), kind))
    plain = [line for line in lines if not line.startswith("::")]
    notice = [line for line in lines if line.startswith("::notice")]
    if plain and (len(notice) != 1 or str(len(plain)) not in notice[0]):
        problems.append("no closing notice counting the %d plain lines" % len(plain))
    for line in lines:
        if line.startswith("::error") or line.startswith("::warning"):
            properties = line.split(" ", 1)[1].split("::", 1)[0]
            if "col=" in properties and ",line=" in properties:
                values = dict(p.split("=", 1) for p in properties.split(","))
                if values["line"] != values["endLine"]:
                    problems.append("columns on a multi-line range: %s" % line)
    return problems


STRUCTURE = {"json": check_json, "sarif": check_sarif, "github": check_github,
             "checkstyle": lambda out: [] if ElementTree.fromstring(out) is not None else ["xml"],
             "junit": lambda out: [] if ElementTree.fromstring(out) is not None else ["xml"]}

for name, args, status, stdin in CASES:
    proc = run(args, stdin)
    out = proc.stdout.decode()
    golden = os.path.join(goldens, name + ".out")
    problems = []
    if proc.returncode != status:
        problems.append("exit %d, expected %d; stderr: %s" % (proc.returncode, status,
                                                             proc.stderr.decode()[-500:]))
    if update:
        with open(golden, "w", encoding="utf-8") as f:
            f.write(out)
    elif not os.path.exists(golden):
        problems.append("no golden file %s" % golden)
    elif open(golden, encoding="utf-8").read() != out:
        problems.append("stdout differs from %s:\n%s" % (golden, out))
    if name in STRUCTURE:
        try:
            problems += STRUCTURE[name](out)
        except (ValueError, KeyError, IndexError, ElementTree.ParseError) as error:
            problems.append("malformed %s output: %r" % (name, error))
    if status == 1 and not proc.stderr.strip():
        problems.append("exit 1 without a message on stderr")
    check(name, problems)

# The same report whatever the number of threads, and from run to run.
outputs = {run(["-f", "sarif", "-j", str(jobs)]).stdout for jobs in (1, 2, 4, 4)}
check("deterministic", [] if len(outputs) == 1 else ["outputs differ between runs"])

print("lint workspace: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
