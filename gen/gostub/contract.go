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
			defs = append(defs, jen.Id(g.contractName(owner, p)).Op("=").Add(constraintsLit(p.Constraints)))
		}
	}
	if len(defs) == 0 {
		return jen.Null()
	}
	return withDoc(prose("The contracts of %s's properties, which %s enforces.", owner, enforcer), jen.Var().Defs(defs...))
}

// constraintsLit is the literal of a *provider.Constraints, its fields in declaration order.
func constraintsLit(cs *model.Constraints) jen.Code {
	var fields []jen.Code
	num := func(name string, f *float64) {
		if f != nil {
			// The shortest decimal that reads back as f, as for constants.
			fields = append(fields, field(name, rt("Float").Call(jen.Op(strconv.FormatFloat(*f, 'g', -1, 64)))))
		}
	}
	count := func(name string, n *int) {
		if n != nil {
			fields = append(fields, field(name, rt("Int").Call(jen.Lit(*n))))
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
		fields = append(fields, field("Pattern", jen.Qual(regexpPath, "MustCompile").Call(patternLit(cs.Pattern))))
	}
	count("MinItems", cs.MinItems)
	count("MaxItems", cs.MaxItems)
	if cs.UniqueItems {
		fields = append(fields, field("UniqueItems", jen.True()))
	}
	count("MinProperties", cs.MinProperties)
	count("MaxProperties", cs.MaxProperties)
	if cs.Items != nil {
		fields = append(fields, field("Items", constraintsLit(cs.Items)))
	}
	return jen.Op("&").Add(rt("Constraints")).Values(fields...)
}

// patternLit writes a pattern as a raw string, which keeps its backslashes readable, unless it holds what
// a raw string cannot (a backquote, a carriage return) or would hide (other invisible characters).
func patternLit(p string) jen.Code {
	raw := !strings.ContainsFunc(p, func(r rune) bool { return r == '`' || r != ' ' && !unicode.IsPrint(r) })
	if raw {
		return jen.Op("`" + p + "`")
	}
	return jen.Lit(p)
}

// defaultValue is the resource.PropertyValue of a property's default: a bool, float64 or string (an
// enum's value).
func defaultValue(v any) jen.Code {
	switch v := v.(type) {
	case bool:
		return jen.Qual(resourcePath, "NewBoolProperty").Call(jen.Lit(v))
	case float64:
		return jen.Qual(resourcePath, "NewNumberProperty").Call(jen.Op(strconv.FormatFloat(v, 'g', -1, 64)))
	case string:
		return jen.Qual(resourcePath, "NewStringProperty").Call(jen.Lit(v))
	}
	panic("gostub: a default of an unexpected type")
}
