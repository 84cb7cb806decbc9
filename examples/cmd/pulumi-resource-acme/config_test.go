package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil/rpcerror"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"

	"github.com/cidlc/cidlc/examples/provider/network"
)

// The configuration's life cycle, as the engine drives it over gRPC: CheckConfig on every run,
// DiffConfig when the provider existed before, Configure before any resource call.

// clearEnv unsets the environment variables of the configuration, so that the machine's never count.
func clearEnv(t *testing.T) {
	for _, name := range []string{"ACME_REGION", "ACME_TOKEN", "ACME_API_TOKEN", "ACME_TRACING"} {
		t.Setenv(name, "")
	}
}

// TestCheckConfig: a stack's configuration arrives as text with the secrets in the clear; CheckConfig
// returns values of their types, the environment's and the defaults where the stack sets nothing, the
// token secret again, and the engine's version as it was.
func TestCheckConfig(t *testing.T) {
	clearEnv(t)
	d := serve(t)
	t.Setenv("ACME_API_TOKEN", testToken) // the second of the token's variables
	t.Setenv("ACME_REGION", "eu-central-1")
	checked, failures, err := configureProvider(d.client, map[string]any{"tracing": "false"})
	if err != nil || len(failures) > 0 {
		t.Fatalf("configuring from the environment: %v %v", failures, err)
	}
	want := resource.PropertyMap{
		"apiToken": resource.MakeSecret(resource.NewProperty(testToken)),
		"region":   resource.NewProperty("eu-central-1"),
		"tracing":  resource.NewProperty(false),
		"version":  resource.NewProperty(pluginInfo.Version),
	}
	if !checked.DeepEquals(want) {
		t.Errorf("checked inputs:\n got %v\nwant %v", checked, want)
	}
	// Configured, the provider puts a VPC that names no region in the configured one.
	vpc := d.create(network.VPC, "net", map[string]any{"cidrBlock": "10.0.0.0/16"})
	if arn := unprops(t, vpc.outputs)["arn"].StringValue(); !strings.HasPrefix(arn, "arn:acme:network:eu-central-1:") {
		t.Errorf("the VPC's ARN %s is not in the configured region", arn)
	}
}

// TestCheckConfigFailures: every problem at once, one per key; the token, a secret, is never shown,
// and its failure is the provider's, so that the engine does not print its value beside it.
func TestCheckConfigFailures(t *testing.T) {
	clearEnv(t)
	d := serve(t)
	t.Setenv("ACME_TRACING", "sometimes")
	bad := "acme_" + strings.Repeat("z", 32)
	_, failures, err := configureProvider(d.client, map[string]any{"apiToken": bad, "region": "mars-1", "regoin": "eu-west-1"})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		": apiToken: the secret value does not match the pattern ^acme_[0-9a-f]{32}$",
		`region: "mars-1" is not a valid Region; want one of "us-west-1", "us-east-1", "eu-west-1", "eu-central-1", "ap-northeast-1", "ap-south-1"`,
		"regoin: not a configuration key of this provider; its keys are region, apiToken, tracing",
		`tracing: $ACME_TRACING: "sometimes" is not a bool (true or false)`,
	}
	slices.Sort(failures)
	if !slices.Equal(failures, want) {
		t.Errorf("failures:\n%q\nwant\n%q", failures, want)
	}
	for _, f := range failures {
		if strings.Contains(f, bad) {
			t.Errorf("a failure shows the token: %s", f)
		}
	}
}

// TestConfigPreview: in a preview, an explicit provider's configuration may hold values not known yet.
// CheckConfig takes them as they are, and DiffConfig counts them as changes: a replacement for the
// region, an update for the token.
func TestConfigPreview(t *testing.T) {
	clearEnv(t)
	d := serve(t)
	unknown := resource.MakeComputed(resource.NewProperty(""))
	checked, failures, err := checkConfig(d.client, resource.PropertyMap{"region": unknown, "apiToken": unknown})
	if err != nil || len(failures) > 0 {
		t.Fatalf("CheckConfig with values not known yet: %v %v", failures, err)
	}
	if !checked["region"].IsComputed() || !checked["apiToken"].IsComputed() {
		t.Errorf("checked inputs %v; want the unknown values kept", checked)
	}
	olds := resource.PropertyMap{"region": resource.NewProperty("us-west-1"), "apiToken": resource.NewProperty(testToken), "version": resource.NewProperty("0.1.0")}
	for _, c := range []struct {
		key             resource.PropertyKey
		replaces, diffs string
	}{{"region", "region", "region"}, {"apiToken", "", "apiToken"}} {
		news := olds.Copy()
		news[c.key] = unknown
		resp := diffConfig(t, d.client, olds, news)
		if resp.GetChanges() != pulumirpc.DiffResponse_DIFF_SOME || strings.Join(resp.GetReplaces(), ",") != c.replaces ||
			strings.Join(resp.GetDiffs(), ",") != c.diffs {
			t.Errorf("DiffConfig with %s not known yet = %v; want a change of it, replacing %q", c.key, resp, c.replaces)
		}
	}
}

// TestDiffConfig: only the region replaces the provider; a new token updates it in place, and a new
// plugin version (which the engine puts in every provider's configuration) is no change at all.
func TestDiffConfig(t *testing.T) {
	d := serve(t)
	olds := resource.PropertyMap{"region": resource.NewProperty("us-west-1"), "apiToken": resource.NewProperty(testToken), "version": resource.NewProperty("0.1.0")}
	with := func(k resource.PropertyKey, v string) resource.PropertyMap {
		m := olds.Copy()
		m[k] = resource.NewProperty(v)
		return m
	}
	for _, c := range []struct {
		name            string
		news            resource.PropertyMap
		changes         pulumirpc.DiffResponse_DiffChanges
		diffs, replaces string
	}{
		// An update, so that `pulumi up` shows the provider moving to the new version, never a replacement.
		{"a new plugin version", with("version", "0.2.0"), pulumirpc.DiffResponse_DIFF_SOME, "version", ""},
		{"the same version", with("version", "0.1.0"), pulumirpc.DiffResponse_DIFF_NONE, "", ""},
		{"a new token", with("apiToken", "acme_"+strings.Repeat("0", 32)), pulumirpc.DiffResponse_DIFF_SOME, "apiToken", ""},
		{"another region", with("region", "eu-west-1"), pulumirpc.DiffResponse_DIFF_SOME, "region", "region"},
		{"tracing turned on", with("tracing", "true"), pulumirpc.DiffResponse_DIFF_SOME, "tracing", ""},
	} {
		resp := diffConfig(t, d.client, olds, c.news)
		if resp.GetChanges() != c.changes || strings.Join(resp.GetDiffs(), ",") != c.diffs || strings.Join(resp.GetReplaces(), ",") != c.replaces {
			t.Errorf("%s: DiffConfig = %v; want %v, diffs %q, replaces %q", c.name, resp, c.changes, c.diffs, c.replaces)
		}
	}
}

// TestConfigure: a missing token is the engine's missing key, acme:apiToken, described with what sets
// it; a token Acme Cloud did not issue fails Configure, without showing it.
func TestConfigure(t *testing.T) {
	clearEnv(t)
	d := serve(t)
	_, _, err := configureProvider(d.client, map[string]any{"region": "eu-west-1"})
	var missing []*pulumirpc.ConfigureErrorMissingKeys_MissingKey
	for _, detail := range rpcerror.Convert(err).Details() {
		if m, ok := detail.(*pulumirpc.ConfigureErrorMissingKeys); ok {
			missing = m.GetMissingKeys()
		}
	}
	if len(missing) != 1 || missing[0].GetName() != "acme:apiToken" ||
		!strings.Contains(missing[0].GetDescription(), "pulumi config set --secret acme:apiToken") ||
		!strings.Contains(missing[0].GetDescription(), "$ACME_TOKEN or $ACME_API_TOKEN") {
		t.Fatalf("Configure without a token: %v; want the missing key acme:apiToken, with its secret's command and variables", err)
	}

	// A digit off: the pattern holds, the check digits do not.
	mistyped := testToken[:len(testToken)-1] + "0"
	if mistyped == testToken {
		mistyped = testToken[:len(testToken)-1] + "1"
	}
	_, failures, err := configureProvider(d.client, map[string]any{"apiToken": mistyped})
	if len(failures) > 0 || err == nil || !strings.Contains(err.Error(), "the API token was rejected by Acme Cloud") || strings.Contains(err.Error(), mistyped) {
		t.Errorf("Configure with a mistyped token: %v; want Acme Cloud's rejection, without the token", err)
	}
}

// TestProviderInstances: two provider instances in one process, each with its own configuration; each
// serves its resources with its own, and nothing of one leaks into the other.
func TestProviderInstances(t *testing.T) {
	clearEnv(t)
	eu, ap := serve(t), serve(t)
	for d, region := range map[*driver]string{eu: "eu-west-1", ap: "ap-northeast-1"} {
		if _, failures, err := configureProvider(d.client, map[string]any{"apiToken": testToken, "region": region}); err != nil || len(failures) > 0 {
			t.Fatalf("configuring the %s provider: %v %v", region, failures, err)
		}
	}
	for i, c := range []struct {
		d      *driver
		region string
	}{{eu, "eu-west-1"}, {ap, "ap-northeast-1"}, {eu, "eu-west-1"}} {
		vpc := c.d.create(network.VPC, fmt.Sprintf("net-%d", i), map[string]any{"cidrBlock": "10.0.0.0/16"})
		outs := unprops(t, vpc.outputs)
		if arn := outs["arn"].StringValue(); !strings.Contains(arn, ":"+c.region+":") || outs["region"].StringValue() != c.region {
			t.Errorf("a VPC of the %s provider: %v", c.region, outs)
		}
	}
}

// checkConfigOnly runs CheckConfig alone, with news marshaled as the engine does in a preview.
func checkConfig(client pulumirpc.ResourceProviderClient, news resource.PropertyMap) (resource.PropertyMap, []string, error) {
	s, err := plugin.MarshalProperties(news, plugin.MarshalOptions{KeepUnknowns: true})
	if err != nil {
		return nil, nil, err
	}
	resp, err := client.CheckConfig(context.Background(), &pulumirpc.CheckRequest{Urn: providerURN, News: s})
	if err != nil {
		return nil, nil, err
	}
	var failures []string
	for _, f := range resp.GetFailures() {
		failures = append(failures, f.GetProperty()+": "+f.GetReason())
	}
	checked, err := plugin.UnmarshalProperties(resp.GetInputs(), plugin.MarshalOptions{KeepUnknowns: true, KeepSecrets: true})
	return checked, failures, err
}

// diffConfig runs DiffConfig as the engine does: old and new inputs, secrets in the clear.
func diffConfig(t *testing.T, client pulumirpc.ResourceProviderClient, olds, news resource.PropertyMap) *pulumirpc.DiffResponse {
	t.Helper()
	opts := plugin.MarshalOptions{KeepUnknowns: true}
	o, err := plugin.MarshalProperties(olds, opts)
	if err != nil {
		t.Fatal(err)
	}
	n, err := plugin.MarshalProperties(news, opts)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := client.DiffConfig(context.Background(), &pulumirpc.DiffRequest{Urn: providerURN, OldInputs: o, Olds: o, News: n})
	if err != nil {
		t.Fatal(err)
	}
	return resp
}
