package typescript

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
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

// A value is what an operand evaluates to. Strings, most of what templates handle, are kept as they
// are: a reflect.Value of a string result would cost an allocation.
type value struct {
	rv  reflect.Value // the value, when !str; a string's, when it has one
	s   string
	str bool // a string of type string, in s
}

// reflect returns v as a reflect.Value.
func (v value) reflect() reflect.Value {
	if v.str && !v.rv.IsValid() {
		return reflect.ValueOf(v.s)
	}
	return v.rv
}

var (
	stringType       = reflect.TypeFor[string]()
	boolType         = reflect.TypeFor[bool]()
	writtenType      = reflect.TypeFor[written]()
	writtenValue     = value{rv: reflect.ValueOf(written{})}
	errorType        = reflect.TypeFor[error]()
	fmtStringerType  = reflect.TypeFor[fmt.Stringer]()
	reflectValueType = reflect.TypeFor[reflect.Value]()
)

// ofValue returns v as a value, its string in s when it is a string.
func ofValue(rv reflect.Value) value {
	if rv.IsValid() && rv.Type() == stringType {
		return value{rv: rv, s: rv.String(), str: true}
	}
	return value{rv: rv}
}

type variable struct {
	name  string
	value value
}

// execState is one execution of a template.
type execState struct {
	p     *program
	tmpl  *compiledTemplate
	node  parse.Node // the node being executed, for errors
	vars  []variable // a stack; the template being executed sees those from base on
	base  int
	depth int
	vals  []value  // the arguments of the calls being evaluated, a stack
	strs  []string // the string arguments of the call being made
	anys  []any    // or its arguments of type any
}

// execError is how an execution stops: recovered by program.execute.
type execError struct{ err error }

func (s *execState) errorf(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	var err error
	if s.node == nil {
		err = fmt.Errorf("template: %s: %s", s.tmpl.name, msg)
	} else {
		location, context := s.tmpl.tree.ErrorContext(s.node)
		err = fmt.Errorf("template: %s: executing %q at <%s>: %s", location, s.tmpl.name, context, msg)
	}
	panic(execError{err})
}

func (s *execState) walk(dot reflect.Value, steps []step) {
	for _, st := range steps {
		switch st := st.(type) {
		case *textStep:
			s.p.out.Write(st.text)
		case *actionStep:
			v := s.pipeline(dot, st.pipe)
			if len(st.pipe.decl) == 0 {
				s.print(st.pipe.node, v)
			}
		case *ifStep:
			mark := len(s.vars)
			v := s.pipeline(dot, st.pipe)
			s.node = st.node
			if s.isTrue(v, true) {
				if st.with {
					s.walk(v.reflect(), st.list)
				} else {
					s.walk(dot, st.list)
				}
			} else if st.elseList != nil {
				s.walk(dot, st.elseList)
			}
			s.vars = s.vars[:mark]
		case *rangeStep:
			s.walkRange(dot, st)
		case *templateStep:
			s.walkTemplate(dot, st)
		}
	}
}

func (s *execState) walkRange(dot reflect.Value, r *rangeStep) {
	outer := len(s.vars)
	v := s.pipeline(dot, r.pipe)
	s.node = r.node
	if v.str {
		s.errorf("range can't iterate over %v", v.s)
	}
	val, _ := indirect(v.rv)
	mark := len(s.vars)
	decl := r.pipe.decl
	switch val.Kind() {
	case reflect.Array, reflect.Slice:
		n := val.Len()
		for i := range n {
			elem := val.Index(i)
			if len(decl) > 0 {
				if r.pipe.assign {
					if len(decl) > 1 {
						s.setVar(decl[0], value{rv: reflect.ValueOf(i)})
						s.setVar(decl[1], ofValue(elem))
					} else {
						s.setVar(decl[0], ofValue(elem))
					}
				} else {
					s.vars[mark-1].value = ofValue(elem)
					if len(decl) > 1 {
						s.vars[mark-2].value = value{rv: reflect.ValueOf(i)}
					}
				}
			}
			s.walk(elem, r.list)
			s.vars = s.vars[:mark]
		}
		if n > 0 {
			s.vars = s.vars[:outer]
			return
		}
	case reflect.Invalid:
	default:
		s.errorf("the executor of gen/typescript ranges over slices and arrays only, not %v", val.Type())
	}
	if r.elseList != nil {
		s.walk(dot, r.elseList)
	}
	s.vars = s.vars[:outer]
}

func (s *execState) walkTemplate(dot reflect.Value, t *templateStep) {
	s.node = t.node
	c, err := s.p.lookup(t.name)
	if err != nil {
		s.errorf("%v", err)
	}
	if s.depth == maxExecDepth {
		s.errorf("exceeded maximum template depth (%v)", maxExecDepth)
	}
	// Variables declared by the pipeline persist.
	newDot := s.pipeline(dot, t.pipe).reflect()
	// No dynamic scoping: the template sees $ alone.
	tmpl, base, mark := s.tmpl, s.base, len(s.vars)
	s.tmpl, s.base = c, mark
	s.vars = append(s.vars, variable{"$", value{rv: newDot}})
	s.depth++
	s.walk(newDot, c.root)
	s.depth--
	s.tmpl, s.base, s.vars = tmpl, base, s.vars[:mark]
}

func (s *execState) pipeline(dot reflect.Value, p *pipeline) value {
	if p == nil {
		return value{}
	}
	s.node = p.node
	v := s.operand(dot, p.cmds[0])
	if !v.str && v.rv.Kind() == reflect.Interface && v.rv.Type().NumMethod() == 0 {
		v = ofValue(v.rv.Elem())
	}
	for _, name := range p.decl {
		if p.assign {
			s.setVar(name, v)
		} else {
			s.vars = append(s.vars, variable{name, v})
		}
	}
	return v
}

func (s *execState) setVar(name string, v value) {
	for i := len(s.vars) - 1; i >= s.base; i-- {
		if s.vars[i].name == name {
			s.vars[i].value = v
			return
		}
	}
	s.errorf("undefined variable: %s", name)
}

func (s *execState) varValue(name string) value {
	for i := len(s.vars) - 1; i >= s.base; i-- {
		if s.vars[i].name == name {
			return s.vars[i].value
		}
	}
	s.errorf("undefined variable: %s", name)
	return value{}
}

func (s *execState) operand(dot reflect.Value, o *operand) value {
	switch o.kind {
	case opField:
		s.node = o.node
		return s.fieldChain(dot, dot, o)
	case opVariable:
		s.node = o.node
		v := s.varValue(o.variable)
		if len(o.fields) == 0 {
			return v
		}
		return s.fieldChain(dot, v.reflect(), o)
	case opCall:
		return s.call(dot, o)
	case opPipe:
		return s.pipeline(dot, o.pipe)
	case opConst:
		return o.constant
	default: // opDot
		return value{rv: dot}
	}
}

// fieldChain evaluates the fields of o on receiver, the last with the arguments of o, evaluated on dot.
func (s *execState) fieldChain(dot, receiver reflect.Value, o *operand) value {
	fs := o.fields
	for _, f := range fs[:len(fs)-1] {
		receiver = s.field(dot, receiver, f, nil)
	}
	return ofValue(s.field(dot, receiver, fs[len(fs)-1], o.args))
}

// field evaluates f on receiver as text/template's evalField does: a method is called with args,
// evaluated on dot. Where the field is, for the receiver's type, is remembered.
func (s *execState) field(dot, receiver reflect.Value, f *field, args []*operand) reflect.Value {
	if !receiver.IsValid() {
		// The templates are parsed with missingkey=error, which treats an invalid value as a missing key.
		s.errorf("nil data; no entry for key %q", f.name)
	}
	typ := receiver.Type()
	receiver, isNil := indirect(receiver)
	if receiver.Kind() == reflect.Interface && isNil {
		s.errorf("nil pointer evaluating %s.%s", typ, f.name)
	}
	ptr := receiver
	if ptr.Kind() != reflect.Interface && ptr.Kind() != reflect.Pointer && ptr.CanAddr() {
		ptr = ptr.Addr()
	}
	if f.typ != ptr.Type() {
		f.typ, f.method, f.index = ptr.Type(), -1, nil
		if m, ok := ptr.Type().MethodByName(f.name); ok {
			f.method = m.Index
		} else if receiver.Kind() == reflect.Struct {
			if tf, ok := receiver.Type().FieldByName(f.name); ok && tf.IsExported() {
				f.index = tf.Index
			}
		}
	}
	if f.method >= 0 {
		return s.callMethod(dot, ptr.Method(f.method), f.name, args)
	}
	if len(args) > 0 {
		s.errorf("%s has arguments but cannot be invoked as function", f.name)
	}
	if f.index != nil {
		v, err := receiver.FieldByIndexErr(f.index)
		if err != nil {
			s.errorf("%v", err)
		}
		return v
	}
	switch receiver.Kind() {
	case reflect.Struct:
		if tf, ok := receiver.Type().FieldByName(f.name); ok && !tf.IsExported() {
			s.errorf("%s is an unexported field of struct type %s", f.name, typ)
		}
	case reflect.Map:
		nameVal := reflect.ValueOf(f.name)
		if nameVal.Type().AssignableTo(receiver.Type().Key()) {
			result := receiver.MapIndex(nameVal)
			if !result.IsValid() {
				s.errorf("map has no entry for key %q", f.name)
			}
			return result
		}
	case reflect.Pointer:
		etyp := receiver.Type().Elem()
		if etyp.Kind() == reflect.Struct {
			if _, ok := etyp.FieldByName(f.name); !ok {
				break
			}
		}
		if isNil {
			s.errorf("nil pointer evaluating %s.%s", typ, f.name)
		}
	}
	s.errorf("can't evaluate field %s in type %s", f.name, typ)
	return reflect.Value{}
}

// indirect returns the item at the end of indirection, and a bool to indicate if it's nil: text/template's.
func indirect(v reflect.Value) (rv reflect.Value, isNil bool) {
	for ; v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface; v = v.Elem() {
		if v.IsNil() {
			return v, true
		}
	}
	return v, false
}

// indirectInterface returns the concrete value in an interface value, or else the zero reflect.Value.
func indirectInterface(v reflect.Value) reflect.Value {
	if v.Kind() != reflect.Interface {
		return v
	}
	if v.IsNil() {
		return reflect.Value{}
	}
	return v.Elem()
}

// isTrue is the truth of v for if, with, and, or and not; with strict, a value without one (a struct is
// true, a channel…) is an error, as it is for if and with.
func (s *execState) isTrue(v value, strict bool) bool {
	if v.str {
		return v.s != ""
	}
	val := indirectInterface(v.rv)
	if !val.IsValid() {
		return false
	}
	switch val.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return val.Len() > 0
	case reflect.Bool:
		return val.Bool()
	case reflect.Complex64, reflect.Complex128:
		return val.Complex() != 0
	case reflect.Chan, reflect.Func, reflect.Pointer, reflect.UnsafePointer, reflect.Interface:
		return !val.IsNil()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return val.Int() != 0
	case reflect.Float32, reflect.Float64:
		return val.Float() != 0
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return val.Uint() != 0
	case reflect.Struct:
		return true
	}
	if strict {
		s.errorf("if/with can't use %v", val)
	}
	return false
}

// print writes v as text/template's printValue does: through fmt, but for a string, written out as it
// is, and for the written of a function, which prints as nothing.
func (s *execState) print(n parse.Node, v value) {
	if v.str {
		s.p.out.WriteString(v.s)
		return
	}
	if v.rv.IsValid() && v.rv.Type() == writtenType {
		return
	}
	s.node = n
	iface, ok := printableValue(v.rv)
	if !ok {
		s.errorf("can't print %s of type %s", n, v.rv.Type())
	}
	fmt.Fprint(s.p.out, iface)
}

// printableValue is text/template's: the value, possibly indirected, that fmt prints best.
func printableValue(v reflect.Value) (any, bool) {
	if v.Kind() == reflect.Pointer {
		v, _ = indirect(v)
	}
	if !v.IsValid() {
		return "<no value>", true
	}
	if !v.Type().Implements(errorType) && !v.Type().Implements(fmtStringerType) {
		if v.CanAddr() && (reflect.PointerTo(v.Type()).Implements(errorType) || reflect.PointerTo(v.Type()).Implements(fmtStringerType)) {
			v = v.Addr()
		} else {
			switch v.Kind() {
			case reflect.Chan, reflect.Func:
				return nil, false
			}
		}
	}
	return v.Interface(), true
}

// call evaluates a function with its arguments.
func (s *execState) call(dot reflect.Value, o *operand) value {
	k := o.call
	switch k.builtin {
	case "and", "or":
		var v value
		for _, a := range k.args {
			v = s.operand(dot, a)
			if s.isTrue(v, false) == (k.builtin == "or") {
				return v
			}
		}
		return v
	case "not":
		if len(k.args) != 1 {
			s.node = o.node
			s.errorf("wrong number of args for not: want 1 got %d", len(k.args))
		}
		return value{rv: reflect.ValueOf(!s.isTrue(s.operand(dot, k.args[0]), false))}
	}
	base := len(s.vals)
	for _, a := range k.args {
		s.vals = append(s.vals, s.operand(dot, a))
	}
	v := s.apply(o, s.vals[base:])
	s.vals = s.vals[:base]
	return v
}

// apply applies the function of o to args.
func (s *execState) apply(o *operand, args []value) value {
	k := o.call
	s.node = o.node
	switch k.builtin {
	case "eq", "ne":
		if len(args) < 2 || (k.builtin == "ne" && len(args) != 2) {
			s.errorf("wrong number of args for %s: got %d", k.builtin, len(args))
		}
		equal, err := eq(args[0].reflect(), args[1:])
		if err != nil {
			s.errorf("error calling %s: %v", k.builtin, err)
		}
		return value{rv: reflect.ValueOf(equal == (k.builtin == "eq"))}
	case "print":
		if v, ok := s.concat(args); ok {
			return v
		}
		ifaces := make([]any, len(args))
		for i, a := range args {
			ifaces[i] = printArg(a)
		}
		return value{s: fmt.Sprint(ifaces...), str: true}
	}
	if v, ok := s.callDirect(k, args); ok {
		return v
	}
	return s.callGeneric(k, o.node, args)
}

// printArg is what the print builtin is given of v: what text/template passes to fmt.Sprint.
func printArg(v value) any {
	if v.str {
		return v.s
	}
	if !v.rv.IsValid() {
		return nil
	}
	return v.rv.Interface()
}

// concat is print of strings alone, which fmt.Sprint joins without spaces.
func (s *execState) concat(args []value) (value, bool) {
	n := 0
	for _, a := range args {
		if !a.str {
			return value{}, false
		}
		n += len(a.s)
	}
	var b strings.Builder
	b.Grow(n)
	for _, a := range args {
		b.WriteString(a.s)
	}
	return value{s: b.String(), str: true}, true
}

// strings returns args as strings, when all are, in a slice valid until the next call.
func (s *execState) strings(args []value) ([]string, bool) {
	s.strs = s.strs[:0]
	for _, a := range args {
		if !a.str {
			return nil, false
		}
		s.strs = append(s.strs, a.s)
	}
	return s.strs, true
}

// callDirect calls a function of templateFuncs without reflection when its signature is one the
// templates call per property and every argument has the type it takes. It reports whether it did.
func (s *execState) callDirect(k *call, args []value) (value, bool) {
	switch fn := k.fn.(type) {
	case func(string) written:
		if len(args) == 1 && args[0].str {
			fn(args[0].s)
			return writtenValue, true
		}
	case func(string, ...string) written:
		if ss, ok := s.strings(args); ok && len(ss) >= 1 {
			fn(ss[0], ss[1:]...)
			return writtenValue, true
		}
	case func(...string) written:
		if ss, ok := s.strings(args); ok {
			fn(ss...)
			return writtenValue, true
		}
	case func(string, string, string) written:
		if ss, ok := s.strings(args); ok && len(ss) == 3 {
			fn(ss[0], ss[1], ss[2])
			return writtenValue, true
		}
	case func(string, string, ...string) written:
		if ss, ok := s.strings(args); ok && len(ss) >= 2 {
			fn(ss[0], ss[1], ss[2:]...)
			return writtenValue, true
		}
	case func(string, ...any) written:
		if len(args) >= 1 && args[0].str {
			s.anys = s.anys[:0]
			for _, a := range args[1:] {
				s.anys = append(s.anys, printArg(a))
			}
			fn(args[0].s, s.anys...)
			clear(s.anys)
			return writtenValue, true
		}
	case func(string) string:
		if len(args) == 1 && args[0].str {
			return value{s: fn(args[0].s), str: true}, true
		}
	case func(string, string) string:
		if len(args) == 2 && args[0].str && args[1].str {
			return value{s: fn(args[0].s, args[1].s), str: true}, true
		}
	case func(...string) string:
		if ss, ok := s.strings(args); ok {
			return value{s: fn(ss...), str: true}, true
		}
	case func(bool, ...string) string:
		if len(args) >= 1 && !args[0].str && args[0].rv.IsValid() && args[0].rv.Type() == boolType {
			if ss, ok := s.strings(args[1:]); ok {
				return value{s: fn(args[0].rv.Bool(), ss...), str: true}, true
			}
		}
	}
	return value{}, false
}

// callMethod calls a method with args, evaluated on dot.
func (s *execState) callMethod(dot, method reflect.Value, name string, args []*operand) reflect.Value {
	node := s.node
	typ := method.Type()
	if typ.IsVariadic() || len(args) != typ.NumIn() {
		s.errorf("wrong number of args for %s: want %d got %d", name, typ.NumIn(), len(args))
	}
	var argv []reflect.Value
	for i, a := range args {
		argv = append(argv, s.argument(a, s.operand(dot, a), typ.In(i)))
	}
	return s.callReflect(method, name, node, argv)
}

// callGeneric calls a function through reflection, its arguments checked and converted as
// text/template's evalCall does.
func (s *execState) callGeneric(k *call, node parse.Node, args []value) value {
	typ := k.fnValue.Type()
	numIn := len(args)
	numFixed := numIn
	if typ.IsVariadic() {
		numFixed = typ.NumIn() - 1
		if numIn < numFixed {
			s.errorf("wrong number of args for %s: want at least %d got %d", k.name, typ.NumIn()-1, numIn)
		}
	} else if numIn != typ.NumIn() {
		s.errorf("wrong number of args for %s: want %d got %d", k.name, typ.NumIn(), numIn)
	}
	argv := make([]reflect.Value, numIn)
	for i, a := range args {
		var t reflect.Type
		if i < numFixed {
			t = typ.In(i)
		} else {
			t = typ.In(typ.NumIn() - 1).Elem()
		}
		argv[i] = s.argument(k.args[i], a, t)
	}
	return ofValue(s.callReflect(k.fnValue, k.name, node, argv))
}

// argument converts the value of an argument to the type of its parameter, as text/template's evalArg
// does: a constant takes the parameter's type, anything else must be assignable to it.
func (s *execState) argument(o *operand, v value, typ reflect.Type) reflect.Value {
	if o.kind == opConst {
		switch {
		case v.str && typ.Kind() == reflect.String:
			c := reflect.New(typ).Elem()
			c.SetString(v.s)
			return c
		case !v.str && typ.Kind() == reflect.Bool:
			c := reflect.New(typ).Elem()
			c.SetBool(v.rv.Bool())
			return c
		case typ.Kind() == reflect.Interface && typ.NumMethod() == 0:
			return v.reflect()
		}
		s.errorf("can't handle %s for arg of type %s", o.node, typ)
	}
	return s.validateType(v.reflect(), typ)
}

// validateType is text/template's: the value, valid and assignable to typ.
func (s *execState) validateType(value reflect.Value, typ reflect.Type) reflect.Value {
	if !value.IsValid() {
		if typ == nil {
			return reflect.ValueOf(nil)
		}
		switch typ.Kind() {
		case reflect.Chan, reflect.Func, reflect.Interface, reflect.Map, reflect.Pointer, reflect.Slice:
			return reflect.Zero(typ)
		}
		s.errorf("invalid value; expected %s", typ)
	}
	if typ == reflectValueType && value.Type() != typ {
		return reflect.ValueOf(value)
	}
	if typ != nil && !value.Type().AssignableTo(typ) {
		if value.Kind() == reflect.Interface && !value.IsNil() {
			value = value.Elem()
			if value.Type().AssignableTo(typ) {
				return value
			}
		}
		switch {
		case value.Kind() == reflect.Pointer && value.Type().Elem().AssignableTo(typ):
			value = value.Elem()
			if !value.IsValid() {
				s.errorf("dereference of nil pointer of type %s", typ)
			}
		case reflect.PointerTo(value.Type()).AssignableTo(typ) && value.CanAddr():
			value = value.Addr()
		default:
			s.errorf("wrong type for value; expected %s; got %s", typ, value.Type())
		}
	}
	return value
}

// callReflect calls fn (a function or a method value) through reflection with argv, as text/template's
// safeCall does: a panic or an error result stops the execution with an error.
func (s *execState) callReflect(fn reflect.Value, name string, node parse.Node, argv []reflect.Value) (v reflect.Value) {
	typ := fn.Type()
	if typ.NumOut() == 0 || typ.NumOut() > 2 || (typ.NumOut() == 2 && typ.Out(1) != errorType) {
		s.errorf("can't call %s: it must return one value, or a value and an error", name)
	}
	if !typ.IsVariadic() && len(argv) != typ.NumIn() {
		s.errorf("wrong number of args for %s: want %d got %d", name, typ.NumIn(), len(argv))
	}
	var err error
	func() {
		defer func() {
			if r := recover(); r != nil {
				if e, ok := r.(error); ok {
					err = e
				} else {
					err = fmt.Errorf("%v", r)
				}
			}
		}()
		out := fn.Call(argv)
		if len(out) == 2 && !out[1].IsNil() {
			err = out[1].Interface().(error)
		}
		v = out[0]
	}()
	if err != nil {
		if node != nil {
			s.node = node
		}
		s.errorf("error calling %s: %v", name, err)
	}
	return v
}

var errBadComparison = errors.New("incompatible types for comparison")

// eq is text/template's eq: whether arg1 equals one of arg2.
func eq(arg1 reflect.Value, arg2 []value) (bool, error) {
	arg1 = indirectInterface(arg1)
	k1, _ := basicKind(arg1)
	for _, a := range arg2 {
		arg := indirectInterface(a.reflect())
		k2, _ := basicKind(arg)
		truth := false
		if k1 != k2 {
			switch {
			case k1 == intKind && k2 == uintKind:
				truth = arg1.Int() >= 0 && uint64(arg1.Int()) == arg.Uint()
			case k1 == uintKind && k2 == intKind:
				truth = arg.Int() >= 0 && arg1.Uint() == uint64(arg.Int())
			default:
				if arg1.IsValid() && arg.IsValid() {
					return false, fmt.Errorf("%w: %v and %v", errBadComparison, arg1.Type(), arg.Type())
				}
			}
		} else {
			switch k1 {
			case boolKind:
				truth = arg1.Bool() == arg.Bool()
			case complexKind:
				truth = arg1.Complex() == arg.Complex()
			case floatKind:
				truth = arg1.Float() == arg.Float()
			case intKind:
				truth = arg1.Int() == arg.Int()
			case stringKind:
				truth = arg1.String() == arg.String()
			case uintKind:
				truth = arg1.Uint() == arg.Uint()
			default:
				if k1 := arg1.Kind(); k1 != arg.Kind() && arg1.IsValid() && arg.IsValid() {
					return false, fmt.Errorf("non-comparable types %s: %v, %s: %v", arg1, arg1.Type(), arg.Type(), arg)
				}
				if isNil(arg1) || isNil(arg) {
					truth = isNil(arg) == isNil(arg1)
				} else {
					if !arg.Type().Comparable() {
						return false, fmt.Errorf("non-comparable type %s: %v", arg, arg.Type())
					}
					truth = arg1.Interface() == arg.Interface()
				}
			}
		}
		if truth {
			return true, nil
		}
	}
	return false, nil
}

type kind int

const (
	invalidKind kind = iota
	boolKind
	complexKind
	intKind
	floatKind
	stringKind
	uintKind
)

func basicKind(v reflect.Value) (kind, error) {
	switch v.Kind() {
	case reflect.Bool:
		return boolKind, nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return intKind, nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return uintKind, nil
	case reflect.Float32, reflect.Float64:
		return floatKind, nil
	case reflect.Complex64, reflect.Complex128:
		return complexKind, nil
	case reflect.String:
		return stringKind, nil
	}
	return invalidKind, errBadComparison
}

// isNil reports whether v is the zero reflect.Value, or nil of its type.
func isNil(v reflect.Value) bool {
	if !v.IsValid() {
		return true
	}
	switch v.Kind() {
	case reflect.Chan, reflect.Func, reflect.Interface, reflect.Map, reflect.Pointer, reflect.Slice:
		return v.IsNil()
	}
	return false
}
