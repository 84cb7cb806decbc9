package load

import (
	"go/token"
	"strings"

	"github.com/cidlc/cidlc/idl/model"
)

// What idl.NamedResource's tag says about the name. A named resource's name is its physical name in the
// cloud: when the program gives none, the provider makes one up. By default it autonames, as Pulumi's
// providers do: the resource's own (logical) name, a hyphen and random hexadecimal digits, so that a
// replacement can be created before the resource it replaces is deleted, and two stacks of one program
// do not claim the same name. verbatim keeps the logical name itself, for a resource whose name is its
// identity (a database, which applications connect to by name; an extension, which the server knows by
// name). name.minLength=, name.maxLength= and name.pattern= are the name's contract, as the same options
// are a string property's; an autoname is cut to fit name.maxLength=.
//
// Why on the marker: the name property has no field of its own to carry a tag, and how the name is made
// is a choice about the resource, where immutable already is. Why verbatim, not autoname: autonaming is
// what Pulumi's users expect of a named resource, so the exception is the one spelled, in the word
// Pulumi's own autonaming configuration uses for it (pulumi:autonaming's mode: verbatim).

// naming is what a NamedResource's marker says about the name.
type naming struct {
	immutable bool // a change of the name fails instead of replacing the resource
	verbatim  bool // the logical name itself, not an autoname
	// contract is the name's contract; contractAt where its first option is, for the problems of all.
	contract   model.Constraints
	contractAt token.Pos
}

// nameContracts are the contract options that the name takes, after name.: a string's.
var nameContracts = []string{"minLength", "maxLength", "pattern"}

// nameContract reads one name.OPTION=VALUE of a NamedResource's marker into name's contract.
func (c *builder) nameContract(owner string, e tagElem, pos token.Pos, name *naming) {
	option := strings.TrimPrefix(e.text, "name.")
	switch kind, known := contractKinds[option]; {
	case !known:
		msg := owner + ": " + e.text + " is not a contract option; the name takes name.minLength=, name.maxLength= and name.pattern="
		if near := nearest(option, nameContracts...); near != "" {
			msg += "; did you mean name." + near + "=?"
		}
		c.errorf(pos, "%s", msg)
		return
	case kind != model.String:
		c.errorf(pos, "%s: %s= applies to %s, and the name is a string", owner, e.text, kindNames[kind])
		return
	case !e.hasValue:
		example := map[string]string{"minLength": "3", "maxLength": "63", "pattern": "^[a-z][a-z0-9-]*$"}[option]
		c.errorf(pos, "%s: %s needs a value: %s=%s", owner, e.text, e.text, example)
		return
	}
	if msg := setConstraint(&name.contract, option, e.value); msg != "" {
		c.errorf(pos, "%s: %s=%s: %s", owner, e.text, echo(e.value), msg)
		return
	}
	if name.contractAt == token.NoPos {
		name.contractAt = pos
	}
}

// nameBounds reports the bounds of the name's contract that contradict each other, and drops them.
func (c *builder) nameBounds(owner string, name *naming) {
	msgs := boundProblems(&name.contract, "the name: ")
	for _, msg := range msgs {
		c.errorf(name.contractAt, "%s: %s", owner, msg)
	}
	if len(msgs) > 0 {
		name.contract = model.Constraints{}
	}
}

// nameProperty is the property idl.NamedResource adds to a resource: one whose change replaces the
// resource, or, embedded with lumi:"immutable", fails instead; its doc says how the name is made when
// the program gives none.
func (c *builder) nameProperty(pos token.Position, name naming) *model.Property {
	p := &model.Property{
		GoName:    "Name",
		Name:      "name",
		Pos:       pos,
		Type:      c.types.of(model.String),
		Optional:  true,
		Replaces:  !name.immutable,
		Immutable: name.immutable,
		Synthetic: true,
	}
	switch {
	case name.verbatim && name.immutable:
		p.Doc = "The name of the resource. It defaults to the resource's own name."
	case name.verbatim:
		p.Doc = "The name of the resource. It defaults to the resource's own name; changing it replaces the resource."
	default:
		// On lines of the width of the docs cidlc writes: the outputs take a doc as it is.
		p.Doc = "The name of the resource. Without one, the provider makes one up and keeps it: the resource's own\n" +
			"name and a random suffix, or as the stack's pulumi:autonaming configuration says."
		if !name.immutable {
			p.Doc += " Changing it\nreplaces the resource."
		}
	}
	if name.contract != (model.Constraints{}) {
		cs := name.contract
		p.Constraints = &cs
	}
	return p
}
