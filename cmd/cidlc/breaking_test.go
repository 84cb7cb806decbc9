package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cidlc/cidlc/internal/testsupport"
)

// TestBreakingAgainstRevisions runs the README's --breaking-against on a git repository of its own:
// against HEAD (the work tree's changes) and a tag (every change since), alone and with --check of an
// output; the repository, work tree, index and refs, is left as it was.
func TestBreakingAgainstRevisions(t *testing.T) {
	repo := t.TempDir()
	testsupport.WriteTree(t, repo, map[string]string{
		"go.mod":             "module example.com/acme\n\ngo 1.26.0\n\nrequire github.com/cidlc/cidlc v0.0.0\n\nreplace github.com/cidlc/cidlc => " + repoRoot(t) + "\n",
		"idl/doc.go":         "// Package acme is a test's provider.\npackage acme\n",
		"idl/network/vpc.go": vpcIDL,
	})
	git := func(args ...string) { testsupport.Git(t, repo, args...) }
	git("init", "-q")
	git("add", "-A")
	git("commit", "-qm", "v1")
	git("tag", "v1.0.0")
	testsupport.WriteFile(t, filepath.Join(repo, "idl/network/vpc.go"), strings.Replace(vpcIDL, "\tCIDRBlock string\n", "\tCIDRBlock string `lumi:\"replaces\"`\n", 1))
	git("commit", "-qam", "replaces")
	// The work tree only: Tags removed.
	testsupport.WriteFile(t, filepath.Join(repo, "idl/network/vpc.go"),
		strings.Replace(strings.Replace(vpcIDL, "\tCIDRBlock string\n", "\tCIDRBlock string `lumi:\"replaces\"`\n", 1), "\t// Tags label it.\n\tTags *map[string]string `lumi:\"optional\"`\n", "", 1))
	// The outputs --check compares, written before the state of the repository is taken.
	if _, stderr, status := cidlc(t, repo, "idl", "--out-pack=pack"); status != 0 {
		t.Fatalf("cidlc --out-pack: exit %d\n%s", status, stderr)
	}
	before := testsupport.TreeState(t, repo)

	removed := "HEAD:idl/network/vpc.go:11:2: network.VPC.tags: BREAKING (property-removed, source): removed: programs that set it or read it no longer compile, and the provider's Check rejects it; existing state keeps its value, unused; deprecate it (deprecated=) for a release first, and keep accepting it\n"
	replaces := "idl/network/vpc.go:9:2: network.VPC.cidrBlock: BREAKING (replaces-added, state): a change to it now replaces the VPC (deleted and created again, with a new ID) instead of updating it in place; add replaces only when the cloud cannot change it in place\n"
	for _, tc := range []struct {
		args   []string
		stderr string
		status int
	}{
		{[]string{"idl", "--breaking-against=HEAD"}, removed + "cidlc: against HEAD: 1 breaking change, 0 warnings, 0 safe changes\n", 1},
		{[]string{"idl", "--breaking-against=v1.0.0"}, replaces + strings.Replace(removed, "HEAD:", "v1.0.0:", 1) +
			"cidlc: against v1.0.0: 2 breaking changes, 0 warnings, 0 safe changes\n", 1},
		{[]string{"idl", "--out-pack=pack", "--check", "--breaking-against=HEAD", "--breaking-accept=property-removed:network.VPC.tags"},
			"cidlc: against HEAD: 0 breaking changes, 0 warnings, 0 safe changes, 1 accepted (safe and accepted changes are shown with -v)\n", 0},
	} {
		_, stderr, status := cidlc(t, repo, tc.args...)
		if stderr != tc.stderr || status != tc.status {
			t.Errorf("cidlc %s: exit %d, want %d\n%s\nwant\n%s", strings.Join(tc.args, " "), status, tc.status, stderr, tc.stderr)
		}
	}
	if after := testsupport.TreeState(t, repo); after != before {
		t.Errorf("the runs changed the repository:\nbefore:\n%s\nafter:\n%s", before, after)
	}
}

const vpcIDL = `package network

import "github.com/cidlc/cidlc/idl"

// VPC is a private network.
type VPC struct {
	idl.Resource
	// CIDRBlock is its address range.
	CIDRBlock string
	// Tags label it.
	Tags *map[string]string ` + "`lumi:\"optional\"`" + `
}
`

// TestBreakingAgainstDirectories: the example provider against itself finds nothing; a golden case's
// new IDL against its old one fails, and passes once its breaks are accepted; JSON goes to standard output.
func TestBreakingAgainstDirectories(t *testing.T) {
	root := repoRoot(t)
	const c = "testdata/breaking/contract-narrowed"
	narrowed := func(subject string, line int, what string) string {
		return c + "/new/volume.go:" + map[int]string{10: "10", 12: "12"}[line] + ":2: Volume." + subject + ": BREAKING (contract-narrowed, source): contract narrowed (" + what +
			"): programs whose values the old contract accepted now fail in the constructor and in the provider's Check, so their stacks cannot be updated; relax it again, or refuse the values in the ops' Check with a warning for a release first\n"
	}
	for _, tc := range []struct {
		args           []string
		stdout, stderr string
		status         int
	}{
		{args: []string{"examples/idl", "--breaking-against=examples/idl"},
			stderr: "cidlc: against examples/idl: 0 breaking changes, 0 warnings, 0 safe changes\n"},
		{args: []string{c + "/new", "--breaking-against=" + c + "/old"}, status: 1,
			stderr: narrowed("size", 10, "max from 100 to 50") + narrowed("label", 12, "minLength=3 added") +
				"cidlc: against " + c + "/old: 2 breaking changes, 0 warnings, 0 safe changes\n"},
		{args: []string{"-q", c + "/new", "--breaking-against=" + c + "/old", "--breaking-accept=contract-narrowed"}},
		{args: []string{"-q", c + "/new", "--breaking-against=" + c + "/old", "--breaking-accept=contract-narrowed:Volume.size"}, status: 1,
			stderr: narrowed("label", 12, "minLength=3 added")},
		{args: []string{"--breaking-against=x", "--breaking-format=yaml", "examples/idl"}, status: 2,
			stderr: "cidlc: --breaking-format=yaml: the formats are text and json\n"},
		{args: []string{"--breaking-accept=contract-narrowed", "examples/idl"}, status: 2,
			stderr: "cidlc: --breaking-accept needs --breaking-against\n"},
		{args: []string{"--breaking-against=x", "--breaking-accept=contract-narrow", "examples/idl"}, status: 2,
			stderr: "cidlc: --breaking-accept: \"contract-narrow\" is not a rule ID; `cidlc --breaking-rules` lists them\n"},
		{args: []string{"--breaking-against=x", "--breaking-format=json", "--print-model", "examples/idl"}, status: 2,
			stderr: "cidlc: --breaking-format=json and --print-model both print JSON on standard output; run them apart\n"},
		{args: []string{"examples/idl", "--breaking-against=no/such/dir"}, status: 1,
			stderr: "cidlc: --breaking-against=no/such/dir: not a directory, nor a revision of the git repository of examples/idl (in a shallow clone, fetch it first: git fetch --depth=1 origin no/such/dir)\n"},
	} {
		stdout, stderr, status := cidlc(t, root, tc.args...)
		if stdout != tc.stdout || stderr != tc.stderr || status != tc.status {
			t.Errorf("cidlc %s: exit %d, want %d\nstdout:\n%s\nwant:\n%s\nstderr:\n%s\nwant:\n%s", strings.Join(tc.args, " "), status, tc.status,
				stdout, tc.stdout, stderr, tc.stderr)
		}
	}

	stdout, stderr, status := cidlc(t, root, c+"/new", "--breaking-against="+c+"/old", "--breaking-format=json")
	var report struct {
		Failed   bool
		Counts   struct{ Breaking int }
		Findings []struct{ Rule, File string }
	}
	if err := json.Unmarshal([]byte(stdout), &report); err != nil || status != 1 || stderr != "" {
		t.Fatalf("--breaking-format=json: exit %d, %v\nstdout:\n%s\nstderr:\n%s", status, err, stdout, stderr)
	}
	if !report.Failed || report.Counts.Breaking != 2 || len(report.Findings) != 2 || report.Findings[0].File != c+"/new/volume.go" {
		t.Errorf("--breaking-format=json: %+v", report)
	}
}

// TestBreakingRules: --breaking-rules lists the catalogue, one rule a line, with the remedy that can
// cover each rule's findings.
func TestBreakingRules(t *testing.T) {
	stdout, _, status := cidlc(t, repoRoot(t), "--breaking-rules")
	lines := map[string]string{}
	for _, line := range strings.Split(stdout, "\n") {
		if f := strings.Fields(line); len(f) > 4 {
			lines[f[0]] = strings.Join(f[1:], " ")
		}
	}
	for rule, want := range map[string]string{
		"required-input-added": "source breaking - a new input that programs must set",
		"token-changed":        "state breaking alias a resource moved to another file, so its type token changed",
		"stored-type-changed":  "state breaking migration the type of a property, field or alias that state holds changed, so old values no longer decode",
	} {
		if lines[rule] != want {
			t.Errorf("--breaking-rules: %s is %q, want %q", rule, lines[rule], want)
		}
	}
	if status != 0 || len(lines) < 25 {
		t.Errorf("--breaking-rules: exit %d\n%s", status, stdout)
	}
}
