package typescript

import (
	"fmt"

	"github.com/cidlc/cidlc/idl/model"
)

// constDecl declares a constant. A primitive constant has no type annotation: TypeScript gives it its
// literal type ("us-west-1", 50, false), which, like a Go untyped constant, is assignable both to its
// primitive type and to any enum that has the value.
func (g *fileGen) constDecl(c *model.Const) (string, error) {
	value, err := jsValue(c.Value)
	if err != nil {
		return "", fmt.Errorf("%s: const %s: %w", c.Pos, c.Name, err)
	}
	head := "export const " + g.scope.Name(g.path, c.Name)
	if c.Type.Kind == model.EnumRef {
		head += ": " + g.declName(&c.Type.Enum.Decl, "")
	}
	return render("const", constView{Doc: tsdoc("", c.Doc), Decl: assignment(head, []string{value})})
}
