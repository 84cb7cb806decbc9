// Package providertest drives a provider plugin's server the way the Pulumi engine does: over real
// gRPC, through a loopback listener and the real pulumirpc client, with property maps marshaled by the
// SDK (secrets, unknowns and resource references kept). It is for the tests of the example providers;
// it fails the test on what the engine would treat as a broken provider, and returns what a test
// asserts on (check failures, errors of operations, outputs).
package providertest

import (
	"context"
	"crypto/rand"
	"maps"
	"net"
	"sync"
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/protobuf/types/known/emptypb"
	"google.golang.org/protobuf/types/known/structpb"
)

// Driver is a client of a provider served on a loopback port, in a stack of its own.
type Driver struct {
	T      testing.TB
	Client pulumirpc.ResourceProviderClient
	// Stack and Project make the URNs of the resources.
	Stack, Project string
}

// Live is a resource as the engine remembers it.
type Live struct {
	URN     resource.URN
	ID      string
	Inputs  *structpb.Struct
	Outputs *structpb.Struct
}

// Serve serves srv over gRPC on 127.0.0.1 until the test ends, and returns a driver connected to it.
func Serve(t testing.TB, srv pulumirpc.ResourceProviderServer, project string) *Driver {
	t.Helper()
	conn, _ := serveOn(t, func(gs *grpc.Server) { pulumirpc.RegisterResourceProviderServer(gs, srv) })
	return &Driver{T: t, Client: pulumirpc.NewResourceProviderClient(conn), Stack: "dev", Project: project}
}

// serveOn serves what register registers over gRPC on 127.0.0.1 until the test ends, and returns a
// connection to it and its address.
func serveOn(t testing.TB, register func(*grpc.Server)) (*grpc.ClientConn, string) {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	gs := grpc.NewServer()
	register(gs)
	go func() { _ = gs.Serve(lis) }()
	t.Cleanup(gs.Stop)
	conn, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	return conn, lis.Addr().String()
}

// Engine is the engine's host service as a provider sees it (the address the engine passes a plugin),
// served over gRPC on 127.0.0.1: it keeps the messages the provider logs, in order. Give its Client to
// the provider's server (provider.Server.LogTo).
type Engine struct {
	pulumirpc.UnimplementedEngineServer
	Client pulumirpc.EngineClient
	// Addr is its address, as the engine gives it to a plugin (in Handshake, say).
	Addr string

	mu   sync.Mutex
	logs []*pulumirpc.LogRequest
}

// NewEngine serves an Engine until the test ends.
func NewEngine(t testing.TB) *Engine {
	t.Helper()
	e := &Engine{}
	conn, addr := serveOn(t, func(gs *grpc.Server) { pulumirpc.RegisterEngineServer(gs, e) })
	e.Client, e.Addr = pulumirpc.NewEngineClient(conn), addr
	return e
}

// Log keeps a message.
func (e *Engine) Log(_ context.Context, req *pulumirpc.LogRequest) (*emptypb.Empty, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.logs = append(e.logs, req)
	return &emptypb.Empty{}, nil
}

// Messages returns the messages logged so far, as "SEVERITY urn: message" (with "status" for an
// ephemeral one), and forgets them.
func (e *Engine) Messages() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	out := make([]string, len(e.logs))
	for i, l := range e.logs {
		severity := l.GetSeverity().String()
		if l.GetEphemeral() {
			severity = "status"
		}
		out[i] = severity + " " + l.GetUrn() + ": " + l.GetMessage()
	}
	e.logs = nil
	return out
}

// Configure configures the provider as the engine configures a stack's: CheckConfig on config (bare
// keys, values as the engine sends them, the plugin's version added), then Configure with the checked
// inputs, secrets as secrets. It returns CheckConfig's failures as "property: reason" (then Configure
// is not called) and Configure's error.
func (d *Driver) Configure(config map[string]any, version string) ([]string, error) {
	d.T.Helper()
	news := With(config, map[string]any{"version": version})
	resp, err := d.Client.CheckConfig(context.Background(), &pulumirpc.CheckRequest{
		Urn:  string(d.URN("pulumi:providers:"+tokens.Type(d.Project), "default")),
		News: Props(d.T, news),
	})
	if err != nil {
		return nil, err
	}
	if failures := failures(resp.GetFailures()); len(failures) > 0 {
		return failures, nil
	}
	_, err = d.Client.Configure(context.Background(), &pulumirpc.ConfigureRequest{Args: resp.GetInputs(), AcceptSecrets: true, AcceptResources: true})
	return nil, err
}

// URN is the URN of the resource name of type typ in the driver's stack.
func (d *Driver) URN(typ tokens.Type, name string) resource.URN {
	return resource.NewURN(tokens.QName(d.Stack), tokens.PackageName(d.Project), "", typ, name)
}

// Check runs Check of a new resource and returns the checked inputs and the failures as "property:
// reason".
func (d *Driver) Check(urn resource.URN, inputs map[string]any) (*structpb.Struct, []string) {
	d.T.Helper()
	return d.CheckOf(urn, nil, inputs)
}

// CheckOf runs Check as the engine does for a resource whose recorded inputs are olds (nil for a new
// one), with a random seed of its own, and returns the checked inputs and the failures as "property:
// reason".
func (d *Driver) CheckOf(urn resource.URN, olds *structpb.Struct, inputs map[string]any) (*structpb.Struct, []string) {
	d.T.Helper()
	seed := make([]byte, 32)
	_, _ = rand.Read(seed) // never fails, says crypto/rand
	resp, err := d.Client.Check(context.Background(), &pulumirpc.CheckRequest{Urn: string(urn), Olds: olds, News: Props(d.T, inputs),
		Name: urn.Name(), Type: string(urn.Type()), RandomSeed: seed})
	if err != nil {
		d.T.Fatalf("Check %s: %v", urn, err)
	}
	return resp.GetInputs(), failures(resp.GetFailures())
}

// checked is Check of inputs that must pass, of a resource whose recorded inputs are olds (nil for a new
// one).
func (d *Driver) checked(urn resource.URN, olds *structpb.Struct, inputs map[string]any) *structpb.Struct {
	d.T.Helper()
	checked, failures := d.CheckOf(urn, olds, inputs)
	if len(failures) > 0 {
		d.T.Fatalf("Check %s: %v", urn, failures)
	}
	return checked
}

// Create checks the inputs and creates the resource; the error is the provider's.
func (d *Driver) Create(typ tokens.Type, name string, inputs map[string]any) (*Live, error) {
	d.T.Helper()
	u := d.URN(typ, name)
	checked := d.checked(u, nil, inputs)
	resp, err := d.Client.Create(context.Background(), &pulumirpc.CreateRequest{Urn: string(u), Properties: checked})
	if err != nil {
		return nil, err
	}
	if resp.GetId() == "" {
		d.T.Fatalf("Create %s returned no ID", name)
	}
	return &Live{URN: u, ID: resp.GetId(), Inputs: checked, Outputs: resp.GetProperties()}, nil
}

// MustCreate is Create of a resource that the provider must create.
func (d *Driver) MustCreate(typ tokens.Type, name string, inputs map[string]any) *Live {
	d.T.Helper()
	l, err := d.Create(typ, name, inputs)
	if err != nil {
		d.T.Fatalf("Create %s: %v", name, err)
	}
	return l
}

// Diff checks the new inputs and diffs them against the live resource.
func (d *Driver) Diff(l *Live, inputs map[string]any) *pulumirpc.DiffResponse {
	d.T.Helper()
	resp, err := d.Client.Diff(context.Background(), &pulumirpc.DiffRequest{Id: l.ID, Urn: string(l.URN), Olds: l.Outputs,
		News: d.checked(l.URN, l.Inputs, inputs), OldInputs: l.Inputs})
	if err != nil {
		d.T.Fatalf("Diff %s: %v", l.URN, err)
	}
	return resp
}

// Update checks the new inputs and updates the live resource with them; the error is the provider's.
func (d *Driver) Update(l *Live, inputs map[string]any) error {
	d.T.Helper()
	checked := d.checked(l.URN, l.Inputs, inputs)
	resp, err := d.Client.Update(context.Background(), &pulumirpc.UpdateRequest{Id: l.ID, Urn: string(l.URN), Olds: l.Outputs, News: checked, OldInputs: l.Inputs})
	if err != nil {
		return err
	}
	l.Inputs, l.Outputs = checked, resp.GetProperties()
	return nil
}

// Refresh reads the live resource as a refresh does, and keeps what Read returned; it reports whether
// the resource still exists.
func (d *Driver) Refresh(l *Live) bool {
	d.T.Helper()
	resp, err := d.Client.Read(context.Background(), &pulumirpc.ReadRequest{Id: l.ID, Urn: string(l.URN), Properties: l.Outputs, Inputs: l.Inputs})
	if err != nil {
		d.T.Fatalf("Read %s: %v", l.URN, err)
	}
	if resp.GetId() == "" {
		return false
	}
	l.Inputs, l.Outputs = resp.GetInputs(), resp.GetProperties()
	return true
}

// Import reads the resource id of type typ as `pulumi import` and `get` do, knowing only its ID; the
// error is the provider's.
func (d *Driver) Import(typ tokens.Type, name, id string) (*Live, error) {
	d.T.Helper()
	u := d.URN(typ, name)
	resp, err := d.Client.Read(context.Background(), &pulumirpc.ReadRequest{Id: id, Urn: string(u)})
	if err != nil {
		return nil, err
	}
	if resp.GetId() == "" {
		return nil, nil
	}
	return &Live{URN: u, ID: resp.GetId(), Inputs: resp.GetInputs(), Outputs: resp.GetProperties()}, nil
}

// Delete deletes the live resource; the error is the provider's.
func (d *Driver) Delete(l *Live) error {
	_, err := d.Client.Delete(context.Background(), &pulumirpc.DeleteRequest{Id: l.ID, Urn: string(l.URN), Properties: l.Outputs, OldInputs: l.Inputs})
	return err
}

// Invoke calls the function tok with args as the engine does, and returns its results and its
// failures as "property: reason"; the error is the provider's.
func (d *Driver) Invoke(tok tokens.ModuleMember, args map[string]any) (resource.PropertyMap, []string, error) {
	d.T.Helper()
	resp, err := d.Client.Invoke(context.Background(), &pulumirpc.InvokeRequest{Tok: string(tok), Args: Props(d.T, args)})
	if err != nil {
		return nil, nil, err
	}
	return Unprops(d.T, resp.GetReturn()), failures(resp.GetFailures()), nil
}

// Outputs are the live resource's outputs, secrets and unknowns kept.
func (d *Driver) Outputs(l *Live) resource.PropertyMap { return Unprops(d.T, l.Outputs) }

// Ref is a reference to the live resource, as the engine passes a resource to another.
func Ref(l *Live) resource.PropertyValue {
	return resource.MakeCustomResourceReference(l.URN, resource.ID(l.ID), "")
}

// With returns inputs with a change applied.
func With(inputs, change map[string]any) map[string]any {
	m := maps.Clone(inputs)
	maps.Copy(m, change)
	return m
}

// Props marshals property values the way the engine sends them to a provider that accepts secrets,
// unknowns and resource references. Values are Go values that resource.NewPropertyValue takes, and
// resource.PropertyValue for the others (references, secrets, assets, unknowns).
func Props(t testing.TB, values map[string]any) *structpb.Struct {
	t.Helper()
	s, err := plugin.MarshalProperties(resource.NewPropertyMapFromMap(values),
		plugin.MarshalOptions{KeepUnknowns: true, KeepSecrets: true, KeepResources: true})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Unprops unmarshals property values that the provider sent back, secrets and unknowns kept.
func Unprops(t testing.TB, s *structpb.Struct) resource.PropertyMap {
	t.Helper()
	m, err := plugin.UnmarshalProperties(s, plugin.MarshalOptions{KeepUnknowns: true, KeepSecrets: true, KeepResources: true})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func failures(fs []*pulumirpc.CheckFailure) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.GetProperty()+": "+f.GetReason())
	}
	return out
}
