#!/usr/bin/env bash
# Builds the dynblock reference (Debian's hcldec with dynblock.Expand) into OUT (a development aid, never part of the build).
#
# usage: tests/decode_reference/build.sh OUT   e.g. tests/decode_reference/build.sh /tmp/hcldec-dynblock
set -euo pipefail
out=$(realpath -m "$1")
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
gocode=/usr/share/gocode/src
gopath=$(mktemp -d)
trap 'rm -rf "$gopath"' EXIT
mkdir -p "$gopath/src/github.com/apparentlymart/go-textseg" "$gopath/src/golang.org" "$gopath/src/reference"
for owner in agext hashicorp mitchellh spf13 zclconf vmihailenco google; do
  ln -s "$gocode/github.com/$owner" "$gopath/src/github.com/$owner"
done
# hcl imports go-textseg as a v13 module path; Debian installs it without the suffix.
ln -s "$gocode/github.com/apparentlymart/go-textseg" "$gopath/src/github.com/apparentlymart/go-textseg/v13"
ln -s "$gocode/golang.org/x" "$gopath/src/golang.org/x"
cp "$gocode"/github.com/hashicorp/hcl/v2/cmd/hcldec/*.go "$gopath/src/reference/"
patch -s -d "$gopath/src/reference" -p1 < "$here/dynblock_reference.patch"
(cd "$gopath/src/reference" && GOPATH=$gopath GO111MODULE=off go build -o "$out" .)
