package typescript_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/cidlc/cidlc/idl/load"
	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/internal/testsupport"
	"github.com/cidlc/cidlc/internal/testsupport/nodetest"
)

// The tests in this file run the generated packages through the real Node tooling pinned in tstest/:
// tsc, prettier, npm and @pulumi/pulumi. They check the golden packages as committed, so they run
// after TestGolden has proven those current. They are skipped with -short and where node or npm is
// missing; the first of them installs tstest/node_modules (see package nodetest).

// scratch returns a temporary directory whose node_modules is tstest's, so that anything copied below
// it resolves @pulumi/pulumi, typescript and prettier from there.
func scratch(t *testing.T, tools string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.Symlink(filepath.Join(tools, "node_modules"), filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	return dir
}

// copyPack copies the package in src to dir/name and returns its path.
func copyPack(t *testing.T, src, dir, name string) string {
	t.Helper()
	dst := filepath.Join(dir, name)
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	return dst
}

// TestTypeCheck compiles every golden package with tsc --strict, through the package's own
// tsconfig.json, against the real @pulumi/pulumi; then it loads the compiled package in node and checks
// that every constant and enum value holds exactly the IDL's value, however it had to be escaped.
func TestTypeCheck(t *testing.T) {
	tools := nodetest.Tools(t)
	dir := scratch(t, tools)
	tsc := nodetest.TSC(tools)
	for _, c := range packCases(t) {
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			pack := copyPack(t, c.Path("pack"), dir, c.Name)
			// Emitting costs little more than --noEmit, and gives the values to check.
			testsupport.Run(t, pack, "node", tsc, "--strict", "-p", ".")
			tree, err := load.Load(load.Config{Dir: c.Path("idl")})
			if err != nil {
				t.Fatal(err)
			}
			checkValues(t, pack, tree)
			checkLazyBarrels(t, pack)
		})
	}
}

// checkLazyBarrels checks, in the compiled package in pack, that loading the package loads its barrels
// and runtime modules only, not the modules of declarations, and that every value of every module is
// the value its barrel exports under its name: loaded on first use, and the same object.
func checkLazyBarrels(t *testing.T, pack string) {
	t.Helper()
	script := `const path = require("node:path");
const assert = require("node:assert/strict");
const bin = path.resolve("bin") + path.sep;
const loaded = () => Object.keys(require.cache).filter((f) => f.startsWith(bin)).map((f) => f.slice(bin.length));
const eager = (f) => path.basename(f) === "index.js" || ["_lazy.js", "_contracts.js", "_config.js", "_configuration.js", "_utilities.js"].includes(f);
require(bin + "index.js");
assert.deepEqual(loaded().filter((f) => !eager(f)), [], "loading the package loads modules of declarations");
const modules = require("node:fs").readdirSync(bin, { recursive: true })
    .filter((f) => f.endsWith(".js") && !eager(f)).sort();
let values = 0;
for (const m of modules) {
    const barrel = require(bin + path.join(path.dirname(m), "index.js"));
    assert.ok(!loaded().includes(m), m + " was loaded before a program read one of its values");
    const exports = require(bin + m);
    for (const [name, value] of Object.entries(exports)) {
        assert.ok(Object.getOwnPropertyDescriptor(barrel, name), m + ": its barrel does not export " + name);
        assert.equal(barrel[name], value, m + ": its barrel's " + name + " is another value");
        values++;
    }
}
process.stdout.write(String(values));`
	out := testsupport.Run(t, pack, "node", "-e", script)
	t.Logf("every value of the package's modules is its barrel's, loaded on first use: %s values", strings.TrimSpace(out))

	// An ES module imports a CommonJS module's names as Node's lexer finds them in its text, not as the
	// module defines them when it runs: each barrel's names must be found, or `import { X } from "pkg"`
	// fails.
	esm := `const path = require("node:path");
const assert = require("node:assert/strict");
const { pathToFileURL } = require("node:url");
const bin = path.resolve("bin") + path.sep;
(async () => {
    const barrels = require("node:fs").readdirSync(bin, { recursive: true })
        .filter((f) => path.basename(f) === "index.js").sort();
    let names = 0;
    for (const b of barrels) {
        const ns = await import(pathToFileURL(bin + b).href);
        for (const name of Object.keys(require(bin + b))) {
            assert.ok(name in ns, b + ": an ES module cannot import " + name + " by name");
            assert.equal(ns[name], require(bin + b)[name], b + ": an ES module imports another " + name);
            names++;
        }
    }
    process.stdout.write(String(names));
})().catch((err) => {
    console.error(err);
    process.exit(1);
});`
	out = testsupport.Run(t, pack, "node", "-e", esm)
	t.Logf("an ES module imports every name of every barrel: %s names", strings.TrimSpace(out))
}

// checkValues compares the constants and enum values the compiled package in pack exports with those of
// the model.
func checkValues(t *testing.T, pack string, tree *model.Tree) {
	t.Helper()
	want := map[string]map[string]any{}
	for _, pkg := range tree.Packages {
		for _, f := range pkg.Files {
			values := map[string]any{}
			for _, c := range f.Consts {
				values[c.Name] = c.Value
			}
			for _, e := range f.Enums {
				for _, v := range e.Values {
					values[v.Name] = v.Value
				}
			}
			if len(values) > 0 {
				want[strings.TrimSuffix(f.Path, ".go")] = values
			}
		}
	}
	modules := slices.Sorted(maps.Keys(want))
	// Prints {module: {name: value}} for the primitive exports of each module.
	script := `const out = {};
for (const m of process.argv.slice(1)) {
	const exports = require("./bin/" + m + ".js");
	out[m] = {};
	for (const [k, v] of Object.entries(exports)) {
		if (["string", "number", "boolean"].includes(typeof v)) out[m][k] = v;
	}
}
process.stdout.write(JSON.stringify(out));`
	var got map[string]map[string]any
	if err := json.Unmarshal([]byte(testsupport.Run(t, pack, "node", append([]string{"-e", script}, modules...)...)), &got); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		gotJSON, _ := json.MarshalIndent(got, "", "  ")
		wantJSON, _ := json.MarshalIndent(want, "", "  ")
		t.Errorf("the compiled package's values differ from the IDL's\ngot:\n%s\nwant:\n%s", gotJSON, wantJSON)
	}
}

// TestPrettier checks that every golden package is formatted as prettier formats it, with the options
// of the package's .prettierrc.json.
func TestPrettier(t *testing.T) {
	tools := nodetest.Tools(t)
	args := []string{nodetest.Prettier(tools), "--check"}
	for _, c := range packCases(t) {
		pack, err := filepath.Abs(c.Path("pack"))
		if err != nil {
			t.Fatal(err)
		}
		args = append(args, pack)
	}
	// Run from an empty directory, so that no ignore file of the repository applies.
	testsupport.Run(t, t.TempDir(), "node", args...)
}

// TestMocks builds the example package with its own tsconfig.json, then compiles tstest/mocks.test.ts,
// a program that imports it as "acme", and runs it under Pulumi's mock monitor.
func TestMocks(t *testing.T) {
	tools := nodetest.Tools(t)
	dir := scratch(t, tools)
	tsc := nodetest.TSC(tools)
	pack := copyPack(t, "../../examples/pack", dir, "pack")
	testsupport.Run(t, pack, "node", tsc, "-p", ".")

	// The program finds "acme" in its own node_modules, and everything else in dir's.
	app := filepath.Join(dir, "app")
	for _, name := range []string{"mocks.test.ts", "tsconfig.json"} {
		testsupport.CopyFile(t, filepath.Join(tools, name), filepath.Join(app, name))
	}
	if err := os.Mkdir(filepath.Join(app, "node_modules"), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(pack, filepath.Join(app, "node_modules", "acme")); err != nil {
		t.Fatal(err)
	}
	testsupport.Run(t, app, "node", tsc, "-p", ".")
	t.Log(strings.TrimSpace(testsupport.Run(t, app, "node", filepath.Join("bin", "mocks.test.js"))))
}

// TestNpmPack packs the example package with npm pack (which builds it), installs the tarball into a
// scratch project, and compiles and runs the mocks program there against the installed package.
func TestNpmPack(t *testing.T) {
	tools := nodetest.Tools(t)
	dir := t.TempDir()
	pack := copyPack(t, "../../examples/pack", dir, "pack")
	// npm runs the prepack script, tsc, with the package's node_modules/.bin on the PATH.
	if err := os.Symlink(filepath.Join(tools, "node_modules"), filepath.Join(pack, "node_modules")); err != nil {
		t.Fatal(err)
	}
	testsupport.Run(t, pack, "npm", "pack", "--pack-destination", dir)
	tarballs, err := filepath.Glob(filepath.Join(dir, "*.tgz"))
	if err != nil || len(tarballs) != 1 {
		t.Fatalf("npm pack made %v (%v), want one tarball", tarballs, err)
	}

	// The scratch project starts from tstest's lockfile, so that npm installs the pinned versions, from
	// its cache when it can.
	app := filepath.Join(dir, "app")
	for _, name := range []string{"mocks.test.ts", "tsconfig.json", "package-lock.json"} {
		testsupport.CopyFile(t, filepath.Join(tools, name), filepath.Join(app, name))
	}
	packageJSON := fmt.Sprintf(`{
    "name": "scratch",
    "version": "0.0.0",
    "private": true,
    "dependencies": {
        "acme": "file:%s"
    },
    "devDependencies": {
        "@pulumi/pulumi": "3.248.0",
        "@types/node": "20.19.43",
        "typescript": "5.9.3"
    }
}
`, filepath.ToSlash(tarballs[0]))
	if err := os.WriteFile(filepath.Join(app, "package.json"), []byte(packageJSON), 0o666); err != nil {
		t.Fatal(err)
	}
	testsupport.Run(t, app, "npm", "install", "--prefer-offline", "--no-audit", "--no-fund")
	testsupport.Run(t, app, "node", filepath.Join("node_modules", "typescript", "bin", "tsc"), "-p", ".")
	t.Log(strings.TrimSpace(testsupport.Run(t, app, "node", filepath.Join("bin", "mocks.test.js"))))
}
