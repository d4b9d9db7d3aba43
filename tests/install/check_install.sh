#!/usr/bin/env bash
# Installs the build with `cmake --install` into a temporary prefix and packages it with cpack,
# then checks both: the executables run (hclspec, and hcldec as its link), the documents are
# there, and the .deb declares its library dependencies and would install on this system.
#
# usage: tests/install/check_install.sh BUILD_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "install test: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$work/prefix" >/dev/null
"$work/prefix/bin/hclspec" --version | grep -q '^hclspec ' || fail "installed hclspec --version"
[ -L "$work/prefix/bin/hcldec" ] || fail "no hcldec link"
printf 'attr {\n  name = "port"\n  type = number\n}\n' >"$work/spec.hcldec"
printf 'port = 8080\n' >"$work/input.hcl"
[ "$("$work/prefix/bin/hcldec" --spec "$work/spec.hcldec" "$work/input.hcl")" = 8080 ] ||
  fail "installed hcldec does not decode"
for doc in README.md diagnostic-codes.md; do
  [ -s "$work/prefix/share/doc/hclspec/$doc" ] || fail "share/doc/hclspec/$doc missing"
done
echo "cmake --install: hclspec, hcldec and the documents work from $work/prefix"

(cd "$work" && cpack --config "$build/CPackConfig.cmake" -B "$work/package" >/dev/null)
deb=$(ls "$work"/package/hclspec_*.deb)
depends=$(dpkg-deb -f "$deb" Depends)
for library in libicu libc6; do
  grep -q "$library" <<<"$depends" || fail "the package does not depend on $library: $depends"
done
dpkg-deb -x "$deb" "$work/unpacked"
"$work/unpacked/usr/bin/hclspec" --version >/dev/null || fail "packaged hclspec does not run"
# A string is normalized to NFC by ICU, which the program loads only then.
printf 'attr {\n  name = "a"\n  type = string\n}\n' >"$work/nfc.hcldec"
printf 'a = "e\xcc\x81"\n' >"$work/nfc.hcl"
[ "$("$work/unpacked/usr/bin/hclspec" decode --spec "$work/nfc.hcldec" "$work/nfc.hcl")" = \
  "$(printf '"\xc3\xa9"')" ] || fail "packaged hclspec does not normalize with ICU"
[ "$(readlink "$work/unpacked/usr/bin/hcldec")" = hclspec ] || fail "packaged hcldec link"
# apt resolves the dependencies without installing anything (no root needed).
apt-get install --simulate --no-install-recommends "$deb" 2>&1 | grep -q '^Inst hclspec' ||
  fail "apt-get would not install $(basename "$deb")"
echo "cpack: $(basename "$deb") (Depends: $depends) unpacks, runs and would install"
