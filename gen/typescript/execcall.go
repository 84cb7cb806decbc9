package typescript

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"text/template/parse"
)

// How an execution (see execute.go) calls functions: the builtins, the functions of templateFuncs of the
// signatures it knows, and the others through reflection, as text/template does.

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
		// Evaluated first: an argument that is itself a call uses the stack above base, then leaves it.
		v := s.operand(dot, a)
		s.vals = append(s.vals, v)
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

// stringArgs returns args as strings, when all are, in a slice valid until the next call.
func (s *execState) stringArgs(args []value) ([]string, bool) {
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
		if ss, ok := s.stringArgs(args); ok && len(ss) >= 1 {
			fn(ss[0], ss[1:]...)
			return writtenValue, true
		}
	case func(...string) written:
		if ss, ok := s.stringArgs(args); ok {
			fn(ss...)
			return writtenValue, true
		}
	case func(string, string, string) written:
		if ss, ok := s.stringArgs(args); ok && len(ss) == 3 {
			fn(ss[0], ss[1], ss[2])
			return writtenValue, true
		}
	case func(string, string, ...string) written:
		if ss, ok := s.stringArgs(args); ok && len(ss) >= 2 {
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
		if ss, ok := s.stringArgs(args); ok {
			return value{s: fn(ss...), str: true}, true
		}
	case func(bool, ...string) string:
		if len(args) >= 1 && !args[0].str && args[0].rv.IsValid() && args[0].rv.Type() == boolType {
			if ss, ok := s.stringArgs(args[1:]); ok {
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
