package cidlc_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os/exec"
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
			case own != "provider" && !strings.HasPrefix(own, "provider/") && own != "idl/contract":
				t.Errorf("%s links %s; a plugin links only the runtime (provider, idl/contract)", p.ImportPath, dep)
			}
		}
	}
}
