package providertest

import (
	"context"
	"sync"
	"testing"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/emptypb"
)

// Engine is the engine's host service as a provider sees it (the address the engine passes a plugin),
// served over gRPC on 127.0.0.1: it keeps the messages the provider logs, in order. Start and
// StartPlugin give its address to the provider, as the engine does; a test that serves a provider
// itself gives it Client (provider.Server.LogTo).
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
