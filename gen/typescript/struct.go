package typescript

import "github.com/cidlc/cidlc/idl/model"

// structView is what the "struct" template renders.
type structView struct {
	Doc    string
	Output interfaceView // X: what a program reads, all members readonly
	Input  interfaceView // XArgs: what a program passes, every member a pulumi.Input
}

func (g *fileGen) structDecl(s *model.Struct) error {
	v := structView{
		Doc:    s.Doc,
		Output: interfaceView{Name: g.scope.Name(g.path, s.Name), Readonly: true},
		Input:  interfaceView{Name: g.declName(&s.Decl, argsSuffix)},
	}
	for _, prop := range s.Properties {
		m := memberView{Doc: prop.Doc, Notes: notesOf(prop.Doc, docNotes{Deprecated: prop.Deprecated}), Key: propertyKey(prop.Name), Optional: prop.Optional}
		output, input := m, m
		output.Type = g.outputType(prop.Type)
		input.Type = g.inputType(prop.Type)
		v.Output.add(output)
		v.Input.add(input)
	}
	return g.block("struct", v)
}
