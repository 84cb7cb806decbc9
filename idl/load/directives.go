package load

import (
	"go/ast"
	"slices"
	"strings"

	"github.com/cidlc/cidlc/idl/model"
)

// directivePrefix starts a cidlc directive: a line comment with no space after the slashes, as Go's own
// (//go:generate), which doc comments leave out.
const directivePrefix = "//cidlc:"

// directiveNames are the directives cidlc knows, with what each is for. Any other name is a mistake: a
// directive that is silently ignored is worse than none.
var directiveNames = map[string]string{
	"accept": "accepts an intended breaking change for cidlc --breaking-against",
	"check":  "a check in CEL of the values of the struct or resource whose doc comment holds it",
}

// directives returns the //cidlc: comments of a file, and reports those whose name cidlc does not know
// and those written with a space after the slashes, which Go would take for an ordinary comment.
func (c *builder) directives(f *ast.File) []*model.Directive {
	var out []*model.Directive
	for _, group := range f.Comments {
		for _, cm := range group.List {
			if rest, ok := strings.CutPrefix(cm.Text, "// cidlc:"); ok {
				if name, _, _ := strings.Cut(rest, " "); directiveNames[name] != "" {
					c.errorf(cm.Pos(), "// cidlc:%s is an ordinary comment; a directive has no space after the slashes: //cidlc:%s", name, name)
				}
				continue
			}
			rest, ok := strings.CutPrefix(cm.Text, directivePrefix)
			if !ok {
				continue
			}
			name, args, _ := strings.Cut(rest, " ")
			if directiveNames[name] == "" {
				c.errorf(cm.Pos(), "//cidlc:%s is not a directive cidlc knows; the directives are %s", name, knownDirectives())
				continue
			}
			out = append(out, &model.Directive{Name: name, Args: strings.TrimSpace(args), Pos: c.fset.Position(cm.Pos())})
		}
	}
	return out
}

// knownDirectives lists the directive names for a message.
func knownDirectives() string {
	var names []string
	for name, purpose := range directiveNames {
		names = append(names, directivePrefix+name+" ("+purpose+")")
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}
