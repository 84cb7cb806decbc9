package typescript

import (
	"fmt"

	"github.com/cidlc/cidlc/idl/model"
)

// constDecl declares a constant. A primitive constant has no type annotation: TypeScript gives it its
// literal type ("us-west-1", 50, false), which, like a Go untyped constant, is assignable both to its
// primitive type and to any enum that has the value.
func (g *fileGen) constDecl(c *model.Const) error {
	value, err := jsValue(c.Value)
	if err != nil {
		return fmt.Errorf("%s: const %s: %w", c.Pos, c.Name, err)
	}
	v := constView{Doc: c.Doc, Name: g.scope.Name(g.path, c.Name), Value: value}
	if c.Type.Kind == model.EnumRef {
		v.Enum = g.declName(&c.Type.Enum.Decl, "")
	}
	return g.block("const", v)
}
