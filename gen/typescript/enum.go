package typescript

import "github.com/cidlc/cidlc/idl/model"

// enumView is what the "enum" template renders.
type enumView struct {
	Doc       string
	Name      string
	Values    []string // literals, in declaration order
	Constants []constView
}

// constView is what the "const" template renders, and one constant of an enum.
type constView struct {
	Doc   string
	Name  string
	Enum  string // the local name of the constant's enum type, if it has one
	Value string // literal
}

// enum declares the enum as the union of its values, in declaration order, and each value as a constant
// of that type, so that programs can write either compute.RuntimeGo or "go1.x".
func (g *fileGen) enum(e *model.Enum) error {
	v := enumView{Doc: e.Doc, Name: g.scope.Name(g.path, e.Name)}
	for _, val := range e.Values {
		lit := jsString(val.Value)
		v.Values = append(v.Values, lit)
		v.Constants = append(v.Constants, constView{Doc: val.Doc, Name: g.scope.Name(g.path, val.Name), Value: lit})
	}
	return g.block("enum", v)
}
