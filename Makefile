# cidlc — see README.md. `make test` installs what it needs by itself (Go modules through the module
# proxy); heavy artifacts are cached in the git-ignored .cache/.

GO ?= go
BIN := bin/cidlc

.PHONY: all build test test-fast test-update-switch test-fresh demo lint fmt clean bench fuzz e2e e2e-release release-example

all: build

build:
	$(GO) build -o $(BIN) ./cmd/cidlc

# The fast inner loop: the front end and the generators, without tsc, npm and SDK builds.
test-fast:
	$(GO) test -short ./idl/... ./gen/...

# Everything CI runs.
test: lint e2e e2e-schema e2e-release
	$(GO) mod download
	$(GO) test ./...
	$(MAKE) test-update-switch

# `make test` from a clone of HEAD with empty Go module, Go build, npm and user caches, as on a new machine
# (.ci/fresh-machine): its wall time and peak memory, for the README's "Developing" section. Not part of
# `make test`: it takes as long as CI.
test-fresh:
	.ci/fresh-machine

# The README's update command (CIDLC_UPDATE=1 go test ./...), in -short, in every package of the module: it
# must pass everywhere. Run after a green `go test ./...`, it finds no golden file stale and so rewrites
# none; internal/testsupport's TestUpdateSwitchThroughGoTest shows it rewriting a stale one.
test-update-switch:
	CIDLC_UPDATE=1 $(GO) test -short ./...

# The Pulumi CLI, built from source (about 5 minutes once, then cached in .cache/pulumi/v<version>).
PULUMI_VERSION := 3.256.0
PULUMI := .cache/pulumi/v$(PULUMI_VERSION)/bin/pulumi

$(PULUMI):
	GO=$(GO) e2e/build-pulumi.sh $(PULUMI_VERSION) $(patsubst %/bin/pulumi,%,$(PULUMI))

# The end-to-end tests (e2e/, e2e/postgresql/): the examples' generated packages and providers deployed,
# previewed, updated, replaced, refreshed, refused an immutable change and destroyed by the real Pulumi
# engine, offline; the PostgreSQL one against a private PostgreSQL server.
e2e: $(PULUMI)
	CIDLC_E2E_PULUMI=$(abspath $(PULUMI)) $(GO) test -count=1 -timeout 20m -v -run '^TestE2E$$' ./e2e/ ./e2e/postgresql/

# The end-to-end test of a release (e2e/release_test.go): the README's release of the example, 0.1.0 then
# 0.2.0, to a download server on 127.0.0.1, installed with npm into a new program that the engine deploys
# with no plugin installed, downloading the plugin of the package's version by itself.
e2e-release: $(PULUMI)
	CIDLC_E2E_PULUMI=$(abspath $(PULUMI)) $(GO) test -count=1 -timeout 20m -v -run '^TestReleaseE2E$$' ./e2e/

# The example's release tarballs for the six platforms Pulumi runs on, in dist/ (docs/release.md). Not
# part of `make test`: cold, the six took 14 minutes on two busy cores (2 to 6 minutes a platform);
# e2e-release builds this machine's with the same tool.
release-example:
	$(GO) run ./examples/cmd/release -o dist

# Codegen-only Pulumi language plugins for `pulumi package gen-sdk` (e2e/schema/testdata/codegenhost),
# built like the CLI (under a minute once the CLI is built).
CODEGEN_HOSTS := .cache/pulumi/v$(PULUMI_VERSION)/codegen-hosts/bin

$(CODEGEN_HOSTS)/pulumi-language-go: e2e/schema/build-codegen-hosts.sh e2e/schema/testdata/codegenhost/main.go
	GO=$(GO) e2e/schema/build-codegen-hosts.sh $(PULUMI_VERSION) $(dir $(CODEGEN_HOSTS))

# The end-to-end test of the schema (e2e/schema/): get-schema of the example provider, gen-sdk for Go,
# Python and Node.js and their builds, and a Go program that deploys through the provider.
.PHONY: e2e-schema
e2e-schema: $(PULUMI) $(CODEGEN_HOSTS)/pulumi-language-go
	CIDLC_E2E_PULUMI=$(abspath $(PULUMI)) CIDLC_E2E_CODEGEN_HOSTS=$(abspath $(CODEGEN_HOSTS)) \
		$(GO) test -count=1 -timeout 20m -v -run '^TestSchemaE2E$$' ./e2e/schema/

# Run cidlc on the example provider.
demo: build
	./$(BIN) -v examples/idl --out-pack=examples/pack --out-provider=examples/provider \
		--out-schema=examples/cmd/pulumi-resource-acme/schema.json --pkg-version=0.1.0

# staticcheck at a pinned version. `go run PACKAGE@VERSION` fetches it through the module proxy on first
# use and builds it as a module of its own: its dependencies (its own golang.org/x/tools among them) stay
# out of cidlc's go.mod, where a `tool` directive would put them, and so out of cidlc's build and out of
# the module graph of every user who adds cidlc with `go get -tool`.
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go' | grep -v '\(^\|/\)testdata/')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(GO) run $(STATICCHECK) ./...

fmt:
	gofmt -w $$(git ls-files '*.go' | grep -v '\(^\|/\)testdata/')

clean:
	rm -rf bin .cache

# Benchmarks (several minutes): cidlc end to end against the packages.Load floor and tygo on examples/ and
# synthetic trees of 100, 1,000 and 10,000 resources, plus the provider codec; prints one report and
# refreshes it in BENCHMARKS.md. BENCH_FLAGS=-runs=9 for more runs; see BENCHMARKS.md.
BENCH_FLAGS ?=
# The program-start rows (issue 22) run gen-sdk --language nodejs, with the CLI and plugins e2e-schema uses.
bench: $(PULUMI) $(CODEGEN_HOSTS)/pulumi-language-go
	$(GO) run ./bench/cmd/cidlcbench -update BENCHMARKS.md \
		-program-start-pulumi=$(abspath $(PULUMI)) -program-start-codegen-hosts=$(abspath $(CODEGEN_HOSTS)) $(BENCH_FLAGS)

# Run every fuzz target of the module for FUZZTIME each, one after the other (FUZZTIME=10m for a real
# run); the targets are what `go test -list '^Fuzz' ./...` finds, so a new one needs no line here. Their
# seed corpora run in every `go test`. The targets of FUZZ_SLOW run the go command per input (about 20 a
# second per worker) and find new coverage often: minimizing each new input for the default 60 s would
# leave almost no time to fuzz, so they minimize for 50 runs.
FUZZTIME ?= 1m
FUZZ_SLOW := FuzzPipeline
fuzz:
	@list=$$($(GO) test -list '^Fuzz' ./...) || { echo "$$list"; exit 1; }; \
	echo "$$list" | awk '/^Fuzz/ { t = t " " $$1 } /^ok / { if (t != "") print $$2 t; t = "" }' | \
	while read pkg targets; do \
		for t in $$targets; do \
			minimize=; case " $(FUZZ_SLOW) " in *" $$t "*) minimize="-fuzzminimizetime 50x";; esac; \
			echo "$(GO) test -run '^$$' -fuzz '^$$t\$$' -fuzztime $(FUZZTIME) $$minimize $$pkg"; \
			$(GO) test -run '^$$' -fuzz "^$$t\$$" -fuzztime $(FUZZTIME) $$minimize $$pkg || exit 1; \
		done; \
	done
