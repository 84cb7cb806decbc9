package typescript

import (
	"fmt"
	"reflect"
	"text/template"
	"text/template/parse"
)

// The templates are executed by the executor of this file, not by text/template's: text/template parses
// them (and checks their syntax and the functions they name), this executes the trees it parsed, with
// the semantics of text/template's Execute for the constructs the templates use. It exists for speed:
// text/template resolves every field by name, calls every function through reflection and prints every
// value through fmt, on each evaluation. Here each field of a template remembers where it found its
// value in the type it last saw, the functions of templateFuncs are called directly when their
// arguments have the types they take, and strings are written as they are. At 10,000 resources the
// backend took 2.8 s of CPU and allocated 363 MB with text/template's Execute, 1.5 s and 211 MB with this
// (`go test -run '^$' -bench Stream/resources=10000 -benchmem ./gen/typescript/`; issue 22).
//
// What it does not do it refuses when it compiles a template, with an error naming the construct (the
// templates are embedded, so every test run compiles them all): pipelines with `|`, break and continue,
// arguments after a variable or . alone, nil, numbers, and the builtins other than and, or, not, eq, ne
// and print. It ranges over slices and arrays only. What it meets with types it has no shortcut for (a
// method, a value that is not a string, a function of another signature) it evaluates as text/template
// does, through reflection. TestExecutorMatchesTextTemplate runs both executors on every golden case and
// on a synthetic tree and compares their output byte for byte.

// maxExecDepth is text/template's bound on nested template invocations.
const maxExecDepth = 100000

// A program is the templates of a set compiled for one output and one binding of templateFuncs: a
// renderer's (see renderer.program). Each template is compiled when it is first executed. A program is
// used by one goroutine at a time: its fields remember the types they met.
type program struct {
	set      *template.Template
	funcs    template.FuncMap
	compiled map[string]*compiledTemplate
	out      *output
}

func newProgram(set *template.Template, funcs template.FuncMap, out *output) *program {
	return &program{set: set, funcs: funcs, compiled: map[string]*compiledTemplate{}, out: out}
}

type compiledTemplate struct {
	name string
	tree *parse.Tree
	root []step
}

// lookup returns the compiled template of that name, compiling it the first time.
func (p *program) lookup(name string) (*compiledTemplate, error) {
	if c, ok := p.compiled[name]; ok {
		return c, nil
	}
	t := p.set.Lookup(name)
	if t == nil {
		return nil, fmt.Errorf("template: no template %q associated with template %q", name, p.set.Name())
	}
	if t.Tree == nil || t.Root == nil {
		return nil, fmt.Errorf("template: %q is an incomplete or empty template", name)
	}
	c := &compiledTemplate{name: name, tree: t.Tree}
	cc := compiler{p: p, tree: t.Tree}
	c.root = cc.list(t.Root)
	if cc.err != nil {
		return nil, cc.err
	}
	p.compiled[name] = c
	return c, nil
}

// execute executes the named template on data into the program's output.
func (p *program) execute(name string, data any) (err error) {
	c, err := p.lookup(name)
	if err != nil {
		return err
	}
	s := &execState{p: p, tmpl: c}
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(execError); ok {
				err = e.err
				return
			}
			err = fmt.Errorf("template: %s: %v", name, r)
		}
	}()
	dot := reflect.ValueOf(data)
	s.vars = append(s.vars, variable{"$", value{rv: dot}})
	s.walk(dot, c.root)
	return nil
}

// The compiled form of a template: its nodes, with room for what the executor learns.
type (
	step any // one of the *…Step types below

	textStep   struct{ text []byte }
	actionStep struct{ pipe *pipeline }
	ifStep     struct {
		node           parse.Node
		with           bool
		pipe           *pipeline
		list, elseList []step
	}
	rangeStep struct {
		node           parse.Node
		pipe           *pipeline
		list, elseList []step
	}
	templateStep struct {
		node parse.Node
		name string
		pipe *pipeline
	}
	pipeline struct {
		node   *parse.PipeNode
		decl   []string
		assign bool
		cmds   []*operand // each command's only word: see compiler.command
	}
)

// opKind is what an operand is.
type opKind int

const (
	opField    opKind = iota // .A.B, on dot
	opVariable               // $x or $x.A.B
	opCall                   // a function with its arguments
	opPipe                   // a parenthesized pipeline
	opConst                  // a string or a bool
	opDot                    // .
)

// An operand is a command's word or an argument of a function.
type operand struct {
	node     parse.Node
	kind     opKind
	fields   []*field // opField, opVariable: the fields after it
	variable string   // opVariable
	pipe     *pipeline
	constant value
	call     *call
	args     []*operand // opField, opVariable: the arguments of the method the last field names
}

// A field is a name in a chain, and where it was found in the type it was last evaluated on.
type field struct {
	name   string
	typ    reflect.Type // the receiver's type (a pointer when it was addressable), or nil
	method int          // the index of the method of typ called without arguments, or -1
	index  []int        // else the field of the struct typ points to or is
}

// A call is a function of templateFuncs or a builtin, with its arguments.
type call struct {
	name    string
	builtin string // "and", "or", "not", "eq", "ne", "print"; "" for a function of templateFuncs
	fn      any
	fnValue reflect.Value
	args    []*operand
}

// A compiler turns the nodes of one parse tree into steps; the first construct it cannot compile is its
// error.
type compiler struct {
	p    *program
	tree *parse.Tree
	err  error
}

func (c *compiler) fail(n parse.Node, format string, args ...any) {
	if c.err == nil {
		location, context := c.tree.ErrorContext(n)
		c.err = fmt.Errorf("template: %s: %q at <%s>: the executor of gen/typescript does not support %s", location, c.tree.Name, context, fmt.Sprintf(format, args...))
	}
}

func (c *compiler) list(l *parse.ListNode) []step {
	if l == nil {
		return nil
	}
	steps := make([]step, 0, len(l.Nodes))
	for _, n := range l.Nodes {
		switch n := n.(type) {
		case *parse.TextNode:
			steps = append(steps, &textStep{n.Text})
		case *parse.CommentNode:
		case *parse.ActionNode:
			steps = append(steps, &actionStep{c.pipeline(n.Pipe)})
		case *parse.IfNode:
			steps = append(steps, &ifStep{n, false, c.pipeline(n.Pipe), c.list(n.List), c.list(n.ElseList)})
		case *parse.WithNode:
			steps = append(steps, &ifStep{n, true, c.pipeline(n.Pipe), c.list(n.List), c.list(n.ElseList)})
		case *parse.RangeNode:
			steps = append(steps, &rangeStep{n, c.pipeline(n.Pipe), c.list(n.List), c.list(n.ElseList)})
		case *parse.TemplateNode:
			steps = append(steps, &templateStep{n, n.Name, c.pipeline(n.Pipe)})
		default:
			c.fail(n, "%s", n)
		}
	}
	return steps
}

func (c *compiler) pipeline(n *parse.PipeNode) *pipeline {
	if n == nil {
		return nil
	}
	p := &pipeline{node: n, assign: n.IsAssign}
	for _, v := range n.Decl {
		p.decl = append(p.decl, v.Ident[0])
	}
	if len(n.Cmds) != 1 {
		c.fail(n, "a pipeline of %d commands (|)", len(n.Cmds))
	}
	for _, cmd := range n.Cmds {
		p.cmds = append(p.cmds, c.command(cmd))
	}
	return p
}

// command compiles a command: a function with its arguments, or a single operand.
func (c *compiler) command(n *parse.CommandNode) *operand {
	if id, ok := n.Args[0].(*parse.IdentifierNode); ok {
		return c.call(id, n.Args[1:])
	}
	o := c.operand(n.Args[0])
	if len(n.Args) > 1 {
		if len(o.fields) == 0 {
			c.fail(n, "arguments after %s", n.Args[0])
		}
		for _, a := range n.Args[1:] {
			o.args = append(o.args, c.operand(a))
		}
	}
	return o
}

func (c *compiler) operand(n parse.Node) *operand {
	switch n := n.(type) {
	case *parse.FieldNode:
		return &operand{node: n, kind: opField, fields: fields(n.Ident)}
	case *parse.VariableNode:
		return &operand{node: n, kind: opVariable, variable: n.Ident[0], fields: fields(n.Ident[1:])}
	case *parse.IdentifierNode:
		return c.call(n, nil)
	case *parse.PipeNode:
		return &operand{node: n, kind: opPipe, pipe: c.pipeline(n)}
	case *parse.StringNode:
		return &operand{node: n, kind: opConst, constant: value{s: n.Text, str: true}}
	case *parse.BoolNode:
		return &operand{node: n, kind: opConst, constant: value{rv: reflect.ValueOf(n.True)}}
	case *parse.DotNode:
		return &operand{node: n, kind: opDot}
	}
	c.fail(n, "%s", n)
	return &operand{node: n, kind: opDot}
}

func fields(names []string) []*field {
	fs := make([]*field, len(names))
	for i, name := range names {
		fs[i] = &field{name: name}
	}
	return fs
}

func (c *compiler) call(id *parse.IdentifierNode, args []parse.Node) *operand {
	k := &call{name: id.Ident}
	if fn, ok := c.p.funcs[id.Ident]; ok {
		k.fn, k.fnValue = fn, reflect.ValueOf(fn)
	} else {
		switch id.Ident {
		case "and", "or", "not", "eq", "ne", "print":
			k.builtin = id.Ident
		default:
			c.fail(id, "the function %s", id.Ident)
		}
	}
	for _, a := range args {
		k.args = append(k.args, c.operand(a))
	}
	return &operand{node: id, kind: opCall, call: k}
}
