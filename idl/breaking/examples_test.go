package breaking_test

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cidlc/cidlc/idl/breaking"
)

// TestExamplesAgainstThemselves: the example provider's IDL compared with itself has no finding at all.
func TestExamplesAgainstThemselves(t *testing.T) {
	wd, idl := examples(t)
	report, err := compare(wd, idl, idl)
	if err != nil {
		t.Fatal(err)
	}
	if len(report.Findings) > 0 || report.Failed() {
		var b strings.Builder
		report.WriteText(&b, wd, true)
		t.Errorf("examples/idl against itself:\n%s", b.String())
	}
}

// TestExamplesAgainstAnEdit compares the example provider's IDL with an earlier version of it made by
// hand, which reads like a provider's history: the VPC's range did not replace it, volumes defaulted to
// 10 GiB and went up to 32 TiB, a region was retired, users had a department, instances lived in
// compute/server.go, and subnets could not map public addresses. Exactly these changes are reported.
func TestExamplesAgainstAnEdit(t *testing.T) {
	wd, idl := examples(t)
	old := copyTree(t, idl, map[string][][2]string{
		"network/vpc.go":    {{"`lumi:\"name=cidrBlock,replaces\"`", "`lumi:\"name=cidrBlock\"`"}},
		"compute/volume.go": {{"max=16384,default=20", "max=32768,default=10"}},
		"types.go":          {{"\tRegionAPSouth1 Region = \"ap-south-1\"\n", "\tRegionAPSouth1 Region = \"ap-south-1\"\n\t// RegionSAEast1 is São Paulo, Brazil.\n\tRegionSAEast1 Region = \"sa-east-1\"\n"}},
		"iam/user.go": {{"\t// Groups are the groups the user is a member of",
			"\t// Department is the part of the company the user works for.\n\tDepartment *string `lumi:\"optional\"`\n\t// Groups are the groups the user is a member of"}},
		"network/subnet.go": {{"\t// MapPublicIPOnLaunch gives every server started in this subnet a public IPv4 address, making the\n\t// subnet public. Defaults to false.\n\tMapPublicIPOnLaunch *bool `lumi:\"optional\"`\n", ""}},
	}, map[string]string{"compute/instance.go": "compute/server.go"})
	report, err := compare(wd, old, idl)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range report.Findings {
		got = append(got, fmt.Sprintf("%s %s %s", f.Rule.ID, f.Rule.Category, f.Subject))
	}
	want := []string{
		"contract-narrowed source compute.Volume.size",
		"default-changed state compute.Volume.size",
		"enum-value-removed source RegionSAEast1",
		"optional-input-added safe network.Subnet.mapPublicIPOnLaunch",
		"property-removed source iam.User.department",
		"replaces-added state network.VPC.cidrBlock",
		"stored-enum-value-removed state RegionSAEast1",
		"token-changed state compute.Instance",
		"type-moved safe compute.DiskSpec",
		"type-moved safe compute.InstanceStatus",
		"type-moved safe compute.MachineType",
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		var b strings.Builder
		report.WriteText(&b, wd, true)
		t.Errorf("got findings\n\t%s\nwant\n\t%s\nreport:\n%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"), b.String())
	}
	if !report.Failed() {
		t.Error("the breaking changes do not fail the run")
	}
}

// examples returns the module root (as the working directory) and the example IDL's directory.
func examples(t *testing.T) (wd, idl string) {
	t.Helper()
	wd, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return wd, filepath.Join(wd, "examples", "idl")
}

// copyTree copies the Go files of the IDL in dir to a temporary directory, with each replacement made
// exactly once in its file and files renamed, and returns the copy's path.
func copyTree(t *testing.T, dir string, edits map[string][][2]string, renames map[string]string) string {
	t.Helper()
	out := t.TempDir()
	err := filepath.WalkDir(dir, func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(name, ".go") {
			return err
		}
		rel, err := filepath.Rel(dir, name)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		content, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		text := string(content)
		for _, e := range edits[rel] {
			if strings.Count(text, e[0]) != 1 {
				return fmt.Errorf("%s: %q is not in the file exactly once", rel, e[0])
			}
			text = strings.Replace(text, e[0], e[1], 1)
		}
		delete(edits, rel)
		if to, ok := renames[rel]; ok {
			rel = to
		}
		target := filepath.Join(out, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		return os.WriteFile(target, []byte(text), 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	for rel := range edits {
		t.Fatalf("no file %s to edit", rel)
	}
	return out
}

var _ = breaking.Rules
