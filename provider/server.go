package provider

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/logging"
	sdkprovider "github.com/pulumi/pulumi/sdk/v3/go/pulumi/provider"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/emptypb"
)

// Info is what a provider says about itself.
type Info struct {
	// Name is the provider's package name, the first part of its type tokens: `acme`. The plugin's
	// executable is pulumi-resource-<Name>.
	Name string
	// Version is the provider's version, without a leading v: `1.2.0`. GetPluginInfo reports it, and the
	// engine installs and runs the plugin by it. Take Name and Version from the stubs (PluginName and
	// PluginVersion, which cidlc --pkg-version declares in the root package's stubs): the TypeScript
	// package generated in the same run asks the engine for this very version.
	Version string
	// Schema is the Pulumi package schema (JSON) that GetSchema returns; its name and version, if it has
	// one, must be Name and Version. Empty means a minimal schema holding only the name and version.
	Schema []byte
}

// checkSchema returns an error when the schema names another package or version than the provider: the
// plugin would report one version and describe another, which happens when its main writes the version
// by hand and the schema is regenerated with a new one.
func (info Info) checkSchema() error {
	if len(info.Schema) == 0 {
		return nil
	}
	var head struct{ Name, Version string }
	if err := json.Unmarshal(info.Schema, &head); err != nil {
		return fmt.Errorf("provider %s: the schema is not JSON: %v", info.Name, err)
	}
	if head.Name != info.Name {
		return fmt.Errorf("provider %s: the schema is that of package %q", info.Name, head.Name)
	}
	if head.Version != info.Version {
		return fmt.Errorf("provider %s: version %q, but the schema's version is %q; take both from one cidlc run (provider.Info{Version: PluginVersion} of the stubs)",
			info.Name, info.Version, head.Version)
	}
	return nil
}

// Server is one instance of a Pulumi resource provider: it implements pulumirpc.ResourceProviderServer
// by sending each resource operation to the ResourceProvider of the resource's type, and answers the
// provider-level calls itself, the configuration's with its Configurer. What it serves comes from its
// configuration, at Configure: before that, resource operations fail (an IDL without configuration
// serves from the start). The engine starts one plugin process per provider instance, but nothing here
// is global: a process may hold several Servers, each with its own configuration, as tests do. Calls it
// does not support (Call, Construct, Parameterize) fail with codes.Unimplemented.
type Server struct {
	pulumirpc.UnimplementedResourceProviderServer

	info       Info
	configurer Configurer
	// served is what the instance serves: nil until Configure built it.
	served    atomic.Pointer[served]
	closeOnce sync.Once
	closeErr  error

	// canceled is done once the engine called Cancel: every operation in flight is asked to stop.
	canceled context.Context
	cancel   context.CancelFunc

	// engine is where the operations' messages go (Logger); nil without an engine. engineConn is the
	// connection the server opened to it, if it did (an attached plugin's), which Close closes.
	engine     atomic.Pointer[pulumirpc.EngineClient]
	engineConn *grpc.ClientConn
}

// served is what a configured instance serves, by token.
type served struct {
	resources map[tokens.Type]ResourceProvider
	functions map[tokens.ModuleMember]FunctionProvider
	// formerly and formerFunctions map the earlier tokens of resources and functions to their tokens now
	// (alias.go).
	formerly, formerFunctions formerly
	close                     func() error
	// secrets are the texts of the configuration's secrets, which no message or error may show.
	secrets []string
}

// NewServer returns a provider instance whose configuration c knows: made by the NewProvider of an
// IDL's stubs, or by WithoutConfig.
func NewServer(info Info, c Configurer) (*Server, error) {
	if info.Name == "" {
		return nil, fmt.Errorf("provider.Info: Name is empty")
	}
	if c == nil {
		return nil, fmt.Errorf("provider %s: no Configurer", info.Name)
	}
	if err := info.checkSchema(); err != nil {
		return nil, err
	}
	s := &Server{info: info, configurer: c}
	s.canceled, s.cancel = context.WithCancel(context.Background())
	if start := c.unconfigured(); start != nil {
		sv, err := newServed(info.Name, start)
		if err != nil {
			return nil, err
		}
		s.served.Store(sv)
	}
	return s, nil
}

// newServed indexes what a configure function returned by token: the tokens must be distinct.
func newServed(name string, c *Configured) (*served, error) {
	sv := &served{resources: make(map[tokens.Type]ResourceProvider, len(c.Resources)),
		functions: make(map[tokens.ModuleMember]FunctionProvider, len(c.Functions)), close: c.Close}
	for _, f := range c.Functions {
		if f == nil {
			return nil, fmt.Errorf("provider %s: nil function provider", name)
		}
		if _, dup := sv.functions[f.Token()]; dup {
			return nil, fmt.Errorf("provider %s: two function providers for %s", name, f.Token())
		}
		sv.functions[f.Token()] = f
	}
	for _, r := range c.Resources {
		if r == nil {
			return nil, fmt.Errorf("provider %s: nil resource provider", name)
		}
		if _, dup := sv.resources[r.Type()]; dup {
			return nil, fmt.Errorf("provider %s: two resource providers for %s", name, r.Type())
		}
		sv.resources[r.Type()] = r
	}
	sv.formerly, sv.formerFunctions = formerly{}, formerly{}
	for _, r := range c.Resources {
		if err := sv.formerly.add(name, r.Type(), r, func(t tokens.Type) bool { return sv.resources[t] != nil }); err != nil {
			return nil, err
		}
	}
	for _, f := range c.Functions {
		served := func(t tokens.Type) bool { return sv.functions[tokens.ModuleMember(t)] != nil }
		if err := sv.formerFunctions.add(name, tokens.Type(f.Token()), f, served); err != nil {
			return nil, err
		}
	}
	return sv, nil
}

// Serve runs a provider instance as a Pulumi provider plugin: it is the whole body of the plugin's
// main. It speaks the plugin protocol (the port on standard output, the engine's address as argument)
// and returns when the engine shuts the plugin down or ctx is done, once what the instance's configure
// function acquired is released (Configured.Close).
func Serve(ctx context.Context, info Info, c Configurer) error {
	s, err := NewServer(info, c)
	if err != nil {
		return err
	}
	err = sdkprovider.MainContext(ctx, info.Name, func(host *sdkprovider.HostClient) (pulumirpc.ResourceProviderServer, error) {
		if host != nil { // nil when the plugin runs attached (PULUMI_DEBUG_PROVIDERS), with no engine to log to
			s.LogTo(pulumirpc.NewEngineClient(host.EngineConn()))
		}
		return s, nil
	})
	// The plugin's log records go to the engine in batches (over OTLP, since Pulumi 3.25x, when the
	// engine asks for them): the last batch is sent only here, or never.
	logging.Flush()
	return errors.Join(err, s.Close())
}

// LogTo sends the messages of the instance's operations (Logger) to engine, the Pulumi engine's host
// service: Serve does it with the engine that started the plugin. A test that serves a Server itself
// may give it an engine of its own, before the first call; without one, messages are dropped.
func (s *Server) LogTo(engine pulumirpc.EngineClient) {
	s.engine.Store(&engine)
}

// attachEngine connects to the engine at addr, for the messages of the operations, when the server has
// no engine yet: a plugin that runs attached (PULUMI_DEBUG_PROVIDERS) learns the engine's address only
// from Handshake or Attach. An address that does not parse leaves the messages dropped.
func (s *Server) attachEngine(addr string) {
	if s.engine.Load() != nil || addr == "" {
		return
	}
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return
	}
	engine := pulumirpc.NewEngineClient(conn)
	if !s.engine.CompareAndSwap(nil, &engine) {
		_ = conn.Close() // Attach and Handshake both came
		return
	}
	s.engineConn = conn
}

// Close releases what the instance's configure function acquired, once (later calls return the first
// call's error). Serve calls it when the plugin shuts down; a test that makes Servers closes them.
func (s *Server) Close() error {
	s.closeOnce.Do(func() {
		s.cancel()
		if sv := s.served.Load(); sv != nil && sv.close != nil {
			s.closeErr = sv.close()
		}
		if s.engineConn != nil {
			_ = s.engineConn.Close()
		}
	})
	return s.closeErr
}

// configured returns what the instance serves, or the error of a call that came before Configure.
func (s *Server) configured() (*served, error) {
	sv := s.served.Load()
	if sv == nil {
		return nil, status.Errorf(codes.FailedPrecondition,
			"provider %s is not configured: the engine configures a provider (Configure) before it sends it resources or calls", s.info.Name)
	}
	return sv, nil
}

// lookup finds the provider of the resource that urn names, by its token or an earlier one, and reads
// the earlier tokens in req's old state as the tokens now (alias.go).
func (s *Server) lookup(urn string, req any) (ResourceProvider, error) {
	sv, err := s.configured()
	if err != nil {
		return nil, err
	}
	u, err := resource.ParseURN(urn)
	if err != nil {
		return nil, status.Errorf(codes.InvalidArgument, "%s: %v", s.info.Name, err)
	}
	earlierOK := sv.formerly.rewriteRequest(req)
	if r, ok := sv.resources[u.Type()]; ok {
		return r, nil
	}
	return s.renamedResource(sv, u.Type(), earlierOK)
}

// dispatch runs op, the method of that name, with a context that Cancel cancels too. The plugin's log
// (-v=7 and up) shows the call, and its error, which never shows a secret.
func dispatch[Req, Resp any](s *Server, ctx context.Context, method, urn string, req Req,
	op func(ResourceProvider, context.Context, Req) (Resp, error),
) (Resp, error) {
	var zero Resp
	r, err := s.lookup(urn, req)
	if err != nil {
		return zero, err
	}
	ctx, cancel := s.operationContext(ctx)
	defer cancel()
	logging.V(7).Infof("provider %s: %s(%s)", s.info.Name, method, urn)
	// State migrations (migrate.go): old state in, the state version stamped on what goes out.
	m, migrates := r.(migrator)
	if migrates {
		if err := m.migrateRequest(ctx, req); err != nil {
			logging.V(7).Infof("provider %s: %s(%s) failed: %v", s.info.Name, method, urn, err)
			return zero, err
		}
	}
	resp, err := op(r, ctx, req)
	// What the engine keeps, from a response or a partial failure's error, is state: stamped with the
	// state version, its references by earlier tokens rewritten.
	keep := func(kept any) {
		if migrates {
			m.stampResponse(kept)
		}
		if sv := s.served.Load(); sv != nil {
			sv.formerly.rewriteResponse(kept)
		}
	}
	if err != nil {
		logging.V(7).Infof("provider %s: %s(%s) failed: %v", s.info.Name, method, urn, err)
		return resp, keptOnFailure(err, keep)
	}
	keep(resp)
	return resp, nil
}

// migrator is implemented by a ResourceProvider whose state may need migrating: every generated one.
type migrator interface {
	migrateRequest(ctx context.Context, req any) error
	stampResponse(resp any)
}

// operationContext returns ctx, canceled also when the engine calls Cancel, and carrying what the
// instance tells its operations (where messages go, which secrets to hide).
func (s *Server) operationContext(ctx context.Context) (context.Context, context.CancelFunc) {
	env := &instance{}
	if e := s.engine.Load(); e != nil {
		env.engine = *e
	}
	if sv := s.served.Load(); sv != nil {
		env.secrets = sv.secrets
	}
	ctx, cancel := context.WithCancel(context.WithValue(ctx, instanceKey{}, env))
	stop := context.AfterFunc(s.canceled, cancel)
	return ctx, func() { stop(); cancel() }
}

// Invoke sends a call of a function to the function's provider: see Function.Invoke. An unknown token
// is an InvalidArgument error naming it.
func (s *Server) Invoke(ctx context.Context, req *pulumirpc.InvokeRequest) (*pulumirpc.InvokeResponse, error) {
	sv, err := s.configured()
	if err != nil {
		return nil, err
	}
	tok := tokens.ModuleMember(req.GetTok())
	if now, renamed := sv.formerFunctions[tokens.Type(tok)]; renamed {
		tok = tokens.ModuleMember(now)
	}
	f, ok := sv.functions[tok]
	if !ok {
		return nil, status.Errorf(codes.InvalidArgument, "unknown function %s: provider %s has no such function", req.GetTok(), s.info.Name)
	}
	ctx, cancel := s.operationContext(ctx)
	defer cancel()
	logging.V(7).Infof("provider %s: Invoke(%s)", s.info.Name, req.GetTok())
	resp, err := f.Invoke(ctx, req)
	if err != nil {
		logging.V(7).Infof("provider %s: Invoke(%s) failed: %v", s.info.Name, req.GetTok(), err)
	}
	return resp, err
}

// Check sends Check to the resource's provider.
func (s *Server) Check(ctx context.Context, req *pulumirpc.CheckRequest) (*pulumirpc.CheckResponse, error) {
	return dispatch(s, ctx, "Check", req.GetUrn(), req, ResourceProvider.Check)
}

// Diff sends Diff to the resource's provider.
func (s *Server) Diff(ctx context.Context, req *pulumirpc.DiffRequest) (*pulumirpc.DiffResponse, error) {
	return dispatch(s, ctx, "Diff", req.GetUrn(), req, ResourceProvider.Diff)
}

// Create sends Create to the resource's provider.
func (s *Server) Create(ctx context.Context, req *pulumirpc.CreateRequest) (*pulumirpc.CreateResponse, error) {
	return dispatch(s, ctx, "Create", req.GetUrn(), req, ResourceProvider.Create)
}

// Read sends Read to the resource's provider.
func (s *Server) Read(ctx context.Context, req *pulumirpc.ReadRequest) (*pulumirpc.ReadResponse, error) {
	return dispatch(s, ctx, "Read", req.GetUrn(), req, ResourceProvider.Read)
}

// Update sends Update to the resource's provider.
func (s *Server) Update(ctx context.Context, req *pulumirpc.UpdateRequest) (*pulumirpc.UpdateResponse, error) {
	return dispatch(s, ctx, "Update", req.GetUrn(), req, ResourceProvider.Update)
}

// Delete sends Delete to the resource's provider.
func (s *Server) Delete(ctx context.Context, req *pulumirpc.DeleteRequest) (*emptypb.Empty, error) {
	return dispatch(s, ctx, "Delete", req.GetUrn(), req, ResourceProvider.Delete)
}

// GetPluginInfo returns the provider's version.
func (s *Server) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: s.info.Version}, nil
}

// Handshake tells the engine that the provider takes secrets and resource references as such, and
// names resources as the stack's autonaming configuration says (naming.go); it connects an attached
// plugin to the engine, for the operations' messages.
func (s *Server) Handshake(_ context.Context, req *pulumirpc.ProviderHandshakeRequest) (*pulumirpc.ProviderHandshakeResponse, error) {
	s.attachEngine(req.GetEngineAddress())
	return &pulumirpc.ProviderHandshakeResponse{AcceptSecrets: true, AcceptResources: true, SupportsAutonamingConfiguration: true}, nil
}

// Configure configures the instance: its Configurer decodes the configuration and builds what the
// instance serves (for an IDL with a configuration, the author's configure function does). It tells
// the engine what Handshake does (which an engine that does not handshake learns only here), and that
// Create and Update support previews. An instance is configured once.
func (s *Server) Configure(ctx context.Context, req *pulumirpc.ConfigureRequest) (*pulumirpc.ConfigureResponse, error) {
	resp := &pulumirpc.ConfigureResponse{AcceptSecrets: true, AcceptResources: true, SupportsPreview: true, SupportsAutonamingConfiguration: true}
	if s.configurer.unconfigured() != nil {
		return resp, nil
	}
	if s.served.Load() != nil {
		return nil, status.Errorf(codes.FailedPrecondition, "provider %s is configured already", s.info.Name)
	}
	ctx, cancel := s.operationContext(ctx)
	defer cancel()
	configured, values, err := s.configurer.configure(ctx, s.info.Name, req)
	secrets := secretTexts(resource.NewProperty(values), false)
	if err != nil {
		// A client's error may quote what it was given: the configure function's never shows a secret.
		c := &call{redact: newRedactor(secrets)}
		return nil, c.fail(ctx, err)
	}
	sv, err := newServed(s.info.Name, configured)
	if sv != nil {
		sv.secrets = secrets
	}
	if err == nil && !s.served.CompareAndSwap(nil, sv) {
		err = status.Errorf(codes.FailedPrecondition, "provider %s is configured already", s.info.Name)
	}
	if err != nil {
		if configured.Close != nil {
			err = errors.Join(err, configured.Close())
		}
		return nil, err
	}
	return resp, nil
}

// CheckConfig validates a configuration for the engine, which records the inputs it returns: see the
// Configurer.
func (s *Server) CheckConfig(ctx context.Context, req *pulumirpc.CheckRequest) (*pulumirpc.CheckResponse, error) {
	return s.configurer.checkConfig(ctx, req)
}

// DiffConfig compares two configurations for the engine: only a change of a property that replaces the
// provider replaces it, and with it every resource it manages.
func (s *Server) DiffConfig(ctx context.Context, req *pulumirpc.DiffRequest) (*pulumirpc.DiffResponse, error) {
	return s.configurer.diffConfig(ctx, req)
}

// Cancel asks every operation in flight to stop: their contexts are canceled. The engine calls it before
// shutting the plugin down.
func (s *Server) Cancel(context.Context, *emptypb.Empty) (*emptypb.Empty, error) {
	s.cancel()
	return &emptypb.Empty{}, nil
}

// Attach takes the engine's address when the plugin runs attached (PULUMI_DEBUG_PROVIDERS) and the
// engine does not handshake: the operations' messages go there.
func (s *Server) Attach(_ context.Context, req *pulumirpc.PluginAttach) (*emptypb.Empty, error) {
	s.attachEngine(req.GetAddress())
	return &emptypb.Empty{}, nil
}

// GetSchema returns Info.Schema.
func (s *Server) GetSchema(context.Context, *pulumirpc.GetSchemaRequest) (*pulumirpc.GetSchemaResponse, error) {
	schema := s.info.Schema
	if len(schema) == 0 {
		var err error
		if schema, err = json.Marshal(map[string]string{"name": s.info.Name, "version": s.info.Version}); err != nil {
			return nil, err
		}
	}
	return &pulumirpc.GetSchemaResponse{Schema: string(schema)}, nil
}
