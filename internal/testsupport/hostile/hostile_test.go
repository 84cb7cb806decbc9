package hostile

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/cidlc/cidlc/idl/load"
	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/internal/base/gomod"
	"github.com/cidlc/cidlc/internal/run/cli"
	"github.com/cidlc/cidlc/internal/testsupport"
	"github.com/cidlc/cidlc/internal/testsupport/compilecheck"
)

// A hostileCase is one IDL and what cidlc must make of it.
type hostileCase struct {
	name string
	// files are the IDL's files by slash path below the IDL root: their exact bytes, but that idlImport
	// stands for the import path of the IDL root, so that packages of the IDL can import each other.
	files map[string]string
	// flags are extra command-line flags.
	flags []string
	// usage, when not empty, is the usage error expected (exit status 2), on standard error.
	usage string
	// diags, when not nil, are the exact diagnostics expected (file names relative to the case folder,
	// which holds idl/); nil means the IDL is valid and must generate output that compiles.
	diags []string
	// check, when not nil, looks further at a valid case's output tree (the case folder).
	check func(t *testing.T, dir string)
	// plain, when not nil, undoes what is hostile about the bytes of each file (strips a byte order
	// mark, turns CRLF into LF): the plain IDL must generate exactly the same outputs.
	plain func(string) string
}

// idlImport stands for the import path of a case's IDL root in its files.
const idlImport = "{{IDL}}"

// diagLine is what every line of cidlc's diagnostics looks like: a position with line and column, then
// the message.
var diagLine = regexp.MustCompile(`^[^:\s][^:]*:[0-9]+:[0-9]+: \S`)

// TestMain keeps the up-to-date stamps of the runs out of the user's cache.
func TestMain(m *testing.M) { testsupport.RunWithPrivateCache(m) }

// TestHostile runs every case of the table, then compiles what the valid ones generated, all at once.
func TestHostile(t *testing.T) {
	// The cases' IDLs import package idl, and their stubs are built: they must be inside the module.
	root := testsupport.ScratchDir(t)
	names := map[string]bool{}
	for _, c := range cases {
		if names[c.name] || c.name == "" || strings.ContainsAny(c.name, `/\ `) {
			t.Fatalf("case name %q: empty, repeated or not a plain folder name", c.name)
		}
		names[c.name] = true
	}
	var mu sync.Mutex
	valid := map[string]*model.Tree{}
	t.Run("case", func(t *testing.T) {
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				t.Parallel()
				tree := runCase(t, c, filepath.Join(root, c.name))
				if tree == nil {
					return
				}
				mu.Lock()
				defer mu.Unlock()
				valid[c.name] = tree
			})
		}
	})
	if t.Failed() {
		return
	}
	if testing.Short() {
		t.Log("-short: the generated code is not compiled")
		return
	}
	t.Logf("%d hostile cases in the table; compiling the output of the %d valid ones that ran", len(cases), len(valid))
	b := compilecheck.New(t)
	for _, name := range slices.Sorted(maps.Keys(valid)) {
		if err := b.Add(name, valid[name]); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	for _, f := range b.Check() {
		t.Errorf("the output of case %s", f)
	}
}

// runCase writes c's IDL into dir and runs cidlc on it, checking what it reports. For a valid IDL, it
// returns the model, for its output to be compiled.
func runCase(t *testing.T, c hostileCase, dir string) *model.Tree {
	t.Helper()
	idlDir, err := filepath.Abs(filepath.Join(dir, "idl"))
	if err != nil {
		t.Fatal(err)
	}
	idlPath, err := gomod.ImportPath(idlDir)
	if err != nil {
		t.Fatal(err)
	}
	writeIDL(t, dir, c.files, func(content string) string { return strings.ReplaceAll(content, idlImport, idlPath) })
	args := cidlcArgs(dir, c.flags)
	status, stdout, stderr := run(t, args)
	if c.usage != "" {
		if status != cli.ExitUsage || !strings.Contains(stderr, c.usage) {
			t.Errorf("exit %d, want %d and the usage error %q\n%s%s", status, cli.ExitUsage, c.usage, stdout, stderr)
		}
		return nil
	}
	if c.diags != nil {
		if status != cli.ExitFail {
			t.Fatalf("exit %d, want %d and diagnostics\n%s%s", status, cli.ExitFail, stdout, stderr)
		}
		got := diagnostics(t, stderr, dir)
		if !slices.Equal(got, c.diags) {
			t.Errorf("diagnostics differ\ngot:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(c.diags, "\n"))
		}
		if _, err := os.Stat(filepath.Join(dir, "pack")); err == nil {
			t.Error("a run with diagnostics wrote the TypeScript package")
		}
		return nil
	}
	if status != cli.ExitOK {
		t.Fatalf("exit %d, want 0\n%s%s", status, stdout, stderr)
	}
	checkOutputs(t, dir)
	checkSchemaTokens(t, filepath.Join(dir, "schema.json"))
	// Deterministic: generating again from the same IDL changes nothing.
	if status, stdout, stderr := run(t, append(args, "--check")); status != cli.ExitOK {
		t.Errorf("--check right after generating: exit %d\n%s%s", status, stdout, stderr)
	}
	if c.check != nil {
		c.check(t, dir)
	}
	if c.plain != nil {
		samePlain(t, c, dir)
	}
	tree, err := load.Load(load.Config{Dir: filepath.Join(dir, "idl")})
	if err != nil {
		t.Fatal(err)
	}
	return tree
}

// samePlain generates the outputs of c's files made plain, beside dir, and checks that they are the
// outputs in dir, byte for byte.
func samePlain(t *testing.T, c hostileCase, dir string) {
	t.Helper()
	plainDir := dir + "-plain"
	writeIDL(t, plainDir, c.files, c.plain)
	if status, stdout, stderr := run(t, cidlcArgs(plainDir, c.flags)); status != cli.ExitOK {
		t.Fatalf("the plain IDL: exit %d\n%s%s", status, stdout, stderr)
	}
	got, want := outputs(t, dir), outputs(t, plainDir)
	for _, name := range slices.Sorted(maps.Keys(want)) {
		// package.json names the IDL by its import path, which ends in the folder's name.
		plain := bytes.ReplaceAll(want[name], []byte(filepath.Base(plainDir)+"/"), []byte(filepath.Base(dir)+"/"))
		if !bytes.Equal(got[name], plain) {
			t.Errorf("%s differs from what the plain IDL generates", name)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d outputs, the plain IDL's %d", len(got), len(want))
	}
}

// writeIDL writes an IDL's files, each through edit, into dir/idl.
func writeIDL(t *testing.T, dir string, files map[string]string, edit func(string) string) {
	t.Helper()
	edited := make(map[string]string, len(files))
	for name, content := range files {
		edited[name] = edit(content)
	}
	testsupport.WriteTree(t, filepath.Join(dir, "idl"), edited)
}

// cidlcArgs are the arguments that run cidlc on dir/idl with flags, every output below dir.
func cidlcArgs(dir string, flags []string) []string {
	return append([]string{
		filepath.Join(dir, "idl"),
		"--out-pack", filepath.Join(dir, "pack"),
		"--out-provider", filepath.Join(dir, "provider"),
		"--out-schema", filepath.Join(dir, "schema.json"),
	}, flags...)
}

// outputs returns the generated files below dir (all but the IDL) by slash path.
func outputs(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil || strings.HasPrefix(filepath.ToSlash(rel), "idl/") {
			return err
		}
		files[filepath.ToSlash(rel)], err = os.ReadFile(path)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// run runs cidlc in-process, turning a panic into a test failure with its stack.
func run(t *testing.T, args []string) (status int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	func() {
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("cidlc %s panicked: %v\n%s", strings.Join(args, " "), r, debug.Stack())
			}
		}()
		status = cli.Main(args, &out, &errOut)
	}()
	return status, out.String(), errOut.String()
}

// diagnostics returns the diagnostic lines of stderr with dir/ cut from their file names, and fails the
// test for any line that is not a positioned diagnostic (but for the closing summary).
func diagnostics(t *testing.T, stderr, dir string) []string {
	t.Helper()
	prefix := filepath.ToSlash(dir) + "/"
	var diags []string
	for _, line := range strings.Split(strings.TrimSuffix(stderr, "\n"), "\n") {
		if strings.HasPrefix(line, "cidlc: ") && strings.HasSuffix(line, "nothing was written") {
			continue
		}
		if !diagLine.MatchString(line) {
			t.Errorf("not a positioned diagnostic (file:line:col: message): %q", line)
		}
		diags = append(diags, strings.TrimPrefix(line, prefix))
	}
	return diags
}

// checkOutputs checks what holds for every generated file: LF line ends, UTF-8, no NUL.
func checkOutputs(t *testing.T, dir string) {
	t.Helper()
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		if strings.HasPrefix(filepath.ToSlash(rel), "idl/") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		switch {
		case bytes.ContainsRune(b, '\r'):
			t.Errorf("%s: holds a carriage return; generated files end lines with LF only", rel)
		case bytes.ContainsRune(b, 0):
			t.Errorf("%s: holds a NUL byte", rel)
		case !utf8.Valid(b):
			t.Errorf("%s: is not valid UTF-8", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// schemaToken is the pattern of a type token in Pulumi's package metaschema (pkg/codegen/schema/pulumi.json,
// $defs.token, v3.256.0): what `pulumi package gen-sdk` accepts as the name of a resource or type.
var schemaToken = regexp.MustCompile(`^[a-zA-Z][-a-zA-Z0-9_]*:([^0-9][a-zA-Z0-9._/-]*)?:[^0-9][a-zA-Z0-9._/]*$`)

// checkSchemaTokens checks that the package schema names every resource and type with a token that
// Pulumi's metaschema accepts.
func checkSchemaTokens(t *testing.T, file string) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var spec struct {
		Resources map[string]json.RawMessage `json:"resources"`
		Types     map[string]json.RawMessage `json:"types"`
	}
	if err := json.Unmarshal(b, &spec); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	for _, tokens := range []map[string]json.RawMessage{spec.Resources, spec.Types} {
		for _, tok := range slices.Sorted(maps.Keys(tokens)) {
			if !schemaToken.MatchString(tok) {
				t.Errorf("schema.json: token %q does not match Pulumi's metaschema (%s)", tok, schemaToken)
			}
		}
	}
}

// idlFile returns the source of an IDL file of package pkg: the package clause, the import of package
// idl when body uses it, and body.
func idlFile(pkg, body string) string {
	imp := ""
	if strings.Contains(body, "idl.") {
		imp = "import \"github.com/cidlc/cidlc/idl\"\n\n"
	}
	return fmt.Sprintf("package %s\n\n%s%s", pkg, imp, body)
}

// one is an IDL of one file, a.go in package p.
func one(body string) map[string]string {
	return map[string]string{"a.go": idlFile("p", body)}
}
