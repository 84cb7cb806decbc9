package hostile

// The minimum of a batched compile check of generated trees, written while internal/compilecheck was not
// yet available on this branch: one go build and one go vet over every generated Go package, one tsc over
// every generated TypeScript package.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cidlc/cidlc/gen/gostub"
)

// toolsDir is tstest/, where the pinned Node tooling lives, relative to this package.
const toolsDir = "../../tstest"

// compileGo builds and vets the Go packages in and below each of dirs (generated provider trees inside
// this module) in one go invocation each, so that the Pulumi SDK is loaded once.
func compileGo(t *testing.T, dirs []string) {
	t.Helper()
	var patterns []string
	for _, dir := range dirs {
		abs, err := filepath.Abs(dir)
		if err != nil {
			t.Fatal(err)
		}
		importPath, err := gostub.ImportPath(abs)
		if err != nil {
			t.Fatal(err)
		}
		patterns = append(patterns, packagesBelow(t, abs, importPath)...)
	}
	if len(patterns) == 0 {
		return
	}
	for _, verb := range []string{"build", "vet"} {
		start := time.Now()
		cmd := exec.Command("go", append([]string{verb}, patterns...)...)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err != nil {
			t.Errorf("go %s of %d generated packages: %v\n%s", verb, len(patterns), err, out.Bytes())
			continue
		}
		t.Logf("go %s of %d generated packages: %v", verb, len(patterns), time.Since(start).Round(10*time.Millisecond))
	}
}

// packagesBelow lists the import paths of the Go packages in dir and below it: a pattern ending in /...
// matches nothing under testdata.
func packagesBelow(t *testing.T, dir, importPath string) []string {
	t.Helper()
	var paths []string
	err := filepath.WalkDir(dir, func(name string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		goFiles, err := filepath.Glob(filepath.Join(name, "*.go"))
		if err != nil || len(goFiles) == 0 {
			return err
		}
		rel, err := filepath.Rel(dir, name)
		if err != nil {
			return err
		}
		paths = append(paths, strings.TrimSuffix(importPath+"/"+filepath.ToSlash(rel), "/."))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return paths
}

// compileTS type-checks every TypeScript package of packs (directories below root) in one tsc run, with
// the compiler options of the packages' own tsconfig.json, against the @pulumi/pulumi pinned in tstest/.
// It skips the test where node or npm is missing.
func compileTS(t *testing.T, root string, packs []string) {
	t.Helper()
	if len(packs) == 0 {
		return
	}
	tools := nodeTools(t)
	var tsconfig struct {
		CompilerOptions map[string]any `json:"compilerOptions"`
	}
	b, err := os.ReadFile(filepath.Join(packs[0], "tsconfig.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &tsconfig); err != nil {
		t.Fatal(err)
	}
	opts := tsconfig.CompilerOptions
	opts["noEmit"] = true
	delete(opts, "outDir")
	delete(opts, "rootDir")
	var include []string
	for _, p := range packs {
		rel, err := filepath.Rel(root, p)
		if err != nil {
			t.Fatal(err)
		}
		include = append(include, filepath.ToSlash(rel)+"/**/*.ts")
	}
	config, err := json.MarshalIndent(map[string]any{"compilerOptions": opts, "include": include}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "tsconfig.json"), config, 0o666); err != nil {
		t.Fatal(err)
	}
	// Packages below root resolve @pulumi/pulumi through root/node_modules.
	link := filepath.Join(root, "node_modules")
	if _, err := os.Lstat(link); err != nil {
		if err := os.Symlink(filepath.Join(tools, "node_modules"), link); err != nil {
			t.Fatal(err)
		}
	}
	start := time.Now()
	cmd := exec.Command("node", filepath.Join(tools, "node_modules", "typescript", "bin", "tsc"), "-p", ".")
	cmd.Dir = root
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Errorf("tsc over %d generated packages: %v\n%s", len(packs), err, out.Bytes())
		return
	}
	t.Logf("tsc over %d generated packages: %v", len(packs), time.Since(start).Round(10*time.Millisecond))
}

// nodeTools returns tstest/ with its node_modules installed (npm ci, when missing or older than the
// lockfile), or skips the test when node or npm is missing.
func nodeTools(t *testing.T) string {
	t.Helper()
	for _, tool := range []string{"node", "npm"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed: the generated TypeScript is not type-checked (install Node.js 20 and npm)", tool)
		}
	}
	dir, err := filepath.Abs(toolsDir)
	if err != nil {
		t.Fatal(err)
	}
	lock, err := os.Stat(filepath.Join(dir, "package-lock.json"))
	if err != nil {
		t.Fatal(err)
	}
	if installed, err := os.Stat(filepath.Join(dir, "node_modules", ".package-lock.json")); err == nil && !installed.ModTime().Before(lock.ModTime()) {
		return dir
	}
	cmd := exec.Command("npm", "ci", "--no-audit", "--no-fund")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatal(fmt.Errorf("npm ci in %s: %v\n%s", dir, err, out))
	}
	return dir
}
