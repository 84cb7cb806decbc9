package previous_test

import (
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cidlc/cidlc/idl/breaking"
	"github.com/cidlc/cidlc/idl/load"
	"github.com/cidlc/cidlc/idl/previous"
	"github.com/cidlc/cidlc/internal/base/paths"
	"github.com/cidlc/cidlc/internal/testsupport"
)

const vpcV1 = `package network

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

// TestRevision compares an IDL with revisions of its git repository, a commit and a tag, and leaves the
// repository exactly as it was: work tree, index and refs.
func TestRevision(t *testing.T) {
	repo := newRepo(t)
	testsupport.WriteFile(t, filepath.Join(repo, "idl/doc.go"), "// Package acme is a test's IDL.\npackage acme\n")
	testsupport.WriteFile(t, filepath.Join(repo, "idl/network/vpc.go"), vpcV1)
	testsupport.Git(t, repo, "add", "-A")
	testsupport.Git(t, repo, "commit", "-qm", "v1")
	testsupport.Git(t, repo, "tag", "v1.0.0")
	// Committed: a new required input.
	testsupport.WriteFile(t, filepath.Join(repo, "idl/network/vpc.go"), strings.Replace(vpcV1, "\tCIDRBlock string\n", "\tCIDRBlock string\n\t// Zone is where it lives.\n\tZone string\n", 1))
	testsupport.Git(t, repo, "commit", "-qam", "zone")
	// In the work tree only: Tags removed, a file staged, a file untracked.
	vpcV3 := strings.Replace(vpcV1, "\tCIDRBlock string\n", "\tCIDRBlock string\n\t// Zone is where it lives.\n\tZone string\n", 1)
	vpcV3 = strings.Replace(vpcV3, "\t// Tags label it.\n\tTags *map[string]string `lumi:\"optional\"`\n", "", 1)
	testsupport.WriteFile(t, filepath.Join(repo, "idl/network/vpc.go"), vpcV3)
	testsupport.WriteFile(t, filepath.Join(repo, "idl/network/subnet.go"), "package network\n\nimport \"github.com/cidlc/cidlc/idl\"\n\n// Subnet is a range of a VPC.\ntype Subnet struct {\n\tidl.Resource\n}\n")
	testsupport.Git(t, repo, "add", "idl/network/subnet.go")
	testsupport.WriteFile(t, filepath.Join(repo, "idl/network/gateway.go"), "package network\n\nimport \"github.com/cidlc/cidlc/idl\"\n\n// Gateway connects a VPC.\ntype Gateway struct {\n\tidl.Resource\n}\n")
	before := testsupport.TreeState(t, repo)

	idlDir := filepath.Join(repo, "idl")
	for _, tc := range []struct {
		rev  string
		want []string
	}{
		{"HEAD", []string{
			"HEAD:idl/network/vpc.go:13:2 property-removed network.VPC.tags",
			"idl/network/gateway.go:6:6 resource-added network.Gateway",
			"idl/network/subnet.go:6:6 resource-added network.Subnet",
		}},
		{"v1.0.0", []string{
			"v1.0.0:idl/network/vpc.go:11:2 property-removed network.VPC.tags",
			"idl/network/gateway.go:6:6 resource-added network.Gateway",
			"idl/network/subnet.go:6:6 resource-added network.Subnet",
			"idl/network/vpc.go:11:2 required-input-added network.VPC.zone",
		}},
	} {
		t.Run(tc.rev, func(t *testing.T) {
			l, err := load.LoadPackages(load.Config{Dir: idlDir, WorkDir: repo})
			if err != nil {
				t.Fatal(err)
			}
			tree, err := l.Model()
			if err != nil {
				t.Fatal(err)
			}
			old, err := previous.Load(l, idlDir, tc.rev)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range breaking.Compare(old, tree).Findings {
				d := f.Diagnostic(repo)
				got = append(got, fmt.Sprintf("%s:%d:%d %s %s", d.Pos.Filename, d.Pos.Line, d.Pos.Column, f.Rule.ID, f.Subject))
			}
			slices.Sort(got)
			slices.Sort(tc.want)
			if !slices.Equal(got, tc.want) {
				t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(tc.want, "\n\t"))
			}
		})
	}
	if after := testsupport.TreeState(t, repo); after != before {
		t.Errorf("the repository changed:\nbefore:\n%s\nafter:\n%s", before, after)
	}
}

// TestRevisionErrors: what cannot be read says why.
func TestRevisionErrors(t *testing.T) {
	repo := newRepo(t)
	testsupport.WriteFile(t, filepath.Join(repo, "idl/network/vpc.go"), vpcV1)
	testsupport.Git(t, repo, "add", "-A")
	testsupport.Git(t, repo, "commit", "-qm", "v1")
	testsupport.WriteFile(t, filepath.Join(repo, "idl2/vpc.go"), strings.Replace(vpcV1, "package network", "package acme", 1))
	outside := t.TempDir()
	for _, tc := range []struct{ dir, against, want string }{
		{"idl", "v9.9.9", "--breaking-against=v9.9.9: not a directory, nor a revision of the git repository of"},
		{"idl2", "HEAD", "--breaking-against=HEAD: the revision has no directory idl2"},
		{"idl", "--output=x", "--breaking-against=--output=x: not a directory, nor a git revision"},
		{outside, "HEAD", "is not in a git repository to find a revision in"},
	} {
		dir := tc.dir
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(repo, dir)
		}
		_, err := previous.Read(dir, tc.against)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Read(%s, %s): got %v, want an error containing %q", tc.dir, tc.against, err, tc.want)
		}
	}
}

// TestDirectory reads a previous version from a directory as the go command would load it: testdata,
// vendor and directories starting with . or _ left out; the import path of the directory from its module.
func TestDirectory(t *testing.T) {
	dir := t.TempDir()
	testsupport.WriteFile(t, filepath.Join(dir, "go.mod"), "module example.com/m\n\ngo 1.26.0\n")
	for _, name := range []string{"old/a.go", "old/sub/b.go", "old/testdata/c.go", "old/_x/d.go", "old/.git/e.go", "old/vendor/f.go", "old/README"} {
		testsupport.WriteFile(t, filepath.Join(dir, name), "package x\n")
	}
	prev, err := previous.Read("unused", filepath.Join(dir, "old"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for name := range prev.Files {
		names = append(names, name)
	}
	slices.Sort(names)
	if want := []string{"a.go", "sub/b.go"}; !slices.Equal(names, want) {
		t.Errorf("read %v, want %v", names, want)
	}
	if prev.Path != "example.com/m/old" {
		t.Errorf("import path %q, want example.com/m/old", prev.Path)
	}
	if got, want := prev.Show("sub/b.go"), filepath.Join(dir, "old", "sub", "b.go"); got != want {
		t.Errorf("Show: %s, want %s", got, want)
	}
}

// newRepo makes a git repository holding a Go module that can load an IDL: package idl is this
// checkout's.
func newRepo(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatal("the tests of git revisions need git")
	}
	module, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	repo := t.TempDir()
	testsupport.WriteFile(t, filepath.Join(repo, "go.mod"), "module example.com/acme\n\ngo 1.26.0\n\nrequire github.com/cidlc/cidlc v0.0.0\n\nreplace github.com/cidlc/cidlc => "+module+"\n")
	testsupport.Git(t, repo, "init", "-q")
	return repo
}

// TestPreviousProblems: a previous version that does not load is a *Problems, its positions in its files.
func TestPreviousProblems(t *testing.T) {
	module, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	old := t.TempDir()
	testsupport.WriteFile(t, filepath.Join(old, "types.go"), "package acme\n\n// Port is a port.\nvar Port = 1\n")
	idl := filepath.Join(module, "examples", "idl")
	l, err := load.LoadPackages(load.Config{Dir: idl, WorkDir: module})
	if err != nil {
		t.Fatal(err)
	}
	tree, err := l.Model()
	if err != nil {
		t.Fatal(err)
	}
	_, err = previous.Start(idl, old, nil).Compare(l, tree, nil)
	var problems *previous.Problems
	if !errors.As(err, &problems) || len(problems.Diagnostics) != 1 {
		t.Fatalf("got %v, want one problem of the previous version", err)
	}
	if got, want := problems.Diagnostics[0].String(), paths.Rel(module, filepath.Join(old, "types.go"))+":4:5: var Port: variables are not allowed in the IDL; use a constant"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}
