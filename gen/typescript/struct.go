package typescript

import (
	"sync"

	"github.com/cidlc/cidlc/idl/model"
)

// structView is what the "struct" template renders.
type structView struct {
	Doc    string
	Output interfaceView // X: what a program reads, all members readonly
	Input  interfaceView // XArgs: what a program passes, every member a pulumi.Input
}

// structViews holds views of structs for reuse, as resourceViews does.
var structViews = sync.Pool{New: func() any { return new(structView) }}

// release gives v back to structViews, without the strings of the struct it showed.
func (v *structView) release() {
	clear(v.Output.Members)
	clear(v.Input.Members)
	structViews.Put(v)
}

func (g *fileGen) structDecl(s *model.Struct) error {
	v := structViews.Get().(*structView)
	defer v.release()
	*v = structView{
		Doc:    model.DeclarationDoc(s.Doc, s.Name, s.Name, s.Properties, s.Checks),
		Output: interfaceView{Name: g.scope.Name(g.path, s.Name), Readonly: true, Members: v.Output.Members[:0]},
		Input:  interfaceView{Name: g.declName(&s.Decl, argsSuffix), Members: v.Input.Members[:0]},
	}
	siblings := model.SiblingsOf(s.Properties)
	for _, prop := range s.Properties {
		doc := siblings.Doc(prop)
		m := memberView{Doc: doc, Notes: notesOf(doc, docNotes{Deprecated: prop.Deprecated}), Key: propertyKey(prop.Name), Optional: prop.Optional}
		output, input := m, m
		output.Type = g.outputType(prop.Type)
		input.Type = g.inputType(prop.Type)
		v.Output.add(output)
		v.Input.add(input)
	}
	return g.block("struct", v)
}
