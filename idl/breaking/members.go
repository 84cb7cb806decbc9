package breaking

import (
	"fmt"
	"go/token"
	"slices"

	"github.com/cidlc/cidlc/idl/model"
)

// owner is what holds the members being compared: a resource, a function or a struct, as messages speak
// of it.
type owner struct {
	subject string
	// creates says what programs do with the owner: "creates a Subnet", "builds a PortRange", "calls
	// compute.getImage".
	creates string
	// resource is the new version of the owner when it is a resource; nil for a struct or a function.
	resource *model.Resource
	// function is the new version of the owner when it is a function.
	function *model.Function
	// role is how a struct's values reach the provider, in either version; a struct that no resource
	// uses counts as both (programs may still build and read it).
	role role
	// stored: resources' state can hold the owner's values (a resource, or a struct one uses).
	stored bool
}

func (c *comparer) resourceOwner(n *decl) owner {
	return owner{subject: n.subject(), creates: "creates " + article(n.Name) + " " + n.Name, resource: n.resource,
		role: inputRole | outputRole, stored: true}
}

// functionOwner is a function: its inputs are set and its results read, and no state holds either.
func (c *comparer) functionOwner(n *decl) owner {
	return owner{subject: n.subject(), creates: "calls " + n.subject(), function: n.function, role: inputRole | outputRole}
}

func (c *comparer) structOwner(o, n *decl) owner {
	r := c.old.usage[o.Decl] | c.new.usage[n.Decl] | c.old.called[o.Decl] | c.new.called[n.Decl]
	stored := c.old.usage[o.Decl] != 0
	if r == 0 {
		r = inputRole | outputRole
	}
	return owner{subject: n.subject(), creates: "builds " + article(n.Name) + " " + n.Name, role: r, stored: stored}
}

// member is one version of a property or field, with what programs can do with it.
type member struct {
	*model.Property
	settable bool // programs set it: an input
	readable bool // programs read it back: the provider returns it
}

func (w owner) member(p *model.Property) member {
	switch {
	case w.resource != nil:
		return member{Property: p, settable: !p.Out, readable: !p.In}
	case w.function != nil:
		return member{Property: p, settable: !p.Out, readable: p.Out}
	}
	return member{Property: p, settable: w.role&inputRole != 0, readable: w.role&outputRole != 0}
}

// required: programs must set it.
func (m member) required() bool { return m.settable && !m.Optional && m.Default == nil }

// noun is what messages call a member of the owner.
func (w owner) noun() string {
	if w.resource != nil || w.function != nil {
		return "input"
	}
	return "field"
}

// compareMembers compares the members of two versions of a resource or struct: matched by wire name, or,
// for a wire name that changed, by Go name.
func (c *comparer) compareMembers(w owner, oldProps, newProps []*model.Property) {
	byWire := func(props []*model.Property) map[string]*model.Property {
		m := map[string]*model.Property{}
		for _, p := range props {
			m[p.Name] = p
		}
		return m
	}
	oldByWire, newByWire := byWire(oldProps), byWire(newProps)
	var gone, arrived []*model.Property
	for _, o := range oldProps {
		if _, ok := newByWire[o.Name]; !ok {
			gone = append(gone, o)
		}
	}
	for _, n := range newProps {
		if _, ok := oldByWire[n.Name]; !ok {
			arrived = append(arrived, n)
		}
	}
	renamed := map[*model.Property]*model.Property{} // new → old
	for _, n := range arrived {
		for _, o := range gone {
			if o.GoName == n.GoName && !o.Synthetic {
				renamed[n], renamed[o] = o, n
			}
		}
	}
	for _, o := range gone {
		if renamed[o] == nil {
			c.memberRemoved(w, w.member(o))
		}
	}
	for _, n := range newProps {
		o, ok := oldByWire[n.Name]
		switch {
		case ok:
			c.compareMember(w, w.member(o), w.member(n))
		case renamed[n] != nil:
			o := renamed[n]
			msg := fmt.Sprintf("Go field %s is now %s on the wire (was %s): programs must rename it", n.GoName, n.Name, o.Name)
			if w.stored {
				msg += fmt.Sprintf(", and every existing %s shows %s removed and %s added on its next update", ownerName(w), o.Name, n.Name)
				switch {
				case w.resource != nil && n.Replaces:
					msg += ", which replaces it" + c.new.alsoReplaced(w.resource)
				case w.resource != nil && n.Immutable:
					msg += ", which fails, since it is immutable"
				}
			}
			c.report(WireNameChanged, w.subject+"."+n.Name, o.Pos, n.Pos, msg, fmt.Sprintf("keep the wire name: lumi:%q", o.Name))
			c.compareMember(w, w.member(o), w.member(n))
		default:
			c.memberAdded(w, w.member(n))
		}
	}
	c.compareRules(w, oldProps, newProps)
}

// compareChecks reports the checks in CEL of two versions of a declaration that differ: a check is the
// same check when its message is (an author rewrites the expression of a check that keeps its meaning),
// or, without one, when its expression is. A new check refuses values the old version took, so it breaks
// the programs that give them; a changed one may, which cidlc cannot decide (as for a pattern); a check
// removed refuses nothing.
func (c *comparer) compareChecks(subject string, olds, news []*model.Check) {
	key := func(k *model.Check) string {
		if k.Message != "" {
			return "message " + k.Message
		}
		return "expr " + k.Expr
	}
	find := func(ks []*model.Check, want string) *model.Check {
		for _, k := range ks {
			if key(k) == want {
				return k
			}
		}
		return nil
	}
	for _, n := range news {
		switch o := find(olds, key(n)); {
		case o == nil:
			c.report(CheckAdded, subject, token.Position{}, n.Pos,
				fmt.Sprintf("check %s added: a program whose values break it, which the old version took, now fails in the provider's Check", n.Expr), "")
		case o.Expr != n.Expr:
			c.report(CheckChanged, subject, o.Pos, n.Pos,
				fmt.Sprintf("check %q changed from %s to %s: cidlc cannot tell whether it refuses values the old one took", n.Message, o.Expr, n.Expr), "")
		}
	}
	for _, o := range olds {
		if find(news, key(o)) == nil {
			c.report(CheckRemoved, subject, o.Pos, token.Position{}, fmt.Sprintf("check %s removed: the values it refused are accepted", o.Expr), "")
		}
	}
}

// compareRules reports the rules across the members of two versions of an owner that only one has: a
// new rule refuses inputs that the old version took, so it breaks the programs that set them; a rule
// removed refuses nothing.
func (c *comparer) compareRules(w owner, oldProps, newProps []*model.Property) {
	olds, news := model.Relations(oldProps), model.Relations(newProps)
	at := func(r model.Relation) string {
		if r.Subject != "" {
			return w.subject + "." + r.Subject
		}
		return w.subject + "." + r.Names[0]
	}
	for _, n := range news {
		if !slices.ContainsFunc(olds, n.Equal) {
			c.report(RuleAdded, at(n), token.Position{}, n.Pos,
				fmt.Sprintf("rule %s added: a program whose inputs break it, which the old version took, now fails in the constructor and in the provider's Check", n), "")
		}
	}
	for _, o := range olds {
		if !slices.ContainsFunc(news, o.Equal) {
			c.report(RuleRemoved, at(o), o.Pos, token.Position{}, fmt.Sprintf("rule %s removed: the inputs it refused are accepted", o), "")
		}
	}
}

// memberRemoved reports a member of the old version that the new one does not have.
func (c *comparer) memberRemoved(w owner, o member) {
	what := "programs that set it or read it no longer compile"
	switch {
	case !o.settable:
		what = "programs that read it no longer compile"
	case !o.readable:
		what = "programs that set it no longer compile"
	}
	switch {
	case w.resource != nil && o.settable:
		what += ", and the provider's Check rejects it; existing state keeps its value, unused"
	case w.function != nil && o.settable:
		what += ", and the provider fails a call that passes it"
	}
	c.report(PropertyRemoved, w.subject+"."+o.Name, o.Pos, token.Position{}, "removed: "+what,
		"deprecate it (deprecated=) for a release first, and keep accepting it")
}

// memberAdded reports a member of the new version that the old one does not have.
func (c *comparer) memberAdded(w owner, n member) {
	subject := w.subject + "." + n.Name
	switch {
	case n.required():
		hint := "make it optional or give it a default"
		if w.resource == nil {
			hint = "make it optional"
		}
		c.report(RequiredInputAdded, subject, token.Position{}, n.Pos,
			fmt.Sprintf("a new required %s breaks every program that %s", w.noun(), w.creates), hint)
	case n.settable && n.Default != nil && w.resource != nil:
		// Existing resources were created without it: the next update fills in the default.
		c.defaultChanged(w, nil, n)
	case n.settable && n.Immutable:
		c.report(OptionalInputAdded, subject, token.Position{}, n.Pos, fmt.Sprintf("new optional %s, immutable: an existing %s keeps it unset, "+
			"and its update fails if its program sets it", w.noun(), ownerName(w)), "")
	case n.settable:
		c.report(OptionalInputAdded, subject, token.Position{}, n.Pos, "new optional "+w.noun(), "")
	case w.resource != nil:
		c.report(OutputAdded, subject, token.Position{}, n.Pos, "new output", "")
	case w.function != nil:
		c.report(OutputAdded, subject, token.Position{}, n.Pos, "new result", "")
	default:
		c.report(OutputAdded, subject, token.Position{}, n.Pos, "new field of a struct that is only in outputs, where it breaks no program", "")
	}
}

// compareMember compares two versions of a property or field with the same wire name (or Go name).
func (c *comparer) compareMember(w owner, o, n member) {
	subject := w.subject + "." + n.Name
	at := func(r *Rule, msg, hint string) { c.report(r, subject, o.Pos, n.Pos, msg, hint) }
	if o.GoName != n.GoName && o.Name == n.Name && !n.Synthetic {
		at(GoFieldRenamed, fmt.Sprintf("Go field renamed from %s to %s; its wire name %s stays, so only the hand-written ops change", o.GoName, n.GoName, n.Name), "")
	}
	madeRequired := false
	switch {
	case o.settable && !n.settable:
		at(InputBecameOutput, "is now out: programs that set it no longer compile, and the provider's Check rejects it",
			"keep the input, and add a separate out property")
	case !o.settable && n.settable && n.required():
		madeRequired = true
		at(RequiredInputAdded, fmt.Sprintf("was out, is now a required input: this breaks every program that %s", w.creates),
			"make it optional or give it a default")
	case !o.settable && n.settable:
		at(OutputBecameInput, "was out, is now an optional input: reading it gives a value that may be undefined, so strict programs that use it without a check no longer compile", "")
	case !o.required() && n.required():
		madeRequired = true
		was := "was optional"
		if o.Default != nil {
			was = "had the default " + literal(o.Default)
		}
		hint := "keep it optional; a default gives it a value without requiring it"
		throws := "the constructor throws"
		switch {
		case w.function != nil:
			throws = "the function throws"
		case w.resource == nil:
			hint = "keep it optional"
		}
		at(InputMadeRequired, fmt.Sprintf("is now required (it %s): programs that leave it out no longer compile, and %s", was, throws), hint)
	}
	switch {
	case o.readable && !n.readable:
		at(InputMadeWriteOnly, "is now in: the provider no longer returns it, so reading it gives undefined, and state keeps only the input", "")
	case !o.readable && n.readable:
		at(InputNowReturned, "is no longer in: the provider returns it", "")
	case o.settable != n.settable:
		// Reported above.
	case !o.Optional && n.Optional && n.settable && w.function != nil:
		// Programs pass a function's inputs and never read them: one that may be left out breaks nothing.
	case !o.Optional && n.Optional && n.settable:
		at(InputMadeOptional, "is now optional: reading it gives a value that may be undefined, so strict programs that use it without a check no longer compile",
			"give it a default instead: programs may leave it out, and it always has a value")
	case !o.Optional && n.Optional:
		at(OutputMadeOptional, "may now be unset: reading it gives a value that may be undefined, so strict programs that use it without a check no longer compile",
			"keep it always set (the provider can return a zero value)")
	case o.Optional && !n.Optional && !n.settable:
		at(OutputMadeRequired, "is now always set", "")
	}

	d := c.typeDiff(o.Type, n.Type, nil)
	c.reportTypeDiff(d, subject, o.Pos, n.Pos, o.Type, n.Type, w.stored, "add a property of the new type, and deprecate this one")

	if w.resource != nil {
		instead := "instead of updating it in place"
		if o.Immutable {
			instead = "where it failed the preview (it was immutable)"
		}
		switch {
		case !o.Replaces && n.Replaces:
			at(ReplacesAdded, fmt.Sprintf("a change to it now replaces the %s (deleted and created again, with a new ID) %s%s",
				ownerName(w), instead, c.new.alsoReplaced(w.resource)),
				"add replaces only when the cloud cannot change it in place")
		case o.Replaces && !n.Replaces && !n.Immutable:
			at(ReplacesRemoved, "a change to it no longer replaces the resource: the ops' Update receives it", "")
		case o.Replaces && !n.Replaces:
			at(ReplacesRemoved, "a change to it no longer replaces the resource (it is immutable now)", "")
		}
		c.compareImmutable(w, o, n)
	}
	switch {
	case o.Secret && !n.Secret:
		at(SecretRemoved, "no longer secret: its values will be stored and shown in plain text, in state and in the outputs derived from it", "keep it secret")
	case !o.Secret && n.Secret:
		at(SecretAdded, "now secret: new values are encrypted; existing state keeps a plain value until its resource is updated or refreshed", "")
	}
	// A default on an input that programs had to set changes nothing that exists.
	if d < typeWidened && w.resource != nil && !madeRequired && !o.required() && o.settable && n.settable &&
		literalOf(o.Default) != literalOf(n.Default) {
		c.defaultChanged(w, o.Property, n)
	}
	if d < typeWidened {
		c.compareContracts(subject, o.Pos, n.Pos, o.Constraints, n.Constraints)
	}
	switch {
	case o.Deprecated == "" && n.Deprecated != "":
		at(DeprecatedAdded, fmt.Sprintf("deprecated: %q", n.Deprecated), "")
	case o.Deprecated != "" && n.Deprecated == "":
		at(DeprecatedRemoved, "no longer deprecated", "")
	case o.Doc != n.Doc || o.Deprecated != n.Deprecated:
		at(DocChanged, "doc comment changed", "")
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
