package typescript

import (
	"slices"
	"strings"

	"github.com/cidlc/cidlc/idl/contract"
	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/idl/pattern"
)

// Contracts (min=, pattern=, uniqueItems, deprecated= …) are checked by a small runtime that cidlc writes
// once into the package, _contracts.ts (templates/contracts.ts.tmpl), so that the generated code stays
// data: a resource's constructor calls
//
//	_contracts.check(Database.__pulumiType, name, args, {
//	    size: { min: 10, max: 65536, multipleOf: 10 },
//	    rules: { maxItems: 100, items: { fields: _Rule } },
//	});
//
// with one contract per input that has one, and the file declares a function per struct whose fields
// have contracts (`function _Rule(): _contracts.Contracts { … }`): a function, hoisted, so that structs
// may contain themselves and a file needs no value from another. Patterns are given twice: as written,
// for messages, and as pattern.JS translated them, which JavaScript reads as RE2 reads the original.

// contractsFile is the runtime of contracts in the package, without .ts. IDL files start with a letter,
// so no IDL file can take its name.
const contractsFile = "_contracts"

// constraints adds the constraints cs to the contract o, in the order of the runtime's Contract.
func (o *jsObject) constraints(cs *model.Constraints) error {
	if cs == nil {
		return nil
	}
	num := func(key string, f *float64) {
		if f != nil {
			o.add(key, jsNumber(*f))
		}
	}
	count := func(key string, n *int) {
		if n != nil {
			o.add(key, jsNumber(float64(*n)))
		}
	}
	num("min", cs.Min)
	num("max", cs.Max)
	num("exclusiveMin", cs.ExclusiveMin)
	num("exclusiveMax", cs.ExclusiveMax)
	num("multipleOf", cs.MultipleOf)
	count("minLength", cs.MinLength)
	count("maxLength", cs.MaxLength)
	if cs.Pattern != "" {
		js, err := pattern.JS(cs.Pattern)
		if err != nil {
			return err
		}
		o.add("pattern", jsString(cs.Pattern))
		o.add("regexp", jsString(js))
	}
	count("minItems", cs.MinItems)
	count("maxItems", cs.MaxItems)
	if cs.UniqueItems {
		o.add("uniqueItems", "true")
	}
	count("minProperties", cs.MinProperties)
	count("maxProperties", cs.MaxProperties)
	return nil
}

// valueContract is the contract of a value of type t with the constraints cs: cs, then the contract of
// its elements (cs.Items, and the fields of struct elements), or the fields of a struct.
func (g *fileGen) valueContract(t *model.Type, cs *model.Constraints) (jsObject, error) {
	var o jsObject
	t = t.Unaliased()
	if t.Kind == model.Integer {
		// The type's own contract: TypeScript's number holds fractions too.
		o.add("integer", jsString(contract.IntegerName(t.Bits)))
	}
	if err := o.constraints(cs); err != nil {
		return jsObject{}, err
	}
	switch t.Kind {
	case model.Array, model.Map:
		var items *model.Constraints
		if cs != nil {
			items = cs.Items
		}
		elem, err := g.valueContract(t.Elem, items)
		if err != nil {
			return jsObject{}, err
		}
		if elem.Any() {
			o.add("items", elem)
		}
	case model.StructRef:
		if hasContracts(t.Struct) {
			o.add("fields", g.structContract(t.Struct))
		}
		if rels := model.Relations(t.Struct.Properties); len(rels) > 0 {
			o.add("rules", ruleList(rels))
		}
	}
	return o, nil
}

// propertyContract is the contract of a property of the resource or struct owner, empty if it has none.
func (g *fileGen) propertyContract(owner string, p *model.Property) (jsObject, error) {
	o, err := g.valueContract(p.Type, p.Constraints)
	if err != nil {
		return jsObject{}, err
	}
	if p.Secret && o.Any() {
		o.add("secret", "true")
	}
	if p.Deprecated != "" {
		o.add("deprecated", jsString(owner+"."+p.Name+" is deprecated: "+p.Deprecated))
	}
	return o, nil
}

// hasContracts reports whether a value of struct s can break a contract or a rule across properties, or
// set a deprecated property: whether a field of s, or of a struct that s holds, has any.
func hasContracts(s *model.Struct) bool {
	seen := map[*model.Struct]bool{}
	var visit func(s *model.Struct) bool
	visit = func(s *model.Struct) bool {
		if seen[s] {
			return false // a struct found again adds nothing: all of it is being looked at
		}
		seen[s] = true
		for _, p := range s.Properties {
			if p.Constraints != nil || p.Deprecated != "" || holdsInteger(p.Type) {
				return true
			}
			// A struct of a field with rules of its own has a contract there (valueContract).
			if inner := structOf(p.Type); inner != nil && (hasRules(inner) || visit(inner)) {
				return true
			}
		}
		return false
	}
	return visit(s)
}

// hasRules reports whether the fields of s have rules across them.
func hasRules(s *model.Struct) bool {
	return slices.ContainsFunc(s.Properties, func(p *model.Property) bool { return len(p.Rules) > 0 })
}

// holdsInteger reports whether a value of type t is or holds an integer, outside structs: an integer,
// or an array or map of them, through aliases. Integers have a contract of their own (whole numbers in
// the type's range), which TypeScript's number does not say.
func holdsInteger(t *model.Type) bool { return innermost(t).Kind == model.Integer }

// structOf returns the struct that a value of type t is or holds (in an array, map or alias), or nil.
func structOf(t *model.Type) *model.Struct {
	if t = innermost(t); t.Kind == model.StructRef {
		return t.Struct
	}
	return nil
}

// innermost is the type of what a value of type t holds at the bottom of its arrays and maps, through
// aliases: t itself for any other type.
func innermost(t *model.Type) *model.Type {
	for {
		switch t.Kind {
		case model.AliasRef:
			t = t.Alias.Type
		case model.Array, model.Map:
			t = t.Elem
		default:
			return t
		}
	}
}

// structContract returns the name of the file's function that returns the contracts of the fields of s,
// and has it declared: `_Rule`, or `_Rule_net_rule` when two structs of the file's needs share a name.
func (g *fileGen) structContract(s *model.Struct) string {
	if name, ok := g.structContracts[s]; ok {
		return name
	}
	name := "_" + s.Name
	for _, other := range g.structContracts {
		if other == name {
			name += "_" + strings.NewReplacer("/", "_", "-", "_").Replace(tsPath(s.File))
			break
		}
	}
	g.structContracts[s] = name
	g.structOrder = append(g.structOrder, s)
	return name
}

// structContractsView is what the "structContracts" template renders: the function that returns the
// contracts of the fields of a struct.
type structContractsView struct {
	Func    string // the function's name
	Struct  string
	Checker string // what checks them: this file's resources, or the provider's arguments
	Source  string // the IDL file that declares the struct
	Fields  []jsProp
}

// structContractFunctions declares the functions that structContract named, in the order they were
// first needed (the fields of one may need more).
func (g *fileGen) structContractFunctions() error {
	for i := 0; i < len(g.structOrder); i++ {
		s := g.structOrder[i]
		var fields jsObject
		for _, p := range s.Properties {
			c, err := g.propertyContract(s.Name, p)
			if err != nil {
				return err
			}
			if c.Any() {
				fields.add(propertyKey(p.Name), c)
			}
		}
		g.scope.useContracts() // the template writes _contracts.Contracts
		checker := "this file's resources"
		switch g.path {
		case providerFile:
			checker = "the provider's arguments"
		case configurationFile:
			checker = "the configuration's values"
		}
		err := g.block("structContracts", structContractsView{
			Func: g.structContracts[s], Struct: s.Name, Source: s.File.Path, Checker: checker, Fields: fields.props,
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// contractTable returns the contracts of the inputs among props, the properties of owner (a resource, a
// function, or the configuration), that have some, for the check of a constructor or a function: an
// empty object when none has one.
func (g *fileGen) contractTable(owner string, props []*model.Property) (jsObject, error) {
	table := jsObject{expand: true}
	for _, p := range props {
		if p.Out {
			continue
		}
		c, err := g.propertyContract(owner, p)
		if err != nil {
			return jsObject{}, err
		}
		if c.Any() {
			table.add(propertyKey(p.Name), c)
		}
	}
	return table, nil
}

// checkArgs are the arguments of a constructor's or a function's check after the values: the table of
// contracts, and the rules across the properties when there are some; nil when there is nothing to
// check, and the check is left out.
//
//	_contracts.check(Listener.__pulumiType, name, args, { port: { integer: "int32" } }, [
//	    "exactlyOneOf certificate certificateARN",
//	]);
func (g *fileGen) checkArgs(table jsObject, rels []model.Relation) []item {
	if !table.Any() && len(rels) == 0 {
		return nil
	}
	g.scope.useContracts() // the template writes _contracts.check or checkCall
	if len(rels) == 0 {
		return []item{table}
	}
	var contracts item = table
	if !table.Any() {
		contracts = "{}"
	}
	return []item{contracts, ruleList(rels)}
}

// ruleList is the rules rels as the runtime of contracts takes them: each a string of words, its kind,
// then its subject (for conflictsWith and requiredWith), then the names it relates, which are identifiers:
// "exactlyOneOf certificate certificateARN", "conflictsWith redirectTo targets healthCheck". Strings,
// not objects: an array of them is laid out as prettier lays it out.
func ruleList(rels []model.Relation) jsArray {
	rules := make(jsArray, len(rels))
	for i, r := range rels {
		words := []string{string(r.Kind)}
		if r.Subject != "" {
			words = append(words, r.Subject)
		}
		rules[i] = jsString(strings.Join(append(words, r.Names...), " "))
	}
	return rules
}
