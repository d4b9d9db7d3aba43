#!/usr/bin/env bash
# Installs the Debian 12 packages hclspec needs (only missing ones); silent when nothing is to do.
#
# usage: scripts/setup.sh [--fuzz] [--ci]
#   (no option)  compiler, CMake, Ninja and the libraries: enough to build and test
#   --fuzz       also clang and its runtime libraries (libFuzzer, sanitizers) for fuzz/
#   --ci         everything .ci/run uses (the fuzzing toolchain too)
set -euo pipefail

packages=(cmake ninja-build g++ nlohmann-json3-dev libboost-dev libicu-dev doctest-dev python3)
# The editor client tests (tests/editors/) drive a real editor.
packages+=(neovim)
for arg in "$@"; do
  case "$arg" in
    # libclang-rt-14-dev holds libclang_rt.fuzzer and the sanitizer runtimes; clang only
    # recommends it, so an install without recommends lacks it and -fsanitize=fuzzer fails.
    --fuzz) packages+=(clang libclang-rt-14-dev) ;;
    --ci) packages+=(clang libclang-rt-14-dev) ;;
    -h | --help) sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "setup.sh: unknown option $arg (try --help)" >&2; exit 1 ;;
  esac
done

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "setup.sh: dpkg-query not found; this script supports Debian 12 (install by hand:" \
    "${packages[*]})" >&2
  exit 1
fi

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
  [ "$status" = installed ] || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
  sudo=()
elif command -v sudo >/dev/null 2>&1; then
  sudo=(sudo)
else
  echo "setup.sh: missing packages: ${missing[*]}" >&2
  echo "setup.sh: not root and sudo is not available; install them as root:" >&2
  echo "  apt-get update && apt-get install -y ${missing[*]}" >&2
  exit 1
fi

echo "setup.sh: installing ${missing[*]}"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
export DEBIAN_FRONTEND=noninteractive
if ! { "${sudo[@]}" apt-get update -q && \
       "${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"; } \
     >"$log" 2>&1 </dev/null; then
  cat "$log" >&2
  echo "setup.sh: apt-get failed (output above)" >&2
  exit 1
fi
