package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cidlc/cidlc/internal/testsupport"
)

// ambiguousIDL has a lumi tag that reads two ways: secret is both the field's own wire name and an option
// that would apply to the resource's property.
const ambiguousIDL = `package shop

import "github.com/cidlc/cidlc/idl"

// A Cart holds items.
type Cart struct {
	idl.NamedResource
	// What is in it.
	Items []string
	// A shared secret.
	Secret *string ` + "`lumi:\"secret,optional\"`" + `
}
`

// TestWarnings: a warning is printed at its position with "warning:", with and without outputs, with -q
// and with --check, on every run (the up-to-date cache does not hide it), and changes neither the exit
// status nor what is written. Beside an error, it is printed but not counted as a problem.
func TestWarnings(t *testing.T) {
	dir := scratch(t)
	testsupport.WriteFile(t, filepath.Join(dir, "idl/cart.go"), ambiguousIDL)
	idl := filepath.Join(dir, "idl")
	outs := []string{"--out-pack", filepath.Join(dir, "pack"), "--out-provider", filepath.Join(dir, "provider")}
	want := filepath.Join(idl, "cart.go") + `:11:24: warning: Cart.Secret: lumi:"secret,optional" reads secret as the property's name`
	for _, c := range []struct {
		name string
		args []string
	}{
		{"check only", []string{idl}},
		{"with outputs", append([]string{idl}, outs...)},
		{"again, with outputs unchanged", append([]string{"-v", idl}, outs...)},
		{"-q", append([]string{"-q", idl}, outs...)},
		{"--check", append([]string{idl, "--check"}, outs...)},
	} {
		stdout, stderr, status := cidlc(t, ".", c.args...)
		if status != 0 || !strings.Contains(stderr, want) || strings.Count(stderr, "warning:") != 1 {
			t.Errorf("%s: exit %d, want 0 and the warning once\nstdout:\n%s\nstderr:\n%s", c.name, status, stdout, stderr)
		}
		if strings.Contains(stderr, "unchanged since the last run") {
			t.Errorf("%s: the up-to-date cache skipped the IDL checks, and with them the warning\n%s", c.name, stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "pack", "cart.ts")); err != nil {
		t.Errorf("a run with a warning did not write its outputs: %v", err)
	}

	testsupport.WriteFile(t, filepath.Join(dir, "idl/cart.go"), strings.Replace(ambiguousIDL, "Items []string", "Items []int8", 1))
	_, stderr, status := cidlc(t, ".", append([]string{idl}, outs...)...)
	if status != 1 || !strings.Contains(stderr, want) || !strings.Contains(stderr, "cidlc: 1 problem in the IDL; nothing was written") {
		t.Errorf("an error beside the warning: exit %d, want 1, the warning, and one problem\n%s", status, stderr)
	}
}
