package load

import (
	"errors"
	"go/ast"
	"go/token"
	"slices"
	"strconv"
	"strings"

	"github.com/cidlc/cidlc/idl/celcheck"
	"github.com/cidlc/cidlc/idl/celcheck/celmodel"
	"github.com/cidlc/cidlc/idl/model"
)

// A check is written in the doc comment of the struct, resource, function or configuration whose values
// it checks, as a directive, which Go leaves out of the doc's text:
//
//	// Autoscaler keeps a number of instances running.
//	//
//	//cidlc:check "minReplicas cannot be more than maxReplicas" self.minReplicas <= self.maxReplicas
//	type Autoscaler struct { … }
//
// The message comes first, as a Go string, so that the expression, which may hold anything CEL does
// (quotes, colons), runs to the end of the line; a check without one is told by its expression. The
// expression is compiled when the IDL is: against the declaration's properties, with every problem at
// its position in the line.

// checkDirective is the name of the directive of a check.
const checkDirective = "check"

// declareChecks reads the //cidlc:check directives of d's doc comment into d.checks, and reports those
// of a declaration that has no values to check (an enum, an alias).
func (c *builder) declareChecks(d *decl, gd *ast.GenDecl) {
	groups := []*ast.CommentGroup{d.spec.Doc}
	if !gd.Lparen.IsValid() {
		groups = append(groups, gd.Doc)
	}
	for _, g := range groups {
		if g == nil {
			continue
		}
		for _, cm := range g.List {
			args, ok := strings.CutPrefix(cm.Text, directivePrefix+checkDirective)
			if !ok || args != "" && args[0] != ' ' && args[0] != '\t' {
				continue
			}
			c.attachedChecks[c.fset.Position(cm.Slash)] = true
			switch d.kind {
			case kindStruct, kindResource, kindFunction, kindConfig:
			default:
				c.errorf(cm.Slash, "type %s: //cidlc:check checks the values of a struct, resource, function or configuration, and %s is not one", d.obj.Name(), d.obj.Name())
				continue
			}
			if k := c.parseCheck(d.obj.Name(), cm, len(directivePrefix+checkDirective)); k != nil {
				d.checks = append(d.checks, k)
			}
		}
	}
}

// parseCheck parses the check of the directive cm, whose arguments start at offset at in its text:
// `"message" expr`, or `expr`. It reports a malformed one and returns nil.
func (c *builder) parseCheck(owner string, cm *ast.Comment, at int) *model.Check {
	text := cm.Text
	for at < len(text) && (text[at] == ' ' || text[at] == '\t') {
		at++
	}
	k := &model.Check{}
	if at < len(text) && text[at] == '"' {
		quoted, err := strconv.QuotedPrefix(text[at:])
		if err == nil {
			k.Message, err = strconv.Unquote(quoted)
		}
		if err != nil {
			c.errorf(cm.Slash+token.Pos(at), "%s: //cidlc:check: the message is not a Go string; write //cidlc:check \"message\" expression", owner)
			return nil
		}
		at += len(quoted)
		for at < len(text) && (text[at] == ' ' || text[at] == '\t') {
			at++
		}
	}
	k.Expr = strings.TrimRight(text[at:], " \t")
	if k.Expr == "" {
		c.errorf(cm.Slash, "%s: //cidlc:check has no expression; write //cidlc:check \"message\" expression, as //cidlc:check \"min cannot be above max\" self.min <= self.max", owner)
		return nil
	}
	k.Pos = c.fset.Position(cm.Slash + token.Pos(at))
	return k
}

// strayChecks reports the //cidlc:check directives of f that no declaration's doc comment holds: a
// check that checks nothing.
func (c *builder) strayChecks(f *model.File) {
	for _, d := range f.Directives {
		if d.Name != checkDirective {
			continue
		}
		if !c.attachedChecks[d.Pos] {
			c.report(d.Pos, "//cidlc:check is not in the doc comment of a struct, resource, function or configuration: move it there, right above the type it checks")
		}
	}
}

// compileChecks gives d's model node its checks, its own and those of the structs whose properties it
// takes (by embedding them, or being defined from one), once every declaration has its properties; and
// compiles its own against its properties, reporting each problem at its position in the expression.
func (c *builder) compileChecks(d *decl) {
	var checks []*model.Check
	var props []*model.Property
	var self *model.Struct
	switch d.kind {
	case kindResource:
		d.resource.Checks = c.inheritedChecks(d)
		checks, props = d.resource.Checks, d.resource.Properties
	case kindFunction:
		d.function.Checks = c.inheritedChecks(d)
		checks, props = d.function.Checks, d.function.Inputs()
	case kindStruct:
		d.strct.Checks = c.inheritedChecks(d)
		checks, props, self = d.strct.Checks, d.strct.Properties, d.strct
	case kindConfig:
		d.config.Checks = c.inheritedChecks(d)
		checks, props = d.config.Checks, d.config.Properties
	}
	if len(d.checks) == 0 || slices.ContainsFunc(props, func(p *model.Property) bool { return p.Type == nil && !p.Synthetic }) {
		return // none of its own, or a property's type is rejected: what it would say is noise
	}
	env, err := celmodel.Schema(d.obj.Name(), props, self).Env()
	if err != nil {
		c.report(d.checks[0].Pos, d.obj.Name()+": //cidlc:check: "+err.Error())
		return
	}
	for _, k := range checks[:len(d.checks)] {
		_, err := celcheck.Compile(env, k.Expr)
		var issues celcheck.Issues
		if !errors.As(err, &issues) {
			if err != nil {
				c.report(k.Pos, d.obj.Name()+": //cidlc:check: "+err.Error())
			}
			continue
		}
		for _, is := range issues {
			// The expression is one line; CEL counts its columns in characters, a position in bytes.
			at := byteOffset(k.Expr, is.Column-1)
			pos := k.Pos
			pos.Offset, pos.Column = pos.Offset+at, pos.Column+at
			c.report(pos, d.obj.Name()+": //cidlc:check: "+checkIssue(is.Message))
		}
	}
}

// inheritedChecks are d's checks, then those of the structs whose properties d takes, as copies: a
// tree's positions are rewritten in place (model.Tree.EachPosition).
func (c *builder) inheritedChecks(d *decl) []*model.Check {
	checks := append([]*model.Check(nil), d.checks...)
	var from []*decl
	if d.from != nil {
		from = append(from, c.decls[d.from])
	} else {
		for _, field := range d.spec.Type.(*ast.StructType).Fields.List {
			if len(field.Names) == 0 {
				from = append(from, c.declOf(d.pkg.TypesInfo.TypeOf(field.Type)))
			}
		}
	}
	for _, e := range from {
		if e == nil || e.kind != kindStruct {
			continue
		}
		for _, k := range c.inheritedChecks(e) {
			cp := *k
			checks = append(checks, &cp)
		}
	}
	return checks
}

// byteOffset is the offset in s of its character n, or its length when it has no more.
func byteOffset(s string, n int) int {
	for i := range s {
		if n == 0 {
			return i
		}
		n--
	}
	return len(s)
}

// checkIssue rewords what CEL says of an expression where cidlc's user would not know its words.
func checkIssue(msg string) string {
	if field, ok := strings.CutPrefix(msg, "undefined field '"); ok {
		field = strings.TrimSuffix(field, "'")
		return "no property " + field + " that a check can read (a check reads inputs by their wire names, but not outputs, references to resources, assets or archives)"
	}
	return msg
}
