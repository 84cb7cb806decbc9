package main

import (
	"context"
	"encoding/binary"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/archive"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/asset"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	acme "github.com/cidlc/cidlc/examples/provider"
	"github.com/cidlc/cidlc/examples/provider/cloud"
	"github.com/cidlc/cidlc/examples/provider/compute"
	"github.com/cidlc/cidlc/examples/provider/network"
	"github.com/cidlc/cidlc/examples/provider/storage"
	"github.com/cidlc/cidlc/provider"
	"github.com/cidlc/cidlc/providertest"
)

// FuzzCheckCreate feeds property maps built from random bytes to Check and Create of a resource type
// the bytes choose, in-process (gRPC adds nothing to find here, and costs most of the time). The maps
// mix the resources' real property names with strangers, and values of every kind the engine can send
// (secrets, unknowns, assets, archives, references) in any shape. Nothing may panic; Check answers
// every well-formed request with failures, never an error; a preview Create takes any map; inputs that
// passed Check are created by the example's ops. Seeds are in testdata/fuzz/FuzzCheckCreate.
func FuzzCheckCreate(f *testing.F) {
	srv := configuredServer(f)
	ks := kinds(f)
	var types []tokens.Type
	for _, k := range ks {
		types = append(types, k.typ)
	}
	words := vocabulary(f, ks)
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fuzzBytes{data: data, types: types, words: words}
		typ := types[int(r.byte())%len(types)]
		u := urn(typ, r.word())
		news := props(t, r.object(3))
		ctx := context.Background()
		check, err := srv.Check(ctx, &pulumirpc.CheckRequest{Urn: string(u), News: news})
		if err != nil {
			// The SDK builds some maps that it cannot read back (a secret of null): those are the only
			// requests Check may refuse.
			if status.Code(err) != codes.InvalidArgument {
				t.Fatalf("Check: %v", err)
			}
			return
		}
		for _, fl := range check.GetFailures() {
			if fl.GetReason() == "" {
				t.Errorf("a failure without a reason: %v", fl)
			}
		}
		// A preview never reaches the ops: any map goes.
		if _, err := srv.Create(ctx, &pulumirpc.CreateRequest{Urn: string(u), Properties: news, Preview: true}); err != nil {
			t.Fatalf("preview Create: %v", err)
		}
		// The engine creates only what passed Check.
		if len(check.GetFailures()) == 0 {
			_, _ = srv.Create(ctx, &pulumirpc.CreateRequest{Urn: string(u), Properties: check.GetInputs()})
		}
	})
}

// FuzzInvoke feeds property maps built from random bytes to Invoke of a function the bytes choose, as
// FuzzCheckCreate does to Check: the maps mix the functions' inputs and results with strangers, and
// values of every kind the engine can send, in any shape, against a cloud that holds a bucket and an
// image for the calls that pass to find. Nothing may panic; every well-formed call is answered, with
// results or with failures that name a property and say why, never with an error. Seeds are in
// testdata/fuzz/FuzzInvoke.
func FuzzInvoke(f *testing.F) {
	srv := configuredServer(f)
	ctx := context.Background()
	// What the calls may find: a bucket and a private image, made as the engine makes them.
	for _, c := range []struct {
		typ    tokens.Type
		name   string
		inputs map[string]any
	}{
		{storage.Bucket, "site", map[string]any{"region": "eu-west-1"}},
		{compute.Image, "base", map[string]any{"source": text(f, "disk"), "format": "raw"}},
	} {
		u := urn(c.typ, c.name)
		check, err := srv.Check(ctx, &pulumirpc.CheckRequest{Urn: string(u), News: props(f, c.inputs)})
		if err != nil || len(check.GetFailures()) > 0 {
			f.Fatalf("Check %s: %v %v", c.name, check.GetFailures(), err)
		}
		if _, err := srv.Create(ctx, &pulumirpc.CreateRequest{Urn: string(u), Properties: check.GetInputs()}); err != nil {
			f.Fatalf("Create %s: %v", c.name, err)
		}
	}
	functions := []tokens.ModuleMember{compute.GetImage, network.ListZones, storage.GetObjectURL}
	words := append(vocabulary(f, kinds(f)), "name", "region", "bucket", "key", "expiresIn", "names", "url", "expires",
		"ubuntu-24.04", "debian-12", "base", "site", string(urn(storage.Bucket, "site")))
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fuzzBytes{data: data, types: []tokens.Type{storage.Bucket, compute.Image, network.VPC}, words: words}
		tok := functions[int(r.byte())%len(functions)]
		resp, err := srv.Invoke(ctx, &pulumirpc.InvokeRequest{Tok: string(tok), Args: props(t, r.object(3)), Preview: r.byte()%2 == 0})
		if err != nil {
			// The SDK builds some maps that it cannot read back (a secret of null): those are the only
			// calls Invoke may refuse.
			if status.Code(err) != codes.InvalidArgument {
				t.Fatalf("Invoke %s: %v", tok, err)
			}
			return
		}
		for _, fl := range resp.GetFailures() {
			if fl.GetReason() == "" || fl.GetProperty() == "" {
				t.Errorf("Invoke %s: a failure without a property or a reason: %v", tok, fl)
			}
		}
		if len(resp.GetFailures()) > 0 && len(resp.GetReturn().GetFields()) > 0 {
			t.Errorf("Invoke %s: results %v beside failures %v", tok, resp.GetReturn(), resp.GetFailures())
		}
	})
}

// configuredServer is a provider instance, configured as the engine configures one, in process (gRPC
// adds nothing for a fuzzer to find, and costs most of the time), kept in a fresh cloud directory.
func configuredServer(f *testing.F) *provider.Server {
	srv, err := provider.NewServer(pluginInfo, acme.NewProvider(configure(f.TempDir())))
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { _ = srv.Close() })
	args, err := plugin.MarshalProperties(resource.PropertyMap{"apiToken": resource.NewProperty(testToken)}, plugin.MarshalOptions{})
	if err != nil {
		f.Fatal(err)
	}
	if _, err := srv.Configure(context.Background(), &pulumirpc.ConfigureRequest{Args: args}); err != nil {
		f.Fatal(err)
	}
	return srv
}

// vocabulary are the strings a fuzzed map draws keys and string values from: every key and string of
// the life cycle test's valid inputs, and some troublemakers.
func vocabulary(t testing.TB, ks []kind) []string {
	d := &driver{Driver: &providertest.Driver{T: t}, live: map[string]*providertest.Live{}}
	set := map[string]bool{"": true, "__defaults": true, "id": true, "urn": true, "not a urn": true}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			set[v] = true
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			for k, e := range v {
				set[k] = true
				walk(e)
			}
		}
	}
	for _, k := range ks {
		for _, m := range []map[string]any{k.update, k.replace} {
			walk(m)
		}
		for _, key := range slices.Concat(k.outputs, k.hidden) {
			set[key] = true
		}
		// The inputs refer to live resources: give every name one.
		walk(fakeInputs(d, k))
	}
	for _, typ := range []string{"acme:network/vpc:VPC", "us-west-1", "nodejs20.x", "HTTPS", "STANDARD", "provisioned-ssd"} {
		set[typ] = true
	}
	words := make([]string, 0, len(set))
	for w := range set {
		words = append(words, w)
	}
	slices.Sort(words)
	return words
}

// fakeInputs returns k's valid inputs, with the resources they refer to registered as live but not
// created.
func fakeInputs(d *driver, k kind) (inputs map[string]any) {
	for _, other := range kinds(d.T) {
		if d.live[other.name] == nil {
			d.live[other.name] = &providertest.Live{URN: urn(other.typ, other.name), ID: string(cloud.NewID("x"))}
		}
	}
	return k.inputs(d)
}

// fuzzBytes turns fuzz input into property values; past its end it reads zeros.
type fuzzBytes struct {
	data  []byte
	types []tokens.Type
	words []string
}

func (r *fuzzBytes) byte() byte {
	if len(r.data) == 0 {
		return 0
	}
	b := r.data[0]
	r.data = r.data[1:]
	return b
}

func (r *fuzzBytes) word() string { return r.words[int(r.byte())%len(r.words)] }

// object returns a map of up to 7 keys, values nested up to depth.
func (r *fuzzBytes) object(depth int) map[string]any {
	m := map[string]any{}
	for n := r.byte() % 8; n > 0; n-- {
		m[r.word()] = r.value(depth)
	}
	return m
}

func (r *fuzzBytes) value(depth int) resource.PropertyValue {
	k := r.byte() % 14
	if depth <= 0 && (k == 4 || k == 5 || k == 6 || k == 9) {
		k = 2 // no deeper
	}
	switch k {
	case 0:
		return resource.NewNullProperty()
	case 1:
		return resource.NewProperty(r.byte()%2 == 0)
	case 2:
		return resource.NewProperty(float64(int8(r.byte())))
	case 3:
		var b [8]byte
		for i := range b {
			b[i] = r.byte()
		}
		return resource.NewProperty(math.Float64frombits(binary.LittleEndian.Uint64(b[:])))
	case 4:
		a := make([]resource.PropertyValue, r.byte()%5)
		for i := range a {
			a[i] = r.value(depth - 1)
		}
		return resource.NewProperty(a)
	case 5:
		return resource.NewProperty(resource.NewPropertyMapFromMap(r.object(depth - 1)))
	case 6:
		return resource.MakeSecret(r.value(depth - 1))
	case 7:
		return resource.MakeComputed(resource.NewProperty(""))
	case 8:
		a, _ := asset.FromText(r.word())
		return resource.NewProperty(a)
	case 9:
		a, _ := asset.FromText(r.word())
		ar, _ := archive.FromAssets(map[string]any{r.word() + ".txt": a})
		return resource.NewProperty(ar)
	case 10:
		return resource.NewProperty(strings.Repeat(r.word(), int(r.byte()%4)))
	case 11:
		id := resource.ID(r.word())
		if r.byte()%4 == 0 {
			id = "" // an unknown ID, as in a preview
		}
		return resource.MakeCustomResourceReference(urn(r.types[int(r.byte())%len(r.types)], "ref"), id, "")
	case 12:
		return resource.NewProperty(string(urn(r.types[int(r.byte())%len(r.types)], r.word())))
	default:
		return resource.NewProperty(r.word())
	}
}
