package typescript

import (
	"strings"

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

// A jsObject is an object literal the generator lays out as prettier does: its properties in order.
type jsObject []jsProp

// jsProp is one property of an object literal: value is a literal or a name (a string), or an object.
type jsProp struct {
	key   string
	value any
}

func (o *jsObject) add(key string, value any) { *o = append(*o, jsProp{key, value}) }

// flat is the object on one line: `{ min: 10, items: { pattern: "…" } }`.
func (o jsObject) flat() string {
	parts := make([]string, len(o))
	for i, p := range o {
		v, ok := p.value.(string)
		if !ok {
			v = p.value.(jsObject).flat()
		}
		parts[i] = p.key + ": " + v
	}
	return "{ " + strings.Join(parts, ", ") + " }"
}

// layout lays out head + the object + tail, its first line at indent: on one line when that fits and
// expand is false, else one property per line, one level deeper. Broken open, an object stays so under
// prettier, which keeps an object expanded when its first property is on a line of its own.
func (o jsObject) layout(indent, head, tail string, expand bool) string {
	if flat := indent + head + o.flat() + tail; !expand && fits(flat) {
		return flat
	}
	var b strings.Builder
	b.WriteString(indent + head + "{\n")
	for _, p := range o {
		b.WriteString(p.layout(indent+indentUnit) + "\n")
	}
	b.WriteString(indent + "}" + tail)
	return b.String()
}

// layout lays out the property and its comma at indent. prettier moves a string literal that does not fit
// to the next line, one level deeper, unless the key is shorter than the indentation that would gain.
func (p jsProp) layout(indent string) string {
	v, ok := p.value.(string)
	if !ok {
		return p.value.(jsObject).layout(indent, p.key+": ", ",", false)
	}
	line := indent + p.key + ": " + v + ","
	if fits(line) || !strings.HasPrefix(v, `"`) && !strings.HasPrefix(v, `'`) || textWidth(p.key) < len(indentUnit)+3 {
		return line
	}
	return indent + p.key + ":\n" + indent + indentUnit + v + ","
}

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
	if err := o.constraints(cs); err != nil {
		return nil, err
	}
	for t.Kind == model.AliasRef {
		t = t.Alias.Type
	}
	switch t.Kind {
	case model.Array, model.Map:
		var items *model.Constraints
		if cs != nil {
			items = cs.Items
		}
		elem, err := g.valueContract(t.Elem, items)
		if err != nil {
			return nil, err
		}
		if len(elem) > 0 {
			o.add("items", elem)
		}
	case model.StructRef:
		if hasContracts(t.Struct) {
			o.add("fields", g.structContract(t.Struct))
		}
	}
	return o, nil
}

// propertyContract is the contract of a property of the resource or struct owner, or nil if it has none.
func (g *fileGen) propertyContract(owner string, p *model.Property) (jsObject, error) {
	o, err := g.valueContract(p.Type, p.Constraints)
	if err != nil {
		return nil, err
	}
	if p.Secret && len(o) > 0 {
		o.add("secret", "true")
	}
	if p.Deprecated != "" {
		o.add("deprecated", jsString(owner+"."+p.Name+" is deprecated: "+p.Deprecated))
	}
	return o, nil
}

// hasContracts reports whether a value of struct s can break a contract or set a deprecated property:
// whether a field of s, or of a struct that s holds, has any.
func hasContracts(s *model.Struct) bool {
	seen := map[*model.Struct]bool{}
	var visit func(s *model.Struct) bool
	visit = func(s *model.Struct) bool {
		if seen[s] {
			return false // a struct found again adds nothing: all of it is being looked at
		}
		seen[s] = true
		for _, p := range s.Properties {
			if p.Constraints != nil || p.Deprecated != "" {
				return true
			}
			if inner := structOf(p.Type); inner != nil && visit(inner) {
				return true
			}
		}
		return false
	}
	return visit(s)
}

// structOf returns the struct that a value of type t is or holds (in an array, map or alias), or nil.
func structOf(t *model.Type) *model.Struct {
	for {
		switch t.Kind {
		case model.AliasRef:
			t = t.Alias.Type
		case model.Array, model.Map:
			t = t.Elem
		case model.StructRef:
			return t.Struct
		default:
			return nil
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

// structContractFunctions declares the functions that structContract named, in the order they were
// first needed (the fields of one may need more).
func (g *fileGen) structContractFunctions() ([]string, error) {
	var blocks []string
	for i := 0; i < len(g.structOrder); i++ {
		s := g.structOrder[i]
		var fields jsObject
		for _, p := range s.Properties {
			c, err := g.propertyContract(s.Name, p)
			if err != nil {
				return nil, err
			}
			if len(c) > 0 {
				fields.add(propertyKey(p.Name), c)
			}
		}
		doc := "// The contracts of the fields of " + s.Name + " (" + s.File.Path + "), for the checks of this file's resources."
		if !fits(doc) {
			doc = "// The contracts of the fields of " + s.Name + " (" + s.File.Path + "),\n// for the checks of this file's resources."
		}
		blocks = append(blocks, doc+"\n"+
			"function "+g.structContracts[s]+"(): "+g.scope.Contracts()+".Contracts {\n"+
			fields.layout(indentUnit, "return ", ";", true)+"\n}")
	}
	return blocks, nil
}

// contractsCheck returns the statement of the constructor that checks args against the contracts of the
// resource's inputs, or "" when none has one.
func (g *fileGen) contractsCheck(r *model.Resource, class string) (string, error) {
	var table jsObject
	for _, p := range r.Properties {
		if p.Out {
			continue
		}
		c, err := g.propertyContract(r.Name, p)
		if err != nil {
			return "", err
		}
		if len(c) > 0 {
			table.add(propertyKey(p.Name), c)
		}
	}
	if len(table) == 0 {
		return "", nil
	}
	head := g.scope.Contracts() + ".check("
	args := []string{class + ".__pulumiType", "name", "args"}
	// prettier hugs the object, the last argument, when the line up to its brace fits; else every
	// argument goes on a line of its own.
	if first := branchIndent + head + strings.Join(args, ", ") + ", "; fits(first + "{") {
		return table.layout(branchIndent, head+strings.Join(args, ", ")+", ", ");", true), nil
	}
	inner := branchIndent + indentUnit
	var b strings.Builder
	b.WriteString(branchIndent + head + "\n")
	for _, a := range args {
		b.WriteString(inner + a + ",\n")
	}
	b.WriteString(table.layout(inner, "", ",", true) + "\n")
	b.WriteString(branchIndent + ");")
	return b.String(), nil
}
