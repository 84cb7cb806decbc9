package providertest

import (
	"context"
	"encoding/json"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// The configuration of a provider instance, as the engine gives a stack's to its default provider:
// the keys bare (region, not acme:region), the values as `pulumi config set` stores them, text (the
// JSON of a number, a bool, a list or an object: "8080", "true", `["a","b"]`), a secret as
// Secret("…"); the version of the plugin the program's package asks for is added as "version". An
// explicit provider's (new acme.Provider("eu", {…}) in a program) arrive as the program typed them.

// MustConfigure configures the provider with config, at the version the provider reports, and fails
// the test if CheckConfig fails a key or Configure fails.
func (d *Driver) MustConfigure(config map[string]any) {
	d.T.Helper()
	failures, err := d.Configure(config, d.Version())
	if err != nil || len(failures) > 0 {
		d.T.Fatalf("configuring the provider: %v %v", failures, err)
	}
}

// Configure configures the provider as the engine configures a stack's default provider: CheckConfig
// on config (with version, unless it is ""), then Configure with the checked inputs. It returns
// CheckConfig's failures as "property: reason" (then Configure is not called) and Configure's error.
func (d *Driver) Configure(config map[string]any, version string) ([]string, error) {
	d.T.Helper()
	checked, failures, err := d.CheckConfig(config, version)
	if err != nil || len(failures) > 0 {
		return failures, err
	}
	return nil, d.ConfigureChecked(checked, version)
}

// CheckConfig runs CheckConfig on config (with version, unless it is "") as the engine does: the
// values in the clear, as the engine sends them to CheckConfig, then the checked inputs made secret
// where config's were. It returns the checked inputs, the failures as "property: reason", and the
// provider's error.
func (d *Driver) CheckConfig(config map[string]any, version string) (resource.PropertyMap, []string, error) {
	d.T.Helper()
	news := resource.NewPropertyMapFromMap(config)
	if version != "" {
		news["version"] = resource.NewProperty(version)
	}
	u := d.providerURN(version)
	clear := plugin.MarshalOptions{KeepUnknowns: true, PropagateNil: true}
	olds, err := plugin.MarshalProperties(resource.PropertyMap{}, clear)
	if err != nil {
		d.T.Fatal(err)
	}
	mnews, err := plugin.MarshalProperties(news, clear)
	if err != nil {
		d.T.Fatal(err)
	}
	resp, err := d.Client.CheckConfig(context.Background(), &pulumirpc.CheckRequest{
		Urn: string(u), Name: u.Name(), Type: string(u.Type()), Olds: olds, News: mnews,
	})
	if err != nil {
		return nil, nil, err
	}
	if failures := failures(resp.GetFailures()); len(failures) > 0 {
		return nil, failures, nil
	}
	checked := d.unwire(resp.GetInputs())
	annotateSecrets(checked, news)
	return checked, nil, nil
}

// ConfigureChecked runs Configure with inputs that CheckConfig returned, as the engine does: the
// inputs, secrets kept, and the same as text keyed <package>:config:<key> (the protocol's older
// variables); the error is the provider's.
func (d *Driver) ConfigureChecked(checked resource.PropertyMap, version string) error {
	d.T.Helper()
	variables := map[string]string{}
	for k, v := range checked {
		if k == "version" {
			continue
		}
		text, ok := plain(v).(string)
		if !ok {
			b, err := json.Marshal(plain(v))
			if err != nil {
				d.T.Fatalf("configuration key %s: %v", k, err)
			}
			text = string(b)
		}
		variables[d.Package+":config:"+string(k)] = text
	}
	u := d.providerURN(version)
	name, typ := u.Name(), string(u.Type())
	req := &pulumirpc.ConfigureRequest{
		Urn: (*string)(&u), Name: &name, Type: &typ, Args: d.wire(checked),
		AcceptSecrets: true, AcceptResources: true, SendsOldInputs: true, SendsOldInputsToDelete: true,
	}
	//lint:ignore SA1019 deprecated, and still sent by the engine of v3.256.0, as the driver must
	req.Variables = variables
	_, err := d.Client.Configure(context.Background(), req)
	return err
}

// DiffConfig compares two configurations of the provider as the engine does when a stack's
// configuration changed: olds as the engine recorded them (what CheckConfig returned then), news as
// CheckConfig returns them now, both sent in the clear. The URN's version is news's.
func (d *Driver) DiffConfig(olds, news resource.PropertyMap) *pulumirpc.DiffResponse {
	d.T.Helper()
	clear := plugin.MarshalOptions{KeepUnknowns: true, PropagateNil: true}
	o, err := plugin.MarshalProperties(olds, clear)
	if err != nil {
		d.T.Fatal(err)
	}
	n, err := plugin.MarshalProperties(news, clear)
	if err != nil {
		d.T.Fatal(err)
	}
	var version string
	if v := news["version"]; v.IsString() {
		version = v.StringValue()
	}
	u := d.providerURN(version)
	resp, err := d.Client.DiffConfig(context.Background(), &pulumirpc.DiffRequest{
		Urn: string(u), Name: u.Name(), Type: string(u.Type()), OldInputs: o, Olds: o, News: n,
	})
	if err != nil {
		d.T.Fatalf("DiffConfig: %v", err)
	}
	return resp
}

// annotateSecrets makes secret each value of outs whose input in ins held a secret, as the engine does
// with what CheckConfig returns (it sent the values in the clear).
func annotateSecrets(outs, ins resource.PropertyMap) {
	for key, in := range ins {
		out, has := outs[key]
		switch {
		case !has:
		case out.IsObject() && in.IsObject():
			annotateSecrets(out.ObjectValue(), in.ObjectValue())
		case !out.IsSecret() && in.ContainsSecrets():
			outs[key] = resource.MakeSecret(out)
		}
	}
}

// plain is v as the JSON of the configuration's variables holds it: secrets unwrapped.
func plain(v resource.PropertyValue) any {
	switch {
	case v.IsSecret():
		return plain(v.SecretValue().Element)
	case v.IsArray():
		out := []any{}
		for _, e := range v.ArrayValue() {
			out = append(out, plain(e))
		}
		return out
	case v.IsObject():
		out := map[string]any{}
		for k, e := range v.ObjectValue() {
			out[string(k)] = plain(e)
		}
		return out
	}
	return v.Mappable()
}
