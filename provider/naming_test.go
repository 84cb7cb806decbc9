package provider

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// autonameOf matches the autonames of the logical name logical: it, a hyphen and 7 hexadecimal digits.
func autonameOf(logical string) *regexp.Regexp {
	return regexp.MustCompile(`^` + regexp.QuoteMeta(logical) + `-[0-9a-f]{7}$`)
}

func TestAutoname(t *testing.T) {
	seed := []byte("the engine's seed for w1")
	a, b := autoname(seed, "w1", 0), autoname(seed, "w1", 0)
	if a != b || !autonameOf("w1").MatchString(a) {
		t.Errorf("autonames of one seed: %q, %q; want one name, w1 and a random suffix", a, b)
	}
	if c := autoname([]byte("another seed"), "w1", 0); c == a {
		t.Errorf("two seeds made one name, %q", c)
	}
	// Cut to fit, in code points, the suffix kept.
	for _, c := range []struct {
		logical string
		max     int
		want    string // a pattern
	}{
		{"a-rather-long-name", 12, `^a-ra-[0-9a-f]{7}$`},
		{"名前がとても長い", 11, `^名前が-[0-9a-f]{7}$`},
		{"abc", 11, `^abc-[0-9a-f]{7}$`},
		{"abcd", 11, `^abc-[0-9a-f]{7}$`},
		{"abcd", 8, `^a[0-9a-f]{7}$`},
		{"abcd", 5, `^[0-9a-f]{5}$`},
	} {
		got := autoname(seed, c.logical, c.max)
		if !regexp.MustCompile(c.want).MatchString(got) || utf8.RuneCountInString(got) > c.max {
			t.Errorf("autoname(%q, max %d) = %q, want %s", c.logical, c.max, got, c.want)
		}
	}
}

// checkName runs Check of a widget of spec without a name, with the old inputs olds (nil for a new
// resource) and the stack's autonaming configuration, and returns the checked inputs and failures.
func checkName(t *testing.T, spec Spec[widget], olds resource.PropertyMap, autonaming *pulumirpc.CheckRequest_AutonamingOptions) (resource.PropertyMap, []string) {
	t.Helper()
	req := &pulumirpc.CheckRequest{Urn: widgetURN, Name: "w1", News: toWire(t, resource.PropertyMap{"size": pv(1.0), "zone": pv("a")}),
		RandomSeed: []byte("seed"), Autonaming: autonaming}
	if olds != nil {
		req.Olds = toWire(t, olds)
	}
	resp, err := NewResource(spec, &widgetOps{}, Hooks[widget]{}).Check(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	var failures []string
	for _, f := range resp.Failures {
		failures = append(failures, f.Property+": "+f.Reason)
	}
	return fromWire(t, resp.Inputs), failures
}

func TestCheckNames(t *testing.T) {
	verbatim := widgetSpec
	verbatim.Naming.Verbatim = true
	proposed := &pulumirpc.CheckRequest_AutonamingOptions{ProposedName: "dev-w1-x", Mode: pulumirpc.CheckRequest_AutonamingOptions_PROPOSE}
	enforced := &pulumirpc.CheckRequest_AutonamingOptions{ProposedName: "w1", Mode: pulumirpc.CheckRequest_AutonamingOptions_ENFORCE}
	disabled := &pulumirpc.CheckRequest_AutonamingOptions{Mode: pulumirpc.CheckRequest_AutonamingOptions_DISABLE}
	old := func(name string, autonamed bool) resource.PropertyMap {
		m := resource.PropertyMap{"name": pv(name), "size": pv(1.0), "zone": pv("a")}
		if autonamed {
			m[autonamedKey] = pv(true)
		}
		return m
	}
	autoname := autoname([]byte("seed"), "w1", 0)
	for _, c := range []struct {
		what       string
		spec       Spec[widget]
		olds       resource.PropertyMap
		autonaming *pulumirpc.CheckRequest_AutonamingOptions
		name       string
		autonamed  bool
	}{
		{"a new resource", widgetSpec, nil, nil, autoname, true},
		{"a resource with an autoname keeps it", widgetSpec, old("w1-0123abc", true), nil, "w1-0123abc", true},
		{"a resource whose program named it keeps the name", widgetSpec, old("given", false), nil, "given", false},
		{"configuration does not rename a resource", widgetSpec, old("w1-0123abc", true), enforced, "w1-0123abc", true},
		{"a new verbatim resource", verbatim, nil, nil, "w1", false},
		{"a proposed name", widgetSpec, nil, proposed, "dev-w1-x", true},
		{"a proposed name, verbatim", verbatim, nil, proposed, "w1", false},
		{"an enforced name", widgetSpec, nil, enforced, "w1", true},
		{"an enforced name, verbatim", verbatim, nil, enforced, "w1", true},
		{"a proposal of nothing", widgetSpec, nil, &pulumirpc.CheckRequest_AutonamingOptions{}, autoname, true},
	} {
		inputs, failures := checkName(t, c.spec, c.olds, c.autonaming)
		if got := inputs["name"]; !got.DeepEquals(pv(c.name)) || autonamed(inputs) != c.autonamed || failures != nil {
			t.Errorf("%s: name %v, autonamed %v, failures %v; want %q, %v", c.what, got, autonamed(inputs), failures, c.name, c.autonamed)
		}
	}
	// Names off: the program must give one.
	_, failures := checkName(t, verbatim, nil, disabled)
	want := []string{"name: the stack's pulumi:autonaming configuration turns automatic names off (mode: disabled), and the program gives none: give the resource a name"}
	if !slices.Equal(failures, want) {
		t.Errorf("names turned off: failures %q, want %q", failures, want)
	}
}

// A made-up name is checked against the name's contract, and a failure says where the name comes from.
func TestCheckMadeNameContract(t *testing.T) {
	spec := widgetSpec
	lower := &Constraints{Pattern: regexp.MustCompile(`^[a-z]+$`)}
	spec.Unmarshal = func(w *widget, o Object) {
		w.unmarshal(o)
		w.Name = Required(o, "name", Checked(String[string], lower))
	}
	// A name the resource has is not checked: it is a fact of the cloud, whatever the contract now says.
	if _, failures := checkName(t, spec, resource.PropertyMap{"name": pv("Old_Name"), "size": pv(1.0), "zone": pv("a")}, nil); failures != nil {
		t.Errorf("the name a resource has was checked: %q", failures)
	}
	for _, c := range []struct {
		autonaming *pulumirpc.CheckRequest_AutonamingOptions
		verbatim   bool
		want       string
	}{
		{nil, false, "the provider made the name up of the resource's own and a random suffix, since the program gives none: give the resource a name that fits"},
		{nil, true, "the name is the resource's own, since the program gives none: give the resource a name that fits"},
		{&pulumirpc.CheckRequest_AutonamingOptions{ProposedName: "W1"}, false,
			"the stack's pulumi:autonaming configuration makes this name for test:index:Widget: give the resource a name that fits"},
	} {
		spec.Naming.Verbatim = c.verbatim
		_, failures := checkName(t, spec, nil, c.autonaming)
		if len(failures) != 1 || !strings.HasPrefix(failures[0], "name: ") || !strings.HasSuffix(failures[0], "; "+c.want) {
			t.Errorf("failures %q; want one of name, ending in %q", failures, c.want)
		}
	}
}

// Diff deletes first where the replacement keeps the name: the program's, or a verbatim one; not where
// the provider made it up, since the replacement gets another.
func TestDiffDeletesFirstWhenTheNameStays(t *testing.T) {
	r := NewResource(widgetSpec, &widgetOps{}, Hooks[widget]{})
	diff := func(oldName, newName resource.PropertyValue, autonamed bool, zone string) *pulumirpc.DiffResponse {
		t.Helper()
		olds := resource.PropertyMap{"name": oldName, "size": pv(1.0), "zone": pv("a")}
		news := resource.PropertyMap{"name": newName, "size": pv(1.0), "zone": pv(zone)}
		if autonamed {
			olds[autonamedKey], news[autonamedKey] = pv(true), pv(true)
		}
		resp, err := r.Diff(context.Background(), &pulumirpc.DiffRequest{Id: "w-1", Urn: widgetURN, Olds: toWire(t, olds),
			OldInputs: toWire(t, olds), News: toWire(t, news)})
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	for _, c := range []struct {
		what      string
		old, new  resource.PropertyValue
		autonamed bool
		zone      string
		dbr       bool
	}{
		{"the program's name, replaced", pv("w"), pv("w"), false, "b", true},
		{"a name not known yet, replaced", pv("w"), resource.MakeComputed(pv("")), false, "b", true},
		{"a new name", pv("w"), pv("v"), false, "b", false},
		{"an autoname, replaced", pv("w1-0123abc"), pv("w1-0123abc"), true, "b", false},
		{"the program's name, updated", pv("w"), pv("w"), false, "a", false},
	} {
		if resp := diff(c.old, c.new, c.autonamed, c.zone); resp.DeleteBeforeReplace != c.dbr {
			t.Errorf("%s: DeleteBeforeReplace %v, want %v (%v)", c.what, resp.DeleteBeforeReplace, c.dbr, resp)
		}
	}
	// A hook that knows the name is unique only in a zone, which the replacement leaves, has the last word.
	r = NewResource(widgetSpec, &widgetOps{}, Hooks[widget]{Diff: func(_ context.Context, _ resource.ID, o, n *widget, d *Diff) error {
		if !d.DeleteBeforeReplace {
			t.Error("the hook was not told that the replacement keeps the name")
		}
		d.DeleteBeforeReplace = o.Zone == n.Zone
		return nil
	}})
	if resp := diff(pv("w"), pv("w"), false, "b"); resp.DeleteBeforeReplace {
		t.Errorf("the hook cleared DeleteBeforeReplace, and the response has it: %v", resp)
	}
}

// Refresh keeps the mark of a made-up name, so that a replacement after it still makes another.
func TestReadKeepsTheAutonameMark(t *testing.T) {
	r := NewResource(widgetSpec, &widgetOps{}, Hooks[widget]{})
	inputs := resource.PropertyMap{"name": pv("w1-0123abc"), "size": pv(1.0), "zone": pv("a"), autonamedKey: pv(true)}
	state := resource.PropertyMap{"name": pv("w1-0123abc"), "size": pv(1.0), "zone": pv("a"), "serial": pv("S")}
	resp, err := r.Read(context.Background(), &pulumirpc.ReadRequest{Id: "w-1", Urn: widgetURN, Properties: toWire(t, state), Inputs: toWire(t, inputs)})
	if err != nil {
		t.Fatal(err)
	}
	if !autonamed(fromWire(t, resp.Inputs)) {
		t.Errorf("the inputs Read returned lost the autoname's mark: %v", fromWire(t, resp.Inputs))
	}
}

// login is a resource with a required write-only password, and every input replacing it (a new
// password too, here).
type login struct {
	Name, Password, Role string
}

var loginSpec = Spec[login]{
	Type:  "test:index:Login",
	Named: true,
	Properties: []Property{
		{Key: "name", Replaces: true},
		{Key: "password", In: true, Secret: true, Replaces: true},
		{Key: "role", Replaces: true},
	},
	Unmarshal: func(l *login, o Object) {
		l.Name = Required(o, "name", String[string])
		l.Password = Required(o, "password", Checked(String[string], &Constraints{MinLength: Int(1)}))
		l.Role = Required(o, "role", String[string])
	},
	Marshal: func(l *login) resource.PropertyMap {
		m := resource.PropertyMap{}
		Put(m, "name", l.Name, StringValue[string])
		Put(m, "password", l.Password, StringValue[string])
		Put(m, "role", l.Role, StringValue[string])
		return m
	},
}

// loginOps keeps a hash of the password, as services do, and reads back everything else; changed says
// that the password was changed outside Pulumi, which Read tells (Forget), as the hash would.
type loginOps struct {
	stored  login
	changed bool
}

func (o *loginOps) Create(_ context.Context, _ resource.URN, l *login) (resource.ID, error) {
	o.stored = *l
	o.stored.Password = "sha256:…"
	return resource.ID(l.Name), nil
}

func (o *loginOps) Read(ctx context.Context, _ resource.ID, l *login) error {
	if o.changed && l.Password != "" {
		Forget(ctx, "password")
		Forget(ctx, "role") // not write-only: nothing to forget
	}
	*l = o.stored
	l.Password = "" // the service never returns it
	return nil
}

func (o *loginOps) Delete(context.Context, resource.ID, *login) error { return nil }

// A write-only input is kept as the program gave it by a refresh, left out by an import, and not asked
// of an imported resource by Check, until the program gives one.
func TestWriteOnly(t *testing.T) {
	const urn = "urn:pulumi:dev::p::test:index:Login::app"
	ops := &loginOps{stored: login{Name: "app", Password: "sha256:…", Role: "reader"}}
	r := NewResource(loginSpec, ops, Hooks[login]{})
	ctx := context.Background()
	given := resource.PropertyMap{"name": pv("app"), "password": resource.MakeSecret(pv("hunter2")), "role": pv("reader")}
	state := resource.PropertyMap{"name": pv("app"), "role": pv("reader")}

	// Refresh: the inputs keep the program's password, secret; the state never holds it.
	resp, err := r.Read(ctx, &pulumirpc.ReadRequest{Id: "app", Urn: urn, Properties: toWire(t, state), Inputs: toWire(t, given)})
	if err != nil {
		t.Fatal(err)
	}
	if got := fromWire(t, resp.Inputs); !got.DeepEquals(given) {
		t.Errorf("refresh: inputs %v, want %v", got, given)
	}
	if got := fromWire(t, resp.Properties); got.HasValue("password") {
		t.Errorf("refresh: the state holds the password: %v", got)
	}
	// Refresh of a password changed outside Pulumi, which Read forgets: the inputs lose it (the next
	// update sets it again), and nothing else.
	ops.changed = true
	resp, err = r.Read(ctx, &pulumirpc.ReadRequest{Id: "app", Urn: urn, Properties: toWire(t, state), Inputs: toWire(t, given)})
	if err != nil {
		t.Fatal(err)
	}
	if got := fromWire(t, resp.Inputs); !got.DeepEquals(state) {
		t.Errorf("refresh of a password changed outside Pulumi: inputs %v, want %v", got, state)
	}
	ops.changed = false
	// Import: the ID alone. The password is left out, not read back empty.
	resp, err = r.Read(ctx, &pulumirpc.ReadRequest{Id: "app", Urn: urn})
	if err != nil {
		t.Fatal(err)
	}
	imported := fromWire(t, resp.Inputs)
	if want := state; !imported.DeepEquals(want) {
		t.Errorf("import: inputs %v, want %v", imported, want)
	}
	// pulumi import checks what it read: no failure. A program that creates one must give the password.
	check := func(olds, news resource.PropertyMap) []*pulumirpc.CheckFailure {
		t.Helper()
		req := &pulumirpc.CheckRequest{Urn: urn, News: toWire(t, news)}
		if olds != nil {
			req.Olds = toWire(t, olds)
		}
		resp, err := r.Check(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		return resp.Failures
	}
	if failures := check(imported, imported); len(failures) != 0 {
		t.Errorf("pulumi import's check: %v", failures)
	}
	if failures := check(nil, state); len(failures) != 1 || failures[0].Property != "password" || failures[0].Reason != missingRequired {
		t.Errorf("a new resource without its password: %v", failures)
	}
	if failures := check(given, state); len(failures) != 1 || failures[0].Property != "password" {
		t.Errorf("a resource whose password the program no longer gives: %v", failures)
	}
	if failures := check(imported, resource.PropertyMap{"name": pv("app"), "password": pv(""), "role": pv("reader")}); len(failures) != 1 ||
		!strings.Contains(failures[0].Reason, "password: the secret value has fewer characters than the minimum length 1") {
		t.Errorf("an empty password still breaks its contract: %v", failures)
	}
}

// A resource whose every input replaces it has no Update, and the runtime never asks for one: the
// engine's update of a resource created in part fails with how to replace it.
func TestNoUpdate(t *testing.T) {
	const urn = "urn:pulumi:dev::p::test:index:Login::app"
	r := NewResource(loginSpec, &loginOps{}, Hooks[login]{})
	inputs := resource.PropertyMap{"name": pv("app"), "password": pv("pw"), "role": pv("reader")}
	for _, preview := range []bool{true, false} {
		_, err := r.Update(context.Background(), &pulumirpc.UpdateRequest{Id: "app", Urn: urn, Olds: toWire(t, inputs),
			News: toWire(t, inputs), OldInputs: toWire(t, inputs), Preview: preview})
		want := `Login "app" cannot be updated: every input of a Login replaces it, and nothing updates one in place ` +
			`(was it created only in part? its Create failed after making it); replace it: pulumi up --replace '` + urn + `'`
		if status.Code(err) != codes.FailedPrecondition || status.Convert(err).Message() != want {
			t.Errorf("Update (preview %v) = %v\nwant %s", preview, err, want)
		}
	}
	// An Update of the ops, left over from when the resource had one, is never called.
	if r := NewResource(loginSpec, &loginOpsWithUpdate{}, Hooks[login]{}); r.update != nil {
		t.Error("the runtime took the ops' Update of a resource that has none")
	}
	// The ops of a resource that updates in place must have one.
	defer func() {
		if recover() == nil {
			t.Error("NewResource took ops without Update for a resource that updates in place")
		}
	}()
	NewResource(widgetSpec, struct{ Ops[widget] }{&widgetOps{}}, Hooks[widget]{})
}

type loginOpsWithUpdate struct{ loginOps }

func (*loginOpsWithUpdate) Update(context.Context, resource.ID, *login, *login) error { return nil }

// The engine sends the stack's autonaming configuration only to a provider that says it honours it, in
// the handshake and again when it configures the provider.
func TestServerHonoursAutonaming(t *testing.T) {
	s, err := NewServer(Info{Name: "test"}, WithoutConfig(Configured{}))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	hs, err := s.Handshake(context.Background(), &pulumirpc.ProviderHandshakeRequest{})
	if err != nil {
		t.Fatal(err)
	}
	cr, err := s.Configure(context.Background(), &pulumirpc.ConfigureRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if !hs.SupportsAutonamingConfiguration || !cr.SupportsAutonamingConfiguration {
		t.Errorf("Handshake says %v, Configure %v; want both to support autonaming configuration",
			hs.SupportsAutonamingConfiguration, cr.SupportsAutonamingConfiguration)
	}
}
