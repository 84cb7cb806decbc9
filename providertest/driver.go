package providertest

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"io"
	"net"
	"strings"
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/emptypb"
	"google.golang.org/protobuf/types/known/structpb"
)

// Driver is the engine's side of one provider instance: a client of the provider, in a stack of its
// own. Its methods fail the test on what the engine would take for a broken provider (an error of
// Check, an answer without an ID), and return what the engine would show the user: check failures,
// the errors of operations.
type Driver struct {
	T      testing.TB
	Client pulumirpc.ResourceProviderClient
	// Stack and Project make the URNs of the resources.
	Stack, Project string
	// Package is the provider's package name, which the URN of the provider instance holds
	// (pulumi:providers:<Package>): Start and StartPlugin ask the provider's schema; Serve takes the
	// project's name.
	Package string
	// Engine keeps what the provider logs. Start and StartPlugin give the provider its address, as the
	// engine does; Serve leaves it nil.
	Engine *Engine

	plugin *process // StartPlugin's executable
}

// Live is a resource as the engine remembers it.
type Live struct {
	URN     resource.URN
	ID      string
	Inputs  *structpb.Struct
	Outputs *structpb.Struct
}

// Serve serves srv over gRPC on 127.0.0.1 until the test ends, and returns a driver connected to it, in
// the stack dev of project. It neither handshakes nor gives the provider an engine to log to: Start
// does both.
func Serve(t testing.TB, srv pulumirpc.ResourceProviderServer, project string) *Driver {
	t.Helper()
	conn, _ := serveOn(t, func(gs *grpc.Server) { pulumirpc.RegisterResourceProviderServer(gs, srv) })
	return &Driver{T: t, Client: pulumirpc.NewResourceProviderClient(conn), Stack: "dev", Project: project, Package: project}
}

// Start serves srv over gRPC on 127.0.0.1 as the engine runs a plugin: it handshakes, giving the
// provider the address of an Engine of the test's (Driver.Engine), which receives what it logs. srv is
// the server a plugin's main would serve (provider.NewServer(info, NewProvider(configure))); it is
// closed when the test ends, which fails if closing does. The stack is dev, the project test.
func Start(t testing.TB, srv pulumirpc.ResourceProviderServer) *Driver {
	t.Helper()
	if c, ok := srv.(io.Closer); ok {
		// Registered before the server's cleanups, so it runs after them: no call is in flight.
		t.Cleanup(func() {
			if err := c.Close(); err != nil {
				t.Errorf("closing the provider: %v", err)
			}
		})
	}
	engine := NewEngine(t)
	d := Serve(t, srv, "test")
	d.Engine = engine
	d.handshake()
	return d
}

// handshake tells the provider what the engine supports and where it is, as the engine of Pulumi
// v3.256.0 does before any other call, and learns the provider's package name from its schema. A
// provider without Handshake is answered as the engine answers it: by going on.
func (d *Driver) handshake() {
	d.T.Helper()
	_, err := d.Client.Handshake(context.Background(), &pulumirpc.ProviderHandshakeRequest{
		EngineAddress:               d.Engine.Addr,
		ConfigureWithUrn:            true,
		SupportsViews:               true,
		SupportsRefreshBeforeUpdate: true,
		InvokeWithPreview:           true,
		AcceptsByteString:           true,
	})
	if err != nil && status.Code(err) != codes.Unimplemented {
		d.T.Fatalf("Handshake: %v", err)
	}
	resp, err := d.Client.GetSchema(context.Background(), &pulumirpc.GetSchemaRequest{})
	if err != nil {
		if status.Code(err) != codes.Unimplemented {
			d.T.Fatalf("GetSchema: %v", err)
		}
		return
	}
	var schema struct{ Name string }
	if err := json.Unmarshal([]byte(resp.GetSchema()), &schema); err != nil {
		d.T.Fatalf("GetSchema: the schema is not JSON: %v", err)
	}
	if schema.Name != "" {
		d.Package = schema.Name
	}
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
	return dial(t, lis.Addr().String()), lis.Addr().String()
}

// dial connects to addr until the test ends.
func dial(t testing.TB, addr string) *grpc.ClientConn {
	t.Helper()
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	return conn
}

// Version is the version the provider reports (GetPluginInfo).
func (d *Driver) Version() string {
	d.T.Helper()
	info, err := d.Client.GetPluginInfo(context.Background(), &emptypb.Empty{})
	if err != nil {
		d.T.Fatalf("GetPluginInfo: %v", err)
	}
	return info.GetVersion()
}

// URN is the URN of the resource name of type typ in the driver's stack.
func (d *Driver) URN(typ tokens.Type, name string) resource.URN {
	return resource.NewURN(tokens.QName(d.Stack), tokens.PackageName(d.Project), "", typ, name)
}

// Check runs Check on the inputs of a new resource, as the engine does for a resource the program
// registers, and returns the checked inputs and the failures as "property: reason".
func (d *Driver) Check(urn resource.URN, inputs map[string]any) (*structpb.Struct, []string) {
	d.T.Helper()
	return d.CheckOf(urn, nil, inputs)
}

// CheckOf runs Check as the engine does for a resource whose recorded inputs are olds (nil for a new
// one), and returns the checked inputs and the failures as "property: reason". Each call has a random
// seed of its own, as each deployment has in the engine: a provider that names a resource from the seed
// alone, not keeping the name its olds hold, gives it a new name at every update, and a test sees it.
func (d *Driver) CheckOf(urn resource.URN, olds *structpb.Struct, inputs map[string]any) (*structpb.Struct, []string) {
	d.T.Helper()
	if olds == nil {
		// The engine sends a new resource's old inputs empty, never absent.
		olds = &structpb.Struct{Fields: map[string]*structpb.Value{}}
	}
	seed := make([]byte, 32)
	_, _ = rand.Read(seed) // never fails, says crypto/rand
	resp, err := d.Client.Check(context.Background(), &pulumirpc.CheckRequest{
		Urn: string(urn), Name: urn.Name(), Type: string(urn.Type()),
		Olds: olds, News: d.wire(resource.NewPropertyMapFromMap(inputs)), RandomSeed: seed,
	})
	if err != nil {
		d.T.Fatalf("Check %s: %v", urn, err)
	}
	return d.wire(d.unwire(resp.GetInputs())), failures(resp.GetFailures())
}

// checked is Check of inputs that must pass.
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
	resp, err := d.Client.Create(context.Background(), &pulumirpc.CreateRequest{
		Urn: string(u), Name: u.Name(), Type: string(u.Type()), Properties: checked,
	})
	if err != nil {
		return nil, err
	}
	if resp.GetId() == "" {
		d.T.Fatalf("Create %s returned no ID", name)
	}
	return &Live{URN: u, ID: resp.GetId(), Inputs: checked, Outputs: d.wire(d.unwire(resp.GetProperties()))}, nil
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
	resp, err := d.Client.Diff(context.Background(), &pulumirpc.DiffRequest{
		Id: l.ID, Urn: string(l.URN), Name: l.URN.Name(), Type: string(l.URN.Type()),
		OldInputs: l.Inputs, Olds: l.Outputs, News: d.checked(l.URN, l.Inputs, inputs),
	})
	if err != nil {
		d.T.Fatalf("Diff %s: %v", l.URN, err)
	}
	return resp
}

// Update checks the new inputs and updates the live resource with them; the error is the provider's.
func (d *Driver) Update(l *Live, inputs map[string]any) error {
	d.T.Helper()
	checked := d.checked(l.URN, l.Inputs, inputs)
	resp, err := d.Client.Update(context.Background(), &pulumirpc.UpdateRequest{
		Id: l.ID, Urn: string(l.URN), Name: l.URN.Name(), Type: string(l.URN.Type()),
		Olds: l.Outputs, News: checked, OldInputs: l.Inputs,
	})
	if err != nil {
		return err
	}
	l.Inputs, l.Outputs = checked, d.wire(d.unwire(resp.GetProperties()))
	return nil
}

// Refresh reads the live resource as a refresh does, and keeps what Read returned; it reports whether
// the resource still exists.
func (d *Driver) Refresh(l *Live) bool {
	d.T.Helper()
	resp, err := d.Client.Read(context.Background(), &pulumirpc.ReadRequest{
		Id: l.ID, Urn: string(l.URN), Name: l.URN.Name(), Type: string(l.URN.Type()),
		Properties: l.Outputs, Inputs: l.Inputs,
	})
	if err != nil {
		d.T.Fatalf("Read %s: %v", l.URN, err)
	}
	if resp.GetId() == "" {
		return false
	}
	l.ID, l.Inputs, l.Outputs = resp.GetId(), d.wire(d.unwire(resp.GetInputs())), d.wire(d.unwire(resp.GetProperties()))
	return true
}

// Import reads the resource id of type typ as `pulumi import` and `get` do, knowing only its ID; the
// error is the provider's, and a resource that does not exist is nil.
func (d *Driver) Import(typ tokens.Type, name, id string) (*Live, error) {
	d.T.Helper()
	u := d.URN(typ, name)
	resp, err := d.Client.Read(context.Background(), &pulumirpc.ReadRequest{
		Id: id, Urn: string(u), Name: u.Name(), Type: string(u.Type()),
	})
	if err != nil {
		return nil, err
	}
	if resp.GetId() == "" {
		return nil, nil
	}
	return &Live{URN: u, ID: resp.GetId(), Inputs: d.wire(d.unwire(resp.GetInputs())), Outputs: d.wire(d.unwire(resp.GetProperties()))}, nil
}

// Delete deletes the live resource; the error is the provider's.
func (d *Driver) Delete(l *Live) error {
	_, err := d.Client.Delete(context.Background(), &pulumirpc.DeleteRequest{
		Id: l.ID, Urn: string(l.URN), Name: l.URN.Name(), Type: string(l.URN.Type()),
		Properties: l.Outputs, OldInputs: l.Inputs,
	})
	return err
}

// Invoke calls the function tok with args as the engine does in an update, and returns its results and
// its failures as "property: reason"; the error is the provider's.
func (d *Driver) Invoke(tok tokens.ModuleMember, args map[string]any) (resource.PropertyMap, []string, error) {
	d.T.Helper()
	return d.invoke(tok, args, false)
}

// InvokePreview is Invoke as the engine calls a function during a preview.
func (d *Driver) InvokePreview(tok tokens.ModuleMember, args map[string]any) (resource.PropertyMap, []string, error) {
	d.T.Helper()
	return d.invoke(tok, args, true)
}

// invoke calls tok. The engine leaves out of a function's arguments the values not known yet (its
// marshaling of them does not keep unknowns), and so does invoke.
func (d *Driver) invoke(tok tokens.ModuleMember, args map[string]any, preview bool) (resource.PropertyMap, []string, error) {
	d.T.Helper()
	margs, err := plugin.MarshalProperties(resource.NewPropertyMapFromMap(args),
		plugin.MarshalOptions{KeepSecrets: true, KeepResources: true, PropagateNil: true})
	if err != nil {
		d.T.Fatalf("marshaling the arguments of %s: %v", tok, err)
	}
	resp, err := d.Client.Invoke(context.Background(), &pulumirpc.InvokeRequest{Tok: string(tok), Args: margs, Preview: preview})
	if err != nil {
		return nil, nil, err
	}
	return d.unwire(resp.GetReturn()), failures(resp.GetFailures()), nil
}

// Outputs are the live resource's outputs, secrets and unknowns kept.
func (d *Driver) Outputs(l *Live) resource.PropertyMap { return Unprops(d.T, l.Outputs) }

// Ref is a reference to the live resource, as the engine passes a resource to another.
func Ref(l *Live) resource.PropertyValue {
	return resource.MakeCustomResourceReference(l.URN, resource.ID(l.ID), "")
}

func failures(fs []*pulumirpc.CheckFailure) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.GetProperty()+": "+f.GetReason())
	}
	return out
}

// providerURN is the URN of the stack's default provider of version.
func (d *Driver) providerURN(version string) resource.URN {
	name := "default"
	if version != "" {
		name += "_" + strings.NewReplacer(".", "_", "-", "_", "+", "_").Replace(version)
	}
	return d.URN(tokens.Type("pulumi:providers:"+d.Package), name)
}
