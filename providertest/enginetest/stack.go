package enginetest

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

//go:embed driver.js
var driverJS []byte

// Stack is a program deployed by Up: what `pulumi up` returned, and the engine's state after it.
type Stack struct {
	// Outputs are the stack's outputs, the program's exports.
	Outputs map[string]Output
	// Changes counts what `pulumi up` did, by operation: {"create": 3}.
	Changes map[string]int
	// Resources are the resources of the engine's state after `pulumi up` (what `pulumi stack export`
	// prints): the stack itself, the provider and the program's resources.
	Resources []Resource

	w         *Workspace
	p         Program
	t         *testing.T
	destroyed bool
}

// Output is one output of a stack.
type Output struct {
	Value  any
	Secret bool
}

// Resource is a resource of the engine's state. A secret value among its inputs and outputs is the
// engine's encrypted form (IsSecret), as the state holds it.
type Resource struct {
	URN, Type, ID   string
	Inputs, Outputs map[string]any
}

// IsSecret reports whether a value of the state is a secret.
func IsSecret(v any) bool {
	m, ok := v.(map[string]any)
	return ok && m["4dabf18193072939515e22adb298388d"] == "1b47061264138c4ac30d75fd1eb44270"
}

// Up prepares p (Prepare), runs `pulumi up`, fails the test unless a second `pulumi preview` finds
// nothing to do, and exports the state. When the test ends, `pulumi destroy` must leave no resource
// of the program's in the stack.
func Up(t *testing.T, p Program) *Stack {
	t.Helper()
	w := Prepare(t, p)
	s := &Stack{w: w, p: p, t: t}
	t.Cleanup(func() {
		if !s.destroyed {
			s.Destroy()
		}
	})
	res := s.run("up", "preview", "export")
	if err := json.Unmarshal(res["up"], &struct {
		Outputs *map[string]Output
		Changes *map[string]int
	}{&s.Outputs, &s.Changes}); err != nil {
		t.Fatalf("the result of pulumi up: %v", err)
	}
	t.Logf("pulumi up: %v", s.Changes)
	var preview struct{ Changes map[string]int }
	if err := json.Unmarshal(res["preview"], &preview); err != nil {
		t.Fatalf("the result of pulumi preview: %v", err)
	}
	if changed := changes(preview.Changes); len(changed) > 0 {
		t.Errorf("a preview right after pulumi up is not empty: %s", strings.Join(changed, ", "))
	}
	s.Resources = resources(t, res["export"])
	return s
}

// Resource returns the resource of the state of type typ (a type token, files:file:File) named
// name, or fails the test.
func (s *Stack) Resource(typ, name string) Resource {
	s.t.Helper()
	for _, r := range s.Resources {
		if r.Type == typ && strings.HasSuffix(r.URN, "::"+name) {
			return r
		}
	}
	s.t.Fatalf("the stack has no %s named %s", typ, name)
	return Resource{}
}

// Destroy runs `pulumi destroy`, and fails the test unless it leaves the stack without resources.
// Up's cleanup does it unless the test did.
func (s *Stack) Destroy() {
	s.t.Helper()
	s.destroyed = true
	res := s.run("destroy", "export")
	if left := resources(s.t, res["export"]); len(left) > 0 {
		var urns []string
		for _, r := range left {
			urns = append(urns, r.URN)
		}
		s.t.Errorf("pulumi destroy left %s", strings.Join(urns, ", "))
	}
}

// run runs the driver through ops and returns the results of each by its name.
func (s *Stack) run(ops ...string) map[string]json.RawMessage {
	s.t.Helper()
	w, p := s.w, s.p
	driver := filepath.Join(w.App, "enginetest-driver.js")
	if err := os.WriteFile(driver, driverJS, 0o666); err != nil {
		s.t.Fatal(err)
	}
	main := p.Main
	if main == "" {
		main = "index"
	}
	config := map[string]map[string]any{}
	for k, v := range p.Config {
		config[k] = map[string]any{"value": v, "secret": false}
	}
	for k, v := range p.Secrets {
		config[k] = map[string]any{"value": v, "secret": true}
	}
	project, stack := p.Project, p.Stack
	if project == "" {
		project = w.Package + "-e2e"
	}
	if stack == "" {
		stack = "test"
	}
	out := filepath.Join(w.Scratch, "result.json")
	spec, err := json.Marshal(map[string]any{
		"pulumiRoot": w.PulumiRoot, "workDir": w.Dir("project"), "project": project, "stack": stack,
		"plugin": w.Package, "pluginDir": w.PluginDir, "program": filepath.Join(w.App, "bin", main+".js"),
		"config": config, "ops": ops, "out": out,
	})
	if err != nil {
		s.t.Fatal(err)
	}
	specFile := filepath.Join(w.Scratch, "spec.json")
	if err := os.WriteFile(specFile, spec, 0o666); err != nil {
		s.t.Fatal(err)
	}
	var output []byte
	if err := Timed(s.t, "pulumi "+strings.Join(ops, ", "), func() error {
		output, err = combined(w.Ctx, w.App, w.Env, "node", driver, specFile)
		return err
	}); err != nil {
		s.t.Fatal(err)
	}
	if testing.Verbose() {
		s.t.Logf("%s", output)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		s.t.Fatal(err)
	}
	var res map[string]json.RawMessage
	if err := json.Unmarshal(data, &res); err != nil {
		s.t.Fatalf("the driver's results: %v", err)
	}
	return res
}

// changes lists the operations of a summary that change something: all but "same".
func changes(summary map[string]int) []string {
	var out []string
	for _, op := range slices.Sorted(maps.Keys(summary)) {
		if op != "same" && summary[op] > 0 {
			out = append(out, fmt.Sprintf("%s %d", op, summary[op]))
		}
	}
	return out
}

// resources reads the resources of an exported deployment.
func resources(t testing.TB, deployment json.RawMessage) []Resource {
	t.Helper()
	var d struct{ Resources []Resource }
	if err := json.Unmarshal(deployment, &d); err != nil {
		t.Fatalf("the exported state: %v", err)
	}
	return d.Resources
}
