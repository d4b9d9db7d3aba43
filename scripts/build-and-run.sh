#!/usr/bin/env bash
# Quick start: installs what is missing, builds hclspec (Release) into build/, lints the fixtures.
#
# usage: scripts/build-and-run.sh [PATH...]
#   With no PATH it lints fixtures/lint, whose broken/ folder holds files with deliberate
#   mistakes: lint then reports them and exits 2, and this script checks that it did exactly
#   that (errors only in broken/) and exits 0. With PATHs it lints those and exits as lint does.
set -euo pipefail
# shellcheck source=scripts/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
caller_dir=$PWD
cd "$HCLSPEC_ROOT"

section "Checking Debian packages (scripts/setup.sh)"
scripts/setup.sh

section "Building Release into build/"
configure build -DCMAKE_BUILD_TYPE=Release
build build hclspec parse_benchmark

if [ $# -gt 0 ]; then
  section "build/hclspec lint $*"
  cd "$caller_dir"  # PATHs are relative to where the script was started
  exec "$HCLSPEC_ROOT/build/hclspec" lint "$@"
fi

section "build/hclspec lint fixtures/lint"
status=0
output=$(build/hclspec lint fixtures/lint 2>&1) || status=$?
printf '%s\n' "$output"

section "Result"
# Every "on FILE line N:" of a diagnostic must name a file under broken/.
outside=$(printf '%s\n' "$output" | grep -E '^  on .* line [0-9]+:$' |
  grep -v '^  on fixtures/lint/broken/' || true)
# ... and every file there must have been reported.
unreported=""
for f in fixtures/lint/broken/*; do
  grep -qF "  on $f line " <<<"$output" || unreported+=" $f"
done
if [ "$status" -eq 2 ] && [ -z "$outside" ] && [ -z "$unreported" ]; then
  echo "lint exited 2 (errors found), as expected: the errors above are the deliberate mistakes"
  echo "in fixtures/lint/broken/, and the other fixtures are clean. hclspec works."
  exit 0
fi
echo "unexpected: lint exited $status (expected 2, with errors in every file of" \
  "fixtures/lint/broken/ and nowhere else)" >&2
[ -z "$outside" ] || printf 'diagnostics outside broken/:\n%s\n' "$outside" >&2
[ -z "$unreported" ] || echo "broken files without a diagnostic:$unreported" >&2
exit 1
