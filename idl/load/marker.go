package load

import (
	"fmt"
	"go/ast"
	"go/token"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cidlc/cidlc/idl/model"
)

// The options of an embedded marker's tag: what a declaration says about itself rather than about a
// property. A resource's marker takes:
//
//   - formerly=TOKEN[|TOKEN…]: the type tokens the resource had in earlier versions (it moved to
//     another file, or took another name). The TypeScript package gives them to the engine as the
//     resource's aliases, the Pulumi schema lists them, and the provider answers them, so that stacks
//     that hold the resource under an earlier token keep it. A function's marker takes it too: the
//     provider answers a call by an earlier token.
//   - stateVersion=N: the version of the shape of the resource's state, 1 or more; the stubs then ask
//     the ops for a migration from each earlier version (MigrateFrom0 … MigrateFrom<N-1>), which the
//     provider applies to a state or old inputs written by a version before.
//   - immutable, for idl.NamedResource: a change of the name fails instead of replacing the resource.
//   - verbatim, name.minLength=, name.maxLength=, name.pattern=, for idl.NamedResource: how the name
//     is made when the program gives none, and its contract (naming.go).
//   - timeout=, createTimeout=, updateTimeout=, deleteTimeout= (resources): the resource's default
//     timeouts, as Terraform's Timeouts block gives them, named after the keys of Pulumi's
//     customTimeouts resource option (create, update, delete), which overrides them; timeout= gives the
//     operations not given their own.
//
// Why the marker's tag: these options describe the declaration as a whole, and the embedded marker is
// the one field that stands for it, where the IDL already puts immutable. A directive (//cidlc:…) would
// do too, but directives are instructions to cidlc beside the IDL (accept a break), not part of what
// the IDL declares, and a tag cannot be separated from its declaration by a blank line.

// maxStateVersion bounds stateVersion=: each version below it is a method the ops implement, and a
// provider that has changed its state's shape a thousand times has another problem.
const maxStateVersion = 1000

// formerToken is what an earlier token must look like: the three parts of a Pulumi type token, as the
// IDL would have given them (a package name as --name takes, a module of file path characters, and an
// ASCII name).
var formerToken = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_-]*:[A-Za-z0-9_./-]+:[A-Za-z_][A-Za-z0-9_]*$`)

// markerTag reads the tag of the embedded marker m of d, records its options in d's model, and returns
// what it says about a named resource's name.
func (c *builder) markerTag(d *decl, m string, lit *ast.BasicLit) (name naming) {
	owner := d.obj.Name()
	if m == "Config" {
		c.errorf(lit.Pos(), "%s: the embedded idl.Config takes no tag", owner)
		return name
	}
	tag, err := strconv.Unquote(lit.Value)
	if err != nil {
		return name
	}
	inTag := tagPos{tag: lit.Pos(), exact: strings.HasPrefix(lit.Value, "`") && !strings.Contains(lit.Value, "\n")}
	value, offset, found, problems := lookupLumiTag(tag)
	for _, pr := range problems {
		c.errorf(inTag.at(pr.offset), "%s: %s", owner, pr.msg)
	}
	if !found {
		return name
	}
	at := inTag
	at.from = offset
	elems, problems := splitTag(nil, value)
	for _, pr := range problems {
		c.errorf(at.at(pr.offset), "%s: %s", owner, pr.msg)
	}
	takes := markerOptions[m]
	seen := map[string]bool{}
	var timeouts model.Timeouts
	var all *time.Duration // timeout=
	for _, e := range elems {
		key, pos := e.text, at.at(e.offset)
		shown := key
		if e.hasValue {
			shown += "=" + e.value
		}
		op, isTimeout := timeoutOptions[key]
		switch {
		case key == "" && !e.hasValue:
			c.errorf(pos, "%s: empty option in lumi tag (a stray comma?)", owner)
			continue
		case m == "Resource" && (flagOptions[key] || strings.HasPrefix(key, "name.")):
			c.errorf(pos, "%s: %s is for the name of idl.NamedResource, and idl.Resource has no name; the embedded idl.Resource takes %s", owner, shown, optionList(takes))
			continue
		case m == "NamedResource" && strings.HasPrefix(key, "name."):
			if seen[key] {
				c.errorf(pos, "%s: %s is given twice", owner, key)
				continue
			}
			seen[key] = true
			c.nameContract(owner, e, pos, &name)
			continue
		case !slices.Contains(takes, key):
			msg := fmt.Sprintf("%s: the embedded idl.%s takes %s, not %s", owner, m, optionList(takes), shown)
			if near := nearest(key, takes...); near != "" {
				if !flagOptions[near] {
					near += "="
				}
				msg += fmt.Sprintf("; did you mean %s?", near)
			} else if m == "Function" {
				msg += " (the manual's Evolution says what it does)"
			} else if m == "Resource" {
				msg += " (the manual's Timeouts and Evolution say what they do)"
			} else {
				msg += " (the manual's Names, Timeouts and Evolution say what they do)"
			}
			c.errorf(pos, "%s", msg)
			continue
		case flagOptions[key] && e.hasValue:
			c.errorf(pos, "%s: %s takes no value", owner, key)
			continue
		case !flagOptions[key] && !e.hasValue:
			example := map[string]string{"formerly": "formerly=TOKEN[|TOKEN…]", "stateVersion": "stateVersion=N"}[key]
			if isTimeout {
				example = key + "=10m"
			}
			c.errorf(pos, "%s: %s needs a value: %s", owner, key, example)
			continue
		case seen[key]:
			c.errorf(pos, "%s: %s is given twice", owner, key)
			continue
		}
		seen[key] = true
		switch {
		case key == "immutable":
			name.immutable = true
		case key == "verbatim":
			name.verbatim = true
		case key == "formerly":
			d.formerlyAt = pos
			c.formerly(d, owner, e.value, pos)
		case key == "stateVersion":
			n, err := strconv.Atoi(e.value)
			if err != nil || n < 1 || n > maxStateVersion {
				c.errorf(pos, "%s: stateVersion=%s: the version of the state's shape is a whole number from 1 to %d; a resource without one has version 0", owner, e.value, maxStateVersion)
				continue
			}
			d.resource.StateVersion = n
		case isTimeout:
			dur, ok := c.timeout(owner, pos, e)
			switch {
			case !ok:
			case op == "":
				all = &dur
			case op == "create":
				timeouts.Create = dur
			case op == "update":
				timeouts.Update = dur
			case op == "delete":
				timeouts.Delete = dur
			}
		}
	}
	if all != nil {
		set := 0
		for _, dur := range []*time.Duration{&timeouts.Create, &timeouts.Update, &timeouts.Delete} {
			if *dur == 0 {
				*dur = *all
			} else {
				set++
			}
		}
		if set == 3 {
			for _, e := range elems {
				if e.text == "timeout" {
					c.errorf(at.at(e.offset), "%s: timeout= sets nothing: createTimeout=, updateTimeout= and deleteTimeout= are all given; remove it", owner)
				}
			}
		}
	}
	c.nameBounds(owner, &name)
	if d.resource != nil {
		d.resource.Timeouts = timeouts
		d.resource.Verbatim = name.verbatim
	}
	return name
}

// markerOptions are the options each marker's tag takes (and, for idl.NamedResource, the contract of
// the name: name.minLength=, name.maxLength= and name.pattern=).
var markerOptions = map[string][]string{
	"Resource": {"formerly", "stateVersion", "timeout", "createTimeout", "updateTimeout", "deleteTimeout"},
	"NamedResource": {"immutable", "verbatim", "name.minLength", "name.maxLength", "name.pattern",
		"formerly", "stateVersion", "timeout", "createTimeout", "updateTimeout", "deleteTimeout"},
	"Function": {"formerly"},
}

// flagOptions are the marker's options that take no value.
var flagOptions = map[string]bool{"immutable": true, "verbatim": true}

// optionList writes options for a message: "immutable, formerly= and stateVersion=".
func optionList(opts []string) string {
	var words []string
	for _, o := range opts {
		if !flagOptions[o] {
			o += "="
		}
		words = append(words, o)
	}
	if len(words) == 1 {
		return "one option, " + words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// timeoutOptions are the marker's options that take a duration, by the operation they time ("" for
// timeout=, every operation).
var timeoutOptions = map[string]string{"timeout": "", "createTimeout": "create", "updateTimeout": "update", "deleteTimeout": "delete"}

// minTimeout is the shortest timeout the IDL takes: anything shorter is surely a slip (ms for s), and
// leaves no time for a call to a cloud.
const minTimeout = time.Second

// timeout reads the duration of a timeout option.
func (c *builder) timeout(owner string, pos token.Pos, e tagElem) (time.Duration, bool) {
	d, err := time.ParseDuration(strings.TrimSpace(e.value))
	switch {
	case err != nil:
		c.errorf(pos, "%s: %s=%s: %q is not a duration; write a number and a unit, such as 90s, 10m or 1h30m", owner, e.text, e.value, e.value)
		return 0, false
	case d <= 0:
		c.errorf(pos, "%s: %s=%s is not a time to wait; write a positive duration, such as 10m", owner, e.text, e.value)
		return 0, false
	case d < minTimeout:
		c.errorf(pos, "%s: %s=%s is shorter than a second, which leaves no time for a call to a cloud; write at least 1s", owner, e.text, e.value)
		return 0, false
	}
	return d, true
}

// nearest returns the option among options that word is a typo of, or "": the first nearest of them, so
// that the hint is the same on every run for options in a fixed order.
func nearest(word string, options ...string) string {
	best, bestDist := "", 1+len(word)/4 // a typo is a letter or two, not a different word
	for _, o := range options {
		if d := editDistance(strings.ToLower(word), strings.ToLower(o)); d < bestDist {
			best, bestDist = o, d
		}
	}
	return best
}

// formerly records the earlier tokens of a resource or function, given as formerly=arg.
func (c *builder) formerly(d *decl, owner, arg string, pos token.Pos) {
	own := ""
	switch {
	case d.resource != nil:
		own = d.resource.Token
	case d.function != nil:
		own = d.function.Token
	}
	var tokens []string
	for _, t := range strings.Split(arg, "|") {
		switch {
		case !formerToken.MatchString(t):
			c.errorf(pos, "%s: formerly=%s: %q is not a type token; write the whole token the %s had, such as %s", owner, arg, t, kindWord(d), exampleToken(own))
			return
		case t == own:
			c.errorf(pos, "%s: formerly=%s: %s is its token now; formerly= lists the tokens it had before", owner, arg, t)
			return
		case slices.Contains(tokens, t):
			c.errorf(pos, "%s: formerly=%s lists %s twice", owner, arg, t)
			return
		}
		tokens = append(tokens, t)
	}
	switch {
	case d.resource != nil:
		d.resource.Formerly = tokens
	case d.function != nil:
		d.function.Formerly = tokens
	}
}

// checkFormerly rejects an earlier token that is the token of another declaration now, or that two
// declarations claim: the engine, and the provider, could not tell which one it means.
func (c *builder) checkFormerly() {
	now := map[string]*decl{}
	claimed := map[string]*decl{}
	for _, d := range c.order {
		if t := declToken(d); t != "" {
			now[t] = d
		}
	}
	for _, d := range c.order {
		for _, t := range formerTokens(d) {
			if other := now[t]; other != nil {
				c.errorf(d.formerlyAt, "%s: formerly= lists %s, which is the token of %s %s now; an earlier token must be free", d.obj.Name(), t, kindWord(other), other.obj.Name())
				continue
			}
			if other := claimed[t]; other != nil {
				c.errorf(d.formerlyAt, "%s: formerly= lists %s, which %s lists too; one declaration answers an earlier token", d.obj.Name(), t, other.obj.Name())
				continue
			}
			claimed[t] = d
		}
	}
}

func declToken(d *decl) string {
	switch {
	case d.kind == kindResource && d.resource != nil:
		return d.resource.Token
	case d.kind == kindFunction && d.function != nil:
		return d.function.Token
	}
	return ""
}

func formerTokens(d *decl) []string {
	switch {
	case d.kind == kindResource && d.resource != nil:
		return d.resource.Formerly
	case d.kind == kindFunction && d.function != nil:
		return d.function.Formerly
	}
	return nil
}

func kindWord(d *decl) string {
	if d.function != nil {
		return "function"
	}
	return "resource"
}

// exampleToken makes up an earlier token like own for a message: the same package, another module.
func exampleToken(own string) string {
	pkg, rest, _ := strings.Cut(own, ":")
	_, name, _ := strings.Cut(rest, ":")
	return fmt.Sprintf("%s:old/module:%s", pkg, name)
}
