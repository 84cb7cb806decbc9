package providertest

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"google.golang.org/protobuf/types/known/structpb"
)

// With returns inputs with a change applied.
func With(inputs, change map[string]any) map[string]any {
	m := maps.Clone(inputs)
	if m == nil {
		m = map[string]any{}
	}
	maps.Copy(m, change)
	return m
}

// Secret is s as a secret, as a program's pulumi.secret(s) and `pulumi config set --secret` make it.
func Secret(s string) resource.PropertyValue {
	return resource.MakeSecret(resource.NewProperty(s))
}

// Props marshals property values the way the engine sends them to a provider that accepts secrets,
// unknowns and resource references. Values are Go values that resource.NewPropertyValue takes, and
// resource.PropertyValue for the others (references, secrets, assets, unknowns).
func Props(t testing.TB, values map[string]any) *structpb.Struct {
	t.Helper()
	s, err := plugin.MarshalProperties(resource.NewPropertyMapFromMap(values),
		plugin.MarshalOptions{KeepUnknowns: true, KeepSecrets: true, KeepResources: true})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Unprops unmarshals property values that the provider sent back, secrets and unknowns kept.
func Unprops(t testing.TB, s *structpb.Struct) resource.PropertyMap {
	t.Helper()
	m, err := plugin.UnmarshalProperties(s, plugin.MarshalOptions{KeepUnknowns: true, KeepSecrets: true, KeepResources: true})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// engineWire are the options with which the engine marshals property maps for a provider that, as
// cidlc's do, accepts secrets and resource references (Handshake and Configure say so).
var engineWire = plugin.MarshalOptions{KeepUnknowns: true, KeepSecrets: true, KeepResources: true, PropagateNil: true}

// wire marshals m as the engine sends it to the provider.
func (d *Driver) wire(m resource.PropertyMap) *structpb.Struct {
	d.T.Helper()
	s, err := plugin.MarshalProperties(m, engineWire)
	if err != nil {
		d.T.Fatalf("marshaling properties: %v", err)
	}
	return s
}

// unwire unmarshals what the provider sent, as the engine reads it; what the provider sends that the
// engine cannot read fails the test.
func (d *Driver) unwire(s *structpb.Struct) resource.PropertyMap {
	d.T.Helper()
	m, err := plugin.UnmarshalProperties(s, engineWire)
	if err != nil {
		d.T.Fatalf("the provider sent properties the engine cannot read: %v", err)
	}
	return m
}

// Differences lists how got differs from want, one line per property that differs, at any depth
// ("tags.env: got \"prod\", want \"dev\"", "size: missing", "extra: unexpected"), leaving out the top-level
// properties of ignore. A secret's value is never shown, only whether the secrets differ; a value that is
// a secret on one side and not on the other differs.
func Differences(got, want resource.PropertyMap, ignore ...string) []string {
	var out []string
	union := map[resource.PropertyKey]bool{}
	for k := range got {
		union[k] = true
	}
	for k := range want {
		union[k] = true
	}
	keys := slices.Sorted(maps.Keys(union))
	for _, k := range keys {
		if slices.Contains(ignore, string(k)) {
			continue
		}
		g, inGot := got[k]
		w, inWant := want[k]
		switch {
		case !inWant && g.IsNull():
		case !inGot && w.IsNull():
		case !inWant:
			out = append(out, fmt.Sprintf("%s: unexpected (%s)", k, show(g)))
		case !inGot:
			out = append(out, fmt.Sprintf("%s: missing (want %s)", k, show(w)))
		default:
			out = append(out, valueDifferences(string(k), g, w)...)
		}
	}
	return out
}

// valueDifferences lists how got differs from want at path.
func valueDifferences(path string, got, want resource.PropertyValue) []string {
	switch {
	case got.DeepEquals(want):
		return nil
	case got.IsSecret() != want.IsSecret():
		return []string{fmt.Sprintf("%s: got %s, want %s", path, show(got), show(want))}
	case got.IsSecret():
		return []string{path + ": the secrets differ"}
	case got.IsObject() && want.IsObject():
		var out []string
		for _, line := range Differences(got.ObjectValue(), want.ObjectValue()) {
			out = append(out, path+"."+line)
		}
		return out
	case got.IsArray() && want.IsArray() && len(got.ArrayValue()) == len(want.ArrayValue()):
		var out []string
		for i, g := range got.ArrayValue() {
			out = append(out, valueDifferences(fmt.Sprintf("%s[%d]", path, i), g, want.ArrayValue()[i])...)
		}
		return out
	}
	return []string{fmt.Sprintf("%s: got %s, want %s", path, show(got), show(want))}
}

// show writes a value for a message: strings quoted, secrets hidden.
func show(v resource.PropertyValue) string {
	switch {
	case v.IsSecret():
		return "[secret]"
	case v.IsString():
		return fmt.Sprintf("%q", v.StringValue())
	case v.IsComputed():
		return "an unknown value"
	case v.IsResourceReference():
		return "a reference to " + string(v.ResourceReferenceValue().URN)
	case v.IsArray():
		parts := make([]string, len(v.ArrayValue()))
		for i, e := range v.ArrayValue() {
			parts[i] = show(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case v.IsObject():
		m := v.ObjectValue()
		parts := make([]string, 0, len(m))
		for _, k := range m.StableKeys() {
			parts = append(parts, string(k)+": "+show(m[k]))
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return fmt.Sprint(v.V)
}
