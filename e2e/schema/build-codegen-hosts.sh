#!/usr/bin/env bash
# build-codegen-hosts.sh VERSION DIR — builds codegen-only Pulumi language plugins for VERSION (such as
# 3.256.0) into DIR/bin: pulumi-language-go, pulumi-language-nodejs and pulumi-language-python, three
# names of one binary built from e2e/schema/testdata/codegenhost (see its doc comment for why).
#
# Like e2e/build-pulumi.sh, it builds in a throw-away wrapper module in DIR/src that pins exact versions
# and repeats the replace directive of upstream's pkg/go.mod. After the CLI is built, most of what this
# needs is in the Go build cache: under a minute. The binaries are written last, atomically.
set -euo pipefail

version=${1:?usage: build-codegen-hosts.sh VERSION DIR}
dir=${2:?usage: build-codegen-hosts.sh VERSION DIR}
go=${GO:-go}
src=$(cd "$(dirname "$0")/testdata/codegenhost" && pwd)

mkdir -p "$dir/src" "$dir/bin"
dir=$(cd "$dir" && pwd)
cd "$dir/src"
cat >go.mod <<MOD
// A wrapper module that builds codegen-only language plugins against Pulumi v$version; written by
// e2e/schema/build-codegen-hosts.sh.
module cidlc.invalid/pulumi-codegen-hosts

go 1.25

require (
	github.com/pulumi/pulumi/pkg/v3 v$version
	github.com/pulumi/pulumi/sdk/v3 v$version
)

replace github.com/atotto/clipboard => github.com/tgummerer/clipboard v0.0.0-20241001131231-d02d263e614e
MOD
rm -f go.sum
cp "$src/main.go" main.go

start=$(date +%s)
echo "building codegen-only language plugins for Pulumi v$version into $dir/bin" >&2
export GOWORK=off GOFLAGS=-mod=mod
"$go" build -trimpath -o "$dir/bin/codegenhost.tmp" \
	-ldflags "-s -w -X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v$version" .
# pulumi-language-go last: make takes it for all three.
for lang in nodejs python go; do
	cp "$dir/bin/codegenhost.tmp" "$dir/bin/pulumi-language-$lang.tmp"
	mv "$dir/bin/pulumi-language-$lang.tmp" "$dir/bin/pulumi-language-$lang"
done
rm "$dir/bin/codegenhost.tmp"
echo "built pulumi-language-{go,nodejs,python} in $(($(date +%s) - start))s" >&2
