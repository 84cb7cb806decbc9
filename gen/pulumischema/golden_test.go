package pulumischema_test

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/cidlc/cidlc/gen/pulumischema"
	"github.com/cidlc/cidlc/idl/load"
	"github.com/cidlc/cidlc/internal/testsupport"
	"github.com/cidlc/cidlc/internal/testsupport/gentest"
)

// TestGolden writes the schema of every golden case that holds a schema.json (and of examples/) and
// compares it with that file.
func TestGolden(t *testing.T) {
	// examples/ keeps its schema where the plugin embeds it.
	dirs := map[string]string{"examples": "../../examples"}
	want := func(name, dir string) string {
		if name == "examples" {
			return filepath.Join(dir, "cmd/pulumi-resource-acme/schema.json")
		}
		return filepath.Join(dir, string(testsupport.Schema))
	}
	for _, c := range testsupport.GoldenCases(t, "../../testdata/golden", testsupport.Schema) {
		dirs[c.Name] = c.Dir
	}
	for name, dir := range dirs {
		t.Run(name, func(t *testing.T) {
			idl := filepath.Join(dir, "idl")
			tree, err := load.Load(load.Config{Dir: idl})
			if err != nil {
				t.Fatal(err)
			}
			release := gentest.Release(t, testsupport.GoldenCase{Name: name, Dir: dir})
			files, err := pulumischema.Backend{Options: pulumischema.Options{Release: release}}.Generate(tree)
			if err != nil {
				t.Fatal(err)
			}
			var v map[string]any
			if err := json.Unmarshal(files[0].Content, &v); err != nil {
				t.Fatalf("the schema is not JSON: %v", err)
			}
			testsupport.GoldenFile(t, want(name, dir), files[0].Content)
		})
	}
}
