package breaking

import (
	"fmt"
	"go/token"

	"github.com/cidlc/cidlc/idl/model"
)

// compareDefaults reports a default added, changed or removed on an input, by what relied on it. A
// default given to an input that programs had to set changes nothing that exists: it only lets
// programs leave the input out.
func (c *comparer) compareDefaults(w owner, o, n member, madeRequired bool) {
	if literalOf(o.Default) == literalOf(n.Default) || !o.settable || !n.settable || madeRequired {
		return
	}
	subject := w.subject + "." + n.Name
	if o.required() {
		if n.Default != nil {
			c.report(RequiredInputDefaulted, subject, o.Pos, n.Pos,
				fmt.Sprintf("now defaults to %s: programs may leave it out; those so far set it, so nothing that exists changes", literal(n.Default)), "")
		}
		return
	}
	switch {
	case w.resource != nil:
		c.defaultChanged(w, o.Property, n)
	case w.function != nil:
		change, what := defaultChange(o.Default, n.Default)
		c.report(FunctionDefaultChanged, subject, o.Pos, n.Pos,
			fmt.Sprintf("%s: calls that leave it out %s, and may get another answer", change, what),
			"keep the old default; programs that want another value can pass it")
	case w.config != nil:
		c.configDefaultChanged(w, o, n)
	}
}

// defaultChange says how a default changed, and what a caller that leaves the input out now sends.
func defaultChange(o, n any) (change, sends string) {
	switch {
	case o == nil:
		return "now defaults to " + literal(n), "now send " + literal(n)
	case n == nil:
		return "lost its default " + literal(o), "no longer send " + literal(o)
	}
	return fmt.Sprintf("default changed from %s to %s", literal(o), literal(n)), "now send " + literal(n)
}

// defaultChanged reports a default added (o nil, or o without one), changed or removed on an input of a
// resource. The TypeScript constructor and the provider's Check fill in defaults, and Diff compares what
// state recorded with the checked new inputs: every existing resource that relied on the old default
// (or had no value) shows a change on its next update, and is replaced if the property replaces.
func (c *comparer) defaultChanged(w owner, o *model.Property, n member) {
	var oldDefault any
	var oldPos token.Position
	if o != nil {
		oldDefault, oldPos = o.Default, o.Pos
	}
	var change, what string
	switch {
	case oldDefault == nil:
		change = fmt.Sprintf("now defaults to %s", literal(n.Default))
		what = fmt.Sprintf("%s: every existing %s created without it takes that value", change, ownerName(w))
	case n.Default == nil:
		change = fmt.Sprintf("lost its default %s", literal(oldDefault))
		what = fmt.Sprintf("%s: every existing %s that relied on it loses the value", change, ownerName(w))
	default:
		change = fmt.Sprintf("default changed from %s to %s", literal(oldDefault), literal(n.Default))
		what = fmt.Sprintf("%s: every existing %s that relied on it takes the new value", change, ownerName(w))
	}
	subject := w.subject + "." + n.Name
	if n.Replaces || o != nil && o.Replaces {
		c.report(ReplacingDefaultChanged, subject, oldPos, n.Pos,
			what+" and, since "+n.Name+" replaces the resource, is replaced on its next update"+c.new.alsoReplaced(w.resource),
			"keep the old default; programs that want another value can set it")
		return
	}
	if n.Immutable || o != nil && o.Immutable {
		// What the new default gives those resources is a change of an immutable property: their
		// update fails instead of taking it.
		relied, effect, hint := "that relied on it", "would change to "+literal(n.Default)+", until its program sets "+literal(oldDefault),
			"keep the old default; programs that want another value can set it"
		switch {
		case oldDefault == nil:
			relied, effect = "created without it", "would change from unset to "+literal(n.Default)+
				"; its program can only replace the resource, or ignore the change (ignoreChanges)"
			hint = "leave it without a default"
		case n.Default == nil:
			effect = "would lose its value, until its program sets " + literal(oldDefault)
		}
		c.report(ReplacingDefaultChanged, subject, oldPos, n.Pos,
			fmt.Sprintf("%s: since %s is immutable, the next update of every existing %s %s fails, as %s %s", change, n.Name, ownerName(w), relied, n.Name, effect),
			hint)
		return
	}
	r, hint := DefaultChanged, "keep the old default; programs that want another value can set it"
	switch {
	case oldDefault == nil:
		r, hint = DefaultAdded, "choose the value the cloud uses when it is left out, so that the update changes nothing"
	case n.Default == nil:
		r, hint = DefaultRemoved, "keep the default"
	}
	c.report(r, subject, oldPos, n.Pos, what+", which its next update shows as a change", hint)
}

// literalOf writes a default for comparison: "" for none.
func literalOf(v any) string {
	if v == nil {
		return ""
	}
	return literal(v)
}

// ownerName is the Go name of the owner, for "every existing Subnet".
func ownerName(w owner) string {
	if w.resource != nil {
		return w.resource.Name
	}
	return w.subject
}
