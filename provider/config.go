package provider

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// A Configurer is how a provider instance comes to serve something. It knows the shape of the
// provider's configuration: it checks and compares configurations for the engine (CheckConfig,
// DiffConfig), and at Configure it decodes the instance's configuration and builds, from it, what the
// instance serves. Generated code makes the one of an IDL with a configuration (NewProvider, in the
// stubs of the IDL's root package, over NewConfigurer); WithoutConfig makes the one of an IDL without.
type Configurer interface {
	checkConfig(ctx context.Context, req *pulumirpc.CheckRequest) (*pulumirpc.CheckResponse, error)
	diffConfig(ctx context.Context, req *pulumirpc.DiffRequest) (*pulumirpc.DiffResponse, error)
	// configure returns what the instance serves, and the configuration it read (nil if it read none),
	// whose secrets no message may show; pkg is the provider's package name, which the engine's names of
	// configuration keys start with (acme:region).
	configure(ctx context.Context, pkg string, req *pulumirpc.ConfigureRequest) (*Configured, resource.PropertyMap, error)
	// unconfigured is what the instance serves before Configure: nil when it waits for its
	// configuration.
	unconfigured() *Configured
}

// Configured is what a configured provider instance serves: the providers of its resource types and of
// its functions, each built for the instance's configuration (ops that hold a client made with its
// credentials, say), and how to let go of what was acquired to build them.
type Configured struct {
	// Resources are the providers of the resource types the instance serves, one per type.
	Resources []ResourceProvider
	// Functions are the providers of the functions the instance answers, one per function.
	Functions []FunctionProvider
	// Close, when set, releases what the configure function acquired (a connection pool, a client).
	// The server calls it once, when the plugin shuts down, after the operations in flight returned.
	Close func() error
}

// ConfigureFunc is what a provider author writes to configure a provider instance: it is called once
// per instance, when the engine configures it, with the instance's configuration (decoded, checked,
// its defaults and environment variables applied), and returns what the instance serves. It is where
// a client is made and a connection opened; an error (bad credentials, an unreachable endpoint) fails
// the instance before any of its resources is touched. Each instance has its own configuration, so
// what configure builds belongs to that instance: nothing about the configuration need be global.
type ConfigureFunc[C any] func(ctx context.Context, cfg *C) (*Configured, error)

// ConfigSpec describes a provider's configuration to the runtime: generated code declares one, C being
// the configuration's struct.
type ConfigSpec[C any] struct {
	// Properties are the configuration's properties in declaration order.
	Properties []ConfigProperty
	// Unmarshal reads every property from an open object into cfg.
	Unmarshal func(cfg *C, o Object)
}

// ConfigProperty is what the runtime needs to know about one property of a configuration beyond its
// type.
type ConfigProperty struct {
	Key resource.PropertyKey
	// Text says how the property's value reads from text: a stack's configuration values and an
	// explicit provider's arguments arrive as text, and environment variables are text.
	Text TextKind
	// Doc is the property's documentation, which the engine shows beside a missing key.
	Doc string
	// Required properties must have a value once the environment and defaults are applied.
	Required bool
	// Secret properties are secrets in the configuration the engine records.
	Secret bool
	// Replaces properties replace the provider, and with it every resource it manages, when they change.
	Replaces bool
	// Default is the value the property takes when neither the configuration nor the environment gives
	// one (the IDL's default=), or null (the zero value).
	Default resource.PropertyValue
	// Env are the environment variables that give the value when the configuration does not, read in
	// order: the first that is set and not empty wins.
	Env []string
}

// TextKind says how a configuration value reads from text.
type TextKind int

const (
	// TextString is a string or an enum value: the text is the value.
	TextString TextKind = iota
	// TextBool is a bool: JSON when configured (true, false), and strconv.ParseBool's words in an
	// environment variable (1, t, TRUE …), as the TypeScript package reads them.
	TextBool
	// TextNumber is a number: JSON when configured, a decimal number in an environment variable.
	TextNumber
	// TextJSON is a struct, an array, a map or any value: JSON. Text that is not JSON stays a string
	// (which an any property takes as it is).
	TextJSON
)

// NewConfigurer binds a configuration's spec to the author's configure function.
func NewConfigurer[C any](spec ConfigSpec[C], configure ConfigureFunc[C]) Configurer {
	if configure == nil {
		panic("provider: NewConfigurer with a nil configure function")
	}
	return &configurer[C]{spec: spec, build: configure}
}

// configurer is the Configurer of a configuration whose struct is C.
type configurer[C any] struct {
	spec  ConfigSpec[C]
	build ConfigureFunc[C] // the author's configure function
}

// versionKey is the key the engine adds to every provider's configuration: the plugin's version. It is
// not the author's: CheckConfig returns it untouched (the engine fails a CheckConfig that changes it),
// DiffConfig reports its change as an update (never a replacement, which would replace every resource),
// and Configure ignores it.
const versionKey resource.PropertyKey = "version"

// checkConfig validates a configuration as Check validates a resource's inputs, and returns the inputs
// the engine records: every value as its type (text decoded), the values of environment variables and
// defaults for the keys not configured, the secret properties secret, and the engine's version as it
// was. A required key that has no value is not a failure here: Configure reports it, in the words the
// engine has for a missing configuration key.
func (c *configurer[C]) checkConfig(_ context.Context, req *pulumirpc.CheckRequest) (*pulumirpc.CheckResponse, error) {
	in, err := readRequest(false, nil, req.GetNews(), nil)
	if err != nil {
		return nil, err
	}
	news, failures := c.complete(in.news)
	failures = append(failures, c.unknownKeys(news)...)
	d := NewDecoder(Inputs)
	c.decode(d, news)
	for _, f := range d.Failures() {
		// A missing required key: the decoder's failure at a key the configuration lacks.
		if p := c.property(resource.PropertyKey(f.Property)); p != nil && p.Required && !news.HasValue(p.Key) {
			continue
		}
		failures = append(failures, f)
	}
	inputs, err := marshalProperties(news)
	if err != nil {
		return nil, err
	}
	return &pulumirpc.CheckResponse{Inputs: inputs, Failures: checkFailures(failures, news)}, nil
}

// diffConfig compares two configurations property by property: a changed property whose change
// replaces the provider replaces it, and with it every resource it manages; any other change updates
// it in place. A new version of the plugin is an update of the provider, never a replacement, so that
// `pulumi up` shows the provider moving to it. Keys the configuration does not declare are never
// compared.
func (c *configurer[C]) diffConfig(_ context.Context, req *pulumirpc.DiffRequest) (*pulumirpc.DiffResponse, error) {
	in, err := readRequest(true, req.GetOlds(), req.GetNews(), req.GetOldInputs())
	if err != nil {
		return nil, err
	}
	olds := in.oldInputs
	if req.GetOldInputs() == nil {
		olds = in.state // the outputs of a provider are its inputs
	}
	// A configuration recorded by an older provider may hold text, and lack a property added since: it is
	// compared as this provider reads it, with the default such a property has. (Not with the
	// environment: a variable set now says nothing of what the provider was configured with.)
	olds, _ = c.values(olds, false)
	news, _ := c.values(in.news, false)
	keys := make([]resource.PropertyKey, len(c.spec.Properties))
	for i, p := range c.spec.Properties {
		keys[i] = p.Key
	}
	diff := compareProperties(keys, func(k resource.PropertyKey) bool { return c.property(k).Replaces },
		olds, news, req.GetIgnoreChanges())
	// Only between two versions: a configuration recorded without one (by an engine that did not add
	// it) would otherwise show a change on every update.
	if o, n := olds[versionKey], news[versionKey]; o.IsString() && n.IsString() && o.StringValue() != n.StringValue() {
		diff.Changed = append(diff.Changed, versionKey)
	}
	return diffResponse(&diff, olds, news), nil
}

// configure decodes the instance's configuration (the checked inputs, in Configure's args) and calls the
// author's configure function with it, with a Logger for the provider's messages. A required key
// without a value fails with the engine's ConfigureErrorMissingKeys, which it shows as "missing
// required configuration key acme:token", with the command that sets it.
func (c *configurer[C]) configure(ctx context.Context, pkg string, req *pulumirpc.ConfigureRequest) (*Configured, resource.PropertyMap, error) {
	args, err := configureArgs(req)
	if err != nil {
		return nil, nil, err
	}
	if args.ContainsUnknowns() {
		// The engine does not configure a provider whose configuration is not known yet (a preview's).
		return nil, args, status.Errorf(codes.FailedPrecondition, "%s: the configuration holds values that are not known yet", pkg)
	}
	// Checked inputs have their defaults and environment already; a configuration that skipped
	// CheckConfig (recorded by an older provider) gets them here.
	values, failures := c.complete(args)
	if len(failures) > 0 {
		return nil, values, status.Errorf(codes.InvalidArgument, "%s: %v", pkg, &CheckError{Failures: failures})
	}
	if err := c.missingKeys(pkg, values); err != nil {
		return nil, values, err
	}
	d := NewDecoder(State)
	cfg := c.decode(d, values)
	if err := d.Err(); err != nil {
		return nil, values, status.Errorf(codes.InvalidArgument, "%s: the configuration: %v", pkg, err)
	}
	configured, err := c.build(withLogger(ctx, "", redactor(ctx, values)), cfg)
	if err != nil {
		return nil, values, err
	}
	if configured == nil {
		return nil, values, fmt.Errorf("%s: the configure function returned nothing to serve", pkg)
	}
	return configured, values, nil
}

func (c *configurer[C]) unconfigured() *Configured { return nil }

// decode reads the configuration in m into a new C. Only the declared keys are read: the engine's
// version is no property, and keys the configuration does not declare are unknownKeys' to report.
func (c *configurer[C]) decode(d *Decoder, m resource.PropertyMap) *C {
	declared := make(resource.PropertyMap, len(c.spec.Properties))
	for _, p := range c.spec.Properties {
		if v, ok := m[p.Key]; ok {
			declared[p.Key] = v
		}
	}
	cfg := new(C)
	o := d.Properties(declared)
	c.spec.Unmarshal(cfg, o)
	o.Close()
	return cfg
}

// property returns the spec of the property key, or nil.
func (c *configurer[C]) property(key resource.PropertyKey) *ConfigProperty {
	for i := range c.spec.Properties {
		if c.spec.Properties[i].Key == key {
			return &c.spec.Properties[i]
		}
	}
	return nil
}

// unknownKeys fails the keys of m that the configuration does not declare (a misspelt key in a stack's
// configuration), naming the keys it has.
func (c *configurer[C]) unknownKeys(m resource.PropertyMap) []CheckFailure {
	keys := make([]string, len(c.spec.Properties))
	for i, p := range c.spec.Properties {
		keys[i] = string(p.Key)
	}
	reason := "not a configuration key of this provider, which has none"
	if len(keys) > 0 {
		reason = "not a configuration key of this provider; its keys are " + strings.Join(keys, ", ")
	}
	var failures []CheckFailure
	for _, k := range slices.Sorted(maps.Keys(m)) {
		if k != versionKey && !resource.IsInternalPropertyKey(k) && c.property(k) == nil {
			failures = append(failures, CheckFailure{Property: string(k), Reason: reason})
		}
	}
	return failures
}

// missingKeys returns the engine's error for the required properties that m lacks, or nil.
func (c *configurer[C]) missingKeys(pkg string, m resource.PropertyMap) error {
	var missing []*pulumirpc.ConfigureErrorMissingKeys_MissingKey
	for _, p := range c.spec.Properties {
		if p.Required && !m.HasValue(p.Key) {
			missing = append(missing, &pulumirpc.ConfigureErrorMissingKeys_MissingKey{
				Name:        pkg + ":" + string(p.Key),
				Description: missingKeyDescription(pkg, p),
			})
		}
	}
	if len(missing) == 0 {
		return nil
	}
	names := make([]string, len(missing))
	for i, m := range missing {
		names[i] = m.Name
	}
	st, err := status.New(codes.InvalidArgument, "required configuration keys are missing: "+strings.Join(names, ", ")).
		WithDetails(&pulumirpc.ConfigureErrorMissingKeys{MissingKeys: missing})
	if err != nil {
		return err
	}
	return st.Err()
}

// missingKeyDescription is what the engine shows after a missing key's name, before its own hint
// (`pulumi config set acme:token <value>`): the property's documentation, and what else gives it a value.
func missingKeyDescription(pkg string, p ConfigProperty) string {
	var parts []string
	if p.Doc != "" {
		parts = append(parts, strings.TrimSpace(p.Doc))
	}
	if p.Secret {
		parts = append(parts, fmt.Sprintf("It is a secret: set it with `pulumi config set --secret %s:%s <value>`.", pkg, p.Key))
	}
	if len(p.Env) > 0 {
		vars := make([]string, len(p.Env))
		for i, e := range p.Env {
			vars[i] = "$" + e
		}
		parts = append(parts, "The environment variable "+strings.Join(vars, " or ")+" gives it too.")
	}
	return strings.Join(parts, " ")
}

// WithoutConfig returns the Configurer of a provider that declares no configuration: it serves what
// served holds (its resources and functions) from the start, takes any configuration as it is, and
// leaves comparing two to the engine, which then never replaces the provider.
func WithoutConfig(served Configured) Configurer {
	return &withoutConfig{served: &served}
}

type withoutConfig struct{ served *Configured }

func (w *withoutConfig) checkConfig(_ context.Context, req *pulumirpc.CheckRequest) (*pulumirpc.CheckResponse, error) {
	return &pulumirpc.CheckResponse{Inputs: req.GetNews()}, nil
}

func (w *withoutConfig) diffConfig(context.Context, *pulumirpc.DiffRequest) (*pulumirpc.DiffResponse, error) {
	return &pulumirpc.DiffResponse{Changes: pulumirpc.DiffResponse_DIFF_UNKNOWN}, nil
}

func (w *withoutConfig) configure(context.Context, string, *pulumirpc.ConfigureRequest) (*Configured, resource.PropertyMap, error) {
	return w.served, nil, nil
}

func (w *withoutConfig) unconfigured() *Configured { return w.served }
