#!/bin/sh
# Whole-process speed and memory side by side with HashiCorp's tools: lint, decode and fmt of
# 10 MB, the server's open of 3.2 MB, and the parser's throughput.
set -eu

usage() {
  cat <<'EOF'
usage: bench/compare.sh [--runs N] [--hclspec BIN] [--no-reference]

Runs each command several times, ours and the reference in turn, and prints median wall time,
peak RSS (and per input byte) and the speed ratio:
  syntax check of 10 MB of Terraform   hclspec lint FILE        hcldec --var-refs (empty spec)
  decode of a 10 MB Nomad-like job     hclspec decode --spec    hcldec --spec
  format of 10 MB of Terraform         hclspec fmt FILE         hclfmt FILE
  server open of a 3.2 MB job (open -> first diagnostics; no reference)
  bench/parse_benchmark on the 10 MB Terraform file (MB/s; no reference)
First, bench/core_speeds.py: whether the cores ran the same loop equally fast today.
The reference hcldec and hclfmt are built from Debian's hcl sources
(golang-github-hashicorp-hcl-v2-dev) with Debian's Go into build/reference/ when both are
installed: a development aid, never a build dependency. Without them, our figures alone.
The Terraform input is the shared corpus's make_big.py when ../shared/corpus is beside the
repository, else a Nomad-like file of the same size. Build first: scripts/build-and-run.sh.
EOF
}

cd "$(dirname "$0")/.."
runs=5
hclspec=build/hclspec
reference=yes
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --hclspec) hclspec=$2; shift 2 ;;
    --no-reference) reference=no; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; exit 1 ;;
  esac
done
[ -x "$hclspec" ] || { echo "compare.sh: $hclspec not found; run scripts/build-and-run.sh" >&2; exit 1; }
parse_benchmark=$(dirname "$hclspec")/bench/parse_benchmark

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

hcl_sources=/usr/share/gocode/src/github.com/hashicorp/hcl/v2
hcldec=
hclfmt=
if [ "$reference" = yes ] && command -v go >/dev/null 2>&1 && [ -d "$hcl_sources/cmd/hclfmt" ]; then
  mkdir -p build/reference
  for tool in hcldec hclfmt; do
    if [ ! -x "build/reference/$tool" ]; then
      echo "building the reference $tool from $hcl_sources ..." >&2
      GOPATH=/usr/share/gocode GO111MODULE=off GOFLAGS= GOCACHE="$work/gocache" \
        go build -o "build/reference/$tool" "github.com/hashicorp/hcl/v2/cmd/$tool"
    fi
  done
  hcldec=build/reference/hcldec
  hclfmt=build/reference/hclfmt
elif [ "$reference" = yes ]; then
  echo "no reference tools (Go and Debian's hcl sources are not installed): our figures alone" >&2
fi

echo "making the inputs ..." >&2
python3 bench/make_nomad_input.py 10 "$work/job.hcl" >/dev/null
python3 bench/make_nomad_input.py 3.2 "$work/open.hcl" >/dev/null
if [ -f ../shared/corpus/make_big.py ]; then
  python3 ../shared/corpus/make_big.py "$work/big.tf" 10 >/dev/null
else
  cp "$work/job.hcl" "$work/big.tf"
fi
printf 'object {}\n' >"$work/empty.hcldec"
# Debian's hcldec (hcl 2.14.1) predates `block_attrs`: both tools decode with a `block` for the
# tasks' env instead (the same JSON out).
python3 - bench/nomad.hcldec "$work/job.hcldec" <<'PYTHON'
import sys
spec = open(sys.argv[1]).read()
env = 'block_attrs "env" { element_type = string }'
assert env in spec
names = "".join('attr "%s" {\n type = string\n}\n' % name for name in ("REGION", "VERSION"))
open(sys.argv[2], "w").write(spec.replace(env, 'block "env" {\nobject {\n%s}\n}' % names))
PYTHON

# side_by_side LABEL INPUT TARGET SAME_OUTPUT(yes|no) OURS [REFERENCE]
side_by_side() {
  if [ -n "${6:-}" ]; then
    same=
    [ "$4" = yes ] && same=--same-output
    python3 bench/side_by_side.py --runs "$runs" --label "$1" --input "$2" --target "$3" \
      --ours "$5" --reference "$6" $same
  else
    python3 bench/side_by_side.py --runs "$runs" --label "$1" --input "$2" --ours "$5"
  fi
}

# Today's cores first: the figures below mean little against another day's when one core was
# much slower than the other.
python3 bench/core_speeds.py
status=0
side_by_side "syntax check, 10 MB Terraform" "$work/big.tf" 40 no \
  "$hclspec lint $work/big.tf" \
  "${hcldec:+$hcldec --spec $work/empty.hcldec --var-refs $work/big.tf}" || status=1
side_by_side "decode, 10 MB Nomad-like job" "$work/job.hcl" 50 yes \
  "$hclspec decode --spec $work/job.hcldec $work/job.hcl" \
  "${hcldec:+$hcldec --spec $work/job.hcldec $work/job.hcl}" || status=1
side_by_side "fmt, 10 MB Terraform" "$work/big.tf" 100 yes \
  "$hclspec fmt $work/big.tf" \
  "${hclfmt:+$hclfmt $work/big.tf}" || status=1

echo "server open, 3.2 MB job (target 60 ms), runs: $runs"
i=0
while [ $i -lt "$runs" ]; do
  python3 bench/serve_benchmark.py "$hclspec" bench/nomad.hcldec "$work/open.hcl" --open-only |
    sed -n 's/^open -> first diagnostics */  open: /p; s/^peak RSS after open */  peak RSS: /p' |
    tr '\n' ' '
  echo
  i=$((i + 1))
done

if [ -x "$parse_benchmark" ]; then
  echo "parser, 10 MB Terraform (target 400 MB/s):"
  "$parse_benchmark" "$work/big.tf" "$runs" | sed -n 's/^parse: /  /p'
fi
exit $status
