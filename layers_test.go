package cidlc_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// module is the import path of cidlc's Go module.
const module = "github.com/cidlc/cidlc"

// listed is a package as go list describes it.
type listed struct {
	ImportPath string
	Imports    []string
	Deps       []string
}

// goList runs go list -json with args in the module's root.
func goList(t *testing.T, args ...string) []listed {
	t.Helper()
	cmd := exec.Command("go", append([]string{"list", "-json=ImportPath,Imports,Deps"}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	var pkgs []listed
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listed
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			return pkgs
		} else if err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
}

// plugins are the provider plugins of the examples.
var plugins = []string{"./examples/cmd/pulumi-resource-acme", "./examples/postgresql/cmd/pulumi-resource-postgresql"}

// TestPluginsLinkTheRuntimeOnly: a provider plugin links the runtime of the stubs (package provider and
// the contracts it checks), never the compiler: not its model, not its loader, not go/packages. Every
// provider built with cidlc would carry them otherwise.
func TestPluginsLinkTheRuntimeOnly(t *testing.T) {
	compiler := []string{module + "/idl/model", module + "/idl/load", "golang.org/x/tools/go/packages"}
	for _, p := range goList(t, plugins...) {
		for _, dep := range p.Deps {
			own := strings.TrimPrefix(dep, module+"/")
			switch {
			case slices.Contains(compiler, dep):
				t.Errorf("%s links %s, a package of the compiler", p.ImportPath, dep)
			case own == dep || strings.HasPrefix(own, "examples/"):
				// Not cidlc's, or the example's own code.
			case own != "provider" && !strings.HasPrefix(own, "provider/") && own != "idl/contract" && own != "idl/celcheck":
				// idl/celcheck is the runtime of the checks in CEL, which only the stubs of an IDL with
				// checks import.
				t.Errorf("%s links %s; a plugin links only the runtime (provider, idl/contract, idl/celcheck)", p.ImportPath, dep)
			}
		}
	}
}

// architecture is the page whose picture of the layers TestLayers holds to the imports.
const architecture = "docs/architecture.md"

// layer is a package of the picture: its layer, and the packages of cidlc's it imports.
type layer struct {
	name    string
	imports []string
	line    int // in the picture, top to bottom
}

// readLayers reads the picture of the layers in docs/architecture.md: the code block after the marker,
// a layer's name at the start of a line, each of its packages indented by two spaces and followed by
// its imports, which lines indented further continue. Packages are relative to the module ("." for its
// root).
func readLayers(t *testing.T) map[string]*layer {
	t.Helper()
	data, err := os.ReadFile(architecture)
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(data), "<!-- layers: TestLayers reads this block -->\n```\n")
	block, _, closed := strings.Cut(block, "\n```")
	if !ok || !closed {
		t.Fatalf("%s: no picture of the layers after the marker", architecture)
	}
	pkgs := map[string]*layer{}
	var name string
	var last *layer
	for i, line := range strings.Split(block, "\n") {
		fields := strings.Fields(line)
		switch {
		case len(fields) == 0:
		case !strings.HasPrefix(line, " "):
			name, last = strings.TrimSuffix(strings.SplitN(line, ":", 2)[0], ":"), nil
		case strings.HasPrefix(line, "  ") && !strings.HasPrefix(line, "   "):
			if pkgs[fields[0]] != nil {
				t.Errorf("%s: %s is twice in the picture", architecture, fields[0])
			}
			last = &layer{name: name, imports: fields[1:], line: i}
			pkgs[fields[0]] = last
		case last != nil:
			last.imports = append(last.imports, fields...)
		default:
			t.Errorf("%s: the picture's line %q continues no package", architecture, line)
		}
	}
	return pkgs
}

// own returns the path of a package of cidlc's relative to the module, "." for the root, and whether it
// is cidlc's.
func own(path string) (string, bool) {
	if path == module {
		return ".", true
	}
	rel, ok := strings.CutPrefix(path, module+"/")
	return rel, ok
}

// notInThePicture are the packages of the module that are not cidlc's product: the examples, the
// benchmarks, the end-to-end tests, and the packages that exist only for tests.
var notInThePicture = regexp.MustCompile(`^(examples|bench|e2e|internal/testsupport)(/|$)`)

// TestLayers: docs/architecture.md's picture of the layers is the import graph. Every package of the
// product is in it, with exactly the packages of cidlc's it imports, each of them drawn below it; the
// package table lists every one of them; and nothing of the product imports a package that exists only
// for tests.
func TestLayers(t *testing.T) {
	pictured := readLayers(t)
	seen, all := map[string]bool{}, map[string]bool{}
	for _, p := range goList(t, "./...") {
		path, _ := own(p.ImportPath)
		all[path] = true
		if notInThePicture.MatchString(path) {
			continue
		}
		seen[path] = true
		l := pictured[path]
		if l == nil {
			t.Errorf("%s is not in the picture of the layers (%s); draw it there, above what it imports", path, architecture)
			continue
		}
		var imports []string
		for _, imp := range p.Imports {
			if rel, ok := own(imp); ok {
				imports = append(imports, rel)
			}
		}
		slices.Sort(imports)
		want := slices.Sorted(slices.Values(l.imports))
		if !slices.Equal(imports, want) {
			t.Errorf("%s imports %s of cidlc's; the picture (%s) says %s", path, strings.Join(imports, " "), architecture, strings.Join(want, " "))
		}
		for _, imp := range imports {
			if below := pictured[imp]; below != nil && below.line <= l.line {
				t.Errorf("%s (layer %s) imports %s, which the picture draws above it (layer %s)", path, l.name, imp, below.name)
			}
			if notInThePicture.MatchString(imp) {
				t.Errorf("%s imports %s, which exists only for tests", path, imp)
			}
		}
	}
	for path := range pictured {
		if !seen[path] {
			t.Errorf("the picture of the layers (%s) draws %s, which is no package of the product", architecture, path)
		}
	}

	// The package table: a row for each package of the picture, and none for a package that is gone
	// (the first column names packages in back quotes, nothing else).
	data, err := os.ReadFile(architecture)
	if err != nil {
		t.Fatal(err)
	}
	_, table, _ := strings.Cut(string(data), "## Packages, one job each")
	table, _, _ = strings.Cut(table, "\n## ")
	listed := map[string]bool{}
	for _, line := range strings.Split(table, "\n") {
		first, _, _ := strings.Cut(strings.TrimPrefix(line, "| "), " |")
		for _, m := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(first, -1) {
			listed[m[1]] = true
		}
	}
	for path := range pictured {
		if !listed[path] {
			t.Errorf("%s has no row in the package table of %s", path, architecture)
		}
	}
	for path := range listed {
		if !all[path] {
			t.Errorf("the package table of %s has a row for %s, which is no package of the module", architecture, path)
		}
	}
}
