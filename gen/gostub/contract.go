package gostub

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/dave/jennifer/jen"

	"github.com/cidlc/cidlc/idl/model"
)

// regexpPath is the import path of package regexp, whose MustCompile compiles `pattern=` contracts.
const regexpPath = "regexp"

// contractName is the name of the package-level provider.Constraints of a property of the resource or
// struct owner: the owner's lower-cased name and the field's name (databaseSize, diskSpecSizeGiB), made
// unique by assignPrivateNames.
func (g *packageGen) contractName(owner string, p *model.Property) string {
	return g.private["contract "+owner+"."+p.GoName]
}

// generateContracts declares the contracts of the properties of owner that have constraints, which
// the unmarshal code checks values against, or nothing when none has:
//
//	var (
//		databaseSize = &provider.Constraints{Min: provider.Float(10), MultipleOf: provider.Float(10)}
//		databaseLabel = &provider.Constraints{Pattern: regexp.MustCompile(`^[a-z]+$`)}
//	)
//
// They are variables so that patterns are compiled once, when the provider starts.
//
// enforcer is the call that enforces them: Check, or CheckConfig for the configuration's.
func (g *packageGen) generateContracts(owner, enforcer string, props []*model.Property) jen.Code {
	var defs []jen.Code
	for _, p := range props {
		if p.Constraints != nil {
			defs = append(defs, g.constraintsLit(g.code(g.contractName(owner, p), " = "), p.Constraints).done())
		}
	}
	if len(defs) == 0 {
		return jen.Null()
	}
	return g.prose("The contracts of %s's properties, which %s enforces.", owner, enforcer).id("var").done().Defs(defs...)
}

// rulesName is the name of the package-level []provider.Rule of the declaration owner, "" when its
// properties have no rules across them.
func (g *packageGen) rulesName(owner string) string { return g.private["rules "+owner] }

// generateRules declares the rules across the properties of owner, which the unmarshal code enforces
// (Object.Rules), or nothing when there are none:
//
//	var listenerRules = []provider.Rule{
//		{Kind: provider.ExactlyOneOf, Names: []resource.PropertyKey{"certificate", "certificateARN"}},
//		{Kind: provider.RequiredWith, Subject: "healthCheckPath", Names: []resource.PropertyKey{"healthCheckPort"}},
//	}
//
// enforcer is the call that enforces them: Check, CheckConfig or Invoke.
func (g *packageGen) generateRules(owner, enforcer string, props []*model.Property) jen.Code {
	rels := model.Relations(props)
	if len(rels) == 0 {
		return jen.Null()
	}
	rules := g.code().lines(len(rels), ",", func(c *code, i int) {
		r := rels[i]
		c.id("{Kind: ").rt(ruleKinds[r.Kind])
		if r.Subject != "" {
			c.id(", Subject: ").lit(r.Subject)
		}
		c.id(", Names: []").qual(resourcePath, "PropertyKey").id("{")
		for j, n := range r.Names {
			if j > 0 {
				c.id(", ")
			}
			c.lit(n)
		}
		c.id("}}")
	}).items()
	return g.prose("The rules across %s's properties, which %s enforces.", owner, enforcer).
		id("var ", g.rulesName(owner), " = []").rt("Rule").done().Custom(multiline, rules...)
}

// ruleKinds name the provider.RuleKind of each model.RuleKind.
var ruleKinds = map[model.RuleKind]string{
	model.ConflictsWith: "ConflictsWith", model.RequiredWith: "RequiredWith",
	model.ExactlyOneOf: "ExactlyOneOf", model.AtLeastOneOf: "AtLeastOneOf",
}

// constraintsLit appends the literal of a *provider.Constraints, its fields in declaration order.
func (g *packageGen) constraintsLit(c *code, cs *model.Constraints) *code {
	c.id("&").rt("Constraints").id("{")
	n := 0
	name := func(name string) {
		if n > 0 {
			c.id(", ")
		}
		n++
		c.id(name, ": ")
	}
	num := func(field string, f *float64) {
		if f != nil {
			name(field)
			c.rt("Float").id("(").num(*f).id(")")
		}
	}
	count := func(field string, v *int) {
		if v != nil {
			name(field)
			c.rt("Int").id("(").int(*v).id(")")
		}
	}
	num("Min", cs.Min)
	num("Max", cs.Max)
	num("ExclusiveMin", cs.ExclusiveMin)
	num("ExclusiveMax", cs.ExclusiveMax)
	num("MultipleOf", cs.MultipleOf)
	count("MinLength", cs.MinLength)
	count("MaxLength", cs.MaxLength)
	if cs.Pattern != "" {
		name("Pattern")
		patternLit(c.qual(regexpPath, "MustCompile").id("("), cs.Pattern).id(")")
	}
	count("MinItems", cs.MinItems)
	count("MaxItems", cs.MaxItems)
	if cs.UniqueItems {
		name("UniqueItems")
		c.id("true")
	}
	count("MinProperties", cs.MinProperties)
	count("MaxProperties", cs.MaxProperties)
	if cs.Items != nil {
		name("Items")
		g.constraintsLit(c, cs.Items)
	}
	return c.id("}")
}

// patternLit appends a pattern as a raw string, which keeps its backslashes readable, unless it holds
// what a raw string cannot (a backquote, a carriage return) or would hide (other invisible characters).
func patternLit(c *code, p string) *code {
	raw := !strings.ContainsFunc(p, func(r rune) bool { return r == '`' || r != ' ' && !unicode.IsPrint(r) })
	if raw {
		return c.id("`", p, "`")
	}
	return c.lit(p)
}

// defaultValue appends the resource.PropertyValue of a property's default: a bool, float64 or string
// (an enum's value).
func (g *packageGen) defaultValue(c *code, v any) *code {
	switch v := v.(type) {
	case bool:
		return c.qual(resourcePath, "NewBoolProperty").id("(", strconv.FormatBool(v), ")")
	case float64:
		return c.qual(resourcePath, "NewNumberProperty").id("(").num(v).id(")")
	case string:
		return c.qual(resourcePath, "NewStringProperty").id("(").lit(v).id(")")
	}
	panic("gostub: a default of an unexpected type")
}
