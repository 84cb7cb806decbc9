package load

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cidlc/cidlc/idl/model"
)

// tagOptions is a parsed `lumi:"…"` tag.
type tagOptions struct {
	name     string // wire name, "" when not given
	optional bool
	out      bool
	in       bool
	replaces bool
	// immutable: a change fails instead of updating or replacing the resource (MuranoPL's Const usage).
	immutable bool
	secret    bool
	unique    bool // uniqueItems

	// deprecated is the message of deprecated=, nil when not deprecated.
	deprecated *tagValue
	// dflt is the text of default=, nil when there is none.
	dflt *tagValue
	// env is the text of env=, nil when there is none.
	env *tagValue
	// rules are the rules across properties (conflictsWith=, …) in the order written.
	rules []tagRule
	// values are the contract options that take a value (min=, items.pattern=, …) by their key.
	values map[string]tagValue
	// valueOrder is the keys of values in the order written, so that problems come out in that order.
	valueOrder []string

	// nameWord is set when the first element is an option word that is also the field's own wire name
	// (`Secret *string lumi:"secret,optional"`), and was therefore read as the name: the word and its
	// offset, so that the caller can warn when the option would have applied too.
	nameWord *tagValue
	// misspelt is set when the first element was read as the name but is one edit (or two letters
	// swapped) from an option word (`lumi:"replacs"`): the word, its offset, and the option in text, so
	// that the caller can warn with both readings (see builder.warnMisspeltOption).
	misspelt *tagValue
	// misspeltOf is the option word misspelt is near.
	misspeltOf string
	// value is the tag's value as written, for messages that quote it.
	value string
}

// tagRule is a rule across properties in a tag: its kind and its value, the names it relates.
type tagRule struct {
	kind model.RuleKind
	tagValue
}

// ruleOptions are the options that declare rules across properties, by their key.
var ruleOptions = func() map[string]model.RuleKind {
	m := map[string]model.RuleKind{}
	for _, k := range model.RuleKinds {
		m[string(k)] = k
	}
	return m
}()

// tagValue is the value of a `key=value` option with the offset of the option in the tag's value.
type tagValue struct {
	text   string
	offset int
}

// tagProblem is a tag error with the byte offset, within the struct tag's text, of the part it is about.
type tagProblem struct {
	offset int
	msg    string
}

// optionWords are the lumi tag options that take no value. `replace` is the design note's spelling of
// `replaces`; both are accepted because both exist in IDLs written in the wild.
var optionWords = map[string]string{
	"optional":    "optional",
	"out":         "out",
	"in":          "in",
	"replaces":    "replaces",
	"replace":     "replaces",
	"immutable":   "immutable",
	"secret":      "secret",
	"uniqueItems": "uniqueItems",
}

// contractOptions are the options that constrain a value; each may also be written with an `items.`
// prefix, to constrain the elements of an array or the values of a map.
var contractOptions = map[string]bool{
	"min": true, "max": true, "exclusiveMin": true, "exclusiveMax": true, "multipleOf": true,
	"minLength": true, "maxLength": true, "pattern": true,
	"minItems": true, "maxItems": true, "minProperties": true, "maxProperties": true,
}

// unknownOption says that word is not a lumi option, suggesting the nearest one when it looks like a typo.
func unknownOption(word string) string {
	key, _, hasValue := strings.Cut(word, "=")
	prefix := ""
	if rest, ok := strings.CutPrefix(key, "items."); ok {
		prefix, key = "items.", rest
	}
	// In a fixed order, canonical spellings only, so that the hint is the same on every run.
	candidates := []string{"name", "default", "deprecated", "env"}
	for option := range ruleOptions {
		candidates = append(candidates, option)
	}
	for _, canon := range optionWords {
		candidates = append(candidates, canon)
	}
	for option := range contractOptions {
		candidates = append(candidates, option)
	}
	slices.Sort(candidates)
	best := nearest(key, slices.Compact(candidates)...)
	shown := word
	if hasValue {
		shown = prefix + key + "="
	}
	msg := fmt.Sprintf("unknown lumi option %q", shown)
	if best != "" {
		return msg + fmt.Sprintf("; did you mean %q?", prefix+best)
	}
	return msg + "; the options are listed in the documentation of package github.com/cidlc/cidlc/idl"
}

// editDistance is the number of edits from a to b, for "did you mean" hints: letters inserted, deleted or
// replaced, and two neighbours swapped (the optimal string alignment distance), since a transposition
// (imuttable) is as common a typo as a wrong letter.
func editDistance(a, b string) int {
	// Three rows of the table: the one before the previous one is what a transposition needs.
	prev2, prev, cur := make([]int, len(b)+1), make([]int, len(b)+1), make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// nearOptionWord returns the option word that word, the first element of a tag and so read as a wire
// name, is a likely misspelling of (one edit, two letters swapped, or another case: replacs, imutable,
// Optional), or "". The short options in and out are left out: one edit from them spells names that
// properties do have (id, ip, on, ou).
func nearOptionWord(word string) string {
	for _, option := range []string{"optional", "replaces", "replace", "immutable", "secret", "uniqueItems"} {
		if editDistance(strings.ToLower(word), strings.ToLower(option)) <= 1 {
			return option
		}
	}
	return ""
}

// lookupLumiTag validates the syntax of a whole struct tag (the conventional `key:"value" key:"value"`
// form that reflect.StructTag.Get expects) and returns the value of its lumi key and that value's offset in
// tag. reflect silently ignores malformed tags; cidlc does not, since a malformed tag would otherwise drop
// the author's options without a word.
//
// The key coco is the lumi tag's name in the IDLs of coconut, the 2017 tool's first name (`coco:"code"`):
// it is read as a lumi tag, the two spellings meaning the same, and a field may have one of them.
func lookupLumiTag(tag string) (value string, offset int, found bool, problems []tagProblem) {
	i := 0
	foundKey := ""
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
		if key == "lumi" || key == "coco" {
			if found {
				msg := "duplicate lumi tag; merge the options into one"
				if key != foundKey {
					msg = "both a lumi and a coco tag (coco is the 2017 name of lumi); merge them into one lumi tag"
				}
				problems = append(problems, tagProblem{start, msg})
				continue
			}
			value, offset, found, foundKey = v, qstart+1, true, key
			// strconv.Unquote (like reflect) quietly turns a byte that is not UTF-8 into U+FFFD; an
			// escape (\xff) makes one. Either would change the author's text without a word.
			if raw := tag[qstart+1 : i-1]; !utf8.ValidString(raw) || !utf8.ValidString(v) {
				at, b := qstart+1, byte(0)
				if j := invalidUTF8(raw); j >= 0 {
					at, b = at+j, raw[j]
				} else {
					b = v[invalidUTF8(v)]
				}
				problems = append(problems, tagProblem{at, fmt.Sprintf(
					"the lumi tag is not valid UTF-8 (byte %#02x); its names and values are text in every output, which must be UTF-8", b)})
				// Said once: what follows reads the tag as U+FFFD there, as the one problem it is.
				value = strings.ToValidUTF8(v, "\ufffd")
			}
		}
		if i < len(tag) && tag[i] != ' ' {
			return value, offset, found, append(problems, tagProblem{i,
				"malformed struct tag: separate key:\"value\" pairs with a space"})
		}
	}
}

// invalidUTF8 returns the offset of the first byte of s that is not part of valid UTF-8, or -1.
func invalidUTF8(s string) int {
	for i, r := range s {
		if r == utf8.RuneError {
			if _, size := utf8.DecodeRuneInString(s[i:]); size == 1 {
				return i
			}
		}
	}
	return -1
}

// parseLumiTag parses the value of a lumi tag, `[NAME][,OPTION]...`, of a field whose own wire name (its
// Go name camel-cased) is wire. Offsets in problems are relative to value.
//
// The first element is the wire name when it has no `=` and is not an option word, or is the field's own
// wire name: the 2017 form, which always put the name first (`lumi:"groupID,out"`,
// `Secret *string lumi:"secret,optional"`). Otherwise an option word there is an option: the design
// note's form (`lumi:"optional,replace"`). So every 2017 tag keeps its meaning, and so does every tag of
// the design note: a first element that is both an option word and the field's own name reads as the
// name, which the 2017 tags meant, and nameWord records it for the caller to warn about (see
// builder.warnAmbiguousTag). `name=NAME` gives the name explicitly, and a leading comma leaves it out
// (`lumi:",secret"`), as in encoding/json.
//
// A value that holds a comma is written in single quotes, and a single quote inside them is doubled, as in
// SQL: `pattern='^[a-z]{1,3}$'`, `deprecated='use Size, not Count'`, `default='it”s'`. (A double quote is
// written \" as everywhere in a Go struct tag.)
func parseLumiTag(value, wire string) (tagOptions, []tagProblem) {
	opts := tagOptions{value: value}
	var problems []tagProblem
	seen := map[string]bool{}
	nameGiven := false
	setName := func(name string, at int) {
		switch {
		case nameGiven:
			problems = append(problems, tagProblem{at, "the wire name is given twice"})
		case name == "":
			problems = append(problems, tagProblem{at, "name= needs a name, as in name=groupID"})
		case name == "-":
			// encoding/json's way of leaving a field out; the 2017 compiler made it a property named "-".
			problems = append(problems, tagProblem{at,
				`wire name "-" is not an identifier; a field that is not a property has no place in the IDL: remove it, or give it a wire name`})
		case !IsIdentifier(name):
			problems = append(problems, tagProblem{at,
				fmt.Sprintf("wire name %q is not an identifier (letters, digits and _, not starting with a digit)", name)})
		default:
			opts.name = name
		}
		nameGiven = true
	}
	// Most tags have a few elements: room for them on the stack.
	var room [8]tagElem
	elems, splitProblems := splitTag(room[:0], value)
	problems = append(problems, splitProblems...)
	for i, e := range elems {
		word, here := e.text, e.offset
		switch {
		case word == "" && i == 0 && !e.hasValue:
			// `lumi:",optional"`: no name, as in encoding/json.
			continue
		case word == "" && !e.hasValue:
			problems = append(problems, tagProblem{here, "empty option in lumi tag (a stray comma?)"})
			continue
		}
		if e.hasValue {
			key := word
			if seen[key] {
				problems = append(problems, tagProblem{here, fmt.Sprintf("duplicate lumi option %q", key+"=")})
				continue
			}
			seen[key] = true
			v := tagValue{text: e.value, offset: here}
			switch {
			case key == "name":
				setName(e.value, here)
			case key == "default":
				opts.dflt = &v
			case key == "env":
				opts.env = &v
			case ruleOptions[key] != "":
				opts.rules = append(opts.rules, tagRule{ruleOptions[key], v})
			case key == "deprecated":
				if strings.TrimSpace(e.value) == "" {
					problems = append(problems, tagProblem{here, "deprecated= needs a message saying what to use instead"})
					continue
				}
				opts.deprecated = &v
			case contractOptions[key] || strings.HasPrefix(key, "items.") && contractOptions[strings.TrimPrefix(key, "items.")]:
				if opts.values == nil {
					opts.values = map[string]tagValue{}
				}
				opts.values[key] = v
				opts.valueOrder = append(opts.valueOrder, key)
			default:
				problems = append(problems, tagProblem{here, unknownOption(key + "=")})
			}
			continue
		}
		canon, isOption := optionWords[word]
		if i == 0 && isOption && word == wire {
			opts.nameWord = &tagValue{text: word, offset: here}
			isOption = false
		}
		if !isOption {
			if i == 0 {
				if near := nearOptionWord(word); near != "" && word != wire && opts.nameWord == nil {
					opts.misspelt, opts.misspeltOf = &tagValue{text: word, offset: here}, near
				}
				setName(word, here)
				continue
			}
			problems = append(problems, tagProblem{here, unknownOption(word)})
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
		case "immutable":
			opts.immutable = true
		case "secret":
			opts.secret = true
		case "uniqueItems":
			opts.unique = true
		}
	}
	if opts.in && opts.out {
		problems = append(problems, tagProblem{0, "a property cannot be both in (input only) and out (output only)"})
	}
	if opts.out && opts.replaces {
		problems = append(problems, tagProblem{0, "replaces has no effect on an out property: callers cannot change it"})
	}
	if opts.out && opts.immutable {
		problems = append(problems, tagProblem{0, "immutable has no effect on an out property: callers cannot change it"})
	}
	if opts.immutable && opts.replaces {
		problems = append(problems, tagProblem{0,
			"immutable and replaces contradict each other: a change of a replaces property replaces the resource, a change of an immutable one fails instead; keep replaces when replacing loses nothing, immutable when it would lose data"})
	}
	if opts.dflt != nil && opts.out {
		problems = append(problems, tagProblem{opts.dflt.offset, "default= is for inputs; an out property gets its value from the provider"})
	}
	if opts.dflt != nil && opts.optional {
		problems = append(problems, tagProblem{opts.dflt.offset,
			"a property with a default is never absent: drop optional (and the pointer); callers may still leave it out"})
	}
	return opts, problems
}

// tagElem is one comma-separated element of a lumi tag: a word, or a key with its (unquoted) value.
type tagElem struct {
	text     string // the word, or the key of key=value, trimmed
	value    string
	hasValue bool
	offset   int // of the element in the tag's value
}

// splitTag splits a lumi tag's value at the commas that are not inside a single-quoted value, appending
// the elements to elems.
func splitTag(elems []tagElem, value string) ([]tagElem, []tagProblem) {
	var problems []tagProblem
	i := 0
	for {
		start := i
		for i < len(value) && value[i] != ',' && value[i] != '=' {
			i++
		}
		e := tagElem{text: strings.TrimSpace(value[start:i]), offset: start}
		if i < len(value) && value[i] == '=' {
			e.hasValue = true
			i++
			if i < len(value) && value[i] == '\'' {
				var b strings.Builder
				quote := i
				i++
				closed := false
				for i < len(value) {
					if value[i] == '\'' {
						if i+1 < len(value) && value[i+1] == '\'' {
							b.WriteByte('\'')
							i += 2
							continue
						}
						i++
						closed = true
						break
					}
					b.WriteByte(value[i])
					i++
				}
				if !closed {
					problems = append(problems, tagProblem{quote, "a quoted value has no closing quote (write a quote inside one as '')"})
				}
				e.value = b.String()
				if i < len(value) && value[i] != ',' {
					problems = append(problems, tagProblem{i, "a comma must follow a quoted value"})
					for i < len(value) && value[i] != ',' {
						i++
					}
				}
			} else {
				vstart := i
				for i < len(value) && value[i] != ',' {
					i++
				}
				e.value = value[vstart:i]
			}
		}
		elems = append(elems, e)
		if i >= len(value) {
			return elems, problems
		}
		i++ // the comma
	}
}

// IsIdentifier reports whether s is a Go identifier (letters, digits and underscores, not starting with a
// digit). Every Go field name is one, so derived wire names always are; explicit names must be too, so
// that they are valid property names in every target language.
func IsIdentifier(s string) bool {
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

// WireName derives a property's wire name from its Go name: the leading run of upper-case letters is
// lowered, except that its last letter stays upper-case when a lower-case letter follows it, because that
// letter starts the next word (IPProtocol → ipProtocol, VPC → vpc, GroupID → groupID, CIDRIP → cidrip).
// One exception: a lone "s" after the run, at the end of the name or before the next capital, makes an
// initialism plural rather than starting a word (CIDRs → cidrs, URLs → urls, IDsByZone → idsByZone), as
// Go names such plurals and as authors expect them on the wire.
func WireName(goName string) string {
	runes := []rune(goName)
	n := 0
	for n < len(runes) && unicode.IsUpper(runes[n]) {
		n++
	}
	plural := n > 1 && n < len(runes) && runes[n] == 's' && (n+1 == len(runes) || !unicode.IsLower(runes[n+1]))
	if n > 1 && n < len(runes) && unicode.IsLower(runes[n]) && !plural {
		n--
	}
	for i := 0; i < n; i++ {
		runes[i] = unicode.ToLower(runes[i])
	}
	return string(runes)
}
