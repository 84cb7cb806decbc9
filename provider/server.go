package provider

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"
	sdkprovider "github.com/pulumi/pulumi/sdk/v3/go/pulumi/provider"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/emptypb"
)

// Info is what a provider says about itself.
type Info struct {
	// Name is the provider's package name, the first part of its type tokens: `acme`. The plugin's
	// executable is pulumi-resource-<Name>.
	Name string
	// Version is the provider's version, without a leading v: `1.2.0`.
	Version string
	// Schema is the Pulumi package schema (JSON) that GetSchema returns. Empty means a minimal schema
	// holding only the name and version.
	Schema []byte
}

// Server is a Pulumi resource provider made of ResourceProviders: it implements
// pulumirpc.ResourceProviderServer by sending each resource operation to the ResourceProvider of the
// resource's type, and answers the provider-level calls itself. Calls it does not support (Invoke, Call,
// Construct, Parameterize) fail with codes.Unimplemented.
type Server struct {
	pulumirpc.UnimplementedResourceProviderServer

	info      Info
	resources map[tokens.Type]ResourceProvider

	// canceled is done once the engine called Cancel: every operation in flight is asked to stop.
	canceled context.Context
	cancel   context.CancelFunc
}

// NewServer returns a server for the given resources, which must have distinct types.
func NewServer(cfg Info, resources ...ResourceProvider) (*Server, error) {
	if cfg.Name == "" {
		return nil, fmt.Errorf("provider.Info: Name is empty")
	}
	s := &Server{info: cfg, resources: make(map[tokens.Type]ResourceProvider, len(resources))}
	for _, r := range resources {
		if r == nil {
			return nil, fmt.Errorf("provider %s: nil resource provider", cfg.Name)
		}
		if _, dup := s.resources[r.Type()]; dup {
			return nil, fmt.Errorf("provider %s: two resource providers for %s", cfg.Name, r.Type())
		}
		s.resources[r.Type()] = r
	}
	s.canceled, s.cancel = context.WithCancel(context.Background())
	return s, nil
}

// Serve runs the resources as a Pulumi provider plugin: it is the whole body of the plugin's main. It
// speaks the plugin protocol (the port on standard output, the engine's address as argument) and
// returns when the engine shuts the plugin down or ctx is done.
func Serve(ctx context.Context, cfg Info, resources ...ResourceProvider) error {
	s, err := NewServer(cfg, resources...)
	if err != nil {
		return err
	}
	return sdkprovider.MainContext(ctx, cfg.Name, func(*sdkprovider.HostClient) (pulumirpc.ResourceProviderServer, error) {
		return s, nil
	})
}

// lookup finds the provider of the resource that urn names.
func (s *Server) lookup(urn string) (ResourceProvider, error) {
	u, err := resource.ParseURN(urn)
	if err != nil {
		return nil, status.Errorf(codes.InvalidArgument, "%s: %v", s.info.Name, err)
	}
	r, ok := s.resources[u.Type()]
	if !ok {
		return nil, status.Errorf(codes.InvalidArgument, "unknown resource type %s: provider %s has no such resource", u.Type(), s.info.Name)
	}
	return r, nil
}

// call runs op with a context that Cancel cancels too.
func call[Req, Resp any](s *Server, ctx context.Context, urn string, req Req,
	op func(ResourceProvider, context.Context, Req) (Resp, error),
) (Resp, error) {
	r, err := s.lookup(urn)
	if err != nil {
		var zero Resp
		return zero, err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stop := context.AfterFunc(s.canceled, cancel)
	defer stop()
	return op(r, ctx, req)
}

// Check sends Check to the resource's provider.
func (s *Server) Check(ctx context.Context, req *pulumirpc.CheckRequest) (*pulumirpc.CheckResponse, error) {
	return call(s, ctx, req.GetUrn(), req, ResourceProvider.Check)
}

// Diff sends Diff to the resource's provider.
func (s *Server) Diff(ctx context.Context, req *pulumirpc.DiffRequest) (*pulumirpc.DiffResponse, error) {
	return call(s, ctx, req.GetUrn(), req, ResourceProvider.Diff)
}

// Create sends Create to the resource's provider.
func (s *Server) Create(ctx context.Context, req *pulumirpc.CreateRequest) (*pulumirpc.CreateResponse, error) {
	return call(s, ctx, req.GetUrn(), req, ResourceProvider.Create)
}

// Read sends Read to the resource's provider.
func (s *Server) Read(ctx context.Context, req *pulumirpc.ReadRequest) (*pulumirpc.ReadResponse, error) {
	return call(s, ctx, req.GetUrn(), req, ResourceProvider.Read)
}

// Update sends Update to the resource's provider.
func (s *Server) Update(ctx context.Context, req *pulumirpc.UpdateRequest) (*pulumirpc.UpdateResponse, error) {
	return call(s, ctx, req.GetUrn(), req, ResourceProvider.Update)
}

// Delete sends Delete to the resource's provider.
func (s *Server) Delete(ctx context.Context, req *pulumirpc.DeleteRequest) (*emptypb.Empty, error) {
	return call(s, ctx, req.GetUrn(), req, ResourceProvider.Delete)
}

// GetPluginInfo returns the provider's version.
func (s *Server) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: s.info.Version}, nil
}

// Handshake tells the engine that the provider takes secrets and resource references as such.
func (s *Server) Handshake(context.Context, *pulumirpc.ProviderHandshakeRequest) (*pulumirpc.ProviderHandshakeResponse, error) {
	return &pulumirpc.ProviderHandshakeResponse{AcceptSecrets: true, AcceptResources: true}, nil
}

// Configure accepts any configuration (IDLs declare none yet) and tells the engine that the provider
// takes secrets and resource references as such, and that Create and Update support previews.
func (s *Server) Configure(context.Context, *pulumirpc.ConfigureRequest) (*pulumirpc.ConfigureResponse, error) {
	return &pulumirpc.ConfigureResponse{AcceptSecrets: true, AcceptResources: true, SupportsPreview: true}, nil
}

// CheckConfig accepts the configuration as it is.
func (s *Server) CheckConfig(_ context.Context, req *pulumirpc.CheckRequest) (*pulumirpc.CheckResponse, error) {
	return &pulumirpc.CheckResponse{Inputs: req.GetNews()}, nil
}

// DiffConfig leaves the comparison to the engine: an unknown diff with nothing to replace, so that a
// configuration change never replaces the provider and with it every resource.
func (s *Server) DiffConfig(context.Context, *pulumirpc.DiffRequest) (*pulumirpc.DiffResponse, error) {
	return &pulumirpc.DiffResponse{Changes: pulumirpc.DiffResponse_DIFF_UNKNOWN}, nil
}

// Cancel asks every operation in flight to stop: their contexts are canceled. The engine calls it before
// shutting the plugin down.
func (s *Server) Cancel(context.Context, *emptypb.Empty) (*emptypb.Empty, error) {
	s.cancel()
	return &emptypb.Empty{}, nil
}

// Attach accepts the engine's address when the plugin runs attached (PULUMI_DEBUG_PROVIDERS); the
// provider has no use for it.
func (s *Server) Attach(context.Context, *pulumirpc.PluginAttach) (*emptypb.Empty, error) {
	return &emptypb.Empty{}, nil
}

// GetSchema returns Config.Schema.
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
