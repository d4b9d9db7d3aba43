#!/usr/bin/env bash
# Builds the libFuzzer targets with clang into build-fuzz/ and runs each for a bounded time.
#
# usage: scripts/fuzz.sh [SECONDS] [TARGET...]   (default: 60 s each for parse_fuzzer,
#                   reparse_fuzzer, json_fuzzer, framing_fuzzer, diagnostics_fuzzer and
#                   format_fuzzer)
#   Each target starts from fuzz/seeds/ (plain HCL, plus regression inputs; fuzz/json_seeds/ for
#   json_fuzzer, fuzz/framing_seeds/ for framing_fuzzer, fuzz/diagnostics_seeds/ for
#   diagnostics_fuzzer), guided by fuzz/hcl.dict (fuzz/json.dict, fuzz/framing.dict,
#   fuzz/diagnostics.dict), and keeps what it finds in fuzz-corpus/TARGET/ (git-ignored). A crash, a
#   broken invariant or a slow input (>10 s) makes the script fail and leaves the input in
#   fuzz-corpus/artifacts/; replay it with build-fuzz/fuzz/TARGET fuzz-corpus/artifacts/crash-...
set -euo pipefail
# shellcheck source=scripts/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$HCLSPEC_ROOT"
seconds=${1:-60}
[ $# -gt 0 ] && shift
targets=("$@")
[ ${#targets[@]} -gt 0 ] ||
  targets=(parse_fuzzer reparse_fuzzer json_fuzzer framing_fuzzer diagnostics_fuzzer format_fuzzer)

section "Checking Debian packages (scripts/setup.sh --fuzz)"
scripts/setup.sh --fuzz

section "Building ${targets[*]} with clang into build-fuzz/"
CC=clang CXX=clang++ configure build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DHCLSPEC_FUZZ=ON -DHCLSPEC_TESTS=OFF
build build-fuzz "${targets[@]}"

mkdir -p fuzz-corpus/artifacts
for target in "${targets[@]}"; do
  section "Fuzzing $target for ${seconds} s"
  mkdir -p "fuzz-corpus/$target"
  log=build-fuzz/$target.log
  status=0
  seeds=fuzz/seeds dict=fuzz/hcl.dict
  [ "$target" = json_fuzzer ] && seeds=fuzz/json_seeds dict=fuzz/json.dict
  [ "$target" = framing_fuzzer ] && seeds=fuzz/framing_seeds dict=fuzz/framing.dict
  [ "$target" = diagnostics_fuzzer ] && seeds=fuzz/diagnostics_seeds dict=fuzz/diagnostics.dict
  # The first corpus folder receives new inputs; the seeds are only read.
  "build-fuzz/fuzz/$target" -max_total_time="$seconds" -max_len=4096 -timeout=10 \
    -dict="$dict" -print_final_stats=1 -artifact_prefix=fuzz-corpus/artifacts/ \
    "fuzz-corpus/$target" "$seeds" >"$log" 2>&1 </dev/null || status=$?
  if [ "$status" -ne 0 ]; then
    pattern='invariant violated|^==[0-9]+==ERROR|runtime error|ERROR: libFuzzer'
    grep -m1 -B2 -A30 -E "$pattern" "$log" >&2 || tail -n 60 "$log" >&2
    grep -E '^(Test unit written|artifact_prefix)' "$log" >&2 || true
    echo "$target FAILED (exit $status); full log: $log" >&2
    exit "$status"
  fi
  grep -E '^(Done|stat::peak_rss_mb)' "$log" || tail -n 5 "$log"
  echo "$target: no crash, no broken invariant" \
    "(corpus: $(find "fuzz-corpus/$target" -type f | wc -l) inputs)"
done
