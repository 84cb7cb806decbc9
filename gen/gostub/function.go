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
	return withDoc(prose("%s is the token of the function %s.", fn.Name, fn.CallName),
		jen.Const().Id(fn.Name).Qual(tokensPath, "ModuleMember").Op("=").Lit(fn.Token))
}

// generateFunctionStruct declares the marshaling struct, whose inputs ops read and whose results they set.
func (g *packageGen) generateFunctionStruct(fn *model.Function) jen.Code {
	fields := make([]jen.Code, len(fn.Properties))
	for i, p := range fn.Properties {
		fields[i] = g.fieldOf(p, g.fieldType(p, isResultPointer(p)))
	}
	text := prose("%s is the marshaling struct of calls of %s: its inputs, which %s reads, and its results, "+
		"which it sets. Optional inputs and results are pointers, nil when absent; capabilities are references.",
		g.functionMarshalName(fn), fn.CallName, g.functionOpsName(fn))
	return withDoc(paragraphs(text, fn.Doc), jen.Type().Id(g.functionMarshalName(fn)).Struct(fields...))
}

// generateFunctionOps declares FProviderOps, the interface the author implements.
func (g *packageGen) generateFunctionOps(fn *model.Function) jen.Code {
	text := prose("%s is what a provider author implements for the function %s; %s turns it into a part of the provider.",
		g.functionOpsName(fn), fn.CallName, g.newFunctionProviderName(fn))
	return withDoc(text, jen.Type().Id(g.functionOpsName(fn)).Interface(
		withDoc(prose("Invoke sets obj's results from its inputs, which passed the IDL's rules, with their defaults filled "+
			"in. An error that is a *provider.CheckError fails the inputs it names, as the IDL's rules do; any other "+
			"error fails the call."),
			jen.Id("Invoke").Params(ctxParam(), jen.Id("obj").Op("*").Id(g.functionMarshalName(fn))).Error()),
	))
}

// generateFunctionProvider declares FProvider.
func (g *packageGen) generateFunctionProvider(fn *model.Function) jen.Code {
	text := prose("%s answers calls of %s: it is the provider.FunctionProvider that checks their inputs, calls %s "+
		"and returns the results.", g.functionProviderName(fn), fn.CallName, g.functionOpsName(fn))
	return withDoc(text, jen.Type().Id(g.functionProviderName(fn)).Struct(
		jen.Op("*").Add(rt("Function")).Types(jen.Id(g.functionMarshalName(fn))),
	))
}

// generateFunctionConstructor declares NewFProvider, which binds the author's ops to the function's spec.
func (g *packageGen) generateFunctionConstructor(fn *model.Function) jen.Code {
	t := jen.Id(g.functionMarshalName(fn))
	props := make([]jen.Code, len(fn.Properties))
	for i, p := range fn.Properties {
		props[i] = propertySpec(p)
	}
	spec := rt("FunctionSpec").Types(t.Clone()).Custom(multiline,
		field("Token", jen.Id(fn.Name)),
		field("Properties", jen.Index().Add(rt("Property")).Custom(multiline, props...)),
		field("Unmarshal", jen.Parens(jen.Op("*").Add(t.Clone())).Dot("unmarshal")),
		field("Marshal", jen.Parens(jen.Op("*").Add(t.Clone())).Dot("marshal")),
	)
	text := prose("%s returns the provider of the function %s that ops implement.", g.newFunctionProviderName(fn), fn.CallName)
	return withDoc(text, jen.Func().Id(g.newFunctionProviderName(fn)).Params(jen.Id("ops").Id(g.functionOpsName(fn))).
		Op("*").Id(g.functionProviderName(fn)).Block(
		jen.Return(jen.Op("&").Id(g.functionProviderName(fn)).Values(rt("NewFunction").Call(spec, jen.Id("ops")))),
	))
}

// generateFunctionUnmarshal declares the method that reads the inputs.
func (g *packageGen) generateFunctionUnmarshal(fn *model.Function) jen.Code {
	var body []jen.Code
	for _, p := range fn.Inputs() {
		body = append(body, g.unmarshalField("obj", fn.Name, p))
	}
	return withDoc("unmarshal reads obj's inputs from o.",
		jen.Func().Params(jen.Id("obj").Op("*").Id(g.functionMarshalName(fn))).Id("unmarshal").Params(jen.Id("o").Add(rt("Object"))).Block(body...))
}

// generateFunctionMarshal declares the method that writes the results that are set.
func (g *packageGen) generateFunctionMarshal(fn *model.Function) jen.Code {
	results := fn.Results()
	body := []jen.Code{jen.Id("m").Op(":=").Make(jen.Qual(resourcePath, "PropertyMap"), jen.Lit(len(results)))}
	for _, p := range results {
		body = append(body, g.marshalField("obj", p, isResultPointer(p)))
	}
	body = append(body, jen.Return(jen.Id("m")))
	return withDoc("marshal returns obj's results that are set.",
		jen.Func().Params(jen.Id("obj").Op("*").Id(g.functionMarshalName(fn))).Id("marshal").Params().Qual(resourcePath, "PropertyMap").Block(body...))
}
