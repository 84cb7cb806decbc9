package provider

import (
	"context"
	"math"
	"regexp"
	"slices"
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// account is a struct whose fields have contracts, as cidlc generates its decoder.
type account struct {
	User  string
	Token string
}

var (
	accountUser  = &Constraints{MinLength: Int(2)}
	accountToken = &Constraints{Pattern: regexp.MustCompile(`^tok-[0-9]+$`)}
)

func unmarshalAccount(d *Decoder, v resource.PropertyValue) account {
	var a account
	o := d.Object(v)
	a.User = Required(o, "user", Checked(String[string], accountUser))
	a.Token = Required(o, "token", Checked(String[string], accountToken))
	o.Close()
	return a
}

// TestChecked: one failure per value at its path, naming every rule broken; elements at their own paths;
// nested structs checked wherever they appear; secrets never shown; unknowns and wrong kinds never a
// problem of the contract.
func TestChecked(t *testing.T) {
	size := &Constraints{Min: Float(10), Max: Float(100), MultipleOf: Float(10)}
	cidrs := &Constraints{MinItems: Int(1), MaxItems: Int(3), UniqueItems: true, Items: &Constraints{Pattern: regexp.MustCompile(`^[0-9./]+$`)}}
	settings := &Constraints{MaxProperties: Int(1), Items: &Constraints{Min: Float(0)}}
	password := &Constraints{MinLength: Int(12)}
	d := NewDecoder(Inputs)
	o := d.Properties(resource.PropertyMap{
		"size":     pv(5.0),
		"cidrs":    pv([]any{"10.0.0.0/8", "x", "10.0.0.0/8", "y", resource.MakeSecret(pv("hidden"))}),
		"settings": pv(map[string]any{"a": -1.0, "b c": 2.0}),
		"password": resource.MakeSecret(pv("hunter2")),
		"accounts": pv([]any{map[string]any{"user": "a", "token": "tok-1"}, map[string]any{"user": "bob", "token": "nope"}}),
		"vault":    resource.MakeSecret(pv(map[string]any{"user": "root", "token": "root-token"})),
		"unknown":  resource.MakeComputed(pv("")),
		"wrong":    pv("ten"),
		"ok":       pv(20.0),
	})
	Required(o, "size", Checked(Number[float64], size))
	Required(o, "cidrs", Checked(ArrayOf[[]string](String[string]), cidrs))
	Required(o, "settings", Checked(MapOf[map[string]float64](Number[float64]), settings))
	Required(o, "password", Checked(String[string], password))
	Required(o, "accounts", ArrayOf[[]account](unmarshalAccount))
	Required(o, "vault", unmarshalAccount)
	Required(o, "unknown", Checked(String[string], password))
	Required(o, "wrong", Checked(Number[float64], size))
	Required(o, "ok", Checked(Number[float64], size))
	o.Close()
	want := []string{
		`accounts[0].user: "a" has 1 character, fewer than the minimum length 2`,
		`accounts[1].token: "nope" does not match the pattern ^tok-[0-9]+$`,
		`cidrs: has 5 items, more than the maximum 3; items 0 and 2 are equal`,
		`cidrs[1]: "x" does not match the pattern ^[0-9./]+$`,
		`cidrs[3]: "y" does not match the pattern ^[0-9./]+$`,
		`cidrs[4]: the secret value does not match the pattern ^[0-9./]+$`,
		`password: the secret value has fewer characters than the minimum length 12`,
		`settings: has 2 entries, more than the maximum 1`,
		`settings.a: -1 is less than the minimum 0`,
		`size: 5 is less than the minimum 10; 5 is not a multiple of 10`,
		`vault.token: the secret value does not match the pattern ^tok-[0-9]+$`,
		`wrong: want a number, got a string`,
	}
	if got := failures(d); !slices.Equal(got, want) {
		t.Errorf("failures =\n%q\nwant\n%q", got, want)
	}

	// State is not checked against contracts: it passed Check once.
	d = NewDecoder(State)
	o = d.Properties(resource.PropertyMap{"size": pv(5.0)})
	Required(o, "size", Checked(Number[float64], size))
	if got := failures(d); len(got) > 0 {
		t.Errorf("state failures = %q", got)
	}
}

func TestUniqueItems(t *testing.T) {
	unique := &Constraints{UniqueItems: true}
	for _, c := range []struct {
		value resource.PropertyValue
		fails bool
	}{
		{pv([]any{1.0, "1", true, nil}), false},
		{pv([]any{map[string]any{"a": 1.0, "b": nil}, map[string]any{"a": 1.0}}), true}, // a null entry is absent
		{pv([]any{map[string]any{"a": 1.0}, map[string]any{"a": 2.0}}), false},
		{pv([]any{[]any{"x", "y"}, []any{"x", resource.MakeSecret(pv("y"))}}), true}, // secret or not, equal
		{pv([]any{"x", resource.MakeComputed(pv(""))}), false},                       // undecidable yet
		{pv([]any{0.0, math.Copysign(0, -1)}), true},                                 // -0 equals 0, as in JSON Schema and JavaScript
	} {
		d := NewDecoder(Inputs)
		o := d.Properties(resource.PropertyMap{"v": c.value})
		Required(o, "v", Checked(Any, unique))
		if got := failures(d); (len(got) > 0) != c.fails {
			t.Errorf("%v: failures %q, want failing %v", c.value, got, c.fails)
		}
	}
}

// TestEnumSecret: a secret that is not one of its enum's values is not shown either.
func TestEnumSecret(t *testing.T) {
	d := NewDecoder(Inputs)
	o := d.Properties(resource.PropertyMap{"c": resource.MakeSecret(pv("green"))})
	Required(o, "c", Enum[color])
	if got, want := failures(d), []string{`c: the secret value is not a valid color; want one of "red", "blue"`}; !slices.Equal(got, want) {
		t.Errorf("failures = %q, want %q", got, want)
	}
}

// gadget has a default, a secret input and a secret output.
type gadget struct {
	Size   float64
	Key    string
	Serial *string
}

var gadgetSize = &Constraints{Min: Float(1)}

var gadgetSpec = Spec[gadget]{
	Type: "test:index:Gadget",
	Properties: []Property{
		{Key: "size", Default: resource.NewNumberProperty(20)},
		{Key: "key", Secret: true},
		{Key: "serial", Out: true, Secret: true},
	},
	Unmarshal: func(g *gadget, o Object) {
		g.Size = Required(o, "size", Checked(Number[float64], gadgetSize))
		g.Key = Required(o, "key", String[string])
		g.Serial = Output(o, "serial", String[string])
	},
	Marshal: func(g *gadget) resource.PropertyMap {
		m := resource.PropertyMap{}
		Put(m, "size", g.Size, NumberValue[float64])
		Put(m, "key", g.Key, StringValue[string])
		PutOptional(m, "serial", g.Serial, StringValue[string])
		return m
	},
}

type gadgetOps struct{ created *gadget }

func (o *gadgetOps) Create(_ context.Context, _ resource.URN, g *gadget) (resource.ID, error) {
	g.Serial = new("S-1")
	o.created = g
	return "g-1", nil
}
func (*gadgetOps) Read(context.Context, resource.ID, *gadget) error            { return nil }
func (*gadgetOps) Update(context.Context, resource.ID, *gadget, *gadget) error { return nil }
func (*gadgetOps) Delete(context.Context, resource.ID, *gadget) error          { return nil }

// TestDefaultsAndSecrets: Check fills in defaults and makes secret inputs secret, in what the engine
// records; outputs and what Read returns keep the spec's secrets secret; a contract failure is a check
// failure.
func TestDefaultsAndSecrets(t *testing.T) {
	ops := &gadgetOps{}
	r := NewResource(gadgetSpec, ops, Hooks[gadget]{})
	ctx := context.Background()
	const urn = "urn:pulumi:dev::p::test:index:Gadget::g"
	resp, err := r.Check(ctx, &pulumirpc.CheckRequest{Urn: urn, News: toWire(t, resource.PropertyMap{"key": pv("k")})})
	if err != nil || len(resp.Failures) > 0 {
		t.Fatal(err, resp.GetFailures())
	}
	checked := fromWire(t, resp.Inputs)
	want := resource.PropertyMap{"size": pv(20.0), "key": resource.MakeSecret(pv("k"))}
	if !checked.DeepEquals(want) {
		t.Errorf("checked inputs = %v, want %v", checked, want)
	}
	resp, err = r.Check(ctx, &pulumirpc.CheckRequest{Urn: urn, News: toWire(t, resource.PropertyMap{"key": pv("k"), "size": pv(0.0)})})
	if err != nil || len(resp.Failures) != 1 || resp.Failures[0].Property != "size" || resp.Failures[0].Reason != "0 is less than the minimum 1" {
		t.Errorf("Check of a broken contract = %v, %v", resp.GetFailures(), err)
	}

	created, err := r.Create(ctx, &pulumirpc.CreateRequest{Urn: urn, Properties: resp.Inputs})
	if err != nil {
		t.Fatal(err)
	}
	outs := fromWire(t, created.Properties)
	if !outs["key"].IsSecret() || !outs["serial"].IsSecret() || outs["size"].IsSecret() {
		t.Errorf("Create outputs = %v; want key and serial secret", outs)
	}
	// State from before the default existed gets it too.
	read, err := r.Read(ctx, &pulumirpc.ReadRequest{Id: "g-1", Urn: urn,
		Properties: toWire(t, resource.PropertyMap{"key": pv("k"), "serial": pv("S-1")}),
		Inputs:     toWire(t, resource.PropertyMap{"key": pv("k")})})
	if err != nil {
		t.Fatal(err)
	}
	outs, ins := fromWire(t, read.Properties), fromWire(t, read.Inputs)
	if !outs["key"].IsSecret() || !outs["serial"].IsSecret() || !ins["key"].IsSecret() || !outs["size"].DeepEquals(pv(20.0)) {
		t.Errorf("Read = %v, inputs %v; want key and serial secret, and the default size", outs, ins)
	}
}
