package main

import (
	"strings"
	"testing"
)

// TestValidateSnapshot runs --validate-snapshot on the snapshots of snapshot/testdata: a clean one, a
// broken one, both at once, and with -v the note on types of other packages.
func TestValidateSnapshot(t *testing.T) {
	root := repoRoot(t)
	const idl = "snapshot/testdata/idl"
	const clean = "--validate-snapshot=snapshot/testdata/mugl/cluster.json"
	if _, stderr, status := cidlc(t, root, idl, clean); status != 0 || stderr != "" {
		t.Errorf("clean snapshot: status %d, stderr:\n%s", status, stderr)
	}
	_, stderr, status := cidlc(t, root, idl, clean, "--validate-snapshot", "snapshot/testdata/mugl/types.json", "-v")
	for _, want := range []string{
		`snapshot/testdata/mugl/types.json:6:21: vertex "VPC": unknown resource type aws:ec2/vpc:Vpc of package aws` + "\n",
		"cidlc: snapshot/testdata/mugl/types.json: note: skipped 1 of type gcp:compute/subnetwork:Subnetwork, of another package\n",
		"cidlc: snapshot/testdata/mugl/types.json: 4 problems in the snapshot\n",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if status != 1 {
		t.Errorf("status %d, want 1", status)
	}
	if _, stderr, status := cidlc(t, root, idl, "--validate-snapshot=no/such.json"); status != 1 || !strings.Contains(stderr, "no/such.json") {
		t.Errorf("missing file: status %d, stderr:\n%s", status, stderr)
	}
}
