package provider

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil/rpcerror"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// settings is a configuration as cidlc generates its struct: a region that replaces the provider, with
// a default and environment variables; a required secret token with a contract; a number and a bool
// read from the environment; a map.
type settings struct {
	Region  string
	Token   string
	Retries float64
	Debug   *bool
	Tags    *map[string]string
}

var settingsToken = &Constraints{MinLength: Int(8)}

func (s *settings) unmarshal(o Object) {
	s.Region = Required(o, "region", String[string])
	s.Token = Required(o, "token", Checked(String[string], settingsToken))
	s.Retries = Required(o, "retries", Number[float64])
	s.Debug = Optional(o, "debug", Bool[bool])
	s.Tags = Optional(o, "tags", MapOf[map[string]string](String[string]))
}

var settingsSpec = ConfigSpec[settings]{
	Properties: []ConfigProperty{
		{Key: "region", Text: TextString, Replaces: true, Default: resource.NewProperty("us-west-1"), Env: []string{"TEST_REGION", "TEST_DEFAULT_REGION"}},
		{Key: "token", Text: TextString, Doc: "The API token.", Required: true, Secret: true, Env: []string{"TEST_TOKEN"}},
		{Key: "retries", Text: TextNumber, Default: resource.NewProperty(3.0), Env: []string{"TEST_RETRIES"}},
		{Key: "debug", Text: TextBool, Env: []string{"TEST_DEBUG"}},
		{Key: "tags", Text: TextJSON},
	},
	Unmarshal: (*settings).unmarshal,
}

// regionOps are widget ops built for one configuration: Create makes IDs from the region.
type regionOps struct {
	widgetOps
	cfg *settings
}

func (o *regionOps) Create(_ context.Context, _ resource.URN, w *widget) (resource.ID, error) {
	w.Serial = new(o.cfg.Region + "/" + w.Name)
	return resource.ID(o.cfg.Region + "-" + w.Name), nil
}

// newSettingsServer returns a provider instance whose configure function builds regionOps for its
// configuration, and counts the closes of what it built.
func newSettingsServer(t *testing.T, closed *int) *Server {
	t.Helper()
	s, err := NewServer(Info{Name: "test"}, NewConfigurer(settingsSpec, func(_ context.Context, cfg *settings) (*Configured, error) {
		if cfg.Token == "rejected" {
			return nil, status.Error(codes.Unauthenticated, "the token was rejected")
		}
		return &Configured{
			Resources: []ResourceProvider{NewResource(widgetSpec, &regionOps{cfg: cfg}, Hooks[widget]{})},
			Close:     func() error { *closed++; return nil },
		}, nil
	}))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func checkConfig(t *testing.T, s *Server, news resource.PropertyMap) (resource.PropertyMap, []*pulumirpc.CheckFailure) {
	t.Helper()
	resp, err := s.CheckConfig(context.Background(), &pulumirpc.CheckRequest{Urn: "urn:pulumi:dev::p::pulumi:providers:test::default", News: toWire(t, news)})
	if err != nil {
		t.Fatal(err)
	}
	return fromWire(t, resp.GetInputs()), resp.GetFailures()
}

func clearEnv(t *testing.T) {
	for _, p := range settingsSpec.Properties {
		for _, e := range p.Env {
			t.Setenv(e, "")
		}
	}
}

// TestCheckConfigValues: the engine sends text; CheckConfig returns values of their types, with the
// environment's and the defaults for what is not configured, secrets secret, and the version untouched.
func TestCheckConfigValues(t *testing.T) {
	clearEnv(t)
	s := newSettingsServer(t, new(int))
	t.Setenv("TEST_DEFAULT_REGION", "eu-west-1") // the second variable of region
	t.Setenv("TEST_DEBUG", "TRUE")
	inputs, failures := checkConfig(t, s, resource.PropertyMap{
		"token":   pv("tok-123456"), // sent in the clear: the engine strips secrets for CheckConfig
		"tags":    pv(`{"team":"infra"}`),
		"version": pv("1.2.3"),
	})
	if len(failures) > 0 {
		t.Fatalf("failures: %v", failures)
	}
	want := resource.PropertyMap{
		"region":  pv("eu-west-1"),
		"token":   resource.MakeSecret(pv("tok-123456")),
		"retries": pv(3.0),
		"debug":   pv(true),
		"tags":    resource.NewProperty(resource.PropertyMap{"team": pv("infra")}),
		"version": pv("1.2.3"),
	}
	if !inputs.DeepEquals(want) {
		t.Errorf("checked inputs:\n got %v\nwant %v", inputs, want)
	}

	// What is configured wins over the environment, which wins over the default.
	t.Setenv("TEST_REGION", "ap-south-1")
	t.Setenv("TEST_RETRIES", "5")
	inputs, _ = checkConfig(t, s, resource.PropertyMap{"region": pv("us-east-1"), "token": pv("tok-123456")})
	if got := inputs["region"]; !got.DeepEquals(pv("us-east-1")) {
		t.Errorf("configured region: %v", got)
	}
	if got := inputs["retries"]; !got.DeepEquals(pv(5.0)) {
		t.Errorf("retries from $TEST_RETRIES: %v", got)
	}
	// A secret from the environment is a secret.
	t.Setenv("TEST_TOKEN", "tok-from-env")
	inputs, _ = checkConfig(t, s, resource.PropertyMap{})
	if got := inputs["token"]; !got.DeepEquals(resource.MakeSecret(pv("tok-from-env"))) {
		t.Errorf("token from $TEST_TOKEN: %v", got)
	}
}

// TestCheckConfigFailures: every problem at once, per property; a secret never shown, and a failure of a
// secret property given for the whole provider, so that the engine cannot print the value beside it.
func TestCheckConfigFailures(t *testing.T) {
	clearEnv(t)
	s := newSettingsServer(t, new(int))
	t.Setenv("TEST_RETRIES", "0x10")
	_, failures := checkConfig(t, s, resource.PropertyMap{
		"token":   pv("short"),
		"debug":   pv("yes"),
		"regoin":  pv("eu-west-1"),
		"version": pv("1.2.3"),
	})
	got := map[string]string{}
	for _, f := range failures {
		got[f.GetProperty()] += f.GetReason()
	}
	want := map[string]string{
		"":        "token: the secret value has fewer characters than the minimum length 8",
		"debug":   "want a bool, got a string",
		"regoin":  "not a configuration key of this provider; its keys are region, token, retries, debug, tags",
		"retries": `$TEST_RETRIES: "0x10" is not a decimal number`,
	}
	if len(got) != len(want) {
		t.Errorf("failures: %v", failures)
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("failure of %q: got %q, want %q", k, got[k], w)
		}
	}
	for _, f := range failures {
		if strings.Contains(f.GetReason(), "short") {
			t.Errorf("a failure shows the secret: %v", f)
		}
	}

	// A missing required key is Configure's to report; a value not known yet (a preview's) is no problem,
	// and stays unknown.
	t.Setenv("TEST_RETRIES", "")
	inputs, failures := checkConfig(t, s, resource.PropertyMap{"region": resource.MakeComputed(pv(""))})
	if len(failures) > 0 {
		t.Errorf("failures: %v", failures)
	}
	if !inputs["region"].IsComputed() || inputs.HasValue("token") {
		t.Errorf("checked inputs: %v", inputs)
	}
}

func diffConfig(t *testing.T, s *Server, olds, news resource.PropertyMap) *pulumirpc.DiffResponse {
	t.Helper()
	opts := wire
	opts.KeepSecrets = false // as the engine sends them
	o, err := plugin.MarshalProperties(olds, opts)
	if err != nil {
		t.Fatal(err)
	}
	n, err := plugin.MarshalProperties(news, opts)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := s.DiffConfig(context.Background(), &pulumirpc.DiffRequest{OldInputs: o, Olds: o, News: n})
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// TestDiffConfig: only a change of a replaces property replaces the provider; the version never counts.
func TestDiffConfig(t *testing.T) {
	s := newSettingsServer(t, new(int))
	base := resource.PropertyMap{"region": pv("us-west-1"), "token": pv("tok-123456"), "retries": pv(3.0), "version": pv("1.0.0")}
	with := func(k resource.PropertyKey, v resource.PropertyValue) resource.PropertyMap {
		m := base.Copy()
		m[k] = v
		return m
	}
	for _, c := range []struct {
		name           string
		olds, news     resource.PropertyMap
		change         pulumirpc.DiffResponse_DiffChanges
		diffs, replace string
	}{
		// An update (never a replacement), so that `pulumi up` shows the provider moving to the version.
		{"a new plugin version", base, with("version", pv("2.0.0")), pulumirpc.DiffResponse_DIFF_SOME, "version", ""},
		{"a new plugin version and a replacement", base, func() resource.PropertyMap {
			m := with("version", pv("2.0.0"))
			m["region"] = pv("eu-west-1")
			return m
		}(), pulumirpc.DiffResponse_DIFF_SOME, "region,version", "region"},
		{"a version recorded by an engine that did not add it", func() resource.PropertyMap { m := base.Copy(); delete(m, "version"); return m }(), base,
			pulumirpc.DiffResponse_DIFF_NONE, "", ""},
		{"the same values, recorded as text", with("retries", pv("3")), base, pulumirpc.DiffResponse_DIFF_NONE, "", ""},
		{"a default recorded before it existed", func() resource.PropertyMap { m := base.Copy(); delete(m, "retries"); return m }(), base, pulumirpc.DiffResponse_DIFF_NONE, "", ""},
		{"an update in place", base, with("token", pv("tok-654321")), pulumirpc.DiffResponse_DIFF_SOME, "token", ""},
		{"a replacement", base, with("region", pv("eu-west-1")), pulumirpc.DiffResponse_DIFF_SOME, "region", "region"},
		{"a replacement not known yet", base, with("region", resource.MakeComputed(pv(""))), pulumirpc.DiffResponse_DIFF_SOME, "region", "region"},
		{"an update not known yet", base, with("retries", resource.MakeComputed(pv(0.0))), pulumirpc.DiffResponse_DIFF_SOME, "retries", ""},
		{"a key that is not the configuration's", base, with("other", pv("x")), pulumirpc.DiffResponse_DIFF_NONE, "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			resp := diffConfig(t, s, c.olds, c.news)
			if resp.GetChanges() != c.change || strings.Join(resp.GetDiffs(), ",") != c.diffs || strings.Join(resp.GetReplaces(), ",") != c.replace {
				t.Errorf("changes %v, diffs %v, replaces %v; want %v, %q, %q", resp.GetChanges(), resp.GetDiffs(), resp.GetReplaces(), c.change, c.diffs, c.replace)
			}
		})
	}
}

func configure(t *testing.T, s *Server, args resource.PropertyMap) error {
	t.Helper()
	_, err := s.Configure(context.Background(), &pulumirpc.ConfigureRequest{Args: toWire(t, args)})
	return err
}

// TestConfigure: a missing required key is the engine's ConfigureErrorMissingKeys, named <pkg>:<key>;
// resources are served only once configured, each instance with its own configuration.
func TestConfigure(t *testing.T) {
	clearEnv(t)
	ctx := context.Background()
	closed := 0
	s := newSettingsServer(t, &closed)
	create := func(s *Server) (*pulumirpc.CreateResponse, error) {
		return s.Create(ctx, &pulumirpc.CreateRequest{Urn: widgetURN,
			Properties: toWire(t, resource.PropertyMap{"name": pv("w1"), "size": pv(1.0), "zone": pv("a")})})
	}
	if _, err := create(s); status.Code(err) != codes.FailedPrecondition || !strings.Contains(err.Error(), "not configured") {
		t.Errorf("Create before Configure: %v", err)
	}

	err := configure(t, s, resource.PropertyMap{"version": pv("1.0.0")})
	var missing *pulumirpc.ConfigureErrorMissingKeys
	for _, d := range rpcerror.Convert(err).Details() {
		if m, ok := d.(*pulumirpc.ConfigureErrorMissingKeys); ok {
			missing = m
		}
	}
	if missing == nil || len(missing.MissingKeys) != 1 || missing.MissingKeys[0].Name != "test:token" ||
		missing.MissingKeys[0].Description != "The API token. It is a secret: set it with `pulumi config set --secret test:token <value>`. The environment variable $TEST_TOKEN gives it too." {
		t.Fatalf("Configure without the token: %v, %v", err, missing)
	}

	if err := configure(t, s, resource.PropertyMap{"token": pv("rejected")}); status.Code(err) != codes.Unauthenticated {
		t.Errorf("the configure function's error: %v", err)
	}

	// Configure gets the checked inputs, the token secret, non-strings native or as text.
	if err := configure(t, s, resource.PropertyMap{"region": pv("eu-west-1"), "token": resource.MakeSecret(pv("tok-123456")), "retries": pv("4"), "version": pv("1.0.0")}); err != nil {
		t.Fatal(err)
	}
	other := newSettingsServer(t, &closed)
	if err := configure(t, other, resource.PropertyMap{"token": pv("tok-123456")}); err != nil {
		t.Fatal(err)
	}
	for srv, want := range map[*Server]string{s: "eu-west-1-w1", other: "us-west-1-w1"} {
		resp, err := create(srv)
		if err != nil {
			t.Fatal(err)
		}
		if resp.GetId() != want {
			t.Errorf("an instance's resource saw another's configuration: ID %s, want %s", resp.GetId(), want)
		}
	}

	if err := configure(t, s, resource.PropertyMap{"token": pv("tok-123456")}); status.Code(err) != codes.FailedPrecondition {
		t.Errorf("a second Configure: %v", err)
	}
	for range 2 {
		if err := errors.Join(s.Close(), other.Close()); err != nil {
			t.Fatal(err)
		}
	}
	if closed != 2 {
		t.Errorf("what the configure functions built was closed %d times, want once each", closed)
	}
}
