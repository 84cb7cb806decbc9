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

	"github.com/cidlc/cidlc/examples/provider/cloud"
	"github.com/cidlc/cidlc/examples/provider/storage"
)

// TestPlugin runs the plugin binary as the engine does: it prints its port on standard output, serves
// there once configured, keeps its cloud in $ACME_STATE_DIR, logs its calls when tracing without ever
// showing the token, and exits cleanly on an interrupt.
func TestPlugin(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the plugin")
	}
	bin := filepath.Join(t.TempDir(), "pulumi-resource-acme")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	state := t.TempDir()
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), cloud.StateDirEnv+"="+state)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill() }()
	port, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("reading the port: %v", err)
	}
	conn, err := grpc.NewClient("127.0.0.1:"+strings.TrimSpace(port), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	client := pulumirpc.NewResourceProviderClient(conn)
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
	if _, err := os.Stat(filepath.Join(state, "storage", "Bucket", resp.GetId()+".json")); err != nil {
		t.Errorf("the plugin did not keep the bucket in $%s: %v", cloud.StateDirEnv, err)
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("the plugin did not exit cleanly on an interrupt: %v", err)
	}
	// Tracing logs every call to the plugin's standard error, which the engine shows, and never the token.
	if log := stderr.String(); !strings.Contains(log, "acme: put storage/Bucket/"+resp.GetId()) || strings.Contains(log, testToken) {
		t.Errorf("the plugin's log does not show the call, or shows the token:\n%s", log)
	}
}
