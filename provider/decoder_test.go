package provider

import (
	"slices"
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/asset"
)

// color is an enum as cidlc generates them.
type color string

func (c color) Valid() bool   { return c == "red" || c == "blue" }
func (color) Values() []color { return []color{"red", "blue"} }

// shape is a struct as cidlc generates its decoder.
type shape struct {
	Name   string
	Sides  *float64
	Colors []color
}

func unmarshalShape(d *Decoder, v resource.PropertyValue) shape {
	var s shape
	o := d.Object(v)
	s.Name = Required(o, "name", String[string])
	s.Sides = Optional(o, "sides", Number[float64])
	s.Colors = Required(o, "colors", ArrayOf[[]color](Enum[color]))
	o.Close()
	return s
}

func pv(v any) resource.PropertyValue { return resource.NewPropertyValue(v) }

func failures(d *Decoder) []string {
	var fs []string
	for _, f := range d.Failures() {
		fs = append(fs, f.Property+": "+f.Reason)
	}
	return fs
}

func TestDecoderPaths(t *testing.T) {
	d := NewDecoder(Inputs)
	o := d.Properties(resource.PropertyMap{
		"shapes": pv([]any{
			map[string]any{"name": "ok", "colors": []any{"red"}},
			map[string]any{"name": 3.0, "colors": []any{"red", "green", true}, "edges": 4.0},
		}),
		"byName":     pv(map[string]any{"a b": map[string]any{"colors": "red"}}),
		"__defaults": pv([]any{}),
	})
	Required(o, "shapes", ArrayOf[[]shape](unmarshalShape))
	Optional(o, "byName", MapOf[map[string]shape](unmarshalShape))
	Required(o, "missing", String[string])
	o.Close()
	want := []string{
		`byName["a b"].colors: want an array, got a string`,
		`byName["a b"].name: missing required property`,
		`missing: missing required property`,
		`shapes[1].colors[1]: "green" is not a valid color; want one of "red", "blue"`,
		`shapes[1].colors[2]: want a string, got a bool`,
		`shapes[1].edges: unknown property`,
		`shapes[1].name: want a string, got a number`,
	}
	if got := failures(d); !slices.Equal(got, want) {
		t.Errorf("failures =\n%q\nwant\n%q", got, want)
	}
}

func TestDecoderState(t *testing.T) {
	// Values from state: missing properties and strangers are fine, outputs are read, types still matter.
	d := NewDecoder(State)
	o := d.Properties(resource.PropertyMap{"arn": pv("arn:x"), "old": pv(1.0), "count": pv("x")})
	if got := Output(o, "arn", String[string]); got == nil || *got != "arn:x" {
		t.Errorf("Output in state = %v", got)
	}
	Required(o, "name", String[string])
	Required(o, "count", Number[float64])
	o.Close()
	if got := failures(d); !slices.Equal(got, []string{"count: want a number, got a string"}) {
		t.Errorf("failures = %q", got)
	}
}

func TestDecoderUnknownsAndSecrets(t *testing.T) {
	d := NewDecoder(Inputs)
	secretList := resource.MakeSecret(pv([]any{"a", resource.MakeSecret(pv("b"))}))
	o := d.Properties(resource.PropertyMap{
		"name":   resource.MakeComputed(pv("")),
		"list":   secretList,
		"shape":  resource.MakeComputed(pv("")),
		"ref":    resource.MakeCustomResourceReference("urn:pulumi:s::p::t:m:T::x", "", ""),
		"output": resource.NewProperty(resource.Output{Element: pv(2.0), Known: true, Secret: true}),
		"any":    pv(map[string]any{"k": []any{resource.MakeSecret(pv(1.0)), nil}}),
	})
	if got := Required(o, "name", String[string]); got != "" {
		t.Errorf("unknown name = %q", got)
	}
	if got := Required(o, "list", ArrayOf[[]string](String[string])); !slices.Equal(got, []string{"a", "b"}) {
		t.Errorf("secret list = %q", got)
	}
	Required(o, "shape", unmarshalShape)
	if got := Required(o, "ref", RefTo("t:m:T")); got.URN == "" || got.ID != "" {
		t.Errorf("reference with an unknown ID = %+v", got)
	}
	if got := Required(o, "output", Number[float64]); got != 2 {
		t.Errorf("known output value = %v", got)
	}
	got := Required(o, "any", Any)
	if m, ok := got.(map[string]any); !ok || len(m["k"].([]any)) != 2 || m["k"].([]any)[0] != 1.0 {
		t.Errorf("any = %#v", got)
	}
	o.Close()
	if fs := failures(d); len(fs) > 0 || !d.Unknown() {
		t.Errorf("failures = %q, unknown = %v; want none, and unknown", fs, d.Unknown())
	}
}

func TestDecoderOutputsAndNulls(t *testing.T) {
	d := NewDecoder(Inputs)
	o := d.Properties(resource.PropertyMap{"arn": pv("x"), "opt": resource.NewNullProperty(), "req": resource.NewNullProperty()})
	if got := Output(o, "arn", String[string]); got != nil {
		t.Errorf("Output in inputs = %v; want nil", got)
	}
	if got := Optional(o, "opt", String[string]); got != nil {
		t.Errorf("null optional = %v; want nil", got)
	}
	Required(o, "req", String[string])
	o.Close()
	want := []string{"arn: an output property; the provider sets it, a program may not", "req: missing required property"}
	if got := failures(d); !slices.Equal(got, want) {
		t.Errorf("failures = %q, want %q", got, want)
	}
}

func TestDecoderRefs(t *testing.T) {
	const vpcURN = "urn:pulumi:dev::p::acme:network/vpc:VPC::main"
	for _, c := range []struct {
		v    resource.PropertyValue
		want Ref
		fail string
	}{
		{resource.MakeCustomResourceReference(vpcURN, "vpc-1", ""), Ref{URN: vpcURN, ID: "vpc-1"}, ""},
		{pv(vpcURN), Ref{URN: vpcURN}, ""},
		{pv("vpc-1"), Ref{ID: "vpc-1"}, ""},
		{resource.MakeCustomResourceReference("urn:pulumi:dev::p::acme:x:Y::y", "y", ""), Ref{URN: "urn:pulumi:dev::p::acme:x:Y::y", ID: "y"},
			"v: want a reference to a resource of type acme:network/vpc:VPC, got one of type acme:x:Y"},
		{pv(map[string]any{}), Ref{}, "v: want a resource reference, got an object"},
	} {
		d := NewDecoder(Inputs)
		o := d.Properties(resource.PropertyMap{"v": c.v})
		got := Required(o, "v", RefTo("acme:network/vpc:VPC"))
		fs := failures(d)
		if got != c.want || (c.fail == "") != (len(fs) == 0) || (c.fail != "" && fs[0] != c.fail) {
			t.Errorf("ref of %v = %+v %q; want %+v %q", c.v, got, fs, c.want, c.fail)
		}
		if back := RefValue(got); c.fail == "" && got.URN != "" && !back.IsResourceReference() {
			t.Errorf("RefValue(%+v) = %v", got, back)
		}
	}
}

func TestEnumMapKeys(t *testing.T) {
	d := NewDecoder(Inputs)
	o := d.Properties(resource.PropertyMap{"m": pv(map[string]any{"red": 1.0, "green": 2.0})})
	got := Required(o, "m", EnumMapOf[map[color]float64](Number[float64]))
	o.Close()
	if len(got) != 2 || !slices.Equal(failures(d), []string{`m.green: "green" is not a valid color key`}) {
		t.Errorf("map = %v, failures = %q", got, failures(d))
	}
}

// TestRoundTrip encodes what it decoded, for every codec.
func TestRoundTrip(t *testing.T) {
	a, err := asset.FromText("hello")
	if err != nil {
		t.Fatal(err)
	}
	in := resource.PropertyMap{
		"s":      pv("x"),
		"n":      pv(1.5),
		"b":      pv(true),
		"e":      pv("red"),
		"a":      resource.NewProperty(a),
		"any":    pv(map[string]any{"k": []any{"v", 1.0, true, nil}}),
		"shapes": pv([]any{map[string]any{"name": "sq", "sides": 4.0, "colors": []any{"blue"}}}),
		"m":      pv(map[string]any{"red": []any{"a"}}),
	}
	d := NewDecoder(Inputs)
	o := d.Properties(in)
	s := Required(o, "s", String[string])
	n := Required(o, "n", Number[float64])
	b := Required(o, "b", Bool[bool])
	e := Required(o, "e", Enum[color])
	as := Required(o, "a", Asset)
	an := Required(o, "any", Any)
	shapes := Required(o, "shapes", ArrayOf[[]shape](unmarshalShape))
	m := Required(o, "m", EnumMapOf[map[color][]string](ArrayOf[[]string](String[string])))
	o.Close()
	if err := d.Err(); err != nil {
		t.Fatal(err)
	}
	marshalShape := func(s shape) resource.PropertyValue {
		m := resource.PropertyMap{}
		Put(m, "name", s.Name, StringValue[string])
		PutOptional(m, "sides", s.Sides, NumberValue[float64])
		Put(m, "colors", s.Colors, ArrayValueOf[[]color](StringValue[color]))
		return resource.NewProperty(m)
	}
	out := resource.PropertyMap{}
	Put(out, "s", s, StringValue[string])
	Put(out, "n", n, NumberValue[float64])
	Put(out, "b", b, BoolValue[bool])
	Put(out, "e", e, StringValue[color])
	Put(out, "a", as, AssetValue)
	Put(out, "any", an, AnyValue)
	Put(out, "shapes", shapes, ArrayValueOf[[]shape](marshalShape))
	Put(out, "m", m, MapValueOf[map[color][]string](ArrayValueOf[[]string](StringValue[string])))
	Put(out, "nil", nil, AnyValue)
	PutOptional(out, "absent", (*string)(nil), StringValue[string])
	if !out.DeepEquals(in) {
		t.Errorf("round trip:\n%v\nwant\n%v", out, in)
	}
}

// TestPathString: paths are written as Pulumi writes them, an empty key included.
func TestPathString(t *testing.T) {
	for _, c := range []struct {
		steps []step
		want  string
	}{
		{[]step{{key: "ingress", index: -1}, {index: 1}, {key: "fromPort", index: -1}}, "ingress[1].fromPort"},
		{[]step{{key: "tags", index: -1}, {key: "team name", index: -1}}, `tags["team name"]`},
		{[]step{{key: "", index: -1}}, `[""]`},
		{[]step{{key: "tags", index: -1}, {key: "", index: -1}}, `tags[""]`},
	} {
		if got := pathString(c.steps); got != c.want {
			t.Errorf("pathString(%v) = %s, want %s", c.steps, got, c.want)
		}
	}
}
