package load

import (
	"reflect"
	"strings"
	"testing"
)

func TestWireName(t *testing.T) {
	for goName, want := range map[string]string{
		"IPProtocol": "ipProtocol",
		"VPC":        "vpc",
		"GroupID":    "groupID",
		"CIDRIP":     "cidrip",
		"FromPort":   "fromPort",
		"X":          "x",
		"URLs":       "urls", // a plural initialism, not URL + "Ls"
		"CIDRs":      "cidrs",
		"IDsByZone":  "idsByZone",
		"ARNsecret":  "arNsecret", // an s that starts a word is not a plural
		"IPs2":       "ips2",
		"VPC2Peer":   "vpc2Peer",
		"Größe":      "größe",
		"ÉtatX":      "étatX",
		"already":    "already",
	} {
		if got := WireName(goName); got != want {
			t.Errorf("WireName(%q) = %q, want %q", goName, got, want)
		}
	}
}

func TestParseLumiTag(t *testing.T) {
	for _, tc := range []struct {
		tag  string
		wire string // the field's own wire name; "field" when not given
		want tagOptions
		err  string
	}{
		{tag: "", want: tagOptions{}},
		{tag: "optional,replace", want: tagOptions{optional: true, replaces: true}},
		{tag: "groupID,out", want: tagOptions{name: "groupID", out: true}},
		{tag: "name=Bar", want: tagOptions{name: "Bar"}},
		{tag: "groupName,optional,replaces", want: tagOptions{name: "groupName", optional: true, replaces: true}},
		{tag: ",optional", want: tagOptions{optional: true}},
		{tag: "userData,in", want: tagOptions{name: "userData", in: true}},
		{tag: "out", want: tagOptions{out: true}},
		{tag: "optional,optional", err: `duplicate lumi option "optional"`},
		{tag: "replace,replaces", err: `duplicate lumi option "replaces"`},
		{tag: "in,out", err: "both in (input only) and out"},
		{tag: "optional,bogus", err: `unknown lumi option "bogus"`},
		{tag: "size=3", err: `unknown lumi option "size="`},
		{tag: "secret,uniqueItems", want: tagOptions{secret: true, unique: true}},
		{tag: "pattern='^[a-z]{1,3}$',min=1", want: tagOptions{values: map[string]tagValue{
			"pattern": {text: "^[a-z]{1,3}$", offset: 0}, "min": {text: "1", offset: 23}}, valueOrder: []string{"pattern", "min"}}},
		{tag: "deprecated='use Size, not Count; it''s gone'", want: tagOptions{deprecated: &tagValue{text: "use Size, not Count; it's gone"}}},
		{tag: "items.pattern=^a+$", want: tagOptions{values: map[string]tagValue{"items.pattern": {text: "^a+$"}}, valueOrder: []string{"items.pattern"}}},
		{tag: "default=80", want: tagOptions{dflt: &tagValue{text: "80"}}},
		{tag: "pattern='abc", err: "no closing quote"},
		{tag: "pattern='a'b", err: "a comma must follow"},
		{tag: "min=1,min=2", err: `duplicate lumi option "min="`},
		{tag: "deprecated=", err: "deprecated= needs a message"},
		{tag: "optional,default=3", err: "never absent"},
		{tag: "out,default=3", err: "default= is for inputs"},
		{tag: "name=", err: "name= needs a name"},
		{tag: "a-b", err: "is not an identifier"},
		{tag: "a,name=b", err: "wire name is given twice"},
		{tag: "optional,", err: "empty option"},
		// The first element is the name when it is the field's own wire name, option word or not.
		{tag: "secret,optional", wire: "secret", want: tagOptions{name: "secret", optional: true, nameWord: &tagValue{text: "secret"}}},
		{tag: "out", wire: "out", want: tagOptions{name: "out", nameWord: &tagValue{text: "out"}}},
		{tag: "in,optional", wire: "in", want: tagOptions{name: "in", optional: true, nameWord: &tagValue{text: "in"}}},
		{tag: "secret,secret", wire: "secret", want: tagOptions{name: "secret", secret: true, nameWord: &tagValue{text: "secret"}}},
		{tag: ",secret,optional", wire: "secret", want: tagOptions{secret: true, optional: true}},
		{tag: "name=secret,optional", wire: "secret", want: tagOptions{name: "secret", optional: true}},
		{tag: "optional,replace", wire: "vpc", want: tagOptions{optional: true, replaces: true}},
		{tag: "optional,secret", wire: "secret", want: tagOptions{optional: true, secret: true}},
		{tag: "replace", wire: "replace", want: tagOptions{name: "replace", nameWord: &tagValue{text: "replace"}}},
		{tag: "replaces", wire: "replace", want: tagOptions{replaces: true}},
		{tag: "optional,immutable", want: tagOptions{optional: true, immutable: true}},
		{tag: "immutable,default=UTF8", want: tagOptions{immutable: true, dflt: &tagValue{text: "UTF8", offset: 10}}},
		{tag: "immutable,replaces", err: "immutable and replaces contradict each other"},
		{tag: "replace,immutable", err: "immutable and replaces contradict each other"},
		{tag: "out,immutable", err: "immutable has no effect on an out property"},
		{tag: "immutable,immutable", err: `duplicate lumi option "immutable"`},
		{tag: "optional,immutible", err: `unknown lumi option "immutible"; did you mean "immutable"?`},
		// An option word that is the field's own wire name is the name (issue 15's rule), immutable too.
		{tag: "immutable", wire: "immutable", want: tagOptions{name: "immutable", nameWord: &tagValue{text: "immutable"}}},
		{tag: "immutable,immutable", wire: "immutable", want: tagOptions{name: "immutable", immutable: true, nameWord: &tagValue{text: "immutable"}}},
		{tag: ",immutable", wire: "immutable", want: tagOptions{immutable: true}},
	} {
		if tc.wire == "" {
			tc.wire = "field"
		}
		if tc.err == "" {
			tc.want.value = tc.tag
		}
		got, problems := parseLumiTag(tc.tag, tc.wire)
		if tc.err != "" {
			if len(problems) == 0 || !strings.Contains(problems[0].msg, tc.err) {
				t.Errorf("parseLumiTag(%q) problems = %v, want %q", tc.tag, problems, tc.err)
			}
			continue
		}
		if len(problems) > 0 || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("parseLumiTag(%q) = %+v, %v; want %+v", tc.tag, got, problems, tc.want)
		}
	}
}

func TestLookupLumiTag(t *testing.T) {
	for _, tc := range []struct {
		tag, value string
		found      bool
		err        string
	}{
		{tag: `lumi:"optional"`, value: "optional", found: true},
		{tag: `json:"x" lumi:"a,out"`, value: "a,out", found: true},
		{tag: `json:"x"`},
		{tag: `lumi:optional`, err: "malformed struct tag"},
		{tag: `lumi:"optional`, err: "no closing quote"},
		{tag: `lumi:"a"json:"b"`, value: "a", found: true, err: "separate key"},
		{tag: `lumi:"a" lumi:"b"`, value: "a", found: true, err: "duplicate lumi tag"},
	} {
		value, _, found, problems := lookupLumiTag(tc.tag)
		if value != tc.value || found != tc.found {
			t.Errorf("lookupLumiTag(%q) = %q, %v; want %q, %v", tc.tag, value, found, tc.value, tc.found)
		}
		if (tc.err == "") != (len(problems) == 0) || tc.err != "" && !strings.Contains(problems[0].msg, tc.err) {
			t.Errorf("lookupLumiTag(%q) problems = %v, want %q", tc.tag, problems, tc.err)
		}
	}
}
