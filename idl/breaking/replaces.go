package breaking

import "fmt"

// compareReplaces reports replaces added to or removed from a resource's property.
func (c *comparer) compareReplaces(w owner, o, n member) {
	subject := w.subject + "." + n.Name
	instead := "instead of updating it in place"
	if o.Immutable {
		instead = "where it failed the preview (it was immutable)"
	}
	switch {
	case !o.Replaces && n.Replaces:
		c.report(ReplacesAdded, subject, o.Pos, n.Pos, fmt.Sprintf("a change to it now replaces the %s (deleted and created again, with a new ID) %s%s",
			ownerName(w), instead, c.new.alsoReplaced(w.resource)),
			"add replaces only when the cloud cannot change it in place")
	case o.Replaces && !n.Replaces && !n.Immutable:
		c.report(ReplacesRemoved, subject, o.Pos, n.Pos, "a change to it no longer replaces the resource: the ops' Update receives it", "")
	case o.Replaces && !n.Replaces:
		c.report(ReplacesRemoved, subject, o.Pos, n.Pos, "a change to it no longer replaces the resource (it is immutable now)", "")
	}
}

// compareImmutable reports immutable added to or removed from a resource's property.
func (c *comparer) compareImmutable(w owner, o, n member) {
	subject := w.subject + "." + n.Name
	switch {
	case !o.Immutable && n.Immutable:
		was := "updated the " + ownerName(w) + " in place"
		if o.Replaces {
			was = "replaced the " + ownerName(w)
		}
		c.report(ImmutableAdded, subject, o.Pos, n.Pos, fmt.Sprintf("now immutable: a change to it, which %s, now fails the preview; "+
			"programs that change it must replace the %s deliberately (pulumi up --replace), and so must stacks whose value of it changes from one update to the next (an output of another resource)",
			was, ownerName(w)),
			"make a property immutable only where updating or replacing the resource would lose data")
	case o.Immutable && !n.Immutable:
		now := "the ops' Update receives it"
		if n.Replaces {
			now = "it replaces the resource"
		}
		c.report(ImmutableRemoved, subject, o.Pos, n.Pos, "no longer immutable: a change to it no longer fails the preview; "+now, "")
	}
}
