package breaking_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/cidlc/cidlc/idl/breaking"
	"github.com/cidlc/cidlc/internal/testsupport"
)

// TestDocsCatalogue: the rule table of docs/breaking.md is the catalogue, rule for rule; the update
// switch (CIDLC_UPDATE=1) rewrites it.
func TestDocsCatalogue(t *testing.T) {
	const name = "../../docs/breaking.md"
	doc, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	const begin, end = "<!-- rules:begin -->\n", "<!-- rules:end -->\n"
	before, rest, ok1 := strings.Cut(string(doc), begin)
	_, after, ok2 := strings.Cut(rest, end)
	if !ok1 || !ok2 {
		t.Fatalf("%s has no %q … %q section", name, begin, end)
	}
	var table strings.Builder
	table.WriteString("| rule | category | severity | remedy | finds |\n|---|---|---|---|---|\n")
	for _, r := range breaking.Rules {
		remedy := r.Remedy()
		if remedy == "" {
			remedy = "—"
		}
		fmt.Fprintf(&table, "| `%s` | %s | %s | %s | %s |\n", r.ID, r.Category, r.Severity, remedy, r.Summary)
	}
	testsupport.GoldenFile(t, name, []byte(before+begin+table.String()+end+after))
}
