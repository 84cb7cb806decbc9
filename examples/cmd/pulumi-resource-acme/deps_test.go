package main

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestCELLinkedOnlyWithChecks: a plugin links CEL (github.com/google/cel-go) only when its stubs have
// checks written in it. Acme's IDL has some; PostgreSQL's has none, and its plugin, built from the same
// runtime, must not carry CEL's code.
func TestCELLinkedOnlyWithChecks(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: runs go list")
	}
	for _, c := range []struct {
		plugin string
		cel    bool
	}{
		{"github.com/cidlc/cidlc/examples/cmd/pulumi-resource-acme", true},
		{"github.com/cidlc/cidlc/examples/postgresql/cmd/pulumi-resource-postgresql", false},
	} {
		out, err := exec.Command("go", "list", "-deps", c.plugin).Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", c.plugin, err)
		}
		deps := strings.Fields(string(out))
		links := slices.ContainsFunc(deps, func(p string) bool { return strings.HasPrefix(p, "github.com/google/cel-go/") })
		if links != c.cel {
			t.Errorf("%s links CEL: %v, want %v", c.plugin, links, c.cel)
		}
	}
}
