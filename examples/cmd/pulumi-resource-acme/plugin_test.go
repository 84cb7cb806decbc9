package main

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/emptypb"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"

	"github.com/cidlc/cidlc/examples/provider/cloud"
	"github.com/cidlc/cidlc/examples/provider/iam"
	"github.com/cidlc/cidlc/examples/provider/storage"
)

// TestPlugin runs the plugin binary as the engine does: it prints its port on standard output, serves
// there once configured, keeps its cloud in $ACME_STATE_DIR, logs its calls when tracing without ever
// showing the token, and exits cleanly on an interrupt.
func TestPlugin(t *testing.T) {
	p := runPlugin(t)
	client := p.client
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if info, err := client.GetPluginInfo(ctx, &emptypb.Empty{}); err != nil || info.GetVersion() != pluginInfo.Version {
		t.Fatalf("GetPluginInfo = %v, %v", info, err)
	}
	u := urn(storage.Bucket, "site")
	if _, err := client.Create(ctx, &pulumirpc.CreateRequest{Urn: string(u), Properties: props(t, map[string]any{"name": "site", "region": "us-west-1"})}); status.Code(err) != codes.FailedPrecondition {
		t.Errorf("Create before Configure: %v; want FailedPrecondition", err)
	}
	if _, failures, err := configureProvider(client, map[string]any{"apiToken": testToken, "tracing": "true"}); err != nil || len(failures) > 0 {
		t.Fatalf("configuring the plugin: %v %v", failures, err)
	}
	resp, err := client.Create(ctx, &pulumirpc.CreateRequest{Urn: string(u), Properties: props(t, map[string]any{"name": "site", "region": "us-west-1"})})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(p.state, "storage", "Bucket", resp.GetId()+".json")); err != nil {
		t.Errorf("the plugin did not keep the bucket in $%s: %v", cloud.StateDirEnv, err)
	}
	// Tracing logs every call to the plugin's standard error, which the engine shows, and never the token.
	if log := p.stop(t); !strings.Contains(log, "acme: put storage/Bucket/"+resp.GetId()) || strings.Contains(log, testToken) {
		t.Errorf("the plugin's log does not show the call, or shows the token:\n%s", log)
	}
}

// TestPluginLogsNoSecret runs the plugin binary at the highest verbosity, logging to its standard
// error, as the engine starts it under --logflow (and as users run it for a bug report): through a life
// cycle whose configuration, inputs, state and function results hold secrets, in every form the engine
// sends them (declared secret but sent plain, secret values, objects inside secrets, secrets compared
// by Diff and DiffConfig), nothing it prints holds a secret's text.
func TestPluginLogsNoSecret(t *testing.T) {
	p := runPlugin(t, "--logtostderr", "-v=9")
	secrets := []string{cloud.NewToken(), cloud.NewToken(), "Password-0f3a9c", "Password-77be21", "Metadata-5d0e11"}
	d := &driver{t: t, client: p.client, cloud: p.cloud, live: map[string]*live{}}
	if _, failures, err := configureProvider(d.client, map[string]any{"apiToken": secrets[0]}); err != nil || len(failures) > 0 {
		t.Fatalf("configuring the plugin: %v %v", failures, err)
	}
	diffConfig(t, d.client, resource.PropertyMap{"apiToken": resource.NewProperty(secrets[0]), "version": resource.NewProperty("0.1.0")},
		resource.PropertyMap{"apiToken": resource.NewProperty(secrets[1]), "version": resource.NewProperty("0.1.0")})

	user := d.create(iam.User, "dana", map[string]any{"password": secrets[2]}) // declared secret, sent plain
	if resp := d.diff(user, map[string]any{"password": resource.MakeSecret(resource.NewProperty(secrets[3]))}); resp.GetChanges() != pulumirpc.DiffResponse_DIFF_SOME {
		t.Errorf("Diff of a new password = %v", resp)
	}
	d.update(user, map[string]any{"password": resource.MakeSecret(resource.NewProperty(secrets[3]))})
	if _, err := d.client.Read(context.Background(), &pulumirpc.ReadRequest{Id: user.id, Urn: string(user.urn), Properties: user.outputs, Inputs: user.inputs}); err != nil {
		t.Fatal(err)
	}
	d.create(storage.Bucket, "logs", map[string]any{"region": "us-west-1"})
	obj := d.create(storage.BucketObject, "index", map[string]any{"bucket": d.ref("logs"), "key": "index.html",
		"metadata": resource.MakeSecret(resource.NewProperty(resource.PropertyMap{"token": resource.NewProperty(secrets[4])}))})
	signed := d.answer(storage.GetObjectURL, map[string]any{"bucket": d.ref("logs"), "key": "index.html"})
	secrets = append(secrets, signed["url"].SecretValue().Element.StringValue())
	key := d.create(iam.AccessKey, "dana", map[string]any{"user": d.ref("dana")})
	secrets = append(secrets, unprops(t, key.outputs)["secret"].SecretValue().Element.StringValue())
	for _, l := range []*live{key, obj, user} {
		if _, err := d.client.Delete(context.Background(), &pulumirpc.DeleteRequest{Id: l.id, Urn: string(l.urn), Properties: l.outputs, OldInputs: l.inputs}); err != nil {
			t.Fatal(err)
		}
	}

	log := p.stop(t)
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

// pluginProcess is the plugin's binary, running: a client connected to it, the cloud it keeps, and its
// standard error.
type pluginProcess struct {
	cmd    *exec.Cmd
	client pulumirpc.ResourceProviderClient
	state  string
	cloud  *cloud.Cloud
	stderr *bytes.Buffer
}

// runPlugin builds the plugin and starts it with args, keeping its cloud in a directory of the test's
// own, and connects to the port it prints.
func runPlugin(t *testing.T, args ...string) *pluginProcess {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the plugin")
	}
	bin := filepath.Join(t.TempDir(), "pulumi-resource-acme")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	p := &pluginProcess{cmd: exec.Command(bin, args...), state: t.TempDir(), stderr: &bytes.Buffer{}}
	c, err := cloud.Open(p.state)
	if err != nil {
		t.Fatal(err)
	}
	p.cloud = c
	p.cmd.Env = append(os.Environ(), cloud.StateDirEnv+"="+p.state, "TMPDIR="+t.TempDir())
	p.cmd.Stderr = p.stderr
	stdout, err := p.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = p.cmd.Process.Kill() })
	port, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("reading the port: %v", err)
	}
	conn, err := grpc.NewClient("127.0.0.1:"+strings.TrimSpace(port), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	p.client = pulumirpc.NewResourceProviderClient(conn)
	return p
}

// stop interrupts the plugin, as the engine does when it is done with it, fails the test unless it exits
// cleanly, and returns what it wrote to its standard error.
func (p *pluginProcess) stop(t *testing.T) string {
	t.Helper()
	if err := p.cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	if err := p.cmd.Wait(); err != nil {
		t.Errorf("the plugin did not exit cleanly on an interrupt: %v", err)
	}
	return p.stderr.String()
}
