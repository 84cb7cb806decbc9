package main

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cidlc/cidlc/internal/testsupport"
)

// The tests below drive generation through the command, end to end, on an IDL written into a scratch
// folder inside the module (so that it can import package idl).

const scratchIDL = `// Package shop is a tiny IDL.
package shop

import "github.com/cidlc/cidlc/idl"

// A Cart holds items.
type Cart struct {
	idl.NamedResource
	// What is in it.
	Items []string
}
`

const scratchIDL2 = `package shop

import "github.com/cidlc/cidlc/idl"

// An Order is placed.
type Order struct {
	idl.Resource
	// The cart ordered.
	Cart *Cart
}
`

// scratch makes a folder with idl/cart.go and idl/order.go and returns its path (relative to the
// package directory, where the command runs).
func scratch(t *testing.T) string {
	t.Helper()
	dir := testsupport.ScratchDir(t)
	testsupport.WriteFile(t, filepath.Join(dir, "idl/cart.go"), scratchIDL)
	testsupport.WriteFile(t, filepath.Join(dir, "idl/order.go"), scratchIDL2)
	return dir
}

// snapshot returns every file below dir with its content and modification time.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, _ := d.Info()
		b, _ := os.ReadFile(path)
		files[path] = info.ModTime().Format(time.RFC3339Nano) + "\n" + string(b)
		return nil
	})
	return files
}

func sameSnapshot(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func TestGenerateTwiceWritesNothing(t *testing.T) {
	dir := scratch(t)
	pack := filepath.Join(dir, "pack")
	if _, stderr, status := cidlc(t, ".", filepath.Join(dir, "idl"), "--out-pack", pack); status != 0 {
		t.Fatalf("first run: exit %d\n%s", status, stderr)
	}
	before := snapshot(t, pack)
	time.Sleep(10 * time.Millisecond) // so that a rewrite would show in the mtimes
	_, stderr, status := cidlc(t, ".", "-v", filepath.Join(dir, "idl"), "--out-pack", pack)
	if status != 0 || !strings.Contains(stderr, "cidlc: 0 written,") {
		t.Fatalf("second run: exit %d, want a report of 0 files written\n%s", status, stderr)
	}
	if !sameSnapshot(before, snapshot(t, pack)) {
		t.Error("the second run changed files or their modification times")
	}
	if _, stderr, status := cidlc(t, ".", filepath.Join(dir, "idl"), "--out-pack", pack, "--check"); status != 0 {
		t.Errorf("--check right after generating: exit %d\n%s", status, stderr)
	}
}

func TestCheckReportsEditedMissingAndStaleFiles(t *testing.T) {
	for _, tool := range []string{"git", "patch"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip("needs " + tool)
		}
	}
	dir := scratch(t)
	pack := filepath.Join(dir, "pack")
	idlDir := filepath.Join(dir, "idl")
	if _, stderr, status := cidlc(t, ".", idlDir, "--out-pack", pack); status != 0 {
		t.Fatalf("exit %d\n%s", status, stderr)
	}

	// An edited file: --check exits 1, names the command that updates it, and its diff (the edit as `-`
	// lines, the generated text as `+` lines), applied as it is, restores the generated file.
	cart := filepath.Join(pack, "cart.ts")
	generated, err := os.ReadFile(cart)
	if err != nil {
		t.Fatal(err)
	}
	edited := bytes.Replace(generated, []byte("A Cart holds items."), []byte("A Cart holds items, edited by hand."), 1)
	testsupport.WriteFile(t, cart, string(edited))
	stdout, stderr, status := cidlc(t, ".", idlDir, "--out-pack", pack, "--check")
	headers := "--- a/" + filepath.ToSlash(cart) + "\n+++ b/" + filepath.ToSlash(cart) + "\n"
	if status != 1 || !strings.Contains(stdout, headers) || !strings.Contains(stdout, "\n- * A Cart holds items, edited by hand.\n+ * A Cart holds items.\n") {
		t.Fatalf("--check after an edit: exit %d, want 1 and a diff of %s\n%s", status, cart, stdout)
	}
	update := "; to update it, run: cidlc " + idlDir + " --out-pack " + pack + "\n"
	if !strings.HasSuffix(stderr, update) {
		t.Errorf("--check's last line does not end in %q:\n%s", update, stderr)
	}
	for _, apply := range [][]string{{"git", "apply"}, {"patch", "-p1", "--batch", "--no-backup-if-mismatch"}} {
		testsupport.WriteFile(t, cart, string(edited))
		cmd := exec.Command(apply[0], apply[1:]...)
		cmd.Stdin = strings.NewReader(stdout)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", strings.Join(apply, " "), err, out)
		}
		if got, _ := os.ReadFile(cart); !bytes.Equal(got, generated) {
			t.Errorf("%s of --check's diff did not restore the generated file", strings.Join(apply, " "))
		}
	}

	// A missing file.
	os.Remove(filepath.Join(pack, "order.ts"))
	stdout, _, status = cidlc(t, ".", idlDir, "--out-pack", pack, "--check")
	if status != 1 || !strings.Contains(stdout, "--- /dev/null\n+++ b/"+filepath.ToSlash(filepath.Join(pack, "order.ts"))) {
		t.Errorf("--check after deleting order.ts: exit %d, want 1 and a diff from /dev/null\n%s", status, stdout)
	}

	// A stale file: the IDL no longer declares Order.
	if _, stderr, status := cidlc(t, ".", idlDir, "--out-pack", pack); status != 0 {
		t.Fatalf("exit %d\n%s", status, stderr)
	}
	os.Remove(filepath.Join(idlDir, "order.go"))
	stdout, _, status = cidlc(t, ".", idlDir, "--out-pack", pack, "--check")
	if status != 1 || !strings.Contains(stdout, "--- a/"+filepath.ToSlash(filepath.Join(pack, "order.ts"))+"\n+++ /dev/null\n") {
		t.Errorf("--check after removing order.go: exit %d, want 1 and order.ts shown stale\n%s", status, stdout)
	}
	if _, stderr, status := cidlc(t, ".", "-v", idlDir, "--out-pack", pack); status != 0 || !strings.Contains(stderr, "1 removed") {
		t.Errorf("regenerating after removing order.go: exit %d, want order.ts removed\n%s", status, stderr)
	}
	if _, err := os.Stat(filepath.Join(pack, "order.ts")); !os.IsNotExist(err) {
		t.Errorf("order.ts still exists after its IDL file was removed")
	}
}

func TestHandWrittenFilesAreSafe(t *testing.T) {
	dir := scratch(t)
	pack := filepath.Join(dir, "pack")
	idlDir := filepath.Join(dir, "idl")
	// A hand-written file beside the generated ones, and a hand-written folder.
	testsupport.WriteFile(t, filepath.Join(pack, "helpers.ts"), "export const x = 1;\n")
	testsupport.WriteFile(t, filepath.Join(pack, "serverless/fn.ts"), "export const y = 2;\n")
	if _, stderr, status := cidlc(t, ".", idlDir, "--out-pack", pack); status != 0 {
		t.Fatalf("exit %d\n%s", status, stderr)
	}
	if _, _, status := cidlc(t, ".", idlDir, "--out-pack", pack, "--check"); status != 0 {
		t.Errorf("--check counts hand-written files as stale")
	}
	for path, want := range map[string]string{"helpers.ts": "export const x = 1;\n", "serverless/fn.ts": "export const y = 2;\n"} {
		if got, err := os.ReadFile(filepath.Join(pack, path)); err != nil || string(got) != want {
			t.Errorf("hand-written %s was changed: %q, %v", path, got, err)
		}
	}

	// A hand-written file where cidlc wants to generate one: an error naming it, and nothing written.
	other := filepath.Join(dir, "pack2")
	testsupport.WriteFile(t, filepath.Join(other, "cart.ts"), "// mine\n")
	_, stderr, status := cidlc(t, ".", idlDir, "--out-pack", other)
	if status != 1 || !strings.Contains(stderr, filepath.ToSlash(filepath.Join(other, "cart.ts"))) {
		t.Fatalf("a hand-written file in the way: exit %d, want 1 and an error naming it\n%s", status, stderr)
	}
	entries, _ := os.ReadDir(other)
	if len(entries) != 1 {
		t.Errorf("files were written next to the file in the way: %v", entries)
	}
}

func TestBadIDLLeavesOutputsAlone(t *testing.T) {
	dir := scratch(t)
	pack := filepath.Join(dir, "pack")
	idlDir := filepath.Join(dir, "idl")
	if _, stderr, status := cidlc(t, ".", idlDir, "--out-pack", pack); status != 0 {
		t.Fatalf("exit %d\n%s", status, stderr)
	}
	before := snapshot(t, pack)
	testsupport.WriteFile(t, filepath.Join(idlDir, "bad.go"), "package shop\n\n// Count counts.\ntype Count int8\n")
	os.Remove(filepath.Join(idlDir, "order.go"))
	_, stderr, status := cidlc(t, ".", idlDir, "--out-pack", pack)
	if status != 1 || !strings.Contains(stderr, "bad.go:4:12: type Count: int8 is not an IDL type; use int32 or int, with min= and max= for a narrower range (min=0 for a count)") {
		t.Fatalf("exit %d, want 1 and the diagnostic\n%s", status, stderr)
	}
	if !sameSnapshot(before, snapshot(t, pack)) {
		t.Error("a run with IDL errors changed the output directory")
	}
}

// TestOutRPC: --out-rpc, the 2017 name of --out-provider, writes the Go stubs.
func TestOutRPC(t *testing.T) {
	dir := scratch(t)
	provider := filepath.Join(dir, "provider")
	if _, stderr, status := cidlc(t, ".", filepath.Join(dir, "idl"), "--out-rpc", provider); status != 0 {
		t.Fatalf("exit %d\n%s", status, stderr)
	}
	for _, name := range []string{"cart_stub.go", "order_stub.go"} {
		if _, err := os.Stat(filepath.Join(provider, name)); err != nil {
			t.Errorf("--out-rpc did not write %s: %v", name, err)
		}
	}
}
