package registrydocs_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/cidlc/cidlc/gen/registrydocs"
	"github.com/cidlc/cidlc/idl/load"
	"github.com/cidlc/cidlc/internal/testsupport"
	"github.com/cidlc/cidlc/internal/testsupport/gentest"
)

// examples are the example providers, whose pages are in their docs/ (and whose go:generate lines
// write them there: cmd/cidlc's tests check that they are current).
var examples = map[string]string{"examples": "../../examples", "postgresql": "../../examples/postgresql"}

// TestGolden writes the pages of every golden case that holds docs/, and of the examples, and compares
// them with that directory.
func TestGolden(t *testing.T) {
	dirs := map[string]string{}
	for name, dir := range examples {
		dirs[name] = dir
	}
	for _, c := range testsupport.GoldenCases(t, "../../testdata/golden", testsupport.Docs) {
		dirs[c.Name] = c.Dir
	}
	for name, dir := range dirs {
		t.Run(name, func(t *testing.T) {
			tree, err := load.Load(load.Config{Dir: filepath.Join(dir, "idl")})
			if err != nil {
				t.Fatal(err)
			}
			release := gentest.Release(t, testsupport.GoldenCase{Name: name, Dir: dir})
			files, err := registrydocs.Backend{Options: registrydocs.Options{Release: release}}.Generate(tree)
			if err != nil {
				t.Fatal(err)
			}
			gentest.GoldenTree(t, filepath.Join(dir, string(testsupport.Docs)), files)
		})
	}
}

// TestEveryConfigurationKey: the page of the configuration names every key of the examples' with each
// of its environment variables, on the key's row of the table, and has a section for each key.
func TestEveryConfigurationKey(t *testing.T) {
	for name, dir := range examples {
		t.Run(name, func(t *testing.T) {
			tree, err := load.Load(load.Config{Dir: filepath.Join(dir, "idl")})
			if err != nil {
				t.Fatal(err)
			}
			files, err := registrydocs.Backend{}.Generate(tree)
			if err != nil {
				t.Fatal(err)
			}
			var page string
			for _, f := range files {
				if f.Path == registrydocs.InstallFile {
					page = string(f.Content)
				}
			}
			if tree.Config == nil || len(tree.Config.Properties) == 0 {
				t.Fatal("the example has no configuration")
			}
			for _, p := range tree.Config.Properties {
				key := "`" + tree.Name + ":" + p.Name + "`"
				row := ""
				for _, line := range strings.Split(page, "\n") {
					if strings.HasPrefix(line, "| "+key+" |") {
						row = line
					}
				}
				if row == "" {
					t.Errorf("no row of the table for %s", key)
				}
				for _, env := range p.Env {
					if !strings.Contains(row, "`"+env+"`") {
						t.Errorf("the row of %s does not name %s: %s", key, env, row)
					}
				}
				if !strings.Contains(page, "\n### "+key+"\n") {
					t.Errorf("no section for %s", key)
				}
			}
		})
	}
}
