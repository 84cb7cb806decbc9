package typescript

import "github.com/cidlc/cidlc/idl/model"

// enumView is what the "enum" template renders.
type enumView struct {
	Doc    string
	Type   string // the union type of the values
	Values []constView
}

// constView is one constant: its doc comment and its declaration.
type constView struct {
	Doc  string
	Decl string
}

// enum declares the enum as the union of its values, in declaration order, and each value as a constant
// of that type, so that programs can write either compute.RuntimeGo or "go1.x".
func (g *fileGen) enum(e *model.Enum) (string, error) {
	name := g.scope.Name(g.path, e.Name)
	v := enumView{Doc: tsdoc("", e.Doc)}
	var members []string
	for _, val := range e.Values {
		lit := jsString(val.Value)
		members = append(members, lit)
		v.Values = append(v.Values, constView{
			Doc:  tsdoc("", val.Doc),
			Decl: assignment("export const "+g.scope.Name(g.path, val.Name)+": "+name, []string{lit}),
		})
	}
	v.Type = assignment("export type "+name, members)
	return render("enum", v)
}
