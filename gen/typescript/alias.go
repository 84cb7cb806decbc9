package typescript

import "github.com/cidlc/cidlc/idl/model"

// aliasView is what the "alias" template renders.
type aliasView struct {
	Doc       string
	Name      string
	Type      string // the output shape
	InputName string // XArgs, when the input shape differs; "" otherwise
	Input     string
}

// alias declares a type alias, and its input twin XArgs when the aliased type has one (a map or array
// whose elements may be outputs, a struct): `type Tags = { [key: string]: string }` and
// `type TagsArgs = { [key: string]: pulumi.Input<string> }`.
func (g *fileGen) alias(a *model.Alias) error {
	v := aliasView{Doc: a.Doc, Name: g.scope.Name(g.path, a.Name), Type: g.outputType(a.Type)}
	if hasInputShape(a.Type) {
		v.InputName = g.declName(&a.Decl, argsSuffix)
		v.Input = g.inputValue(a.Type)
	}
	return g.block("alias", v)
}
