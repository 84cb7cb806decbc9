package provider

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/protobuf/types/known/structpb"
)

// widget is a resource as cidlc generates its marshaling struct: named, with an out id, an `in`
// property, a replacing one and outputs.
type widget struct {
	Name     string
	ID       resource.ID
	Size     float64
	Password *string
	Zone     string
	Serial   *string
}

func (w *widget) unmarshal(o Object) {
	w.Name = Required(o, "name", String[string])
	w.Size = Required(o, "size", Number[float64])
	w.Password = Optional(o, "password", String[string])
	w.Zone = Required(o, "zone", String[string])
	w.Serial = Output(o, "serial", String[string])
}

func (w *widget) marshal() resource.PropertyMap {
	m := resource.PropertyMap{}
	Put(m, "name", w.Name, StringValue[string])
	Put(m, "size", w.Size, NumberValue[float64])
	PutOptional(m, "password", w.Password, StringValue[string])
	Put(m, "zone", w.Zone, StringValue[string])
	PutOptional(m, "serial", w.Serial, StringValue[string])
	return m
}

var widgetSpec = Spec[widget]{
	Type:  "test:index:Widget",
	Named: true,
	Properties: []Property{
		{Key: "name", Replaces: true},
		{Key: "size"},
		{Key: "password", In: true},
		{Key: "zone", Replaces: true},
		{Key: "serial", Out: true},
	},
	Unmarshal: (*widget).unmarshal,
	Marshal:   (*widget).marshal,
	SetID:     func(w *widget, id resource.ID) { w.ID = id },
}

// widgetOps records what the engine gave it.
type widgetOps struct {
	created, updatedOld, updatedNew, deleted *widget
	id                                       resource.ID
	readErr, deleteErr                       error
	block                                    chan struct{} // Create waits on it, or on its context
}

func (o *widgetOps) Create(ctx context.Context, _ resource.URN, w *widget) (resource.ID, error) {
	if o.block != nil {
		select {
		case <-o.block:
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
	w.Serial = new("S-" + w.Name)
	o.created = w
	return o.id, nil
}

func (o *widgetOps) Read(_ context.Context, _ resource.ID, w *widget) error {
	w.Size++ // the cloud changed it
	return o.readErr
}

func (o *widgetOps) Update(_ context.Context, _ resource.ID, olds, news *widget) error {
	o.updatedOld, o.updatedNew = olds, news
	return nil
}

func (o *widgetOps) Delete(_ context.Context, _ resource.ID, w *widget) error {
	o.deleted = w
	return o.deleteErr
}

const widgetURN = "urn:pulumi:dev::p::test:index:Widget::w1"

func toWire(t *testing.T, m resource.PropertyMap) *structpb.Struct {
	t.Helper()
	s, err := plugin.MarshalProperties(m, wire)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func fromWire(t *testing.T, s *structpb.Struct) resource.PropertyMap {
	t.Helper()
	m, err := plugin.UnmarshalProperties(s, wire)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestCheckHook(t *testing.T) {
	var seen *widget
	hooks := Hooks[widget]{Check: func(_ context.Context, urn resource.URN, w *widget) ([]CheckFailure, error) {
		seen = w
		if w.Size > 10 {
			return []CheckFailure{Failf("size", "at most 10, not %v", w.Size)}, nil
		}
		return nil, nil
	}}
	r := NewResource(widgetSpec, &widgetOps{}, hooks)
	check := func(news resource.PropertyMap) *pulumirpc.CheckResponse {
		seen = nil
		resp, err := r.Check(context.Background(), &pulumirpc.CheckRequest{Urn: widgetURN, News: toWire(t, news)})
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	resp := check(resource.PropertyMap{"size": pv(11.0), "zone": pv("a")})
	if seen == nil || !autonameOf("w1").MatchString(seen.Name) || len(resp.Failures) != 1 || resp.Failures[0].Reason != "at most 10, not 11" {
		t.Errorf("hook saw %+v; failures %v", seen, resp.Failures)
	}
	if got := fromWire(t, resp.Inputs)["name"]; !got.IsString() || !autonameOf("w1").MatchString(got.StringValue()) {
		t.Errorf("checked name = %v, want an autoname of the URN's name", got)
	}
	// Not for inputs that break the IDL's rules, nor for values not known yet.
	check(resource.PropertyMap{"size": pv("big"), "zone": pv("a")})
	check(resource.PropertyMap{"size": resource.MakeComputed(pv(0.0)), "zone": pv("a")})
	if seen != nil {
		t.Errorf("the hook saw %+v", seen)
	}
}

func TestCreateAndOutputs(t *testing.T) {
	ops := &widgetOps{id: "w-1"}
	r := NewResource(widgetSpec, ops, Hooks[widget]{})
	news := resource.PropertyMap{"name": pv("w1"), "size": resource.MakeSecret(pv(3.0)), "password": pv("pw"), "zone": pv("a")}
	resp, err := r.Create(context.Background(), &pulumirpc.CreateRequest{Urn: widgetURN, Properties: toWire(t, news)})
	if err != nil {
		t.Fatal(err)
	}
	outs := fromWire(t, resp.Properties)
	want := resource.PropertyMap{"name": pv("w1"), "size": resource.MakeSecret(pv(3.0)), "zone": pv("a"), "serial": pv("S-w1")}
	if resp.Id != "w-1" || ops.created.ID != "w-1" || *ops.created.Password != "pw" || !outs.DeepEquals(want) {
		t.Errorf("Create = %s %v (ops saw %+v); want %v", resp.Id, outs, ops.created, want)
	}
	ops.id = ""
	if _, err := r.Create(context.Background(), &pulumirpc.CreateRequest{Urn: widgetURN, Properties: toWire(t, news)}); err == nil ||
		!strings.Contains(err.Error(), "empty ID") {
		t.Errorf("Create with an empty ID: %v", err)
	}
}

func TestDiff(t *testing.T) {
	olds := resource.PropertyMap{"name": pv("w1"), "size": pv(3.0), "zone": pv("a"), "serial": pv("S")}
	oldInputs := resource.PropertyMap{"name": pv("w1"), "size": pv(3.0), "zone": pv("a"), "password": pv("pw")}
	diff := func(hooks Hooks[widget], news resource.PropertyMap, ignore ...string) *pulumirpc.DiffResponse {
		r := NewResource(widgetSpec, &widgetOps{}, hooks)
		resp, err := r.Diff(context.Background(), &pulumirpc.DiffRequest{Id: "w-1", Urn: widgetURN,
			Olds: toWire(t, olds), News: toWire(t, news), OldInputs: toWire(t, oldInputs), IgnoreChanges: ignore})
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	kinds := func(resp *pulumirpc.DiffResponse) string {
		var ks []string
		for _, k := range resp.Diffs {
			ks = append(ks, k+"="+resp.DetailedDiff[k].Kind.String())
		}
		return strings.Join(ks, " ")
	}
	// A secret of the same value is no change; the `in` password is compared with the old inputs.
	same := resource.PropertyMap{"name": pv("w1"), "size": resource.MakeSecret(pv(3.0)), "zone": pv("a"), "password": pv("pw")}
	if resp := diff(Hooks[widget]{}, same); resp.Changes != pulumirpc.DiffResponse_DIFF_NONE {
		t.Errorf("Diff of equal inputs = %v", resp)
	}
	news := resource.PropertyMap{"name": pv("w1"), "size": pv(4.0), "zone": pv("b")}
	resp := diff(Hooks[widget]{}, news)
	if got := kinds(resp); got != "size=UPDATE password=DELETE zone=UPDATE_REPLACE" || !slices.Equal(resp.Replaces, []string{"zone"}) {
		t.Errorf("Diff = %s, replaces %v", got, resp.Replaces)
	}
	if resp := diff(Hooks[widget]{}, news, "zone", "password"); kinds(resp) != "size=UPDATE" {
		t.Errorf("Diff ignoring zone and password = %s", kinds(resp))
	}
	// The hook sees both sides, and may replace more.
	hook := Hooks[widget]{Diff: func(_ context.Context, id resource.ID, o, n *widget, d *Diff) error {
		if id != "w-1" || o.Serial == nil || n.Serial == nil || *o.Password != "pw" || !d.HasChanged("size") {
			t.Errorf("hook saw %s %+v %+v %+v", id, o, n, d)
		}
		if n.Size < o.Size {
			d.Replace("size")
			d.DeleteBeforeReplace = true
		}
		return nil
	}}
	resp = diff(hook, resource.PropertyMap{"name": pv("w1"), "size": pv(2.0), "zone": pv("a"), "password": pv("pw")})
	if kinds(resp) != "size=UPDATE_REPLACE" || !resp.DeleteBeforeReplace {
		t.Errorf("Diff with a replacing hook = %s %v", kinds(resp), resp)
	}
}

func TestUpdateReadDelete(t *testing.T) {
	ops := &widgetOps{}
	r := NewResource(widgetSpec, ops, Hooks[widget]{})
	ctx := context.Background()
	olds := resource.PropertyMap{"name": pv("w1"), "size": pv(3.0), "zone": pv("a"), "serial": resource.MakeSecret(pv("S"))}
	oldInputs := resource.PropertyMap{"name": pv("w1"), "size": pv(3.0), "zone": pv("a"), "password": pv("pw")}
	resp, err := r.Update(ctx, &pulumirpc.UpdateRequest{Id: "w-1", Urn: widgetURN, Olds: toWire(t, olds),
		News: toWire(t, resource.PropertyMap{"name": pv("w1"), "size": pv(5.0), "zone": pv("a")}), OldInputs: toWire(t, oldInputs)})
	if err != nil {
		t.Fatal(err)
	}
	if ops.updatedOld.Password == nil || ops.updatedNew.Serial == nil || *ops.updatedNew.Serial != "S" || ops.updatedNew.ID != "w-1" {
		t.Errorf("Update saw %+v -> %+v; want the old password, the old serial, the ID", ops.updatedOld, ops.updatedNew)
	}
	if outs := fromWire(t, resp.Properties); !outs["serial"].IsSecret() {
		t.Errorf("a secret output lost its secrecy: %v", outs)
	}

	read, err := r.Read(ctx, &pulumirpc.ReadRequest{Id: "w-1", Urn: widgetURN, Properties: toWire(t, olds), Inputs: toWire(t, oldInputs)})
	if err != nil {
		t.Fatal(err)
	}
	wantInputs := resource.PropertyMap{"name": pv("w1"), "size": pv(4.0), "zone": pv("a"), "password": pv("pw")}
	if ins := fromWire(t, read.Inputs); read.Id != "w-1" || !ins.DeepEquals(wantInputs) {
		t.Errorf("Read inputs = %s %v, want %v", read.Id, ins, wantInputs)
	}
	ops.readErr = ErrNotFound
	if read, err := r.Read(ctx, &pulumirpc.ReadRequest{Id: "w-1", Urn: widgetURN}); err != nil || read.Id != "" {
		t.Errorf("Read of a gone resource = %v, %v", read, err)
	}

	ops.deleteErr = ErrNotFound
	if _, err := r.Delete(ctx, &pulumirpc.DeleteRequest{Id: "w-1", Urn: widgetURN, Properties: toWire(t, olds), OldInputs: toWire(t, oldInputs)}); err != nil {
		t.Errorf("Delete of a gone resource: %v", err)
	}
	if ops.deleted.ID != "w-1" || *ops.deleted.Password != "pw" {
		t.Errorf("Delete saw %+v", ops.deleted)
	}
	ops.deleteErr = errors.New("in use")
	if _, err := r.Delete(ctx, &pulumirpc.DeleteRequest{Id: "w-1", Urn: widgetURN}); err == nil {
		t.Error("Delete hid the ops' error")
	}
}

func TestServer(t *testing.T) {
	ops := &widgetOps{id: "w-1", block: make(chan struct{})}
	r := NewResource(widgetSpec, ops, Hooks[widget]{})
	if _, err := NewServer(Info{Name: "test"}, WithoutConfig(Configured{Resources: []ResourceProvider{r, r}})); err == nil {
		t.Error("NewServer took two providers of one type")
	}
	s, err := NewServer(Info{Name: "test"}, WithoutConfig(Configured{Resources: []ResourceProvider{r}}))
	if err != nil {
		t.Fatal(err)
	}
	// Cancel stops the operations in flight.
	done := make(chan error)
	go func() {
		_, err := s.Create(context.Background(), &pulumirpc.CreateRequest{Urn: widgetURN,
			Properties: toWire(t, resource.PropertyMap{"name": pv("w1"), "size": pv(1.0), "zone": pv("a")})})
		done <- err
	}()
	time.Sleep(10 * time.Millisecond)
	if _, err := s.Cancel(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("Create after Cancel: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Cancel did not stop Create")
	}
}

// TestServerSchemaAgrees: a server refuses a schema of another package or version than its Info, so
// that GetPluginInfo and GetSchema never disagree.
func TestServerSchemaAgrees(t *testing.T) {
	r := NewResource(widgetSpec, &widgetOps{}, Hooks[widget]{})
	for _, tc := range []struct {
		info Info
		want string // "" for no error
	}{
		{Info{Name: "test", Version: "1.2.0", Schema: []byte(`{"name": "test", "version": "1.2.0"}`)}, ""},
		{Info{Name: "test", Schema: []byte(`{"name": "test"}`)}, ""},
		{Info{Name: "test", Version: "1.2.0"}, ""},
		{Info{Name: "test", Version: "1.2.0", Schema: []byte(`{"name": "test", "version": "1.3.0"}`)},
			`provider test: version "1.2.0", but the schema's version is "1.3.0"; take both from one cidlc run (provider.Info{Version: PluginVersion} of the stubs)`},
		{Info{Name: "test", Schema: []byte(`{"name": "test", "version": "1.3.0"}`)}, `provider test: version "", but the schema's version is "1.3.0"`},
		{Info{Name: "test", Version: "1.2.0", Schema: []byte(`{"name": "other", "version": "1.2.0"}`)}, `provider test: the schema is that of package "other"`},
		{Info{Name: "test", Schema: []byte(`{`)}, "provider test: the schema is not JSON"},
	} {
		_, err := NewServer(tc.info, WithoutConfig(Configured{Resources: []ResourceProvider{r}}))
		if (err == nil) != (tc.want == "") || err != nil && !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("NewServer(%s %q, schema %s): %v, want %q", tc.info.Name, tc.info.Version, tc.info.Schema, err, tc.want)
		}
	}
}

func TestNilOps(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("NewResource took nil ops")
		}
	}()
	NewResource[widget](widgetSpec, nil, Hooks[widget]{})
}
