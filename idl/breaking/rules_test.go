package breaking_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/cidlc/cidlc/idl/breaking"
)

// TestRules: rule IDs are unique kebab-case words; a safe rule is Info and an Info rule safe; every rule
// can be found by its ID.
func TestRules(t *testing.T) {
	id := regexp.MustCompile(`^[a-z]+(-[a-z]+)*$`)
	seen := map[string]bool{}
	for _, r := range breaking.Rules {
		if !id.MatchString(r.ID) || seen[r.ID] {
			t.Errorf("rule %q: a rule ID is a unique kebab-case name", r.ID)
		}
		seen[r.ID] = true
		if (r.Category == breaking.Safe) != (r.Severity == breaking.Info) {
			t.Errorf("rule %s: %s and %s; safe rules are info, and only they", r.ID, r.Category, r.Severity)
		}
		if breaking.RuleByID(r.ID) != r || r.Summary == "" {
			t.Errorf("rule %s: not found by its ID, or without a summary", r.ID)
		}
	}
	if n := len(breaking.Rules); n < 25 {
		t.Errorf("%d rules; issue 21 asks for at least 25", n)
	}
}

// TestEveryRuleHasACase: for each rule, testdata/breaking/<rule ID> holds a golden case whose expected
// report has a finding of that rule; and every rule a case reports is in the catalogue.
func TestEveryRuleHasACase(t *testing.T) {
	finding := regexp.MustCompile(`(?m)^[^ ]*: [^ ]*: (?:accepted )?(?:BREAKING|warning|safe) \(([a-z-]+)[,)]`)
	reported := map[string]bool{}
	entries, err := os.ReadDir("../../testdata/breaking")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		want, err := os.ReadFile("../../testdata/breaking/" + e.Name() + "/want.txt")
		if err != nil {
			t.Fatal(err)
		}
		var inCase []string
		for _, m := range finding.FindAllStringSubmatch(string(want), -1) {
			reported[m[1]] = true
			inCase = append(inCase, m[1])
			if breaking.RuleByID(m[1]) == nil {
				t.Errorf("case %s reports rule %s, which is not in the catalogue", e.Name(), m[1])
			}
		}
		if r := breaking.RuleByID(e.Name()); r != nil && !strings.Contains(" "+strings.Join(inCase, " ")+" ", " "+r.ID+" ") {
			t.Errorf("case %s reports no finding of its rule (it reports %v)", e.Name(), inCase)
		}
	}
	for _, r := range breaking.Rules {
		if _, err := os.Stat("../../testdata/breaking/" + r.ID); err != nil {
			t.Errorf("rule %s has no golden case testdata/breaking/%s", r.ID, r.ID)
		}
	}
}
