package provider

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// lookup is a function as cidlc generates its marshaling struct: a required input, one with a default,
// a secret one, and results, one optional and one secret.
type lookup struct {
	Name    string
	Limit   float64
	Token   *string
	ID      string
	Owner   *string
	Private string
}

func (l *lookup) unmarshal(o Object) {
	l.Name = Required(o, "name", Checked(String[string], &Constraints{MinLength: new(2)}))
	l.Limit = Required(o, "limit", Number[float64])
	l.Token = Optional(o, "token", String[string])
}

func (l *lookup) marshal() resource.PropertyMap {
	m := resource.PropertyMap{}
	Put(m, "id", l.ID, StringValue[string])
	PutOptional(m, "owner", l.Owner, StringValue[string])
	Put(m, "private", l.Private, StringValue[string])
	return m
}

var lookupSpec = FunctionSpec[lookup]{
	Token: "test:index:lookup",
	Properties: []Property{
		{Key: "name"},
		{Key: "limit", Default: resource.NewProperty(10.0)},
		{Key: "token", Secret: true},
		{Key: "id", Out: true},
		{Key: "owner", Out: true},
		{Key: "private", Out: true, Secret: true},
	},
	Unmarshal: (*lookup).unmarshal,
	Marshal:   (*lookup).marshal,
}

// lookupOps records what it was asked, and answers with err when it is set.
type lookupOps struct {
	asked *lookup
	err   error
}

func (o *lookupOps) Invoke(_ context.Context, l *lookup) error {
	o.asked = l
	if o.err != nil {
		return o.err
	}
	l.ID = "id-" + l.Name
	l.Private = "p"
	return nil
}

func invoke(t *testing.T, ops *lookupOps, args resource.PropertyMap) *pulumirpc.InvokeResponse {
	t.Helper()
	resp, err := NewFunction(lookupSpec, ops).Invoke(context.Background(), &pulumirpc.InvokeRequest{Tok: "test:index:lookup", Args: toWire(t, args)})
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

func invokeFailures(resp *pulumirpc.InvokeResponse) map[string]string {
	m := map[string]string{}
	for _, f := range resp.GetFailures() {
		m[f.GetProperty()] = f.GetReason()
	}
	return m
}

func TestInvokeResults(t *testing.T) {
	ops := &lookupOps{}
	resp := invoke(t, ops, resource.PropertyMap{"name": resource.NewProperty("web")})
	if len(resp.GetFailures()) > 0 {
		t.Fatalf("failures: %v", resp.GetFailures())
	}
	if ops.asked.Limit != 10 {
		t.Errorf("the ops saw limit %v, want its default 10", ops.asked.Limit)
	}
	got := fromWire(t, resp.GetReturn())
	want := resource.PropertyMap{
		"id":      resource.NewProperty("id-web"),
		"private": resource.MakeSecret(resource.NewProperty("p")),
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("results %v, want %v (owner absent, private secret)", got, want)
	}
}

func TestInvokeSecretInputsMakeResultsSecret(t *testing.T) {
	// token is declared secret: even sent in the clear (Node unwraps secrets before it calls), it
	// makes every result secret, and is never shown in a message.
	resp := invoke(t, &lookupOps{}, resource.PropertyMap{"name": resource.NewProperty("web"), "token": resource.NewProperty("t0p")})
	for k, v := range fromWire(t, resp.GetReturn()) {
		if !v.IsSecret() {
			t.Errorf("result %s is not secret: %v", k, v)
		}
	}
}

func TestInvokeFailures(t *testing.T) {
	ops := &lookupOps{}
	resp := invoke(t, ops, resource.PropertyMap{
		"name":   resource.MakeSecret(resource.NewProperty("w")),
		"limit":  resource.NewProperty("ten"),
		"id":     resource.NewProperty("x"),
		"colour": resource.NewProperty("red"),
	})
	want := map[string]string{
		"name":   "the secret value has fewer characters than the minimum length 2",
		"limit":  "want a number, got a string",
		"id":     "a result of the function; a program passes only its inputs",
		"colour": "unknown property",
	}
	if got := invokeFailures(resp); !reflect.DeepEqual(got, want) {
		t.Errorf("failures\n got %v\nwant %v", got, want)
	}
	if ops.asked != nil || resp.GetReturn() != nil {
		t.Error("a call with bad inputs reached the ops, or returned results")
	}
	if got := invokeFailures(invoke(t, ops, nil)); got["name"] != "missing required property" {
		t.Errorf("no inputs: failures %v, want name missing", got)
	}
}

func TestInvokeOpsErrors(t *testing.T) {
	// A CheckError is the ops' way to fail an input by name.
	ops := &lookupOps{err: &CheckError{Failures: []CheckFailure{Failf("name", "no image named %q", "web")}}}
	if got := invokeFailures(invoke(t, ops, resource.PropertyMap{"name": resource.NewProperty("web")})); got["name"] != `no image named "web"` {
		t.Errorf("failures %v", got)
	}
	// Any other error fails the call.
	boom := errors.New("the cloud is down")
	_, err := NewFunction(lookupSpec, &lookupOps{err: boom}).Invoke(context.Background(),
		&pulumirpc.InvokeRequest{Args: toWire(t, resource.PropertyMap{"name": resource.NewProperty("web")})})
	if !errors.Is(err, boom) {
		t.Errorf("err %v, want %v", err, boom)
	}
}

func TestInvokeUnknownInputs(t *testing.T) {
	ops := &lookupOps{}
	resp := invoke(t, ops, resource.PropertyMap{"name": resource.MakeComputed(resource.NewProperty(""))})
	if ops.asked != nil || len(resp.GetFailures()) > 0 || len(resp.GetReturn().GetFields()) > 0 {
		t.Errorf("an unknown input: asked %v, response %v; want no call and an empty answer", ops.asked, resp)
	}
}

func TestServerInvoke(t *testing.T) {
	f := NewFunction(lookupSpec, &lookupOps{})
	if _, err := NewServer(Info{Name: "test"}, WithoutConfig(Configured{Functions: []FunctionProvider{f, f}})); err == nil {
		t.Error("NewServer took two providers of one function")
	}
	s, err := NewServer(Info{Name: "test"}, WithoutConfig(Configured{Functions: []FunctionProvider{f}}))
	if err != nil {
		t.Fatal(err)
	}
	args := toWire(t, resource.PropertyMap{"name": resource.NewProperty("web")})
	resp, err := s.Invoke(context.Background(), &pulumirpc.InvokeRequest{Tok: "test:index:lookup", Args: args})
	if err != nil || fromWire(t, resp.GetReturn())["id"].StringValue() != "id-web" {
		t.Errorf("Invoke = %v, %v; want the results of lookup", resp, err)
	}
	_, err = s.Invoke(context.Background(), &pulumirpc.InvokeRequest{Tok: "test:index:other", Args: args})
	if status.Code(err) != codes.InvalidArgument || !strings.Contains(err.Error(), "unknown function test:index:other") {
		t.Errorf("Invoke of an unknown token: %v, want InvalidArgument naming it", err)
	}
}
