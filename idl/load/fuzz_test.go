package load

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// FuzzLumiTag feeds arbitrary struct tags, on fields of arbitrary wire names, to the tag parser: it must
// never panic, every problem it reports must point inside the tag, and a tag it accepts must give a wire
// name that is an identifier, and read its first element by the rule of the manual: the wire name when
// it has no "=" and is not an option word or is the field's own wire name, else the option.
func FuzzLumiTag(f *testing.F) {
	for _, seed := range []struct{ tag, wire string }{
		{`lumi:"optional,replace"`, "vpc"}, {`lumi:"groupID,out"`, "groupID"}, {`lumi:"name=Bar"`, "bar"},
		{`json:"x" lumi:"a,in"`, "x"}, {`lumi:"pattern='^[a-z]{1,3}$',min=1"`, "size"},
		{`lumi:"deprecated='it''s gone'"`, "old"}, {`lumi:optional`, "x"}, {`lumi:"optional`, "x"},
		{`lumi:"a" lumi:"b"`, "a"}, {`lumi:"items.pattern=^a$,uniqueItems,secret"`, "ids"},
		{`lumi:",optional,"`, "x"}, {`lumi:"='"`, "x"}, {`lumi:"\u2028"`, "x"}, {"lumi:\"\xff\"", "x"},
		{`lumi:"secret,optional"`, "secret"}, {`lumi:"out"`, "out"}, {`lumi:",secret"`, "secret"},
		{`coco:"code"`, "code"}, {`coco:"a" lumi:"b"`, "a"},
		{`lumi:"immutable,default=UTF8"`, "encoding"}, {`lumi:"immutable"`, "immutable"}, {`lumi:"out,immutable"`, "x"},
	} {
		f.Add(seed.tag, seed.wire)
	}
	f.Fuzz(func(t *testing.T, tag, wire string) {
		value, offset, found, problems := lookupLumiTag(tag)
		for _, p := range problems {
			if p.offset < 0 || p.offset > len(tag) {
				t.Fatalf("problem %q at offset %d outside the tag %q", p.msg, p.offset, tag)
			}
		}
		if !found {
			return
		}
		opts, problems := parseLumiTag(value, wire)
		for _, p := range problems {
			if p.offset < 0 || offset+p.offset > len(tag)+len(value) {
				t.Fatalf("problem %q at offset %d outside the value %q", p.msg, p.offset, value)
			}
		}
		if len(problems) > 0 {
			return
		}
		if opts.name != "" && !IsIdentifier(opts.name) {
			t.Fatalf("accepted wire name %q is not an identifier", opts.name)
		}
		first, _, _ := strings.Cut(value, ",")
		if first = strings.TrimSpace(first); first == "" || strings.Contains(first, "=") {
			return
		}
		canon, isOption := optionWords[first]
		switch {
		case !isOption || first == wire:
			if opts.name != first {
				t.Fatalf("lumi:%q on a field named %q: the first element is the name, got name %q", value, wire, opts.name)
			}
			if (opts.nameWord != nil) != isOption {
				t.Fatalf("lumi:%q on a field named %q: nameWord = %v, want it set only for an option word", value, wire, opts.nameWord)
			}
		case !optionSet(opts, canon):
			t.Fatalf("lumi:%q on a field named %q: the first element is the option %s, which is not set", value, wire, canon)
		}
	})
}

// optionSet reports whether the option word canon (a value of optionWords) is set in opts.
func optionSet(opts tagOptions, canon string) bool {
	set, known := map[string]bool{"optional": opts.optional, "out": opts.out, "in": opts.in, "replaces": opts.replaces,
		"immutable": opts.immutable, "secret": opts.secret, "uniqueItems": opts.unique}[canon]
	if !known {
		// An option word the oracle does not know yet: keep it in step with optionWords.
		panic("optionSet: unknown option word " + canon)
	}
	return set
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
