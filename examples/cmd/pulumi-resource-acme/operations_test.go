package main

import (
	"context"
	"strings"
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/cidlc/cidlc/examples/provider/cloud"
	"github.com/cidlc/cidlc/examples/provider/compute"
)

// TestInstanceBoot: an instance that does not boot within the program's timeout fails its Create with
// the timeout's message, and is kept, pending (ErrorResourceInitFailed: the cloud has it); meanwhile
// the user saw it boot. The next update, without a timeout of the program's (the IDL's 10 minutes),
// waits for it to boot, and it runs.
func TestInstanceBoot(t *testing.T) {
	t.Setenv(cloud.BootTimeEnv, "2500ms")
	d, engine := serveLogged(t, t.TempDir())
	if _, failures, err := configureProvider(d.client, map[string]any{"apiToken": testToken}); err != nil || len(failures) > 0 {
		t.Fatalf("configuring the provider: %v %v", failures, err)
	}
	for _, k := range kinds(t) {
		if k.typ == compute.Instance {
			break // its dependencies only
		}
		d.create(k.typ, k.name, k.inputs(d))
	}
	inputs := kindOf(t, compute.Instance).inputs(d)
	u := urn(compute.Instance, "slow")
	checked, failures := d.check(u, props(t, inputs))
	if len(failures) > 0 {
		t.Fatal(failures)
	}
	_, err := d.client.Create(context.Background(), &pulumirpc.CreateRequest{Urn: string(u), Properties: checked, Timeout: 2})
	f := initFailed(err)
	if status.Code(err) != codes.DeadlineExceeded || f == nil ||
		!strings.HasPrefix(f.GetReasons()[0], `Instance "slow": create timed out after 2s (the program's customTimeouts.create); give it more time with the customTimeouts resource option, such as { create: "4s" }: instance `+f.GetId()+" did not finish booting") {
		t.Fatalf("Create of an instance that boots past its timeout: %v; want DeadlineExceeded and ErrorResourceInitFailed", err)
	}
	if got := unprops(t, f.GetProperties())["status"]; !d.stored(compute.Instance, f.GetId()) || got.StringValue() != "pending" {
		t.Errorf("the instance that timed out: stored %v, status %v; want it kept, pending", d.stored(compute.Instance, f.GetId()), got)
	}
	if got := engine.Messages(); len(got) == 0 || got[0] != "status "+string(u)+": booting (1s of 2.5s)" {
		t.Errorf("the engine was told %q; want the instance's boot", got)
	}
	slow := &live{urn: u, id: f.GetId(), inputs: checked, outputs: f.GetProperties()}
	d.update(slow, inputs)
	if got := unprops(t, slow.outputs)["status"]; got.StringValue() != "running" {
		t.Errorf("the instance after the update: %v; want it running", got)
	}
}

// kindOf is the life cycle's kind of resource typ.
func kindOf(t *testing.T, typ tokens.Type) kind {
	for _, k := range kinds(t) {
		if k.typ == typ {
			return k
		}
	}
	t.Fatalf("no kind %v", typ)
	return kind{}
}

// initFailed returns the engine's ErrorResourceInitFailed that err carries, or nil.
func initFailed(err error) *pulumirpc.ErrorResourceInitFailed {
	for _, detail := range status.Convert(err).Details() {
		if f, ok := detail.(*pulumirpc.ErrorResourceInitFailed); ok {
			return f
		}
	}
	return nil
}
