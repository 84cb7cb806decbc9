package load

import (
	"testing"
	"unicode"
	"unicode/utf8"
)

// FuzzLumiTag feeds arbitrary struct tags to the tag parser: it must never panic, every problem it
// reports must point inside the tag, and a tag it accepts must give a wire name that is an identifier.
func FuzzLumiTag(f *testing.F) {
	for _, seed := range []string{
		`lumi:"optional,replace"`, `lumi:"groupID,out"`, `lumi:"name=Bar"`, `json:"x" lumi:"a,in"`,
		`lumi:"pattern='^[a-z]{1,3}$',min=1"`, `lumi:"deprecated='it''s gone'"`, `lumi:optional`,
		`lumi:"optional`, `lumi:"a" lumi:"b"`, `lumi:"items.pattern=^a$,uniqueItems,secret"`,
		`lumi:",optional,"`, `lumi:"='"`, `lumi:"\u2028"`, "lumi:\"\xff\"",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, tag string) {
		value, offset, found, problems := lookupLumiTag(tag)
		for _, p := range problems {
			if p.offset < 0 || p.offset > len(tag) {
				t.Fatalf("problem %q at offset %d outside the tag %q", p.msg, p.offset, tag)
			}
		}
		if !found {
			return
		}
		opts, problems := parseLumiTag(value)
		for _, p := range problems {
			if p.offset < 0 || offset+p.offset > len(tag)+len(value) {
				t.Fatalf("problem %q at offset %d outside the value %q", p.msg, p.offset, value)
			}
		}
		if len(problems) == 0 && opts.name != "" && !IsIdentifier(opts.name) {
			t.Fatalf("accepted wire name %q is not an identifier", opts.name)
		}
	})
}

// FuzzWireName: a wire name derived from a Go identifier is an identifier, lower-case first, and keeps
// the length of the name.
func FuzzWireName(f *testing.F) {
	for _, seed := range []string{"IPProtocol", "VPC", "GroupID", "CIDRIP", "URLs", "Größe", "X", "ÉtatX", "IDsByZone"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, name string) {
		if !IsIdentifier(name) || !utf8.ValidString(name) {
			return
		}
		w := WireName(name)
		if !IsIdentifier(w) {
			t.Fatalf("WireName(%q) = %q, not an identifier", name, w)
		}
		if utf8.RuneCountInString(w) != utf8.RuneCountInString(name) {
			t.Fatalf("WireName(%q) = %q changed the length", name, w)
		}
		// The same word: each letter as it was or lowered. (Not strings.EqualFold: unicode.ToLower
		// lowers U+0130 'İ' to 'i', which simple case folding does not pair with it.)
		for i, r := range []rune(w) {
			if orig := []rune(name)[i]; r != orig && r != unicode.ToLower(orig) {
				t.Fatalf("WireName(%q) = %q is not the same word", name, w)
			}
		}
	})
}
