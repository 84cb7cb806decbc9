package load

import (
	"fmt"
	"go/ast"
	"strconv"
	"strings"
	"time"

	"github.com/cidlc/cidlc/idl/model"
)

// What the tag of an embedded resource marker says about the resource as a whole:
//
//	idl.NamedResource `lumi:"immutable,createTimeout=20m,deleteTimeout=1h"`
//
// immutable (idl.NamedResource only) makes a change of the name fail instead of replacing the resource;
// the timeouts are the resource's default timeouts, as Terraform's Timeouts block gives them, named
// after the keys of Pulumi's customTimeouts resource option (create, update, delete), which overrides
// them; timeout= gives the operations not given their own.

// timeoutOptions are the marker's options that take a duration, by the operation they time ("" for
// timeout=, every operation).
var timeoutOptions = map[string]string{"timeout": "", "createTimeout": "create", "updateTimeout": "update", "deleteTimeout": "delete"}

// minTimeout is the shortest timeout the IDL takes: anything shorter is surely a slip (ms for s), and
// leaves no time for a call to a cloud.
const minTimeout = time.Second

// resourceMarkerTag reads the tag of the resource marker (Resource or NamedResource) that owner embeds,
// and returns whether the name is immutable and the resource's default timeouts.
func (c *builder) resourceMarkerTag(owner, marker string, lit *ast.BasicLit) (immutable bool, timeouts model.Timeouts) {
	tag, err := strconv.Unquote(lit.Value)
	if err != nil {
		return false, timeouts
	}
	inTag := tagPos{tag: lit.Pos(), exact: strings.HasPrefix(lit.Value, "`") && !strings.Contains(lit.Value, "\n")}
	value, offset, found, problems := lookupLumiTag(tag)
	for _, pr := range problems {
		c.errorf(inTag.at(pr.offset), "%s: %s", owner, pr.msg)
	}
	if !found {
		return false, timeouts
	}
	at := inTag
	at.from = offset
	elems, problems := splitTag(nil, value)
	for _, pr := range problems {
		c.errorf(at.at(pr.offset), "%s: %s", owner, pr.msg)
	}
	takes := "default timeouts (timeout=, createTimeout=, updateTimeout=, deleteTimeout=)"
	if marker == "NamedResource" {
		takes = "immutable (for the name) and " + takes
	}
	seen := map[string]bool{}
	var all *time.Duration // timeout=
	for _, e := range elems {
		key := e.text
		shown := key
		if e.hasValue {
			shown += "="
		}
		if seen[shown] {
			c.errorf(at.at(e.offset), "%s: duplicate lumi option %q", owner, shown)
			continue
		}
		seen[shown] = true
		op, isTimeout := timeoutOptions[key]
		switch {
		case key == "" && !e.hasValue:
			c.errorf(at.at(e.offset), "%s: empty option in lumi tag (a stray comma?)", owner)
		case key == "immutable" && !e.hasValue && marker == "NamedResource":
			immutable = true
		case key == "immutable" && !e.hasValue:
			c.errorf(at.at(e.offset), "%s: immutable is for the name of idl.NamedResource, and idl.Resource has no name; "+
				"the embedded idl.Resource takes %s", owner, takes)
		case isTimeout && !e.hasValue:
			c.errorf(at.at(e.offset), "%s: %s needs a duration, as in %s=10m", owner, key, key)
		case isTimeout:
			d, ok := c.timeout(owner, at, e)
			switch {
			case !ok:
			case op == "":
				all = &d
			case op == "create":
				timeouts.Create = d
			case op == "update":
				timeouts.Update = d
			case op == "delete":
				timeouts.Delete = d
			}
		default:
			msg := fmt.Sprintf("%s: the embedded idl.%s takes %s, not %q", owner, marker, takes, shown)
			if near := nearest(key, "immutable", "timeout", "createTimeout", "updateTimeout", "deleteTimeout"); near != "" {
				if _, takesValue := timeoutOptions[near]; takesValue {
					near += "="
				}
				msg += fmt.Sprintf("; did you mean %q?", near)
			}
			c.errorf(at.at(e.offset), "%s", msg)
		}
	}
	if all != nil {
		set := 0
		for _, d := range []*time.Duration{&timeouts.Create, &timeouts.Update, &timeouts.Delete} {
			if *d == 0 {
				*d = *all
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
	return immutable, timeouts
}

// timeout reads the duration of a timeout option.
func (c *builder) timeout(owner string, at tagPos, e tagElem) (time.Duration, bool) {
	d, err := time.ParseDuration(strings.TrimSpace(e.value))
	switch {
	case err != nil:
		c.errorf(at.at(e.offset), "%s: %s=%s: %q is not a duration; write a number and a unit, such as 90s, 10m or 1h30m", owner, e.text, e.value, e.value)
		return 0, false
	case d <= 0:
		c.errorf(at.at(e.offset), "%s: %s=%s is not a time to wait; write a positive duration, such as 10m", owner, e.text, e.value)
		return 0, false
	case d < minTimeout:
		c.errorf(at.at(e.offset), "%s: %s=%s is shorter than a second, which leaves no time for a call to a cloud; write at least 1s", owner, e.text, e.value)
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
