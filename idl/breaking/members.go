package breaking

import (
	"fmt"
	"go/token"
	"slices"

	"github.com/cidlc/cidlc/idl/model"
)

// owner is what holds the members being compared: a resource, a function, a struct or the provider's
// configuration, as messages speak of it.
type owner struct {
	subject string
	// creates says what programs do with the owner: "creates a Subnet", "builds a PortRange", "calls
	// compute.getImage".
	creates string
	// resource is the new version of the owner when it is a resource; nil for a struct or a function.
	resource *model.Resource
	// function is the new version of the owner when it is a function.
	function *model.Function
	// config is the new version of the owner when it is the configuration; pkg is the package name that
	// stacks write before its keys (acme:region).
	config *model.Config
	pkg    string
	// role is how a struct's values reach the provider, in either version; a struct that no resource
	// uses counts as both (programs may still build and read it).
	role role
	// holds says what keeps the owner's values beyond a program's run.
	holds holder
}

// holder is what keeps a member's values: what a change of their shape breaks besides programs.
type holder int

const (
	holdsNothing holder = iota // a struct that nothing uses
	holdsState                 // resources' state: a resource, or a struct one uses
	holdsConfig                // stacks' configuration: the configuration, or a struct only it uses
	holdsCalls                 // nothing: a function, or a struct only functions use
)

// stored: resources' state can hold the owner's values.
func (w owner) stored() bool { return w.holds == holdsState }

func (c *comparer) resourceOwner(n *decl) owner {
	return owner{subject: n.subject(), creates: "creates " + article(n.Name) + " " + n.Name, resource: n.resource,
		role: inputRole | outputRole, holds: holdsState}
}

// functionOwner is a function: its inputs are set and its results read, and no state holds either.
func (c *comparer) functionOwner(n *decl) owner {
	return owner{subject: n.subject(), creates: "calls " + n.subject(), function: n.function, role: inputRole | outputRole, holds: holdsCalls}
}

// configOwner is the configuration: programs read its keys (acme.config.region) and give them to
// explicit providers, and stacks keep the values they set.
func (c *comparer) configOwner() owner {
	return owner{subject: "config", creates: "creates a Provider", config: c.new.tree.Config, pkg: c.new.tree.Name,
		role: inputRole | outputRole, holds: holdsConfig}
}

func (c *comparer) structOwner(o, n *decl) owner {
	r := c.old.usage[o.Decl] | c.new.usage[n.Decl] | c.old.called[o.Decl] | c.new.called[n.Decl]
	if r == 0 {
		r = inputRole | outputRole
	}
	holds := holdsNothing
	switch {
	case len(c.old.storers[o.Decl]) > 0:
		holds = holdsState
	case c.old.configured[o.Decl]:
		holds = holdsConfig
	case c.old.called[o.Decl] != 0:
		holds = holdsCalls
	}
	return owner{subject: n.subject(), creates: "builds " + article(n.Name) + " " + n.Name, role: r, holds: holds}
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
	case w.config != nil:
		return member{Property: p, settable: true, readable: true}
	}
	return member{Property: p, settable: w.role&inputRole != 0, readable: w.role&outputRole != 0}
}

// required: programs must set it.
func (m member) required() bool { return m.settable && !m.Optional && m.Default == nil }

// noun is what messages call a member of the owner.
func (w owner) noun() string {
	switch {
	case w.config != nil:
		return "key"
	case w.resource != nil || w.function != nil:
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
			c.memberRenamed(w, o, n)
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

// memberRenamed reports a member that kept its Go name and changed its wire name: once for programs,
// which use the wire name, and once for what holds the old name (state, stacks' configuration).
func (c *comparer) memberRenamed(w owner, o, n *model.Property) {
	subject, keep := w.subject+"."+n.Name, fmt.Sprintf("keep the wire name: lumi:%q", o.Name)
	uses := "set it or read it"
	switch m := w.member(o); {
	case !m.settable:
		uses = "read it"
	case !m.readable:
		uses = "set it"
	}
	if w.config != nil {
		uses = fmt.Sprintf("read %s.%s or give %s to a Provider", w.subject, o.Name, o.Name)
	}
	c.report(PropertyRenamed, subject, o.Pos, n.Pos,
		fmt.Sprintf("Go field %s is now %s on the wire (was %s): programs that %s must use the new name", n.GoName, n.Name, o.Name, uses), keep)
	switch {
	case w.config != nil:
		c.report(ConfigKeyRenamed, subject, o.Pos, n.Pos,
			fmt.Sprintf("the key %s:%s is now %s:%s: stacks that set the old key fail to configure the provider, which refuses it as unknown, until they set the new one (pulumi config set %s:%s)",
				w.pkg, o.Name, w.pkg, n.Name, w.pkg, n.Name), keep)
	case w.stored():
		msg := fmt.Sprintf("state holds %s under its old name %s, so every existing %s shows %s removed and %s added on its next update", n.GoName, o.Name, ownerName(w), o.Name, n.Name)
		switch {
		case w.resource != nil && n.Replaces:
			msg += ", which replaces it" + c.new.alsoReplaced(w.resource)
		case w.resource != nil && n.Immutable:
			msg += ", which fails, since it is immutable"
		}
		c.reportStacks(WireNameChanged, subject, o.Pos, n.Pos, fmt.Sprintf("the wire name changed from %s to %s", o.Name, n.Name), msg, keep)
	}
}

// memberRemoved reports a member of the old version that the new one does not have.
func (c *comparer) memberRemoved(w owner, o member) {
	if w.config != nil {
		c.report(PropertyRemoved, w.subject+"."+o.Name, o.Pos, token.Position{},
			fmt.Sprintf("removed: programs that read %s.%s or give %s to a Provider no longer compile", w.subject, o.Name, o.Name),
			"deprecate it (deprecated=) for a release first, and keep accepting it")
		c.report(ConfigKeyRemoved, w.subject+"."+o.Name, o.Pos, token.Position{},
			fmt.Sprintf("removed: stacks that set %s:%s fail to configure the provider, which refuses the key as unknown, even to destroy their resources", w.pkg, o.Name),
			"keep the key, deprecated, and ignore it")
		return
	}
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
	if w.config != nil {
		c.configKeyAdded(w, n)
		return
	}
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
	madeRequired := c.compareRequired(w, o, n, at)
	switch {
	case o.readable && !n.readable:
		at(InputMadeWriteOnly, "is now in: the provider no longer returns it, so reading it gives undefined, and state keeps only the input", "")
	case !o.readable && n.readable:
		at(InputNowReturned, "is no longer in: the provider returns it", "")
	case o.settable != n.settable:
		// Reported by compareRequired.
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
	c.reportTypeDiff(d, subject, o.Pos, n.Pos, o.Type, n.Type, w.stored(), "add a property of the new type, and deprecate this one")
	if w.resource != nil {
		c.compareReplaces(w, o, n)
		c.compareImmutable(w, o, n)
	}
	if w.config != nil {
		c.compareConfigKey(w, o, n, d)
	}
	c.compareSecret(w, o, n)
	if d < typeWidened {
		c.compareDefaults(w, o, n, madeRequired)
		c.compareContracts(w, o, n)
	}
	switch {
	case o.Deprecated == "" && n.Deprecated != "":
		at(DeprecatedAdded, fmt.Sprintf("deprecated: %q", n.Deprecated), "")
	case o.Deprecated != "" && n.Deprecated == "":
		at(DeprecatedRemoved, "no longer deprecated", "")
	case (o.Doc != n.Doc && !n.Synthetic) || o.Deprecated != n.Deprecated:
		// The doc of a named resource's name is cidlc's, which says how the name is made: a change of that
		// is its own finding (name-autonamed, name-verbatim).
		at(DocChanged, "doc comment changed", "")
	}
}

// compareRequired reports an input that became an output, an output that became an input, and an input
// made required, and says whether the member became required.
func (c *comparer) compareRequired(w owner, o, n member, at func(r *Rule, msg, hint string)) bool {
	switch {
	case o.settable && !n.settable:
		at(InputBecameOutput, "is now out: programs that set it no longer compile, and the provider's Check rejects it",
			"keep the input, and add a separate out property")
	case !o.settable && n.settable && n.required():
		at(RequiredInputAdded, fmt.Sprintf("was out, is now a required input: this breaks every program that %s", w.creates),
			"make it optional or give it a default")
		return true
	case !o.settable && n.settable:
		at(OutputBecameInput, "was out, is now an optional input: reading it gives a value that may be undefined, so strict programs that use it without a check no longer compile", "")
	case !o.required() && n.required():
		was := "was optional"
		if o.Default != nil {
			was = "had the default " + literal(o.Default)
		}
		if w.config != nil {
			// An explicit Provider's arguments are all optional: programs still compile.
			at(ConfigMadeRequired, fmt.Sprintf("is now required (it %s): stacks that do not set %s:%s%s can no longer configure the provider, not even to destroy their resources",
				was, w.pkg, n.Name, orEnv(n.Env)), "keep it optional, or give it a default")
			return true
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
		return true
	}
	return false
}

// compareSecret reports secret added or removed, by what keeps the values.
func (c *comparer) compareSecret(w owner, o, n member) {
	subject := w.subject + "." + n.Name
	switch {
	case o.Secret && !n.Secret && w.holds == holdsCalls:
		c.report(FunctionSecretRemoved, subject, o.Pos, n.Pos,
			"no longer secret: programs that do not make it secret themselves show it, and what they derive from it, in plain text (in their outputs, and in the state of the resources they give it to)", "keep it secret")
	case o.Secret && !n.Secret && w.holds == holdsConfig:
		c.report(ConfigSecretRemoved, subject, o.Pos, n.Pos,
			"no longer secret: stacks keep new values in plain text in their configuration and in their providers' state, and programs read it as a plain value", "keep it secret")
	case o.Secret && !n.Secret:
		c.report(SecretRemoved, subject, o.Pos, n.Pos, "no longer secret: its values will be stored and shown in plain text, in state and in the outputs derived from it", "keep it secret")
	case !o.Secret && n.Secret && w.holds == holdsCalls:
		c.report(SecretAdded, subject, o.Pos, n.Pos, "now secret: programs get the values derived from it as secrets", "")
	case !o.Secret && n.Secret:
		c.report(SecretAdded, subject, o.Pos, n.Pos, "now secret: new values are encrypted; existing state keeps a plain value until its resource is updated or refreshed", "")
	}
}
