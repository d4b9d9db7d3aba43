#!/usr/bin/env bash
# Installs what is missing, builds everything with the tests (Release, build/) and runs ctest.
#
# usage: scripts/test.sh [CTEST_ARGS...]   e.g. scripts/test.sh -R syntax
set -euo pipefail
# shellcheck source=scripts/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$HCLSPEC_ROOT"

section "Checking Debian packages (scripts/setup.sh)"
scripts/setup.sh

section "Checking the VS Code extension's npm packages (scripts/npm-deps.sh)"
scripts/npm-deps.sh

section "Building Release with tests into build/"
configure build -DCMAKE_BUILD_TYPE=Release -DHCLSPEC_TESTS=ON
build build

section "Running the tests (ctest)"
# --no-tests=error: a test tree that registers nothing is a failure, not a pass.
ctest --test-dir build --output-on-failure --no-tests=error -j "$JOBS" "$@"
