package typescript

import "github.com/cidlc/cidlc/idl/model"

// structView is what the "struct" template renders.
type structView struct {
	Output interfaceView // X: what a program reads, all members readonly
	Input  interfaceView // XArgs: what a program passes, every member a pulumi.Input
}

func (g *fileGen) structDecl(s *model.Struct) (string, error) {
	doc := tsdoc("", s.Doc)
	v := structView{
		Output: interfaceView{Doc: doc, Name: g.scope.Name(g.path, s.Name)},
		Input:  interfaceView{Doc: doc, Name: g.declName(&s.Decl, argsSuffix)},
	}
	for _, prop := range s.Properties {
		doc := propertyDoc(classIndent, prop)
		key := propertyKey(prop.Name)
		if prop.Optional {
			key += "?"
		}
		v.Output.Members = append(v.Output.Members, memberView{doc, "readonly " + key + ": " + g.outputType(prop.Type) + ";"})
		v.Input.Members = append(v.Input.Members, memberView{doc, key + ": " + g.inputType(prop.Type) + ";"})
	}
	return render("struct", v)
}
