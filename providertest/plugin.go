package providertest

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// process is a plugin's executable, running.
type process struct {
	cmd    *exec.Cmd
	stderr *lockedBuffer // nil when the caller took the plugin's standard error
	done   chan error    // Wait's result, once it exits
}

// Build builds the plugin's executable from the Go package pkg (".", or "./cmd/pulumi-resource-acme":
// a path relative to the test's package directory, or an import path) into a directory that the test
// removes, and returns the executable's path. Building takes seconds: under -short, Build skips the
// test.
func Build(t testing.TB, pkg string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: builds the plugin")
	}
	dir := t.TempDir()
	cmd := exec.Command("go", "build", "-o", dir+string(filepath.Separator), pkg)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build %s: %v\n%s", pkg, err, out)
	}
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 1 {
		t.Fatalf("go build %s: want one executable in %s, got %v (%v)", pkg, dir, entries, err)
	}
	return filepath.Join(dir, entries[0].Name())
}

// StartPlugin runs the plugin's executable as the engine does: cmd's arguments, then the address of
// an Engine of the test's, to which the plugin logs; it reads the port the plugin prints, connects and
// handshakes. cmd's environment, directory and standard error are the caller's to set; a standard
// error left nil is kept for StopPlugin. The plugin is killed when the test ends, if it still runs.
func StartPlugin(t testing.TB, cmd *exec.Cmd) *Driver {
	t.Helper()
	engine := NewEngine(t)
	cmd.Args = append(cmd.Args, engine.Addr)
	p := &process{cmd: cmd, done: make(chan error, 1)}
	if cmd.Stderr == nil {
		p.stderr = &lockedBuffer{}
		cmd.Stderr = p.stderr
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting the plugin: %v", err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-p.done
	})
	lines := bufio.NewReader(stdout)
	port, err := lines.ReadString('\n')
	go func() {
		// The rest of standard output goes nowhere, as the engine ignores it, but must be read for the
		// plugin not to block.
		_, _ = lines.WriteTo(io.Discard)
		p.done <- cmd.Wait()
	}()
	if err != nil {
		t.Fatalf("reading the port the plugin prints: %v\n%s", err, p.stderrText())
	}
	d := &Driver{T: t, Stack: "dev", Project: "test", Engine: engine, plugin: p}
	d.Client = pulumirpc.NewResourceProviderClient(dial(t, "127.0.0.1:"+strings.TrimSpace(port)))
	d.Package = filepath.Base(cmd.Path)
	if name, ok := strings.CutPrefix(d.Package, "pulumi-resource-"); ok {
		d.Package = name
	}
	d.handshake()
	return d
}

// StopPlugin interrupts the plugin that StartPlugin runs, as the engine does when it is done with it,
// fails the test unless it exits cleanly within 10 seconds, and returns what it wrote to its standard
// error (when StartPlugin kept it).
func (d *Driver) StopPlugin() string {
	d.T.Helper()
	p := d.plugin
	if p == nil {
		d.T.Fatal("StopPlugin: the plugin was not started by StartPlugin")
	}
	if err := p.cmd.Process.Signal(os.Interrupt); err != nil {
		d.T.Fatalf("interrupting the plugin: %v", err)
	}
	select {
	case err := <-p.done:
		p.done <- err // for the cleanup
		if err != nil {
			d.T.Errorf("the plugin did not exit cleanly on an interrupt: %v\n%s", err, p.stderrText())
		}
	case <-time.After(10 * time.Second):
		d.T.Errorf("the plugin did not exit within 10 seconds of an interrupt\n%s", p.stderrText())
	}
	return p.stderrText()
}

func (p *process) stderrText() string {
	if p.stderr == nil {
		return ""
	}
	return p.stderr.String()
}

// lockedBuffer is a buffer that the plugin's standard error is copied into while the test reads it.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
