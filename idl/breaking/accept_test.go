package breaking_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/cidlc/cidlc/idl/breaking"
)

// TestAcceptFlag: --breaking-accept takes RULE or RULE:SUBJECT; a whole rule accepts every finding of it,
// a subject only that one; an acceptance that covers nothing is reported; an unknown rule is an error.
func TestAcceptFlag(t *testing.T) {
	if _, err := breaking.ParseAcceptance("type-change"); err == nil || !strings.Contains(err.Error(), `"type-change" is not a rule ID`) {
		t.Errorf("an unknown rule: got %v", err)
	}
	dir, err := filepath.Abs("../../testdata/breaking/contract-narrowed")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		flags    []string
		accepted int
		unused   int
		failed   bool
	}{
		{nil, 0, 0, true},
		{[]string{"contract-narrowed:Volume.size"}, 1, 0, true},
		{[]string{"contract-narrowed:Volume.size", "contract-narrowed:Volume.label"}, 2, 0, false},
		{[]string{"contract-narrowed"}, 2, 0, false},
		{[]string{"contract-narrowed", "type-changed", "contract-narrowed:Volume.nope"}, 2, 2, false},
	} {
		report, err := compare(dir, filepath.Join(dir, "old"), filepath.Join(dir, "new"))
		if err != nil {
			t.Fatal(err)
		}
		var accs []*breaking.Acceptance
		for _, f := range tc.flags {
			a, err := breaking.ParseAcceptance(f)
			if err != nil {
				t.Fatal(err)
			}
			accs = append(accs, a)
		}
		report.Accept(accs)
		accepted := 0
		for _, f := range report.Findings {
			if f.Accepted != nil {
				accepted++
			}
		}
		if accepted != tc.accepted || len(report.Unused) != tc.unused || report.Failed() != tc.failed {
			t.Errorf("%v: %d accepted, %d unused, failed %v; want %d, %d, %v", tc.flags, accepted, len(report.Unused), report.Failed(),
				tc.accepted, tc.unused, tc.failed)
		}
	}
}
