package typescript

import (
	"fmt"
	"reflect"
	"text/template/parse"
)

// The state of an execution of a template (see execute.go): the values it handles, its variables, and
// how it walks the steps, evaluates fields and prints values.

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
