package load

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// tagOptions is a parsed `lumi:"…"` tag.
type tagOptions struct {
	name     string // wire name, "" when not given
	optional bool
	out      bool
	in       bool
	replaces bool
}

// tagProblem is a tag error with the byte offset, within the struct tag's text, of the part it is about.
type tagProblem struct {
	offset int
	msg    string
}

// optionWords are the lumi tag options that take no value. `replace` is the design note's spelling of
// `replaces`; both are accepted because both exist in IDLs written in the wild.
var optionWords = map[string]string{
	"optional": "optional",
	"out":      "out",
	"in":       "in",
	"replaces": "replaces",
	"replace":  "replaces",
}

const knownOptions = "optional, out, in, replaces, name=NAME"

// lookupLumiTag validates the syntax of a whole struct tag (the conventional `key:"value" key:"value"`
// form that reflect.StructTag.Get expects) and returns the value of its lumi key and that value's offset in
// tag. reflect silently ignores malformed tags; cidlc does not, since a malformed tag would otherwise drop
// the author's options without a word.
func lookupLumiTag(tag string) (value string, offset int, found bool, problems []tagProblem) {
	i := 0
	for {
		for i < len(tag) && tag[i] == ' ' {
			i++
		}
		if i >= len(tag) {
			return value, offset, found, problems
		}
		start := i
		for i < len(tag) && tag[i] > ' ' && tag[i] != ':' && tag[i] != '"' && tag[i] != 0x7f {
			i++
		}
		key := tag[start:i]
		if key == "" || i+1 >= len(tag) || tag[i] != ':' || tag[i+1] != '"' {
			return value, offset, found, append(problems, tagProblem{start,
				"malformed struct tag: want key:\"value\" pairs separated by spaces, as in `lumi:\"optional\"`"})
		}
		i++ // the colon
		qstart := i
		i++ // the opening quote
		for i < len(tag) && tag[i] != '"' {
			if tag[i] == '\\' {
				i++
			}
			i++
		}
		if i >= len(tag) {
			return value, offset, found, append(problems, tagProblem{qstart,
				fmt.Sprintf("malformed struct tag: the value of %s has no closing quote", key)})
		}
		i++ // the closing quote
		v, err := strconv.Unquote(tag[qstart:i])
		if err != nil {
			return value, offset, found, append(problems, tagProblem{qstart,
				fmt.Sprintf("malformed struct tag: the value of %s is not a valid Go string", key)})
		}
		if key == "lumi" {
			if found {
				problems = append(problems, tagProblem{start, "duplicate lumi tag; merge the options into one"})
				continue
			}
			value, offset, found = v, qstart+1, true
		}
		if i < len(tag) && tag[i] != ' ' {
			return value, offset, found, append(problems, tagProblem{i,
				"malformed struct tag: separate key:\"value\" pairs with a space"})
		}
	}
}

// parseLumiTag parses the value of a lumi tag: `[NAME][,OPTION]...`. The first element is the wire name
// when it is not an option word and has no `=` (the 2017 form, `lumi:"groupID,out"`); `name=NAME` says the
// same explicitly (the design note's form). Offsets in problems are relative to value.
func parseLumiTag(value string) (tagOptions, []tagProblem) {
	var opts tagOptions
	var problems []tagProblem
	seen := map[string]bool{}
	nameGiven := false
	setName := func(name string, at int) {
		switch {
		case nameGiven:
			problems = append(problems, tagProblem{at, "the wire name is given twice"})
		case name == "":
			problems = append(problems, tagProblem{at, "name= needs a name, as in name=groupID"})
		case !isIdentifier(name):
			problems = append(problems, tagProblem{at,
				fmt.Sprintf("wire name %q is not an identifier (letters, digits and _, not starting with a digit)", name)})
		default:
			opts.name = name
		}
		nameGiven = true
	}
	at := 0
	for i, elem := range strings.Split(value, ",") {
		here := at
		at += len(elem) + 1
		word := strings.TrimSpace(elem)
		switch {
		case word == "" && i == 0:
			// `lumi:",optional"`: no name, as in encoding/json.
			continue
		case word == "":
			problems = append(problems, tagProblem{here, "empty option in lumi tag (a stray comma?)"})
			continue
		}
		if key, val, ok := strings.Cut(word, "="); ok {
			if key == "name" {
				setName(val, here)
				continue
			}
			problems = append(problems, tagProblem{here, fmt.Sprintf("unknown lumi option %q; the options are %s", word, knownOptions)})
			continue
		}
		canon, isOption := optionWords[word]
		if !isOption {
			if i == 0 {
				setName(word, here)
				continue
			}
			problems = append(problems, tagProblem{here, fmt.Sprintf("unknown lumi option %q; the options are %s", word, knownOptions)})
			continue
		}
		if seen[canon] {
			problems = append(problems, tagProblem{here, fmt.Sprintf("duplicate lumi option %q", word)})
			continue
		}
		seen[canon] = true
		switch canon {
		case "optional":
			opts.optional = true
		case "out":
			opts.out = true
		case "in":
			opts.in = true
		case "replaces":
			opts.replaces = true
		}
	}
	if opts.in && opts.out {
		problems = append(problems, tagProblem{0, "a property cannot be both in (input only) and out (output only)"})
	}
	if opts.out && opts.replaces {
		problems = append(problems, tagProblem{0, "replaces has no effect on an out property: callers cannot change it"})
	}
	return opts, problems
}

// isIdentifier reports whether s is a Go identifier (letters, digits and underscores, not starting with a
// digit). Every Go field name is one, so derived wire names always are; explicit names must be too, so
// that they are valid property names in every target language.
func isIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if r == utf8.RuneError || !(unicode.IsLetter(r) || r == '_' || (i > 0 && unicode.IsDigit(r))) {
			return false
		}
	}
	return true
}

// wireName derives a property's wire name from its Go name: the leading run of upper-case letters is
// lowered, except that its last letter stays upper-case when a lower-case letter follows it, because that
// letter starts the next word (IPProtocol → ipProtocol, VPC → vpc, GroupID → groupID, CIDRIP → cidrip).
func wireName(goName string) string {
	runes := []rune(goName)
	n := 0
	for n < len(runes) && unicode.IsUpper(runes[n]) {
		n++
	}
	if n > 1 && n < len(runes) && unicode.IsLower(runes[n]) {
		n--
	}
	for i := 0; i < n; i++ {
		runes[i] = unicode.ToLower(runes[i])
	}
	return string(runes)
}
