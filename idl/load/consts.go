package load

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"math"

	"golang.org/x/tools/go/packages"

	"github.com/cidlc/cidlc/idl/contract"
	"github.com/cidlc/cidlc/idl/model"
)

// declareConsts turns the constants of f into enum values (constants of an enum type) and plain
// constants (everything else).
func (c *builder) declareConsts(p *packages.Package, f *ast.File) {
	sf := c.files[f]
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST {
			continue
		}
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			for _, ident := range vs.Names {
				obj, _ := p.TypesInfo.Defs[ident].(*types.Const)
				if obj == nil || ident.Name == "_" {
					continue
				}
				c.declareConst(p, sf, ident, obj, specDoc(gd, vs.Doc, vs.Comment))
			}
		}
	}
}

func (c *builder) declareConst(p *packages.Package, f *model.File, ident *ast.Ident, obj *types.Const, doc string) {
	subject := "const " + ident.Name
	if !ident.IsExported() {
		c.errorf(ident.Pos(), "%s: unexported constants are not allowed in the IDL; export it (%s)", subject, exportHint(ident.Name, false))
		return
	}
	pos := c.fset.Position(ident.Pos())
	if n, ok := types.Unalias(obj.Type()).(*types.Named); ok {
		d := c.decls[n.Obj()]
		switch {
		case d == nil:
			c.errorf(ident.Pos(), "%s: its type %s is not an IDL type: %s", subject, c.typeString(obj.Type(), p), c.outsideTree(n.Obj()))
		case d.kind == kindBad:
			// Reported at the type.
		case d.kind != kindEnum:
			c.errorf(ident.Pos(), "%s: constants of %s are not IDL values; only enums (string types) and primitives have constants", subject, n.Obj().Name())
		case d.pkg != p:
			c.errorf(ident.Pos(), "%s: values of enum %s must be declared in the enum's own package (%s)", subject, n.Obj().Name(), d.pkg.Name)
		default:
			value := constant.StringVal(obj.Val())
			if !c.validUTF8(ident, subject, value) {
				return
			}
			for _, prev := range d.enum.Values {
				if prev.Value == value {
					c.errorf(ident.Pos(), "%s: enum %s already has the value %q (%s)", subject, d.enum.Name, value, prev.Name)
					return
				}
			}
			d.enum.Values = append(d.enum.Values, &model.EnumValue{Name: ident.Name, Value: value, Doc: doc, Pos: pos})
		}
		return
	}

	b, ok := obj.Type().(*types.Basic)
	if !ok {
		c.errorf(ident.Pos(), "%s: %s is not an IDL type", subject, c.typeString(obj.Type(), p))
		return
	}
	k := &model.Const{Decl: model.Decl{Name: ident.Name, Doc: doc, Pos: pos, File: f}}
	val := obj.Val()
	switch {
	case b.Kind() == types.Bool || b.Kind() == types.UntypedBool:
		k.Type, k.Value = c.types.of(model.Bool), constant.BoolVal(val)
	case b.Kind() == types.String || b.Kind() == types.UntypedString:
		if !c.validUTF8(ident, subject, constant.StringVal(val)) {
			return
		}
		k.Type, k.Value = c.types.of(model.String), constant.StringVal(val)
	case b.Kind() == types.Float64 || b.Kind() == types.UntypedFloat || b.Kind() == types.UntypedInt:
		f64, exact := constant.Float64Val(val)
		if math.IsInf(f64, 0) {
			// An untyped constant has no limit; Go itself would refuse to give this one a float64 type.
			c.errorf(ident.Pos(), "%s: %s overflows float64, the IDL's number type", subject, val.String())
			return
		}
		if !exact && val.Kind() == constant.Int {
			c.errorf(ident.Pos(), "%s: %s is not exactly representable as a float64, the IDL's number type", subject, val.ExactString())
			return
		}
		k.Type, k.Value = c.types.of(model.Number), f64
	case isInteger(b):
		bits := integerBits(b)
		f64, _ := constant.Float64Val(val)
		if lo, hi := contract.IntegerRange(bits); f64 < lo || f64 > hi {
			// Go takes int's 64 bits; the wire holds integers exactly up to 2^53.
			c.errorf(ident.Pos(), "%s: %s is out of the range of the IDL's %s, %s to %s", subject, val.ExactString(),
				contract.IntegerName(bits), contract.FormatNumber(lo), contract.FormatNumber(hi))
			return
		}
		k.Type, k.Value = c.types.integer(bits), f64
	case b.Kind() == types.UntypedRune:
		c.errorf(ident.Pos(), "%s: rune constants are not IDL values; use a string constant", subject)
		return
	case b.Kind() == types.UntypedComplex:
		c.errorf(ident.Pos(), "%s: complex constants are not IDL values; IDL numbers are float64", subject)
		return
	default:
		c.errorf(ident.Pos(), "%s: %s", subject, basicProblem(b))
		return
	}
	f.Consts = append(f.Consts, k)
}

// validUTF8 reports a string value that is not valid UTF-8 (as "\xff" escapes can make): Pulumi's
// strings and TypeScript's are Unicode text, which cannot hold it.
func (c *builder) validUTF8(ident *ast.Ident, subject, value string) bool {
	i := invalidUTF8(value)
	if i < 0 {
		return true
	}
	c.errorf(ident.Pos(), "%s: the value is not valid UTF-8 (byte %#02x at offset %d); Pulumi's strings and TypeScript's are Unicode text, which cannot hold it",
		subject, value[i], i)
	return false
}
