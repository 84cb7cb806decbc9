package gostub

import (
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
		g.generateResourceUnmarshal(r),
		g.generateResourceMarshal(r),
	}
}

// generateToken declares the resource's type token:
//
//	const VPC tokens.Type = "acme:network/vpc:VPC"
func (g *packageGen) generateToken(r *model.Resource) jen.Code {
	return withDoc(prose("%s is the type token of %s resources.", r.Name, r.Name),
		jen.Const().Id(r.Name).Qual(tokensPath, "Type").Op("=").Lit(r.Token))
}

// generateResourceStruct declares the marshaling struct, which ops read and fill in.
func (g *packageGen) generateResourceStruct(r *model.Resource) jen.Code {
	fields := make([]jen.Code, len(r.Properties))
	for i, p := range r.Properties {
		fields[i] = g.field(p)
	}
	text := prose("%s is the marshaling struct of %s resources: every property, outputs included, as %s see "+
		"them. Optional and out properties are pointers, nil when absent; capabilities are references.",
		g.marshalName(r), r.Name, g.opsName(r))
	return withDoc(paragraphs(text, r.Doc), jen.Type().Id(g.marshalName(r)).Struct(fields...))
}

// ctxParam, urnParam and idParam are parameters that every ops method has.
func ctxParam() jen.Code { return jen.Id("ctx").Qual(contextPath, "Context") }
func urnParam() jen.Code { return jen.Id("urn").Qual(resourcePath, "URN") }
func idParam() jen.Code  { return jen.Id("id").Qual(resourcePath, "ID") }

// objPtr is the type *t.
func (g *packageGen) objPtr(r *model.Resource) *jen.Statement {
	return jen.Op("*").Id(g.marshalName(r))
}

// generateOps declares TProviderOps, the interface the author implements.
func (g *packageGen) generateOps(r *model.Resource) jen.Code {
	n := r.Name
	text := prose("%s is what a provider author implements for %s resources; %s turns it into a provider. "+
		"It may also implement %s and %s.", g.opsName(r), n, g.newProviderName(r), g.checkerName(r), g.differName(r))
	errType := jen.Error()
	return withDoc(text, jen.Type().Id(g.opsName(r)).Interface(
		withDoc(prose("Create creates the %s that the inputs in obj describe, sets obj's out properties, and returns "+
			"the new resource's ID.", n),
			jen.Id("Create").Params(ctxParam(), urnParam(), jen.Id("obj").Add(g.objPtr(r))).Params(jen.Qual(resourcePath, "ID"), errType)),
		withDoc(prose("Read sets obj to the current state of the %s id. obj holds the last known state, or, on import, "+
			"only the ID. If the resource no longer exists, Read returns provider.ErrNotFound.", n),
			jen.Id("Read").Params(ctxParam(), idParam(), jen.Id("obj").Add(g.objPtr(r))).Error()),
		withDoc(prose("Update changes the %s id from olds to news, and sets the out properties of news that change; "+
			"they start with their old values.", n),
			jen.Id("Update").Params(ctxParam(), idParam(), jen.List(jen.Id("olds"), jen.Id("news")).Add(g.objPtr(r))).Error()),
		withDoc(prose("Delete deletes the %s id. A resource that is already gone may return provider.ErrNotFound.", n),
			jen.Id("Delete").Params(ctxParam(), idParam(), jen.Id("obj").Add(g.objPtr(r))).Error()),
	))
}

// generateChecker declares the optional validation hook.
func (g *packageGen) generateChecker(r *model.Resource) jen.Code {
	text := prose("%s is implemented by %s that validate %s inputs beyond what the IDL says.", g.checkerName(r), g.opsName(r), r.Name)
	return withDoc(text, jen.Type().Id(g.checkerName(r)).Interface(
		withDoc(prose("Check returns the problems of the inputs in obj, which passed the IDL's rules and are all known."),
			jen.Id("Check").Params(ctxParam(), urnParam(), jen.Id("obj").Add(g.objPtr(r))).
				Params(jen.Index().Add(rt("CheckFailure")), jen.Error())),
	))
}

// generateDiffer declares the optional diff hook.
func (g *packageGen) generateDiffer(r *model.Resource) jen.Code {
	text := prose("%s is implemented by %s that decide replacements of %s resources beyond the replaces "+
		"properties.", g.differName(r), g.opsName(r), r.Name)
	return withDoc(text, jen.Type().Id(g.differName(r)).Interface(
		withDoc(prose("Diff may add to diff.Replaces, or set diff.DeleteBeforeReplace, seeing the old and new properties. "+
			"It is called only when some input changed."),
			jen.Id("Diff").Params(ctxParam(), idParam(), jen.List(jen.Id("olds"), jen.Id("news")).Add(g.objPtr(r)),
				jen.Id("diff").Op("*").Add(rt("Diff"))).Error()),
	))
}

// generateProvider declares TProvider.
func (g *packageGen) generateProvider(r *model.Resource) jen.Code {
	text := prose("%s serves %s resources: it is the provider.ResourceProvider that validates, diffs and "+
		"marshals them, and calls %s for the rest.", g.providerName(r), r.Name, g.opsName(r))
	return withDoc(text, jen.Type().Id(g.providerName(r)).Struct(
		jen.Op("*").Add(rt("Resource")).Types(jen.Id(g.marshalName(r))),
	))
}

// generateConstructor declares NewTProvider, which binds the author's ops, and the hooks they
// implement, to the resource's spec.
func (g *packageGen) generateConstructor(r *model.Resource) jen.Code {
	t := jen.Id(g.marshalName(r))
	text := prose("%s returns the provider of %s resources that ops implement.", g.newProviderName(r), r.Name)
	return withDoc(text, jen.Func().Id(g.newProviderName(r)).Params(jen.Id("ops").Id(g.opsName(r))).Op("*").Id(g.providerName(r)).Block(
		jen.Var().Id("hooks").Add(rt("Hooks")).Types(t.Clone()),
		// if c, ok := ops.(VPCChecker); ok { hooks.Check = c.Check }
		jen.If(jen.List(jen.Id("c"), jen.Id("ok")).Op(":=").Id("ops").Assert(jen.Id(g.checkerName(r))), jen.Id("ok")).Block(
			jen.Id("hooks").Dot("Check").Op("=").Id("c").Dot("Check"),
		),
		jen.If(jen.List(jen.Id("d"), jen.Id("ok")).Op(":=").Id("ops").Assert(jen.Id(g.differName(r))), jen.Id("ok")).Block(
			jen.Id("hooks").Dot("Diff").Op("=").Id("d").Dot("Diff"),
		),
		jen.Return(jen.Op("&").Id(g.providerName(r)).Values(
			rt("NewResource").Call(g.spec(r), jen.Id("ops"), jen.Id("hooks")),
		)),
	))
}

// spec is the resource's provider.Spec literal.
func (g *packageGen) spec(r *model.Resource) jen.Code {
	t := jen.Id(g.marshalName(r))
	var props []jen.Code
	var id *model.Property
	for _, p := range r.Properties {
		if isID(p) {
			id = p
			continue
		}
		props = append(props, propertySpec(p))
	}
	fields := []jen.Code{field("Type", jen.Id(r.Name))}
	if r.Named {
		fields = append(fields, field("Named", jen.True()))
	}
	fields = append(fields,
		field("Properties", jen.Index().Add(rt("Property")).Custom(multiline, props...)),
		field("Unmarshal", jen.Parens(jen.Op("*").Add(t.Clone())).Dot("unmarshal")),
		field("Marshal", jen.Parens(jen.Op("*").Add(t.Clone())).Dot("marshal")),
	)
	if id != nil {
		//	func(obj *instance, id resource.ID) { obj.ID = id }
		fields = append(fields, field("SetID", jen.Func().Params(jen.Id("obj").Op("*").Add(t.Clone()), idParam()).Block(
			jen.Id("obj").Dot(id.GoName).Op("=").Id("id"),
		)))
	}
	return rt("Spec").Types(t.Clone()).Custom(multiline, fields...)
}

// propertySpec is the provider.Property literal of p, in a resource's or function's spec:
//
//	{Key: "vpc", Replaces: true}
//	{Key: "size", Default: resource.NewNumberProperty(20)}
func propertySpec(p *model.Property) jen.Code {
	elems := []jen.Code{field("Key", jen.Lit(p.Name))}
	for _, flag := range []struct {
		name string
		set  bool
	}{{"Out", p.Out}, {"In", p.In}, {"Replaces", p.Replaces}, {"Immutable", p.Immutable}, {"Secret", p.Secret}} {
		if flag.set {
			elems = append(elems, field(flag.name, jen.True()))
		}
	}
	if p.Default != nil {
		elems = append(elems, field("Default", defaultValue(p.Default)))
	}
	return jen.Values(elems...)
}

// field is the element `name: value` of a struct literal.
func field(name string, value jen.Code) jen.Code {
	return jen.Id(name).Op(":").Add(value)
}

// multiline lays out a composite literal one element per line.
var multiline = jen.Options{Open: "{", Close: "}", Separator: ",", Multi: true}

// generateResourceUnmarshal declares the method that reads every property.
func (g *packageGen) generateResourceUnmarshal(r *model.Resource) jen.Code {
	var body []jen.Code
	for _, p := range r.Properties {
		if !isID(p) {
			body = append(body, g.unmarshalField("obj", r.Name, p))
		}
	}
	return withDoc("unmarshal reads obj's properties from o.",
		jen.Func().Params(jen.Id("obj").Add(g.objPtr(r))).Id("unmarshal").Params(jen.Id("o").Add(rt("Object"))).Block(body...))
}

// generateResourceMarshal declares the method that writes every property that is set.
func (g *packageGen) generateResourceMarshal(r *model.Resource) jen.Code {
	var puts []jen.Code
	for _, p := range r.Properties {
		if !isID(p) {
			puts = append(puts, g.marshalField("obj", p, isPointer(p)))
		}
	}
	body := []jen.Code{jen.Id("m").Op(":=").Make(jen.Qual(resourcePath, "PropertyMap"), jen.Lit(len(puts)))}
	body = append(body, puts...)
	body = append(body, jen.Return(jen.Id("m")))
	return withDoc("marshal returns obj's properties that are set.",
		jen.Func().Params(jen.Id("obj").Add(g.objPtr(r))).Id("marshal").Params().Qual(resourcePath, "PropertyMap").Block(body...))
}
