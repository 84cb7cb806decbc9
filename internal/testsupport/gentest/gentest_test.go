package gentest_test

import (
	"testing"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/internal/testsupport/gentest"
)

func TestBackend(t *testing.T) {
	files, err := gentest.Backend{}.Generate(gentest.Package("aws", "ec2/securityGroup.go", "types.go"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"types.txt":   gen.Header + "\n// Source: types.go\n\nresource Types aws:types:Types\n",
		"module.json": "{\n  \"files\": [\n    \"types.go\"\n  ],\n  \"module\": \"aws\"\n}\n",
		"ec2/securityGroup.txt": gen.Header + "\n// Source: ec2/securityGroup.go\n\n" +
			"resource SecurityGroup aws:ec2/securityGroup:SecurityGroup\n",
		"ec2/module.json": "{\n  \"files\": [\n    \"securityGroup.go\"\n  ],\n  \"module\": \"ec2\"\n}\n",
	}
	if len(files) != len(want) {
		t.Errorf("got %d files, want %d", len(files), len(want))
	}
	for _, f := range files {
		if string(f.Content) != want[f.Path] {
			t.Errorf("%s:\n%s\nwant:\n%s", f.Path, f.Content, want[f.Path])
		}
	}
}
