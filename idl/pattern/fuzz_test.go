package pattern

import (
	"regexp"
	"testing"
)

// FuzzJS: any pattern RE2 accepts translates without panicking, and the translation is itself a pattern
// RE2 can read (the JavaScript syntax used is a subset of RE2's, apart from lookarounds for line anchors).
func FuzzJS(f *testing.F) {
	for _, c := range cases {
		f.Add(c.pattern)
	}
	f.Fuzz(func(t *testing.T, p string) {
		if _, err := regexp.Compile(p); err != nil {
			if _, err := JS(p); err == nil {
				t.Fatalf("JS(%q) accepted a pattern RE2 rejects", p)
			}
			return
		}
		if _, err := JS(p); err != nil {
			t.Fatalf("JS(%q): %v", p, err)
		}
	})
}
