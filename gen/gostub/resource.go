package gostub

import (
	"fmt"
	"slices"
	"time"

	"github.com/dave/jennifer/jen"

	"github.com/cidlc/cidlc/idl/model"
)

// resource is the outline of a resource's stubs: first what the author works with (the token, the
// marshaling struct, the ops to implement, the provider that binds them), then the plumbing.
func (g *packageGen) resource(r *model.Resource) []jen.Code {
	return []jen.Code{
		g.generateToken(r),
		g.generateResourceStruct(r),
		g.generateOps(r),
		g.generateChecker(r),
		g.generateDiffer(r),
		g.generateProvider(r),
		g.generateConstructor(r),
		g.generateContracts(r.Name, "Check", r.Properties),
		g.generateRules(r.Name, "Check", r.Properties),
		g.generateChecks(r.Name, "Check", r.Properties, r.Checks, nil),
		g.generateResourceUnmarshal(r),
		g.generateResourceMarshal(r),
	}
}

// generateToken declares the resource's type token:
//
//	const VPC tokens.Type = "acme:network/vpc:VPC"
func (g *packageGen) generateToken(r *model.Resource) jen.Code {
	return g.prose("%s is the type token of %s resources.", r.Name, r.Name).
		id("const ", r.Name, " ").qual(tokensPath, "Type").id(" = ").lit(r.Token).done()
}

// generateResourceStruct declares the marshaling struct, which ops read and fill in.
func (g *packageGen) generateResourceStruct(r *model.Resource) jen.Code {
	return g.code().proseAnd(r.Doc, "%s is the marshaling struct of %s resources: every property, outputs "+
		"included, as %s see them. Optional and out properties are pointers, nil when absent; capabilities are "+
		"references.", g.marshalName(r), r.Name, g.opsName(r)).
		id("type ", g.marshalName(r)).done().Struct(g.fields(r.Properties)...)
}

// The parameters that every ops method has.
func (c *code) ctxParam() *code { return c.id("ctx ").qual(contextPath, "Context") }
func (c *code) urnParam() *code { return c.id("urn ").qual(resourcePath, "URN") }
func (c *code) idParam() *code  { return c.id("id ").qual(resourcePath, "ID") }

// generateOps declares TProviderOps, the interface the author implements: without Update for a
// resource whose every input replaces it.
func (g *packageGen) generateOps(r *model.Resource) jen.Code {
	n, t := r.Name, g.marshalName(r)
	deadline := "the program's customTimeouts"
	if r.Timeouts != (model.Timeouts{}) {
		deadline += ", or else the IDL's: " + r.Timeouts.String()
	}
	noUpdate := ""
	switch {
	case r.UpdatesInPlace():
	case slices.ContainsFunc(r.Properties, func(p *model.Property) bool { return !p.Out }):
		noUpdate = fmt.Sprintf(" There is no Update: every input of a %s replaces it, so every change replaces it.", n)
	default:
		noUpdate = fmt.Sprintf(" There is no Update: a %s has no input to change.", n)
	}
	methods := g.prose("Create creates the %s that the inputs in obj describe, sets obj's out properties, and returns "+
		"the new resource's ID. If it fails after making the object, it returns the ID and "+
		"provider.Partial(err), with obj as the object is, so that the engine keeps it.", n).
		id("Create(").ctxParam().id(", ").urnParam().id(", obj *", t, ") (").qual(resourcePath, "ID").id(", error)\n").
		prose("Read sets obj to the current state of the %s id. obj holds the last known state, or, on import, "+
			"only the ID. If the resource no longer exists, Read returns provider.ErrNotFound.", n).
		id("Read(").ctxParam().id(", ").idParam().id(", obj *", t, ") error\n")
	if r.UpdatesInPlace() {
		methods.prose("Update changes the %s id from olds to news, and sets the out properties of news that change; "+
			"they start with their old values. If it fails after changing part of the object, it returns "+
			"provider.Partial(err), with news as the object is.", n).
			id("Update(").ctxParam().id(", ").idParam().id(", olds, news *", t, ") error\n")
	}
	return g.prose("%s is what a provider author implements for %s resources; %s turns it into a provider. "+
		"It may also implement %s and %s. Each method's ctx ends when the engine cancels the operation, or "+
		"when its timeout passes: %s. provider.Log(ctx) tells the user about the resource.%s",
		g.opsName(r), n, g.newProviderName(r), g.checkerName(r), g.differName(r), deadline, noUpdate).
		id("type ", g.opsName(r)).done().Interface(
		methods.prose("Delete deletes the %s id. A resource that is already gone may return provider.ErrNotFound: "+
			"the user is warned, and the stack forgets it.", n).
			id("Delete(").ctxParam().id(", ").idParam().id(", obj *", t, ") error").add(g.migrationMethods(r)).done(),
	)
}

// The docs of the hooks' methods, the same for every resource.
var (
	checkDoc = prose("Check returns the problems of the inputs in obj, which passed the IDL's rules and are all known.")
	diffDoc  = prose("Diff may add to diff.Replaces, or change diff.DeleteBeforeReplace (true for a named resource whose " +
		"replacement keeps its name), seeing the old and new properties. It is called only when some input changed.")
)

// generateChecker declares the optional validation hook.
func (g *packageGen) generateChecker(r *model.Resource) jen.Code {
	return g.prose("%s is implemented by %s that validate %s inputs beyond what the IDL says.", g.checkerName(r), g.opsName(r), r.Name).
		id("type ", g.checkerName(r)).done().Interface(
		g.doc(checkDoc).id("Check(").ctxParam().id(", ").urnParam().id(", obj *", g.marshalName(r), ") ([]").
			rt("CheckFailure").id(", error)").done(),
	)
}

// generateDiffer declares the optional diff hook.
func (g *packageGen) generateDiffer(r *model.Resource) jen.Code {
	return g.prose("%s is implemented by %s that decide replacements of %s resources beyond the replaces "+
		"properties.", g.differName(r), g.opsName(r), r.Name).id("type ", g.differName(r)).done().Interface(
		g.doc(diffDoc).id("Diff(").ctxParam().id(", ").idParam().id(", olds, news *", g.marshalName(r), ", diff *").
			rt("Diff").id(") error").done(),
	)
}

// generateProvider declares TProvider.
func (g *packageGen) generateProvider(r *model.Resource) jen.Code {
	return g.prose("%s serves %s resources: it is the provider.ResourceProvider that validates, diffs and "+
		"marshals them, and calls %s for the rest.", g.providerName(r), r.Name, g.opsName(r)).
		id("type ", g.providerName(r)).done().Struct(
		g.code("*").rt("Resource").id("[", g.marshalName(r), "]").done(),
	)
}

// generateConstructor declares NewTProvider, which binds the author's ops, and the hooks they
// implement, to the resource's spec.
func (g *packageGen) generateConstructor(r *model.Resource) jen.Code {
	return g.prose("%s returns the provider of %s resources that ops implement.", g.newProviderName(r), r.Name).
		id("func ", g.newProviderName(r), "(ops ", g.opsName(r), ") *", g.providerName(r)).done().Block(
		g.code("var hooks ").rt("Hooks").id("[", g.marshalName(r), "]\n",
			"if c, ok := ops.(", g.checkerName(r), "); ok {\nhooks.Check = c.Check\n}\n",
			"if d, ok := ops.(", g.differName(r), "); ok {\nhooks.Diff = d.Diff\n}\n",
			"return &", g.providerName(r), "{").rt("NewResource").id("(").add(g.spec(r)).id(", ops, hooks)}").done(),
	)
}

// spec is the resource's provider.Spec literal.
func (g *packageGen) spec(r *model.Resource) jen.Code {
	t := g.marshalName(r)
	var id *model.Property
	for _, p := range r.Properties {
		if isID(p) {
			id = p
		}
	}
	// The fields before and after the properties, each one item of the literal.
	head := g.code("Type: ", r.Name, ",\n")
	if r.Named {
		head.id("Named: true,\n")
		g.namingSpec(head, r)
	}
	head.id("Properties: []").rt("Property")
	tail := g.code("Unmarshal: (*", t, ").unmarshal,\nMarshal: (*", t, ").marshal")
	if id != nil {
		//	func(obj *instance, id resource.ID) { obj.ID = id }
		tail.id(",\nSetID: func(obj *", t, ", ").idParam().id(") {\nobj.", id.GoName, " = id\n}")
	}
	if r.Timeouts != (model.Timeouts{}) {
		//	Timeouts: provider.Timeouts{Create: provider.Minutes(20), Delete: provider.Minutes(5)}
		tail.id(",\nTimeouts: ").rt("Timeouts").id("{")
		sep := ""
		for _, op := range []struct {
			name string
			d    time.Duration
		}{{"Create", r.Timeouts.Create}, {"Update", r.Timeouts.Update}, {"Delete", r.Timeouts.Delete}} {
			if op.d > 0 {
				g.duration(tail.id(sep, op.name, ": "), op.d)
				sep = ", "
			}
		}
		tail.id("}")
	}
	g.evolutionSpec(tail, r)
	return g.code().rt("Spec").id("[", t, "]").done().Custom(multiline,
		head.done().Custom(multiline, g.propertySpecs(wireProperties(r))...),
		tail.done(),
	)
}

// namingSpec appends the Naming item of a named resource's spec, when its name is verbatim or has a
// maximum length:
//
//	Naming: provider.Naming{Verbatim: true, MaxLength: 63},
func (g *packageGen) namingSpec(c *code, r *model.Resource) {
	maxLength := 0
	for _, p := range r.Properties {
		if cs := p.Constraints; p.Synthetic && cs != nil && cs.MaxLength != nil {
			maxLength = *cs.MaxLength
		}
	}
	if !r.Verbatim && maxLength == 0 {
		return
	}
	c.id("Naming: ").rt("Naming").id("{")
	if r.Verbatim {
		c.id("Verbatim: true")
	}
	if maxLength > 0 {
		if r.Verbatim {
			c.id(", ")
		}
		c.id("MaxLength: ").int(maxLength)
	}
	c.id("},\n")
}

// propertySpecs are the provider.Property literals of props, in a resource's or function's spec
// (propertySpec).
func (g *packageGen) propertySpecs(props []*model.Property) []jen.Code {
	return g.code().lines(len(props), ",", func(c *code, i int) { g.propertySpec(c, props[i]) }).items()
}

// propertySpec appends the provider.Property literal of p, in a resource's or function's spec:
//
//	{Key: "vpc", Replaces: true}
//	{Key: "size", Default: resource.NewNumberProperty(20)}
func (g *packageGen) propertySpec(c *code, p *model.Property) {
	c.id("{Key: ").lit(p.Name)
	for _, flag := range []struct {
		name string
		set  bool
	}{{"Out", p.Out}, {"In", p.In}, {"Replaces", p.Replaces}, {"Immutable", p.Immutable}, {"Secret", p.Secret}} {
		if flag.set {
			c.id(", ", flag.name, ": true")
		}
	}
	if p.Default != nil {
		g.defaultValue(c.id(", Default: "), p.Default)
	}
	c.id("}")
}

// duration appends d in the largest unit that writes it whole: provider.Minutes(90), provider.Seconds(1.5).
// (Not 90 * time.Minute: package layout lays out no binary expression, and the stubs need none.)
func (g *packageGen) duration(c *code, d time.Duration) {
	switch {
	case d%time.Hour == 0:
		c.rt("Hours").id("(").int(int(d / time.Hour)).id(")")
	case d%time.Minute == 0:
		c.rt("Minutes").id("(").int(int(d / time.Minute)).id(")")
	default:
		c.rt("Seconds").id("(").num(d.Seconds()).id(")")
	}
}

// multiline lays out a composite literal one element per line.
var multiline = jen.Options{Open: "{", Close: "}", Separator: ",", Multi: true}

// generateResourceUnmarshal declares the method that reads every property.
func (g *packageGen) generateResourceUnmarshal(r *model.Resource) jen.Code {
	return g.doc("unmarshal reads obj's properties from o.").
		id("func (obj *", g.marshalName(r), ") unmarshal(o ").rt("Object").id(")").done().
		Block(g.unmarshalFields(g.code(), "obj", r.Name, wireProperties(r)).items()...)
}

// generateResourceMarshal declares the method that writes every property that is set.
func (g *packageGen) generateResourceMarshal(r *model.Resource) jen.Code {
	body := g.marshalBody(g.code(), "obj", wireProperties(r), isPointer, "return m").done()
	return g.doc("marshal returns obj's properties that are set.").
		id("func (obj *", g.marshalName(r), ") marshal() ").qual(resourcePath, "PropertyMap").done().Block(body)
}
