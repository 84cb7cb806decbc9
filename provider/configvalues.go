package provider

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strconv"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/sig"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// How a configuration's values become what its struct decodes. The engine sends a stack's
// configuration values as text, keyed by their bare names (region, not acme:region): strings as they
// are, everything else as JSON ("3", "true", "{\"env\":\"prod\"}"); an explicit provider's arguments
// come the same way from the TypeScript package, which JSON-encodes what is not a string. Values that
// come natively (from another SDK, or recorded by CheckConfig) are taken as they are.

// values returns the configuration m as the provider reads it: text decoded into values and, for each
// property m lacks, the value of its first environment variable that is set (when env is true) or else
// its default. It returns the failures of variables whose text does not read as their property's type.
// Keys the configuration does not declare are kept as they are.
func (c *configurer[C]) values(m resource.PropertyMap, env bool) (resource.PropertyMap, []CheckFailure) {
	out := m.Copy()
	var failures []CheckFailure
	for _, p := range c.spec.Properties {
		if v, ok := out[p.Key]; ok && !v.IsNull() {
			out[p.Key] = fromText(v, p.Text)
			continue
		}
		delete(out, p.Key)
		if env {
			v, failure, found := EnvValue(p, os.Getenv)
			if failure != nil {
				failures = append(failures, *failure) // and the default stands in, so that it is said once
			}
			if found && failure == nil {
				out[p.Key] = v
				continue
			}
		}
		if !p.Default.IsNull() {
			out[p.Key] = p.Default
		}
	}
	return out, failures
}

// complete is values with the environment, and the secret properties made secret: what CheckConfig
// returns for the engine to record, and what Configure decodes.
func (c *configurer[C]) complete(m resource.PropertyMap) (resource.PropertyMap, []CheckFailure) {
	out, failures := c.values(m, true)
	for _, p := range c.spec.Properties {
		if v, ok := out[p.Key]; ok && p.Secret && !v.IsSecret() && !v.ContainsUnknowns() {
			out[p.Key] = resource.MakeSecret(v)
		}
	}
	return out, failures
}

// fromText returns the value that v, a configured value of a property whose values read from text as
// kind says, holds: for a property that is not a string, the JSON that a string holds. A secret stays
// secret around it and a value not known yet stays unknown; text that is not JSON, and a value that is
// not text, is taken as it is (the decoder then says what is wrong with it).
func fromText(v resource.PropertyValue, kind TextKind) resource.PropertyValue {
	if kind == TextString {
		return v
	}
	switch {
	case v.IsSecret():
		return resource.MakeSecret(fromText(v.SecretValue().Element, kind))
	case v.IsOutput():
		o := v.OutputValue()
		if o.Known {
			o.Element = fromText(o.Element, kind)
		}
		return resource.NewProperty(o)
	case v.IsString():
		var x any
		if err := json.Unmarshal([]byte(v.StringValue()), &x); err != nil {
			return v
		}
		return jsonValue(x)
	}
	return v
}

// jsonValue is the property value of decoded JSON. An object that is a secret's envelope (as an SDK
// that encodes a whole value as JSON writes a secret inside it) is that secret.
func jsonValue(x any) resource.PropertyValue {
	switch x := x.(type) {
	case map[string]any:
		if x[sig.Key] == sig.Secret {
			return resource.MakeSecret(jsonValue(x["value"]))
		}
		m := make(resource.PropertyMap, len(x))
		for k, e := range x {
			m[resource.PropertyKey(k)] = jsonValue(e)
		}
		return resource.NewProperty(m)
	case []any:
		a := make([]resource.PropertyValue, len(x))
		for i, e := range x {
			a[i] = jsonValue(e)
		}
		return resource.NewProperty(a)
	}
	return resource.NewPropertyValue(x)
}

// decimal is the text of a number in an environment variable: what both the provider and the
// TypeScript package read the same way (no hexadecimal, no Infinity, no digit separators).
var decimal = regexp.MustCompile(`^[+-]?([0-9]+([.][0-9]*)?|[.][0-9]+)([eE][+-]?[0-9]+)?$`)

// EnvValue returns the value of the first of p's environment variables that getenv says is set and not
// empty, read as p's type, and true; false when none is. A variable whose text does not read as the
// type is a failure that names it, and never shows a secret. CheckConfig reads the provider's own
// environment with it; the TypeScript package reads a program's the same way, as a test holds it to.
func EnvValue(p ConfigProperty, getenv func(string) string) (resource.PropertyValue, *CheckFailure, bool) {
	for _, name := range p.Env {
		text := getenv(name)
		if text == "" {
			continue
		}
		var want string
		switch p.Text {
		case TextBool:
			if b, err := strconv.ParseBool(text); err == nil {
				return resource.NewProperty(b), nil, true
			}
			want = "a bool (true or false)"
		case TextNumber:
			if f, err := strconv.ParseFloat(text, 64); err == nil && decimal.MatchString(text) {
				return resource.NewProperty(f), nil, true
			}
			want = "a decimal number"
		case TextJSON:
			return fromText(resource.NewProperty(text), p.Text), nil, true
		default:
			return resource.NewProperty(text), nil, true
		}
		shown := strconv.Quote(text)
		if p.Secret {
			shown = "the secret value"
		}
		return resource.PropertyValue{}, &CheckFailure{Property: string(p.Key),
			Reason: fmt.Sprintf("$%s: %s is not %s", name, shown, want)}, true
	}
	return resource.PropertyValue{}, nil, false
}

// configureArgs returns the configuration of a Configure request: its args, which hold secrets as
// secrets. (The deprecated variables, <pkg>:config:<key>, say the same in plain text; every engine that
// sends them sends args too.)
func configureArgs(req *pulumirpc.ConfigureRequest) (resource.PropertyMap, error) {
	in, err := readRequest(false, nil, req.GetArgs(), nil)
	return in.news, err
}

// checkFailures turns failures into the response's. The engine prints a failure with the value of its
// property beside it (`property token value {…} has a problem`), secret or not, so a failure about a
// property that holds a secret in inputs is given for the whole resource, naming the property in its
// reason instead.
func checkFailures(failures []CheckFailure, inputs resource.PropertyMap) []*pulumirpc.CheckFailure {
	out := make([]*pulumirpc.CheckFailure, len(failures))
	for i, f := range failures {
		out[i] = &pulumirpc.CheckFailure{Property: f.Property, Reason: f.Reason}
		if path, err := resource.ParsePropertyPath(f.Property); err == nil && len(path) > 0 {
			if key, ok := path[0].(string); ok && inputs[resource.PropertyKey(key)].ContainsSecrets() {
				out[i] = &pulumirpc.CheckFailure{Reason: f.Property + ": " + f.Reason}
			}
		}
	}
	return out
}
