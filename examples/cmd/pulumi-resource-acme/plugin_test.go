package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/cidlc/cidlc/examples/provider/cloud"
	"github.com/cidlc/cidlc/examples/provider/iam"
	"github.com/cidlc/cidlc/examples/provider/storage"
	"github.com/cidlc/cidlc/providertest"
)

// TestPlugin runs the plugin binary as the engine does (providertest.StartPlugin): it prints its port
// on standard output, serves there once configured, keeps its cloud in $ACME_STATE_DIR, logs its calls
// when tracing without ever showing the token, and exits cleanly on an interrupt.
func TestPlugin(t *testing.T) {
	d, state := runPlugin(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if version := d.Version(); version != pluginInfo.Version {
		t.Fatalf("GetPluginInfo: version %q", version)
	}
	u := urn(storage.Bucket, "site")
	if _, err := d.Client.Create(ctx, &pulumirpc.CreateRequest{Urn: string(u), Properties: props(t, map[string]any{"name": "site", "region": "us-west-1"})}); status.Code(err) != codes.FailedPrecondition {
		t.Errorf("Create before Configure: %v; want FailedPrecondition", err)
	}
	if _, failures, err := d.configure(map[string]any{"apiToken": testToken, "tracing": "true"}); err != nil || len(failures) > 0 {
		t.Fatalf("configuring the plugin: %v %v", failures, err)
	}
	bucket := d.create(storage.Bucket, "site", map[string]any{"region": "us-west-1"})
	if _, err := os.Stat(filepath.Join(state, "storage", "Bucket", bucket.ID+".json")); err != nil {
		t.Errorf("the plugin did not keep the bucket in $%s: %v", cloud.StateDirEnv, err)
	}
	// Tracing logs every call to the plugin's standard error, which the engine shows, and never the token.
	if log := d.StopPlugin(); !strings.Contains(log, "acme: put storage/Bucket/"+bucket.ID) || strings.Contains(log, testToken) {
		t.Errorf("the plugin's log does not show the call, or shows the token:\n%s", log)
	}
}

// TestPluginLogsNoSecret runs the plugin binary at the highest verbosity, logging to its standard
// error, as the engine starts it under --logflow (and as users run it for a bug report): through a life
// cycle whose configuration, inputs, state and function results hold secrets, in every form the engine
// sends them (declared secret but sent plain, secret values, objects inside secrets, secrets compared
// by Diff and DiffConfig), nothing it prints holds a secret's text.
func TestPluginLogsNoSecret(t *testing.T) {
	d, _ := runPlugin(t, "--logtostderr", "-v=9")
	secrets := []string{cloud.NewToken(), cloud.NewToken(), "Password-0f3a9c", "Password-77be21", "Metadata-5d0e11"}
	if _, failures, err := d.configure(map[string]any{"apiToken": secrets[0]}); err != nil || len(failures) > 0 {
		t.Fatalf("configuring the plugin: %v %v", failures, err)
	}
	d.DiffConfig(resource.PropertyMap{"apiToken": resource.NewProperty(secrets[0]), "version": resource.NewProperty("0.1.0")},
		resource.PropertyMap{"apiToken": resource.NewProperty(secrets[1]), "version": resource.NewProperty("0.1.0")})

	user := d.create(iam.User, "dana", map[string]any{"password": secrets[2]}) // declared secret, sent plain
	if resp := d.Diff(user, map[string]any{"password": resource.MakeSecret(resource.NewProperty(secrets[3]))}); resp.GetChanges() != pulumirpc.DiffResponse_DIFF_SOME {
		t.Errorf("Diff of a new password = %v", resp)
	}
	d.update(user, map[string]any{"password": resource.MakeSecret(resource.NewProperty(secrets[3]))})
	d.Refresh(user)
	d.create(storage.Bucket, "logs", map[string]any{"region": "us-west-1"})
	obj := d.create(storage.BucketObject, "index", map[string]any{"bucket": d.ref("logs"), "key": "index.html",
		"metadata": resource.MakeSecret(resource.NewProperty(resource.PropertyMap{"token": resource.NewProperty(secrets[4])}))})
	signed := d.answer(storage.GetObjectURL, map[string]any{"bucket": d.ref("logs"), "key": "index.html"})
	secrets = append(secrets, signed["url"].SecretValue().Element.StringValue())
	key := d.create(iam.AccessKey, "dana", map[string]any{"user": d.ref("dana")})
	secrets = append(secrets, unprops(t, key.Outputs)["secret"].SecretValue().Element.StringValue())
	for _, l := range []*providertest.Live{key, obj, user} {
		if err := d.Delete(l); err != nil {
			t.Fatal(err)
		}
	}

	log := d.StopPlugin()
	// The log shows the calls (verbosity 7): the test sees what the plugin prints at high verbosity.
	if !strings.Contains(log, "provider acme: Create(urn:pulumi:dev::acme-test::acme:iam/user:User::dana)") {
		t.Fatalf("the plugin's log does not show its calls:\n%s", log)
	}
	for _, s := range secrets {
		if i := strings.Index(log, s); i >= 0 {
			t.Errorf("the plugin's log holds the secret %q: …%s…", s, log[max(0, i-300):min(len(log), i+100)])
		}
	}
}

// runPlugin builds the plugin and starts it with args as the engine does (providertest.StartPlugin),
// keeping its cloud in a directory of the test's, which it returns; the build skips the test under
// -short.
func runPlugin(t *testing.T, args ...string) (*driver, string) {
	t.Helper()
	cmd := exec.Command(providertest.Build(t, "."), args...)
	state := t.TempDir()
	c, err := cloud.Open(state)
	if err != nil {
		t.Fatal(err)
	}
	cmd.Env = append(os.Environ(), cloud.StateDirEnv+"="+state, "TMPDIR="+t.TempDir())
	d := &driver{Driver: providertest.StartPlugin(t, cmd), cloud: c, live: map[string]*providertest.Live{}}
	d.Project = "acme-test"
	return d, state
}
