# Helpers shared by the scripts in this folder (sourced, not run).
# shellcheck shell=bash

# The repository's top folder; every script works from there.
HCLSPEC_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}

# Prints a section header.
section() { printf '\n==> %s\n' "$*"; }

# configure DIR [CMAKE_ARGS...]: configures the build folder DIR with Ninja (a folder configured
# before keeps its generator); CMake's chatter is shown only when configuring fails.
configure() {
  local dir=$1
  shift
  local generator=()
  [ -f "$dir/CMakeCache.txt" ] || generator=(-G Ninja)
  local log
  log=$(mktemp)
  if ! cmake -S "$HCLSPEC_ROOT" -B "$dir" "${generator[@]}" "$@" >"$log" 2>&1; then
    cat "$log" >&2
    rm -f "$log"
    echo "error: configuring $dir failed (output above)" >&2
    return 1
  fi
  rm -f "$log"
}

# build DIR [TARGETS...]: builds DIR (all targets when none are named) with $JOBS jobs.
build() {
  local dir=$1
  shift
  local targets=()
  [ $# -eq 0 ] || targets=(--target "$@")
  cmake --build "$dir" -j "$JOBS" "${targets[@]}"
}
