#!/usr/bin/env bash
# build-pulumi.sh VERSION DIR — builds the Pulumi CLI VERSION (such as 3.256.0) from source into DIR/bin/pulumi.
#
# The Pulumi CLI is Go (github.com/pulumi/pulumi/pkg/v3/cmd/pulumi), so it builds from the Go module proxy
# with nothing else installed. It is built in a throw-away wrapper module in DIR/src, with its own go.mod,
# that pins exact versions (the proxy refuses @latest for several Pulumi modules) and repeats the replace
# directives of upstream's pkg/go.mod, which do not apply to a dependency:
#   - sdk/v3 => ../sdk: the SDK of the same release, from the proxy instead;
#   - github.com/atotto/clipboard => github.com/tgummerer/clipboard (Pulumi's fork).
# A cold build takes about 5 minutes and 2 GB of memory; the binary is written last, atomically, so that
# an interrupted build is never taken for a finished one.
set -euo pipefail

version=${1:?usage: build-pulumi.sh VERSION DIR}
dir=${2:?usage: build-pulumi.sh VERSION DIR}
go=${GO:-go}

mkdir -p "$dir/src" "$dir/bin"
dir=$(cd "$dir" && pwd)
cd "$dir/src"
cat >go.mod <<MOD
// A wrapper module that builds the Pulumi CLI v$version; written by e2e/build-pulumi.sh.
module cidlc.invalid/pulumi-cli

go 1.25

require (
	github.com/pulumi/pulumi/pkg/v3 v$version
	github.com/pulumi/pulumi/sdk/v3 v$version
)

replace github.com/atotto/clipboard => github.com/tgummerer/clipboard v0.0.0-20241001131231-d02d263e614e
MOD
rm -f go.sum

start=$(date +%s)
echo "building the Pulumi CLI v$version from source into $dir/bin (a cold build takes about 5 minutes)" >&2
# GOFLAGS=-mod=mod lets go build record the checksums of the packages it needs in go.sum; GOWORK=off keeps
# a go.work of an enclosing directory out of it.
export GOWORK=off GOFLAGS=-mod=mod
"$go" mod download github.com/pulumi/pulumi/pkg/v3
"$go" build -trimpath -o "$dir/bin/pulumi.tmp" \
	-ldflags "-s -w -X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v$version" \
	github.com/pulumi/pulumi/pkg/v3/cmd/pulumi
mv "$dir/bin/pulumi.tmp" "$dir/bin/pulumi"
echo "built $("$dir/bin/pulumi" version) in $(($(date +%s) - start))s" >&2
