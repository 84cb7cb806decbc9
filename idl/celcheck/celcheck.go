// Package celcheck holds the IDL's checks written in CEL (//cidlc:check, see package idl): the
// environment an expression is compiled in, where self is a value of the struct or resource it checks
// with that declaration's properties as fields, and the evaluation of compiled checks. It is the one
// place of those rules: cidlc compiles every check with it when it compiles the IDL (an unknown field, a
// type error or a result that is not a bool is a diagnostic there), and a provider plugin whose stubs
// have checks compiles them with it once, when a check is first needed, and evaluates them in Check.
//
// It imports CEL (github.com/google/cel-go) and nothing of cidlc's: a plugin links it, and with it CEL,
// only when its stubs import it, which they do only for an IDL that has checks. It must not import the
// model or the runtime: the loader describes a declaration's properties with Schema, and the runtime
// hands over a value as plain Go values.
package celcheck

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/google/cel-go/cel"
	"github.com/google/cel-go/common/types"
	"github.com/google/cel-go/common/types/ref"
)

// Kind is the kind of a value's type in a check.
type Kind int

// The kinds of types. An IDL type that a check cannot see (a reference to a resource, an asset, an
// archive) is not a field of its object.
const (
	Dyn Kind = iota // any value: the IDL's any
	Bool
	Double // float64
	Int    // int and int32
	String // strings, enums and string aliases
	List
	Map // with string keys
	Object
)

// Type is the type of a value in a check.
type Type struct {
	Kind Kind
	// Elem is the type of the elements of a List or the values of a Map.
	Elem *Type
	// Object is the name of an Object's type, a key of Schema.Objects.
	Object string
}

// The types that refer to nothing.
var (
	DynType    = &Type{Kind: Dyn}
	BoolType   = &Type{Kind: Bool}
	DoubleType = &Type{Kind: Double}
	IntType    = &Type{Kind: Int}
	StringType = &Type{Kind: String}
)

// ListOf is the type of a list of elem.
func ListOf(elem *Type) *Type { return &Type{Kind: List, Elem: elem} }

// MapOf is the type of a map from strings to elem.
func MapOf(elem *Type) *Type { return &Type{Kind: Map, Elem: elem} }

// ObjectOf is the type of an object named name in its Schema.
func ObjectOf(name string) *Type { return &Type{Kind: Object, Object: name} }

// Field is a field of an object: a property's wire name and type.
type Field struct {
	Name string
	Type *Type
}

// Schema describes the values a check sees: self, an object of type Self, and the objects it holds.
type Schema struct {
	// Self is the name of the type of self: a key of Objects.
	Self string
	// Objects are the fields of each object type, by the type's name (an identifier, or names joined by
	// dots): Self's, and those of the objects its fields hold, at any depth.
	Objects map[string][]Field
}

// Rule is one check: an expression on self whose value must be true, and the message of a value for
// which it is false.
type Rule struct {
	Expr    string
	Message string
}

// Checks are the checks of one struct or resource: compiled once, on first use, and evaluated on each
// value.
type Checks struct {
	schema Schema
	rules  []Rule

	once     sync.Once
	programs []cel.Program
	err      error
}

// New returns the checks rules of values described by schema. They compile on first use: cidlc
// compiled them when it compiled the IDL, so that an error there is one of the stubs or of this package.
func New(schema Schema, rules ...Rule) *Checks {
	return &Checks{schema: schema, rules: rules}
}

// Check returns the message of each rule that self breaks, in the order of the rules: self holds the
// value's properties as plain Go values (nil, bool, float64, string, []any and map[string]any, which the
// runtime's decoders make of a property value), an absent property absent. A rule that cannot be
// evaluated on self (it reads an optional property that self does not have, without has()) is broken, its
// message saying why.
func (c *Checks) Check(self map[string]any) ([]string, error) {
	c.once.Do(c.compile)
	if c.err != nil {
		return nil, c.err
	}
	vars := map[string]any{"self": convertObject(self, c.schema.Objects[c.schema.Self], c.schema.Objects)}
	var msgs []string
	for i, p := range c.programs {
		out, _, err := p.Eval(vars)
		switch {
		case err != nil:
			msgs = append(msgs, fmt.Sprintf("%s (the check %s cannot be evaluated: %v)", c.rules[i].message(), c.rules[i].Expr, err))
		case out != types.True:
			msgs = append(msgs, c.rules[i].message())
		}
	}
	return msgs, nil
}

// message is the rule's message, or a sentence made of its expression when it has none.
func (r Rule) message() string {
	if r.Message != "" {
		return r.Message
	}
	return "the check " + r.Expr + " fails"
}

func (c *Checks) compile() {
	env, err := c.schema.Env()
	if err != nil {
		c.err = err
		return
	}
	for _, r := range c.rules {
		p, err := Compile(env, r.Expr)
		if err != nil {
			c.err = fmt.Errorf("the check %s: %v", r.Expr, err)
			return
		}
		c.programs = append(c.programs, p)
	}
}

// Env returns the CEL environment of checks on values of the schema: the standard library and the
// string extensions that Kubernetes gives its validation rules, self declared as an object of type
// Self, and every object type's fields.
func (s Schema) Env() (*cel.Env, error) {
	if _, ok := s.Objects[s.Self]; !ok {
		return nil, fmt.Errorf("celcheck: the schema has no object %q for self", s.Self)
	}
	reg, err := types.NewRegistry()
	if err != nil {
		return nil, err
	}
	return cel.NewEnv(
		cel.CustomTypeProvider(&provider{Registry: reg, objects: s.Objects}),
		cel.Variable("self", celType(ObjectOf(s.Self))),
	)
}

// An Issue is a problem of an expression: where in the expression (line and column counting from 1, the
// column in characters) and what.
type Issue struct {
	Line, Column int
	Message      string
}

// Issues is what Compile finds wrong with an expression.
type Issues []Issue

func (is Issues) Error() string {
	msgs := make([]string, len(is))
	for i, x := range is {
		msgs[i] = fmt.Sprintf("%d:%d: %s", x.Line, x.Column, x.Message)
	}
	return strings.Join(msgs, "; ")
}

// Compile parses and type-checks expr in env, and returns its program: an expression whose result is
// not a bool is an issue too. The error is Issues.
func Compile(env *cel.Env, expr string) (cel.Program, error) {
	ast, iss := env.Compile(expr)
	if iss != nil && iss.Err() != nil {
		var out Issues
		for _, e := range iss.Errors() {
			loc := e.Location
			out = append(out, Issue{Line: loc.Line(), Column: loc.Column() + 1, Message: e.Message})
		}
		return nil, out
	}
	if t := ast.OutputType(); !t.IsExactType(cel.BoolType) {
		return nil, Issues{{Line: 1, Column: 1, Message: "the check is " + typeWords(t) + ", not a bool: it must say whether the value is right"}}
	}
	return env.Program(ast, cel.EvalOptions(cel.OptOptimize))
}

// typeWords names a CEL type for messages.
func typeWords(t *cel.Type) string {
	name := t.String()
	switch {
	case t.Kind() == types.DynKind:
		return "of a type known only when it runs (dyn)"
	case strings.HasPrefix(strings.ToLower(name), "a"), strings.HasPrefix(strings.ToLower(name), "i"):
		return "an " + name
	}
	return "a " + name
}

// celType is the CEL type of t.
func celType(t *Type) *cel.Type {
	switch t.Kind {
	case Bool:
		return cel.BoolType
	case Double:
		return cel.DoubleType
	case Int:
		return cel.IntType
	case String:
		return cel.StringType
	case List:
		return cel.ListType(celType(t.Elem))
	case Map:
		return cel.MapType(cel.StringType, celType(t.Elem))
	case Object:
		return cel.ObjectType(t.Object)
	}
	return cel.DynType
}

// provider declares the schema's object types to CEL, over a registry of its standard types: each a
// struct type whose fields are read from the map[string]any that Check makes of a value.
type provider struct {
	*types.Registry
	objects map[string][]Field
}

func (p *provider) field(typeName, name string) (Field, bool) {
	for _, f := range p.objects[typeName] {
		if f.Name == name {
			return f, true
		}
	}
	return Field{}, false
}

func (p *provider) FindStructType(name string) (*types.Type, bool) {
	if _, ok := p.objects[name]; ok {
		return types.NewTypeTypeWithParam(types.NewObjectType(name)), true
	}
	return p.Registry.FindStructType(name)
}

func (p *provider) FindStructFieldNames(name string) ([]string, bool) {
	fields, ok := p.objects[name]
	if !ok {
		return p.Registry.FindStructFieldNames(name)
	}
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.Name
	}
	sort.Strings(names)
	return names, true
}

func (p *provider) FindStructFieldType(typeName, name string) (*types.FieldType, bool) {
	if _, ok := p.objects[typeName]; !ok {
		return p.Registry.FindStructFieldType(typeName, name)
	}
	f, ok := p.field(typeName, name)
	if !ok {
		return nil, false
	}
	return &types.FieldType{
		Type: celType(f.Type),
		IsSet: func(target any) bool {
			m, ok := target.(map[string]any)
			if !ok {
				return false
			}
			_, set := m[name]
			return set
		},
		GetFrom: func(target any) (any, error) {
			m, ok := target.(map[string]any)
			if !ok {
				return nil, fmt.Errorf("%s is not an object", typeName)
			}
			v, set := m[name]
			if !set {
				return nil, fmt.Errorf("no such key: %s (it is not set: read it only where has(…%s) is true)", name, "."+name)
			}
			return v, nil
		},
	}, true
}

func (p *provider) NewValue(name string, fields map[string]ref.Val) ref.Val {
	if _, ok := p.objects[name]; ok {
		return types.NewErr("celcheck: %s values cannot be made in a check", name)
	}
	return p.Registry.NewValue(name, fields)
}

// convertObject returns a copy of the object value v, of an object type with fields, whose values have
// the types CEL expects of them: an int is an int64 (it comes as a float64, as numbers travel), an
// object is converted likewise at any depth. Fields the schema does not declare (what a check cannot
// see) are left out.
func convertObject(v map[string]any, fields []Field, objects map[string][]Field) map[string]any {
	out := make(map[string]any, len(fields))
	for _, f := range fields {
		if x, ok := v[f.Name]; ok && x != nil {
			out[f.Name] = convert(x, f.Type, objects)
		}
	}
	return out
}

func convert(v any, t *Type, objects map[string][]Field) any {
	switch t.Kind {
	case Int:
		if f, ok := v.(float64); ok {
			return int64(f)
		}
	case List:
		if a, ok := v.([]any); ok {
			out := make([]any, len(a))
			for i, e := range a {
				out[i] = convert(e, t.Elem, objects)
			}
			return out
		}
	case Map:
		if m, ok := v.(map[string]any); ok {
			out := make(map[string]any, len(m))
			for k, e := range m {
				out[k] = convert(e, t.Elem, objects)
			}
			return out
		}
	case Object:
		if m, ok := v.(map[string]any); ok {
			return convertObject(m, objects[t.Object], objects)
		}
	}
	return v
}
