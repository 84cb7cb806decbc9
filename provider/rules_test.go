package provider

import (
	"context"
	"slices"
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"

	"github.com/cidlc/cidlc/idl/celcheck"
)

// scaler is a resource as cidlc generates it for an IDL with a rule across properties and a check in
// CEL: minReplicas <= maxReplicas, and at most one of zone and zones.
type scaler struct {
	Name        string
	MinReplicas int
	MaxReplicas int
	Zone        *string
	Zones       *[]string
	Ratio       *float64
}

var (
	scalerChecks = celcheck.New(celcheck.Schema{
		Self: "Scaler",
		Objects: map[string][]celcheck.Field{"Scaler": {
			{Name: "name", Type: celcheck.StringType}, {Name: "minReplicas", Type: celcheck.IntType},
			{Name: "maxReplicas", Type: celcheck.IntType}, {Name: "zone", Type: celcheck.StringType},
			{Name: "zones", Type: celcheck.ListOf(celcheck.StringType)}, {Name: "ratio", Type: celcheck.DoubleType},
		}},
	}, celcheck.Rule{Expr: "self.minReplicas <= self.maxReplicas", Message: "minReplicas cannot be more than maxReplicas"})
	scalerRules = []Rule{{Kind: ConflictsWith, Subject: "zone", Names: []resource.PropertyKey{"zones"}}}
)

// enforced says what of the IDL's rules a scaler's unmarshal enforces: the check in CEL, the rule across
// properties.
type enforced struct{ check, rule bool }

// enforcements are the variants the benchmarks compare: nothing, either, both.
var enforcements = []struct {
	name string
	enforced
}{{"plain", enforced{}}, {"rule", enforced{rule: true}}, {"check", enforced{check: true}}, {"both", enforced{true, true}}}

// unmarshal reads the properties, and, as generated code does for an IDL with them, enforces the check
// and the rule that e says.
func (s *scaler) unmarshal(o Object, e enforced) {
	s.Name = Required(o, "name", String[string])
	s.MinReplicas = Required(o, "minReplicas", Integer[int])
	s.MaxReplicas = Required(o, "maxReplicas", Integer[int])
	s.Zone = Optional(o, "zone", String[string])
	s.Zones = Optional(o, "zones", ArrayOf[[]string](String[string]))
	s.Ratio = Optional(o, "ratio", Number[float64])
	if e.check {
		o.Checks(scalerChecks)
	}
	if e.rule {
		o.Rules(scalerRules)
	}
}

func scalerSpec(e enforced) Spec[scaler] {
	return Spec[scaler]{
		Type:  "test:index:Scaler",
		Named: true,
		Properties: []Property{
			{Key: "name", Replaces: true}, {Key: "minReplicas"}, {Key: "maxReplicas"}, {Key: "zone"}, {Key: "zones"}, {Key: "ratio"},
		},
		Unmarshal: func(s *scaler, o Object) { s.unmarshal(o, e) },
		Marshal:   func(*scaler) resource.PropertyMap { return resource.PropertyMap{} },
	}
}

const scalerURN = "urn:pulumi:dev::p::test:index:Scaler::s1"

// TestChecksAndRules: Check fails a value that breaks a check in CEL or a rule across properties, with
// their messages at the object's path and at the rule's subject's; a value not known yet leaves both to
// the update; a value that fails its type runs no check.
func TestChecksAndRules(t *testing.T) {
	r := NewResource(scalerSpec(enforced{true, true}), &nopOps[scaler]{}, Hooks[scaler]{})
	unknown := resource.MakeComputed(resource.NewProperty(""))
	for _, c := range []struct {
		name string
		news resource.PropertyMap
		want []string
	}{
		{"good", resource.PropertyMap{"minReplicas": resource.NewProperty(1.0), "maxReplicas": resource.NewProperty(3.0)}, nil},
		{"both broken", resource.PropertyMap{"minReplicas": resource.NewProperty(4.0), "maxReplicas": resource.NewProperty(3.0),
			"zone": resource.NewProperty("a"), "zones": resource.NewProperty([]resource.PropertyValue{resource.NewProperty("b")})},
			[]string{": minReplicas cannot be more than maxReplicas", "zone: zone cannot be set together with zones"}},
		{"a secret", resource.PropertyMap{"minReplicas": resource.MakeSecret(resource.NewProperty(4.0)), "maxReplicas": resource.NewProperty(3.0)},
			[]string{": minReplicas cannot be more than maxReplicas"}},
		{"not known yet", resource.PropertyMap{"minReplicas": unknown, "maxReplicas": resource.NewProperty(3.0),
			"zone": unknown, "zones": resource.NewProperty([]resource.PropertyValue{})}, nil},
		{"a wrong type", resource.PropertyMap{"minReplicas": resource.NewProperty(4.5), "maxReplicas": resource.NewProperty(3.0)},
			[]string{"minReplicas: 4.5 is not an integer"}},
	} {
		resp, err := r.Check(context.Background(), &pulumirpc.CheckRequest{Urn: scalerURN, News: toWire(t, c.news)})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range resp.GetFailures() {
			got = append(got, f.GetProperty()+": "+f.GetReason())
		}
		slices.Sort(got)
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: failures %q, want %q", c.name, got, c.want)
		}
	}
}

// nopOps are ops that do nothing, for tests of Check.
type nopOps[T any] struct{}

func (nopOps[T]) Create(context.Context, resource.URN, *T) (resource.ID, error) { return "id", nil }
func (nopOps[T]) Read(context.Context, resource.ID, *T) error                   { return nil }
func (nopOps[T]) Update(context.Context, resource.ID, *T, *T) error             { return nil }
func (nopOps[T]) Delete(context.Context, resource.ID, *T) error                 { return nil }

// BenchmarkCheck measures what a check in CEL and a rule across properties cost Check: the same
// resource's Check, over gRPC's message types, without them, with either and with both (one check of two
// integers, one rule of two properties). The IDL manual (idl/doc.go, Checks in CEL) gives the
// differences.
func BenchmarkCheck(b *testing.B) {
	news, err := marshalProperties(resource.PropertyMap{
		"minReplicas": resource.NewProperty(1.0), "maxReplicas": resource.NewProperty(3.0),
		"zone": resource.NewProperty("us-west-1a"), "ratio": resource.NewProperty(0.5),
	})
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range enforcements {
		r := NewResource(scalerSpec(c.enforced), &nopOps[scaler]{}, Hooks[scaler]{})
		req := &pulumirpc.CheckRequest{Urn: scalerURN, News: news}
		// The first Check compiles the checks: once per plugin start, not per call.
		if _, err := r.Check(context.Background(), req); err != nil {
			b.Fatal(err)
		}
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if resp, err := r.Check(context.Background(), req); err != nil || len(resp.GetFailures()) > 0 {
					b.Fatal(err, resp.GetFailures())
				}
			}
		})
	}
}

// BenchmarkCompileChecks measures what compiling a check costs, once per plugin start.
func BenchmarkCompileChecks(b *testing.B) {
	self := map[string]any{"minReplicas": 1.0, "maxReplicas": 3.0}
	for b.Loop() {
		checks := celcheck.New(celcheck.Schema{
			Self:    "Scaler",
			Objects: map[string][]celcheck.Field{"Scaler": {{Name: "minReplicas", Type: celcheck.IntType}, {Name: "maxReplicas", Type: celcheck.IntType}}},
		}, celcheck.Rule{Expr: "self.minReplicas <= self.maxReplicas"})
		if _, err := checks.Check(self); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeChecked measures the same as BenchmarkCheck without the rest of Check (marshaling the
// request and the response): the decode of the inputs, without and with the check and the rule.
func BenchmarkDecodeChecked(b *testing.B) {
	m := resource.PropertyMap{
		"name": resource.NewProperty("s1"), "minReplicas": resource.NewProperty(1.0), "maxReplicas": resource.NewProperty(3.0),
		"zone": resource.NewProperty("us-west-1a"), "ratio": resource.NewProperty(0.5),
	}
	for _, c := range enforcements {
		r := NewResource(scalerSpec(c.enforced), &nopOps[scaler]{}, Hooks[scaler]{})
		if _, err := r.Unmarshal(m, Inputs); err != nil {
			b.Fatal(err)
		}
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := r.Unmarshal(m, Inputs); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
