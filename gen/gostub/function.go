package gostub

import (
	"github.com/dave/jennifer/jen"

	"github.com/cidlc/cidlc/idl/model"
)

// function is the outline of a function's stubs, in the order of a resource's: what the author works
// with (the token, the marshaling struct, the ops to implement, the provider that binds them), then the
// plumbing.
func (g *packageGen) function(fn *model.Function) []jen.Code {
	return []jen.Code{
		g.generateFunctionToken(fn),
		g.generateFunctionStruct(fn),
		g.generateFunctionOps(fn),
		g.generateFunctionProvider(fn),
		g.generateFunctionConstructor(fn),
		g.generateContracts(fn.Name, "Invoke", fn.Inputs()), // results are the ops' to set: their contracts are documentation
		g.generateRules(fn.Name, "Invoke", fn.Inputs()),
		g.generateChecks(fn.Name, "Invoke", fn.Inputs(), fn.Checks, nil),
		g.generateFunctionUnmarshal(fn),
		g.generateFunctionMarshal(fn),
	}
}

// isResultPointer reports whether the field of a function's property p is a pointer: an optional
// input or result may be absent, unless its type has a nil of its own. Unlike a resource's out
// property, a result without optional is always set, so it is a plain value that ops assign.
func isResultPointer(p *model.Property) bool { return p.Optional && !nilable(p.Type) }

// generateFunctionToken declares the function's token:
//
//	const GetImage tokens.ModuleMember = "acme:compute/image:getImage"
func (g *packageGen) generateFunctionToken(fn *model.Function) jen.Code {
	return g.prose("%s is the token of the function %s.", fn.Name, fn.CallName).
		id("const ", fn.Name, " ").qual(tokensPath, "ModuleMember").id(" = ").lit(fn.Token).done()
}

// generateFunctionStruct declares the marshaling struct, whose inputs ops read and whose results they set.
func (g *packageGen) generateFunctionStruct(fn *model.Function) jen.Code {
	siblings := model.SiblingsOf(fn.Properties)
	fields := g.code().lines(len(fn.Properties), "", func(c *code, i int) {
		p := fn.Properties[i]
		g.fieldType(g.fieldDoc(c, p, siblings).id(p.GoName, " "), p, isResultPointer(p))
	}).items()
	return g.code().proseAnd(fn.Doc, "%s is the marshaling struct of calls of %s: its inputs, which %s reads, "+
		"and its results, which it sets. Optional inputs and results are pointers, nil when absent; "+
		"capabilities are references.", g.functionMarshalName(fn), fn.CallName, g.functionOpsName(fn)).
		id("type ", g.functionMarshalName(fn)).done().Struct(fields...)
}

// invokeDoc is the doc of FProviderOps.Invoke, the same for every function.
var invokeDoc = prose("Invoke sets obj's results from its inputs, which passed the IDL's rules, with their defaults filled " +
	"in. An error that is a *provider.CheckError fails the inputs it names, as the IDL's rules do; any other " +
	"error fails the call.")

// generateFunctionOps declares FProviderOps, the interface the author implements.
func (g *packageGen) generateFunctionOps(fn *model.Function) jen.Code {
	return g.prose("%s is what a provider author implements for the function %s; %s turns it into a part of the provider.",
		g.functionOpsName(fn), fn.CallName, g.newFunctionProviderName(fn)).id("type ", g.functionOpsName(fn)).done().Interface(
		g.doc(invokeDoc).id("Invoke(").ctxParam().id(", obj *", g.functionMarshalName(fn), ") error").done(),
	)
}

// generateFunctionProvider declares FProvider.
func (g *packageGen) generateFunctionProvider(fn *model.Function) jen.Code {
	return g.prose("%s answers calls of %s: it is the provider.FunctionProvider that checks their inputs, calls %s "+
		"and returns the results.", g.functionProviderName(fn), fn.CallName, g.functionOpsName(fn)).
		id("type ", g.functionProviderName(fn)).done().Struct(
		g.code("*").rt("Function").id("[", g.functionMarshalName(fn), "]").done(),
	)
}

// generateFunctionConstructor declares NewFProvider, which binds the author's ops to the function's spec.
func (g *packageGen) generateFunctionConstructor(fn *model.Function) jen.Code {
	t := g.functionMarshalName(fn)
	props := g.propertySpecs(fn.Properties)
	spec := g.code().rt("FunctionSpec").id("[", t, "]").done().Custom(multiline,
		g.code("Token: ", fn.Name, ",\nProperties: []").rt("Property").done().Custom(multiline, props...),
		g.formerlySpec(g.code("Unmarshal: (*", t, ").unmarshal,\nMarshal: (*", t, ").marshal"), "ModuleMember", fn.Formerly).done(),
	)
	return g.prose("%s returns the provider of the function %s that ops implement.", g.newFunctionProviderName(fn), fn.CallName).
		id("func ", g.newFunctionProviderName(fn), "(ops ", g.functionOpsName(fn), ") *", g.functionProviderName(fn)).done().Block(
		g.code("return &", g.functionProviderName(fn), "{").rt("NewFunction").id("(").add(spec).id(", ops)}").done(),
	)
}

// generateFunctionUnmarshal declares the method that reads the inputs.
func (g *packageGen) generateFunctionUnmarshal(fn *model.Function) jen.Code {
	return g.doc("unmarshal reads obj's inputs from o.").
		id("func (obj *", g.functionMarshalName(fn), ") unmarshal(o ").rt("Object").id(")").done().
		Block(g.unmarshalFields(g.code(), "obj", fn.Name, fn.Inputs()).items()...)
}

// generateFunctionMarshal declares the method that writes the results that are set.
func (g *packageGen) generateFunctionMarshal(fn *model.Function) jen.Code {
	results := fn.Results()
	body := g.marshalBody(g.code(), "obj", results, isResultPointer, "return m").done()
	return g.doc("marshal returns obj's results that are set.").
		id("func (obj *", g.functionMarshalName(fn), ") marshal() ").qual(resourcePath, "PropertyMap").done().Block(body)
}
