package provider

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/cidlc/cidlc/internal/testsupport/providertest"
)

// funcOps are ops made of functions, each test's own; a nil one does nothing.
type funcOps struct {
	create func(ctx context.Context, w *widget) (resource.ID, error)
	update func(ctx context.Context, olds, news *widget) error
	delete func(ctx context.Context, w *widget) error
}

func (o funcOps) Create(ctx context.Context, _ resource.URN, w *widget) (resource.ID, error) {
	if o.create == nil {
		return "w-1", nil
	}
	return o.create(ctx, w)
}

func (funcOps) Read(context.Context, resource.ID, *widget) error { return nil }

func (o funcOps) Update(ctx context.Context, _ resource.ID, olds, news *widget) error {
	if o.update == nil {
		return nil
	}
	return o.update(ctx, olds, news)
}

func (o funcOps) Delete(ctx context.Context, _ resource.ID, w *widget) error {
	if o.delete == nil {
		return nil
	}
	return o.delete(ctx, w)
}

// serveWidgets serves widgets that ops implement over gRPC, with spec's timeouts, logging to an engine
// of the test's; it returns the client and the engine.
func serveWidgets(t *testing.T, ops funcOps, timeouts Timeouts) (pulumirpc.ResourceProviderClient, *providertest.Engine) {
	t.Helper()
	spec := widgetSpec
	spec.Timeouts = timeouts
	s, err := NewServer(Info{Name: "test"}, WithoutConfig(Configured{Resources: []ResourceProvider{NewResource(spec, ops, Hooks[widget]{})}}))
	if err != nil {
		t.Fatal(err)
	}
	engine := providertest.NewEngine(t)
	s.LogTo(engine.Client)
	return providertest.Serve(t, s, "p").Client, engine
}

// widgetInputs are the inputs of a widget whose password is a secret.
var widgetInputs = resource.PropertyMap{"name": pv("w1"), "size": pv(3.0), "zone": pv("a"), "password": resource.MakeSecret(pv("hunter22"))}

// initFailed returns the engine's ErrorResourceInitFailed that err carries, or nil.
func initFailed(err error) *pulumirpc.ErrorResourceInitFailed {
	for _, d := range status.Convert(err).Details() {
		if f, ok := d.(*pulumirpc.ErrorResourceInitFailed); ok {
			return f
		}
	}
	return nil
}

// TestPartialCreate: a Create that made its object and then failed answers with the engine's
// ErrorResourceInitFailed, which holds the object's ID and properties (secrets kept secret), so that the
// engine keeps it; without Partial, or without an ID, it is a failure that keeps nothing.
func TestPartialCreate(t *testing.T) {
	refused := errors.New("membership refused")
	client, _ := serveWidgets(t, funcOps{create: func(_ context.Context, w *widget) (resource.ID, error) {
		w.Serial = new("S-1")
		switch w.Zone {
		case "partial":
			return "w-1", fmt.Errorf("granting: %w", Partial(refused))
		case "no-id":
			return "", Partial(refused)
		case "plain":
			return "w-1", refused // the ID with an error that is not partial: nothing was made
		}
		return "w-1", Partial(nil) // nothing failed
	}}, Timeouts{})
	create := func(zone string) (*pulumirpc.CreateResponse, error) {
		news := widgetInputs.Copy()
		news["zone"] = pv(zone)
		return client.Create(context.Background(), &pulumirpc.CreateRequest{Urn: widgetURN, Properties: toWire(t, news)})
	}

	_, err := create("partial")
	f := initFailed(err)
	if f == nil {
		t.Fatalf("a partial Create: %v; want ErrorResourceInitFailed", err)
	}
	outs := fromWire(t, f.GetProperties())
	want := resource.PropertyMap{"name": pv("w1"), "size": pv(3.0), "zone": pv("partial"), "serial": pv("S-1")}
	if f.GetId() != "w-1" || !outs.DeepEquals(want) || !slices.Equal(f.GetReasons(), []string{"granting: membership refused"}) {
		t.Errorf("ErrorResourceInitFailed = id %q, outputs %v, reasons %q; want w-1, %v, the error", f.GetId(), outs, f.GetReasons(), want)
	}
	if _, err := create("no-id"); initFailed(err) != nil || !strings.Contains(err.Error(), "Create returned provider.Partial without the ID of what it made") {
		t.Errorf("a partial Create without an ID: %v", err)
	}
	if _, err := create("plain"); initFailed(err) != nil || status.Convert(err).Message() != "membership refused" {
		t.Errorf("a Create that failed: %v; want its error alone", err)
	}
	if resp, err := create("fine"); err != nil || resp.GetId() != "w-1" {
		t.Errorf("Create ending with Partial(nil) = %v, %v; want a success", resp, err)
	}
}

// TestPartialUpdate: an Update that made part of its changes answers with ErrorResourceInitFailed
// holding the properties as the ops left news, so that the engine records what changed.
func TestPartialUpdate(t *testing.T) {
	client, _ := serveWidgets(t, funcOps{update: func(_ context.Context, _, news *widget) error {
		news.Serial = new("S-2") // the part that changed
		return Partial(errors.New("the rest was refused"))
	}}, Timeouts{})
	olds := resource.PropertyMap{"name": pv("w1"), "size": pv(3.0), "zone": pv("a"), "serial": pv("S-1")}
	news := resource.PropertyMap{"name": pv("w1"), "size": pv(4.0), "zone": pv("a")}
	_, err := client.Update(context.Background(), &pulumirpc.UpdateRequest{Id: "w-1", Urn: widgetURN, Olds: toWire(t, olds), News: toWire(t, news)})
	f := initFailed(err)
	if f == nil {
		t.Fatalf("a partial Update: %v; want ErrorResourceInitFailed", err)
	}
	if outs := fromWire(t, f.GetProperties()); f.GetId() != "w-1" || !outs["serial"].DeepEquals(pv("S-2")) || !outs["size"].DeepEquals(pv(4.0)) {
		t.Errorf("ErrorResourceInitFailed = id %q, outputs %v; want w-1, size 4 and serial S-2", f.GetId(), outs)
	}
}

// TestTimeouts: the program's customTimeouts (the request's timeout), or else the resource's default, is
// the deadline of the ops' context; a call that runs out of time fails with DeadlineExceeded and a
// message that names the timeout, where it comes from and how to raise it. An op that finishes all the
// same has succeeded; without a timeout, an op waits as long as it takes.
func TestTimeouts(t *testing.T) {
	wait := func(ctx context.Context, d time.Duration) error {
		select {
		case <-ctx.Done():
			return fmt.Errorf("waiting for the widget: %w", ctx.Err())
		case <-time.After(d):
			return nil
		}
	}
	client, _ := serveWidgets(t, funcOps{
		create: func(ctx context.Context, w *widget) (resource.ID, error) {
			if w.Zone == "stubborn" {
				time.Sleep(200 * time.Millisecond) // ignores its context, and finishes
				return "w-1", nil
			}
			return "w-1", wait(ctx, time.Duration(w.Size)*time.Second)
		},
		delete: func(ctx context.Context, w *widget) error { return wait(ctx, time.Minute) },
	}, Timeouts{Delete: 100 * time.Millisecond})
	create := func(zone string, size, timeout float64) error {
		news := resource.PropertyMap{"name": pv("w1"), "size": pv(size), "zone": pv(zone)}
		_, err := client.Create(context.Background(), &pulumirpc.CreateRequest{Urn: widgetURN, Properties: toWire(t, news), Timeout: timeout})
		return err
	}
	start := time.Now()
	err := create("a", 60, 0.1)
	want := `Widget "w1": create timed out after 100ms (the program's customTimeouts.create); give it more time with the customTimeouts resource option, such as { create: "200ms" }: waiting for the widget: context deadline exceeded`
	if status.Code(err) != codes.DeadlineExceeded || status.Convert(err).Message() != want {
		t.Errorf("Create past its timeout: %v\nwant DeadlineExceeded: %s", err, want)
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("Create with a timeout of 100ms took %v", took)
	}
	if err := create("stubborn", 0, 0.05); err != nil {
		t.Errorf("a Create that finished past its timeout: %v; it succeeded", err)
	}
	if err := create("a", 0.2, 0); err != nil {
		t.Errorf("a Create without a timeout: %v", err)
	}
	// The resource's default, when the program gives none; the program's, when it does.
	_, err = client.Delete(context.Background(), &pulumirpc.DeleteRequest{Id: "w-1", Urn: widgetURN,
		Properties: toWire(t, resource.PropertyMap{"name": pv("w1"), "size": pv(1.0), "zone": pv("a")})})
	want = `Widget "w1": delete timed out after 100ms (the provider's default for test:index:Widget); give it more time with the customTimeouts resource option, such as { delete: "200ms" }`
	if status.Code(err) != codes.DeadlineExceeded || !strings.HasPrefix(status.Convert(err).Message(), want) {
		t.Errorf("Delete past the default timeout: %v\nwant DeadlineExceeded: %s", err, want)
	}
	_, err = client.Delete(context.Background(), &pulumirpc.DeleteRequest{Id: "w-1", Urn: widgetURN, Timeout: 0.15,
		Properties: toWire(t, resource.PropertyMap{"name": pv("w1"), "size": pv(1.0), "zone": pv("a")})})
	if !strings.Contains(status.Convert(err).Message(), "delete timed out after 150ms (the program's customTimeouts.delete)") {
		t.Errorf("Delete past the program's timeout: %v", err)
	}
}

// TestLogger: ops send messages about their resource to the engine through Log(ctx): with the
// resource's URN, at their severity, a status as ephemeral; a Delete that finds the resource gone
// warns. No message and no error shows a secret the operation was given, or the configuration's.
func TestLogger(t *testing.T) {
	client, engine := serveWidgets(t, funcOps{
		create: func(ctx context.Context, w *widget) (resource.ID, error) {
			Log(ctx).Statusf("booting")
			Log(ctx).Debugf("size %v", w.Size)
			Log(ctx).Infof("created in zone %s", w.Zone)
			Log(ctx).Warnf("the password %q is weak", *w.Password)
			Log(ctx).Errorf("quota almost used")
			return "", fmt.Errorf("the cloud refused the password %q (JSON: %s)", *w.Password, `{"password":"hunter22"}`)
		},
		delete: func(context.Context, *widget) error { return ErrNotFound },
	}, Timeouts{})
	_, err := client.Create(context.Background(), &pulumirpc.CreateRequest{Urn: widgetURN, Properties: toWire(t, widgetInputs)})
	if msg := status.Convert(err).Message(); msg != `the cloud refused the password "[secret]" (JSON: {"password":"[secret]"})` {
		t.Errorf("Create's error = %q; want the password hidden", msg)
	}
	want := []string{
		"status " + widgetURN + ": booting",
		"DEBUG " + widgetURN + ": size 3",
		"INFO " + widgetURN + ": created in zone a",
		"WARNING " + widgetURN + `: the password "[secret]" is weak`,
		"ERROR " + widgetURN + ": quota almost used",
	}
	if got := engine.Messages(); !slices.Equal(got, want) {
		t.Errorf("Create logged\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	_, err = client.Delete(context.Background(), &pulumirpc.DeleteRequest{Id: "w-1", Urn: widgetURN, Properties: toWire(t, widgetInputs)})
	want = []string{"WARNING " + widgetURN + `: Widget "w1" was already gone (deleted outside of Pulumi?); it is removed from the stack`}
	if got := engine.Messages(); err != nil || !slices.Equal(got, want) {
		t.Errorf("Delete of a resource already gone: %v, logged %q; want %q", err, got, want)
	}
	// Outside an operation, a Logger drops what it is given.
	Log(context.Background()).Warnf("nowhere")
}

// TestAttachedEngine: a plugin that runs attached learns the engine's address from Handshake (or
// Attach), and its operations' messages go there.
func TestAttachedEngine(t *testing.T) {
	s, err := NewServer(Info{Name: "test"}, WithoutConfig(Configured{Resources: []ResourceProvider{NewResource(widgetSpec, funcOps{
		delete: func(context.Context, *widget) error { return ErrNotFound },
	}, Hooks[widget]{})}}))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	engine := providertest.NewEngine(t)
	client := providertest.Serve(t, s, "p").Client
	if _, err := client.Handshake(context.Background(), &pulumirpc.ProviderHandshakeRequest{EngineAddress: engine.Addr}); err != nil {
		t.Fatal(err)
	}
	if _, err := client.Delete(context.Background(), &pulumirpc.DeleteRequest{Id: "w-1", Urn: widgetURN, Properties: toWire(t, widgetInputs)}); err != nil {
		t.Fatal(err)
	}
	if got := engine.Messages(); len(got) != 1 || !strings.HasPrefix(got[0], "WARNING "+widgetURN+`: Widget "w1" was already gone`) {
		t.Errorf("the attached engine was told %q", got)
	}
}

// TestRedactor: the forms of a secret that messages hold are hidden, the longest first; secrets too
// short to hide are left alone.
func TestRedactor(t *testing.T) {
	r := newRedactor([]string{"ab", "true", "pass", "passphrase", `q"uo\te`, "größe"})
	for in, want := range map[string]string{
		"passphrase and pass":       "[secret] and [secret]",
		`%q: "q\"uo\\te"`:           `%q: "[secret]"`,
		`raw: q"uo\te`:              "raw: [secret]",
		`quoted: "gr\u00f6\u00dfe"`: `quoted: "[secret]"`,
		"ab is true":                "ab is true",
	} {
		if got := r.Replace(in); got != want {
			t.Errorf("redact(%q) = %q, want %q", in, got, want)
		}
	}
	if newRedactor([]string{"x", "false"}) != nil {
		t.Error("a redactor for secrets too short to hide")
	}
}
