package providertest_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/protobuf/encoding/prototext"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/emptypb"

	"github.com/cidlc/cidlc/providertest"
)

// recording is a provider that answers every call as simply as it can and keeps the first request of
// each method.
type recording struct {
	pulumirpc.UnimplementedResourceProviderServer
	mu       sync.Mutex
	requests map[string]proto.Message
}

func (r *recording) keep(method string, req proto.Message) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.requests[method] == nil {
		r.requests[method] = proto.Clone(req)
	}
}

func (r *recording) CheckConfig(_ context.Context, req *pulumirpc.CheckRequest) (*pulumirpc.CheckResponse, error) {
	r.keep("CheckConfig", req)
	return &pulumirpc.CheckResponse{Inputs: req.GetNews()}, nil
}

func (r *recording) DiffConfig(_ context.Context, req *pulumirpc.DiffRequest) (*pulumirpc.DiffResponse, error) {
	r.keep("DiffConfig", req)
	return &pulumirpc.DiffResponse{}, nil
}

func (r *recording) Configure(_ context.Context, req *pulumirpc.ConfigureRequest) (*pulumirpc.ConfigureResponse, error) {
	r.keep("Configure", req)
	return &pulumirpc.ConfigureResponse{AcceptSecrets: true, AcceptResources: true, SupportsPreview: true}, nil
}

func (r *recording) Check(_ context.Context, req *pulumirpc.CheckRequest) (*pulumirpc.CheckResponse, error) {
	r.keep("Check", req)
	return &pulumirpc.CheckResponse{Inputs: req.GetNews()}, nil
}

func (r *recording) Create(_ context.Context, req *pulumirpc.CreateRequest) (*pulumirpc.CreateResponse, error) {
	r.keep("Create", req)
	return &pulumirpc.CreateResponse{Id: "id-1", Properties: req.GetProperties()}, nil
}

func (r *recording) Diff(_ context.Context, req *pulumirpc.DiffRequest) (*pulumirpc.DiffResponse, error) {
	r.keep("Diff", req)
	return &pulumirpc.DiffResponse{Changes: pulumirpc.DiffResponse_DIFF_SOME, Diffs: []string{"size"}}, nil
}

func (r *recording) Update(_ context.Context, req *pulumirpc.UpdateRequest) (*pulumirpc.UpdateResponse, error) {
	r.keep("Update", req)
	return &pulumirpc.UpdateResponse{Properties: req.GetNews()}, nil
}

func (r *recording) Read(_ context.Context, req *pulumirpc.ReadRequest) (*pulumirpc.ReadResponse, error) {
	r.keep("Read", req)
	return &pulumirpc.ReadResponse{Id: req.GetId(), Properties: req.GetProperties(), Inputs: req.GetInputs()}, nil
}

func (r *recording) Delete(_ context.Context, req *pulumirpc.DeleteRequest) (*emptypb.Empty, error) {
	r.keep("Delete", req)
	return &emptypb.Empty{}, nil
}

func (r *recording) Invoke(_ context.Context, req *pulumirpc.InvokeRequest) (*pulumirpc.InvokeResponse, error) {
	r.keep("Invoke", req)
	return &pulumirpc.InvokeResponse{Return: req.GetArgs()}, nil
}

// TestAsTheEngine: what the Driver sends a provider is, request for request, what the engine's own
// client of a provider (the SDK's plugin.Provider, which the engine of Pulumi v3.256.0 runs) sends for
// the same calls: the configuration of a stack (text, a secret in the clear for CheckConfig, secret
// again for Configure, the variables), and inputs with secrets, nested secrets, resource references
// and, in Check, values not known yet.
func TestAsTheEngine(t *testing.T) {
	engineSide, driverSide := &recording{requests: map[string]proto.Message{}}, &recording{requests: map[string]proto.Message{}}
	d := providertest.Serve(t, driverSide, "proj")
	d.Package = "acme"
	prov := plugin.NewProviderWithClient(nil, providertest.Serve(t, engineSide, "proj").Client, false)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()

	config := map[string]any{"region": "eu-west-1", "port": "8080", "apiToken": providertest.Secret("tok-123")}
	version := "1.2.0"
	checkedConfig, failures, err := d.CheckConfig(config, version)
	if err != nil || len(failures) > 0 {
		t.Fatal(failures, err)
	}
	if err := d.ConfigureChecked(checkedConfig, version); err != nil {
		t.Fatal(err)
	}
	providerURN := resource.URN("urn:pulumi:dev::proj::pulumi:providers:acme::default_1_2_0")
	news := resource.NewPropertyMapFromMap(config)
	news["version"] = resource.NewProperty(version)
	engineChecked, err := prov.CheckConfig(ctx, plugin.CheckConfigRequest{URN: providerURN, Olds: resource.PropertyMap{}, News: news, AllowUnknowns: true})
	if err != nil {
		t.Fatal(err)
	}
	if !engineChecked.Properties.DeepEquals(checkedConfig) {
		t.Errorf("CheckConfig's inputs: the engine keeps %v, the driver %v", engineChecked.Properties, checkedConfig)
	}
	name, providerType := providerURN.Name(), providerURN.Type()
	if _, err := prov.Configure(ctx, plugin.ConfigureRequest{URN: &providerURN, Name: &name, Type: &providerType, Inputs: engineChecked.Properties}); err != nil {
		t.Fatal(err)
	}

	newConfig := checkedConfig.Copy()
	newConfig["region"] = resource.NewProperty("eu-central-1")
	d.DiffConfig(checkedConfig, newConfig)
	if _, err := prov.DiffConfig(ctx, plugin.DiffConfigRequest{URN: providerURN, OldInputs: checkedConfig, OldOutputs: checkedConfig, NewInputs: newConfig}); err != nil {
		t.Fatal(err)
	}

	typ := tokens.Type("acme:index:Widget")
	bucket := resource.NewURN("dev", "proj", "", "acme:index:Bucket", "b")
	inputs := map[string]any{
		"size":   3.0,
		"tags":   map[string]any{"env": "dev", "owner": providertest.Secret("ops")},
		"on":     true,
		"list":   []any{"a", 1.0},
		"bucket": resource.MakeCustomResourceReference(bucket, "b-1", ""),
		"key":    providertest.Secret("k"),
	}
	preview := providertest.With(inputs, map[string]any{"later": resource.MakeComputed(resource.NewProperty(""))})
	u := d.URN(typ, "w")
	d.Check(u, preview)
	_, err = prov.Check(ctx, plugin.CheckRequest{URN: u, Name: u.Name(), Type: u.Type(), Olds: resource.PropertyMap{},
		News: resource.NewPropertyMapFromMap(preview), AllowUnknowns: true, RandomSeed: driverSide.requests["Check"].(*pulumirpc.CheckRequest).GetRandomSeed()})
	if err != nil {
		t.Fatal(err)
	}

	l := d.MustCreate(typ, "w", inputs)
	props := resource.NewPropertyMapFromMap(inputs)
	created, err := prov.Create(ctx, plugin.CreateRequest{URN: u, Name: u.Name(), Type: u.Type(), Properties: props})
	if err != nil {
		t.Fatal(err)
	}
	changed := providertest.With(inputs, map[string]any{"size": 4.0})
	d.Diff(l, changed)
	if _, err := prov.Diff(ctx, plugin.DiffRequest{URN: u, Name: u.Name(), Type: u.Type(), ID: created.ID, OldInputs: props,
		OldOutputs: created.Properties, NewInputs: resource.NewPropertyMapFromMap(changed), AllowUnknowns: true}); err != nil {
		t.Fatal(err)
	}
	if err := d.Update(l, changed); err != nil {
		t.Fatal(err)
	}
	updated, err := prov.Update(ctx, plugin.UpdateRequest{URN: u, Name: u.Name(), Type: u.Type(), ID: created.ID, OldInputs: props,
		OldOutputs: created.Properties, NewInputs: resource.NewPropertyMapFromMap(changed)})
	if err != nil {
		t.Fatal(err)
	}
	d.Refresh(l)
	if _, err := prov.Read(ctx, plugin.ReadRequest{URN: u, Name: u.Name(), Type: u.Type(), ID: created.ID,
		Inputs: resource.NewPropertyMapFromMap(changed), State: updated.Properties}); err != nil {
		t.Fatal(err)
	}
	if err := d.Delete(l); err != nil {
		t.Fatal(err)
	}
	if _, err := prov.Delete(ctx, plugin.DeleteRequest{URN: u, Name: u.Name(), Type: u.Type(), ID: created.ID,
		Inputs: resource.NewPropertyMapFromMap(changed), Outputs: updated.Properties}); err != nil {
		t.Fatal(err)
	}
	args := map[string]any{"name": "x", "secret": providertest.Secret("s"), "bucket": resource.MakeCustomResourceReference(bucket, "b-1", ""),
		"later": resource.MakeComputed(resource.NewProperty(""))}
	if _, _, err := d.Invoke("acme:index:getThing", args); err != nil {
		t.Fatal(err)
	}
	if _, err := prov.Invoke(ctx, plugin.InvokeRequest{Tok: "acme:index:getThing", Args: resource.NewPropertyMapFromMap(args)}); err != nil {
		t.Fatal(err)
	}

	for _, method := range []string{"CheckConfig", "Configure", "DiffConfig", "Check", "Create", "Diff", "Update", "Read", "Delete", "Invoke"} {
		got, want := driverSide.requests[method], engineSide.requests[method]
		if got == nil || want == nil {
			t.Errorf("%s: the driver sent %v, the engine %v", method, got, want)
			continue
		}
		if !proto.Equal(got, want) {
			t.Errorf("%s: the driver sent\n%s\nthe engine\n%s", method, prototext.Format(got), prototext.Format(want))
		}
	}
}
